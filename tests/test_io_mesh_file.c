/* Mesh files: a mesh written and read back answers every query bit for
 * bit as the mesh it was written from (paths with their lengths, corners,
 * statistics and the links they take, point location, nearest points, ray
 * casts, random points, polygons, links), on Moving AI maps and random
 * ones, for units of several sizes and filters, with and without the map,
 * with off-mesh links, and for outline meshes of scales that are no whole
 * number; it writes back as the same bytes. A file of version 1 is read
 * as the mesh it holds. Every truncation, every flipped byte, another map,
 * an edited map, a file of another version, arrays and links edited by
 * hand with the checksum made right again, an endless stream and every
 * allocation failure are refused with a message naming the problem. The
 * checksum is recomputed here from docs/formats.md, independently of the
 * reader. The figures are printed. */
#define _POSIX_C_SOURCE 200809L /* open_memstream, clock_gettime */

#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "wayfind/io.h"
#include "wayfind/mesh.h"

#define SEED 0x510E527FADE682D1u
#define HEADER 88
#define HEADER_V1 80
#define LINK_BYTES 28

static const wf_move ONE_FREE = {8, WF_CORNERS_ONE_FREE, 1};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The file of m, in memory. */
static unsigned char *file_bytes(const wf_mesh *m, size_t *len) {
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    assert_int_equal(wf_mesh_write(f, m), WF_OK);
    assert_int_equal(fclose(f), 0);
    *len = n;
    return (unsigned char *)buf;
}

/* b[0..len) into a new file named from the mkstemp template path. */
static void write_file(char *path, const unsigned char *b, size_t len) {
    wf_test_write_padded(path, b, len, (long)len + 1);
    assert_int_equal(truncate(path, (off_t)len), 0);
}

static void fix_checksum(unsigned char *b, size_t len) {
    wf_test_fix_checksum(b, len, 16, 8, SEED);
}

/* m's file is b[0..len). */
static void writes_back(const wf_mesh *m, const unsigned char *b, size_t len) {
    size_t n;
    unsigned char *again = file_bytes(m, &n);
    assert_int_equal(n, len);
    assert_memory_equal(again, b, len);
    free(again);
}

/* Parses b[0..len) (with g, may be NULL): the status, the message in *d,
 * the mesh in *out when out is not NULL (else freed). */
static wf_status parse(const unsigned char *b, size_t len, const wf_grid *g,
                       wf_diag *d, wf_mesh **out) {
    memset(d, 0, sizeof *d);
    wf_mesh *m = (wf_mesh *)1;
    const wf_status s = wf_mesh_parse(b, len, "t.mesh", g, NULL, &m, d);
    if (s != WF_OK)
        assert_null(m);
    if (out)
        *out = m;
    else
        wf_mesh_destroy(m);
    return s;
}

static void expect_refused(const unsigned char *b, size_t len,
                           const wf_grid *g, const char *why) {
    wf_diag d;
    assert_int_equal(parse(b, len, g, &d, NULL), WF_E_PARSE);
    if (!strstr(d.message, why))
        fprintf(stderr, "message '%s' lacks '%s'\n", d.message, why);
    assert_non_null(strstr(d.message, why));
    assert_string_equal(d.file, "t.mesh");
}

/* ---- the same answers --------------------------------------------------- */

typedef struct tally {
    long queries, paths, located, rays, clear, linked;
} tally;

static int same_point(wf_vec2 a, wf_vec2 b) {
    return memcmp(&a.x, &b.x, sizeof a.x) == 0 &&
           memcmp(&a.y, &b.y, sizeof a.y) == 0;
}

/* Every polygon alike, and the figures. */
static void same_polygons(const wf_mesh *a, const wf_mesh *b) {
    wf_mesh_info ia, ib;
    assert_int_equal(wf_mesh_describe(a, &ia), WF_OK);
    assert_int_equal(wf_mesh_describe(b, &ib), WF_OK);
    if (ia.links) /* a built mesh's link array has room to grow */
        ia.bytes = ib.bytes = 0;
    assert_memory_equal(&ia, &ib, sizeof ia);
    wf_vec2 pa[256], pb[256];
    long xa[256], xb[256];
    for (size_t p = 0; p < ia.polygons; p++) {
        const size_t n = wf_mesh_polygon(a, p, pa, xa, 256);
        assert_int_equal(n, wf_mesh_polygon(b, p, pb, xb, 256));
        assert_true(n <= 256);
        for (size_t i = 0; i < n; i++) {
            assert_true(same_point(pa[i], pb[i]));
            assert_int_equal(xa[i], xb[i]);
        }
    }
    for (size_t i = 0; i < ia.links; i++) {
        wf_mesh_link la, lb;
        assert_int_equal(wf_mesh_get_link(a, i, &la), WF_OK);
        assert_int_equal(wf_mesh_get_link(b, i, &lb), WF_OK);
        assert_true(same_point(la.a, lb.a) && same_point(la.b, lb.b));
        assert_memory_equal(&la.cost, &lb.cost, sizeof la.cost);
        assert_int_equal(la.two_way, lb.two_way);
    }
}

/* One path query on both meshes: the same status, message, corners,
 * length, cost and statistics. */
