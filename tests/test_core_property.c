/* Property test: on thousands of seeded random grids with random terrain
 * costs, under every movement model, A* (every admissible heuristic),
 * Dijkstra, bidirectional A* and an independent brute-force search agree
 * on the cost, every path is legal, and weighted A* stays within its
 * bound.
 *
 * The reference below shares nothing with the library but the grid's
 * getters: its own move rules and an O(V²) Dijkstra over a plain array. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIDE 14
#define GRIDS 3000
#define QUERIES 4

typedef struct model {
    int connect;
    wf_corners corners;
} model;

static const model models[] = {
    {4, WF_CORNERS_NO_CUT},   {8, WF_CORNERS_NO_CUT},
    {8, WF_CORNERS_ALWAYS},   {8, WF_CORNERS_ONE_FREE},
};

static int free_cell(const wf_grid *g, int x, int y) {
    int t = wf_grid_get(g, x, y);
    return t >= 0 && wf_grid_cost(g, (uint8_t)t) > 0;
}

/* Cost of moving (x,y) → (x+dx,y+dy) by the rules as written in the
 * issue, or -1. */
static double ref_move(const wf_grid *g, model m, int x, int y, int dx,
                       int dy) {
    int nx = x + dx, ny = y + dy;
    if (!free_cell(g, nx, ny))
        return -1;
    double c = wf_grid_cost(g, (uint8_t)wf_grid_get(g, nx, ny));
    if (dx == 0 || dy == 0)
        return c;
    if (m.connect == 4)
        return -1;
    int a = free_cell(g, nx, y), b = free_cell(g, x, ny);
    if (m.corners == WF_CORNERS_NO_CUT && !(a && b))
        return -1;
    if (m.corners == WF_CORNERS_ONE_FREE && !(a || b))
        return -1;
    return sqrt(2.0) * c;
}

/* Single-source distances from (sx,sy) into dist (W*H), INFINITY where
 * unreachable. */
static void ref_dijkstra(const wf_grid *g, model m, int sx, int sy,
                         double *dist) {
    int W = wf_grid_width(g), H = wf_grid_height(g), n = W * H;
    unsigned char done[MAX_SIDE * MAX_SIDE];
    for (int i = 0; i < n; i++) {
        dist[i] = INFINITY;
        done[i] = 0;
    }
    dist[sy * W + sx] = 0;
    for (;;) {
        int u = -1;
        for (int i = 0; i < n; i++)
            if (!done[i] && dist[i] < INFINITY && (u < 0 || dist[i] < dist[u]))
                u = i;
        if (u < 0)
            return;
        done[u] = 1;
        int x = u % W, y = u / W;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (!dx && !dy)
                    continue;
                double c = ref_move(g, m, x, y, dx, dy);
                int v = (y + dy) * W + (x + dx);
                if (c > 0 && dist[u] + c < dist[v])
                    dist[v] = dist[u] + c;
            }
    }
}

static wf_grid *random_grid(wf_test_rng *r) {
    int W = 1 + (int)wf_test_rng_below(r, MAX_SIDE);
    int H = 1 + (int)wf_test_rng_below(r, MAX_SIDE);
    wf_grid *g;
    assert_int_equal(wf_grid_create(W, H, NULL, &g), WF_OK);
    /* Terrain 1..4 with random costs; walls at a random density. */
    for (int t = 1; t <= 4; t++)
        assert_int_equal(
            wf_grid_set_cost(g, (uint8_t)t,
                             0.5 + (double)wf_test_rng_below(r, 40) / 8.0),
            WF_OK);
    uint32_t wall = wf_test_rng_below(r, 45), dear = wf_test_rng_below(r, 60);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint8_t t = 0;
            if (wf_test_rng_below(r, 100) < wall)
                t = WF_TERRAIN_WALL;
            else if (wf_test_rng_below(r, 100) < dear)
                t = (uint8_t)(1 + wf_test_rng_below(r, 4));
            assert_int_equal(wf_grid_set(g, x, y, t), WF_OK);
        }
    return g;
}

/* Legal path from s to t whose summed move costs equal p->cost. */
static void check_path(const wf_grid *g, model m, const wf_path *p,
                       wf_point s, wf_point t) {
    assert_true(p->count >= 1);
    assert_int_equal(p->points[0].x, s.x);
    assert_int_equal(p->points[0].y, s.y);
    assert_int_equal(p->points[p->count - 1].x, t.x);
    assert_int_equal(p->points[p->count - 1].y, t.y);
    double sum = 0;
    for (size_t i = 1; i < p->count; i++) {
        wf_point a = p->points[i - 1], b = p->points[i];
        assert_true(abs(b.x - a.x) <= 1 && abs(b.y - a.y) <= 1);
        double c = ref_move(g, m, a.x, a.y, b.x - a.x, b.y - a.y);
        assert_true(c > 0);
        sum += c;
    }
    assert_true(fabs(sum - p->cost) <= 1e-9 * fmax(1, sum));
}

