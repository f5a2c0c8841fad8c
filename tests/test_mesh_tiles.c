/* Tiled grid meshes (wf_mesh_opts.tile) and their updates after edits
 * (wf_mesh_update): every query equals the untiled mesh's on random maps
 * with units of sizes 1 to 3 and filters, and after every random edit
 * equals a mesh built anew from the edited grid. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/io.h"
#include "wayfind/mesh.h"

static const wf_move ONE_FREE = {8, WF_CORNERS_ONE_FREE, 1};

/* The changes a grid watcher hears, kept for wf_mesh_update. */
typedef struct heard {
    wf_cell_change c[4096];
    size_t n;
    int all;
} heard;

static void listen(void *ud, const wf_grid *g, const wf_cell_change *c,
                   size_t n) {
    (void)g;
    heard *h = ud;
    if (!c)
        h->all = 1;
    for (size_t i = 0; i < n && h->n < 4096; i++)
        h->c[h->n++] = c[i];
}

/* A random point on an eighth-cell lattice of g. */
static wf_vec2 some_point(wf_test_rng *r, const wf_grid *g) {
    return (wf_vec2){wf_test_rng_below(r, 8 * (uint32_t)wf_grid_width(g)) / 8.0,
                     wf_test_rng_below(r, 8 * (uint32_t)wf_grid_height(g)) / 8.0};
}

/* a and b hold the same places: the same number of pieces, and for
 * point p, both locate it or neither does (the polygon found holds it),
 * and their nearest points lie as far from it (within a unit of the
 * fixed point either may have been moved to). */
static void same_places(const wf_mesh *a, const wf_mesh *b, wf_vec2 p) {
    wf_mesh_info ia, ib;
    assert_int_equal(wf_mesh_describe(a, &ia), WF_OK);
    assert_int_equal(wf_mesh_describe(b, &ib), WF_OK);
    assert_int_equal(ia.pieces, ib.pieces);
    const long la = wf_mesh_locate(a, p), lb = wf_mesh_locate(b, p);
    assert_int_equal(la < 0, lb < 0);
    if (la >= 0) {
        assert_true(wf_mesh_polygon_contains(a, (size_t)la, p));
        assert_true(wf_mesh_polygon_contains(b, (size_t)lb, p));
    }
    wf_vec2 na, nb;
    const long ka = wf_mesh_nearest(a, p, &na), kb = wf_mesh_nearest(b, p, &nb);
    assert_int_equal(ka < 0, kb < 0);
    if (ka >= 0) {
        const double da = hypot(na.x - p.x, na.y - p.y),
                     db = hypot(nb.x - p.x, nb.y - p.y);
        assert_true(fabs(da - db) <= 2.0 / WF_MESH_GRID_SCALE);
    }
}

/* n queries on a and b agree (status and length), and so do the places
 * of their ends (same_places); returns the paths. */
static int agree(wf_mesh_query *q, const wf_mesh *a, const wf_mesh *b,
                 const wf_grid *g, wf_test_rng *r, int n) {
    wf_polyline pa, pb;
    wf_polyline_init(&pa, NULL);
    wf_polyline_init(&pb, NULL);
    int paths = 0;
    uint64_t seed = wf_test_rng_next(r);
    for (int i = 0; i < n; i++) {
        wf_vec2 s = some_point(r, g), t = some_point(r, g);
        if (i % 2) /* half the time, ends on the mesh */
            if (wf_mesh_random_point(a, &seed, &s) != WF_OK ||
                wf_mesh_random_point(a, &seed, &t) != WF_OK)
                s = some_point(r, g), t = some_point(r, g);
        same_places(a, b, s);
        same_places(a, b, (wf_vec2){t.x * 1.5 - 2, t.y * 1.5 - 2});
        const wf_status sa = wf_mesh_path(q, a, s, t, &pa);
        const wf_status sb = wf_mesh_path(q, b, s, t, &pb);
        if (sa != sb || (sa == WF_OK && !wf_test_close(pa.length, pb.length)))
            fprintf(stderr, "(%g, %g) -> (%g, %g): %d %.17g vs %d %.17g\n",
                    s.x, s.y, t.x, t.y, sa, pa.length, sb, pb.length);
        assert_int_equal(sa, sb);
        if (sa == WF_OK) {
            assert_true(wf_test_close(pa.length, pb.length));
            paths++;
        }
    }
    wf_polyline_free(&pa);
    wf_polyline_free(&pb);
    return paths;
}

