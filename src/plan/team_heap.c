/* What the planners share besides the job: growing arrays, and the binary
 * heap of their open lists (plan_internal.h), an instance of wf_heap2.h. */
#include "plan_internal.h"

int wf__team_grow(const wf_allocator *a, void **p, size_t *cap, size_t need,
                  size_t size) {
    if (need <= *cap)
        return 1;
    size_t n = *cap ? *cap : 64, bytes;
    while (n < need)
        n = n > SIZE_MAX / 4 ? need : 2 * n;
    if (!wf__mul_size(n, size, &bytes))
        return 0;
    void *q = wf__realloc(a, *p, *cap * size, bytes);
    if (!q)
        return 0;
    *p = q;
    *cap = n;
    return 1;
}

static int before(const wf__team_entry *x, const wf__team_entry *y) {
    if (x->a != y->a)
        return x->a < y->a;
    if (x->b != y->b)
        return x->b < y->b;
    if (x->c != y->c)
        return x->c < y->c;
    return x->id < y->id;
}

#define WF_HEAP2 team_heap
#define WF_HEAP2_HEAP wf__team_heap
#define WF_HEAP2_ENTRY wf__team_entry
#define WF_HEAP2_LESS(h, a, b) before(&(a), &(b))
#include "wf_heap2.h"

int wf__team_heap_push(const wf_allocator *a, wf__team_heap *h,
                       wf__team_entry e) {
    if (!wf__team_grow(a, (void **)&h->e, &h->cap, h->n + 1, sizeof e))
        return 0;
    team_heap_up(h, h->n++, e);
    return 1;
}

wf__team_entry wf__team_heap_pop(wf__team_heap *h) {
    return team_heap_pop(h);
}

void wf__team_heap_free(const wf_allocator *a, wf__team_heap *h) {
    wf__free(a, h->e, h->cap * sizeof *h->e);
    h->e = NULL;
    h->n = h->cap = 0;
}
