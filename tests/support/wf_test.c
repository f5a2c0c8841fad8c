#include "wf_test.h"

#include <math.h>
#include <stdatomic.h>
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

wf_point wf_test_random_cell(wf_test_rng *r, const wf_grid *g) {
    wf_point p = {(int)wf_test_rng_below(r, (uint32_t)wf_grid_width(g)),
                  (int)wf_test_rng_below(r, (uint32_t)wf_grid_height(g))};
    return p;
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