static void same_path(wf_mesh_query *qa, const wf_mesh *a, wf_mesh_query *qb,
                      const wf_mesh *b, wf_vec2 s, wf_vec2 t, tally *tl) {
    wf_polyline pa, pb;
    wf_polyline_init(&pa, NULL);
    wf_polyline_init(&pb, NULL);
    const wf_status sa = wf_mesh_path(qa, a, s, t, &pa);
    assert_int_equal(sa, wf_mesh_path(qb, b, s, t, &pb));
    assert_string_equal(wf_mesh_query_message(qa), wf_mesh_query_message(qb));
    assert_int_equal(pa.count, pb.count);
    for (size_t i = 0; i < pa.count; i++)
        assert_true(same_point(pa.points[i], pb.points[i]));
    assert_memory_equal(&pa.length, &pb.length, sizeof pa.length);
    assert_memory_equal(&pa.cost, &pb.cost, sizeof pa.cost);
    assert_memory_equal(&pa.stats, &pb.stats, sizeof pa.stats);
    size_t ia[16], ib[16], xa[16], xb[16];
    const size_t na = wf_mesh_path_links(qa, ia, xa, 16);
    assert_int_equal(na, wf_mesh_path_links(qb, ib, xb, 16));
    for (size_t i = 0; i < na && i < 16; i++) {
        assert_int_equal(ia[i], ib[i]);
        assert_int_equal(xa[i], xb[i]);
    }
    tl->queries++;
    tl->linked += na > 0;
    tl->paths += sa == WF_OK;
    wf_polyline_free(&pa);
    wf_polyline_free(&pb);
}

/* Locate, nearest and a ray cast from s to t, alike on both. */
static void same_points(const wf_mesh *a, const wf_mesh *b, wf_vec2 s,
                        wf_vec2 t, tally *tl) {
    const long la = wf_mesh_locate(a, s);
    assert_int_equal(la, wf_mesh_locate(b, s));
    tl->located += la >= 0;
    wf_vec2 na = {0, 0}, nb = {0, 0};
    assert_int_equal(wf_mesh_nearest(a, s, &na), wf_mesh_nearest(b, s, &nb));
    assert_true(same_point(na, nb));
    wf_vec2 ha = {0, 0}, hb = {0, 0};
    const wf_status ra = wf_mesh_raycast(a, s, t, &ha);
    assert_int_equal(ra, wf_mesh_raycast(b, s, t, &hb));
    assert_true(same_point(ha, hb));
    tl->rays++;
    tl->clear += ra == WF_OK;
}

/* A point for the queries: on the mesh (a random point of it), a cell
 * centre, or anywhere in and around the w x h box. */
static wf_vec2 some_point(const wf_mesh *m, wf_test_rng *r, uint64_t *seed,
                          int w, int h) {
    wf_vec2 p;
    const uint32_t kind = wf_test_rng_below(r, 3);
    if (kind == 0 && wf_mesh_random_point(m, seed, &p) == WF_OK)
        return p;
    if (kind < 2) /* (a mesh without area has no random point) */
        return (wf_vec2){wf_test_rng_below(r, (uint32_t)w) + 0.5,
                         wf_test_rng_below(r, (uint32_t)h) + 0.5};
    return (wf_vec2){wf_test_rng_below(r, 4096) * (w + 4) / 4096.0 - 2,
                     wf_test_rng_below(r, 4096) * (h + 4) / 4096.0 - 2};
}

/* n queries of each kind, and random points from one seed, alike on a
 * and b (a w x h world). */
static void same_answers(const wf_mesh *a, const wf_mesh *b, int w, int h,
                         int n, uint64_t seed, tally *tl) {
    same_polygons(a, b);
    wf_mesh_query *qa, *qb;
    assert_int_equal(wf_mesh_query_create(NULL, &qa), WF_OK);
    assert_int_equal(wf_mesh_query_create(NULL, &qb), WF_OK);
    wf_test_rng r = {seed};
    uint64_t sa = seed, sb = seed, pick = seed ^ 1;
    for (int i = 0; i < n; i++) {
        const wf_vec2 s = some_point(a, &r, &pick, w, h);
        const wf_vec2 t = some_point(a, &r, &pick, w, h);
        same_path(qa, a, qb, b, s, t, tl);
        same_points(a, b, s, t, tl);
        wf_vec2 ra = {0, 0}, rb = {0, 0};
        assert_int_equal(wf_mesh_random_point(a, &sa, &ra),
                         wf_mesh_random_point(b, &sb, &rb));
        assert_true(same_point(ra, rb));
    }
    wf_mesh_query_destroy(qa);
    wf_mesh_query_destroy(qb);
}

/* Written, read back with g and without (g NULL: a mesh of no grid, in
 * and around the w x h box): alike, and the same bytes again. Returns the
 * file's length. */
static size_t round_trip_box(const wf_mesh *m, const wf_grid *g, int w,
                             int h, int n, uint64_t seed, tally *tl) {
    size_t len;
    unsigned char *b = file_bytes(m, &len);
    for (int with = !g; with < 2; with++) {
        wf_mesh *back;
        wf_diag d;
        const wf_status st = parse(b, len, with ? g : NULL, &d, &back);
        if (st != WF_OK)
            fprintf(stderr, "refused: %s\n", d.message);
        assert_int_equal(st, WF_OK);
        same_answers(m, back, w, h, n, seed + (uint64_t)with, tl);
        writes_back(back, b, len);
        wf_mesh_destroy(back);
    }
    free(b);
    return len;
}

