/* The optimal any-angle search (core/anya.c) held to the exact brute-force
 * Euclidean oracle of tests/support on thousands of random small maps, to
 * known answers on hand-made ones, and to the octile optima of Moving AI
 * scenarios; every segment it returns must satisfy the segment rule. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/search/search_internal.h"
#include "wayfind/io.h"

/* the any-angle rule */
static const wf_move ONE_FREE = {8, WF_CORNERS_ONE_FREE, 1};

/* Every segment legal under the any-angle rule, ends at the centres,
 * length and cost consistent; returns the length. */
static double check_polyline(const wf_grid *g, const wf_polyline *p,
                             wf_point s, wf_point t, double unit) {
    assert_true(p->count >= 1);
    assert_true(p->points[0].x == s.x + 0.5 && p->points[0].y == s.y + 0.5);
    assert_true(p->points[p->count - 1].x == t.x + 0.5 &&
                p->points[p->count - 1].y == t.y + 0.5);
    double len = 0;
    for (size_t i = 1; i < p->count; i++) {
        double c;
        wf_vec2 a = p->points[i - 1], b = p->points[i];
        if (wf_grid_segment_cost(g, a, b, ONE_FREE, NULL, &c) !=
            WF_OK) {
            fprintf(stderr, "illegal segment (%g, %g) - (%g, %g)\n", a.x,
                    a.y, b.x, b.y);
            fail();
        }
        len += hypot(b.x - a.x, b.y - a.y);
    }
    assert_true(fabs(len - p->length) <= 1e-9 * (1 + len));
    assert_true(fabs(p->cost - len * unit) <= 1e-9 * (1 + len * unit));
    return len;
}

/* One query against the oracle; returns 1 when a path exists. */
static int check_query(wf_search *ws, const wf_grid *g, wf_point s,
                       wf_point t, wf_polyline *p, double *max_err) {
    double want = wf_test_euclid_shortest(g, s, t);
    wf_status st = wf__anya_search(ws, g, s, t, NULL, p);
    if (isinf(want)) {
        if (st != WF_NO_PATH) {
            wf_test_print_map(g, s, t);
            fprintf(stderr, "expected no path, got %s length %.12g\n",
                    wf_status_name(st), p->length);
        }
        assert_int_equal(st, WF_NO_PATH);
        assert_int_equal(p->count, 0);
        return 0;
    }
    if (st != WF_OK) {
        wf_test_print_map(g, s, t);
        fprintf(stderr, "expected %.12g, got %s\n", want, wf_status_name(st));
    }
    assert_int_equal(st, WF_OK);
    double len = check_polyline(g, p, s, t, 1.0);
    double err = fabs(len - want) / (want > 1 ? want : 1);
    if (err > 1e-9) {
        wf_test_print_map(g, s, t);
        fprintf(stderr, "(%d,%d)->(%d,%d): oracle %.12g, anya %.12g:", s.x,
                s.y, t.x, t.y, want, len);
        for (size_t i = 0; i < p->count; i++)
            fprintf(stderr, " (%g,%g)", p->points[i].x, p->points[i].y);
        fputc('\n', stderr);
    }
    assert_true(err <= 1e-9);
    if (err > *max_err)
        *max_err = err;
    return 1;
}

static void test_random_maps(void **state) {
    (void)state;
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    wf_test_rng r = {20240613};
    double max_err = 0;
    int maps = 0, queries = 0, found = 0;
    for (int m = 0; m < wf_test_count(3000); m++) {
        int w = 1 + (int)wf_test_rng_below(&r, m < 2000 ? 9 : 16);
        int h = 1 + (int)wf_test_rng_below(&r, m < 2000 ? 9 : 16);
        wf_grid *g;
        assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
        wf_test_fill_any_angle(g, &r, (int)wf_test_rng_below(&r, 12));
        maps++;
        for (int k = 0; k < 4; k++) {
            /* mostly free ends; sometimes blocked, sometimes equal */
            wf_point s = wf_test_open_cell(&r, g, k != 3);
            wf_point t = k == 2 ? s : wf_test_open_cell(&r, g, k != 3);
            found += check_query(ws, g, s, t, &p, &max_err);
            queries++;
        }
        wf_grid_destroy(g);
    }
    fprintf(stderr, "anya vs oracle: %d maps, %d queries, %d paths, max "
                    "relative error %.3g\n",
            maps, queries, found, max_err);
    wf_polyline_free(&p);
    wf_search_destroy(ws);
}

