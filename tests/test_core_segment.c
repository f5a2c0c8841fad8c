/* The segment rule (polyline.h): wf_grid_segment_cost against an
 * independent oracle that tests the segment against each cell's square by
 * clipping (exact, in doubled integer coordinates), on random small grids
 * with random cell-centre and cell-corner end points, under every corner
 * rule; and against the grid search's own moves between neighbouring
 * centres. */
#include "wf_test.h"
#include "wf_core_private.h"

#include <math.h>
#include <stdlib.h>

enum { W = 7, H = 6 };

static double cost_at(const wf_grid *g, int x, int y) {
    return wf_grid_cost(g, (uint8_t)wf_grid_get(g, x, y));
}

/* Blocked for the oracle: off the grid, or the grid says so. */
static int blocked(const wf_grid *g, int x, int y) {
    return x < 0 || y < 0 || x >= W || y >= H || !wf_grid_passable(g, x, y);
}

/* Does the segment a→b (doubled coordinates) meet the box
 * [x0, x1] × [y0, y1] (doubled), open or closed? Clips the parameter
 * range t ∈ [0, 1] slab by slab with fractions: lo = ln / ld, hi = hn / hd
 * (denominators > 0). */
static int meets(const long a[2], const long b[2], const long lo_c[2],
                 const long hi_c[2], int open) {
    long ln = 0, ld = 1, hn = 1, hd = 1;
    int lo_open = 0, hi_open = 0;
    for (int k = 0; k < 2; k++) {
        long d = b[k] - a[k];
        if (d == 0) {
            if (open ? (a[k] <= lo_c[k] || a[k] >= hi_c[k])
                     : (a[k] < lo_c[k] || a[k] > hi_c[k]))
                return 0;
            continue;
        }
        /* t at which the coordinate reaches each side, entering first */
        long en = (d > 0 ? lo_c[k] : hi_c[k]) - a[k];
        long xn = (d > 0 ? hi_c[k] : lo_c[k]) - a[k];
        long dd = d;
        if (dd < 0) {
            dd = -dd;
            en = -en;
            xn = -xn;
        }
        /* lo = max(lo, en/dd); hi = min(hi, xn/dd) */
        if (en * ld > ln * dd || (en * ld == ln * dd && open)) {
            lo_open = open || (en * ld == ln * dd && lo_open);
            ln = en;
            ld = dd;
        }
        if (xn * hd < hn * dd || (xn * hd == hn * dd && open)) {
            hi_open = open || (xn * hd == hn * dd && hi_open);
            hn = xn;
            hd = dd;
        }
    }
    long c = ln * hd - hn * ld; /* lo - hi, scaled */
    if (c > 0)
        return 0;
    if (c == 0)
        return !lo_open && !hi_open;
    return 1;
}

/* The oracle's answer: legal or not, and the cost when the segment runs
 * along no grid line (NAN otherwise: not compared). */
static int oracle(const wf_grid *g, wf_corners rule, const long a[2],
                  const long b[2], double *cost) {
    double len = hypot((double)(b[0] - a[0]), (double)(b[1] - a[1])) / 2;
    int along = (a[0] == b[0] && a[0] % 2 == 0) ||
                (a[1] == b[1] && a[1] % 2 == 0);
    *cost = along ? NAN : 0;
    for (int y = -1; y <= H; y++)
        for (int x = -1; x <= W; x++) {
            long lo[2] = {2L * x, 2L * y}, hi[2] = {2L * x + 2, 2L * y + 2};
            if (blocked(g, x, y)) {
                if (meets(a, b, lo, hi, 1))
                    return 0; /* through the interior */
                if (rule == WF_CORNERS_NO_CUT && meets(a, b, lo, hi, 0))
                    return 0; /* touches it */
                continue;
            }
            if (!along && meets(a, b, lo, hi, 1)) {
                /* the length inside this open square, by clipping in
                 * doubles (the oracle's cost need not be exact) */
                double t0 = 0, t1 = 1;
                for (int k = 0; k < 2; k++) {
                    double d = (double)(b[k] - a[k]);
                    if (d == 0)
                        continue;
                    double u = ((double)lo[k] - (double)a[k]) / d;
                    double v = ((double)hi[k] - (double)a[k]) / d;
                    t0 = fmax(t0, fmin(u, v));
                    t1 = fmin(t1, fmax(u, v));
                }
                *cost += (t1 - t0) * len * cost_at(g, x, y);
            }
        }
    /* edges between two blocked cells, and diagonal touching points */
    for (int y = 0; y <= H; y++)
        for (int x = 0; x <= W; x++) {
            long v[2] = {2L * x, 2L * y};
            int nw = blocked(g, x - 1, y - 1), ne = blocked(g, x, y - 1);
            int sw = blocked(g, x - 1, y), se = blocked(g, x, y);
            if (rule == WF_CORNERS_ONE_FREE && ((nw && se) || (ne && sw)) &&
                meets(a, b, v, v, 0))
                return 0;
            /* the edge rightwards from v lies between (x, y - 1) and
             * (x, y); the one downwards between (x - 1, y) and (x, y) */
            long lo0 = a[0] < b[0] ? a[0] : b[0], hi0 = a[0] < b[0] ? b[0] : a[0];
            long lo1 = a[1] < b[1] ? a[1] : b[1], hi1 = a[1] < b[1] ? b[1] : a[1];
            if (ne && se && a[1] == v[1] && b[1] == v[1] &&
                (lo0 > v[0] ? lo0 : v[0]) < (hi0 < v[0] + 2 ? hi0 : v[0] + 2))
                return 0;
            if (sw && se && a[0] == v[0] && b[0] == v[0] &&
                (lo1 > v[1] ? lo1 : v[1]) < (hi1 < v[1] + 2 ? hi1 : v[1] + 2))
                return 0;
        }
    /* a single point must lie in the closed square of a free cell */
    if (a[0] == b[0] && a[1] == b[1]) {
        int in_free = 0;
        for (int y = -1; y <= H; y++)
            for (int x = -1; x <= W; x++) {
                long lo[2] = {2L * x, 2L * y}, hi[2] = {2L * x + 2, 2L * y + 2};
                if (!blocked(g, x, y) && meets(a, b, lo, hi, 0))
                    in_free = 1;
            }
        return in_free;
    }
    return 1;
}