static size_t round_trip(const wf_mesh *m, const wf_grid *g, int n,
                         uint64_t seed, tally *tl) {
    return round_trip_box(m, g, wf_grid_width(g), wf_grid_height(g), n, seed,
                          tl);
}

/* k links between random points of m, of random costs, one-way or
 * two-way. */
static void add_links(wf_mesh *m, wf_test_rng *r, int k) {
    uint64_t seed = wf_test_rng_below(r, 1000);
    for (int i = 0; i < k; i++) {
        wf_mesh_link l = {{0, 0}, {0, 0}, 0, (int)wf_test_rng_below(r, 2)};
        if (wf_mesh_random_point(m, &seed, &l.a) != WF_OK ||
            wf_mesh_random_point(m, &seed, &l.b) != WF_OK)
            return; /* no area */
        l.cost = wf_test_rng_below(r, 4) ? wf_test_rng_below(r, 1000) / 97.0
                                         : 0;
        assert_int_equal(wf_mesh_add_link(m, &l, NULL, NULL), WF_OK);
    }
}

/* ---- round trips -------------------------------------------------------- */

static void test_random_maps(void **state) {
    (void)state;
    wf_test_rng r = {20261127};
    tally tl = {0};
    int maps = 0;
    for (int k = 0; k < wf_test_count(300); k++) {
        const int w = 1 + (int)wf_test_rng_below(&r, 24);
        const int h = 1 + (int)wf_test_rng_below(&r, 24);
        wf_grid *g;
        assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
        wf_test_fill_any_angle(g, &r, (int)wf_test_rng_below(&r, 12));
        wf_move mv = ONE_FREE;
        mv.size = 1 + (int)wf_test_rng_below(&r, 3);
        wf_filter f;
        wf_filter_init(&f);
        if (k % 3 == 0) { /* terrain 1 forbidden */
            wf_filter_set(&f, 1, INFINITY);
            for (int i = 0; i < w * h / 6; i++)
                wf_grid_set(g, (int)wf_test_rng_below(&r, (uint32_t)w),
                            (int)wf_test_rng_below(&r, (uint32_t)h), 1);
        }
        wf_mesh *m;
        assert_int_equal(
            wf_mesh_from_grid(g, &mv, k % 3 ? NULL : &f, NULL, NULL, &m, NULL),
            WF_OK);
        if (k % 2)
            add_links(m, &r, 1 + (int)wf_test_rng_below(&r, 4));
        round_trip(m, g, 20, (uint64_t)k, &tl);
        maps++;
        wf_mesh_destroy(m);
        wf_grid_destroy(g);
    }
    fprintf(stderr,
            "random maps: %d meshes (sizes 1-3, filters, half with "
            "links) written and read back with and without the map; %ld "
            "path queries (%ld paths, %ld taking links), %ld ray casts "
            "(%ld clear), %ld points located, nearest points and random "
            "points: all bit for bit\n",
            maps, tl.queries, tl.paths, tl.linked, tl.rays, tl.clear,
            tl.located);
}

/* A Moving AI map's mesh round trip: the file's size, the time to build
 * the mesh and to read it back (from memory and from a file), then the
 * queries. */
static void check_map(const char *map, int n, int links, tally *tl) {
    char path[512];
    snprintf(path, sizeof path, "%s/movingai/%s", WF_SHARED_DIR, map);
    wf_grid *g = NULL;
    assert_int_equal(wf_movingai_map_read(path, NULL, &g, NULL), WF_OK);
    wf_mesh *m, *back;
    double t0 = now_ms();
    assert_int_equal(wf_mesh_from_grid(g, &ONE_FREE, NULL, NULL, NULL, &m, NULL),
                     WF_OK);
    const double build = now_ms() - t0;
    size_t len;
    unsigned char *b = file_bytes(m, &len);
    char file[] = "/tmp/wf_test_mesh_XXXXXX";
    write_file(file, b, len);
    t0 = now_ms();
    wf_diag d;
    assert_int_equal(wf_mesh_read(file, g, NULL, &back, &d), WF_OK);
    const double load = now_ms() - t0;
    wf_mesh_destroy(back);
    t0 = now_ms();
    assert_int_equal(parse(b, len, NULL, &d, &back), WF_OK);
    const double parsed = now_ms() - t0;
    wf_mesh_destroy(back);
    remove(file);
    free(b);
    wf_test_rng r = {(uint64_t)links};
    add_links(m, &r, links);
    wf_mesh_info info;
    wf_mesh_describe(m, &info);
    const long before = tl->queries;
    round_trip(m, g, n, 7, tl);
    fprintf(stderr,
            "%s (%dx%d): %zu polygons, file %zu bytes (%.1f a "
            "cell); built in %.1f ms, read in %.1f ms (%.1f ms "
            "parsing from memory); %d links, %ld queries alike\n",
            map, wf_grid_width(g), wf_grid_height(g), info.polygons, len,
            (double)len / ((double)wf_grid_width(g) * wf_grid_height(g)),
            build, load, parsed, links, tl->queries - before);
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
}

