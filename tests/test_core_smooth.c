/* Waypoints and string pulling (polyline.h): wf_path_corners on paths
 * with known corners and on random search paths (expanding the corners
 * again gives the path back); wf_path_smooth on thousands of random
 * weighted maps with filters under every movement model, never longer or
 * dearer than its input, every segment allowed by the move's rule, and
 * never shorter than the exact Euclidean shortest path; its refusals. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>

static wf_path path_of(const wf_point *pts, size_t n) {
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_path_reserve(&p, n), WF_OK);
    for (size_t i = 0; i < n; i++)
        p.points[i] = pts[i];
    p.count = n;
    return p;
}

static void test_corners_known(void **state) {
    (void)state;
    const wf_point pts[] = {{0, 0}, {1, 0}, {2, 0}, {3, 1}, {4, 2},
                            {4, 3}, {4, 4}, {3, 4}};
    const wf_point want[] = {{0, 0}, {2, 0}, {4, 2}, {4, 4}, {3, 4}};
    wf_path in = path_of(pts, 8), out;
    in.cost = 7.5;
    wf_path_init(&out, NULL);
    assert_int_equal(wf_path_corners(&in, &out), WF_OK);
    assert_int_equal(out.count, 5);
    assert_true(out.cost == 7.5);
    for (size_t i = 0; i < 5; i++) {
        assert_int_equal(out.points[i].x, want[i].x);
        assert_int_equal(out.points[i].y, want[i].y);
    }
    /* in place gives the same */
    assert_int_equal(wf_path_corners(&in, &in), WF_OK);
    assert_int_equal(in.count, 5);
    assert_memory_equal(in.points, want, sizeof want);
    /* a reversal is a corner; one and two cells stay as they are */
    const wf_point back[] = {{0, 0}, {1, 0}, {0, 0}};
    wf_path b = path_of(back, 3);
    assert_int_equal(wf_path_corners(&b, &out), WF_OK);
    assert_int_equal(out.count, 3);
    wf_path one = path_of(back, 1);
    assert_int_equal(wf_path_corners(&one, &out), WF_OK);
    assert_int_equal(out.count, 1);
    wf_path empty;
    wf_path_init(&empty, NULL);
    assert_int_equal(wf_path_corners(&empty, &out), WF_OK);
    assert_int_equal(out.count, 0);
    assert_int_equal(wf_path_corners(NULL, &out), WF_E_INVALID_ARG);
    assert_int_equal(wf_path_corners(&in, NULL), WF_E_INVALID_ARG);
    wf_path_free(&in);
    wf_path_free(&b);
    wf_path_free(&one);
    wf_path_free(&out);
}

enum { MAXS = 16 };

/* A random map up to 16 × 16: terrains 0–3 of costs 1–4 (all cost 1 when
 * uniform), walls at a random density. */

/* The corners expanded again, a unit step at a time, are the path. */
static void check_corners(const wf_path *p, const wf_path *c) {
    size_t k = 0;
    assert_true(c->count >= (p->count ? 1 : 0) && c->count <= p->count);
    for (size_t i = 0; i + 1 < c->count; i++) {
        wf_point a = c->points[i], b = c->points[i + 1];
        int sx = (b.x > a.x) - (b.x < a.x), sy = (b.y > a.y) - (b.y < a.y);
        /* a straight run: both offsets equal or one zero */
        assert_true(abs(b.x - a.x) == abs(b.y - a.y) || a.x == b.x ||
                    a.y == b.y);
        for (wf_point q = a; q.x != b.x || q.y != b.y;
             q.x += sx, q.y += sy) {
            assert_int_equal(q.x, p->points[k].x);
            assert_int_equal(q.y, p->points[k].y);
            k++;
        }
        if (i > 0) { /* a kept interior cell turns */
            wf_point z = c->points[i - 1];
            int tx = (a.x > z.x) - (a.x < z.x), ty = (a.y > z.y) - (a.y < z.y);
            assert_true(tx != sx || ty != sy);
        }
    }
    if (c->count) {
        assert_int_equal(c->points[c->count - 1].x, p->points[k].x);
        assert_int_equal(c->points[c->count - 1].y, p->points[k].y);
        assert_int_equal(k + 1, p->count);
    }
}

