/* wf_mesh_from_grid: the outlines of the cells a unit may stand on, as
 * maximal straight runs of cell edges with a walkable cell on one side
 * only, become the constraints of a triangulation whose inside triangles
 * are merged into the mesh's polygons.
 *
 * A run ends wherever the walkable side changes, so at a point where two
 * blocked cells touch diagonally four runs meet and the two walkable
 * cells there share a corner but no edge: the mesh does not join them,
 * which is the one-free rule. No outline corner lies inside another run
 * (a run's two sides are the same all along it), so the constraints meet
 * only at their ends. */
#include <math.h>

#include "mesh_internal.h"

typedef struct seg {
    int32_t x0, y0, x1, y1;
} seg;

typedef struct segs {
    wf_allocator alloc;
    seg *s;
    size_t n, cap;
} segs;

static wf_status seg_add(segs *l, int32_t x0, int32_t y0, int32_t x1,
                         int32_t y1) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        seg *s = wf__realloc(&l->alloc, l->s, l->cap * sizeof *s,
                             cap * sizeof *s);
        if (!s)
            return WF_E_NOMEM;
        l->s = s;
        l->cap = cap;
    }
    l->s[l->n++] = (seg){x0, y0, x1, y1};
    return WF_OK;
}

/* Is (x, y) a cell the unit may stand on? Off the grid: no. */
static int walk_at(const uint8_t *ok, int w, int h, int x, int y) {
    return x >= 0 && y >= 0 && x < w && y < h && ok[(size_t)y * w + x];
}

/* The runs along the lines y = const (horizontal) or x = const. Along a
 * line, cell pairs (before, after) straddle it; a run is a stretch where
 * exactly one of them is walkable, the same one. */
static wf_status trace(const uint8_t *ok, int w, int h, int horizontal,
                       segs *out) {
    const int lines = horizontal ? h : w, len = horizontal ? w : h;
    for (int l = 0; l <= lines; l++) {
        int start = -1, side = 0;
        for (int i = 0; i <= len; i++) {
            int s = 0;
            if (i < len) {
                const int a = horizontal ? walk_at(ok, w, h, i, l - 1)
                                         : walk_at(ok, w, h, l - 1, i);
                const int b = horizontal ? walk_at(ok, w, h, i, l)
                                         : walk_at(ok, w, h, l, i);
                s = a == b ? 0 : a ? 1 : 2;
            }
            if (s == side)
                continue;
            if (side) {
                const int32_t k = WF_MESH_GRID_SCALE;
                wf_status st = horizontal
                                   ? seg_add(out, start * k, l * k, i * k,
                                             l * k)
                                   : seg_add(out, l * k, start * k, l * k,
                                             i * k);
                if (st != WF_OK)
                    return st;
            }
            side = s;
            start = i;
        }
    }
    return WF_OK;
}

/* The Hilbert-curve index of (x, y) on a 2^21 square: inserting points in
 * this order keeps each walk to the next point short. */
static uint64_t hilbert(uint32_t x, uint32_t y) {
    uint64_t d = 0;
    for (uint32_t s = 1u << 20; s > 0; s >>= 1) {
        const uint32_t rx = (x & s) > 0, ry = (y & s) > 0;
        d += (uint64_t)s * s * ((3 * rx) ^ ry);
        if (ry == 0) {
            if (rx == 1) {
                x = s - 1 - x;
                y = s - 1 - y;
            }
            const uint32_t t = x;
            x = y;
            y = t;
        }
    }
    return d;
}

/* Inserts every run's ends in Hilbert order, then the runs. */
static wf_status triangulate(wf__cdt *c, const segs *l, uint32_t *ids) {
    const size_t n = 2 * l->n;
    wf__keyed *k = wf__alloc(&c->alloc, n * sizeof *k + 1);
    if (!k)
        return WF_E_NOMEM;
    for (size_t i = 0; i < n; i++) {
        const seg *s = &l->s[i / 2];
        const int32_t x = i & 1 ? s->x1 : s->x0, y = i & 1 ? s->y1 : s->y0;
        k[i].key = hilbert((uint32_t)x / WF_MESH_GRID_SCALE,
                           (uint32_t)y / WF_MESH_GRID_SCALE);
        k[i].i = (uint32_t)i; /* segment × 2 + which end */
    }
    wf_status st = wf__keyed_sort(k, n, &c->alloc);
    for (size_t i = 0; i < n && st == WF_OK; i++) {
        const seg *s = &l->s[k[i].i / 2];
        const wf__mpt p = k[i].i & 1 ? (wf__mpt){s->x1, s->y1}
                                     : (wf__mpt){s->x0, s->y0};
        st = wf__cdt_insert(c, p, &ids[k[i].i]);
    }
    wf__free(&c->alloc, k, n * sizeof *k + 1);
    for (size_t i = 0; i < l->n && st == WF_OK; i++)
        st = wf__cdt_constrain(c, ids[2 * i], ids[2 * i + 1]);
    return st == WF_OK ? wf__cdt_classify(c) : st;
}

/* ok[c]: may the unit stand on cell c; *cost: what a cell of path costs.
 * NULL with the reason in diag when the unit or its terrains will not do. */
