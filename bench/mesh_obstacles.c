/*
 * wf_bench_mesh_obstacles: obstacles added to and removed from an outline
 * mesh in tiles. The world: the ground [0, 1000]² and 200 random
 * obstacles (rectangles, triangles and diamonds 4 to 40 units across,
 * overlapping freely). Per tile side (0: untiled, then 32 and 64 units):
 * the build time and polygons, the mean µs of the same sample of queries
 * (lengths compared with the untiled mesh's); then, tiled, 200 obstacles
 * added one by one and removed again: the mean and worst µs of each call
 * (its tiles rebuilt, then the mesh's arrays stitched again).
 *
 * Usage: wf_bench_mesh_obstacles [--sample N] [--seed S]
 * Exit status: 0 every length within 1e-6 of the untiled one (tiles cut
 * outlines at tile lines to the fixed point), 1 one was not, 2 usage.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/mesh.h>

#define PROG "wf_bench_mesh_obstacles"
#define OBSTACLES 200
#define SIDE 1000.0
#define MAXP 8

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* splitmix64 */
static uint64_t next(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static double uniform(uint64_t *s, double lo, double hi) {
    return lo + (hi - lo) * (double)(next(s) >> 11) * 0x1p-53;
}

/* A random obstacle into p (its points), inside the ground: returns how
 * many points. */
static size_t obstacle(uint64_t *s, wf_vec2 *p) {
    const double r = uniform(s, 2, 20);
    const double cx = uniform(s, r, SIDE - r), cy = uniform(s, r, SIDE - r);
    const int kind = (int)(next(s) % 3);
    const int n = kind == 1 ? 3 : 4;
    const double turn = uniform(s, 0, 6.283185307179586);
    for (int i = 0; i < n; i++) {
        const double a = turn + 6.283185307179586 * i / n;
        const double k = kind == 0 && (i & 1) ? 0.5 : 1; /* a rectangle-ish */
        p[i] = (wf_vec2){cx + r * k * cos(a), cy + r * sin(a)};
    }
    return (size_t)n;
}

typedef struct world {
    wf_vec2 pt[(OBSTACLES + 1) * MAXP];
    wf_outline o[OBSTACLES + 1];
    size_t n;
} world;

static void make_world(world *w, uint64_t seed) {
    static const wf_vec2 ground[] = {{0, 0}, {SIDE, 0}, {SIDE, SIDE}, {0, SIDE}};
    w->o[0] = (wf_outline){ground, 4, WF_OUTLINE_WALKABLE, "ground"};
    w->n = 1;
    for (int i = 0; i < OBSTACLES; i++) {
        wf_vec2 *p = w->pt + (size_t)i * MAXP;
        w->o[w->n++] = (wf_outline){p, obstacle(&seed, p), WF_OUTLINE_OBSTACLE,
                                    NULL};
    }
}

static wf_mesh *build(const world *w, unsigned tile, double *us) {
    const wf_mesh_opts opts = {.tile = tile};
    wf_mesh *m = NULL;
    wf_diag d = {0};
    const double t0 = now_us();
    if (wf_mesh_from_outlines(w->o, w->n, &opts, NULL, &m, &d) != WF_OK) {
        fprintf(stderr, PROG ": %s\n", d.message);
        exit(2);
    }
    *us = now_us() - t0;
    return m;
}

/* The mean µs of paths between the pairs e (n of them) on m; their
 * lengths into len (INFINITY: none). */
static double queries(const wf_mesh *m, const wf_vec2 (*e)[2], size_t n,
                      double *len) {
    wf_mesh_query *q;
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    if (wf_mesh_query_create(NULL, &q) != WF_OK)
        exit(2);
    const double t0 = now_us();
    for (size_t i = 0; i < n; i++)
        len[i] = wf_mesh_path(q, m, e[i][0], e[i][1], &p) == WF_OK ? p.length
                                                                   : INFINITY;
    const double us = (now_us() - t0) / (double)n;
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
    return us;
}

/* OBSTACLES obstacles added to m and removed again: the mean and worst µs
 * of each kind of call. */
static void edits(wf_mesh *m, uint64_t seed, double add[2], double rem[2]) {
    static wf_vec2 pt[OBSTACLES][MAXP];
    uint32_t id[OBSTACLES];
    add[0] = add[1] = rem[0] = rem[1] = 0;
    for (int i = 0; i < OBSTACLES; i++) {
        const wf_outline o = {pt[i], obstacle(&seed, pt[i]),
                              WF_OUTLINE_OBSTACLE, NULL};
        const double t0 = now_us();
        if (wf_mesh_add_obstacle(m, &o, &id[i], NULL) != WF_OK)
            exit(2);
        const double us = now_us() - t0;
        add[0] += us / OBSTACLES, add[1] = fmax(add[1], us);
    }
    for (int i = 0; i < OBSTACLES; i++) {
        const double t0 = now_us();
        if (wf_mesh_remove_obstacle(m, id[i], NULL) != WF_OK)
            exit(2);
        const double us = now_us() - t0;
        rem[0] += us / OBSTACLES, rem[1] = fmax(rem[1], us);
    }
}

int main(int argc, char **argv) {
    size_t sample = 200;
    uint64_t seed = 29;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "--sample"))
            sample = strtoul(argv[++i], NULL, 10);
        else if (i + 1 < argc && !strcmp(argv[i], "--seed"))
            seed = strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: " PROG " [--sample N] [--seed S]\n");
            return 2;
        }
    }
    static world w;
    make_world(&w, seed);
    static const unsigned tiles[] = {0, 32, 64};
    double us, *base = malloc(sample * sizeof *base + 1),
               *len = malloc(sample * sizeof *len + 1);
    wf_vec2 (*e)[2] = malloc(sample * sizeof *e + 1);
    int bad = 0;
    printf("%s: ground 1000 x 1000, %d obstacles, %zu queries\n", PROG,
           OBSTACLES, sample);
    printf("%6s %10s %9s %9s %12s %12s %12s %12s\n", "tile", "build ms",
           "polygons", "query us", "add us", "add worst", "remove us",
           "rem. worst");
    for (int t = 0; t < 3; t++) {
        wf_mesh *m = build(&w, tiles[t], &us);
        wf_mesh_info info;
        wf_mesh_describe(m, &info);
        uint64_t s = seed + 1;
        for (size_t i = 0; t == 0 && i < sample; i++)
            for (int k = 0; k < 2; k++)
                if (wf_mesh_random_point(m, &s, &e[i][k]) != WF_OK)
                    return 2;
        const double qus = queries(m, (const wf_vec2(*)[2])e, sample,
                                   t ? len : base);
        for (size_t i = 0; t && i < sample; i++)
            bad |= !(fabs(len[i] - base[i]) <= 1e-6 * (1 + base[i]) ||
                     (isinf(len[i]) && isinf(base[i])));
        double add[2] = {0, 0}, rem[2] = {0, 0};
        if (tiles[t])
            edits(m, seed + 2, add, rem);
        printf("%6u %10.2f %9zu %9.1f %12.1f %12.1f %12.1f %12.1f\n",
               tiles[t], us / 1e3, info.polygons, qus, add[0], add[1], rem[0],
               rem[1]);
        wf_mesh_destroy(m);
    }
    printf("tiled lengths within 1e-6 of the untiled ones: %s\n",
           bad ? "NO" : "yes");
    free(base);
    free(len);
    free(e);
    return bad;
}
