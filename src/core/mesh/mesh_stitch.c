/* A tiled mesh's arrays and index put together from its tiles.
 *
 * Corners are numbered tile by tile, those on tile lines once (found by
 * their place in a hash), and polygons tile by tile, so that their edges,
 * the edges across them and their areas are the tile's shifted. A
 * boundary edge along a tile line is then joined to the edge across with
 * the same two corners the other way, if the tile across has one, and
 * the tiles' pieces so joined are merged (union-find). Last come the
 * corners on the boundary and the dead ends. Points are located through
 * the tiles' own buckets (mesh_tiles.c). Every array keeps room for more,
 * and the tiles before the first one made anew keep their place: only
 * their seams are looked at again (what joined them to later tiles is
 * undone, the hashes keep what they put there), so an update costs the
 * changed tiles and a copy of those after them, with no allocation once
 * the arrays have settled. */
#include "mesh_internal.h"

/* An open-addressed hash from 64-bit keys (never EMPTY) to two values. */
#define EMPTY UINT64_MAX
/* In a seam's second value (its polygon): joined to the edge across. */
#define JOINED 0x80000000u
typedef struct table {
    uint64_t *key;
    uint32_t (*val)[2];
    size_t cap; /* a power of two, or 0 */
} table;

struct wf__stitch {
    table corners;   /* a corner on a tile line → its id */
    table seams;     /* directed edge (a, b) → (edge, polygon | JOINED) */
    table spare;     /* where the hashes are copied when pruned */
    uint32_t *up;    /* union-find over the tiles' pieces, then labels */
    uint32_t *node;  /* per polygon: its tile's piece (an index in up) */
    size_t cap_up, cap_node;
    /* what kept its place this time: the corners, polygons and edges
       before these */
    uint32_t kept_v, kept, kept_e;
};

static void table_free(const wf_allocator *a, table *t) {
    wf__free(a, t->key, t->cap * sizeof *t->key + 1);
    wf__free(a, t->val, t->cap * sizeof *t->val + 1);
    memset(t, 0, sizeof *t);
}

/* Empties t with room for n keys at most half full. */
static wf_status table_reset(const wf_allocator *a, table *t, size_t n) {
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    if (cap > t->cap) {
        table_free(a, t);
        t->key = wf__alloc(a, cap * sizeof *t->key + 1);
        t->val = wf__alloc(a, cap * sizeof *t->val + 1);
        if (!t->key || !t->val) {
            table_free(a, t);
            return WF_E_NOMEM;
        }
        t->cap = cap;
    }
    memset(t->key, 0xff, t->cap * sizeof *t->key);
    return WF_OK;
}

/* The slot of key k: where it is, or the empty one it would go in. */
static size_t table_slot(const table *t, uint64_t k) {
    /* a full mix: corners on tile lines share many low bits */
    uint64_t h = (k ^ (k >> 31)) * 0xbf58476d1ce4e5b9u;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebu;
    size_t i = (size_t)(h ^ (h >> 31)) & (t->cap - 1);
    while (t->key[i] != k && t->key[i] != EMPTY)
        i = (i + 1) & (t->cap - 1);
    return i;
}

void wf__mesh_stitch_free(wf_mesh *m) {
    struct wf__stitch *s = m->tiles ? m->tiles->stitch : NULL;
    if (!s)
        return;
    table_free(&m->alloc, &s->corners);
    table_free(&m->alloc, &s->seams);
    table_free(&m->alloc, &s->spare);
    wf__free(&m->alloc, s->up, s->cap_up * sizeof *s->up + 1);
    wf__free(&m->alloc, s->node, s->cap_node * sizeof *s->node + 1);
    wf__free(&m->alloc, s, sizeof *s);
    m->tiles->stitch = NULL;
}

/* Sizes in all of the tiles: corners, polygons, polygon corners, corners
 * on tile lines, seam edges, pieces and triangles. */
typedef struct totals {
    size_t nv, np, ne, nline, nseam, pieces, triangles;
} totals;

