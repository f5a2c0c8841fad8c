#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include "wf_test.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

wf_grid *wf_test_grid(const char *const *rows, int height) {
    int width = (int)strlen(rows[0]);
    wf_grid *g = NULL;
    assert_int_equal(wf_grid_create(width, height, NULL, &g), WF_OK);
    for (int d = 1; d <= 9; d++)
        assert_int_equal(wf_grid_set_cost(g, (uint8_t)d, d), WF_OK);
    for (int y = 0; y < height; y++) {
        assert_int_equal((int)strlen(rows[y]), width);
        for (int x = 0; x < width; x++) {
            char c = rows[y][x];
            uint8_t t = c == '#' ? WF_TERRAIN_WALL
                        : (c >= '1' && c <= '9') ? (uint8_t)(c - '0')
                                                 : 0;
            assert_int_equal(wf_grid_set(g, x, y, t), WF_OK);
        }
    }
    return g;
}

uint64_t wf_test_rng_next(wf_test_rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t wf_test_rng_below(wf_test_rng *r, uint32_t n) {
    return (uint32_t)(((wf_test_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

wf_grid *wf_test_random_map(wf_test_rng *r, int max_side, int uniform) {
    int w = 2 + (int)wf_test_rng_below(r, (uint32_t)max_side - 1);
    int h = 2 + (int)wf_test_rng_below(r, (uint32_t)max_side - 1);
    wf_grid *g;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    for (int t = 1; t <= 3; t++)
        assert_int_equal(wf_grid_set_cost(g, (uint8_t)t, uniform ? 1 : t + 1),
                         WF_OK);
    uint32_t walls = wf_test_rng_below(r, 45);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t k = wf_test_rng_below(r, 100);
            assert_int_equal(
                wf_grid_set(g, x, y,
                            k < walls ? WF_TERRAIN_WALL : (uint8_t)(k % 4)),
                WF_OK);
        }
    return g;
}

wf_point wf_test_random_cell(wf_test_rng *r, const wf_grid *g) {
    wf_point p = {(int)wf_test_rng_below(r, (uint32_t)wf_grid_width(g)),
                  (int)wf_test_rng_below(r, (uint32_t)wf_grid_height(g))};
    return p;
}

wf_point wf_test_open_cell(wf_test_rng *r, const wf_grid *g, int open) {
    for (int k = 0; k < 50; k++) {
        const wf_point p = wf_test_random_cell(r, g);
        if (!open || wf_grid_passable(g, p.x, p.y))
            return p;
    }
    return (wf_point){0, 0};
}

void wf_test_print_map(const wf_grid *g, wf_point s, wf_point t) {
    for (int y = 0; y < wf_grid_height(g); y++) {
        for (int x = 0; x < wf_grid_width(g); x++)
            fputc(x == s.x && y == s.y   ? 'S'
                  : x == t.x && y == t.y ? 'G'
                  : wf_grid_passable(g, x, y) ? '.'
                                              : '#',
                  stderr);
        fputc('\n', stderr);
    }
}

void wf_test_fill_any_angle(wf_grid *g, wf_test_rng *r, int kind) {
    const int w = wf_grid_width(g), h = wf_grid_height(g);
    const uint32_t pct = (uint32_t[]){0, 8, 15, 25, 35, 45}[kind % 6];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            wf_grid_set(g, x, y,
                        wf_test_rng_below(r, 100) < pct ? WF_TERRAIN_WALL : 0);
    if (kind % 3 == 1) /* diagonal pairs */
        for (int k = 0; k < w * h / 8; k++) {
            const int x = (int)wf_test_rng_below(r, (uint32_t)w);
            const int y = (int)wf_test_rng_below(r, (uint32_t)h);
            if (x + 1 < w && y + 1 < h) {
                const int flip = (int)wf_test_rng_below(r, 2);
                wf_grid_set(g, x + flip, y, WF_TERRAIN_WALL);
                wf_grid_set(g, x + 1 - flip, y + 1, WF_TERRAIN_WALL);
                wf_grid_set(g, x + 1 - flip, y, 0);
                wf_grid_set(g, x + flip, y + 1, 0);
            }
        }
    if (kind % 4 == 2) /* walls with gaps: corridors */
        for (int y = 1; y < h; y += 2)
            for (int x = 0; x < w; x++)
                wf_grid_set(g, x, y,
                            wf_test_rng_below(r, 5) ? WF_TERRAIN_WALL : 0);
}

wf_search_opts wf_test_random_opts(wf_test_rng *r, int uniform, wf_filter *f) {
    static const wf_corners rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ONE_FREE,
                                        WF_CORNERS_ALWAYS};
    wf_filter_init(f);
    wf_search_opts o = wf_search_opts_default();
    o.move = wf_move_make(wf_test_rng_below(r, 4) ? 8 : 4,
                          rules[wf_test_rng_below(r, 3)]);
    if (!uniform && wf_test_rng_below(r, 2)) {
        assert_int_equal(wf_filter_set(f, 1, 0.25 + wf_test_rng_below(r, 8)),
                         WF_OK);
        if (wf_test_rng_below(r, 3) == 0)
            assert_int_equal(wf_filter_set(f, 2, INFINITY), WF_OK);
        o.filter = f;
    }
    return o;
}

int64_t wf_test_cell_node(const wf_graph *g, int x, int y) {
    uint32_t n;
    return wf_graph_cell_node(g, x, y, &n) == WF_OK ? (int64_t)n : -1;
}

/* May the unit enter the single cell (x, y)? */
static int ref_enters(const wf_test_pricing *pr, int x, int y) {
    if (!wf_grid_contains(pr->g, x, y))
        return 0;
    uint8_t t = (uint8_t)wf_grid_get(pr->g, x, y);
    if (wf_grid_cost(pr->g, t) == WF_BLOCKED)
        return 0;
    return !pr->filter || isfinite(pr->filter->mult[t]);
}

int wf_test_ref_passable(const wf_test_pricing *pr, int x, int y) {
    int k = pr->move.size > 1 ? pr->move.size : 1;
    for (int dy = 0; dy < k; dy++)
        for (int dx = 0; dx < k; dx++)
            if (!ref_enters(pr, x + dx, y + dy))
                return 0;
    return 1;
}

double wf_test_ref_move(const wf_test_pricing *pr, wf_point a, wf_point b) {
    int dx = b.x - a.x, dy = b.y - a.y;
    if ((dx == 0 && dy == 0) || dx < -1 || dx > 1 || dy < -1 || dy > 1)
        return -1;
    int diag = dx != 0 && dy != 0;
    int connect = pr->move.connect ? pr->move.connect : 8;
    if (diag && connect == 4)
        return -1;
    if (!wf_test_ref_passable(pr, b.x, b.y))
        return -1;
    if (pr->overlay &&
        isinf(pr->overlay[b.y * wf_grid_width(pr->g) + b.x]))
        return -1;
    if (diag) {
        int o1 = wf_test_ref_passable(pr, a.x + dx, a.y);
        int o2 = wf_test_ref_passable(pr, a.x, a.y + dy);
        if (pr->move.corners == WF_CORNERS_NO_CUT && !(o1 && o2))
            return -1;
        if (pr->move.corners == WF_CORNERS_ONE_FREE && !(o1 || o2))
            return -1;
    }
    uint8_t t = (uint8_t)wf_grid_get(pr->g, b.x, b.y);
    double c = (diag ? sqrt(2.0) : 1.0) * wf_grid_cost(pr->g, t) *
               (pr->filter ? pr->filter->mult[t] : 1.0);
    if (pr->cb) {
        c = pr->cb(pr->ud, a, b, c);
        if (!(c > 0) || !isfinite(c))
            return -1;
    }
    return c;
}

int wf_test_close(double a, double b) {
    if (isinf(a) || isinf(b))
        return a == b;
    return fabs(a - b) <= 1e-9 * (1 + fabs(b));
}

void wf_test_check_path(const wf_test_pricing *pr, const wf_path *p) {
    double sum = 0;
    for (size_t i = 1; i < p->count; i++) {
        double c = wf_test_ref_move(pr, p->points[i - 1], p->points[i]);
        assert_true(c > 0);
        sum += c;
    }
    assert_true(wf_test_close(p->cost, sum));
}

void wf_test_ref_dijkstra(const wf_test_pricing *pr, wf_point s,
                          double *dist) {
    int W = wf_grid_width(pr->g), H = wf_grid_height(pr->g), n = W * H;
    unsigned char *done = calloc((size_t)n, 1);
    assert_non_null(done);
    for (int i = 0; i < n; i++)
        dist[i] = INFINITY;
    if (wf_test_ref_passable(pr, s.x, s.y))
        dist[s.y * W + s.x] = 0;
    for (;;) {
        int u = -1;
        for (int i = 0; i < n; i++)
            if (!done[i] && isfinite(dist[i]) && (u < 0 || dist[i] < dist[u]))
                u = i;
        if (u < 0)
            break;
        done[u] = 1;
        wf_point a = {u % W, u / W};
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                wf_point b = {a.x + dx, a.y + dy};
                if (!wf_grid_contains(pr->g, b.x, b.y))
                    continue;
                double c = wf_test_ref_move(pr, a, b);
                if (c > 0 && dist[u] + c < dist[b.y * W + b.x])
                    dist[b.y * W + b.x] = dist[u] + c;
            }
    }
    free(done);
}

#define ALLOC_HDR 16

static void *test_alloc_fn(void *ud, void *ptr, size_t old_size,
                           size_t new_size) {
    wf_test_alloc *ta = ud;
    unsigned char *base = ptr ? (unsigned char *)ptr - ALLOC_HDR : NULL;
    if (new_size == 0) {
        if (base) {
            atomic_fetch_sub(&ta->live, 1);
            free(base);
        }
        return NULL;
    }
    size_t k = atomic_fetch_add(&ta->calls, 1) + 1;
    if (k == ta->fail_at) {
        atomic_store(&ta->refused, 1);
        return NULL;
    }
    unsigned char *nb = realloc(base, new_size + ALLOC_HDR);
    if (!nb)
        return NULL;
    if (!base)
        atomic_fetch_add(&ta->live, 1);
    if (new_size > old_size)
        atomic_fetch_add(&ta->bytes, new_size - old_size);
    return nb + ALLOC_HDR;
}

wf_allocator wf_test_alloc_init(wf_test_alloc *ta, size_t fail_at) {
    atomic_init(&ta->bytes, 0);
    atomic_init(&ta->live, 0);
    atomic_init(&ta->calls, 0);
    atomic_init(&ta->refused, 0);
    ta->fail_at = fail_at;
    wf_allocator a = {test_alloc_fn, ta};
    return a;
}
wf_grid *wf_test_random_mesh(wf_test_rng *r, uint32_t side, wf_mesh **m) {
    const int w = 1 + (int)wf_test_rng_below(r, side);
    const int h = 1 + (int)wf_test_rng_below(r, side);
    wf_grid *g;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    wf_test_fill_any_angle(g, r, (int)wf_test_rng_below(r, 12));
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, NULL, m, NULL), WF_OK);
    return g;
}

