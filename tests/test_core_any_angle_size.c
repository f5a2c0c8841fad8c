/* Agent sizes in the polyline layer (polyline.h): for a unit of size k,
 * every segment, smoothing and any-angle search must answer exactly as
 * for a size-1 unit on the derived grid, where each cell the unit cannot
 * stand on is a wall. The derived grid is built here by brute force
 * (each k × k square checked cell by cell), independently of the
 * library's clearance; Anya on it is also held to the exact Euclidean
 * oracle of tests/support. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* May a unit (filter f, NULL: none) enter cell (x, y)? */
static int unit_open(const wf_grid *g, const wf_filter *f, int x, int y) {
    if (!wf_grid_contains(g, x, y))
        return 0;
    int t = wf_grid_get(g, x, y);
    return wf_grid_cost(g, (uint8_t)t) != WF_BLOCKED &&
           (!f || f->mult[t] < INFINITY);
}

/* May a unit of size k stand on (x, y): its whole square open? */
static int unit_fits(const wf_grid *g, const wf_filter *f, int k, int x,
                     int y) {
    for (int j = 0; j < k; j++)
        for (int i = 0; i < k; i++)
            if (!unit_open(g, f, x + i, y + j))
                return 0;
    return 1;
}

/* g with every cell a unit of size k cannot stand on walled. */
static wf_grid *derived(const wf_grid *g, const wf_filter *f, int k) {
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    wf_grid *d;
    assert_int_equal(wf_grid_create(W, H, NULL, &d), WF_OK);
    for (int t = 0; t <= 3; t++)
        assert_int_equal(wf_grid_set_cost(d, (uint8_t)t,
                                          wf_grid_cost(g, (uint8_t)t)),
                         WF_OK);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            assert_int_equal(
                wf_grid_set(d, x, y,
                            unit_fits(g, f, k, x, y)
                                ? (uint8_t)wf_grid_get(g, x, y)
                                : WF_TERRAIN_WALL),
                WF_OK);
    return d;
}

/* Half the time none; else one that forbids terrain 3 (so the library
 * must build the unit's own clearance) and, unless the grid must keep one
 * cost, doubles terrain 2. */
static const wf_filter *random_filter(wf_test_rng *r, wf_filter *f,
                                      int uniform) {
    if (wf_test_rng_below(r, 2))
        return NULL;
    wf_filter_init(f);
    assert_int_equal(wf_filter_set(f, 3, INFINITY), WF_OK);
    if (!uniform)
        assert_int_equal(wf_filter_set(f, 2, 2), WF_OK);
    return f;
}

static void assert_same_polyline(const wf_polyline *a, const wf_polyline *b) {
    assert_int_equal(a->count, b->count);
    for (size_t i = 0; i < a->count; i++) {
        assert_true(a->points[i].x == b->points[i].x);
        assert_true(a->points[i].y == b->points[i].y);
    }
    if (a->count) {
        assert_true(fabs(a->cost - b->cost) <= 1e-12 * fmax(1, b->cost));
        assert_true(fabs(a->length - b->length) <= 1e-12 * fmax(1, b->length));
    }
}

/* A random cell, nine times in ten one the unit may stand on (open on
 * the derived grid d) when one is found in 30 tries. */
static wf_point some_cell(wf_test_rng *r, const wf_grid *d) {
    wf_point p = wf_test_random_cell(r, d);
    if (wf_test_rng_below(r, 10) == 0)
        return p;
    for (int i = 0; i < 30 && !wf_grid_passable(d, p.x, p.y); i++)
        p = wf_test_random_cell(r, d);
    return p;
}

/* Every segment of p allowed for the unit, from a to b, its cost the sum
 * of the segments' costs. */
static void assert_legal(const wf_grid *g, const wf_polyline *p, wf_move m,
                         const wf_filter *f, wf_point a, wf_point b) {
    assert_true(p->count >= 1);
    assert_true(p->points[0].x == a.x + 0.5 && p->points[0].y == a.y + 0.5);
    assert_true(p->points[p->count - 1].x == b.x + 0.5 &&
                p->points[p->count - 1].y == b.y + 0.5);
    double total = 0;
    for (size_t i = 1; i < p->count; i++) {
        double c;
        assert_int_equal(wf_grid_segment_cost(g, p->points[i - 1],
                                              p->points[i], m, f, &c),
                         WF_OK);
        total += c;
    }
    assert_true(fabs(total - p->cost) <= 1e-9 * fmax(1, total));
}

