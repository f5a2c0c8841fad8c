/* Obstacles added to and removed from an outline mesh in tiles
 * (wf_mesh_add_obstacle, wf_mesh_remove_obstacle): after every edit of
 * random sequences, every query answers as on a mesh built afresh from
 * the outlines left, and (sides at 45 degrees, cut exactly) as the
 * visibility-graph reference; off-mesh links stay; every misuse is
 * refused with a message naming it. */
#include "outline_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/io.h"
#include "wayfind/mesh.h"

/* The outlines of w still there (alive), in order, into o: how many. */
static size_t current(const wf_world *w, const int *alive, wf_outline *o) {
    size_t n = 0;
    for (size_t i = 0; i < w->n; i++)
        if (alive[i])
            o[n++] = w->o[i];
    return n;
}

/* The box the tiles of `tile` units cover for w's first n outlines, as
 * wf_mesh_opts.tile documents it: their bounding box widened to tile
 * lines. */
static void extent(const wf_world *w, size_t n, double tile, wf_vec2 *lo,
                   wf_vec2 *hi) {
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < w->o[i].count; j++) {
            x0 = fmin(x0, w->o[i].points[j].x), x1 = fmax(x1, w->o[i].points[j].x);
            y0 = fmin(y0, w->o[i].points[j].y), y1 = fmax(y1, w->o[i].points[j].y);
        }
    lo->x = floor(x0 / tile) * tile, lo->y = floor(y0 / tile) * tile;
    hi->x = lo->x + fmax(1, ceil((x1 - lo->x) / tile)) * tile;
    hi->y = lo->y + fmax(1, ceil((y1 - lo->y) / tile)) * tile;
}

static int inside(const wf_outline *o, wf_vec2 lo, wf_vec2 hi) {
    for (size_t j = 0; j < o->count; j++)
        if (o->points[j].x < lo.x || o->points[j].x > hi.x ||
            o->points[j].y < lo.y || o->points[j].y > hi.y)
            return 0;
    return 1;
}

typedef struct edits {
    long worlds, adds, removes, outside, queries, same, paths;
    wf_otally ref;
} edits;

/* Queries on m against a mesh built afresh from the outlines left and,
 * at 45 degrees, the reference. */
static void compare(const wf_world *w, const int *alive, const wf_mesh *m,
                    const wf_mesh_opts *opts, int general, wf_test_rng *r,
                    edits *e) {
    static wf_outline o[WF_WORLD_MAXO];
    const size_t n = current(w, alive, o);
    if (getenv("WF_TEST_DUMP"))
        for (size_t i = 0; i < n; i++) {
            fprintf(stderr, "%s", o[i].kind ? "obstacle" : "walkable");
            for (size_t j = 0; j < o[i].count; j++)
                fprintf(stderr, " %g %g", o[i].points[j].x, o[i].points[j].y);
            fprintf(stderr, "\n");
        }
    wf_mesh *fresh;
    assert_int_equal(wf_mesh_from_outlines(o, n, opts, NULL, &fresh, NULL),
                     WF_OK);
    wf_oracle *ref = wf_oracle_create(o, n);
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline a, b;
    wf_polyline_init(&a, NULL);
    wf_polyline_init(&b, NULL);
    for (int i = 0; i < 10; i++) {
        const wf_vec2 s = wf_world_point(ref, r), t = wf_world_point(ref, r);
        const wf_status sa = wf_mesh_path(q, m, s, t, &a);
        const wf_status sb = wf_mesh_path(q, fresh, s, t, &b);
        assert_int_equal(sa, sb);
        e->queries++;
        if (sa == WF_OK) {
            assert_true(wf_test_close(a.length, b.length));
            e->same += a.length == b.length;
            e->paths++;
        }
        if (!general)
            wf_otally_query(ref, q, m, 1, s, t, &a, &e->ref);
    }
    wf_polyline_free(&a);
    wf_polyline_free(&b);
    wf_mesh_query_destroy(q);
    wf_oracle_destroy(ref);
    wf_mesh_destroy(fresh);
}

