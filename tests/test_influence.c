/* Influence maps: line of sight, falloff, view cones, blending, region
 * updates, and searches with a cost overlay (seed 004). */
#include "wf_test.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- line of sight ---------------------------------------------------- */

/* An independent check in doubled coordinates (cell (x, y) is the square
 * [2x, 2x+2] × [2y, 2y+2], centres are odd): a blocked cell strictly
 * between the ends stops sight when the segment meets its open square;
 * where the segment passes through a lattice point, the two cells beside
 * it (off the segment's path) decide by the corner rule. */
static int crosses_open_square(long px, long py, long qx, long qy, long cx,
                               long cy) {
    /* Clip the segment P + t(Q−P), t in [0,1], against the open square
     * (2cx, 2cx+2) × (2cy, 2cy+2) with exact rational bounds t = n/d. */
    long dx = qx - px, dy = qy - py;
    double lo = 0, hi = 1;
    long bounds[2][3] = {{dx, px, 2 * cx}, {dy, py, 2 * cy}};
    for (int k = 0; k < 2; k++) {
        long d = bounds[k][0], p = bounds[k][1], a = bounds[k][2], b = a + 2;
        if (d == 0) {
            if (!(p > a && p < b))
                return 0;
            continue;
        }
        double t1 = (double)(a - p) / (double)d, t2 = (double)(b - p) / (double)d;
        if (t1 > t2) {
            double t = t1;
            t1 = t2;
            t2 = t;
        }
        if (t1 > lo)
            lo = t1;
        if (t2 < hi)
            hi = t2;
    }
    return lo < hi; /* a segment of positive length inside the open square */
}

static int brute_los(const wf_grid *g, wf_point a, wf_point b, wf_corners k) {
    long px = 2 * a.x + 1, py = 2 * a.y + 1, qx = 2 * b.x + 1, qy = 2 * b.y + 1;
    int x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
    int y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            if ((x == a.x && y == a.y) || (x == b.x && y == b.y))
                continue;
            if (!wf_grid_passable(g, x, y) &&
                crosses_open_square(px, py, qx, qy, x, y))
                return 0;
        }
    /* Lattice points (even, even) strictly inside the segment. */
    long dx = qx - px, dy = qy - py;
    long steps = labs(dx) > labs(dy) ? labs(dx) : labs(dy);
    for (long i = 1; i < steps; i++) {
        if ((i * dx) % steps || (i * dy) % steps)
            continue;
        long lx = px + i * dx / steps, ly = py + i * dy / steps;
        if (lx % 2 || ly % 2)
            continue;
        /* The four cells around the lattice point; the segment runs
         * through two opposite ones, the other two are beside it. */
        int cx = (int)(lx / 2), cy = (int)(ly / 2);
        int sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
        /* cells beside: (cx-1 or cx) on the path's left/right. */
        int ax = sx > 0 ? cx : cx - 1, ay = sy > 0 ? cy - 1 : cy;
        int bx = sx > 0 ? cx - 1 : cx, by = sy > 0 ? cy : cy - 1;
        int s1 = wf_grid_passable(g, ax, ay), s2 = wf_grid_passable(g, bx, by);
        if ((k == WF_CORNERS_NO_CUT && !(s1 && s2)) ||
            (k == WF_CORNERS_ONE_FREE && !(s1 || s2)))
            return 0;
    }
    return 1;
}