/* Maps with answers worked out by hand. */
static void test_known_answers(void **state) {
    (void)state;
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    /* open: the straight line */
    const char *open_rows[] = {".....", ".....", ".....", ".....", "....."};
    wf_grid *g = wf_test_grid(open_rows, 5);
    assert_int_equal(wf__anya_search(ws, g, (wf_point){0, 0},
                                     (wf_point){4, 3}, NULL, &p),
                     WF_OK);
    assert_int_equal(p.count, 2);
    assert_true(fabs(p.length - 5) < 1e-12);
    /* start = goal: one point, length 0 */
    assert_int_equal(wf__anya_search(ws, g, (wf_point){2, 2},
                                     (wf_point){2, 2}, NULL, &p),
                     WF_OK);
    assert_int_equal(p.count, 1);
    assert_true(p.length == 0);
    wf_grid_destroy(g);
    /* round a wall, turning at its two top corners (1, 1) and (4, 1) */
    const char *wall_rows[] = {".....", ".###.", "....."};
    g = wf_test_grid(wall_rows, 3);
    assert_int_equal(wf__anya_search(ws, g, (wf_point){0, 1},
                                     (wf_point){4, 1}, NULL, &p),
                     WF_OK);
    assert_true(fabs(p.length - (3 + sqrt(2.0))) < 1e-12);
    assert_int_equal(p.count, 4);
    wf_grid_destroy(g);
    /* two cells touching diagonally close the only way */
    const char *diag_rows[] = {".#", "#."};
    g = wf_test_grid(diag_rows, 2);
    assert_int_equal(wf__anya_search(ws, g, (wf_point){0, 0},
                                     (wf_point){1, 1}, NULL, &p),
                     WF_NO_PATH);
    assert_int_equal(p.count, 0);
    /* blocked start or goal */
    assert_int_equal(wf__anya_search(ws, g, (wf_point){1, 0},
                                     (wf_point){1, 1}, NULL, &p),
                     WF_NO_PATH);
    assert_int_equal(wf__anya_search(ws, g, (wf_point){0, 0},
                                     (wf_point){0, 1}, NULL, &p),
                     WF_NO_PATH);
    wf_grid_destroy(g);
    /* through a single blocked cell's corner (2, 1): straight */
    const char *corner_rows[] = {"..#.", "...."};
    g = wf_test_grid(corner_rows, 2);
    assert_int_equal(wf__anya_search(ws, g, (wf_point){0, 0},
                                     (wf_point){3, 1}, NULL, &p),
                     WF_OK);
    assert_int_equal(p.count, 2);
    assert_true(fabs(p.length - sqrt(10.0)) < 1e-12);
    wf_grid_destroy(g);
    /* but not where two cells touch diagonally: round by (1, 1) */
    const char *pinch_rows[] = {"..#.", ".#.."};
    g = wf_test_grid(pinch_rows, 2);
    assert_int_equal(wf__anya_search(ws, g, (wf_point){0, 0},
                                     (wf_point){3, 1}, NULL, &p),
                     WF_NO_PATH);
    wf_grid_destroy(g);
    const char *pinch2_rows[] = {"..#.", ".#..", "...."};
    g = wf_test_grid(pinch2_rows, 3);
    assert_int_equal(wf__anya_search(ws, g, (wf_point){0, 0},
                                     (wf_point){3, 1}, NULL, &p),
                     WF_OK);
    assert_true(fabs(p.length - wf_test_euclid_shortest(
                                    g, (wf_point){0, 0}, (wf_point){3, 1})) <
                1e-12);
    assert_true(p.length > sqrt(10.0) + 0.1);
    wf_grid_destroy(g);
    wf_polyline_free(&p);
    wf_search_destroy(ws);
}

/* Weighted grids, forbidding filters, options it cannot honour, limits,
 * and a warm workspace that allocates nothing. */