/* One random edit of m (world w, alive): add a shape or remove an
 * obstacle, as the mesh must take it. */
static void edit(wf_world *w, int *alive, wf_mesh *m, double tile,
                 size_t first, int general, wf_test_rng *r, edits *e) {
    size_t live[WF_WORLD_MAXO], nl = 0;
    for (size_t i = 0; i < w->n; i++)
        if (alive[i] && w->o[i].kind == WF_OUTLINE_OBSTACLE)
            live[nl++] = i;
    wf_diag d = {0};
    if (nl && (wf_test_rng_below(r, 2) || w->n + 1 >= WF_WORLD_MAXO ||
               w->np + 16 >= WF_WORLD_MAXP)) {
        const uint32_t id = (uint32_t)live[wf_test_rng_below(r, (uint32_t)nl)];
        assert_int_equal(wf_mesh_remove_obstacle(m, id, &d), WF_OK);
        alive[id] = 0;
        assert_int_equal(wf_mesh_remove_obstacle(m, id, &d), WF_E_INVALID_ARG);
        assert_non_null(strstr(d.message, "never made, or removed"));
        e->removes++;
        return;
    }
    wf_world_shape(w, r, WF_OUTLINE_OBSTACLE, general);
    wf_outline *o = &w->o[w->n - 1];
    wf_vec2 lo, hi;
    extent(w, first, tile, &lo, &hi);
    uint32_t id = 0;
    const wf_status st = wf_mesh_add_obstacle(m, o, &id, &d);
    if (!inside(o, lo, hi)) {
        if (st != WF_E_INVALID_ARG)
            fprintf(stderr, "%d: %s\n", st, d.message);
        assert_int_equal(st, WF_E_INVALID_ARG);
        assert_non_null(strstr(d.message, "outside the mesh's extent"));
        w->np -= o->count; /* it never was */
        w->n--;
        e->outside++;
        return;
    }
    if (st != WF_OK)
        fprintf(stderr, "add: %s\n", d.message);
    assert_int_equal(st, WF_OK);
    assert_int_equal(id, w->n - 1);
    alive[id] = 1;
    e->adds++;
}

/* m written to a mesh file and parsed back (which checks it holds
 * together: corners used once at one point, convex counter-clockwise
 * polygons, edges shared both ways): the same answers. */
static void round_trip(const wf_mesh *m, wf_test_rng *r) {
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(wf_mesh_write(f, m), WF_OK);
    const long len = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)len + 1);
    assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    wf_mesh *back;
    wf_diag d = {0};
    const wf_status st = wf_mesh_parse(buf, (size_t)len, "tiles", NULL, NULL,
                                       &back, &d);
    if (st != WF_OK)
        fprintf(stderr, "%s\n", d.message);
    assert_int_equal(st, WF_OK);
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline a, b;
    wf_polyline_init(&a, NULL);
    wf_polyline_init(&b, NULL);
    for (int i = 0; i < 10; i++) {
        uint64_t seed = wf_test_rng_next(r);
        wf_vec2 s, t;
        if (wf_mesh_random_point(m, &seed, &s) != WF_OK ||
            wf_mesh_random_point(m, &seed, &t) != WF_OK)
            break;
        const wf_status sa = wf_mesh_path(q, m, s, t, &a);
        assert_int_equal(wf_mesh_path(q, back, s, t, &b), sa);
        assert_true(sa != WF_OK || a.length == b.length);
    }
    wf_polyline_free(&a);
    wf_polyline_free(&b);
    wf_mesh_query_destroy(q);
    wf_mesh_destroy(back);
    free(buf);
}