static void test_line_of_sight(void **state) {
    (void)state;
    static const char *const gap[] = {".#", "#."};
    wf_grid *g = wf_test_grid(gap, 2);
    wf_point a = {0, 0}, b = {1, 1};
    assert_false(wf_grid_line_of_sight(g, a, b, wf_move_default()));
    assert_false(wf_grid_line_of_sight(g, a, b, wf_move_make(8, WF_CORNERS_ONE_FREE)));
    assert_true(wf_grid_line_of_sight(g, a, b, wf_move_make(8, WF_CORNERS_ALWAYS)));
    wf_grid_destroy(g);

    wf_test_rng r = {77};
    int agree = 0, seen = 0;
    for (int gi = 0; gi < 200; gi++) {
        int W = 3 + (int)wf_test_rng_below(&r, 14), H = 3 + (int)wf_test_rng_below(&r, 14);
        assert_int_equal(wf_grid_create(W, H, NULL, &g), WF_OK);
        uint32_t dens = wf_test_rng_below(&r, 35);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                if (wf_test_rng_below(&r, 100) < dens)
                    wf_grid_set(g, x, y, WF_TERRAIN_WALL);
        for (int q = 0; q < 40; q++) {
            wf_point p = {(int)wf_test_rng_below(&r, (uint32_t)W), (int)wf_test_rng_below(&r, (uint32_t)H)};
            wf_point t = {(int)wf_test_rng_below(&r, (uint32_t)W), (int)wf_test_rng_below(&r, (uint32_t)H)};
            for (int k = 0; k < 3; k++) {
                int los = wf_grid_line_of_sight(g, p, t, wf_move_make(8, (wf_corners)k));
                assert_int_equal(los, wf_grid_line_of_sight(g, t, p, wf_move_make(8, (wf_corners)k)));
                int ref = brute_los(g, p, t, (wf_corners)k);
                if (los != ref)
                    print_error("%d,%d -> %d,%d corners %d: %d vs brute %d\n",
                                p.x, p.y, t.x, t.y, k, los, ref);
                assert_int_equal(los, ref);
                agree++;
                seen += los;
            }
        }
        wf_grid_destroy(g);
    }
    print_message("line of sight: %d checks agree, %d visible\n", agree, seen);
    assert_true(seen > agree / 5 && seen < agree);
}

/* ---- falloff, view, blend -------------------------------------------- */