static void test_options_and_errors(void **state) {
    (void)state;
    wf_test_alloc ta;
    wf_allocator a = wf_test_alloc_init(&ta, 0);
    wf_search *ws;
    assert_int_equal(wf_search_create(&a, &ws), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, &a);
    const char *rows[] = {"..2..", ".#2#.", "..2.."};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_point s = {0, 1}, t = {4, 1};
    assert_int_equal(wf__anya_search(ws, g, s, t, NULL, &p), WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "uniform cost"));
    /* a filter that forbids the dearer terrain: its cells are walls */
    wf_filter f;
    wf_filter_init(&f);
    wf_filter_set(&f, 2, INFINITY);
    wf_search_opts o = wf_search_opts_default();
    o.filter = &f;
    assert_int_equal(wf__anya_search(ws, g, s, t, &o, &p), WF_NO_PATH);
    /* one that makes the costs equal: cost = length × 2 */
    wf_filter_set(&f, 2, 1.0);
    wf_filter_set(&f, 0, 2.0);
    assert_int_equal(wf__anya_search(ws, g, s, t, &o, &p), WF_OK);
    assert_true(fabs(p.cost - 2 * p.length) < 1e-12);
    assert_true(fabs(p.length - wf_test_euclid_shortest(g, s, t)) < 1e-12);
    o.filter = NULL;
    o.weight = 2;
    wf_grid_set_cost(g, 2, 1.0);
    assert_int_equal(wf__anya_search(ws, g, s, t, &o, &p), WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "weight"));
    o.weight = 1;
    float ov[15] = {0};
    o.overlay = (wf_layer){ov, 15};
    assert_int_equal(wf__anya_search(ws, g, s, t, &o, &p), WF_E_INVALID_ARG);
    o.overlay = (wf_layer){NULL, 0};
    assert_int_equal(wf__anya_search(ws, g, (wf_point){5, 0}, t, &o, &p),
                     WF_E_RANGE);
    assert_int_equal(wf__anya_search(ws, NULL, s, t, &o, &p),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf__anya_search(ws, g, s, t, &o, NULL),
                     WF_E_INVALID_ARG);
    /* an expansion limit: the way to the nearest root found */
    o.max_expansions = 1;
    assert_int_equal(wf__anya_search(ws, g, (wf_point){0, 0},
                                     (wf_point){4, 2}, &o, &p),
                     WF_PARTIAL);
    assert_true(p.count >= 1);
    assert_true(p.points[0].x == 0.5 && p.points[0].y == 0.5);
    o.max_expansions = 0;
    /* warm: no allocation per query */
    assert_int_equal(wf__anya_search(ws, g, s, t, &o, &p), WF_OK);
    size_t calls = ta.calls;
    for (int k = 0; k < 10; k++)
        assert_int_equal(wf__anya_search(ws, g, s, t, &o, &p), WF_OK);
    assert_int_equal(ta.calls, calls);
    wf_grid_destroy(g);
    wf_polyline_free(&p);
    wf_search_destroy(ws);
    assert_int_equal(ta.live, 0);
}

/* Moving AI scenarios: never longer than the octile optimum as printed (an 8-connected
 * no-cut path is itself a legal polyline), never shorter than the straight
 * line, every segment legal. Every `step`-th entry. */
