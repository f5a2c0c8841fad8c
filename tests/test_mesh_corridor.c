/* Corridors and string pulling on grids' meshes (core/mesh): the corridor
 * of every shortest path is a chain of polygons, edge to edge, from one
 * holding the start to one holding the goal, whose union holds the path;
 * the funnel over it is as long as the shortest path. Over other chains
 * (the fewest polygons, detours that come back, the corridors of random
 * clear polylines) the funnel's path is legal (every segment a clear ray
 * cast), never shorter than the shortest path and never longer than a
 * path the chain allows. On random maps and Moving AI maps, bad input
 * refused; the figures are printed. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/mesh.h"

#define MAX_CORNERS 256

static wf_vec2 centre(wf_point p) {
    return (wf_vec2){p.x + 0.5, p.y + 0.5};
}

/* Polygon q's corners and neighbours; returns how many. */
static size_t corners(const wf_mesh *m, long q, wf_vec2 *v, long *across) {
    const size_t n = wf_mesh_polygon(m, (size_t)q, v, across, MAX_CORNERS);
    assert_true(n >= 3 && n <= MAX_CORNERS);
    return n;
}

/* Is p in polygon q (closed), up to slack (0: exact for points in
 * 1/128ths, whose products are exact in doubles)? */
static int in_polygon(const wf_mesh *m, long q, wf_vec2 p, double slack) {
    wf_vec2 v[MAX_CORNERS];
    const size_t n = corners(m, q, v, NULL);
    for (size_t i = 0; i < n; i++) {
        const wf_vec2 a = v[i], b = v[(i + 1) % n];
        if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < -slack)
            return 0;
    }
    return 1;
}

/* The first polygon of c[*at .. n) holding p, into *at; 0 when none does.
 * Points taken in the path's order meet the corridor's polygons in its
 * order. */
static int find_from(const wf_mesh *m, const long *c, size_t n, size_t *at,
                     wf_vec2 p, double slack) {
    while (*at < n && !in_polygon(m, c[*at], p, slack))
        ++*at;
    return *at < n;
}

/* The edge from polygon c0 into c1: its ends into *a and *b; 0 when they
 * share none. */
static int portal(const wf_mesh *m, long c0, long c1, wf_vec2 *a,
                  wf_vec2 *b) {
    wf_vec2 v[MAX_CORNERS];
    long across[MAX_CORNERS];
    const size_t n = corners(m, c0, v, across);
    for (size_t i = 0; i < n; i++)
        if (across[i] == c1) {
            *a = v[i], *b = v[(i + 1) % n];
            return 1;
        }
    return 0;
}

/* Polygons in range, each sharing an edge with the next. */
static void check_chain(const wf_mesh *m, const long *c, size_t n) {
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    wf_vec2 a, b;
    for (size_t i = 0; i < n; i++) {
        assert_true(c[i] >= 0 && (size_t)c[i] < info.polygons);
        assert_true(i == 0 || portal(m, c[i - 1], c[i], &a, &b));
    }
}

/* The length of the path from s through the middle of each portal to t:
 * one the chain allows. */
static double through_middles(const wf_mesh *m, const long *c, size_t n,
                              wf_vec2 s, wf_vec2 t) {
    double len = 0;
    wf_vec2 at = s, a, b;
    for (size_t i = 1; i < n; i++) {
        assert_true(portal(m, c[i - 1], c[i], &a, &b));
        const wf_vec2 mid = {(a.x + b.x) / 2, (a.y + b.y) / 2};
        len += hypot(mid.x - at.x, mid.y - at.y);
        at = mid;
    }
    return len + hypot(t.x - at.x, t.y - at.y);
}

typedef struct tally {
    long queries, paths, polygons, pulls, bfs, longer, detours, folded;
    long polylines, steps;
    double worst;
} tally;

/* What one map's queries share: the mesh, its queries' state, buffers of
 * polygons, the figures. */
