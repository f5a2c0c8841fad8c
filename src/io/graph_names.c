/* wf_graph_names: the names of a graph file's nodes, both ways. */
#include "wf_core_private.h"
#include "wayfind/io.h"

struct wf_graph_names {
    wf_allocator alloc;
    size_t count, cap;     /* names; offset[] has cap entries */
    size_t *offset;        /* into text, each NUL-terminated */
    char *text;
    size_t text_len, text_cap;
    uint32_t *slot;        /* hash table of id + 1 (0: empty) */
    size_t nslots;         /* a power of two, at least 2 × count */
};

static uint64_t hash(const char *s, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

wf_status wf_graph_names_create(const wf_allocator *alloc,
                                wf_graph_names **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    wf_allocator a = wf__allocator(alloc);
    wf_graph_names *t = wf__alloc(&a, sizeof *t);
    if (!t)
        return WF_E_NOMEM;
    memset(t, 0, sizeof *t);
    t->alloc = a;
    *out = t;
    return WF_OK;
}

void wf_graph_names_destroy(wf_graph_names *t) {
    if (!t)
        return;
    wf_allocator a = t->alloc;
    wf__free(&a, t->offset, t->cap * sizeof *t->offset);
    wf__free(&a, t->text, t->text_cap);
    wf__free(&a, t->slot, t->nslots * sizeof *t->slot);
    wf__free(&a, t, sizeof *t);
}

size_t wf_graph_names_count(const wf_graph_names *t) {
    return t ? t->count : 0;
}

const char *wf_graph_names_get(const wf_graph_names *t, uint32_t id) {
    return t && id < t->count ? t->text + t->offset[id] : NULL;
}

/* The slot of name s[0..n): where it is, or the empty slot it would go. */
static size_t find_slot(const wf_graph_names *t, const char *s, size_t n) {
    size_t mask = t->nslots - 1, i = (size_t)hash(s, n) & mask;
    while (t->slot[i]) {
        const char *name = t->text + t->offset[t->slot[i] - 1];
        /* s may hold a NUL byte: compare lengths, never read past name */
        if (strncmp(name, s, n) == 0 && strlen(name) == n)
            return i;
        i = (i + 1) & mask;
    }
    return i;
}

int64_t wf_graph_names_find(const wf_graph_names *t, const char *s, size_t n) {
    if (!t || !s || !t->nslots)
        return -1;
    size_t i = find_slot(t, s, n);
    return t->slot[i] ? (int64_t)t->slot[i] - 1 : -1;
}

static wf_status rehash(wf_graph_names *t, size_t nslots) {
    size_t bytes;
    if (!wf__mul_size(nslots, sizeof *t->slot, &bytes))
        return WF_E_TOO_BIG;
    uint32_t *slot = wf__alloc(&t->alloc, bytes);
    if (!slot)
        return WF_E_NOMEM;
    memset(slot, 0, bytes);
    wf__free(&t->alloc, t->slot, t->nslots * sizeof *t->slot);
    t->slot = slot;
    t->nslots = nslots;
    for (size_t id = 0; id < t->count; id++) {
        const char *name = t->text + t->offset[id];
        t->slot[find_slot(t, name, strlen(name))] = (uint32_t)id + 1;
    }
    return WF_OK;
}

/* Grows a byte buffer to hold need bytes. */
static wf_status reserve(const wf_allocator *a, void **p, size_t *cap,
                         size_t need, size_t elem) {
    if (need <= *cap)
        return WF_OK;
    size_t n = *cap ? *cap : 64, bytes;
    while (n < need)
        n *= 2;
    if (!wf__mul_size(n, elem, &bytes))
        return WF_E_TOO_BIG;
    void *q = wf__realloc(a, *p, *cap * elem, bytes);
    if (!q)
        return WF_E_NOMEM;
    *p = q;
    *cap = n;
    return WF_OK;
}

wf_status wf_graph_names_add(wf_graph_names *t, const char *s, size_t n,
                             uint32_t *id) {
    if (!t || !s || n == 0 || memchr(s, '\0', n))
        return WF_E_INVALID_ARG;
    if (wf_graph_names_find(t, s, n) >= 0)
        return WF_E_INVALID_ARG;
    if (t->count >= WF_GRAPH_MAX_NODES)
        return WF_E_TOO_BIG;
    wf_status st = WF_OK;
    if (2 * (t->count + 1) > t->nslots)
        st = rehash(t, t->nslots ? 2 * t->nslots : 64);
    void *p = t->offset;
    size_t cap = t->cap;
    if (st == WF_OK)
        st = reserve(&t->alloc, &p, &cap, t->count + 1, sizeof *t->offset);
    if (st == WF_OK) {
        t->offset = p;
        t->cap = cap;
        p = t->text;
        st = reserve(&t->alloc, &p, &t->text_cap, t->text_len + n + 1, 1);
        if (st == WF_OK)
            t->text = p;
    }
    if (st != WF_OK)
        return st;
    memcpy(t->text + t->text_len, s, n);
    t->text[t->text_len + n] = '\0';
    t->offset[t->count] = t->text_len;
    t->text_len += n + 1;
    t->slot[find_slot(t, s, n)] = (uint32_t)t->count + 1;
    if (id)
        *id = (uint32_t)t->count;
    t->count++;
    return WF_OK;
}