static void test_movingai(void **state) {
    (void)state;
    const int n = wf_test_count(400);
    tally tl = {0};
    check_map("dao/arena.map", n, 3, &tl);
    check_map("dao/arena.map", n / 4, 12, &tl);
    check_map("dao/den011d.map", n, 0, &tl);
    check_map("bg/AR0011SR.map", n, 0, &tl);
    check_map("sc1/CatwalkAlley.map", n, 0, &tl);
    check_map("rooms/8room_000.map", n, 0, &tl);
    check_map("street/Boston_0_512.map", n, 0, &tl);
    check_map("mazes/maze512-1-0.map", n, 0, &tl);
    check_map("random/random512-40-0.map", n, 0, &tl);
    fprintf(stderr,
            "Moving AI maps: %ld path queries (%ld paths, %ld taking "
            "links), %ld ray casts, each as the mesh written\n",
            tl.queries, tl.paths, tl.linked, tl.rays);
}

/* Outline meshes of scales a version 1 file could not hold (no whole
 * number, below 1, a fine power of two), with links: written, read back
 * and alike. */
static void test_outline_scales(void **state) {
    (void)state;
    const double scales[] = {0, 3.7, 0.3, 1000.25, 0};
    const double spans[] = {10, 10, 10, 10, 3e8};
    tally tl = {0};
    for (size_t k = 0; k < sizeof scales / sizeof *scales; k++) {
        const double u = spans[k] / 10;
        const wf_vec2 ground[] = {{0, 0}, {10 * u, 0}, {10 * u, 10 * u},
                                  {0, 10 * u}};
        const wf_vec2 rock[] = {{3 * u, 2 * u}, {7 * u, 3 * u}, {5 * u, 8 * u}};
        const wf_outline o[] = {{ground, 4, WF_OUTLINE_WALKABLE, NULL},
                                {rock, 3, WF_OUTLINE_OBSTACLE, NULL}};
        const wf_mesh_opts opts = {.scale = scales[k], .cost = 1.5};
        wf_mesh *m;
        assert_int_equal(wf_mesh_from_outlines(o, 2, &opts, NULL, &m, NULL),
                         WF_OK);
        wf_test_rng r = {k};
        add_links(m, &r, 3);
        wf_mesh_info info;
        assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
        assert_true(scales[k] == 0 || info.scale == scales[k]);
        const size_t len =
            round_trip_box(m, NULL, (int)(10 * u), (int)(10 * u), 60, k, &tl);
        print_message("scale %.17g: %zu polygons, %zu links, %zu bytes\n",
                      info.scale, info.polygons, info.links, len);
        wf_mesh_destroy(m);
    }
    fprintf(stderr,
            "outline meshes of 5 scales with links: %ld path queries (%ld "
            "paths, %ld taking links), each as the mesh written\n",
            tl.queries, tl.paths, tl.linked);
}

/* ---- bad files ---------------------------------------------------------- */

/* The tests of bad files start from a 12 x 9 map of noise, its mesh and
 * the mesh's file. */
typedef struct small {
    wf_grid *g;
    wf_mesh *m;
    unsigned char *b;
    size_t len;
} small;

static int small_setup(void **state) {
    small *t = calloc(1, sizeof *t);
    assert_non_null(t);
    assert_int_equal(wf_grid_create(12, 9, NULL, &t->g), WF_OK);
    wf_test_rng r = {3};
    wf_test_fill_any_angle(t->g, &r, 4);
    assert_int_equal(
        wf_mesh_from_grid(t->g, &ONE_FREE, NULL, NULL, NULL, &t->m, NULL), WF_OK);
    t->b = file_bytes(t->m, &t->len);
    *state = t;
    return 0;
}

static int small_teardown(void **state) {
    small *t = *state;
    free(t->b);
    wf_mesh_destroy(t->m);
    wf_grid_destroy(t->g);
    free(t);
    return 0;
}

/* Every cut of the file, and the file run on, refused; every byte
 * flipped three ways refused. */
static void test_cut_and_flipped(void **state) {
    small *t = *state;
    unsigned char *x = malloc(t->len + 16);
    assert_non_null(x);
    for (size_t k = 0; k < t->len; k++)
        expect_refused(t->b, k, t->g, "truncated");
    memcpy(x, t->b, t->len);
    memset(x + t->len, 0, 16);
    for (size_t k = t->len + 1; k <= t->len + 16; k++)
        expect_refused(x, k, t->g, "(data after the arrays)");
    const unsigned char flips[3] = {0x01, 0x80, 0xFF};
    size_t flipped = 0;
    for (size_t i = 0; i < t->len; i++)
        for (int f = 0; f < 3; f++) {
            memcpy(x, t->b, t->len);
            x[i] ^= flips[f];
            wf_diag d;
            assert_int_equal(parse(x, t->len, NULL, &d, NULL), WF_E_PARSE);
            assert_true(d.message[0] != '\0');
            flipped++;
        }
    fprintf(stderr,
            "a %zu-byte file: %zu cuts, 16 extensions and %zu "
            "flipped bytes, each refused\n",
            t->len, t->len, flipped);
    free(x);
}

/* Another map, this one edited or priced otherwise, another version, and
 * header numbers out of range (checksum made right). */