void wf_test_mesh_map_read(wf_test_mesh_map *mm, const char *dir,
                           const char *map) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, map);
    memset(mm, 0, sizeof *mm);
    assert_int_equal(wf_movingai_map_read(path, NULL, &mm->g, NULL), WF_OK);
    snprintf(path, sizeof path, "%s/%s.scen", dir, map);
    assert_int_equal(wf_scen_read(path, NULL, &mm->sc, NULL), WF_OK);
    const wf_move one_free = {8, WF_CORNERS_ONE_FREE, 1};
    assert_int_equal(wf_mesh_from_grid(mm->g, &one_free, NULL, NULL, NULL, &mm->m,
                                       NULL),
                     WF_OK);
}

void wf_test_mesh_map_free(wf_test_mesh_map *mm) {
    wf_mesh_destroy(mm->m);
    wf_scen_free(&mm->sc);
    wf_grid_destroy(mm->g);
}

/* the any-angle rule */
static const wf_move ONE_FREE = {8, WF_CORNERS_ONE_FREE, 1};

double wf_test_euclid_shortest(const wf_grid *g, wf_point s, wf_point t) {
    int w = wf_grid_width(g), h = wf_grid_height(g);
    size_t nv = (size_t)(w + 1) * (size_t)(h + 1) + 2;
    wf_vec2 *pt = malloc(nv * sizeof *pt);
    double *dist = malloc(nv * sizeof *dist);
    unsigned char *done = calloc(nv, 1);
    assert_true(pt && dist && done);
    /* vertex 0: the start centre, 1: the goal centre, then the grid's */
    pt[0] = (wf_vec2){s.x + 0.5, s.y + 0.5};
    pt[1] = (wf_vec2){t.x + 0.5, t.y + 0.5};
    for (int y = 0; y <= h; y++)
        for (int x = 0; x <= w; x++)
            pt[2 + (size_t)y * (size_t)(w + 1) + (size_t)x] =
                (wf_vec2){x, y};
    for (size_t i = 0; i < nv; i++)
        dist[i] = INFINITY;
    double c;
    if (wf_grid_segment_cost(g, pt[0], pt[0], ONE_FREE, NULL,
                             &c) == WF_OK)
        dist[0] = 0;
    for (;;) {
        size_t u = nv;
        for (size_t i = 0; i < nv; i++)
            if (!done[i] && dist[i] < INFINITY &&
                (u == nv || dist[i] < dist[u]))
                u = i;
        if (u == nv || u == 1)
            break;
        done[u] = 1;
        for (size_t v = 0; v < nv; v++) {
            if (done[v])
                continue;
            double d = dist[u] + hypot(pt[v].x - pt[u].x, pt[v].y - pt[u].y);
            if (d < dist[v] && wf_grid_segment_cost(g, pt[u], pt[v],
                                                    ONE_FREE, NULL,
                                                    &c) == WF_OK)
                dist[v] = d;
        }
    }
    double r = dist[1];
    free(pt);
    free(dist);
    free(done);
    return r;
}