static void test_falloff_values(void **state) {
    (void)state;
    assert_true(wf_field_falloff_value(WF_FALLOFF_LINEAR, 2, 4, 10) == 5);
    assert_true(wf_field_falloff_value(WF_FALLOFF_LINEAR, 4, 4, 10) == 0);
    assert_true(wf_field_falloff_value(WF_FALLOFF_LINEAR, 5, 4, 10) == 0);
    assert_true(fabs(wf_field_falloff_value(WF_FALLOFF_EXP, 4, 4, 10) - 10 * exp(-3)) < 1e-12);
    assert_true(wf_field_falloff_value(WF_FALLOFF_EXP, 0, 4, 10) == 10);
    assert_true(wf_field_falloff_value(WF_FALLOFF_INV_SQUARE, 2, 4, 10) == 2);
    assert_true(wf_field_falloff_value(WF_FALLOFF_STEP, 3.9, 4, 10) == 10);
    assert_true(wf_field_falloff_value(WF_FALLOFF_STEP, 4.1, 4, 10) == 0);

    static const char *const rows[] = {".......", "...#...", "...#...", "......."};
    wf_grid *g = wf_test_grid(rows, 4);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    float out[28];
    wf_influence_source s = {{1, 1}, 10.0, 4.0};
    wf_falloff_opts o = wf_falloff_opts_default();
    assert_int_equal(wf_field_falloff_grid(ws, g, &s, 1, &o, NULL, out), WF_OK);
    assert_true(out[1 * 7 + 1] == 10.0f);
    assert_true(out[1 * 7 + 3] == 0.0f);                       /* a wall */
    assert_true(fabsf(out[1 * 7 + 4] - 2.5f) < 1e-6f);          /* d = 3 */
    assert_true(out[1 * 7 + 6] == 0.0f);                       /* d = 5 > r */
    /* By path the wall is walked round: (4,1) is further than 3. */
    o.distance = WF_DISTANCE_PATH;
    assert_int_equal(wf_field_falloff_grid(ws, g, &s, 1, &o, NULL, out), WF_OK);
    assert_true(out[1 * 7 + 4] < 2.5f);
    assert_true(out[1 * 7 + 1] == 10.0f);
    /* Two sources add up. */
    wf_influence_source two[2] = {{{0, 0}, 1.0, 2.0}, {{0, 0}, 2.0, 2.0}};
    o.distance = WF_DISTANCE_STRAIGHT;
    o.kind = WF_FALLOFF_STEP;
    assert_int_equal(wf_field_falloff_grid(ws, g, two, 2, &o, NULL, out), WF_OK);
    assert_true(out[0] == 3.0f);
    wf_influence_source off = {{9, 0}, 1, 1};
    assert_int_equal(wf_field_falloff_grid(ws, g, &off, 1, &o, NULL, out), WF_E_RANGE);
    off.cell.x = 0;
    off.radius = -1;
    assert_int_equal(wf_field_falloff_grid(ws, g, &off, 1, &o, NULL, out), WF_E_INVALID_ARG);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* Boxes of sources and viewers far off the grid, near INT_MAX and
 * INT_MIN: clipped to empty, with no signed overflow (UBSan would stop). */
static void test_boxes_far_away(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(8, 8, NULL, &g), WF_OK);
    const int xs[] = {INT_MAX, INT_MIN, INT_MAX - 3, INT_MIN + 2};
    for (int i = 0; i < 4; i++) {
        wf_influence_source s = {{xs[i], xs[3 - i]}, 1.0, 1e9};
        wf_rect b = wf_field_source_box(g, &s);
        assert_true(b.x0 <= b.x1 && b.y0 <= b.y1);
        assert_true(b.x0 >= 0 && b.x1 <= 8 && b.y0 >= 0 && b.y1 <= 8);
        wf_viewer v;
        memset(&v, 0, sizeof v);
        v.cell = s.cell;
        v.fov = 90;
        v.range = 100;
        b = wf_field_viewer_box(g, &v);
        assert_true(b.x0 <= b.x1 && b.y0 <= b.y1);
        assert_true(b.x0 >= 0 && b.x1 <= 8 && b.y0 >= 0 && b.y1 <= 8);
        /* a box that reaches the grid from far away covers it */
        s.radius = 1e12;
        s.cell.x = xs[i] > 0 ? 20 : -20;
        s.cell.y = 3;
        b = wf_field_source_box(g, &s);
        assert_true(b.x0 == 0 && b.x1 == 8);
    }
    wf_grid_destroy(g);
}

static void test_view_and_blend(void **state) {
    (void)state;
    static const char *const rows[] = {
        "..........",
        "..........",
        ".....#....",
        "..........",
    };
    wf_grid *g = wf_test_grid(rows, 4);
    float view[40], dist[40], blend[40];
    wf_viewer v = {{0, 2}, 0.0, 90.0, 8.0, 0};
    assert_int_equal(wf_field_view_grid(g, &v, wf_move_default(), NULL, view), WF_OK);
    assert_true(view[2 * 10 + 0] == 1.0f);  /* the viewer's own cell */
    assert_true(view[2 * 10 + 4] == 1.0f);  /* straight ahead */
    assert_true(view[2 * 10 + 6] == 0.0f);  /* behind the wall at (5,2) */
    assert_true(view[2 * 10 + 9] == 0.0f);  /* beyond range 8 */
    assert_true(view[0 * 10 + 1] == 0.0f);  /* 63° off: outside a 90° cone */
    assert_true(view[1 * 10 + 3] == 1.0f);  /* 18° off: inside */
    v.fade = 1;
    assert_int_equal(wf_field_view_grid(g, &v, wf_move_default(), NULL, view), WF_OK);
    assert_true(fabsf(view[2 * 10 + 4] - 0.5f) < 1e-6f);
    v.fov = 0;
    assert_int_equal(wf_field_view_grid(g, &v, wf_move_default(), NULL, view), WF_E_INVALID_ARG);
    v.fov = 360;
    v.fade = 0;
    assert_int_equal(wf_field_view_grid(g, &v, wf_move_default(), NULL, view), WF_OK);
    assert_true(view[0 * 10 + 1] == 1.0f); /* all round */

    for (int i = 0; i < 40; i++)
        dist[i] = (float)(i % 5) / 4.0f;
    const wf_layer layers[2] = {{dist, 40}, {view, 40}};
    double w[2] = {0.3, 0.7};
    assert_int_equal(wf_field_blend(layers, w, 2, 40, 0, NULL, NULL, blend), WF_OK);
    for (int i = 0; i < 40; i++)
        assert_true(fabsf(blend[i] - (float)(0.3 * dist[i] + 0.7 * view[i])) < 1e-6f);
    double w2[2] = {3, 7};
    wf_blend_opts bo = {1, 1, 0.0, 0.5};
    assert_int_equal(wf_field_blend(layers, w2, 2, 40, 0, &bo, NULL, blend), WF_OK);
    for (int i = 0; i < 40; i++)
        assert_true(fabsf(blend[i] - fminf(0.5f, (float)(0.3 * dist[i] + 0.7 * view[i]))) < 1e-6f);
    double zero[2] = {0, 0};
    assert_int_equal(wf_field_blend(layers, zero, 2, 40, 0, &bo, NULL, blend), WF_E_INVALID_ARG);
    wf_grid_destroy(g);
}