static void check_scenarios(const char *map, size_t step) {
    char path[512];
    snprintf(path, sizeof path, "%s/movingai/%s", WF_SHARED_DIR, map);
    wf_grid *g = NULL;
    assert_int_equal(wf_movingai_map_read(path, NULL, &g, NULL), WF_OK);
    wf_scen sc = {0};
    snprintf(path, sizeof path, "%s/movingai/%s.scen", WF_SHARED_DIR, map);
    assert_int_equal(wf_scen_read(path, NULL, &sc, NULL), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    double ratio = 0;
    size_t n = 0;
    for (size_t i = 0; i < sc.count; i += step) {
        const wf_scen_entry *e = &sc.entries[i];
        assert_int_equal(wf__anya_search(ws, g, e->start, e->goal, NULL, &p),
                         WF_OK);
        double len = check_polyline(g, &p, e->start, e->goal, 1.0);
        /* the file prints the optimum rounded to e->decimals digits */
        double tol = 0.5 * pow(10, -e->decimals) + 1e-6;
        if (len > e->optimal + tol)
            fprintf(stderr, "%s #%zu: %.9g > optimal %.9g\n", map, i, len,
                    e->optimal);
        assert_true(len <= e->optimal + tol);
        assert_true(len >= hypot(e->goal.x - e->start.x,
                                 e->goal.y - e->start.y) - 1e-9);
        if (e->optimal > 0) {
            ratio += len / e->optimal;
            n++;
        }
    }
    fprintf(stderr, "%s: %zu queries, any-angle / octile %.4f\n", map, n,
            n ? ratio / (double)n : 1.0);
    wf_polyline_free(&p);
    wf_search_destroy(ws);
    wf_scen_free(&sc);
    wf_grid_destroy(g);
}

static void test_movingai(void **state) {
    (void)state;
    /* every step-th entry: the step grows as wf_test_count shrinks */
    const size_t k = (size_t)(3000 / wf_test_count(3000));
    check_scenarios("dao/arena.map", 1 * k);
    check_scenarios("dao/den011d.map", 3 * k);
    check_scenarios("rooms/8room_000.map", 50 * k);
    check_scenarios("mazes/maze512-1-0.map", 100 * k);
    check_scenarios("random/random512-40-0.map", 100 * k);
}

/* A second exact method for maps too large for the brute-force oracle: the
 * visibility graph of the turning points (vertices with exactly one blocked
 * cell round them, where a shortest path may bend) plus start and goal,
 * edges wherever wf_grid_segment_cost allows the segment, and Dijkstra. */
typedef struct vgraph {
    wf_vec2 *pt;
    size_t n;       /* turning points */
    uint8_t *edge;  /* n × n */
} vgraph;

static int cell_blocked(const wf_grid *g, int x, int y) {
    return !wf_grid_passable(g, x, y);
}

static void vgraph_make(const wf_grid *g, vgraph *vg) {
    int w = wf_grid_width(g), h = wf_grid_height(g);
    vg->pt = malloc(sizeof *vg->pt * (size_t)(w + 1) * (size_t)(h + 1));
    vg->n = 0;
    for (int y = 1; y < h; y++)
        for (int x = 1; x < w; x++)
            if (cell_blocked(g, x - 1, y - 1) + cell_blocked(g, x, y - 1) +
                    cell_blocked(g, x - 1, y) + cell_blocked(g, x, y) == 1)
                vg->pt[vg->n++] = (wf_vec2){x, y};
    vg->edge = calloc(vg->n * vg->n, 1);
    assert_true(vg->pt && vg->edge);
    for (size_t i = 0; i < vg->n; i++)
        for (size_t j = i + 1; j < vg->n; j++) {
            double c;
            if (wf_grid_segment_cost(g, vg->pt[i], vg->pt[j],
                                     ONE_FREE, NULL, &c) == WF_OK)
                vg->edge[i * vg->n + j] = vg->edge[j * vg->n + i] = 1;
        }
}

static double vgraph_shortest(const wf_grid *g, const vgraph *vg, wf_point s,
                              wf_point t) {
    size_t n = vg->n + 2, S = vg->n, T = vg->n + 1;
    wf_vec2 *pt = malloc(n * sizeof *pt);
    double *dist = malloc(n * sizeof *dist);
    uint8_t *done = calloc(n, 1), *es = calloc(n, 1), *et = calloc(n, 1);
    assert_true(pt && dist && done && es && et);
    memcpy(pt, vg->pt, vg->n * sizeof *pt);
    pt[S] = (wf_vec2){s.x + 0.5, s.y + 0.5};
    pt[T] = (wf_vec2){t.x + 0.5, t.y + 0.5};
    double c;
    for (size_t i = 0; i < n; i++) {
        es[i] = wf_grid_segment_cost(g, pt[S], pt[i], ONE_FREE,
                                     NULL, &c) == WF_OK;
        et[i] = wf_grid_segment_cost(g, pt[T], pt[i], ONE_FREE,
                                     NULL, &c) == WF_OK;
        dist[i] = INFINITY;
    }
    dist[S] = 0;
    for (;;) {
        size_t u = n;
        for (size_t i = 0; i < n; i++)
            if (!done[i] && dist[i] < INFINITY && (u == n || dist[i] < dist[u]))
                u = i;
        if (u == n || u == T)
            break;
        done[u] = 1;
        for (size_t v = 0; v < n; v++) {
            int e = u == S ? es[v]
                    : v == S ? es[u]
                    : u == T ? et[v]
                    : v == T ? et[u]
                             : vg->edge[u * vg->n + v];
            double d = dist[u] + hypot(pt[v].x - pt[u].x, pt[v].y - pt[u].y);
            if (e && !done[v] && d < dist[v])
                dist[v] = d;
        }
    }
    double r = dist[T];
    free(pt);
    free(dist);
    free(done);
    free(es);
    free(et);
    return r;
}

static void test_visibility_graph(void **state) {
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/movingai/dao/den011d.map", WF_SHARED_DIR);
    wf_grid *g = NULL;
    assert_int_equal(wf_movingai_map_read(path, NULL, &g, NULL), WF_OK);
    vgraph vg;
    vgraph_make(g, &vg);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    wf_test_rng r = {11};
    double max_err = 0;
    int queries = 0;
    for (int k = 0; k < 40; k++) {
        wf_point s = wf_test_open_cell(&r, g, 1), t = wf_test_open_cell(&r, g, 1);
        double want = vgraph_shortest(g, &vg, s, t);
        wf_status st = wf__anya_search(ws, g, s, t, NULL, &p);
        if (isinf(want)) {
            assert_int_equal(st, WF_NO_PATH);
            continue;
        }
        assert_int_equal(st, WF_OK);
        double len = check_polyline(g, &p, s, t, 1.0);
        double err = fabs(len - want) / want;
        if (err > 1e-9)
            fprintf(stderr, "(%d,%d)->(%d,%d): %.12g, want %.12g\n", s.x, s.y,
                    t.x, t.y, len, want);
        assert_true(err <= 1e-9);
        max_err = err > max_err ? err : max_err;
        queries++;
    }
    fprintf(stderr, "den011d: %zu turning points, %d queries against the "
                    "visibility graph, max relative error %.3g\n",
            vg.n, queries, max_err);
    free(vg.pt);
    free(vg.edge);
    wf_polyline_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_answers),
        cmocka_unit_test(test_options_and_errors),
        cmocka_unit_test(test_random_maps),
        cmocka_unit_test(test_movingai),
        cmocka_unit_test(test_visibility_graph),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