static const wf_corners rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ONE_FREE,
                                    WF_CORNERS_ALWAYS};

/* Segments: size k on g is size 1 on the derived grid, with the unit's
 * clearance kept by the grid (no filter) and checked square by square
 * (a filter that forbids a terrain). */
static void test_segments_on_derived_grid(void **state) {
    (void)state;
    wf_test_rng r = {0x5e95};
    size_t legal = 0, illegal = 0;
    for (int m = 0; m < wf_test_count(600); m++) {
        const int uniform = (int)wf_test_rng_below(&r, 2);
        wf_grid *g = wf_test_random_map(&r, 12, uniform);
        wf_filter fs;
        const wf_filter *f = random_filter(&r, &fs, uniform);
        const int k = 2 + (int)wf_test_rng_below(&r, 3);
        wf_grid *d = derived(g, f, k);
        for (int q = 0; q < 80; q++) {
            /* corners and centres, mostly those of open cells */
            wf_point pa = some_cell(&r, d), pb = some_cell(&r, d);
            wf_vec2 a = {pa.x + wf_test_rng_below(&r, 3) / 2.0,
                         pa.y + wf_test_rng_below(&r, 3) / 2.0};
            wf_vec2 b = {pb.x + wf_test_rng_below(&r, 3) / 2.0,
                         pb.y + wf_test_rng_below(&r, 3) / 2.0};
            wf_corners rule = rules[wf_test_rng_below(&r, 3)];
            wf_move big = {8, rule, k}, one = {8, rule, 1};
            double cb, c1;
            wf_status sb = wf_grid_segment_cost(g, a, b, big, f, &cb);
            wf_status s1 = wf_grid_segment_cost(d, a, b, one, f, &c1);
            assert_int_equal(sb, s1);
            if (sb == WF_OK) {
                assert_true(fabs(cb - c1) <= 1e-12 * fmax(1, c1));
                legal++;
            } else {
                illegal++;
            }
        }
        wf_grid_destroy(d);
        wf_grid_destroy(g);
    }
    print_message("segments: %zu legal, %zu not\n", legal, illegal);
    assert_true(legal > 100 && illegal > 100);
}

/* Theta*, Lazy Theta* and smoothing: the same answer, point for point, as
 * size 1 on the derived grid, under every rule, 8- and 4-connected, with
 * and without filters; Anya equals the oracle on the derived grid. */