static totals count(const struct wf__mtiles *t) {
    totals n = {0};
    for (size_t i = 0; i < (size_t)t->ntx * t->nty; i++) {
        const wf__mtile *d = &t->tile[i];
        n.nv += d->x->nv;
        n.np += d->x->np;
        n.ne += d->x->ne;
        n.nline += d->nline;
        n.nseam += d->nseam;
        n.pieces += d->pieces;
        n.triangles += d->x->triangles;
    }
    return n;
}

/* Grows *cap (and the arrays a grow call frees and makes) to need and a
 * quarter more when it is short. */
static size_t room(size_t cap, size_t need) {
    return need <= cap ? cap : need + need / 4 + 16;
}

/* The mesh's arrays with room for the totals; *grew when they had to
 * grow (their contents are lost). */
static wf_status arrays(wf_mesh *m, const totals *n, int *grew) {
    const size_t v = room(m->cap.v, n->nv), p = room(m->cap.p, n->np),
                 e = room(m->cap.e, n->ne);
    *grew = !m->vert || v != m->cap.v || p != m->cap.p || e != m->cap.e;
    if (!*grew)
        return WF_OK;
    const wf_allocator *a = &m->alloc;
    wf__free(a, m->vert, m->cap.v * sizeof *m->vert + 1);
    wf__free(a, m->corner, m->cap.v + 1);
    wf__free(a, m->pstart, (m->cap.p + 1) * sizeof *m->pstart);
    wf__free(a, m->comp, m->cap.p * sizeof *m->comp + 1);
    wf__free(a, m->dead, m->cap.p + 1);
    wf__free(a, m->area, (m->cap.p + 1) * sizeof *m->area);
    wf__free(a, m->pvert, m->cap.e * sizeof *m->pvert + 1);
    wf__free(a, m->padj, m->cap.e * sizeof *m->padj + 1);
    wf__free(a, m->pback, m->cap.e * sizeof *m->pback + 1);
    m->cap.v = v, m->cap.p = p, m->cap.e = e;
    m->vert = wf__alloc(a, v * sizeof *m->vert + 1);
    m->corner = wf__alloc(a, v + 1);
    m->pstart = wf__alloc(a, (p + 1) * sizeof *m->pstart);
    m->comp = wf__alloc(a, p * sizeof *m->comp + 1);
    m->dead = wf__alloc(a, p + 1);
    m->area = wf__alloc(a, (p + 1) * sizeof *m->area);
    m->pvert = wf__alloc(a, e * sizeof *m->pvert + 1);
    m->padj = wf__alloc(a, e * sizeof *m->padj + 1);
    m->pback = wf__alloc(a, e * sizeof *m->pback + 1);
    return m->vert && m->corner && m->pstart && m->comp && m->dead &&
                   m->area && m->pvert && m->padj && m->pback
               ? WF_OK
               : WF_E_NOMEM;
}

/* Makes *p an array of `need` entries at least (contents lost), its size
 * in *cap. */
static int grow(const wf_allocator *a, uint32_t **p, size_t *cap,
                size_t need) {
    if (*p && need <= *cap)
        return 1;
    wf__free(a, *p, *cap * sizeof **p + 1);
    *cap = room(*cap, need);
    if ((*p = wf__alloc(a, *cap * sizeof **p + 1)))
        return 1;
    *cap = 0;
    return 0;
}

/* The scratch for the totals: the hashes emptied when every tile is
 * placed anew (*from 0), else kept, unless they would be too full (then
 * *from becomes 0). */