typedef struct ctx {
    const wf_grid *g;
    const wf_mesh *m;
    size_t np;
    wf_mesh_query *q;
    wf_polyline path, pulled;
    long *c, *chain, *prev, *queue;
    size_t cap;
    wf_test_rng *r;
    tally *t;
} ctx;

static void ctx_open(ctx *x, const wf_grid *g, const wf_mesh *m,
                     wf_test_rng *r, tally *t) {
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    x->g = g, x->m = m, x->np = info.polygons, x->r = r, x->t = t;
    x->cap = 2 * info.polygons + 2;
    assert_int_equal(wf_mesh_query_create(NULL, &x->q), WF_OK);
    wf_polyline_init(&x->path, NULL);
    wf_polyline_init(&x->pulled, NULL);
    x->c = malloc(x->cap * sizeof *x->c);
    x->chain = malloc(x->cap * sizeof *x->chain);
    x->prev = malloc(x->cap * sizeof *x->prev);
    x->queue = malloc(x->cap * sizeof *x->queue);
    assert_true(x->c && x->chain && x->prev && x->queue);
}

static void ctx_close(ctx *x) {
    wf_mesh_query_destroy(x->q);
    wf_polyline_free(&x->path);
    wf_polyline_free(&x->pulled);
    free(x->c);
    free(x->chain);
    free(x->prev);
    free(x->queue);
}

static long gcd(long a, long b) {
    while (b) {
        const long r = a % b;
        a = b, b = r;
    }
    return a;
}

/* Segment a–b of a pulled path is on the mesh: clear ray casts from the
 * point of it in 1/128ths next to a, to a and to b. (Not from a or b: a
 * ray cast starts in the lowest polygon holding its start, and for a
 * point where two blocked cells touch diagonally that may lie on the
 * other side of it; the point next to a is never a corner.) */
static void check_segment(wf_vec2 a, wf_vec2 b, const wf_mesh *m) {
    const long dx = lround((b.x - a.x) * 128);
    const long dy = lround((b.y - a.y) * 128);
    const long g = gcd(labs(dx), labs(dy));
    wf_vec2 hit = a, p = a;
    int clear = 1;
    if (g > 1) {
        p = (wf_vec2){a.x + (double)(dx / g) / 128,
                      a.y + (double)(dy / g) / 128};
        clear = wf_mesh_raycast(m, p, a, &hit) == WF_OK &&
                wf_mesh_raycast(m, p, b, &hit) == WF_OK;
    } else if (g == 1) { /* no such point: a or b is not a corner */
        clear = wf_mesh_raycast(m, a, b, &hit) == WF_OK ||
                wf_mesh_raycast(m, b, a, &hit) == WF_OK;
    }
    if (!clear)
        fprintf(stderr, "pulled segment (%g,%g)-(%g,%g) from (%g,%g) hits "
                        "(%g,%g)\n",
                a.x, a.y, b.x, b.y, p.x, p.y, hit.x, hit.y);
    assert_true(clear);
}

/* A pulled path: from s to t (as rounded), its length the sum of its
 * segments, each on the mesh. */
static void check_pulled(ctx *x, const wf_polyline *f, wf_vec2 s,
                         wf_vec2 t) {
    assert_true(f->count >= 2);
    assert_true(f->points[0].x == s.x && f->points[0].y == s.y);
    assert_true(f->points[f->count - 1].x == t.x &&
                f->points[f->count - 1].y == t.y);
    double len = 0;
    for (size_t i = 1; i < f->count; i++) {
        check_segment(f->points[i - 1], f->points[i], x->m);
        len += hypot(f->points[i].x - f->points[i - 1].x,
                     f->points[i].y - f->points[i - 1].y);
    }
    assert_true(fabs(len - f->length) <= 1e-9 * (len > 1 ? len : 1));
}

/* Breadth first over the polygons' neighbours from a to b: the chain with
 * the fewest polygons into out (room for x->cap); returns its length, 0
 * when b is not reached. The polygons reached are x->queue[0 ..
 * *reached). */
