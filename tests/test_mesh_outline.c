/* Meshes made from outlines (wf_mesh_from_outlines): shortest paths equal
 * an independent visibility-graph reference on random polygon worlds
 * (holes that touch along edges and at corners, collinear and repeated
 * points, either orientation, coordinates from 2^-30 to 2^40 world
 * units), equal the grid's mesh when the outlines are a grid's cells, and
 * every bad outline is refused with a message naming it. */
#include "outline_world.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/mesh.h"

typedef struct tally {
    long worlds, queries, paths, none, segments;
    double worst;
} tally;

/* One query on mesh m (outlines scaled by f) against the reference. */
static void check_query(const wf_oracle *ref, wf_mesh_query *q,
                        const wf_mesh *m, double f, wf_vec2 s, wf_vec2 t,
                        wf_polyline *p, tally *tl) {
    if (wf_oracle_where(ref, s) < 0 || wf_oracle_where(ref, t) < 0)
        return; /* on an edge: the reference takes points off them */
    const double want = wf_oracle_shortest(ref, s, t);
    const wf_status st = wf_mesh_path(q, m, (wf_vec2){s.x * f, s.y * f},
                                      (wf_vec2){t.x * f, t.y * f}, p);
    tl->queries++;
    if (isinf(want)) {
        if (st != WF_NO_PATH)
            fprintf(stderr, "(%g, %g) -> (%g, %g): got %g, want none\n", s.x,
                    s.y, t.x, t.y, p->length / f);
        assert_int_equal(st, WF_NO_PATH);
        tl->none++;
        return;
    }
    if (st != WF_OK || !wf_test_close(p->length / f, want))
        fprintf(stderr, "(%g, %g) -> (%g, %g) at scale %g: status %d, "
                        "length %.17g, want %.17g\n",
                s.x, s.y, t.x, t.y, f, st, p->length / f, want);
    assert_int_equal(st, WF_OK);
    assert_true(wf_test_close(p->length / f, want));
    tl->worst = fmax(tl->worst, fabs(p->length / f - want) / fmax(want, 1e-300));
    for (size_t i = 0; i + 1 < p->count; i++) {
        const wf_vec2 a = {p->points[i].x / f, p->points[i].y / f};
        const wf_vec2 b = {p->points[i + 1].x / f, p->points[i + 1].y / f};
        assert_true(wf_oracle_clear(ref, a, b));
        tl->segments++;
    }
    tl->paths++;
}

static void test_random_worlds(void **state) {
    (void)state;
    static const double scales[] = {1, 0.125, 3, 0x1p-30, 0x1p40};
    static wf_world w, s;
    wf_test_rng r = {29};
    tally tl = {0};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    const int worlds = wf_test_count(150);
    for (int k = 0; k < worlds; k++) {
        wf_world_random(&w, &r);
        const double f = scales[k % 5];
        wf_world_scaled(&w, f, &s);
        wf_mesh *m;
        wf_diag d = {0};
        const wf_status st = wf_mesh_from_outlines(s.o, s.n, NULL, NULL, &m, &d);
        if (st != WF_OK)
            fprintf(stderr, "world %d: %s\n", k, d.message);
        assert_int_equal(st, WF_OK);
        wf_oracle *ref = wf_oracle_create(w.o, w.n);
        for (int i = 0; i < 24; i++)
            check_query(ref, q, m, f, wf_world_point(ref, &r),
                        wf_world_point(ref, &r), &p, &tl);
        wf_oracle_destroy(ref);
        wf_mesh_destroy(m);
        tl.worlds++;
    }
    fprintf(stderr, "random outline worlds: %ld worlds (scales 2^-30 to 2^40), "
                    "%ld queries: %ld paths equal the visibility-graph "
                    "reference (max relative error %.2g, %ld segments clear "
                    "by it), %ld without a path where it has none\n",
            tl.worlds, tl.queries, tl.paths, tl.worst, tl.segments, tl.none);
    assert_true(tl.paths > tl.queries / 4 && tl.none > 0);
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
}

static void test_grid_cells(void **state) {
    (void)state;
    static wf_world w;
    wf_test_rng r = {7};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline a, b;
    wf_polyline_init(&a, NULL);
    wf_polyline_init(&b, NULL);
    long maps = 0, queries = 0, paths = 0;
    for (int k = 0; k < wf_test_count(300); k++) {
        wf_grid *g;
        const int gw = 2 + (int)wf_test_rng_below(&r, 11),
                  gh = 2 + (int)wf_test_rng_below(&r, 11);
        assert_int_equal(wf_grid_create(gw, gh, NULL, &g), WF_OK);
        wf_test_fill_any_angle(g, &r, k % 12);
        wf_world_grid(g, &w, &r);
        wf_mesh *mg, *mo;
        assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, &mg, NULL), WF_OK);
        assert_int_equal(wf_mesh_from_outlines(w.o, w.n, NULL, NULL, &mo, NULL),
                         WF_OK);
        for (int i = 0; i < 30; i++) {
            const wf_vec2 s = {wf_test_rng_below(&r, 8 * gw) / 8.0,
                               wf_test_rng_below(&r, 8 * gh) / 8.0};
            const wf_vec2 t = {wf_test_rng_below(&r, 8 * gw) / 8.0,
                               wf_test_rng_below(&r, 8 * gh) / 8.0};
            const wf_status sg = wf_mesh_path(q, mg, s, t, &a);
            const wf_status so = wf_mesh_path(q, mo, s, t, &b);
            assert_int_equal(sg, so);
            if (sg == WF_OK) {
                assert_true(wf_test_close(a.length, b.length));
                paths++;
            }
            queries++;
        }
        wf_mesh_destroy(mg);
        wf_mesh_destroy(mo);
        wf_grid_destroy(g);
        maps++;
    }
    fprintf(stderr, "grid cells as outlines: %ld maps, %ld queries between "
                    "points on an eighth-cell lattice, the same status as the "
                    "grid's mesh, %ld paths of the same length\n",
            maps, queries, paths);
    wf_polyline_free(&a);
    wf_polyline_free(&b);
    wf_mesh_query_destroy(q);
}