/* Moving a viewer or a source and recomputing only the union of its old
 * and new boxes gives exactly the full recomputation. */
static void test_region_updates(void **state) {
    (void)state;
    wf_test_rng r = {4};
    wf_grid *g;
    assert_int_equal(wf_grid_create(60, 40, NULL, &g), WF_OK);
    for (int i = 0; i < 300; i++)
        wf_grid_set(g, (int)wf_test_rng_below(&r, 60), (int)wf_test_rng_below(&r, 40), WF_TERRAIN_WALL);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    static float a[2400], b[2400], blend_a[2400], blend_b[2400];
    const wf_layer la[1] = {{a, 2400}};
    double w[1] = {1};
    for (int step = 0; step < 30; step++) {
        wf_viewer v = {{(int)wf_test_rng_below(&r, 60), (int)wf_test_rng_below(&r, 40)},
                       (double)wf_test_rng_below(&r, 360), 30.0 + wf_test_rng_below(&r, 300),
                       3.0 + wf_test_rng_below(&r, 15), (int)(step % 2)};
        wf_grid_set(g, v.cell.x, v.cell.y, 0);
        assert_int_equal(wf_field_view_grid(g, &v, wf_move_default(), NULL, a), WF_OK);
        assert_int_equal(wf_field_blend(la, w, 1, 2400, 60, NULL, NULL, blend_a), WF_OK);
        wf_viewer moved = v;
        moved.cell.x = (int)wf_test_rng_below(&r, 60);
        moved.facing += 75;
        wf_grid_set(g, moved.cell.x, moved.cell.y, 0);
        wf_rect box = wf_field_rect_union(wf_field_viewer_box(g, &v), wf_field_viewer_box(g, &moved));
        assert_int_equal(wf_field_view_grid(g, &moved, wf_move_default(), &box, a), WF_OK);
        assert_int_equal(wf_field_blend(la, w, 1, 2400, 60, NULL, &box, blend_a), WF_OK);
        assert_int_equal(wf_field_view_grid(g, &moved, wf_move_default(), NULL, b), WF_OK);
        assert_memory_equal(a, b, sizeof a);
        const wf_layer lb[1] = {{b, 2400}};
        assert_int_equal(wf_field_blend(lb, w, 1, 2400, 60, NULL, NULL, blend_b), WF_OK);
        assert_memory_equal(blend_a, blend_b, sizeof blend_a);

        wf_influence_source src[2] = {{{5, 5}, 2.0, 6.0}, {{(int)wf_test_rng_below(&r, 60), 20}, 1.0, 9.0}};
        wf_grid_set(g, src[1].cell.x, 20, 0);
        wf_falloff_opts o = wf_falloff_opts_default();
        o.distance = step % 2 ? WF_DISTANCE_PATH : WF_DISTANCE_STRAIGHT;
        o.kind = (wf_falloff)(step % 4);
        assert_int_equal(wf_field_falloff_grid(ws, g, src, 2, &o, NULL, a), WF_OK);
        wf_rect old = wf_field_source_box(g, &src[1]);
        src[1].cell.y = (int)wf_test_rng_below(&r, 40);
        wf_grid_set(g, src[1].cell.x, src[1].cell.y, 0);
        box = wf_field_rect_union(old, wf_field_source_box(g, &src[1]));
        assert_int_equal(wf_field_falloff_grid(ws, g, src, 2, &o, &box, a), WF_OK);
        assert_int_equal(wf_field_falloff_grid(ws, g, src, 2, &o, NULL, b), WF_OK);
        assert_memory_equal(a, b, sizeof a);
    }
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* ---- searching with an overlay ---------------------------------------- */

/* A* with an overlay is optimal for the overlaid cost: it equals Dijkstra
 * with the same overlay, and the reported cost is the walked one. */
static void test_overlay_optimal(void **state) {
    (void)state;
    wf_test_rng r = {31};
    wf_search *ws;
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    static float ov[400];
    int compared = 0;
    for (int gi = 0; gi < 300; gi++) {
        int W = 3 + (int)wf_test_rng_below(&r, 17), H = 3 + (int)wf_test_rng_below(&r, 17);
        wf_grid *g;
        assert_int_equal(wf_grid_create(W, H, NULL, &g), WF_OK);
        wf_grid_set_cost(g, 1, 3.0);
        for (int c = 0; c < W * H; c++) {
            uint32_t x = wf_test_rng_below(&r, 100);
            wf_grid_set(g, c % W, c / W, x < 20 ? WF_TERRAIN_WALL : x < 35 ? 1 : 0);
            ov[c] = x < 60 ? 0.0f : x < 97 ? (float)wf_test_rng_below(&r, 50) / 10.0f
                                           : INFINITY;
        }
        wf_search_opts o = wf_search_opts_default();
        o.move.connect = gi % 2 ? 8 : 4;
        o.move.corners = (wf_corners)(gi % 3);
        o.overlay = (wf_layer){ov, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)};
        o.overlay_k = 0.5 + (double)wf_test_rng_below(&r, 4);
        for (int q = 0; q < 5; q++) {
            wf_point s = {(int)wf_test_rng_below(&r, (uint32_t)W), (int)wf_test_rng_below(&r, (uint32_t)H)};
            wf_point t = {(int)wf_test_rng_below(&r, (uint32_t)W), (int)wf_test_rng_below(&r, (uint32_t)H)};
            o.algo = WF_ALGO_DIJKSTRA;
            wf_status ds = wf_search_grid(ws, g, s, t, &o, &p);
            double ref = p.cost;
            o.algo = WF_ALGO_ASTAR;
            assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), ds);
            if (ds != WF_OK)
                continue;
            assert_true(fabs(p.cost - ref) <= 1e-9 * fmax(1, ref));
            double walked = 0;
            for (size_t i = 1; i < p.count; i++) {
                wf_point a = p.points[i - 1], b = p.points[i];
                double c = wf_grid_move_cost(g, a, b, o.move);
                assert_true(c > 0);
                float v = ov[b.y * W + b.x];
                assert_true(isfinite(v)); /* forbidden cells are never entered */
                walked += c + (a.x != b.x && a.y != b.y ? sqrt(2.0) : 1.0) * o.overlay_k * v;
            }
            assert_true(fabs(walked - p.cost) <= 1e-9 * fmax(1, walked));
            compared++;
        }
        wf_grid_destroy(g);
    }
    print_message("%d overlaid searches equal Dijkstra\n", compared);
    assert_true(compared > 300);
    wf_search_opts o = wf_search_opts_default();
    o.overlay = (wf_layer){ov, 9};
    o.overlay_k = -1;
    wf_grid *g;
    wf_grid_create(3, 3, NULL, &g);
    wf_point s = {0, 0};
    assert_int_equal(wf_search_grid(ws, g, s, s, &o, &p), WF_E_INVALID_ARG);
    wf_grid_destroy(g);
    wf_path_free(&p);
    wf_search_destroy(ws);
}