static void test_tiled_equals_whole(void **state) {
    (void)state;
    wf_test_rng r = {41};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    long maps = 0, queries = 0, paths = 0;
    for (int k = 0; k < wf_test_count(300); k++) {
        wf_grid *g;
        const int w = 3 + (int)wf_test_rng_below(&r, 30),
                  h = 3 + (int)wf_test_rng_below(&r, 30);
        assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
        wf_test_fill_any_angle(g, &r, k % 12);
        wf_move mv = ONE_FREE;
        mv.size = 1 + (int)wf_test_rng_below(&r, 3);
        const wf_mesh_opts o = {.tile = 4 + wf_test_rng_below(&r, 9)};
        wf_mesh *whole, *tiled;
        assert_int_equal(wf_mesh_from_grid(g, &mv, NULL, NULL, NULL, &whole,
                                           NULL),
                         WF_OK);
        assert_int_equal(wf_mesh_from_grid(g, &mv, NULL, &o, NULL, &tiled,
                                           NULL),
                         WF_OK);
        paths += agree(q, whole, tiled, g, &r, 40);
        queries += 40;
        maps++;
        wf_mesh_destroy(whole);
        wf_mesh_destroy(tiled);
        wf_grid_destroy(g);
    }
    fprintf(stderr, "tiled meshes (tiles of 4 to 12 cells, sizes 1-3): %ld "
                    "maps, %ld queries, %ld paths, all as the untiled mesh\n",
            maps, queries, paths);
    wf_mesh_query_destroy(q);
}

/* One random edit of g: a cell, a batch of cells, or (rarely) a fill. */
static void edit(wf_grid *g, wf_test_rng *r) {
    const int w = wf_grid_width(g), h = wf_grid_height(g);
    const uint32_t kind = wf_test_rng_below(r, 20);
    if (kind == 0) {
        wf_grid_fill(g, 0);
        return;
    }
    const int n = kind < 12 ? 1 : 2 + (int)wf_test_rng_below(r, 12);
    wf_grid_edit_begin(g);
    for (int i = 0; i < n; i++)
        wf_grid_set(g, (int)wf_test_rng_below(r, (uint32_t)w),
                    (int)wf_test_rng_below(r, (uint32_t)h),
                    wf_test_rng_below(r, 2) ? WF_TERRAIN_WALL : 0);
    wf_grid_edit_commit(g);
}

static void test_updates(void **state) {
    (void)state;
    static heard ears;
    wf_test_rng r = {43};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    long edits = 0, queries = 0, paths = 0;
    for (int k = 0; k < wf_test_count(60); k++) {
        wf_grid *g;
        const int w = 6 + (int)wf_test_rng_below(&r, 30),
                  h = 6 + (int)wf_test_rng_below(&r, 30);
        assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
        wf_test_fill_any_angle(g, &r, k % 12);
        wf_move mv = ONE_FREE;
        mv.size = 1 + (int)wf_test_rng_below(&r, 3);
        const wf_mesh_opts o = {.tile = 4 + wf_test_rng_below(&r, 6)};
        wf_mesh *m;
        assert_int_equal(wf_mesh_from_grid(g, &mv, NULL, &o, NULL, &m, NULL),
                         WF_OK);
        assert_int_equal(wf_grid_watch(g, listen, &ears), WF_OK);
        for (int e = 0; e < 12; e++) {
            ears.n = 0;
            ears.all = 0;
            edit(g, &r);
            assert_int_equal(wf_mesh_update(m, g, ears.all ? NULL : ears.c,
                                            ears.all ? 0 : ears.n, NULL),
                             WF_OK);
            wf_mesh *fresh;
            assert_int_equal(wf_mesh_from_grid(g, &mv, NULL, NULL, NULL,
                                               &fresh, NULL),
                             WF_OK);
            paths += agree(q, m, fresh, g, &r, 20);
            queries += 20;
            edits++;
            wf_mesh_destroy(fresh);
        }
        wf_grid_unwatch(g, listen, &ears);
        wf_mesh_destroy(m);
        wf_grid_destroy(g);
    }
    fprintf(stderr, "tile updates: %ld random edits (cells, batches, fills; "
                    "sizes 1-3), each followed by 20 queries: %ld queries, "
                    "%ld paths, all as a mesh built anew\n",
            edits, queries, paths);
    wf_mesh_query_destroy(q);
}

/* Moving AI maps in tiles of 32 cells, edited: the scenarios' queries
 * (every 8th) on the updated mesh equal a mesh built anew. */