static void test_searches_on_derived_grid(void **state) {
    (void)state;
    wf_test_rng r = {0xa9e5};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline pb, p1;
    wf_polyline_init(&pb, NULL);
    wf_polyline_init(&p1, NULL);
    wf_path path;
    wf_path_init(&path, NULL);
    size_t found = 0, none = 0, anya = 0, smoothed = 0;
    for (int m = 0; m < wf_test_count(1200); m++) {
        const int uniform = (int)wf_test_rng_below(&r, 2);
        wf_grid *g = wf_test_random_map(&r, 14, uniform);
        wf_filter fs;
        const wf_filter *f = random_filter(&r, &fs, uniform);
        const int k = 2 + (int)wf_test_rng_below(&r, 2);
        wf_grid *d = derived(g, f, k);
        for (int q = 0; q < 6; q++) {
            wf_point a = some_cell(&r, d), b = some_cell(&r, d);
            wf_search_opts o = wf_search_opts_default();
            o.filter = f;
            o.move.connect = wf_test_rng_below(&r, 4) ? 8 : 4;
            o.move.corners = rules[wf_test_rng_below(&r, 3)];
            wf_search_opts o1 = o;
            o.move.size = k;
            for (int alg = WF_ANY_ANGLE_THETA; alg <= WF_ANY_ANGLE_LAZY_THETA;
                 alg++) {
                wf_status sb = wf_search_any_angle(ws, g, a, b, alg, &o, &pb);
                wf_status s1 = wf_search_any_angle(ws, d, a, b, alg, &o1, &p1);
                assert_int_equal(sb, s1);
                if (sb == WF_OK) {
                    /* on weighted grids the heuristic's scale (the
                     * smallest cost present) may differ, so the search
                     * order and the path may too: each must be legal */
                    if (uniform)
                        assert_same_polyline(&pb, &p1);
                    else
                        assert_legal(g, &pb, o.move, f, a, b);
                    found++;
                } else {
                    none++;
                }
            }
            /* smoothing the size-k grid path */
            wf_status sg = wf_search_grid(ws, g, a, b, &o, &path);
            if (sg == WF_OK) {
                assert_int_equal(wf_path_smooth(g, &path, &o, &pb), WF_OK);
                assert_int_equal(wf_path_smooth(d, &path, &o1, &p1), WF_OK);
                assert_same_polyline(&pb, &p1);
                smoothed++;
            }
            /* Anya: one-free, on a grid of one cost */
            if (uniform) {
                o.move = (wf_move){8, WF_CORNERS_ONE_FREE, k};
                wf_status sa =
                    wf_search_any_angle(ws, g, a, b, WF_ANY_ANGLE_ANYA, &o, &pb);
                double want = wf_test_euclid_shortest(d, a, b);
                if (isinf(want)) {
                    assert_int_equal(sa, WF_NO_PATH);
                } else {
                    assert_int_equal(sa, WF_OK);
                    assert_true(fabs(pb.length - want) <=
                                1e-9 * fmax(1, want));
                    assert_legal(g, &pb, o.move, f, a, b);
                    anya++;
                }
            }
        }
        wf_grid_destroy(d);
        wf_grid_destroy(g);
    }
    print_message("theta/lazy: %zu paths, %zu none; %zu smoothed; anya %zu "
                  "equal to the oracle\n",
                  found, none, smoothed, anya);
    assert_true(found > 100 && none > 50 && smoothed > 100 && anya > 50);
    wf_path_free(&path);
    wf_polyline_free(&pb);
    wf_polyline_free(&p1);
    wf_search_destroy(ws);
}

/* Known answers: a gap two cells wide lets a size-2 unit through and not
 * a size-3 one, whose refusal names the spot where it cannot stand. */
static void test_gap_and_refusal(void **state) {
    (void)state;
    const char *rows[] = {
        "........",
        "........",
        "........",
        "###..###",
        "........",
        "........",
        "........",
    };
    wf_grid *g = wf_test_grid(rows, 7);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.move = (wf_move){8, WF_CORNERS_ONE_FREE, 2};
    /* the anchor passes (3, 3): straight down column 3 */
    for (int alg = WF_ANY_ANGLE_THETA; alg <= WF_ANY_ANGLE_ANYA; alg++) {
        assert_int_equal(wf_search_any_angle(ws, g, (wf_point){3, 0},
                                             (wf_point){3, 5}, alg, &o, &p),
                         WF_OK);
        assert_true(fabs(p.length - 5.0) < 1e-12);
    }
    /* from the top-left to the bottom-left, through the gap: the anchor
     * bends round the gap's corners, vertices (3, 2) and (3, 4) */
    assert_int_equal(wf_search_any_angle(ws, g, (wf_point){0, 0},
                                         (wf_point){0, 5}, WF_ANY_ANGLE_ANYA,
                                         &o, &p),
                     WF_OK);
    double want = 2 * hypot(2.5, 1.5) + 2;
    assert_true(fabs(p.length - want) < 1e-12);
    o.move.size = 3;
    for (int alg = WF_ANY_ANGLE_THETA; alg <= WF_ANY_ANGLE_ANYA; alg++) {
        assert_int_equal(wf_search_any_angle(ws, g, (wf_point){3, 0},
                                             (wf_point){3, 4}, alg, &o, &p),
                         WF_NO_PATH);
        assert_int_equal(p.count, 0);
    }
    /* a goal where the unit cannot stand: said so */
    assert_int_equal(wf_search_any_angle(ws, g, (wf_point){0, 0},
                                         (wf_point){7, 6}, WF_ANY_ANGLE_THETA,
                                         &o, &p),
                     WF_NO_PATH);
    assert_non_null(strstr(wf_search_message(ws), "cannot stand at the goal"));
    wf_polyline_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_segments_on_derived_grid),
        cmocka_unit_test(test_searches_on_derived_grid),
        cmocka_unit_test(test_gap_and_refusal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