static wf_status scratch(wf_mesh *m, const totals *n, size_t *from) {
    struct wf__stitch *s = m->tiles->stitch;
    const wf_allocator *a = &m->alloc;
    if (!s) {
        s = m->tiles->stitch = wf__alloc(a, sizeof *s);
        if (!s)
            return WF_E_NOMEM;
        memset(s, 0, sizeof *s);
        *from = 0;
    }
    if (!grow(a, &s->up, &s->cap_up, n->pieces) ||
        !grow(a, &s->node, &s->cap_node, m->cap.p))
        return WF_E_NOMEM;
    /* the three hashes have one size, so that they can trade places */
    const size_t most = n->nline > n->nseam ? n->nline : n->nseam;
    if (2 * most > s->corners.cap)
        *from = 0;
    if (*from)
        return WF_OK;
    wf_status st = table_reset(a, &s->corners, most);
    if (st == WF_OK)
        st = table_reset(a, &s->seams, most);
    return st == WF_OK ? table_reset(a, &s->spare, most) : st;
}

/* The root of piece k, halving the paths on the way. */
static uint32_t root(uint32_t *up, uint32_t k) {
    while (up[k] != k)
        k = up[k] = up[up[k]];
    return k;
}

/* Where the next tile goes: corners, polygons, edges and pieces so far. */
typedef struct at {
    uint32_t v, p, e, piece;
} at;

/* The id of tile corner v: shared with the tile across when on a line.
 * Marks it as a corner of the boundary when an edge of the tile that is
 * no seam starts there (seams left unjoined are marked by finish). */
static uint32_t corner_id(wf_mesh *m, const wf__mtile *d, uint32_t v,
                          at *n) {
    const wf__mpt pt = d->x->vert[v];
    const uint8_t edge = (d->mark[v] & WF__MARK_EDGE) != 0;
    if (d->mark[v] & WF__MARK_LINE) {
        table *c = &m->tiles->stitch->corners;
        const uint64_t k = (uint64_t)(uint32_t)pt.x << 32 | (uint32_t)pt.y;
        const size_t i = table_slot(c, k);
        if (c->key[i] == k) {
            m->corner[c->val[i][0]] |= edge;
            return c->val[i][0];
        }
        c->key[i] = k;
        c->val[i][0] = n->v;
    }
    m->vert[n->v] = pt;
    m->corner[n->v] = edge;
    return n->v++;
}

/* Does polygon p have one neighbour or none? */
static uint8_t lonely(const wf_mesh *m, uint32_t p) {
    unsigned out = 0;
    for (uint32_t i = m->pstart[p]; i < m->pstart[p + 1]; i++)
        out += m->padj[i] != WF__NONE;
    return out <= 1;
}

/* One more neighbour of polygon p: counted up to 2 in dead until finish
 * turns the counts into flags, or, for a polygon that kept its place
 * (its flag set), its flag worked out again. */
static void one_more(wf_mesh *m, uint32_t p) {
    if (p < m->tiles->stitch->kept)
        m->dead[p] = lonely(m, p);
    else
        m->dead[p] += m->dead[p] < 2;
}