static void test_movingai(void **state) {
    (void)state;
    static const char *const maps[] = {"dao/den011d.map", "rooms/32room_000.map",
                                       "bg/AR0011SR.map"};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline a, b;
    wf_polyline_init(&a, NULL);
    wf_polyline_init(&b, NULL);
    long queries = 0;
    for (size_t k = 0; k < sizeof maps / sizeof *maps; k++) {
        char path[512];
        snprintf(path, sizeof path, "%s/movingai/%s", WF_SHARED_DIR, maps[k]);
        wf_grid *g = NULL;
        assert_int_equal(wf_movingai_map_read(path, NULL, &g, NULL), WF_OK);
        wf_scen sc = {0};
        snprintf(path, sizeof path, "%s/movingai/%s.scen", WF_SHARED_DIR,
                 maps[k]);
        assert_int_equal(wf_scen_read(path, NULL, &sc, NULL), WF_OK);
        const wf_mesh_opts o = {.tile = 32};
        wf_mesh *m, *fresh;
        assert_int_equal(wf_mesh_from_grid(g, &ONE_FREE, NULL, &o, NULL, &m,
                                           NULL),
                         WF_OK);
        /* a wall across the middle of every tile row, cell by cell */
        wf_cell_change c[64];
        size_t n = 0;
        for (int x = 5; x < wf_grid_width(g) && n < 64; x += 9) {
            const wf_point p = {x, wf_grid_height(g) / 2};
            c[n++] = (wf_cell_change){p, (uint8_t)wf_grid_get(g, p.x, p.y),
                                      WF_TERRAIN_WALL};
            wf_grid_set(g, p.x, p.y, WF_TERRAIN_WALL);
        }
        assert_int_equal(wf_mesh_update(m, g, c, n, NULL), WF_OK);
        assert_int_equal(wf_mesh_from_grid(g, &ONE_FREE, NULL, NULL, NULL,
                                           &fresh, NULL),
                         WF_OK);
        for (size_t i = 0; i < sc.count; i += 8) {
            const wf_vec2 s = {sc.entries[i].start.x + 0.5,
                               sc.entries[i].start.y + 0.5};
            const wf_vec2 t = {sc.entries[i].goal.x + 0.5,
                               sc.entries[i].goal.y + 0.5};
            const wf_status sa = wf_mesh_path(q, m, s, t, &a);
            const wf_status sb = wf_mesh_path(q, fresh, s, t, &b);
            assert_int_equal(sa, sb);
            if (sa == WF_OK)
                assert_true(wf_test_close(a.length, b.length));
            queries++;
        }
        wf_mesh_destroy(m);
        wf_mesh_destroy(fresh);
        wf_scen_free(&sc);
        wf_grid_destroy(g);
    }
    fprintf(stderr, "Moving AI maps in tiles of 32, edited: %ld scenario "
                    "queries, all as a mesh built anew\n",
            queries);
    wf_polyline_free(&a);
    wf_polyline_free(&b);
    wf_mesh_query_destroy(q);
}

static void test_refusals(void **state) {
    (void)state;
    wf_grid *g, *other;
    assert_int_equal(wf_grid_create(10, 10, NULL, &g), WF_OK);
    assert_int_equal(wf_grid_create(10, 10, NULL, &other), WF_OK);
    wf_mesh *whole, *tiled;
    wf_diag d = {0};
    wf_mesh_opts o = {.tile = 3};
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, &o, NULL, &tiled, &d),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "tile 3: a tile is 4 to 2^20 cells"));
    o = (wf_mesh_opts){.scale = 2};
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, &o, NULL, &tiled, &d),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "leave scale and cost 0"));
    o = (wf_mesh_opts){.tile = 4};
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, NULL, &whole, NULL),
                     WF_OK);
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, &o, NULL, &tiled, NULL),
                     WF_OK);
    assert_int_equal(wf_mesh_update(whole, g, NULL, 0, &d), WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "not built in tiles"));
    assert_int_equal(wf_mesh_update(tiled, other, NULL, 0, &d),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "another grid"));
    assert_int_equal(wf_mesh_update(NULL, g, NULL, 0, &d), WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_update(tiled, g, NULL, 3, &d), WF_E_INVALID_ARG);
    wf_mesh_destroy(whole);
    wf_mesh_destroy(tiled);
    wf_grid_destroy(g);
    wf_grid_destroy(other);
}

/* A tiled mesh and an update after an edit, made with allocator a. */
static wf_status build_and_update(const wf_allocator *a, void *ctx) {
    wf_grid *g = ctx;
    const wf_mesh_opts o = {.tile = 6};
    const wf_cell_change c = {{7, 7}, 0, WF_TERRAIN_WALL};
    wf_mesh *m = NULL;
    wf_status s = wf_mesh_from_grid(g, NULL, NULL, &o, a, &m, NULL);
    if (s == WF_OK) {
        wf_grid_set(g, 7, 7, WF_TERRAIN_WALL);
        s = wf_mesh_update(m, g, &c, 1, NULL);
        wf_grid_set(g, 7, 7, 0);
    }
    wf_mesh_destroy(m);
    return s;
}

static void test_out_of_memory(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(20, 14, NULL, &g), WF_OK);
    wf_test_rng r = {3};
    wf_test_fill_any_angle(g, &r, 4);
    assert_true(wf_test_each_refusal("out of memory", build_and_update, g) >
                0);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiled_equals_whole),
        cmocka_unit_test(test_updates),
        cmocka_unit_test(test_movingai),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
