/* Paths, the result buffers of searches: wf_path (cells), wf_node_path
 * (graph nodes) and wf_polyline (points) are one growable array of
 * fixed-size elements, so they share one implementation of init, free,
 * growth and "where next". */
#include <math.h>

#include "internal.h"

/* The fields every path has, by reference, whatever its element. */
typedef struct vec {
    void **data;
    size_t *count;
    size_t *capacity;
    double *cost;
    wf_stats *stats;
    wf_allocator *alloc;
    size_t size; /* bytes per element */
} vec;

static vec cells_vec(wf_path *p) {
    vec v = {(void **)&p->points, &p->count, &p->capacity, &p->cost,
             &p->stats, &p->alloc, sizeof *p->points};
    return v;
}

static vec nodes_vec(wf_node_path *p) {
    vec v = {(void **)&p->nodes, &p->count, &p->capacity, &p->cost,
             &p->stats, &p->alloc, sizeof *p->nodes};
    return v;
}

static vec points_vec(wf_polyline *p) {
    vec v = {(void **)&p->points, &p->count, &p->capacity, &p->cost,
             &p->stats, &p->alloc, sizeof *p->points};
    return v;
}

static void vec_init(vec v, const wf_allocator *alloc) {
    *v.data = NULL;
    *v.count = *v.capacity = 0;
    *v.cost = 0;
    memset(v.stats, 0, sizeof *v.stats);
    *v.alloc = wf__allocator(alloc);
}

static void vec_free(vec v) {
    wf_allocator a = wf__allocator(v.alloc);
    wf__free(&a, *v.data, *v.capacity * v.size);
    *v.data = NULL;
    *v.count = *v.capacity = 0;
    *v.cost = 0;
    memset(v.stats, 0, sizeof *v.stats);
}

/* Room for n elements, doubling from 16 so that repeated searches settle
 * on one buffer. */
static wf_status vec_grow(vec v, size_t n) {
    if (n <= *v.capacity)
        return WF_OK;
    size_t cap = *v.capacity ? *v.capacity : 16;
    while (cap < n)
        cap = cap > SIZE_MAX / 2 ? n : cap * 2;
    size_t bytes;
    if (!wf__mul_size(cap, v.size, &bytes))
        return WF_E_NOMEM;
    wf_allocator a = wf__allocator(v.alloc);
    void *nd = wf__realloc(&a, *v.data, *v.capacity * v.size, bytes);
    if (!nd)
        return WF_E_NOMEM;
    *v.data = nd;
    *v.capacity = cap;
    return WF_OK;
}

/* The element after the first one equal to *cur (compared byte for byte:
 * cells and node ids have no padding). */
static wf_status vec_next(const void *data, size_t count, size_t size,
                          const void *cur, void *next) {
    const unsigned char *d = data;
    for (size_t i = 0; i < count; i++) {
        if (memcmp(d + i * size, cur, size) != 0)
            continue;
        if (i + 1 == count) {
            memcpy(next, cur, size);
            return WF_ARRIVED;
        }
        memcpy(next, d + (i + 1) * size, size);
        return WF_OK;
    }
    return WF_NO_PATH;
}

void wf_path_init(wf_path *p, const wf_allocator *alloc) {
    if (p)
        vec_init(cells_vec(p), alloc);
}

void wf_path_free(wf_path *p) {
    if (p)
        vec_free(cells_vec(p));
}

wf_status wf__path_grow(wf_path *p, size_t n) { return vec_grow(cells_vec(p), n); }

wf_status wf_path_reserve(wf_path *p, size_t n) {
    return p ? vec_grow(cells_vec(p), n) : WF_E_INVALID_ARG;
}

wf_status wf_path_next(const wf_path *path, wf_point current, wf_point *next) {
    if (!path || !next || (path->count && !path->points))
        return WF_E_INVALID_ARG;
    return vec_next(path->points, path->count, sizeof current, &current, next);
}

void wf_node_path_init(wf_node_path *p, const wf_allocator *alloc) {
    if (p)
        vec_init(nodes_vec(p), alloc);
}

void wf_node_path_free(wf_node_path *p) {
    if (p)
        vec_free(nodes_vec(p));
}

wf_status wf_node_path_reserve(wf_node_path *p, size_t n) {
    return p ? vec_grow(nodes_vec(p), n) : WF_E_INVALID_ARG;
}

wf_status wf_node_path_next(const wf_node_path *path, uint32_t current,
                            uint32_t *next) {
    if (!path || !next || (path->count && !path->nodes))
        return WF_E_INVALID_ARG;
    return vec_next(path->nodes, path->count, sizeof current, &current, next);
}

void wf_polyline_init(wf_polyline *p, const wf_allocator *alloc) {
    if (p) {
        vec_init(points_vec(p), alloc);
        p->length = 0;
    }
}

void wf_polyline_free(wf_polyline *p) {
    if (p) {
        vec_free(points_vec(p));
        p->length = 0;
    }
}

wf_status wf_polyline_reserve(wf_polyline *p, size_t n) {
    return p ? vec_grow(points_vec(p), n) : WF_E_INVALID_ARG;
}