static void test_random_edits(void **state) {
    (void)state;
    static const unsigned tiles[] = {2, 3, 5, 8, 16};
    static wf_world w;
    int alive[WF_WORLD_MAXO];
    edits e = {0};
    wf_test_rng r = {2029};
    const int worlds = wf_test_count(20);
    for (int k = 0; k < worlds; k++) {
        const int general = k % 2;
        wf_world_overlapping(&w, &r, general);
        for (size_t i = 0; i < WF_WORLD_MAXO; i++)
            alive[i] = i < w.n;
        const size_t first = w.n;
        const wf_mesh_opts opts = {.tile = tiles[k % 5]};
        wf_mesh *m;
        assert_int_equal(wf_mesh_from_outlines(w.o, w.n, &opts, NULL, &m, NULL),
                         WF_OK);
        for (int i = 0; i < 16; i++) {
            edit(&w, alive, m, opts.tile, first, general, &r, &e);
            compare(&w, alive, m, &opts, general, &r, &e);
        }
        round_trip(m, &r);
        wf_mesh_destroy(m);
        e.worlds++;
    }
    fprintf(stderr, "random edits of tiled outline meshes: %ld worlds, %ld "
                    "obstacles added (%ld more refused outside the tiles), "
                    "%ld removed; each edited mesh read back from a mesh file "
                    "whole and the same; %ld queries after them answer as a mesh "
                    "built afresh (%ld paths, %ld of the very same length); "
                    "at 45 degrees %ld paths equal the reference (max "
                    "relative error %.2g), %ld without a path\n",
            e.worlds, e.adds, e.outside, e.removes, e.queries, e.paths, e.same,
            e.ref.paths, e.ref.worst, e.ref.none);
    assert_true(e.adds > 20 && e.removes > 20 && e.outside > 0);
    assert_true(e.ref.paths > 50 && e.ref.none > 0);
}

/* A coarse fixed point (4 units a world unit, tiles of 4 world units: 16
 * fixed-point units a side) at any angle: many crossings of outlines fall
 * within a unit of a tile side, where no bend may put a point. The tiles
 * still meet corner to corner (no crack), each mesh reads back whole, and
 * after every edit it answers as a mesh built afresh. */
static void test_coarse_fixed_point(void **state) {
    (void)state;
    static wf_world w;
    int alive[WF_WORLD_MAXO];
    wf_test_rng r = {4242};
    edits e = {0};
    const wf_mesh_opts opts = {.scale = 4, .tile = 4};
    const int worlds = wf_test_count(30);
    for (int k = 0; k < worlds; k++) {
        wf_world_overlapping(&w, &r, 1);
        for (size_t i = 0; i < WF_WORLD_MAXO; i++)
            alive[i] = i < w.n;
        const size_t first = w.n;
        wf_mesh *m;
        assert_int_equal(wf_mesh_from_outlines(w.o, w.n, &opts, NULL, &m, NULL),
                         WF_OK);
        wf_check_seams(m, 4);
        for (int i = 0; i < 6; i++) {
            edit(&w, alive, m, 4, first, 1, &r, &e);
            compare(&w, alive, m, &opts, 1, &r, &e);
            wf_check_seams(m, 4);
        }
        round_trip(m, &r);
        wf_mesh_destroy(m);
        e.worlds++;
    }
    fprintf(stderr, "a coarse fixed point (1/4 unit, tiles of 16 units): %ld "
                    "worlds at any angle, %ld obstacles added and %ld removed, "
                    "no crack at any tile side, each mesh read back whole; "
                    "%ld queries as a mesh built afresh (%ld paths)\n",
            e.worlds, e.adds, e.removes, e.queries, e.paths);
}

/* Triangles at any angle on the integers of [0, 64]² crossing one
 * another, on a fixed point of one unit a world unit in tiles of 16:
 * crossings fall within half a unit of tile sides, where the point a bend
 * goes through must not be (it would split one tile's side and not the
 * other's). The first world is one where it would (with bends allowed on
 * the sides, a crack opens there); none may crack. */
