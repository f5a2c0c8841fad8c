/* What the planners share besides the job: growing arrays, and the binary
 * heap of their open lists (plan_internal.h). */
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

int wf__team_heap_push(const wf_allocator *a, wf__team_heap *h,
                       wf__team_entry e) {
    if (!wf__team_grow(a, (void **)&h->e, &h->cap, h->n + 1, sizeof e))
        return 0;
    size_t i = h->n++;
    while (i > 0 && before(&e, &h->e[(i - 1) / 2])) {
        h->e[i] = h->e[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->e[i] = e;
    return 1;
}

wf__team_entry wf__team_heap_pop(wf__team_heap *h) {
    const wf__team_entry top = h->e[0], last = h->e[--h->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && before(&h->e[c + 1], &h->e[c]))
            c++;
        if (!before(&h->e[c], &last))
            break;
        h->e[i] = h->e[c];
        i = c;
    }
    if (h->n)
        h->e[i] = last;
    return top;
}

void wf__team_heap_free(const wf_allocator *a, wf__team_heap *h) {
    wf__free(a, h->e, h->cap * sizeof *h->e);
    h->e = NULL;
    h->n = h->cap = 0;
}