/* The polygon of tile x holding its edge i. */
static uint32_t polygon_of(const wf_mesh *x, uint32_t i) {
    uint32_t lo = 0, hi = x->np; /* the last p with pstart[p] <= i */
    while (hi - lo > 1) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (x->pstart[mid] <= i)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Joins tile d's seam edges (its polygons from base on, edges from ebase)
 * to those of tiles already placed with the same corners the other way. */
static void join(wf_mesh *m, const wf__mtile *d, uint32_t base,
                 uint32_t ebase) {
    struct wf__stitch *s = m->tiles->stitch;
    const wf_mesh *x = d->x;
    for (uint32_t k = 0; k < d->nseam; k++) {
        const uint32_t i = d->seam[k], q = polygon_of(x, i);
        const uint32_t j = i + 1 < x->pstart[q + 1] ? i + 1 : x->pstart[q];
        const uint64_t a = m->pvert[ebase + i], b = m->pvert[ebase + j];
        const size_t back = table_slot(&s->seams, b << 32 | a);
        if (s->seams.key[back] == EMPTY) {
            const size_t mine = table_slot(&s->seams, a << 32 | b);
            s->seams.key[mine] = a << 32 | b;
            s->seams.val[mine][0] = ebase + i;
            s->seams.val[mine][1] = base + q;
            continue;
        }
        const uint32_t e = s->seams.val[back][0], r = s->seams.val[back][1];
        s->seams.val[back][1] |= JOINED;
        m->padj[ebase + i] = r, m->pback[ebase + i] = e;
        m->padj[e] = base + q, m->pback[e] = ebase + i;
        one_more(m, r);
        one_more(m, base + q);
        const uint32_t u = root(s->up, s->node[r]),
                       w = root(s->up, s->node[base + q]);
        s->up[u > w ? u : w] = u < w ? u : w;
    }
}

/* Places tile d after what n counts, advancing it. */
static void place(wf_mesh *m, wf__mtile *d, at *n) {
    const wf_mesh *x = d->x;
    uint32_t *node = m->tiles->stitch->node;
    d->vbase = n->v, d->base = n->p, d->ebase = n->e, d->piece0 = n->piece;
    for (uint32_t v = 0; v < x->nv; v++)
        d->gid[v] = corner_id(m, d, v, n);
    const double area0 = m->area[n->p];
    for (uint32_t q = 0; q < x->np; q++) {
        m->pstart[n->p + q] = n->e + x->pstart[q];
        node[n->p + q] = n->piece + x->comp[q];
        m->area[n->p + q + 1] = area0 + x->area[q + 1];
        uint8_t out = 0;
        for (uint32_t i = x->pstart[q]; i < x->pstart[q + 1]; i++) {
            const uint32_t adj = x->padj[i], back = x->pback[i];
            m->pvert[n->e + i] = d->gid[x->pvert[i]];
            m->padj[n->e + i] = adj == WF__NONE ? WF__NONE : n->p + adj;
            m->pback[n->e + i] = back == WF__NONE ? WF__NONE : n->e + back;
            out += adj != WF__NONE && out < 2;
        }
        m->dead[n->p + q] = out;
    }
    for (uint32_t k = 0; k < d->pieces; k++)
        m->tiles->stitch->up[n->piece + k] = n->piece + k;
    join(m, d, n->p, n->e);
    n->p += x->np, n->e += x->ne, n->piece += d->pieces;
    d->fresh = 0;
}

/* Copies into the spare hash the entries of hash t that keep() keeps,
 * then swaps the two (they have one size). */
static void prune(wf_mesh *m, table *t, int (*keep)(wf_mesh *, uint32_t *)) {
    struct wf__stitch *s = m->tiles->stitch;
    memset(s->spare.key, 0xff, s->spare.cap * sizeof *s->spare.key);
    for (size_t i = 0; i < t->cap; i++) {
        if (t->key[i] == EMPTY || !keep(m, t->val[i]))
            continue;
        const size_t j = table_slot(&s->spare, t->key[i]);
        s->spare.key[j] = t->key[i];
        s->spare.val[j][0] = t->val[i][0], s->spare.val[j][1] = t->val[i][1];
    }
    const table old = *t;
    *t = s->spare;
    s->spare = old;
}

/* A corner the kept tiles placed stays. */
static int keep_corner(wf_mesh *m, uint32_t *v) {
    return v[0] < m->tiles->stitch->kept_v;
}

/* A seam of a kept tile stays; joined to a tile placed anew, it is cut
 * loose again (its polygon's flag worked out again); joined to a kept
 * one, their pieces are merged again. */
static int keep_seam(wf_mesh *m, uint32_t *v) {
    struct wf__stitch *s = m->tiles->stitch;
    const uint32_t e = v[0], p = v[1] & ~JOINED;
    if (e >= s->kept_e)
        return 0;
    if (!(v[1] & JOINED))
        return 1;
    const uint32_t q = m->padj[e];
    if (q >= s->kept) {
        m->padj[e] = m->pback[e] = WF__NONE;
        m->dead[p] = lonely(m, p);
        v[1] = p;
        return 1;
    }
    const uint32_t u = root(s->up, s->node[p]), w = root(s->up, s->node[q]);
    s->up[u > w ? u : w] = u < w ? u : w;
    return 1;
}

/* The tiles before tile k keep their place: n where tile k goes, the
 * hashes pruned to what they put there, the pieces they join merged
 * again, and the corners they share with later tiles marked from them
 * alone (the later tiles add theirs when placed). */
static void keep(wf_mesh *m, size_t k, at *n) {
    const struct wf__mtiles *t = m->tiles;
    struct wf__stitch *s = t->stitch;
    const wf__mtile *d = &t->tile[k];
    *n = (at){d->vbase, d->base, d->ebase, d->piece0};
    s->kept_v = n->v, s->kept = n->p, s->kept_e = n->e;
    for (uint32_t i = 0; i < n->piece; i++)
        s->up[i] = i;
    prune(m, &s->corners, keep_corner);
    prune(m, &s->seams, keep_seam);
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < k; i++) {
            const wf__mtile *e = &t->tile[i];
            for (uint32_t v = 0; v < e->x->nv; v++)
                if (e->mark[v] & WF__MARK_LINE) {
                    if (pass)
                        m->corner[e->gid[v]] |=
                            (e->mark[v] & WF__MARK_EDGE) != 0;
                    else
                        m->corner[e->gid[v]] = 0;
                }
        }
}

