/* Every row of the grid engine table, found through the algorithm name
 * table (so an engine added as docs/architecture.md says is tested here
 * without a line changed): on seeded random maps under random movement
 * models, filters, agent sizes, heuristics, overlays (some cells
 * forbidden) and a move-cost callback whose costs depend on the move's
 * direction, each engine either refuses the query as one it does not
 * apply to (WF_E_INVALID_ARG, with a reason) or answers it exactly as
 * Dijkstra does: the same outcome and the same cost, a path of legal
 * moves, sliced or in one call alike. */
#include "wf_test.h"

#include <math.h>
#include <string.h>

#include "wayfind/names.h"
#include "wf_core_private.h"

static const wf_algo algos[] = {
#define ALGO(v, n) v,
    WF_ALGO_NAMES(ALGO)
#undef ALGO
};
#define ALGOS (sizeof algos / sizeof *algos)

/* The query sliced into steps of a few expansions. */
static wf_status sliced(wf_search *ws, const wf_grid *g, wf_point s,
                        wf_point t, const wf_search_opts *o, wf_path *p) {
    wf_status st = wf_search_begin(ws, g, s, t, o);
    while (st == WF_OK || st == WF_PENDING)
        if ((st = wf_search_step(ws, 7, p)) != WF_PENDING)
            break;
    return st;
}

/* Dearer eastwards and northwards: a move and its reverse cost
 * differently (never less than the search's own price, so the built-in
 * heuristics stay admissible). */
static double directed(void *ud, wf_point from, wf_point to, double cost) {
    (void)ud;
    return cost * (1.0 + (to.x > from.x ? 0.5 : 0.0) +
                   (to.y < from.y ? 0.25 : 0.0));
}

/* Beside the model and filter: sometimes an agent of size 2 or 3, an
 * admissible heuristic, an overlay on ov (its values 0, finite or
 * INFINITY) and the directed callback. */
static void random_extras(wf_test_rng *r, const wf_grid *g, float *ov,
                          wf_search_opts *o) {
    static const wf_heuristic hs[] = {WF_H_DEFAULT, WF_H_OCTILE,
                                      WF_H_EUCLIDEAN, WF_H_CHEBYSHEV,
                                      WF_H_ZERO};
    const uint32_t size = wf_test_rng_below(r, 5);
    if (size >= 3)
        o->move.size = (int)size - 1;
    o->heuristic = hs[wf_test_rng_below(r, 5)];
    if (wf_test_rng_below(r, 3) == 0) {
        const size_t n = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
        for (size_t i = 0; i < n; i++) {
            const uint32_t k = wf_test_rng_below(r, 10);
            ov[i] = k == 0 ? INFINITY : k < 4 ? (float)k * 0.75f : 0.0f;
        }
        o->overlay = (wf_layer){ov, n};
        o->overlay_k = 0.5 + wf_test_rng_below(r, 2);
    }
    if (wf_test_rng_below(r, 3) == 0)
        o->move_cost = directed;
}

/* The cost of the move a → b as o prices it, -1 when not allowed, with
 * the unit's clearance for an agent of size > 1 (computed in ws). */
static double step_cost(wf_search *ws, const wf_grid *g, wf_point a,
                        wf_point b, const wf_search_opts *o) {
    const uint8_t *clr = NULL;
    if (o->move.size > 1) {
        double cost[256];
        uint8_t pass[256];
        const int forbids = wf__filter_costs(g, o->filter, cost, pass);
        assert_int_equal(wf__unit_clearance(ws, g, forbids ? pass : NULL,
                                            &clr),
                         WF_OK);
    }
    return wf__step_cost(g, a, b, o, clr);
}

/* p runs from s to t by moves o allows, and costs what they add up to. */
static void check_path(wf_search *ws, const wf_grid *g, wf_point s,
                       wf_point t, const wf_search_opts *o,
                       const wf_path *p) {
    assert_true(p->points[0].x == s.x && p->points[0].y == s.y);
    assert_true(p->points[p->count - 1].x == t.x &&
                p->points[p->count - 1].y == t.y);
    double sum = 0;
    for (size_t i = 1; i < p->count; i++) {
        const double c = step_cost(ws, g, p->points[i - 1], p->points[i], o);
        assert_true(c >= 0);
        sum += c;
    }
    assert_true(wf_test_close(sum, p->cost));
}

static void test_every_engine_answers_as_dijkstra(void **state) {
    (void)state;
    wf_test_rng r = {20261127};
    wf_search *ws, *clr_ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_search_create(NULL, &clr_ws), WF_OK);
    static float ov[24 * 24];
    wf_path ref, p;
    wf_path_init(&ref, NULL);
    wf_path_init(&p, NULL);
    size_t answered[ALGOS] = {0}, refused[ALGOS] = {0}, paths[ALGOS] = {0};
    const int maps = wf_test_count(600);
    for (int m = 0; m < maps; m++) {
        const int uniform = m % 2 == 0;
        wf_grid *g = wf_test_random_map(&r, 24, uniform);
        wf_jump_table *jumps = NULL;
        assert_int_equal(wf_jump_table_create(g, NULL, &jumps), WF_OK);
        wf_filter f;
        wf_search_opts o = wf_test_random_opts(&r, uniform, &f);
        if (m % 3 == 0) /* the model every jump point search takes */
            o = wf_search_opts_default();
        else
            random_extras(&r, g, ov, &o);
        for (int q = 0; q < 8; q++) {
            const wf_point s = wf_test_random_cell(&r, g);
            const wf_point t = wf_test_random_cell(&r, g);
            o.algo = WF_ALGO_DIJKSTRA;
            o.jumps = NULL;
            const wf_status want = wf_search_grid(ws, g, s, t, &o, &ref);
            assert_true(want == WF_OK || want == WF_NO_PATH);
            for (size_t a = 0; a < ALGOS; a++) {
                o.algo = algos[a];
                o.jumps = q % 2 ? jumps : NULL;
                for (int slice = 0; slice < 2; slice++) {
                    const wf_status st =
                        slice ? sliced(ws, g, s, t, &o, &p)
                              : wf_search_grid(ws, g, s, t, &o, &p);
                    if (st == WF_E_INVALID_ARG) {
                        assert_true(wf_search_message(ws)[0] != '\0');
                        refused[a] += !slice;
                        continue;
                    }
                    if (st != want)
                        fail_msg("%s: %s where dijkstra gives %s (map %d)",
                                 wf_algo_name(algos[a]), wf_status_name(st),
                                 wf_status_name(want), m);
                    answered[a] += !slice;
                    if (st != WF_OK)
                        continue;
                    paths[a] += !slice;
                    if (!wf_test_close(p.cost, ref.cost))
                        fail_msg("%s: cost %.17g, dijkstra %.17g (map %d)",
                                 wf_algo_name(algos[a]), p.cost, ref.cost, m);
                    check_path(clr_ws, g, s, t, &o, &p);
                }
            }
        }
        wf_jump_table_destroy(jumps);
        wf_grid_destroy(g);
    }
    for (size_t a = 0; a < ALGOS; a++) {
        print_message("%-9s answered %zu (%zu paths), refused %zu\n",
                      wf_algo_name(algos[a]), answered[a], paths[a],
                      refused[a]);
        assert_true(answered[a] > 0); /* every engine ran somewhere */
    }
    wf_path_free(&p);
    wf_path_free(&ref);
    wf_search_destroy(ws);
    wf_search_destroy(clr_ws);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_engine_answers_as_dijkstra),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