static wf_grid *random_grid(wf_test_rng *r) {
    wf_grid *g;
    assert_int_equal(wf_grid_create(W, H, NULL, &g), WF_OK);
    for (int t = 1; t <= 3; t++)
        assert_int_equal(wf_grid_set_cost(g, (uint8_t)t, t), WF_OK);
    int walls = (int)wf_test_rng_below(r, 40);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint32_t k = wf_test_rng_below(r, 100);
            uint8_t t = k < (uint32_t)walls ? WF_TERRAIN_WALL
                                            : (uint8_t)(k % 4);
            assert_int_equal(wf_grid_set(g, x, y, t), WF_OK);
        }
    return g;
}

/* A random point: a cell centre or a cell corner (doubled coordinates). */
static void random_point(wf_test_rng *r, long p[2]) {
    if (wf_test_rng_below(r, 2)) {
        p[0] = 2L * wf_test_rng_below(r, W) + 1;
        p[1] = 2L * wf_test_rng_below(r, H) + 1;
    } else {
        p[0] = 2L * wf_test_rng_below(r, W + 1);
        p[1] = 2L * wf_test_rng_below(r, H + 1);
    }
}

static void test_against_oracle(void **state) {
    (void)state;
    static const wf_corners rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ONE_FREE,
                                        WF_CORNERS_ALWAYS};
    wf_test_rng r = {0x5e6};
    size_t legal = 0, illegal = 0, costed = 0;
    for (int m = 0; m < 600; m++) {
        wf_grid *g = random_grid(&r);
        for (int q = 0; q < 60; q++) {
            long a[2], b[2];
            random_point(&r, a);
            random_point(&r, b);
            if (wf_test_rng_below(&r, 4) == 0) { /* axis-parallel */
                int axis = (int)wf_test_rng_below(&r, 2);
                b[axis] = a[axis];
            }
            for (int k = 0; k < 3; k++) {
                double want_cost, got;
                int want = oracle(g, rules[k], a, b, &want_cost);
                wf_vec2 pa = {a[0] / 2.0, a[1] / 2.0}, pb = {b[0] / 2.0,
                                                             b[1] / 2.0};
                wf_status st = wf_grid_segment_cost(
                    g, pa, pb, wf_move_make(8, rules[k]), NULL, &got);
                if ((st == WF_OK) != want)
                    print_error("rule %d, (%g,%g)-(%g,%g): got %s, oracle "
                                "%s\n",
                                k, pa.x, pa.y, pb.x, pb.y, wf_status_name(st),
                                want ? "legal" : "illegal");
                assert_int_equal(st == WF_OK, want);
                if (!want) {
                    assert_int_equal(st, WF_NO_PATH);
                    assert_true(isinf(got));
                    illegal++;
                    continue;
                }
                legal++;
                if (!isnan(want_cost)) {
                    assert_true(fabs(got - want_cost) <=
                                1e-9 * fmax(1, want_cost));
                    costed++;
                }
                /* symmetric */
                double back;
                assert_int_equal(wf_grid_segment_cost(g, pb, pa,
                                                      wf_move_make(8, rules[k]),
                                                      NULL, &back),
                                 WF_OK);
                assert_true(fabs(back - got) <= 1e-9 * fmax(1, got));
            }
        }
        wf_grid_destroy(g);
    }
    print_message("segments: %zu legal (%zu costs compared), %zu illegal\n",
                  legal, costed, illegal);
    assert_true(legal > 1000 && illegal > 1000);
}