static void test_bends_off_tile_sides(void **state) {
    (void)state;
    static const double first[7][6] = {
        {61, 34, 51, 2, 18, 36},  {34, 35, 24, 56, 27, 31},
        {26, 11, 14, 42, 64, 40}, {16, 48, 14, 30, 52, 1},
        {50, 4, 59, 17, 48, 21},  {39, 53, 19, 8, 60, 34},
        {54, 11, 27, 3, 14, 54}};
    static const int kinds[7] = {0, 0, 0, 1, 1, 1, 0};
    const wf_vec2 g[] = {{0, 0}, {64, 0}, {64, 64}, {0, 64}};
    const wf_mesh_opts opts = {.scale = 1, .tile = 16};
    wf_test_rng r = {231};
    wf_vec2 pt[8][3];
    wf_outline o[9];
    const int worlds = wf_test_count(300);
    for (int k = 0; k < worlds; k++) {
        o[0] = (wf_outline){g, 4, WF_OUTLINE_WALKABLE, NULL};
        const int n = k ? 3 + (int)wf_test_rng_below(&r, 5) : 7;
        for (int i = 0; i < n; i++) {
            do
                for (int j = 0; j < 3; j++)
                    pt[i][j] = k ? (wf_vec2){wf_test_rng_below(&r, 65),
                                             wf_test_rng_below(&r, 65)}
                                 : (wf_vec2){first[i][2 * j], first[i][2 * j + 1]};
            while ((pt[i][1].x - pt[i][0].x) * (pt[i][2].y - pt[i][0].y) ==
                   (pt[i][1].y - pt[i][0].y) * (pt[i][2].x - pt[i][0].x));
            const int ob = k ? wf_test_rng_below(&r, 3) != 0 : kinds[i];
            o[i + 1] = (wf_outline){pt[i], 3,
                                    ob ? WF_OUTLINE_OBSTACLE
                                       : WF_OUTLINE_WALKABLE,
                                    NULL};
        }
        wf_mesh *m;
        assert_int_equal(wf_mesh_from_outlines(o, (size_t)n + 1, &opts, NULL,
                                               &m, NULL),
                         WF_OK);
        wf_check_seams(m, 16);
        wf_mesh_destroy(m);
    }
    fprintf(stderr, "bends kept off tile sides: %d worlds of crossing "
                    "triangles on a one-unit fixed point, no crack\n",
            worlds);
}

static double cost_of(wf_mesh_query *q, const wf_mesh *m, wf_vec2 s,
                      wf_vec2 t, size_t *links) {
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    const wf_status st = wf_mesh_path(q, m, s, t, &p);
    const double c = st == WF_OK ? p.cost : INFINITY;
    size_t ids[4], at[4];
    *links = st == WF_OK ? wf_mesh_path_links(q, ids, at, 4) : 0;
    wf_polyline_free(&p);
    return c;
}

/* Two grounds joined by a link: an obstacle added on the way makes the
 * walk longer, still through the link; removed, the path is as before. */
static void test_links_stay(void **state) {
    (void)state;
    const wf_vec2 a[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    const wf_vec2 b[] = {{20, 0}, {30, 0}, {30, 10}, {20, 10}};
    const wf_vec2 wall[] = {{4, 2}, {6, 2}, {6, 8}, {4, 8}};
    const wf_outline o[] = {{a, 4, WF_OUTLINE_WALKABLE, "west"},
                            {b, 4, WF_OUTLINE_WALKABLE, "east"}};
    const wf_outline w = {wall, 4, WF_OUTLINE_OBSTACLE, "wall"};
    const wf_mesh_opts opts = {.tile = 4};
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_outlines(o, 2, &opts, NULL, &m, NULL), WF_OK);
    const wf_mesh_link l = {{9, 5}, {21, 5}, 1, 1};
    assert_int_equal(wf_mesh_add_link(m, &l, NULL, NULL), WF_OK);
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    size_t taken;
    const wf_vec2 s = {1, 5}, t = {29, 5};
    assert_true(wf_test_close(cost_of(q, m, s, t, &taken), 8 + 1 + 8));
    assert_int_equal(taken, 1);
    uint32_t id;
    assert_int_equal(wf_mesh_add_obstacle(m, &w, &id, NULL), WF_OK);
    assert_int_equal(id, 2);
    assert_true(wf_test_close(cost_of(q, m, s, t, &taken),
                              2 * hypot(3, 3) + 2 + 1 + 8));
    assert_int_equal(taken, 1);
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    assert_int_equal(info.links, 1);
    assert_int_equal(wf_mesh_remove_obstacle(m, id, NULL), WF_OK);
    assert_true(wf_test_close(cost_of(q, m, s, t, &taken), 17));
    wf_mesh_query_destroy(q);
    wf_mesh_destroy(m);
}