static void test_wrong_map_and_header(void **state) {
    small *t = *state;
    unsigned char *x = malloc(t->len);
    assert_non_null(x);
    wf_grid *other;
    assert_int_equal(wf_grid_create(12, 10, NULL, &other), WF_OK);
    expect_refused(t->b, t->len, other,
                   "made for another map: a 12x9 one, this "
                   "map is 12x10");
    wf_grid_destroy(other);
    assert_int_equal(wf_grid_set_cost(t->g, 200, 2.0), WF_OK);
    expect_refused(t->b, t->len, t->g, "made for another map: its digest");
    assert_int_equal(wf_grid_set_cost(t->g, 200, 1.0), WF_OK);
    const uint8_t t0 = wf_grid_get(t->g, 5, 5);
    assert_int_equal(wf_grid_set(t->g, 5, 5, (uint8_t)(t0 ^ 1)), WF_OK);
    expect_refused(t->b, t->len, t->g, "made for another map: its digest");
    assert_int_equal(wf_grid_set(t->g, 5, 5, t0), WF_OK);
    wf_diag d;
    assert_int_equal(parse(t->b, t->len, t->g, &d, NULL), WF_OK);

    const struct {
        size_t at;
        uint32_t value;
        const char *why;
    } edits[] = {
        {0, 0x58464D57u, "not a mesh file"},
        {16, 3, "mesh file version 3, this build reads version 2"},
        {16, 0, "mesh file version 0, this build reads version 2"},
        {36, 2, "made from source 2"},
        {60, 1, "reserved header word is 1"},
        {84, 0x405FC000u, "127 fixed-point units a cell, not 128"},
        {20, 1, "truncated"},
        {20, 0x40000000u, "1073741824 links the header promises"},
        {40, 0x80000000u, "made from a -1 x 9 grid"},
        {48, 4, "moves 4-connected"},
        {52, 9, "move.corners must be"},
        {56, 65, "move.size must be 1 to 64"},
        {28, wf_test_get32(t->b + 28) + 1, "truncated"},
        {24, wf_test_get32(t->b + 24) - 1, "data after the arrays"},
        {68, 0, "a path costs 0 a unit"},
        {68, 0x7FF80000u, "a path costs nan a unit"},
    };
    for (size_t i = 0; i < sizeof edits / sizeof *edits; i++) {
        memcpy(x, t->b, t->len);
        wf_test_put32(x + edits[i].at, edits[i].value);
        if (edits[i].at == 68 || edits[i].at == 84) /* a double's low word */
            wf_test_put32(x + edits[i].at - 4, 0);
        if (edits[i].at >= 16)
            fix_checksum(x, t->len);
        expect_refused(x, t->len, NULL, edits[i].why);
    }
    memcpy(x, t->b, t->len);
    wf_test_put32(x + 36, 0); /* no grid, but its size, digest and unit */
    fix_checksum(x, t->len);
    expect_refused(x, t->len, NULL, "made from no grid has a grid's size");
    expect_refused(x, t->len, t->g, "made from no map");
    free(x);
}

/* ---- forged meshes ---------------------------------------------------------
 * Files made here from docs/formats.md, of a mesh made from no grid (scale
 * 1 unless given, cost 1), checksum right: each polygon its corner count,
 * corners and the polygons across its edges, then the links. */

#define NONE 0xFFFFFFFFu

typedef struct forged_link {
    int32_t a[2], b[2];
    double cost;
    uint32_t way;
} forged_link;

typedef struct forged {
    uint32_t nv, np, nc;
    int32_t xy[8][2];
    uint32_t count[4];
    uint32_t corner[12], across[12];
    double scale;
    uint32_t nl;
    forged_link link[2];
} forged;

static void put_f64(unsigned char *p, double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    wf_test_put32(p, (uint32_t)u);
    wf_test_put32(p + 4, (uint32_t)(u >> 32));
}

static unsigned char *forge(const forged *f, size_t *len) {
    *len = HEADER + 8 * (size_t)f->nv + 4 * (size_t)f->np +
           8 * (size_t)f->nc + LINK_BYTES * (size_t)f->nl;
    unsigned char *b = calloc(1, *len);
    assert_non_null(b);
    memcpy(b, "WFMESH\r\n", 8);
    wf_test_put32(b + 16, 2);
    wf_test_put32(b + 20, f->nl);
    wf_test_put32(b + 24, f->nv);
    wf_test_put32(b + 28, f->np);
    wf_test_put32(b + 32, f->nc);
    put_f64(b + 64, 1.0); /* cost */
    put_f64(b + 80, f->scale ? f->scale : 1);
    unsigned char *q = b + HEADER;
    for (uint32_t v = 0; v < f->nv; v++, q += 8) {
        wf_test_put32(q, (uint32_t)f->xy[v][0]);
        wf_test_put32(q + 4, (uint32_t)f->xy[v][1]);
    }
    for (uint32_t p = 0; p < f->np; p++, q += 4)
        wf_test_put32(q, f->count[p]);
    for (uint32_t i = 0; i < f->nc; i++, q += 4)
        wf_test_put32(q, f->corner[i]);
    for (uint32_t i = 0; i < f->nc; i++, q += 4)
        wf_test_put32(q, f->across[i]);
    for (uint32_t i = 0; i < f->nl; i++, q += LINK_BYTES) {
        const forged_link *l = &f->link[i];
        wf_test_put32(q, (uint32_t)l->a[0]);
        wf_test_put32(q + 4, (uint32_t)l->a[1]);
        wf_test_put32(q + 8, (uint32_t)l->b[0]);
        wf_test_put32(q + 12, (uint32_t)l->b[1]);
        put_f64(q + 16, l->cost);
        wf_test_put32(q + 24, l->way);
    }
    fix_checksum(b, *len);
    return b;
}