/* Between neighbouring centres the segment rule is the search's move
 * rule, and the segment costs half its length in each cell. */
static void test_matches_grid_moves(void **state) {
    (void)state;
    static const wf_corners rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ONE_FREE,
                                        WF_CORNERS_ALWAYS};
    wf_test_rng r = {0x30e};
    size_t moves = 0;
    for (int m = 0; m < 300; m++) {
        wf_grid *g = random_grid(&r);
        for (int k = 0; k < 3; k++)
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++)
                    for (int d = 0; d < 8; d++) {
                        static const int dx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
                        static const int dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
                        wf_point a = {x, y}, b = {x + dx[d], y + dy[d]};
                        if (!wf_grid_contains(g, b.x, b.y))
                            continue;
                        double mc = wf_grid_move_cost(
                            g, a, b, wf_move_make(8, rules[k]));
                        int move_ok = wf_grid_passable(g, x, y) &&
                                      mc != WF_BLOCKED;
                        double sc;
                        wf_status st = wf_grid_segment_cost(
                            g, (wf_vec2){x + 0.5, y + 0.5},
                            (wf_vec2){b.x + 0.5, b.y + 0.5},
                            wf_move_make(8, rules[k]), NULL, &sc);
                        if ((st == WF_OK) != move_ok)
                            print_error("rule %d: %d,%d -> %d,%d: segment "
                                        "%s, move %s (%g)\n",
                                        k, x, y, b.x, b.y, wf_status_name(st),
                                        move_ok ? "allowed" : "refused", mc);
                        assert_int_equal(st == WF_OK, move_ok);
                        if (move_ok) {
                            double step = dx[d] && dy[d] ? sqrt(2.0) : 1;
                            double half = step / 2 *
                                          (cost_at(g, x, y) +
                                           cost_at(g, b.x, b.y));
                            assert_true(fabs(sc - half) <= 1e-12 * half);
                        }
                        moves++;
                    }
        wf_grid_destroy(g);
    }
    print_message("grid moves compared: %zu\n", moves);
}