/* Seed 004: an agent crosses a hall watched by a guard. The shortest path
 * walks through the guard's view; with the blended influence (0.3 ×
 * distance to the guard + 0.7 × its view cone) as an overlay the path
 * avoids every visible cell, on the grid and on the graph of the grid. */
static const char *const hall[] = {
    "##################",
    "#................#",
    "#.#############..#",
    "#.#...........#..#",
    "#................#",
    "#................#",
    "#................#",
    "##################",
};

static void build_influence(const wf_grid *g, wf_search *ws, float *view,
                            float *near, float *blend, double facing) {
    wf_viewer guard = {{9, 5}, facing, 120.0, 10.0, 0};
    assert_int_equal(wf_field_view_grid(g, &guard, wf_move_default(), NULL, view), WF_OK);
    wf_influence_source s = {{9, 5}, 1.0, 6.0};
    assert_int_equal(wf_field_falloff_grid(ws, g, &s, 1, NULL, NULL, near), WF_OK);
    const wf_layer layers[2] = {{near, 18 * 8}, {view, 18 * 8}};
    double w[2] = {0.3, 0.7};
    assert_int_equal(wf_field_blend(layers, w, 2, 18 * 8, 0, NULL, NULL, blend), WF_OK);
}

static void test_seed004_guard(void **state) {
    (void)state;
    wf_grid *g = wf_test_grid(hall, 8);
    wf_search *ws;
    wf_path plain, sneaky;
    wf_path_init(&plain, NULL);
    wf_path_init(&sneaky, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    static float view[144], near[144], blend[144];
    build_influence(g, ws, view, near, blend, 270.0); /* the guard looks north */
    wf_point from = {1, 5}, to = {16, 5};
    wf_search_opts o = wf_search_opts_default();
    assert_int_equal(wf_search_grid(ws, g, from, to, &o, &plain), WF_OK);
    int seen_plain = 0;
    for (size_t i = 0; i < plain.count; i++)
        seen_plain += view[plain.points[i].y * 18 + plain.points[i].x] > 0;
    assert_true(seen_plain > 0); /* the short way walks through the cone */
    o.overlay = (wf_layer){blend, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)};
    o.overlay_k = 100.0;
    assert_int_equal(wf_search_grid(ws, g, from, to, &o, &sneaky), WF_OK);
    for (size_t i = 0; i < sneaky.count; i++)
        assert_true(view[sneaky.points[i].y * 18 + sneaky.points[i].x] == 0.0f);
    assert_true(sneaky.count > plain.count);

    /* The same on the graph of the grid: the blend per node. */
    wf_graph *gr;
    assert_int_equal(wf_graph_from_grid(g, wf_move_default(), NULL, 1.0, NULL, &gr), WF_OK);
    size_t n = wf_graph_node_count(gr);
    float *node_ov = malloc(n * sizeof *node_ov);
    for (uint32_t u = 0; u < n; u++) {
        wf_point c;
        wf_graph_node_cell(gr, u, &c);
        node_ov[u] = blend[c.y * 18 + c.x];
    }
    wf_node_path np;
    wf_node_path_init(&np, NULL);
    wf_search_opts go = wf_search_opts_default();
    go.overlay = (wf_layer){node_ov, wf_graph_node_count(gr)};
    go.overlay_k = 100.0;
    assert_int_equal(wf_search_graph(ws, gr, (uint32_t)wf_test_cell_node(gr, 1, 5),
                                     (uint32_t)wf_test_cell_node(gr, 16, 5), &go, &np), WF_OK);
    for (size_t i = 0; i < np.count; i++) {
        wf_point c;
        wf_graph_node_cell(gr, np.nodes[i], &c);
        assert_true(view[c.y * 18 + c.x] == 0.0f);
    }

    /* The agent walks with the overlay, south of the guard who looks
     * north; the guard turns south (the layer changes under the agent)
     * and the agent re-plans round the other way. */
    wf_walker *w;
    assert_int_equal(wf_walker_create(NULL, &w), WF_OK);
    o.overlay = (wf_layer){view, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)}; /* the view layer alone: the nearest way unseen */
    assert_int_equal(wf_walker_plan(w, ws, g, from, to, &o), WF_OK);
    int south = 0; /* the way unseen passes south of him */
    for (size_t i = 0; i < wf_walker_path(w)->count; i++)
        south |= wf_walker_path(w)->points[i].y == 6;
    assert_true(south);
    wf_point next;
    int steps = 0;
    wf_status st;
    while ((st = wf_walker_step(w, ws, g, &next)) == WF_OK) {
        if (++steps == 2)
            build_influence(g, ws, view, near, blend, 90.0);
        if (steps > 2)
            assert_true(view[next.y * 18 + next.x] == 0.0f);
    }
    assert_int_equal(st, WF_ARRIVED);
    assert_true(wf_walker_replans(w) >= 1);

    wf_walker_destroy(w);
    wf_node_path_free(&np);
    free(node_ov);
    wf_graph_destroy(gr);
    wf_path_free(&plain);
    wf_path_free(&sneaky);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static void test_graph_falloff(void **state) {
    (void)state;
    wf_graph *g;
    wf_names *n;
    wf_diag d;
    assert_int_equal(wf_graph_file_read(WF_TEST_DATA "/waypoints.graph",
                                        NULL, &g, &n, &d), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    float out[20];
    uint32_t keep, well, camp;
    assert_int_equal(wf_names_find(n, "keep", 4, &keep), WF_OK);
    assert_int_equal(wf_names_find(n, "well", 4, &well), WF_OK);
    assert_int_equal(wf_names_find(n, "camp", 4, &camp), WF_OK);
    wf_node_source s = {keep, 1.0, 20.0};
    wf_falloff_opts o = wf_falloff_opts_default();
    assert_int_equal(wf_field_falloff_graph(ws, g, &s, 1, &o, out), WF_OK);
    assert_true(out[keep] == 1.0f);
    /* keep (40,-10), well (45,-5): straight distance 7.07 of 20. */
    assert_true(fabsf(out[well] - (float)(1 - sqrt(50.0) / 20)) < 1e-6f);
    o.distance = WF_DISTANCE_PATH; /* keep → well is an arc of 7.5 */
    assert_int_equal(wf_field_falloff_graph(ws, g, &s, 1, &o, out), WF_OK);
    assert_true(fabsf(out[well] - (float)(1 - 7.5 / 20)) < 1e-6f);
    assert_true(out[camp] == 0.0f);
    wf_node_source bad = {99, 1, 1};
    assert_int_equal(wf_field_falloff_graph(ws, g, &bad, 1, &o, out), WF_E_RANGE);
    wf_search_destroy(ws);
    wf_graph_destroy(g);
    wf_names_destroy(n);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_of_sight),
        cmocka_unit_test(test_falloff_values),
        cmocka_unit_test(test_view_and_blend),
        cmocka_unit_test(test_region_updates),
        cmocka_unit_test(test_overlay_optimal),
        cmocka_unit_test(test_seed004_guard),
        cmocka_unit_test(test_graph_falloff),
        cmocka_unit_test(test_boxes_far_away),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