/* Checks one smoothed path against its input. */
static void check_smooth(const wf_grid *g, const wf_path *p,
                         const wf_search_opts *o, const wf_polyline *s,
                         int uniform, size_t *shorter) {
    int connect = o->move.connect ? o->move.connect : 8;
    wf_corners rule = connect == 4 ? WF_CORNERS_NO_CUT : o->move.corners;
    wf_polyline base;
    wf_polyline_init(&base, NULL);
    assert_int_equal(wf_polyline_from_path(g, p, o->move, o->filter, &base),
                     WF_OK);
    assert_true(s->count >= 1 && s->count <= p->count);
    assert_true(s->points[0].x == base.points[0].x &&
                s->points[0].y == base.points[0].y);
    assert_true(s->points[s->count - 1].x == base.points[base.count - 1].x &&
                s->points[s->count - 1].y == base.points[base.count - 1].y);
    /* the points are some of the path's centres, in order */
    size_t k = 0;
    for (size_t i = 0; i < s->count; i++) {
        while (k < base.count && (base.points[k].x != s->points[i].x ||
                                  base.points[k].y != s->points[i].y))
            k++;
        assert_true(k < base.count);
    }
    double cost = 0, len = 0;
    for (size_t i = 1; i < s->count; i++) {
        double c;
        assert_int_equal(wf_grid_segment_cost(g, s->points[i - 1],
                                              s->points[i], o->move, o->filter,
                                              &c),
                         WF_OK);
        cost += c;
        len += hypot(s->points[i].x - s->points[i - 1].x,
                     s->points[i].y - s->points[i - 1].y);
    }
    assert_true(fabs(cost - s->cost) <= 1e-9 * (1 + cost));
    assert_true(fabs(len - s->length) <= 1e-9 * (1 + len));
    assert_true(s->cost <= base.cost * (1 + 1e-9));
    assert_true(s->length <= base.length + 1e-9);
    if (s->length < base.length - 1e-9)
        (*shorter)++;
    if (uniform && !o->filter && rule != WF_CORNERS_ALWAYS) {
        wf_point a = p->points[0], b = p->points[p->count - 1];
        assert_true(s->length >= wf_test_euclid_shortest(g, a, b) - 1e-9);
    }
    wf_polyline_free(&base);
}

static void test_smooth_random(void **state) {
    (void)state;
    wf_test_rng r = {0x5300};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p, c;
    wf_path_init(&p, NULL);
    wf_path_init(&c, NULL);
    wf_polyline s;
    wf_polyline_init(&s, NULL);
    size_t paths = 0, shorter = 0;
    for (int m = 0; m < wf_test_count(3000); m++) {
        int uniform = m % 3 == 0;
        wf_grid *g = wf_test_random_map(&r, MAXS, uniform);
        wf_filter f;
        wf_search_opts o = wf_test_random_opts(&r, uniform, &f);
        for (int q = 0; q < 4; q++) {
            wf_point a = wf_test_random_cell(&r, g);
            wf_point b = wf_test_random_cell(&r, g);
            if (wf_search_grid(ws, g, a, b, &o, &p) != WF_OK)
                continue;
            paths++;
            assert_int_equal(wf_path_corners(&p, &c), WF_OK);
            check_corners(&p, &c);
            assert_int_equal(wf_path_smooth(g, &p, &o, &s), WF_OK);
            check_smooth(g, &p, &o, &s, uniform, &shorter);
        }
        wf_grid_destroy(g);
    }
    print_message("%zu paths smoothed, %zu made shorter\n", paths, shorter);
    assert_true(paths > (size_t)wf_test_count(3000) * 5 / 3);
    assert_true(shorter > paths / 4);
    wf_polyline_free(&s);
    wf_path_free(&p);
    wf_path_free(&c);
    wf_search_destroy(ws);
}

/* On a grid of one cost an open room's path becomes one segment; a
 * shortcut through a dearer patch is not taken. */