static void test_bad_arguments_and_filters(void **state) {
    (void)state;
    const char *rows[] = {"..1", ".#2", "..3"};
    wf_grid *g = wf_test_grid(rows, 3);
    double c;
    wf_vec2 a = {0.5, 0.5}, b = {2.5, 0.5};
    assert_int_equal(wf_grid_segment_cost(NULL, a, b, (wf_move){0}, NULL, &c),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_segment_cost(g, a, b, (wf_move){0}, NULL, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_segment_cost(g, a, (wf_vec2){2.3, 0.5}, (wf_move){0}, NULL,
                                          &c),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_segment_cost(g, a, (wf_vec2){NAN, 0.5}, (wf_move){0}, NULL,
                                          &c),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_segment_cost(g, a, (wf_vec2){3.5, 0.5}, (wf_move){0}, NULL,
                                          &c),
                     WF_E_RANGE);
    assert_int_equal(wf_grid_segment_cost(g, a, b, (wf_move){.corners = (wf_corners)9}, NULL, &c),
                     WF_E_INVALID_ARG);
    /* across the top row: half a cell of cost 1, a cell of 1, half of 1 */
    assert_int_equal(wf_grid_segment_cost(g, a, b, (wf_move){0}, NULL, &c), WF_OK);
    assert_true(fabs(c - 2.0) < 1e-12);
    /* a filter triples terrain 1 and forbids terrain 2 */
    wf_filter f;
    wf_filter_init(&f);
    assert_int_equal(wf_filter_set(&f, 1, 3), WF_OK);
    assert_int_equal(wf_filter_set(&f, 2, INFINITY), WF_OK);
    assert_int_equal(wf_grid_segment_cost(g, a, b, (wf_move){0}, &f, &c), WF_OK);
    assert_true(fabs(c - (0.5 + 1 + 0.5 * 3)) < 1e-12);
    assert_int_equal(wf_grid_segment_cost(g, (wf_vec2){2.5, 0.5},
                                          (wf_vec2){2.5, 2.5}, (wf_move){0}, &f, &c),
                     WF_NO_PATH);
    /* along the edge between column 0 and the wall: allowed unless no-cut */
    assert_int_equal(wf_grid_segment_cost(g, (wf_vec2){1, 1}, (wf_vec2){1, 2},
                                          wf_move_make(8, WF_CORNERS_ONE_FREE), NULL, &c),
                     WF_OK);
    assert_true(fabs(c - 1.0) < 1e-12);
    assert_int_equal(wf_grid_segment_cost(g, (wf_vec2){1, 1}, (wf_vec2){1, 2},
                                          wf_move_make(8, WF_CORNERS_NO_CUT), NULL, &c),
                     WF_NO_PATH);
    wf_grid_destroy(g);
}

/* The brute-force Euclidean oracle of tests/support on maps with known
 * answers: it is the reference the any-angle searches are held to. */
static void test_euclid_oracle(void **state) {
    (void)state;
    const char *open_rows[] = {".....", ".....", ".....", ".....", "....."};
    wf_grid *g = wf_test_grid(open_rows, 5);
    double d = wf_test_euclid_shortest(g, (wf_point){0, 0}, (wf_point){4, 4});
    assert_true(fabs(d - 4 * sqrt(2.0)) < 1e-12);
    wf_grid_destroy(g);
    /* round a wall: along its top edge, turning at its two corners */
    const char *wall_rows[] = {".....", ".###.", "....."};
    g = wf_test_grid(wall_rows, 3);
    d = wf_test_euclid_shortest(g, (wf_point){0, 1}, (wf_point){4, 1});
    assert_true(fabs(d - (3 + sqrt(2.0))) < 1e-12);
    wf_grid_destroy(g);
    /* two cells touching diagonally close the only way through */
    const char *diag_rows[] = {".#", "#."};
    g = wf_test_grid(diag_rows, 2);
    assert_true(isinf(wf_test_euclid_shortest(g, (wf_point){0, 0},
                                              (wf_point){1, 1})));
    wf_grid_destroy(g);
}

/* The cells a segment passes through (wf__segment_cells, which draws
 * polylines in ASCII): for a segment along no grid line, exactly the
 * cells whose open square it meets, in order along it, with no repeat;
 * along a line, cells that touch it. */
static void test_segment_cells(void **state) {
    (void)state;
    wf_test_rng r = {0xce11};
    size_t segs = 0;
    for (int m = 0; m < 200; m++) {
        wf_grid *g = random_grid(&r);
        double table[256];
        uint8_t pass[256];
        wf__filter_costs(g, NULL, table, pass);
        for (int q = 0; q < 50; q++) {
            long a[2], b[2];
            random_point(&r, a);
            random_point(&r, b);
            wf_vec2 pa = {a[0] / 2.0, a[1] / 2.0};
            wf_vec2 pb = {b[0] / 2.0, b[1] / 2.0};
            int point = a[0] == b[0] && a[1] == b[1];
            wf_point cells[64];
            size_t n = wf__segment_cells(g, table, pa, pb, cells, 64);
            assert_true(n >= 1 && n <= 64);
            assert_int_equal(wf__segment_cells(g, table, pa, pb, NULL, 0), n);
            int along = (a[0] == b[0] && a[0] % 2 == 0) ||
                        (a[1] == b[1] && a[1] % 2 == 0);
            for (size_t i = 0; i < n; i++) {
                assert_true(wf_grid_contains(g, cells[i].x, cells[i].y));
                long lo[2] = {2L * cells[i].x, 2L * cells[i].y};
                long hi[2] = {lo[0] + 2, lo[1] + 2};
                assert_true(meets(a, b, lo, hi, !(along || point)));
                if (i)
                    assert_false(cells[i].x == cells[i - 1].x &&
                                 cells[i].y == cells[i - 1].y);
            }
            if (along || point)
                continue;
            size_t want = 0;
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    long lo[2] = {2L * x, 2L * y};
                    long hi[2] = {2L * x + 2, 2L * y + 2};
                    want += (size_t)meets(a, b, lo, hi, 1);
                }
            assert_int_equal(n, want);
            /* in order: each next cell is a neighbour of the last */
            for (size_t i = 1; i < n; i++)
                assert_true(abs(cells[i].x - cells[i - 1].x) <= 1 &&
                            abs(cells[i].y - cells[i - 1].y) <= 1);
            segs++;
        }
        wf_grid_destroy(g);
    }
    print_message("segment cells compared: %zu segments\n", segs);
    assert_true(segs > 5000);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_oracle),
        cmocka_unit_test(test_matches_grid_moves),
        cmocka_unit_test(test_bad_arguments_and_filters),
        cmocka_unit_test(test_euclid_oracle),
        cmocka_unit_test(test_segment_cells),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
