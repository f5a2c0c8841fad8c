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

/* The cells a mesh (or one tile of it) covers: [x0, x1) × [y0, y1) of a
 * w × h map of walkable flags. */
typedef struct region {
    const uint8_t *ok;
    int w, h, x0, y0, x1, y1;
} region;

/* Is (x, y) a cell of the region the unit may stand on? */
static int walk_at(const region *r, int x, int y) {
    return x >= r->x0 && y >= r->y0 && x < r->x1 && y < r->y1 &&
           r->ok[(size_t)y * r->w + x];
}

/* The cells either side of line l at position i on the whole map (not
 * only the region), as two bits. */
static int pattern(const region *r, int horizontal, int l, int i) {
    const int x = horizontal ? i : l, y = horizontal ? l : i;
    const int a = horizontal ? (y > 0 && r->ok[(size_t)(y - 1) * r->w + x])
                             : (x > 0 && r->ok[(size_t)y * r->w + x - 1]);
    const int b = horizontal ? (y < r->h && r->ok[(size_t)y * r->w + x])
                             : (x < r->w && r->ok[(size_t)y * r->w + x]);
    return a | b << 1;
}

/* A run along line l from `from` to `to`. When the line bounds a tile
 * inside the map, the run is cut wherever the cells either side of the
 * line change, so the tiles on both sides have the same corners along it
 * (and share whole edges where both are walkable). */
static wf_status emit(segs *out, const region *r, int horizontal, int l,
                      int from, int to) {
    const int lo = horizontal ? r->y0 : r->x0, hi = horizontal ? r->y1 : r->x1;
    const int end = horizontal ? r->h : r->w;
    const int cut = (l == lo && l > 0) || (l == hi && l < end);
    const int32_t k = WF_MESH_GRID_SCALE;
    for (int a = from; a < to;) {
        int b = a + 1;
        while (b < to && !(cut && pattern(r, horizontal, l, b) !=
                                      pattern(r, horizontal, l, b - 1)))
            b++;
        wf_status st = horizontal ? seg_add(out, a * k, l * k, b * k, l * k)
                                  : seg_add(out, l * k, a * k, l * k, b * k);
        if (st != WF_OK)
            return st;
        a = b;
    }
    return WF_OK;
}

/* The runs along the lines y = const (horizontal) or x = const. Along a
 * line, cell pairs (before, after) straddle it; a run is a stretch where
 * exactly one of them is walkable, the same one. */
static wf_status trace(const region *r, int horizontal, segs *out) {
    const int l0 = horizontal ? r->y0 : r->x0, l1 = horizontal ? r->y1 : r->x1;
    const int i0 = horizontal ? r->x0 : r->y0, i1 = horizontal ? r->x1 : r->y1;
    for (int l = l0; l <= l1; l++) {
        int start = -1, side = 0;
        for (int i = i0; i <= i1; i++) {
            int s = 0;
            if (i < i1) {
                const int a = horizontal ? walk_at(r, i, l - 1)
                                         : walk_at(r, l - 1, i);
                const int b = horizontal ? walk_at(r, i, l) : walk_at(r, l, i);
                s = a == b ? 0 : a ? 1 : 2;
            }
            if (s == side)
                continue;
            if (side) {
                wf_status st = emit(out, r, horizontal, l, start, i);
                if (st != WF_OK)
                    return st;
            }
            side = s;
            start = i;
        }
    }
    return WF_OK;
}

/* Inserts every run's ends (in Hilbert order of their cells), then the
 * runs. */