static uint8_t *walkable(const wf_grid *g, wf_move *move, const wf_filter *f,
                         const wf_allocator *alloc, double *cost,
                         wf_diag *diag, wf_status *st) {
    char msg[WF__MSG_SIZE];
    *st = WF_E_INVALID_ARG;
    if (wf__move_check(move, msg, sizeof msg) != WF_OK ||
        wf_filter_check(f, msg, sizeof msg) != WF_OK) {
        wf__diag_set(diag, "", 0, 0, "%s", msg);
        return NULL;
    }
    if (move->connect != 8) {
        wf__diag_set(diag, "", 0, 0, "a mesh is for 8-connected units "
                                     "(its paths run in any direction)");
        return NULL;
    }
    double costs[256];
    uint8_t pass[256];
    const int forbids = wf__filter_costs(g, f, costs, pass);
    *cost = -1;
    for (int t = 0; t < 256; t++) {
        if (!pass[t] || !g->count[t])
            continue;
        if (*cost >= 0 && costs[t] != *cost) {
            wf__diag_set(diag, "", 0, 0,
                         "terrain %d costs %g where another costs %g: a "
                         "mesh prices paths by length, so its walkable "
                         "terrains must cost the same",
                         t, costs[t], *cost);
            return NULL;
        }
        *cost = costs[t];
    }
    if (*cost < 0)
        *cost = 1;
    *st = WF_E_NOMEM;
    uint8_t *ok = wf__alloc(alloc, g->cells + 1);
    if (!ok)
        return NULL;
    if (move->size > 1) {
        wf__clearance_build(g, forbids ? pass : NULL, ok);
        for (size_t c = 0; c < g->cells; c++)
            ok[c] = ok[c] >= (unsigned)move->size;
    } else {
        for (size_t c = 0; c < g->cells; c++)
            ok[c] = pass[g->terrain[c]];
    }
    *st = WF_OK;
    return ok;
}

static wf_status build(wf_mesh *m, const wf_grid *g, const uint8_t *ok) {
    segs l = {m->alloc, NULL, 0, 0};
    wf__cdt c;
    const int32_t k = WF_MESH_GRID_SCALE;
    wf_status st = trace(ok, g->width, g->height, 1, &l);
    if (st == WF_OK)
        st = trace(ok, g->width, g->height, 0, &l);
    uint32_t *ids = NULL;
    if (st == WF_OK)
        st = wf__cdt_init(&c, &m->alloc, -k, -k, (g->width + 1) * k,
                          (g->height + 1) * k, l.n);
    else
        memset(&c, 0, sizeof c);
    if (st == WF_OK) {
        ids = wf__alloc(&m->alloc, 2 * l.n * sizeof *ids + 1);
        st = ids ? triangulate(&c, &l, ids) : WF_E_NOMEM;
    }
    if (st == WF_OK)
        st = wf__mesh_from_cdt(m, &c);
    if (st == WF_OK)
        st = wf__mesh_index(m);
    wf__free(&m->alloc, ids, 2 * l.n * sizeof *ids + 1);
    wf__free(&m->alloc, l.s, l.cap * sizeof *l.s);
    wf__cdt_free(&c);
    return st;
}

uint64_t wf__mesh_grid_digest(const wf_grid *g) {
    uint64_t h = wf__grid_digest(g), bits;
    for (int t = 0; t < 256; t++) {
        memcpy(&bits, &g->cost[t], sizeof bits);
        h = wf__mix(h, bits);
    }
    return h;
}

wf_status wf_mesh_from_grid(const wf_grid *g, const wf_move *move,
                            const wf_filter *filter,
                            const wf_allocator *alloc, wf_mesh **out,
                            wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!g || !out) {
        wf__diag_set(diag, "", 0, 0, "the grid and the out pointer are "
                                     "required");
        return WF_E_INVALID_ARG;
    }
    if ((int64_t)(g->width + 2) * WF_MESH_GRID_SCALE >= WF__MESH_LIM ||
        (int64_t)(g->height + 2) * WF_MESH_GRID_SCALE >= WF__MESH_LIM) {
        wf__diag_set(diag, "", 0, 0, "a mesh takes grids up to %d cells a "
                                     "side; this one is %d x %d",
                     (int)(WF__MESH_LIM / WF_MESH_GRID_SCALE) - 2, g->width,
                     g->height);
        return WF_E_TOO_BIG;
    }
    wf_move mv = move ? *move : wf_move_default();
    const wf_allocator a = wf__allocator(alloc);
    double cost;
    wf_status st;
    uint8_t *ok = walkable(g, &mv, filter, &a, &cost, diag, &st);
    if (!ok)
        return st;
    wf_mesh *m = wf__alloc(&a, sizeof *m);
    if (!m) {
        wf__free(&a, ok, g->cells + 1);
        return WF_E_NOMEM;
    }
    memset(m, 0, sizeof *m);
    m->alloc = a;
    m->scale = WF_MESH_GRID_SCALE;
    m->cost = cost;
    m->from_grid = 1;
    m->grid_serial = g->serial;
    m->grid_version = g->version;
    m->grid_width = g->width;
    m->grid_height = g->height;
    m->grid_digest = wf__mesh_grid_digest(g);
    m->move = mv;
    st = build(m, g, ok);
    wf__free(&a, ok, g->cells + 1);
    if (st != WF_OK) {
        wf_mesh_destroy(m);
        wf__diag_set(diag, "", 0, 0, "%s", st == WF_E_NOMEM
                                               ? "out of memory"
                                               : "the mesh is too large");
        return st;
    }
    *out = m;
    return WF_OK;
}
