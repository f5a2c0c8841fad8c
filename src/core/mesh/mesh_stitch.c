/* A tiled mesh's arrays and index put together from its tiles.
 *
 * Corners are numbered tile by tile, those on tile lines once (found by
 * their place in a hash), and polygons tile by tile, so that their edges,
 * the edges across them and their areas are the tile's shifted. A
 * boundary edge along a tile line is then joined to the edge across with
 * the same two corners the other way, if the tile across has one, and
 * the tiles' pieces so joined are merged (union-find). Last come the
 * corners on the boundary and the dead ends. Points are located through
 * the tiles' own buckets (mesh_tiles.c). Every array keeps
 * room for more, so an update costs the changed tiles and one pass over
 * the mesh, with no allocation once it has settled. */
#include "mesh_internal.h"

/* An open-addressed hash from 64-bit keys (never EMPTY) to two values. */
#define EMPTY UINT64_MAX
typedef struct table {
    uint64_t *key;
    uint32_t (*val)[2];
    size_t cap; /* a power of two, or 0 */
} table;

struct wf__stitch {
    table corners;   /* a corner on a tile line → its id */
    table seams;     /* directed edge (a, b) → (edge, polygon) */
    uint32_t *gid;   /* a tile's corners' ids */
    uint32_t *up;    /* union-find over the tiles' pieces, then labels */
    size_t cap_gid, cap_up;
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
    wf__free(&m->alloc, s->gid, s->cap_gid * sizeof *s->gid + 1);
    wf__free(&m->alloc, s->up, s->cap_up * sizeof *s->up + 1);
    wf__free(&m->alloc, s, sizeof *s);
    m->tiles->stitch = NULL;
}

/* Sizes in all of the tiles: corners, polygons, polygon corners, corners
 * on tile lines, seam edges, pieces, the most corners of one tile. */
typedef struct totals {
    size_t nv, np, ne, nline, nseam, pieces, most, triangles;
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
        n.most = d->x->nv > n.most ? d->x->nv : n.most;
        n.triangles += d->x->triangles;
    }
    return n;
}

/* Grows *cap (and the arrays a grow call frees and makes) to need and a
 * quarter more when it is short. */
static size_t room(size_t cap, size_t need) {
    return need <= cap ? cap : need + need / 4 + 16;
}

/* The mesh's arrays with room for the totals (their contents lost when
 * they grow). */