/* The version 1 file of the same mesh as the version 2 file b[0..*len),
 * which has no links and a whole-number scale: the 80-byte header with
 * the scale as a u32 at 20, the same arrays. */
static unsigned char *to_v1(const unsigned char *b, size_t *len) {
    assert_int_equal(wf_test_get32(b + 20), 0);
    double scale;
    const uint64_t bits = (uint64_t)wf_test_get32(b + 80) |
                          (uint64_t)wf_test_get32(b + 84) << 32;
    memcpy(&scale, &bits, sizeof scale);
    const size_t n = *len - (HEADER - HEADER_V1);
    unsigned char *v1 = malloc(n);
    assert_non_null(v1);
    memcpy(v1, b, HEADER_V1);
    memcpy(v1 + HEADER_V1, b + HEADER, *len - HEADER);
    wf_test_put32(v1 + 16, 1);
    wf_test_put32(v1 + 20, (uint32_t)scale);
    fix_checksum(v1, n);
    *len = n;
    return v1;
}

/* A 400 x 400 square of two triangles across its diagonal. */
static const forged SQUARE = {4,
                              2,
                              6,
                              {{0, 0}, {400, 0}, {400, 400}, {0, 400}},
                              {3, 3},
                              {0, 1, 2, 0, 2, 3},
                              {NONE, NONE, 1, 0, NONE, NONE},
                              1,
                              0,
                              {{{0, 0}, {0, 0}, 0, 0}}};

static void expect_forged(const forged *f, const char *why) {
    size_t len;
    unsigned char *b = forge(f, &len);
    wf_diag d;
    assert_int_equal(parse(b, len, NULL, &d, NULL), WF_E_PARSE);
    print_message("forged: %s\n", d.message);
    if (!strstr(d.message, why))
        fprintf(stderr, "message '%s' lacks '%s'\n", d.message, why);
    assert_non_null(strstr(d.message, why));
    free(b);
}

static void test_forged(void **state) {
    (void)state;
    size_t len;
    unsigned char *b = forge(&SQUARE, &len);
    wf_mesh *m;
    wf_diag d;
    assert_int_equal(parse(b, len, NULL, &d, &m), WF_OK);
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    assert_int_equal(
        wf_mesh_path(q, m, (wf_vec2){100, 300}, (wf_vec2){300, 100}, &p),
        WF_OK);
    assert_true(fabs(p.length - sqrt(80000.0)) < 1e-9);
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    assert_int_equal(info.triangles, 2);
    assert_int_equal(info.pieces, 1);
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
    wf_mesh_destroy(m);
    free(b);

    forged f = SQUARE;
    f.across[3] = NONE; /* polygon 1 no longer shares the diagonal */
    expect_forged(&f, "polygon 0's edge 2 (vertex 2 to 0) leads to polygon "
                      "1, which has not that edge");
    f = SQUARE;
    f.corner[1] = 2, f.corner[2] = 1; /* clockwise */
    expect_forged(&f, "polygon 0 is not convex and counter-clockwise");
    f = SQUARE;
    f.across[0] = 0;
    expect_forged(&f, "polygon 0's edge 0 leads to polygon 0");
    f = SQUARE;
    f.corner[4] = 7;
    expect_forged(&f, "polygon 1's corner 1 is vertex 7, of 4");
    f = SQUARE;
    f.count[0] = 2, f.count[1] = 4;
    expect_forged(&f, "polygon 0's corners end at 2");
    f = SQUARE;
    f.nv = 5, f.xy[4][0] = 0, f.xy[4][1] = 0;
    expect_forged(&f, "vertex 4 is a corner of no polygon");
    f.corner[3] = 4; /* polygon 1 starts at a second vertex at (0, 0) */
    expect_forged(&f, "vertices 0 and 4 are both at (0, 0)");
    f = SQUARE;
    f.xy[1][0] = 1 << 28;
    expect_forged(&f, "vertex 1 at (2.68435e+08, 0) is off the fixed "
                      "point's range");
    f = SQUARE;
    f.scale = -2;
    expect_forged(&f, "-2 fixed-point units a unit of length, not a number "
                      "> 0");
    f.scale = INFINITY;
    expect_forged(&f, "inf fixed-point units a unit of length");
    /* one triangle listed twice round */
    const forged twice = {3,
                          1,
                          6,
                          {{0, 0}, {4, 0}, {0, 4}},
                          {6},
                          {0, 1, 2, 0, 1, 2},
                          {NONE, NONE, NONE, NONE, NONE, NONE},
                          1,
                          0,
                          {{{0, 0}, {0, 0}, 0, 0}}};
    expect_forged(&twice, "polygon 0 winds 2 times round, not once");
    /* three corners on a line */
    const forged flat = {3,
                         1,
                         3,
                         {{0, 0}, {4, 0}, {8, 0}},
                         {3},
                         {0, 1, 2},
                         {NONE, NONE, NONE},
                         1,
                         0,
                         {{{0, 0}, {0, 0}, 0, 0}}};
    expect_forged(&flat, "polygon 0 is not convex and counter-clockwise at "
                         "its corner 2");
}