static wf_status triangulate(wf__cdt *c, const segs *l, uint32_t *ids) {
    const size_t n = 2 * l->n;
    wf__mpt *p = wf__alloc(&c->alloc, n * sizeof *p + 1);
    if (!p)
        return WF_E_NOMEM;
    for (size_t i = 0; i < n; i++) {
        const seg *s = &l->s[i / 2];
        p[i] = i & 1 ? (wf__mpt){s->x1, s->y1} : (wf__mpt){s->x0, s->y0};
    }
    wf_status st = wf__cdt_insert_all(c, p, n, (wf__mpt){0, 0}, 7, ids);
    wf__free(&c->alloc, p, n * sizeof *p + 1);
    for (size_t i = 0; i < l->n && st == WF_OK; i++)
        st = wf__cdt_constrain(c, ids[2 * i], ids[2 * i + 1]);
    return st == WF_OK ? wf__cdt_classify(c) : st;
}

/* ok[c]: may the unit stand on cell c; *cost: what a cell of path costs.
 * NULL with the reason in diag when the unit or its terrains will not do. */
static uint8_t *walkable(const wf_grid *g, wf_move *move, const wf_filter *f,
                         const wf_allocator *alloc, double *cost,
                         uint8_t pass[256], wf_diag *diag, wf_status *st) {
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

wf_status wf__mesh_grid_part(wf_mesh *m, const uint8_t *ok, int w, int h,
                             int x0, int y0, int x1, int y1) {
    const region r = {ok, w, h, x0, y0, x1, y1};
    segs l = {m->alloc, NULL, 0, 0};
    wf__cdt c;
    const int32_t k = WF_MESH_GRID_SCALE;
    wf_status st = trace(&r, 1, &l);
    if (st == WF_OK)
        st = trace(&r, 0, &l);
    uint32_t *ids = NULL;
    if (st == WF_OK)
        st = wf__cdt_init(&c, &m->alloc, (x0 - 1) * k, (y0 - 1) * k,
                          (x1 + 1) * k, (y1 + 1) * k, l.n);
    else
        memset(&c, 0, sizeof c);
    if (st == WF_OK) {
        ids = wf__alloc(&m->alloc, 2 * l.n * sizeof *ids + 1);
        st = ids ? triangulate(&c, &l, ids) : WF_E_NOMEM;
    }
    if (st == WF_OK)
        st = wf__mesh_from_cdt(m, &c);
    wf__free(&m->alloc, ids, 2 * l.n * sizeof *ids + 1);
    wf__free(&m->alloc, l.s, l.cap * sizeof *l.s);
    wf__cdt_free(&c);
    return st;
}

/* The options a grid's mesh takes: a tile size only. */
static wf_status grid_opts(const wf_mesh_opts *o, int *tile, wf_diag *diag) {
    *tile = o ? (int)o->tile : 0;
    if (o && (o->scale != 0 || o->cost != 0)) {
        wf__diag_set(diag, "", 0, 0, "a grid's mesh has %d units a cell and "
                                     "takes its cost from the terrains: "
                                     "leave scale and cost 0",
                     WF_MESH_GRID_SCALE);
        return WF_E_INVALID_ARG;
    }
    if (o && o->tile && (o->tile < 4 || o->tile > (1u << 20))) {
        wf__diag_set(diag, "", 0, 0, "tile %u: a tile is 4 to 2^20 cells a "
                                     "side (0: the whole map)",
                     o->tile);
        return WF_E_INVALID_ARG;
    }
    return WF_OK;
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
                            const wf_filter *filter, const wf_mesh_opts *opts,
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
    int tile;
    wf_status st = grid_opts(opts, &tile, diag);
    if (st != WF_OK)
        return st;
    wf_move mv = move ? *move : wf_move_default();
    const wf_allocator a = wf__allocator(alloc);
    double cost;
    uint8_t pass[256];
    uint8_t *ok = walkable(g, &mv, filter, &a, &cost, pass, diag, &st);
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
    if (tile) {
        st = wf__mesh_grid_tiles(m, ok, pass, g->width, g->height, tile);
    } else {
        st = wf__mesh_grid_part(m, ok, g->width, g->height, 0, 0, g->width,
                                g->height);
        if (st == WF_OK)
            st = wf__mesh_index(m);
        wf__free(&a, ok, g->cells + 1);
    }
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