static size_t bfs(ctx *x, long a, long b, long *out, size_t *reached) {
    for (size_t i = 0; i < x->np; i++)
        x->prev[i] = -2;
    size_t head = 0, tail = 0;
    x->queue[tail++] = a;
    x->prev[a] = -1;
    while (head < tail && x->prev[b] == -2) {
        wf_vec2 v[MAX_CORNERS];
        long across[MAX_CORNERS];
        const long p = x->queue[head++];
        const size_t n = corners(x->m, p, v, across);
        for (size_t i = 0; i < n; i++)
            if (across[i] >= 0 && x->prev[across[i]] == -2) {
                x->prev[across[i]] = p;
                x->queue[tail++] = across[i];
            }
    }
    if (reached)
        *reached = tail;
    if (x->prev[b] == -2)
        return 0;
    size_t len = 0;
    for (long p = b; p != -1; p = x->prev[p])
        len++;
    size_t w = len;
    for (long p = b; p != -1; p = x->prev[p])
        out[--w] = p;
    return len;
}

/* The funnel over chain c of n polygons from s to t: legal, at least the
 * shortest length `best`, at most the path through the portals' middles.
 * Returns its length. */
static double pull(ctx *x, const long *c, size_t n, wf_vec2 s, wf_vec2 t,
                   double best) {
    assert_int_equal(wf_mesh_funnel(x->m, c, n, s, t, &x->pulled), WF_OK);
    check_pulled(x, &x->pulled, s, t);
    const double len = x->pulled.length;
    assert_true(len >= best * (1 - 1e-9));
    assert_true(len <= through_middles(x->m, c, n, s, t) * (1 + 1e-9) + 1e-9);
    assert_true(fabs(x->pulled.cost - len) <= 1e-9 * len);
    x->t->pulls++;
    return len;
}

/* The corridor of path p: sized by a call with no room, then a chain from
 * a polygon holding the start to one holding the goal, holding every
 * point of p in order (its corners exactly, points along its segments up
 * to rounding). Returns its length. */
static size_t corridor(ctx *x, const wf_polyline *p) {
    size_t n, again;
    assert_int_equal(wf_mesh_corridor(x->m, p, NULL, 0, &n), WF_OK);
    assert_true(n >= 1 && n <= x->cap);
    assert_int_equal(wf_mesh_corridor(x->m, p, x->c, x->cap, &again), WF_OK);
    assert_int_equal(again, n);
    check_chain(x->m, x->c, n);
    assert_true(in_polygon(x->m, x->c[0], p->points[0], 0));
    assert_true(in_polygon(x->m, x->c[n - 1], p->points[p->count - 1], 0));
    size_t at = 0;
    for (size_t i = 0; i < p->count; i++) {
        if (i > 0) {
            const wf_vec2 a = p->points[i - 1], b = p->points[i];
            for (int k = 1; k < 8; k++) {
                const wf_vec2 s = {a.x + (b.x - a.x) * k / 8,
                                   a.y + (b.y - a.y) * k / 8};
                assert_true(find_from(x->m, x->c, n, &at, s, 1e-9));
            }
        }
        assert_true(find_from(x->m, x->c, n, &at, p->points[i], 0));
    }
    x->t->polygons += (long)n;
    return n;
}

/* Other chains between the corridor's ends: the fewest polygons, and a
 * detour by way of a random polygon reached (it may come back through the
 * same polygons). */
static void other_chains(ctx *x, size_t n, wf_vec2 s, wf_vec2 t,
                         double best) {
    const long a = x->c[0], b = x->c[n - 1];
    size_t reached;
    const size_t k = bfs(x, a, b, x->chain, &reached);
    assert_true(k >= 1 && k <= n);
    x->t->longer += pull(x, x->chain, k, s, t, best) > best * (1 + 1e-9);
    x->t->bfs++;
    const long via = x->queue[wf_test_rng_below(x->r, (uint32_t)reached)];
    const size_t d = bfs(x, a, via, x->chain, NULL);
    assert_true(d >= 1 && 2 * d <= x->cap);
    /* the second half starts at via, over the first half's last entry */
    const size_t e = bfs(x, via, b, x->chain + d - 1, NULL);
    assert_true(e >= 1);
    check_chain(x->m, x->chain, d + e - 1);
    pull(x, x->chain, d + e - 1, s, t, best);
    x->t->detours++;
    int folds = 0;
    for (size_t i = 2; i < d + e - 1; i++)
        folds |= x->chain[i] == x->chain[i - 2];
    x->t->folded += folds;
}