static wf_status arrays(wf_mesh *m, const totals *n) {
    const size_t v = room(m->cap.v, n->nv), p = room(m->cap.p, n->np),
                 e = room(m->cap.e, n->ne);
    if (m->vert && v == m->cap.v && p == m->cap.p && e == m->cap.e)
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

/* The scratch for the totals. */
static wf_status scratch(wf_mesh *m, const totals *n) {
    struct wf__stitch *s = m->tiles->stitch;
    const wf_allocator *a = &m->alloc;
    if (!s) {
        s = m->tiles->stitch = wf__alloc(a, sizeof *s);
        if (!s)
            return WF_E_NOMEM;
        memset(s, 0, sizeof *s);
    }
    if (n->most > s->cap_gid || n->pieces > s->cap_up) {
        wf__free(a, s->gid, s->cap_gid * sizeof *s->gid + 1);
        wf__free(a, s->up, s->cap_up * sizeof *s->up + 1);
        s->cap_gid = room(s->cap_gid, n->most);
        s->cap_up = room(s->cap_up, n->pieces);
        s->gid = wf__alloc(a, s->cap_gid * sizeof *s->gid + 1);
        s->up = wf__alloc(a, s->cap_up * sizeof *s->up + 1);
        if (!s->gid || !s->up) {
            wf__free(a, s->gid, s->cap_gid * sizeof *s->gid + 1);
            wf__free(a, s->up, s->cap_up * sizeof *s->up + 1);
            s->gid = s->up = NULL;
            s->cap_gid = s->cap_up = 0;
            return WF_E_NOMEM;
        }
    }
    wf_status st = table_reset(a, &s->corners, n->nline);
    return st == WF_OK ? table_reset(a, &s->seams, n->nseam) : st;
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

/* The id of tile corner v: shared with the tile across when on a line. */
static uint32_t corner_id(wf_mesh *m, const wf__mtile *d, uint32_t v,
                          at *n) {
    const wf__mpt pt = d->x->vert[v];
    if (d->on_line[v]) {
        table *c = &m->tiles->stitch->corners;
        const uint64_t k = (uint64_t)(uint32_t)pt.x << 32 | (uint32_t)pt.y;
        const size_t i = table_slot(c, k);
        if (c->key[i] == k)
            return c->val[i][0];
        c->key[i] = k;
        c->val[i][0] = n->v;
    }
    m->vert[n->v] = pt;
    return n->v++;
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
        m->padj[ebase + i] = r, m->pback[ebase + i] = e;
        m->padj[e] = base + q, m->pback[e] = ebase + i;
        const uint32_t u = root(s->up, m->comp[r]),
                       w = root(s->up, m->comp[base + q]);
        s->up[u > w ? u : w] = u < w ? u : w;
    }
}

/* Places tile d after what n counts, advancing it. */
static void place(wf_mesh *m, wf__mtile *d, at *n) {
    const wf_mesh *x = d->x;
    uint32_t *gid = m->tiles->stitch->gid;
    for (uint32_t v = 0; v < x->nv; v++)
        gid[v] = corner_id(m, d, v, n);
    const double area0 = m->area[n->p];
    for (uint32_t q = 0; q < x->np; q++) {
        m->pstart[n->p + q] = n->e + x->pstart[q];
        m->comp[n->p + q] = n->piece + x->comp[q];
        m->area[n->p + q + 1] = area0 + x->area[q + 1];
    }
    for (uint32_t i = 0; i < x->ne; i++) {
        m->pvert[n->e + i] = gid[x->pvert[i]];
        m->padj[n->e + i] = x->padj[i] == WF__NONE ? WF__NONE
                                                   : n->p + x->padj[i];
        m->pback[n->e + i] = x->pback[i] == WF__NONE ? WF__NONE
                                                     : n->e + x->pback[i];
    }
    for (uint32_t k = 0; k < d->pieces; k++)
        m->tiles->stitch->up[n->piece + k] = n->piece + k;
    d->base = n->p;
    join(m, d, n->p, n->e);
    n->p += x->np, n->e += x->ne, n->piece += d->pieces;
}

/* The corners on the boundary, the dead ends and the pieces, numbered in
 * the order of their first polygons. */
static void finish(wf_mesh *m, size_t pieces) {
    uint32_t *up = m->tiles->stitch->up;
    memset(m->corner, 0, m->nv + 1);
    for (uint32_t p = 0; p < m->np; p++) {
        unsigned out = 0;
        for (uint32_t i = m->pstart[p]; i < m->pstart[p + 1]; i++) {
            if (m->padj[i] == WF__NONE)
                m->corner[m->pvert[i]] = 1;
            else
                out++;
        }
        m->dead[p] = out <= 1;
    }
    /* every piece points at its root; a root, once numbered, holds its
       number with bit 31 set */
    for (size_t k = 0; k < pieces; k++)
        up[k] = root(up, (uint32_t)k);
    uint32_t next = 0;
    for (uint32_t p = 0; p < m->np; p++) {
        const uint32_t c = m->comp[p];
        const uint32_t r = up[c] & 0x80000000u ? c : up[c];
        if (!(up[r] & 0x80000000u))
            up[r] = 0x80000000u | next++;
        m->comp[p] = up[r] & 0x7fffffffu;
    }
}

wf_status wf__mesh_stitch(wf_mesh *m) {
    const struct wf__mtiles *t = m->tiles;
    const totals n = count(t);
    if (n.nv > UINT32_MAX / 2 || n.ne > UINT32_MAX / 2 ||
        n.pieces > 0x7fffffffu)
        return WF_E_TOO_BIG;
    wf_status st = arrays(m, &n);
    if (st == WF_OK)
        st = scratch(m, &n);
    if (st != WF_OK)
        return st;
    at a = {0, 0, 0, 0};
    m->area[0] = 0;
    for (size_t i = 0; i < (size_t)t->ntx * t->nty; i++)
        place(m, &t->tile[i], &a);
    m->nv = a.v, m->np = a.p, m->ne = a.e;
    m->pstart[m->np] = m->ne;
    m->triangles = n.triangles;
    finish(m, n.pieces);
    return WF_OK;
}