static int same_cost(double a, double b) {
    return fabs(a - b) <= 1e-9 * fmax(1, fabs(b));
}

/* An admissible but inconsistent heuristic: a random share of the octile
 * distance scaled by the smallest cost, different at each cell. */
typedef struct jitter {
    double min_cost;
} jitter;

static double jitter_h(void *ud, int x, int y, int gx, int gy) {
    const jitter *j = ud;
    double dx = fabs((double)(x - gx)), dy = fabs((double)(y - gy));
    double lo = fmin(dx, dy), hi = fmax(dx, dy);
    double oct = (hi - lo) + sqrt(2.0) * lo;
    unsigned hsh = (unsigned)(x * 73856093) ^ (unsigned)(y * 19349663);
    return j->min_cost * oct * (double)(hsh % 1000u) / 1000.0;
}

/* The optimal grid engines that take every heuristic and model. */
static const wf_algo algos[] = {WF_ALGO_ASTAR, WF_ALGO_DIJKSTRA,
                                WF_ALGO_BIDIR};
enum { ALGOS = sizeof algos / sizeof algos[0] };

static void report(unsigned long checked, unsigned long found,
                   const unsigned long per_algo[ALGOS]) {
    print_message("%lu searches compared with the reference, %lu with a "
                  "path\n", checked, found);
    for (int a = 0; a < ALGOS; a++)
        print_message("  %s: %lu\n", wf_algo_name(algos[a]), per_algo[a]);
}

static void test_agree_random(void **state) {
    (void)state;
    wf_test_rng r = {20261122};
    wf_search *ws;
    wf_path p;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path_init(&p, NULL);
    double dist[MAX_SIDE * MAX_SIDE];
    unsigned long checked = 0, found = 0, per_algo[ALGOS] = {0};
    for (int gi = 0; gi < GRIDS; gi++) {
        wf_grid *g = random_grid(&r);
        int W = wf_grid_width(g), H = wf_grid_height(g);
        model m = models[gi % 4];
        for (int q = 0; q < QUERIES; q++) {
            wf_point s = {(int)wf_test_rng_below(&r, (uint32_t)W),
                          (int)wf_test_rng_below(&r, (uint32_t)H)};
            wf_point t = {(int)wf_test_rng_below(&r, (uint32_t)W),
                          (int)wf_test_rng_below(&r, (uint32_t)H)};
            double ref = INFINITY;
            if (free_cell(g, s.x, s.y)) {
                ref_dijkstra(g, m, s.x, s.y, dist);
                ref = dist[t.y * W + t.x];
            }
            wf_search_opts o = wf_search_opts_default();
            o.move.connect = m.connect;
            o.move.corners = m.corners;
            /* Every heuristic that is admissible for the model. */
            static const wf_heuristic hs[] = {
                WF_H_DEFAULT, WF_H_EUCLIDEAN, WF_H_CHEBYSHEV, WF_H_OCTILE,
                WF_H_ZERO, WF_H_MANHATTAN, WF_H_CUSTOM};
            jitter j = {wf_grid_min_cost(g)};
            for (size_t h = 0; h < sizeof hs / sizeof hs[0]; h++) {
                if (hs[h] == WF_H_MANHATTAN && m.connect == 8)
                    continue;
                o.heuristic = hs[h];
                o.custom_h = jitter_h;
                o.custom_ud = &j;
                for (int algo = 0; algo < ALGOS; algo++) {
                    o.algo = algos[algo];
                    wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
                    checked++;
                    per_algo[algo]++;
                    if (isinf(ref)) {
                        assert_int_equal(st, WF_NO_PATH);
                        assert_int_equal(p.count, 0);
                        continue;
                    }
                    assert_int_equal(st, WF_OK);
                    check_path(g, m, &p, s, t);
                    if (!same_cost(p.cost, ref))
                        print_error("grid %d query %d h %zu algo %d: %.17g "
                                    "vs reference %.17g\n",
                                    gi, q, h, algo, p.cost, ref);
                    assert_true(same_cost(p.cost, ref));
                    found++;
                }
            }
            /* Weighted A*: within w × optimal. */
            o.heuristic = WF_H_DEFAULT;
            o.algo = WF_ALGO_ASTAR;
            for (double w = 1.5; w <= 4.0; w *= 2) {
                o.weight = w;
                wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
                assert_int_equal(st, isinf(ref) ? WF_NO_PATH : WF_OK);
                if (st == WF_OK) {
                    check_path(g, m, &p, s, t);
                    assert_true(p.cost <= w * ref + 1e-9 * fmax(1, ref));
                    assert_true(p.cost >= ref - 1e-9 * fmax(1, ref));
                }
            }
            o.weight = 1.0;
        }
        wf_grid_destroy(g);
    }
    report(checked, found, per_algo);
    assert_true(found > checked / 4); /* the maps are not all walls */
    wf_path_free(&p);
    wf_search_destroy(ws);
}