/* The unit at pos, `done` along the shortest path, steered as mesh.h's
 * example steers it: the corridor's polygons behind it dropped (from
 * *at), the funnel from pos as long as the rest of the path. */
static void steer(ctx *x, size_t n, size_t *at, wf_vec2 pos, double done) {
    for (size_t k = n; k-- > *at;)
        if (wf_mesh_polygon_contains(x->m, (size_t)x->c[k], pos)) {
            *at = k;
            break;
        }
    const wf_polyline *p = &x->path;
    const wf_status st = wf_mesh_funnel(x->m, x->c + *at, n - *at, pos,
                                        p->points[p->count - 1], &x->pulled);
    assert_int_equal(st, WF_OK);
    const double left = p->length - done;
    assert_true(fabs(x->pulled.length - left) <= 1e-9 * p->length + 1e-12);
    x->t->steps++;
}

/* Steering along the path: on about 8 of its segments, from the points in
 * 1/128ths (so that the unit stands exactly on the path) at its start and
 * about a third and two thirds along it. */
static void check_steering(ctx *x, size_t n) {
    const wf_polyline *p = &x->path;
    const size_t stride = (p->count + 6) / 8;
    size_t at = 0;
    double done = 0;
    for (size_t i = 1; i < p->count; i++) {
        const wf_vec2 a = p->points[i - 1], b = p->points[i];
        const long dx = lround((b.x - a.x) * 128);
        const long dy = lround((b.y - a.y) * 128);
        const long g = gcd(labs(dx), labs(dy)), step = (g + 2) / 3;
        const double len = hypot(b.x - a.x, b.y - a.y);
        for (long k = 0; i % stride == 0 && k < g; k += step) {
            const wf_vec2 pos = {a.x + (double)(k * dx / g) / 128,
                                 a.y + (double)(k * dy / g) / 128};
            steer(x, n, &at, pos, done + len * (double)k / (double)g);
        }
        done += len;
    }
}

/* One query from s to t: the corridor of the shortest path, the funnel
 * over it (the same length), steering along it, and the funnel over other
 * chains. */
static void check_query(ctx *x, wf_vec2 s, wf_vec2 t) {
    x->t->queries++;
    const wf_status st = wf_mesh_path(x->q, x->m, s, t, &x->path);
    if (st != WF_OK) {
        /* no chain joins the ends either */
        assert_int_equal(st, WF_NO_PATH);
        const long a = wf_mesh_locate(x->m, s), b = wf_mesh_locate(x->m, t);
        assert_true(a < 0 || b < 0 || !bfs(x, a, b, x->chain, NULL));
        return;
    }
    x->t->paths++;
    const wf_polyline *p = &x->path;
    const wf_vec2 s0 = p->points[0], t0 = p->points[p->count - 1];
    const size_t n = corridor(x, p);
    const double best = p->length;
    const double len = pull(x, x->c, n, s0, t0, best);
    const double err = fabs(len - best) / (best > 1 ? best : 1);
    if (err > 1e-9) {
        fprintf(stderr, "(%g,%g)->(%g,%g): path %.12g, funnel %.12g:", s0.x,
                s0.y, t0.x, t0.y, best, len);
        for (size_t i = 0; i < x->pulled.count; i++)
            fprintf(stderr, " (%g,%g)", x->pulled.points[i].x,
                    x->pulled.points[i].y);
        fputc('\n', stderr);
    }
    assert_true(err <= 1e-9);
    x->t->worst = err > x->t->worst ? err : x->t->worst;
    check_steering(x, n);
    other_chains(x, n, s0, t0, best);
}

/* May a path turn at grid vertex (x, y)? Not where two blocked cells touch
 * diagonally: it would pass from one side of the point to the other. */
