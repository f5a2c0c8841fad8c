/* wf_path: the result buffer of a search. */
#include "internal.h"

void wf_path_init(wf_path *p, const wf_allocator *alloc) {
    if (!p)
        return;
    memset(p, 0, sizeof *p);
    p->alloc = wf__allocator(alloc);
}

void wf_path_free(wf_path *p) {
    if (!p)
        return;
    wf_allocator a = wf__allocator(&p->alloc);
    wf__free(&a, p->points, p->capacity * sizeof *p->points);
    p->points = NULL;
    p->count = p->capacity = 0;
    p->cost = 0;
    memset(&p->stats, 0, sizeof p->stats);
}

wf_status wf__path_grow(wf_path *p, size_t n) {
    if (n <= p->capacity)
        return WF_OK;
    size_t cap = p->capacity ? p->capacity : 16;
    while (cap < n)
        cap = cap > SIZE_MAX / 2 ? n : cap * 2;
    size_t bytes;
    if (!wf__mul_size(cap, sizeof *p->points, &bytes))
        return WF_E_NOMEM;
    wf_allocator a = wf__allocator(&p->alloc);
    wf_point *np = wf__realloc(&a, p->points,
                               p->capacity * sizeof *p->points, bytes);
    if (!np)
        return WF_E_NOMEM;
    p->points = np;
    p->capacity = cap;
    return WF_OK;
}

wf_status wf_path_reserve(wf_path *p, size_t n) {
    if (!p)
        return WF_E_INVALID_ARG;
    return wf__path_grow(p, n);
}
