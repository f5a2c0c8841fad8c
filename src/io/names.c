/* wf_names: the names of a graph file's nodes, both ways.
 *
 * Name → id is a crit-bit tree (a binary radix tree branching on the first
 * bit where two names differ), not a hash table: its depth is at most the
 * number of bits in the longest name, whatever the names are, so no choice
 * of names can make lookups slow, and it needs no hash key, no seed and no
 * global state. Finding or adding a name of n bytes costs O(n) byte reads
 * plus one comparison, and on ordinary names O(log count) steps. */
#include "wf_core_private.h"
#include "wayfind/io.h"

/* A child reference: an internal node index, or a leaf (a name id) with
 * LEAF set. Ids are below WF_GRAPH_MAX_NODES (2^28), so the bit is free. */
#define LEAF 0x80000000u

typedef struct crit_node {
    uint32_t child[2];
    uint32_t byte;      /* index of the byte where the two sides differ */
    uint8_t otherbits;  /* every bit of that byte set except the one
                           deciding the side */
} crit_node;

struct wf_names {
    wf_allocator alloc;
    size_t count, cap;     /* names; offset[] has cap entries */
    size_t *offset;        /* into text, each NUL-terminated */
    char *text;
    size_t text_len, text_cap;
    crit_node *node;       /* count - 1 of them once count >= 1 */
    size_t node_cap;
    uint32_t root;         /* meaningless while count == 0 */
};

/* Byte i of s[0..n), 0 past its end (names hold no NUL). */
static unsigned byte_at(const char *s, size_t n, size_t i) {
    return i < n ? (unsigned char)s[i] : 0;
}

static int side(const crit_node *x, const char *s, size_t n) {
    return (1 + (x->otherbits | byte_at(s, n, x->byte))) >> 8;
}

static size_t name_len(const wf_names *t, uint32_t id) {
    size_t end = id + 1 < t->count ? t->offset[id + 1] : t->text_len;
    return end - t->offset[id] - 1;
}

wf_status wf_names_create(const wf_allocator *alloc, wf_names **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    wf_allocator a = wf__allocator(alloc);
    wf_names *t = wf__alloc(&a, sizeof *t);
    if (!t)
        return WF_E_NOMEM;
    memset(t, 0, sizeof *t);
    t->alloc = a;
    *out = t;
    return WF_OK;
}

void wf_names_destroy(wf_names *t) {
    if (!t)
        return;
    wf_allocator a = t->alloc;
    wf__free(&a, t->offset, t->cap * sizeof *t->offset);
    wf__free(&a, t->text, t->text_cap);
    wf__free(&a, t->node, t->node_cap * sizeof *t->node);
    wf__free(&a, t, sizeof *t);
}

size_t wf_names_count(const wf_names *t) {
    return t ? t->count : 0;
}

const char *wf_names_get(const wf_names *t, uint32_t id) {
    return t && id < t->count ? t->text + t->offset[id] : NULL;
}

/* The id of the leaf the bits of s[0..n) lead to (count >= 1): the only
 * name that can equal s. */
static uint32_t walk(const wf_names *t, const char *s, size_t n) {
    uint32_t r = t->root;
    while (!(r & LEAF))
        r = t->node[r].child[side(&t->node[r], s, n)];
    return r & ~LEAF;
}

static int same(const wf_names *t, uint32_t id, const char *s, size_t n) {
    return name_len(t, id) == n && memcmp(t->text + t->offset[id], s, n) == 0;
}

wf_status wf_names_find(const wf_names *t, const char *s, size_t n,
                        uint32_t *id) {
    if (!t || !s)
        return WF_E_INVALID_ARG;
    if (!t->count)
        return WF_E_RANGE;
    uint32_t best = walk(t, s, n);
    if (!same(t, best, s, n))
        return WF_E_RANGE;
    if (id)
        *id = best;
    return WF_OK;
}

/* Grows an array to hold need elements of elem bytes. */
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

/* Links the name just stored as id into the tree (it is not there yet). */
static void link_name(wf_names *t, uint32_t id) {
    const char *s = t->text + t->offset[id];
    size_t n = name_len(t, id);
    if (id == 0) {
        t->root = LEAF;
        return;
    }
    /* The first bit where s differs from the name its bits lead to. */
    uint32_t near = walk(t, s, n);
    const char *q = t->text + t->offset[near];
    size_t qn = name_len(t, near), at = 0;
    while (byte_at(q, qn, at) == byte_at(s, n, at))
        at++;
    /* the highest differing bit of that byte decides: smear it down, keep
     * it alone, and invert */
    unsigned diff = byte_at(q, qn, at) ^ byte_at(s, n, at);
    diff |= diff >> 1;
    diff |= diff >> 2;
    diff |= diff >> 4;
    diff = (diff & ~(diff >> 1)) ^ 0xFF;
    crit_node x;
    x.byte = (uint32_t)at;
    x.otherbits = (uint8_t)diff;
    int new_side = side(&x, s, n);
    /* Where the new branch goes: above the first node deciding on a later
     * bit. */
    uint32_t *where = &t->root;
    while (!(*where & LEAF)) {
        crit_node *y = &t->node[*where];
        if (y->byte > x.byte ||
            (y->byte == x.byte && y->otherbits > x.otherbits))
            break;
        where = &y->child[side(y, s, n)];
    }
    uint32_t k = id - 1; /* node k is made by adding name k + 1 */
    x.child[new_side] = id | LEAF;
    x.child[1 - new_side] = *where;
    t->node[k] = x;
    *where = k;
}

wf_status wf_names_add(wf_names *t, const char *s, size_t n, uint32_t *id) {
    if (!t || !s || n == 0 || memchr(s, '\0', n))
        return WF_E_INVALID_ARG;
    if (wf_names_find(t, s, n, NULL) == WF_OK)
        return WF_E_INVALID_ARG;
    if (t->count >= WF_GRAPH_MAX_NODES)
        return WF_E_TOO_BIG;
    void *p = t->offset;
    size_t cap = t->cap;
    wf_status st = reserve(&t->alloc, &p, &cap, t->count + 1,
                           sizeof *t->offset);
    if (st != WF_OK)
        return st;
    t->offset = p;
    t->cap = cap;
    p = t->node;
    st = reserve(&t->alloc, &p, &t->node_cap, t->count, sizeof *t->node);
    if (st != WF_OK)
        return st;
    t->node = p;
    p = t->text;
    st = reserve(&t->alloc, &p, &t->text_cap, t->text_len + n + 1, 1);
    if (st != WF_OK)
        return st;
    t->text = p;
    memcpy(t->text + t->text_len, s, n);
    t->text[t->text_len + n] = '\0';
    t->offset[t->count] = t->text_len;
    t->text_len += n + 1;
    uint32_t new_id = (uint32_t)t->count++;
    link_name(t, new_id);
    if (id)
        *id = new_id;
    return WF_OK;
}