static int may_turn_at(const wf_grid *g, int x, int y) {
    int b[4];
    for (int i = 0; i < 4; i++) {
        const int cx = x - 1 + (i & 1), cy = y - 1 + (i >> 1);
        b[i] = cx < 0 || cy < 0 || cx >= wf_grid_width(g) ||
               cy >= wf_grid_height(g) || !wf_grid_passable(g, cx, cy);
    }
    return !((b[0] && b[3] && !b[1] && !b[2]) ||
             (b[1] && b[2] && !b[0] && !b[3]));
}

/* The next point of a random polyline after *p (NULL: the first): a
 * random point of the mesh (in 1/128ths) or a corner of the polygon
 * holding *p; 0 when the draw will not do. */
static int next_point(ctx *x, uint64_t *seed, const wf_vec2 *p,
                      wf_vec2 *out) {
    if (p && wf_test_rng_below(x->r, 2)) {
        wf_vec2 v[MAX_CORNERS];
        const size_t n = corners(x->m, wf_mesh_locate(x->m, *p), v, NULL);
        *out = v[wf_test_rng_below(x->r, (uint32_t)n)];
        return may_turn_at(x->g, (int)out->x, (int)out->y);
    }
    assert_int_equal(wf_mesh_random_point(x->m, seed, out), WF_OK);
    out->x = floor(out->x * 128 + 0.5) / 128;
    out->y = floor(out->y * 128 + 0.5) / 128;
    return wf_mesh_locate(x->m, *out) >= 0;
}

/* A random polyline of up to 6 points whose segments are clear ray casts:
 * its corridor holds it and the funnel over that is no longer than it and
 * no shorter than the shortest path. */
static void check_polyline(ctx *x, uint64_t *seed, wf_polyline *p) {
    p->count = 0;
    assert_int_equal(wf_polyline_reserve(p, 6), WF_OK);
    wf_vec2 v, hit;
    while (!next_point(x, seed, NULL, &v))
        ;
    p->points[p->count++] = v;
    p->length = 0;
    for (int tries = 0; tries < 12 && p->count < 6; tries++) {
        const wf_vec2 a = p->points[p->count - 1];
        if (!next_point(x, seed, &a, &v) ||
            wf_mesh_raycast(x->m, a, v, &hit) != WF_OK)
            continue;
        p->points[p->count++] = v;
        p->length += hypot(v.x - a.x, v.y - a.y);
    }
    const size_t n = corridor(x, p);
    const wf_vec2 s = p->points[0], t = p->points[p->count - 1];
    assert_int_equal(wf_mesh_path(x->q, x->m, s, t, &x->path), WF_OK);
    const double len = pull(x, x->c, n, s, t, x->path.length);
    assert_true(len <= p->length * (1 + 1e-9) + 1e-12);
    x->t->polylines++;
}

static void print_tally(const char *what, const tally *t) {
    const long walked = t->paths + t->polylines;
    fprintf(stderr, "%s: %ld queries, %ld paths, their corridors %.1f "
                    "polygons on average, funnel = path to %.3g relative; "
                    "%ld chains of the fewest polygons (%ld longer than the "
                    "path), %ld detours (%ld turning back), %ld random "
                    "polylines; %ld funnels, every segment clear; %ld "
                    "steering steps, each the rest of the path\n",
            what, t->queries, t->paths,
            walked ? (double)t->polygons / (double)walked : 0.0, t->worst,
            t->bfs, t->longer, t->detours, t->folded, t->polylines, t->pulls,
            t->steps);
}

/* On random maps: queries between cell centres, between random points and
 * between grid corners (where two blocked cells may touch diagonally),
 * and a random polyline, per map. */
