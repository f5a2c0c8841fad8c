/* Fuzzes wf_mesh_parse for a fixed 14 x 8 map, with the map and without
 * it. Each input is parsed as it is, and again with its checksum made
 * right (so that the fuzzer reaches the checks of the mesh itself, past
 * the checksum that guards it). A file refused is WF_E_PARSE with a
 * message. A mesh accepted, whatever its shapes (a file forged with its
 * checksum recomputed may hold any mesh that passes the checks), answers
 * every query from the first cell centre to every other one (to a few
 * when it has more than 8 links: a query may walk the mesh for every pair
 * of them), and the ray casts, nearest points and random points, without a
 * crash or a hang: a path starts and ends at the ends asked for (in its
 * fixed point), its length is the sum of its segments (a link's straight
 * line among them) and its cost that times the mesh's cost, less the
 * links' lines, plus their costs; written back, it is the same bytes (a
 * file of version 1: the same arrays, in this version's header). The map's
 * own mesh, read back, gives Anya's lengths. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

/* Walls touching diagonally, where no path may pass between them. */
static const char map_text[] = "..............\n"
                               ".##...#.......\n"
                               ".##....#......\n"
                               "....#...#.##..\n"
                               "...#.#....##..\n"
                               "..#...#.......\n"
                               "......##..#...\n"
                               "..............\n";

#define SEED 0x510E527FADE682D1u

static const wf_move ONE_FREE = {8, WF_CORNERS_ONE_FREE, 1};

/* p in the mesh's fixed point, as a query takes it. */
static wf_vec2 fixed(wf_vec2 p, double scale) {
    return (wf_vec2){floor(p.x * scale + 0.5) / scale,
                     floor(p.y * scale + 0.5) / scale};
}

/* What path p costs by its walks and the links it took (q's last path):
 * its length less the links' straight lines times the mesh's cost, plus
 * the links' costs. */
static double priced(const wf_mesh_query *q, const wf_mesh *m,
                     const wf_mesh_info *info, const wf_polyline *p) {
    const size_t n = wf_mesh_path_links(q, NULL, NULL, 0);
    size_t *ids = malloc(2 * n * sizeof *ids + 1), *at = ids + n;
    FUZZ_CHECK(ids != NULL);
    FUZZ_CHECK(wf_mesh_path_links(q, ids, at, n) == n);
    double jumps = 0, fees = 0;
    for (size_t i = 0; i < n; i++) {
        wf_mesh_link l;
        FUZZ_CHECK(wf_mesh_get_link(m, ids[i], &l) == WF_OK);
        FUZZ_CHECK(at[i] + 1 < p->count);
        const wf_vec2 a = p->points[at[i]], b = p->points[at[i] + 1];
        jumps += hypot(b.x - a.x, b.y - a.y);
        fees += l.cost;
    }
    free(ids);
    return (p->length - jumps) * info->cost + fees;
}

/* One path: its ends, length and cost hold together; with anya (>= 0),
 * the length is Anya's. */
static void check_path(wf_mesh_query *q, const wf_mesh *m,
                       const wf_mesh_info *info, wf_vec2 s, wf_vec2 t,
                       double anya) {
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    const wf_status st = wf_mesh_path(q, m, s, t, &p);
    /* WF_E_RANGE: an end beyond a fine fixed point's reach */
    FUZZ_CHECK(st == WF_OK || st == WF_NO_PATH ||
               (st == WF_E_RANGE && anya < 0));
    FUZZ_CHECK(anya < 0 || (st == WF_OK) == isfinite(anya));
    if (st == WF_OK) {
        FUZZ_CHECK(p.count >= 2);
        const wf_vec2 a = fixed(s, info->scale), b = fixed(t, info->scale);
        FUZZ_CHECK(p.points[0].x == a.x && p.points[0].y == a.y);
        FUZZ_CHECK(p.points[p.count - 1].x == b.x &&
                   p.points[p.count - 1].y == b.y);
        double len = 0;
        for (size_t i = 1; i < p.count; i++)
            len += hypot(p.points[i].x - p.points[i - 1].x,
                         p.points[i].y - p.points[i - 1].y);
        FUZZ_CHECK(fuzz_close(len, p.length));
        FUZZ_CHECK(fuzz_close(priced(q, m, info, &p), p.cost));
        FUZZ_CHECK(anya < 0 || fuzz_close(p.length, anya));
    } else {
        FUZZ_CHECK(p.count == 0);
    }
    wf_polyline_free(&p);
}