int wf_test_count(int full) {
    const char *env = getenv("WF_TEST_REDUCE");
    long d = env ? strtol(env, NULL, 10) : 1;
    if (d < 1)
        d = 1;
    int n = (int)(full / d);
    return n < 1 ? 1 : n;
}

void wf_test_fix_checksum(unsigned char *b, size_t len, size_t from,
                          size_t at, uint64_t seed) {
    uint64_t h = seed;
    for (size_t i = from; i < len; i += 8) {
        uint64_t w = 0;
        for (int k = 7; k >= 0; k--)
            w = w << 8 | (i + (size_t)k < len ? b[i + (size_t)k] : 0u);
        h = (h ^ w) * 0x9E3779B97F4A7C15u;
        h ^= h >> 32;
    }
    for (int k = 0; k < 8; k++)
        b[at + (size_t)k] = (unsigned char)(h >> (8 * k));
}

uint32_t wf_test_get32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

void wf_test_put32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

void wf_test_write_padded(char *path, const void *b, size_t len, long total) {
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, len, f), len);
    assert_int_equal(fseek(f, total - 1, SEEK_SET), 0);
    assert_int_equal(fputc(0, f), 0);
    assert_int_equal(fclose(f), 0);
}

int wf_test_each_refusal(const char *what,
                         wf_status (*attempt)(const wf_allocator *a,
                                              void *ctx),
                         void *ctx) {
    int refused = 0;
    for (size_t n = 1;; n++) {
        wf_test_alloc ta;
        const wf_allocator a = wf_test_alloc_init(&ta, n);
        const wf_status s = attempt(&a, ctx);
        assert_int_equal(ta.live, 0);
        if (!ta.refused) {
            assert_int_equal(s, WF_OK);
            break;
        }
        assert_int_equal(s, WF_E_NOMEM);
        refused++;
    }
    fprintf(stderr, "%s: %d allocations refused one by one, each "
                    "WF_E_NOMEM, no leak\n",
            what, refused);
    return refused;
}