static void test_smooth_known(void **state) {
    (void)state;
    const char *rows[] = {"......",
                          "......",
                          "......",
                          "......"};
    wf_grid *g = wf_test_grid(rows, 4);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_polyline s;
    wf_polyline_init(&s, NULL);
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){5, 2},
                                    NULL, &p),
                     WF_OK);
    assert_int_equal(wf_path_smooth(g, &p, NULL, &s), WF_OK);
    assert_int_equal(s.count, 2);
    assert_true(fabs(s.length - hypot(5, 2)) < 1e-12);
    assert_true(fabs(s.cost - hypot(5, 2)) < 1e-12);
    wf_grid_destroy(g);

    /* the path runs along the bottom row; the cells above cost 9, so the
     * straight line from (0,3) to (5,2) would be dearer than the run */
    const char *rows2[] = {"......",
                           "......",
                           "999999",
                           "......"};
    g = wf_test_grid(rows2, 4);
    const wf_point pts[] = {{0, 3}, {1, 3}, {2, 3}, {3, 3}, {4, 3}, {5, 2}};
    wf_path in;
    wf_path_init(&in, NULL);
    assert_int_equal(wf_path_reserve(&in, 6), WF_OK);
    for (int i = 0; i < 6; i++)
        in.points[i] = pts[i];
    in.count = 6;
    wf_search_opts o = wf_search_opts_default();
    o.move.corners = WF_CORNERS_ALWAYS;
    assert_int_equal(wf_path_smooth(g, &in, &o, &s), WF_OK);
    assert_int_equal(s.count, 3);
    assert_true(s.points[1].x == 4.5 && s.points[1].y == 3.5);

    /* refusals */
    float layer[24] = {0};
    wf_search_opts bad = wf_search_opts_default();
    bad.overlay.values = layer;
    bad.overlay.count = 24;
    assert_int_equal(wf_path_smooth(g, &in, &bad, &s), WF_E_INVALID_ARG);
    bad = wf_search_opts_default();
    bad.move.connect = 6;
    assert_int_equal(wf_path_smooth(g, &in, &bad, &s), WF_E_INVALID_ARG);
    /* a step the rule does not allow: the diagonal (4,3) → (5,2) between
     * two walls */
    assert_int_equal(wf_grid_set(g, 5, 3, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_grid_set(g, 4, 2, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_path_smooth(g, &in, NULL, &s), WF_E_INVALID_ARG);
    in.points[5] = (wf_point){6, 2};
    assert_int_equal(wf_path_smooth(g, &in, NULL, &s), WF_E_RANGE);
    assert_int_equal(wf_path_smooth(NULL, &in, NULL, &s), WF_E_INVALID_ARG);
    assert_int_equal(wf_path_smooth(g, &in, NULL, NULL), WF_E_INVALID_ARG);
    in.count = 0;
    assert_int_equal(wf_path_smooth(g, &in, NULL, &s), WF_OK);
    assert_int_equal(s.count, 0);
    wf_path_free(&in);
    wf_path_free(&p);
    wf_polyline_free(&s);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static double refuse_cb(void *ud, wf_point a, wf_point b, double c) {
    (void)ud;
    (void)a;
    (void)b;
    return c;
}

static void test_smooth_refuses_callback(void **state) {
    (void)state;
    const char *rows[] = {"...", "..."};
    wf_grid *g = wf_test_grid(rows, 2);
    const wf_point pts[] = {{0, 0}, {1, 0}};
    wf_path in = path_of(pts, 2);
    wf_polyline s;
    wf_polyline_init(&s, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.move_cost = refuse_cb;
    assert_int_equal(wf_path_smooth(g, &in, &o, &s), WF_E_INVALID_ARG);
    wf_filter f;
    wf_filter_init(&f);
    f.mult[3] = 0;
    o = wf_search_opts_default();
    o.filter = &f;
    assert_int_equal(wf_path_smooth(g, &in, &o, &s), WF_E_INVALID_ARG);
    wf_path_free(&in);
    wf_polyline_free(&s);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corners_known),
        cmocka_unit_test(test_smooth_known),
        cmocka_unit_test(test_smooth_refuses_callback),
        cmocka_unit_test(test_smooth_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