static void test_random_maps(void **state) {
    (void)state;
    wf_test_rng r = {20261128};
    tally t = {0};
    wf_polyline line;
    wf_polyline_init(&line, NULL);
    for (int k = 0; k < wf_test_count(3000); k++) {
        wf_mesh *m;
        wf_grid *g = wf_test_random_mesh(&r, k < 2000 ? 12 : 24, &m);
        wf_mesh_info info;
        assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
        ctx x;
        ctx_open(&x, g, m, &r, &t);
        uint64_t seed = (uint64_t)k;
        for (int i = 0; i < 6 && info.polygons; i++) {
            const wf_point a = wf_test_open_cell(&r, g, 1);
            const wf_point b = wf_test_open_cell(&r, g, 1);
            wf_vec2 s = centre(a), e = centre(b);
            if (i >= 4) { /* a corner of each cell */
                s.x += (double)wf_test_rng_below(&r, 2) - 0.5;
                s.y += (double)wf_test_rng_below(&r, 2) - 0.5;
                e.x += (double)wf_test_rng_below(&r, 2) - 0.5;
                e.y += (double)wf_test_rng_below(&r, 2) - 0.5;
            } else if (i >= 2) {
                assert_int_equal(wf_mesh_random_point(m, &seed, &s), WF_OK);
                assert_int_equal(wf_mesh_random_point(m, &seed, &e), WF_OK);
            }
            check_query(&x, s, e);
        }
        if (info.polygons)
            check_polyline(&x, &seed, &line);
        ctx_close(&x);
        wf_mesh_destroy(m);
        wf_grid_destroy(g);
    }
    print_tally("random maps", &t);
    wf_polyline_free(&line);
}

/* Every `step`-th scenario of a Moving AI map, as many random pairs of
 * points and a quarter as many random polylines. */
static void check_map(const char *map, size_t step, wf_test_rng *r) {
    wf_test_mesh_map mm;
    wf_test_mesh_map_read(&mm, WF_SHARED_DIR "/movingai", map);
    tally t = {0};
    ctx x;
    ctx_open(&x, mm.g, mm.m, r, &t);
    uint64_t seed = 1;
    wf_polyline line;
    wf_polyline_init(&line, NULL);
    for (size_t i = 0; i < mm.sc.count; i += step) {
        const wf_scen_entry *e = &mm.sc.entries[i];
        check_query(&x, centre(e->start), centre(e->goal));
        wf_vec2 a, b;
        assert_int_equal(wf_mesh_random_point(mm.m, &seed, &a), WF_OK);
        assert_int_equal(wf_mesh_random_point(mm.m, &seed, &b), WF_OK);
        check_query(&x, a, b);
        if (i % (4 * step) == 0)
            check_polyline(&x, &seed, &line);
    }
    print_tally(map, &t);
    wf_polyline_free(&line);
    ctx_close(&x);
    wf_test_mesh_map_free(&mm);
}

/* Scenarios of a Moving AI map and the share of them taken. */
static const struct {
    const char *map;
    size_t step;
} MAPS[] = {{"dao/arena.map", 1},
            {"dao/den011d.map", 3},
            {"mazes/maze512-1-0.map", 40},
            {"random/random512-40-0.map", 20}};

static void test_movingai(void **state) {
    (void)state;
    wf_test_rng r = {29};
    const size_t reduce = (size_t)(3000 / wf_test_count(3000));
    for (size_t i = 0; i < sizeof MAPS / sizeof *MAPS; i++)
        check_map(MAPS[i].map, MAPS[i].step * reduce, &r);
}

/* wf_mesh_polygon_contains against the exact test on corners in doubles,
 * for every polygon and random points in and around random maps (in
 * 1/128ths, or halves: on edges and corners): the same answer, and
 * wf_mesh_locate the first polygon holding the point. */