wf_mesh *wf_test_courtyard(const char *outlines_path, wf_polyline *path) {
    wf_outlines o = {0};
    wf_diag d;
    assert_int_equal(wf_outlines_read(outlines_path, NULL, &o, &d), WF_OK);
    wf_mesh *m;
    assert_int_equal(
        wf_mesh_from_outlines(o.outlines, o.count, &o.opts, NULL, &m, &d),
        WF_OK);
    wf_outlines_free(&o);
    const wf_mesh_link over = {{10, 3}, {10, 7.5}, 1, 1};
    const wf_mesh_link along = {{1, 1}, {19, 1}, 5, 0};
    assert_int_equal(wf_mesh_add_link(m, &over, NULL, &d), WF_OK);
    assert_int_equal(wf_mesh_add_link(m, &along, NULL, &d), WF_OK);
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline_init(path, NULL);
    assert_int_equal(
        wf_mesh_path(q, m, (wf_vec2){10, 1}, (wf_vec2){10, 8.5}, path), WF_OK);
    size_t id;
    assert_int_equal(wf_mesh_path_links(q, &id, NULL, 1), 1);
    assert_int_equal(id, 0);
    wf_mesh_query_destroy(q);
    return m;
}

wf_vec2 wf_test_courtyard_px(wf_vec2 w, int size, int y_up) {
    const double margin = size / 40 > 4 ? size / 40 : 4;
    const double k = (size - 2 * margin) / 20.0; /* the box: 20 x 10 */
    return (wf_vec2){margin + w.x * k, margin + (y_up ? 10 - w.y : w.y) * k};
}