/* The square with links: read back, a path takes them; each link that
 * wf_mesh_add_link would refuse is refused, named. */
static void test_forged_links(void **state) {
    (void)state;
    forged f = SQUARE;
    f.nl = 2;
    f.link[0] = (forged_link){{10, 10}, {390, 390}, 0.5, 0};
    f.link[1] = (forged_link){{390, 10}, {10, 390}, 0, 1};
    size_t len;
    unsigned char *b = forge(&f, &len);
    wf_mesh *m;
    wf_diag d;
    assert_int_equal(parse(b, len, NULL, &d, &m), WF_OK);
    assert_int_equal(wf_mesh_link_count(m), 2);
    wf_mesh_link l;
    assert_int_equal(wf_mesh_get_link(m, 1, &l), WF_OK);
    assert_true(l.a.x == 390 && l.a.y == 10 && l.b.x == 10 && l.b.y == 390);
    assert_true(l.cost == 0 && l.two_way == 1);
    /* back along link 1, which is two-way; link 0 is one-way: back, the
     * walk */
    const wf_vec2 ends[3][2] = {{{10, 390}, {390, 10}},
                                {{390, 390}, {10, 10}},
                                {{10, 10}, {390, 390}}};
    const double cost[3] = {0, 380 * sqrt(2.0), 0.5};
    const size_t taken[3] = {1, 0, 1};
    for (int i = 0; i < 3; i++) {
        wf_mesh_query *q;
        assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
        wf_polyline p;
        wf_polyline_init(&p, NULL);
        assert_int_equal(wf_mesh_path(q, m, ends[i][0], ends[i][1], &p), WF_OK);
        assert_true(fabs(p.cost - cost[i]) < 1e-9);
        size_t id = 9;
        assert_int_equal(wf_mesh_path_links(q, &id, NULL, 1), taken[i]);
        assert_true(!taken[i] || id == (size_t)(i == 0));
        wf_polyline_free(&p);
        wf_mesh_query_destroy(q);
    }
    writes_back(m, b, len);
    wf_mesh_destroy(m);
    free(b);

    forged bad = f;
    bad.link[0].cost = NAN;
    expect_forged(&bad, "link 0 costs nan, not a number 0 or more");
    bad.link[0].cost = -1;
    expect_forged(&bad, "link 0 costs -1, not a number 0 or more");
    bad.link[0].cost = INFINITY;
    expect_forged(&bad, "link 0 costs inf");
    bad = f;
    bad.link[1].way = 2;
    expect_forged(&bad, "link 1 is neither one-way (0) nor two-way (1)");
    bad = f;
    bad.link[0].a[0] = 500;
    expect_forged(&bad, "link 0's first end (500, 10) is not on the mesh");
    bad = f;
    bad.link[1].b[1] = INT32_MIN;
    expect_forged(&bad, "link 1's second end (10, -2.14748e+09) is not on "
                        "the mesh");
    bad = f;
    bad.link[1].b[0] = 1 << 27; /* beyond where a query's point may be */
    expect_forged(&bad, "link 1's second end (1.34218e+08, 390) is not on");
}

/* A file of version 1 (80-byte header, the scale a u32, no links) is read
 * as the mesh it holds, with the map and without, and written back as
 * this version's file; its own faults are named. */
static void test_version1(void **state) {
    small *t = *state;
    size_t len = t->len;
    unsigned char *v1 = to_v1(t->b, &len);
    assert_int_equal(len, t->len - 8);
    tally tl = {0};
    for (int with = 0; with < 2; with++) {
        wf_mesh *back;
        wf_diag d;
        assert_int_equal(parse(v1, len, with ? t->g : NULL, &d, &back), WF_OK);
        same_answers(t->m, back, 12, 9, 50, 5, &tl);
        writes_back(back, t->b, t->len);
        wf_mesh_destroy(back);
    }
    char path[] = "/tmp/wf_test_mesh_XXXXXX";
    write_file(path, v1, len);
    wf_mesh *back = NULL;
    wf_diag d;
    assert_int_equal(wf_mesh_read(path, t->g, NULL, &back, &d), WF_OK);
    wf_mesh_destroy(back);
    remove(path);
    for (size_t k = 0; k < len; k++)
        expect_refused(v1, k, t->g, "truncated");
    expect_refused(v1, HEADER_V1 - 1, NULL, "not even the 80-byte header");
    wf_test_put32(v1 + 20, 127);
    fix_checksum(v1, len);
    expect_refused(v1, len, NULL, "127 fixed-point units a cell, not 128");
    fprintf(stderr, "version 1: a %zu-byte file read as the mesh (%ld "
                    "queries alike), written back as version 2; %zu cuts "
                    "refused\n",
            len, tl.queries, len);
    free(v1);
}

/* A grid's mesh whose corner leaves the grid, checksum made right. */
static void test_forged_grid_mesh(void **state) {
    small *t = *state;
    unsigned char *x = malloc(t->len);
    assert_non_null(x);
    memcpy(x, t->b, t->len);
    wf_test_put32(x + HEADER, (uint32_t)-128);
    fix_checksum(x, t->len);
    expect_refused(x, t->len, t->g, "vertex 0 at (-1, ");
    expect_refused(x, t->len, t->g, ") is off the grid");
    free(x);
}