/* The corners where a seam left unjoined starts, the dead ends of the
 * polygons placed anew (from their counts) and the pieces, numbered in
 * the order of their first polygons. */
static void finish(wf_mesh *m, size_t pieces) {
    const struct wf__stitch *s = m->tiles->stitch;
    const table *t = &s->seams;
    uint32_t *up = s->up;
    for (size_t i = 0; i < t->cap; i++)
        if (t->key[i] != EMPTY && !(t->val[i][1] & JOINED))
            m->corner[m->pvert[t->val[i][0]]] = 1;
    for (uint32_t p = s->kept; p < m->np; p++)
        m->dead[p] = m->dead[p] <= 1;
    /* every piece points at its root; a root, once numbered, holds its
       number with bit 31 set */
    for (size_t k = 0; k < pieces; k++)
        up[k] = root(up, (uint32_t)k);
    uint32_t next = 0;
    for (uint32_t p = 0; p < m->np; p++) {
        const uint32_t c = s->node[p];
        const uint32_t r = up[c] & 0x80000000u ? c : up[c];
        if (!(up[r] & 0x80000000u))
            up[r] = 0x80000000u | next++;
        m->comp[p] = up[r] & 0x7fffffffu;
    }
}

wf_status wf__mesh_stitch(wf_mesh *m) {
    const struct wf__mtiles *t = m->tiles;
    const size_t ntiles = (size_t)t->ntx * t->nty;
    const totals n = count(t);
    if (n.nv > UINT32_MAX / 2 || n.ne > UINT32_MAX / 2 ||
        n.pieces > 0x7fffffffu)
        return WF_E_TOO_BIG;
    size_t from = 0; /* the first tile made anew */
    while (from < ntiles && !t->tile[from].fresh)
        from++;
    if (from == ntiles)
        return WF_OK;
    int grew;
    wf_status st = arrays(m, &n, &grew);
    if (grew)
        from = 0;
    if (st == WF_OK)
        st = scratch(m, &n, &from);
    if (st != WF_OK)
        return st;
    at a = {0, 0, 0, 0};
    if (from)
        keep(m, from, &a);
    else
        t->stitch->kept_v = t->stitch->kept = t->stitch->kept_e = 0;
    m->area[a.p] = a.p ? m->area[a.p] : 0;
    for (size_t i = from; i < ntiles; i++)
        place(m, &t->tile[i], &a);
    m->nv = a.v, m->np = a.p, m->ne = a.e;
    m->pstart[m->np] = m->ne;
    m->triangles = n.triangles;
    finish(m, n.pieces);
    return WF_OK;
}