/* wf_mesh_from_outlines refuses o with status want, its message holding
 * every string of has (up to 2). */
static void refuse(const wf_outline *o, size_t n, const wf_mesh_opts *opts,
                   wf_status want, const char *has1, const char *has2) {
    wf_mesh *m = (wf_mesh *)1;
    wf_diag d = {0};
    const wf_status st = wf_mesh_from_outlines(o, n, opts, NULL, &m, &d);
    if (st != want || (has1 && !strstr(d.message, has1)) ||
        (has2 && !strstr(d.message, has2)))
        fprintf(stderr, "status %d, message \"%s\"\n", st, d.message);
    assert_int_equal(st, want);
    assert_null(m);
    if (has1)
        assert_non_null(strstr(d.message, has1));
    if (has2)
        assert_non_null(strstr(d.message, has2));
}

static void test_bad_outlines(void **state) {
    (void)state;
    const wf_vec2 sq[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    const wf_vec2 a[] = {{2, 2}, {6, 2}, {6, 6}, {2, 6}};
    const wf_vec2 b[] = {{4, 4}, {8, 4}, {8, 8}, {4, 8}};
    const wf_vec2 bow[] = {{1, 1}, {5, 5}, {5, 1}, {1, 5}};
    const wf_vec2 line[] = {{1, 1}, {2, 2}, {3, 3}};
    const wf_vec2 far[] = {{20, 20}, {30, 20}, {30, 30}};
    const wf_vec2 nan[] = {{1, 1}, {NAN, 2}, {3, 1}};
    wf_outline o[3] = {{sq, 4, WF_OUTLINE_WALKABLE, "the floor"},
                       {a, 4, WF_OUTLINE_OBSTACLE, "rock A"},
                       {b, 4, WF_OUTLINE_OBSTACLE, "rock B"}};
    refuse(o, 3, NULL, WF_E_INVALID_ARG, "rock B crosses rock A", "near (6, 4)");
    o[1] = (wf_outline){bow, 4, WF_OUTLINE_OBSTACLE, NULL};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "outline 2 crosses itself", "(3, 3)");
    o[1] = (wf_outline){line, 3, WF_OUTLINE_OBSTACLE, "line 7"};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "line 7 has no area", NULL);
    o[1] = (wf_outline){far, 3, WF_OUTLINE_OBSTACLE, "the moon"};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "the moon", "outside every walkable");
    o[1] = (wf_outline){nan, 3, WF_OUTLINE_OBSTACLE, "object 4"};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "object 4 has point 2 not a finite",
           NULL);
    o[1] = (wf_outline){sq, 2, WF_OUTLINE_OBSTACLE, NULL};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "outline 2 has fewer than 3", NULL);
    o[1] = (wf_outline){a, 4, (wf_outline_kind)7, NULL};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "unknown kind", NULL);
    o[0].kind = WF_OUTLINE_OBSTACLE;
    refuse(o, 1, NULL, WF_E_INVALID_ARG, "no walkable outline", NULL);
    refuse(NULL, 0, NULL, WF_E_INVALID_ARG, "no walkable outline", NULL);
    refuse(NULL, 2, NULL, WF_E_INVALID_ARG, "required", NULL);
    o[0].kind = WF_OUTLINE_WALKABLE;
    wf_mesh_opts opts = {.scale = 1e7};
    refuse(o, 1, &opts, WF_E_INVALID_ARG, "scale 1e+07 does not fit", NULL);
    opts = (wf_mesh_opts){.scale = -1};
    refuse(o, 1, &opts, WF_E_INVALID_ARG, "scale -1", NULL);
    opts = (wf_mesh_opts){.cost = NAN};
    refuse(o, 1, &opts, WF_E_INVALID_ARG, "cost nan", NULL);
    assert_int_equal(wf_mesh_from_outlines(o, 1, NULL, NULL, NULL, NULL),
                     WF_E_INVALID_ARG);
    /* huge but finite coordinates are fine: the scale follows them */
    const wf_vec2 huge[] = {
        {-0x1p997, -0x1p997}, {0x1p997, -0x1p997}, {0, 0x1p997}};
    o[0] = (wf_outline){huge, 3, WF_OUTLINE_WALKABLE, NULL};
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_outlines(o, 1, NULL, NULL, &m, NULL), WF_OK);
    wf_mesh_query *q;
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    assert_int_equal(wf_mesh_path(q, m, (wf_vec2){0, -0x1p995},
                                  (wf_vec2){0, 0x1p995}, &p),
                     WF_OK);
    assert_true(p.length == 0x1p996);
    wf_mesh_query_destroy(q);
    wf_polyline_free(&p);
    wf_mesh_destroy(m);
    fprintf(stderr, "bad outlines: 15 refused, each naming the outline\n");
}

static void test_out_of_memory(void **state) {
    (void)state;
    static wf_world w;
    wf_test_rng r = {5};
    wf_world_random(&w, &r);
    wf_world_job job = {&w, NULL};
    const int refused = wf_test_each_refusal(wf_world_build, &job);
    fprintf(stderr, "out of memory: %d allocations refused one by one, each "
                    "WF_E_NOMEM, no leak\n",
            refused);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_worlds),
        cmocka_unit_test(test_grid_cells),
        cmocka_unit_test(test_bad_outlines),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