/* Point queries from s towards t. */
static void check_points(const wf_mesh *m, const wf_mesh_info *info,
                         wf_vec2 s, wf_vec2 t, uint64_t *seed) {
    const long at = wf_mesh_locate(m, s);
    FUZZ_CHECK(at >= -1 && at < (long)info->polygons);
    wf_vec2 hit;
    const int far = wf_mesh_raycast(m, s, s, &hit) == WF_E_RANGE;
    wf_vec2 n;
    const long near = wf_mesh_nearest(m, s, &n);
    FUZZ_CHECK(near >= -1 && near < (long)info->polygons);
    FUZZ_CHECK((near < 0) == (info->polygons == 0 || far));
    const wf_status st = wf_mesh_raycast(m, s, t, &hit);
    FUZZ_CHECK(st == WF_OK || st == WF_NO_PATH || st == WF_E_RANGE);
    wf_vec2 r;
    const wf_status sr = wf_mesh_random_point(m, seed, &r);
    FUZZ_CHECK(sr == (info->polygons ? WF_OK : WF_NO_PATH));
}

/* Every query from the first passable cell's centre to each cell's; with
 * anya, the lengths are its. */
static void check_queries(const wf_grid *g, const wf_mesh *m, int anya) {
    wf_mesh_info info;
    FUZZ_CHECK(wf_mesh_describe(m, &info) == WF_OK);
    for (size_t k = 0; k < info.polygons; k++)
        FUZZ_CHECK(wf_mesh_polygon(m, k, NULL, NULL, 0) >= 3);
    wf_mesh_query *q = NULL;
    FUZZ_CHECK(wf_mesh_query_create(NULL, &q) == WF_OK);
    wf_search *ws = NULL;
    FUZZ_CHECK(wf_search_create(NULL, &ws) == WF_OK);
    wf_polyline a;
    wf_polyline_init(&a, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.move = ONE_FREE;
    wf_point first, last;
    FUZZ_CHECK(fuzz_passable_ends(g, &first, &last));
    const wf_vec2 s = {first.x + 0.5, first.y + 0.5};
    uint64_t seed = 1;
    /* with many links, every 37th cell */
    const int step = info.links > 8 ? 37 : 1;
    for (int y = 0; y < wf_grid_height(g); y++)
        for (int x = 0; x < wf_grid_width(g); x++) {
            if ((y * wf_grid_width(g) + x) % step)
                continue;
            const wf_vec2 t = {x + 0.5, y + 0.5};
            double want = -1;
            if (anya) {
                const wf_status sa = wf_search_any_angle(
                    ws, g, first, (wf_point){x, y}, WF_ANY_ANGLE_ANYA, &o,
                    &a);
                want = sa == WF_OK ? a.length : INFINITY;
            }
            check_path(q, m, &info, s, t, want);
            check_points(m, &info, t, s, &seed);
        }
    check_path(q, m, &info, (wf_vec2){-3, 2}, s, -1);
    check_points(m, &info, (wf_vec2){30, -7}, s, &seed);
    wf_polyline_free(&a);
    wf_search_destroy(ws);
    wf_mesh_query_destroy(q);
}

/* The mesh writes back as the input (a version 1 file: its arrays after
 * this version's header, 8 bytes longer); the map's own mesh gives Anya's
 * lengths. */
static void check_mesh(const wf_grid *g, const wf_mesh *m,
                       const uint8_t *data, size_t size) {
    fuzz_out out;
    fuzz_out_open(&out);
    FUZZ_CHECK(wf_mesh_write(out.f, m) == WF_OK);
    fuzz_out_close(&out);
    if (data[16] == 1) /* version 1: accepted, so at least its header */
        FUZZ_CHECK(out.len == size + 8 &&
                   memcmp(out.buf + 88, data + 80, size - 80) == 0);
    else
        FUZZ_CHECK(out.len == size && memcmp(out.buf, data, size) == 0);
    free(out.buf);
    wf_mesh *own = NULL;
    FUZZ_CHECK(wf_mesh_from_grid(g, &ONE_FREE, NULL, NULL, NULL, &own, NULL) ==
               WF_OK);
    fuzz_out_open(&out);
    FUZZ_CHECK(wf_mesh_write(out.f, own) == WF_OK);
    fuzz_out_close(&out);
    const int genuine = out.len == size && !memcmp(out.buf, data, size);
    free(out.buf);
    wf_mesh_destroy(own);
    check_queries(g, m, genuine);
}

static void parse_one(const wf_grid *g, const uint8_t *data, size_t size) {
    for (int with = 0; with < 2; with++) {
        wf_mesh *m = NULL;
        wf_diag d;
        memset(&d, 0, sizeof d);
        const wf_status s = wf_mesh_parse(data, size, "f.mesh",
                                          with ? g : NULL, NULL, &m, &d);
        if (s != WF_OK) {
            fuzz_check_refused(s, m == NULL, &d);
            continue;
        }
        check_mesh(g, m, data, size);
        wf_mesh_destroy(m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_grid *g = fuzz_ascii_map(map_text);
    fuzz_binary_file(g, data, size, 16, 8, SEED, parse_one);
    wf_grid_destroy(g);
    return 0;
}