static void test_contains(void **state) {
    (void)state;
    wf_test_rng r = {31};
    long tests = 0, inside = 0;
    for (int k = 0; k < wf_test_count(300); k++) {
        wf_mesh *m;
        wf_grid *g = wf_test_random_mesh(&r, 12, &m);
        wf_mesh_info info;
        assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
        for (int i = 0; i < 20; i++) {
            const uint32_t u = i % 2 ? 128 : 2;
            const wf_vec2 p = {
                (double)wf_test_rng_below(&r, 16 * u) / u - 2,
                (double)wf_test_rng_below(&r, 16 * u) / u - 2};
            long first = -1;
            for (size_t q = 0; q < info.polygons; q++) {
                const int in = wf_mesh_polygon_contains(m, q, p);
                assert_int_equal(in, in_polygon(m, (long)q, p, 0));
                first = in && first < 0 ? (long)q : first;
                tests++, inside += in;
            }
            assert_int_equal(wf_mesh_locate(m, p), first);
        }
        assert_int_equal(wf_mesh_polygon_contains(m, info.polygons,
                                                  (wf_vec2){0.5, 0.5}),
                         0);
        assert_int_equal(wf_mesh_polygon_contains(NULL, 0, (wf_vec2){0, 0}),
                         0);
        assert_int_equal(wf_mesh_polygon_contains(m, 0, (wf_vec2){NAN, 0}),
                         0);
        wf_mesh_destroy(m);
        wf_grid_destroy(g);
    }
    fprintf(stderr, "contains: %ld pairs of a point and a polygon (%ld "
                    "holding it), as the exact test on the corners says\n",
            tests, inside);
}

/* A ring of cells round a wall, and its mesh. */
static wf_mesh *ring(wf_grid **g) {
    static const char *const rows[] = {"......", ".####.", "......"};
    *g = wf_test_grid(rows, 3);
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_grid(*g, NULL, NULL, NULL, NULL, &m, NULL), WF_OK);
    return m;
}

/* On the ring, from A down the left and along the bottom to B. */
static const wf_vec2 A = {0.5, 0.5}, B = {5.5, 2.5}, WALL = {2.5, 1.5};

/* The corridor of that path into c (room for 64); returns its length. */
static size_t ring_corridor(const wf_mesh *m, long *c) {
    wf_vec2 pts[3] = {A, {0.5, 2.5}, B};
    const wf_polyline p = {pts, 3, 3, 0, 0, {0}, {0}};
    size_t n;
    assert_int_equal(wf_mesh_corridor(m, &p, c, 64, &n), WF_OK);
    assert_true(n >= 2 && n <= 64);
    check_chain(m, c, n);
    return n;
}