static void refused(wf_status st, wf_status want, const wf_diag *d,
                    const char *has) {
    if (st != want || !strstr(d->message, has))
        fprintf(stderr, "status %d, message \"%s\"\n", st, d->message);
    assert_int_equal(st, want);
    assert_non_null(strstr(d->message, has));
}

static void test_refusals(void **state) {
    (void)state;
    const wf_vec2 sq[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    const wf_vec2 rock[] = {{2, 2}, {4, 2}, {4, 4}};
    const wf_vec2 bow[] = {{2, 2}, {6, 2}, {2, 6}, {6, 6}};
    const wf_vec2 far[] = {{2, 2}, {14, 2}, {2, 4}};
    const wf_vec2 nan[] = {{2, 2}, {NAN, 2}, {2, 4}};
    const wf_outline ground = {sq, 4, WF_OUTLINE_WALKABLE, "floor"};
    const wf_mesh_opts opts = {.tile = 4};
    wf_mesh *whole, *m;
    assert_int_equal(wf_mesh_from_outlines(&ground, 1, NULL, NULL, &whole, NULL),
                     WF_OK);
    assert_int_equal(wf_mesh_from_outlines(&ground, 1, &opts, NULL, &m, NULL),
                     WF_OK);
    wf_diag d = {0};
    uint32_t id = 99;
    wf_outline o = {rock, 3, WF_OUTLINE_OBSTACLE, "rock"};
    refused(wf_mesh_add_obstacle(whole, &o, &id, &d), WF_E_INVALID_ARG, &d,
            "not built from outlines in tiles");
    refused(wf_mesh_remove_obstacle(whole, 0, &d), WF_E_INVALID_ARG, &d,
            "not built from outlines in tiles");
    wf_grid *g;
    assert_int_equal(wf_grid_create(16, 16, NULL, &g), WF_OK);
    const wf_move move = {8, WF_CORNERS_ONE_FREE, 1};
    wf_mesh *grid_mesh;
    assert_int_equal(wf_mesh_from_grid(g, &move, NULL, &opts, NULL, &grid_mesh,
                                       NULL),
                     WF_OK);
    refused(wf_mesh_add_obstacle(grid_mesh, &o, &id, &d), WF_E_INVALID_ARG, &d,
            "not built from outlines in tiles");
    refused(wf_mesh_remove_obstacle(grid_mesh, 0, &d), WF_E_INVALID_ARG, &d,
            "not built from outlines in tiles");
    refused(wf_mesh_update(m, g, NULL, 0, &d), WF_E_INVALID_ARG, &d,
            "not built in tiles from a grid");
    wf_mesh_destroy(grid_mesh);
    wf_grid_destroy(g);
    refused(wf_mesh_add_obstacle(NULL, &o, &id, &d), WF_E_INVALID_ARG, &d,
            "required");
    refused(wf_mesh_add_obstacle(m, NULL, &id, &d), WF_E_INVALID_ARG, &d,
            "required");
    refused(wf_mesh_add_obstacle(m, &o, NULL, &d), WF_E_INVALID_ARG, &d,
            "required");
    refused(wf_mesh_remove_obstacle(NULL, 0, &d), WF_E_INVALID_ARG, &d,
            "required");
    o.kind = WF_OUTLINE_WALKABLE;
    refused(wf_mesh_add_obstacle(m, &o, &id, &d), WF_E_INVALID_ARG, &d,
            "rock is not an obstacle");
    o = (wf_outline){far, 3, WF_OUTLINE_OBSTACLE, "crate"};
    refused(wf_mesh_add_obstacle(m, &o, &id, &d), WF_E_INVALID_ARG, &d,
            "crate reaches (14, 2), outside the mesh's extent (0, 0)-(12, 12)");
    o = (wf_outline){bow, 4, WF_OUTLINE_OBSTACLE, "bow"};
    refused(wf_mesh_add_obstacle(m, &o, &id, &d), WF_E_INVALID_ARG, &d,
            "bow crosses itself near (4, 4)");
    o = (wf_outline){nan, 3, WF_OUTLINE_OBSTACLE, NULL};
    refused(wf_mesh_add_obstacle(m, &o, &id, &d), WF_E_INVALID_ARG, &d,
            "outline 1 has point 2 not a finite number");
    o = (wf_outline){rock, 2, WF_OUTLINE_OBSTACLE, "pebble"};
    refused(wf_mesh_add_obstacle(m, &o, &id, &d), WF_E_INVALID_ARG, &d,
            "pebble has fewer than 3 points");
    assert_int_equal(id, 99); /* untouched by a refusal */
    refused(wf_mesh_remove_obstacle(m, 0, &d), WF_E_INVALID_ARG, &d,
            "outline 0 is walkable ground, not an obstacle");
    refused(wf_mesh_remove_obstacle(m, 7, &d), WF_E_INVALID_ARG, &d,
            "no outline 7 in this mesh");
    o = (wf_outline){rock, 3, WF_OUTLINE_OBSTACLE, "rock"};
    assert_int_equal(wf_mesh_add_obstacle(m, &o, &id, &d), WF_OK);
    assert_int_equal(id, 1);
    assert_int_equal(wf_mesh_remove_obstacle(m, 1, &d), WF_OK);
    refused(wf_mesh_remove_obstacle(m, 1, &d), WF_E_INVALID_ARG, &d,
            "no outline 1 in this mesh (never made, or removed)");
    assert_int_equal(wf_mesh_add_obstacle(m, &o, &id, &d), WF_OK);
    assert_int_equal(id, 2); /* ids are never reused */
    wf_mesh_destroy(whole);
    wf_mesh_destroy(m);
    fprintf(stderr, "obstacle edits: 18 misuses refused, each named\n");
}

/* A tiled mesh built, an obstacle added and one removed, a path: with
 * allocator a. */
static wf_status build_edit(const wf_allocator *a, void *ud) {
    const wf_world *w = ud;
    const wf_mesh_opts opts = {.tile = 8};
    wf_mesh *m = NULL;
    wf_mesh_query *q = NULL;
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    const wf_vec2 box[] = {{20, 20}, {30, 21}, {25, 30}};
    const wf_outline o = {box, 3, WF_OUTLINE_OBSTACLE, NULL};
    uint32_t id;
    wf_status s = wf_mesh_from_outlines(w->o, w->n, &opts, a, &m, NULL);
    if (s == WF_OK)
        s = wf_mesh_add_obstacle(m, &o, &id, NULL);
    for (size_t i = 0; s == WF_OK && i < w->n; i++)
        if (w->o[i].kind == WF_OUTLINE_OBSTACLE) {
            s = wf_mesh_remove_obstacle(m, (uint32_t)i, NULL);
            break;
        }
    if (s == WF_OK)
        s = wf_mesh_query_create(a, &q);
    if (s == WF_OK)
        s = wf_mesh_path(q, m, (wf_vec2){5.25, 5.25}, (wf_vec2){40.25, 40.25},
                         &p);
    wf_mesh_query_destroy(q);
    wf_polyline_free(&p);
    wf_mesh_destroy(m);
    return s == WF_NO_PATH ? WF_OK : s;
}

static void test_out_of_memory(void **state) {
    (void)state;
    static wf_world w;
    wf_test_rng r = {8};
    wf_world_overlapping(&w, &r, 1);
    assert_true(wf_test_each_refusal("tiled outline edits out of memory",
                                     build_edit, &w) > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_edits),
        cmocka_unit_test(test_coarse_fixed_point),
        cmocka_unit_test(test_bends_off_tile_sides),
        cmocka_unit_test(test_links_stay),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