/* Jump Point Search equals A* and the reference on uniform-cost maps of
 * every density, including maps of 1-cell corridors and diagonal gaps;
 * where JPS does not apply (terrain costs, other movement models) it
 * falls back to A* and still equals the reference. */
static void test_jps_random(void **state) {
    (void)state;
    wf_test_rng r = {6};
    wf_search *ws;
    wf_path p, q;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path_init(&p, NULL);
    wf_path_init(&q, NULL);
    double dist[MAX_SIDE * MAX_SIDE];
    int compared = 0, jps_ran = 0, refused = 0;
    for (int gi = 0; gi < 3000; gi++) {
        int W = 1 + (int)wf_test_rng_below(&r, MAX_SIDE);
        int H = 1 + (int)wf_test_rng_below(&r, MAX_SIDE);
        wf_grid *g;
        assert_int_equal(wf_grid_create(W, H, NULL, &g), WF_OK);
        uint32_t dens = wf_test_rng_below(&r, 60);
        int maze = gi % 5 == 0; /* walls on a checkerboard-ish lattice */
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                if (maze ? (x % 2 && y % 2) || wf_test_rng_below(&r, 100) < dens / 3
                         : wf_test_rng_below(&r, 100) < dens)
                    wf_grid_set(g, x, y, WF_TERRAIN_WALL);
        if (gi % 7 == 0) { /* uniform but not 1 */
            wf_grid_set_cost(g, 0, 2.5);
        } else if (gi % 11 == 0) { /* not uniform: the fallback */
            wf_grid_set_cost(g, 3, 4.0);
            wf_grid_set(g, 0, 0, 3);
        }
        model m = {8, WF_CORNERS_NO_CUT};
        if (gi % 13 == 0)
            m = models[(gi / 13) % 4]; /* other models: the fallback */
        for (int k = 0; k < 6; k++) {
            wf_point s = {(int)wf_test_rng_below(&r, (uint32_t)W),
                          (int)wf_test_rng_below(&r, (uint32_t)H)};
            wf_point t = {(int)wf_test_rng_below(&r, (uint32_t)W),
                          (int)wf_test_rng_below(&r, (uint32_t)H)};
            double ref = INFINITY;
            if (free_cell(g, s.x, s.y)) {
                ref_dijkstra(g, m, s.x, s.y, dist);
                ref = dist[t.y * W + t.x];
            }
            wf_search_opts o = wf_search_opts_default();
            o.move.connect = m.connect;
            o.move.corners = m.corners;
            /* strict JPS refuses the models it does not cover; auto
             * answers them with A* */
            o.algo = WF_ALGO_JPS;
            wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
            if (m.connect != 8 || m.corners != WF_CORNERS_NO_CUT)
                assert_int_equal(st, WF_E_INVALID_ARG);
            if (st == WF_E_INVALID_ARG) {
                assert_true(wf_search_message(ws)[0] != '\0');
                o.algo = WF_ALGO_AUTO;
                st = wf_search_grid(ws, g, s, t, &o, &p);
                if (st == WF_OK)
                    assert_int_equal(p.stats.engine, WF_ALGO_ASTAR);
                refused++;
            } else if (st == WF_OK) {
                assert_int_equal(p.stats.engine, WF_ALGO_JPS);
                jps_ran++;
            }
            if (isinf(ref)) {
                assert_int_equal(st, WF_NO_PATH);
                continue;
            }
            assert_int_equal(st, WF_OK);
            check_path(g, m, &p, s, t);
            if (!same_cost(p.cost, ref))
                print_error("grid %d: JPS %.17g, reference %.17g\n", gi,
                            p.cost, ref);
            assert_true(same_cost(p.cost, ref));
            compared++;
        }
        wf_grid_destroy(g);
    }
    print_message("%d JPS or auto searches equal the reference (%d by JPS, "
                  "%d refused by strict JPS)\n",
                  compared, jps_ran, refused);
    assert_true(jps_ran > 1000 && refused > 1000);
    assert_true(compared > 5000);
    wf_path_free(&p);
    wf_path_free(&q);
    wf_search_destroy(ws);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agree_random),
        cmocka_unit_test(test_jps_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