/* What the corridor refuses, and how; too little room. */
static void test_corridor_refusals(void **state) {
    (void)state;
    wf_grid *g;
    wf_mesh *m = ring(&g);
    wf_vec2 pts[3] = {A, {0.5, 2.5}, B};
    wf_polyline p = {pts, 3, 3, 0, 0, {0}, {0}};
    long c[64], d[64];
    size_t n, k;
    assert_int_equal(wf_mesh_corridor(NULL, &p, c, 64, &n), WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_corridor(m, NULL, c, 64, &n), WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_corridor(m, &p, c, 64, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_corridor(m, &p, NULL, 64, &n), WF_E_INVALID_ARG);
    p.count = 0;
    assert_int_equal(wf_mesh_corridor(m, &p, c, 64, &n), WF_E_INVALID_ARG);
    p.count = 3;
    pts[1].x = NAN;
    assert_int_equal(wf_mesh_corridor(m, &p, c, 64, &n), WF_E_INVALID_ARG);
    pts[1].x = 1e300;
    assert_int_equal(wf_mesh_corridor(m, &p, c, 64, &n), WF_E_RANGE);
    pts[1] = WALL; /* a point off the mesh */
    assert_int_equal(wf_mesh_corridor(m, &p, c, 64, &n), WF_NO_PATH);
    assert_int_equal(n, 0);
    pts[1] = (wf_vec2){2.5, 2.5}; /* a segment across the wall */
    assert_int_equal(wf_mesh_corridor(m, &p, c, 64, &n), WF_NO_PATH);
    /* too little room: the first polygons and the whole count */
    pts[1] = (wf_vec2){0.5, 2.5};
    n = ring_corridor(m, c);
    assert_int_equal(wf_mesh_corridor(m, &p, d, 1, &k), WF_OK);
    assert_int_equal(k, n);
    assert_int_equal(d[0], c[0]);
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
}

/* What the funnel refuses, and how; a corridor of one polygon. */
static void test_funnel_refusals(void **state) {
    (void)state;
    wf_grid *g;
    wf_mesh *m = ring(&g);
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    long c[64], d[64];
    const size_t n = ring_corridor(m, c);
    wf_polyline f;
    wf_polyline_init(&f, NULL);
    assert_int_equal(wf_mesh_funnel(m, c, n, A, B, &f), WF_OK);
    assert_true(f.count >= 3);
    assert_int_equal(wf_mesh_funnel(NULL, c, n, A, B, &f), WF_E_INVALID_ARG);
    assert_int_equal(f.count, 0);
    assert_int_equal(wf_mesh_funnel(m, NULL, n, A, B, &f), WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_funnel(m, c, 0, A, B, &f), WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_funnel(m, c, n, A, B, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_funnel(m, c, n, (wf_vec2){0.5, INFINITY}, B,
                                    &f),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_funnel(m, c, n, A, (wf_vec2){-1e300, 0}, &f),
                     WF_E_RANGE);
    memcpy(d, c, n * sizeof *c);
    d[n - 1] = (long)info.polygons; /* out of range */
    assert_int_equal(wf_mesh_funnel(m, d, n, A, B, &f), WF_E_INVALID_ARG);
    d[n - 1] = -1;
    assert_int_equal(wf_mesh_funnel(m, d, n, A, B, &f), WF_E_INVALID_ARG);
    d[n - 1] = d[n - 2]; /* the same polygon twice: no edge between */
    assert_int_equal(wf_mesh_funnel(m, d, n, A, B, &f), WF_E_INVALID_ARG);
    wf_vec2 u, v;
    d[0] = c[0], d[1] = 0; /* two polygons apart */
    while (d[1] == d[0] || portal(m, d[0], d[1], &u, &v))
        d[1]++;
    assert_true((size_t)d[1] < info.polygons);
    assert_int_equal(wf_mesh_funnel(m, d, 2, A, A, &f), WF_E_INVALID_ARG);
    /* the ends outside their polygons */
    assert_int_equal(wf_mesh_funnel(m, c, n, B, B, &f), WF_NO_PATH);
    assert_int_equal(wf_mesh_funnel(m, c, n, A, A, &f), WF_NO_PATH);
    assert_int_equal(wf_mesh_funnel(m, c, n, WALL, B, &f), WF_NO_PATH);
    assert_int_equal(f.count, 0);
    /* one polygon: the straight line, even from a point to itself */
    assert_int_equal(wf_mesh_funnel(m, c, 1, A, A, &f), WF_OK);
    assert_int_equal(f.count, 2);
    assert_true(f.length == 0);
    wf_polyline_free(&f);
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
}

/* The funnel's one allocation (its output) may fail: WF_E_NOMEM and an
 * empty path, then the same call succeeds; nothing leaks. The corridor
 * allocates nothing. */
static void test_out_of_memory(void **state) {
    (void)state;
    wf_grid *g;
    wf_mesh *m = ring(&g);
    long c[64];
    const size_t n = ring_corridor(m, c);
    wf_test_alloc ta;
    const wf_allocator al = wf_test_alloc_init(&ta, 1);
    wf_polyline f;
    wf_polyline_init(&f, &al);
    assert_int_equal(wf_mesh_funnel(m, c, n, A, B, &f), WF_E_NOMEM);
    assert_true(ta.refused);
    assert_int_equal(f.count, 0);
    assert_int_equal(wf_mesh_funnel(m, c, n, A, B, &f), WF_OK);
    assert_int_equal(ta.calls, 2);
    wf_polyline_free(&f);
    assert_int_equal(ta.live, 0);
    fprintf(stderr, "out of memory: the funnel's one allocation refused, "
                    "WF_E_NOMEM, then WF_OK, no leak\n");
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_maps),
        cmocka_unit_test(test_movingai),
        cmocka_unit_test(test_contains),
        cmocka_unit_test(test_corridor_refusals),
        cmocka_unit_test(test_funnel_refusals),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
