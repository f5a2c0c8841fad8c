/* The allocator indirection: every core allocation goes through here. */
#include <stdlib.h>

#include "internal.h"

static void *default_alloc(void *ud, void *ptr, size_t old_size,
                           size_t new_size) {
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

wf_allocator wf__allocator(const wf_allocator *a) {
    wf_allocator r = {default_alloc, NULL};
    if (a && a->fn)
        r = *a;
    return r;
}

void *wf__alloc(const wf_allocator *a, size_t size) {
    if (size == 0)
        size = 1;
    return a->fn(a->ud, NULL, 0, size);
}

void *wf__realloc(const wf_allocator *a, void *p, size_t old_size,
                  size_t new_size) {
    if (new_size == 0)
        new_size = 1;
    return a->fn(a->ud, p, p ? old_size : 0, new_size);
}

void wf__free(const wf_allocator *a, void *p, size_t size) {
    if (p)
        a->fn(a->ud, p, size, 0);
}