/* ---- reading, memory, arguments ----------------------------------------- */

/* Reading stops at the length the header allows: an endless stream costs
 * the header, a file that runs on is read one byte past its arrays. */
static void test_read_stops_early(void **state) {
    small *t = *state;
    wf_test_alloc ta;
    wf_allocator a = wf_test_alloc_init(&ta, 0);
    wf_mesh *back = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    double t0 = now_ms();
    assert_int_equal(wf_mesh_read("/dev/zero", NULL, &a, &back, &d),
                     WF_E_PARSE);
    print_message("/dev/zero: %s (%zu bytes allocated, %.2f ms)\n", d.message,
                  (size_t)ta.bytes, now_ms() - t0);
    assert_non_null(strstr(d.message, "not a mesh file"));
    assert_true(ta.bytes < 64 * 1024);
    assert_int_equal(wf_mesh_read("/dev/zero", t->g, &a, &back, &d),
                     WF_E_PARSE);
    char path[] = "/tmp/wf_test_mesh_XXXXXX";
    wf_test_write_padded(path, t->b, t->len, 64L << 20);
    a = wf_test_alloc_init(&ta, 0);
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_mesh_read(path, t->g, &a, &back, &d), WF_E_PARSE);
    print_message("%zu-byte file + 64 MiB: %s (%zu bytes allocated)\n", t->len,
                  d.message, (size_t)ta.bytes);
    assert_non_null(strstr(d.message, "data after the arrays"));
    assert_true(ta.bytes < 3 * t->len);
    remove(path);
    assert_int_equal(
        wf_mesh_read("/nonexistent/t.mesh", NULL, NULL, &back, &d), WF_E_IO);
}

/* Every allocation of a read may fail (of a mesh with links: theirs
 * too): each failure is WF_E_NOMEM (with a message from the parser),
 * nothing leaks. */
static void test_out_of_memory(void **state) {
    small *t = *state;
    wf_test_rng r = {9};
    add_links(t->m, &r, 2);
    free(t->b);
    t->b = file_bytes(t->m, &t->len);
    char path[] = "/tmp/wf_test_mesh_XXXXXX";
    write_file(path, t->b, t->len);
    int refused = 0;
    for (int from_file = 0; from_file < 2; from_file++)
        for (size_t n = 1;; n++) {
            wf_test_alloc ta;
            const wf_allocator a = wf_test_alloc_init(&ta, n);
            wf_mesh *back = NULL;
            wf_diag d;
            memset(&d, 0, sizeof d);
            const wf_status s = from_file
                                    ? wf_mesh_read(path, t->g, &a, &back, &d)
                                    : wf_mesh_parse(t->b, t->len, "t.mesh",
                                                    t->g, &a, &back, &d);
            wf_mesh_destroy(back);
            assert_int_equal(ta.live, 0);
            if (!ta.refused) {
                assert_int_equal(s, WF_OK);
                break;
            }
            assert_int_equal(s, WF_E_NOMEM);
            assert_null(back);
            /* (the file reader's own allocations say nothing) */
            assert_true(from_file || d.message[0] != '\0');
            refused++;
        }
    fprintf(stderr,
            "out of memory: %d allocations refused one by one "
            "(parse and read), each WF_E_NOMEM, no leak\n",
            refused);
    remove(path);
}

static void test_arguments(void **state) {
    small *t = *state;
    wf_mesh *out = NULL;
    wf_diag d;
    assert_int_equal(wf_mesh_parse(t->b, t->len, "t", t->g, NULL, NULL, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_parse(NULL, 5, "t", t->g, NULL, &out, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_parse(NULL, 0, "t", t->g, NULL, &out, NULL),
                     WF_E_PARSE);
    assert_int_equal(wf_mesh_read(NULL, t->g, NULL, &out, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_read("x", t->g, NULL, NULL, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_write(NULL, t->m), WF_E_INVALID_ARG);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(wf_mesh_write(f, NULL), WF_E_INVALID_ARG);
    fclose(f);
    /* an empty mesh (nothing to stand on) is a file too */
    wf_grid_fill(t->g, WF_TERRAIN_WALL);
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_grid(t->g, NULL, NULL, NULL, NULL, &m, NULL),
                     WF_OK);
    tally tl = {0};
    assert_int_equal(round_trip(m, t->g, 10, 1, &tl), HEADER);
    wf_mesh_destroy(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_maps),
        cmocka_unit_test(test_movingai),
        cmocka_unit_test_setup_teardown(test_cut_and_flipped, small_setup,
                                        small_teardown),
        cmocka_unit_test_setup_teardown(test_wrong_map_and_header, small_setup,
                                        small_teardown),
        cmocka_unit_test(test_forged),
        cmocka_unit_test(test_forged_links),
        cmocka_unit_test_setup_teardown(test_version1, small_setup,
                                        small_teardown),
        cmocka_unit_test(test_outline_scales),
        cmocka_unit_test_setup_teardown(test_forged_grid_mesh, small_setup,
                                        small_teardown),
        cmocka_unit_test_setup_teardown(test_read_stops_early, small_setup,
                                        small_teardown),
        cmocka_unit_test_setup_teardown(test_out_of_memory, small_setup,
                                        small_teardown),
        cmocka_unit_test_setup_teardown(test_arguments, small_setup,
                                        small_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
