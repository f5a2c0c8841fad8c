/* A grid's mesh built in square tiles, so that an edit rebuilds only the
 * tiles whose walkable cells changed.
 *
 * Each tile's polygons are a small mesh of their own (mesh_grid.c, with
 * the cells outside the tile blocked). A tile side inside the map has a
 * corner wherever the cells either side of it change, on both tiles, so
 * two tiles meet corner to corner along it: where both sides are walkable
 * each has the same polygon edges there, and the assembly joins them.
 * So a change of a cell beside a tile side rebuilds the tile across it
 * too. The mesh's arrays are then
 * assembled from the tiles: corners on tile sides are merged by their
 * place, polygons are numbered tile by tile, edges across tile sides are
 * linked, and the corners that touch the boundary and the index are
 * worked out again. The walkable region and its connections are the
 * untiled mesh's, so every shortest path has the same length; only the
 * polygons differ. */
#include "mesh_internal.h"

struct wf__mtiles {
    int size, ntx, nty, w, h;
    wf_mesh **tile;    /* ntx × nty, row by row */
    uint8_t *ok;       /* w × h: may the unit's anchor stand there */
    uint8_t pass[256]; /* the terrains the unit may enter */
};

void wf__mesh_tiles_free(wf_mesh *m) {
    struct wf__mtiles *t = m->tiles;
    if (!t)
        return;
    const size_t n = (size_t)t->ntx * t->nty;
    for (size_t i = 0; t->tile && i < n; i++)
        wf_mesh_destroy(t->tile[i]);
    wf__free(&m->alloc, t->tile, n * sizeof *t->tile);
    wf__free(&m->alloc, t->ok, (size_t)t->w * t->h + 1);
    wf__free(&m->alloc, t, sizeof *t);
    m->tiles = NULL;
}

/* Tile i's polygons, made anew. */
static wf_status build_tile(wf_mesh *m, size_t i) {
    struct wf__mtiles *t = m->tiles;
    wf_mesh *x = wf__alloc(&m->alloc, sizeof *x);
    if (!x)
        return WF_E_NOMEM;
    memset(x, 0, sizeof *x);
    x->alloc = m->alloc;
    x->scale = m->scale;
    const int x0 = (int)(i % (size_t)t->ntx) * t->size;
    const int y0 = (int)(i / (size_t)t->ntx) * t->size;
    const int x1 = x0 + t->size < t->w ? x0 + t->size : t->w;
    const int y1 = y0 + t->size < t->h ? y0 + t->size : t->h;
    const wf_status st = wf__mesh_grid_part(x, t->ok, t->w, t->h, x0, y0, x1,
                                            y1);
    if (st != WF_OK) {
        wf_mesh_destroy(x);
        return st;
    }
    wf_mesh_destroy(t->tile[i]);
    t->tile[i] = x;
    return WF_OK;
}

/* Where the assembly keeps corners on tile sides and the edges along
 * them: per lattice point of each vertical side x = k·size (0 < x < w),
 * then of each horizontal one; per cell edge of a side, the polygon edge
 * on either side of it. */
typedef struct seams {
    uint32_t *vid;   /* vertical sides' points, then horizontal ones' */
    uint32_t *edge;  /* per cell edge of a side: 2 slots (before, after) */
    size_t nv, ne;
} seams;

/* The slot of fixed-point point p on a tile side: its index into vid (and
 * of the cell edge after it along the side, × 2, into edge), or -1. */
static long seam_slot(const struct wf__mtiles *t, wf__mpt p, int along_y) {
    const int32_t k = WF_MESH_GRID_SCALE, side = t->size * k;
    const int32_t x = p.x, y = p.y;
    if (along_y && x % side == 0 && x > 0 && x < t->w * k)
        return (long)(x / side - 1) * (t->h + 1) + y / k;
    if (!along_y && y % side == 0 && y > 0 && y < t->h * k)
        return (long)(t->ntx - 1) * (t->h + 1) +
               (long)(y / side - 1) * (t->w + 1) + x / k;
    return -1;
}

/* The global corner of tile corner p: shared when it lies on a side. */
static uint32_t corner_id(wf_mesh *m, seams *s, wf__mpt p) {
    long slot = seam_slot(m->tiles, p, 1);
    if (slot < 0)
        slot = seam_slot(m->tiles, p, 0);
    if (slot >= 0 && s->vid[slot] != WF__NONE)
        return s->vid[slot];
    const uint32_t v = m->nv++;
    m->vert[v] = p;
    if (slot >= 0)
        s->vid[slot] = v;
    return v;
}

/* The polygon edge e belongs to. */
static uint32_t polygon_of(const wf_mesh *m, uint32_t e) {
    uint32_t lo = 0, hi = m->np; /* the last p with pstart[p] <= e */
    while (hi - lo > 1) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (m->pstart[mid] <= e)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Records polygon edge e (from a to b, both on one tile side) in the seam
 * slot of its lower end: the edge across it, which has the same ends, is
 * linked when both sides have one. */
static void seam_edge(wf_mesh *m, seams *s, uint32_t e, wf__mpt a,
                      wf__mpt b) {
    const int along_y = a.x == b.x;
    const wf__mpt lo = along_y ? (a.y < b.y ? a : b) : (a.x < b.x ? a : b);
    const long slot = seam_slot(m->tiles, lo, along_y);
    if (slot < 0 || (along_y ? a.x != b.x : a.y != b.y))
        return;
    /* a polygon's inside is left of its edges: the two sides of a seam
       run along it in opposite directions */
    const int dir = along_y ? a.y < b.y : a.x < b.x;
    uint32_t *mine = &s->edge[2 * (size_t)slot + dir];
    const uint32_t other = s->edge[2 * (size_t)slot + !dir];
    *mine = e;
    if (other != WF__NONE) {
        m->padj[e] = polygon_of(m, other);
        m->padj[other] = polygon_of(m, e);
    }
}

static wf_status seams_alloc(wf_mesh *m, seams *s) {
    const struct wf__mtiles *t = m->tiles;
    s->nv = (size_t)(t->ntx - 1) * (t->h + 1) + (size_t)(t->nty - 1) * (t->w + 1);
    s->ne = 2 * s->nv;
    s->vid = wf__alloc(&m->alloc, s->nv * sizeof *s->vid + 1);
    s->edge = wf__alloc(&m->alloc, s->ne * sizeof *s->edge + 1);
    if (!s->vid || !s->edge)
        return WF_E_NOMEM;
    memset(s->vid, 0xff, s->nv * sizeof *s->vid);
    memset(s->edge, 0xff, s->ne * sizeof *s->edge);
    return WF_OK;
}

/* Copies tile x's polygons after the p polygons and e edges so far; gid
 * has room for its corners' global ids. */
static void copy_tile(wf_mesh *m, seams *s, const wf_mesh *x, uint32_t *gid,
                      uint32_t *p, uint32_t *e) {
    const uint32_t base = *p;
    for (uint32_t v = 0; v < x->nv; v++)
        gid[v] = corner_id(m, s, x->vert[v]);
    for (uint32_t q = 0; q < x->np; q++) {
        m->pstart[*p] = *e;
        for (uint32_t i = x->pstart[q]; i < x->pstart[q + 1]; i++) {
            m->pvert[*e + i - x->pstart[q]] = gid[x->pvert[i]];
            m->padj[*e + i - x->pstart[q]] =
                x->padj[i] == WF__NONE ? WF__NONE : base + x->padj[i];
        }
        *e += x->pstart[q + 1] - x->pstart[q];
        (*p)++;
    }
    m->pstart[*p] = *e;
}

/* The exact corner array: the vertices came to fewer than the bound the
 * tiles gave (which corners touch the boundary, the index finds). */
static wf_status corners(wf_mesh *m, size_t bound) {
    wf__mpt *v = wf__realloc(&m->alloc, m->vert, bound * sizeof *v + 1,
                             m->nv * sizeof *v + 1);
    if (!v)
        return WF_E_NOMEM;
    m->vert = v;
    return WF_OK;
}

/* The mesh's arrays from its tiles. */
static wf_status assemble(wf_mesh *m) {
    const struct wf__mtiles *t = m->tiles;
    const size_t n = (size_t)t->ntx * t->nty;
    size_t nv = 0, np = 0, ne = 0, tris = 0, most = 0;
    for (size_t i = 0; i < n; i++) {
        most = t->tile[i]->nv > most ? t->tile[i]->nv : most;
        nv += t->tile[i]->nv;
        np += t->tile[i]->np;
        ne += t->tile[i]->pstart[t->tile[i]->np];
        tris += t->tile[i]->triangles;
    }
    wf__mesh_clear(m);
    seams s = {0};
    wf_status st = seams_alloc(m, &s);
    m->vert = wf__alloc(&m->alloc, nv * sizeof *m->vert + 1);
    m->pstart = wf__alloc(&m->alloc, (np + 1) * sizeof *m->pstart);
    m->pvert = wf__alloc(&m->alloc, ne * sizeof *m->pvert + 1);
    m->padj = wf__alloc(&m->alloc, ne * sizeof *m->padj + 1);
    uint32_t *gid = wf__alloc(&m->alloc, most * sizeof *gid + 1);
    if (st == WF_OK &&
        (!m->vert || !m->pstart || !m->pvert || !m->padj || !gid))
        st = WF_E_NOMEM;
    uint32_t p = 0, e = 0;
    m->nv = 0;
    for (size_t i = 0; st == WF_OK && i < n; i++)
        copy_tile(m, &s, t->tile[i], gid, &p, &e);
    wf__free(&m->alloc, gid, most * sizeof *gid + 1);
    m->np = p;
    m->ne = e;
    m->triangles = tris;
    for (uint32_t q = 0; st == WF_OK && q < p; q++)
        for (uint32_t i = m->pstart[q]; i < m->pstart[q + 1]; i++) {
            const uint32_t j = i + 1 < m->pstart[q + 1] ? i + 1 : m->pstart[q];
            if (m->padj[i] == WF__NONE)
                seam_edge(m, &s, i, m->vert[m->pvert[i]], m->vert[m->pvert[j]]);
        }
    wf__free(&m->alloc, s.vid, s.nv * sizeof *s.vid + 1);
    wf__free(&m->alloc, s.edge, s.ne * sizeof *s.edge + 1);
    if (st == WF_OK)
        st = corners(m, nv);
    return st == WF_OK ? wf__mesh_index(m) : st;
}

wf_status wf__mesh_tiles_build(wf_mesh *m, uint8_t *ok, const uint8_t *pass,
                               int w, int h, int size) {
    struct wf__mtiles *t = wf__alloc(&m->alloc, sizeof *t);
    if (!t) {
        wf__free(&m->alloc, ok, (size_t)w * h + 1);
        return WF_E_NOMEM;
    }
    memset(t, 0, sizeof *t);
    m->tiles = t;
    t->ok = ok;
    t->w = w, t->h = h, t->size = size;
    t->ntx = (w + size - 1) / size, t->nty = (h + size - 1) / size;
    memcpy(t->pass, pass, sizeof t->pass);
    const size_t n = (size_t)t->ntx * t->nty;
    t->tile = wf__alloc(&m->alloc, n * sizeof *t->tile);
    if (!t->tile)
        return WF_E_NOMEM;
    memset(t->tile, 0, n * sizeof *t->tile);
    wf_status st = WF_OK;
    for (size_t i = 0; i < n && st == WF_OK; i++)
        st = build_tile(m, i);
    return st == WF_OK ? assemble(m) : st;
}

/* May a unit of size k anchored at (x, y) stand there (every cell of its
 * footprint on the grid and of a terrain it may enter)? */
static int fits(const wf_grid *g, const uint8_t *pass, int k, int x, int y) {
    if (x < 0 || y < 0 || x + k > g->width || y + k > g->height)
        return 0;
    for (int dy = 0; dy < k; dy++)
        for (int dx = 0; dx < k; dx++)
            if (!pass[g->terrain[(size_t)(y + dy) * g->width + x + dx]])
                return 0;
    return 1;
}

/* Marks the tile of cell (x, y) and, when the cell lies beside a tile
 * side, the tile across it (whose corners along the side it decides). */
static void mark_tile(const struct wf__mtiles *t, int x, int y,
                      uint8_t *redo) {
    const int tx = x / t->size, ty = y / t->size;
    redo[(size_t)ty * t->ntx + tx] = 1;
    if (x % t->size == 0 && tx > 0)
        redo[(size_t)ty * t->ntx + tx - 1] = 1;
    if ((x + 1) % t->size == 0 && tx + 1 < t->ntx)
        redo[(size_t)ty * t->ntx + tx + 1] = 1;
    if (y % t->size == 0 && ty > 0)
        redo[(size_t)(ty - 1) * t->ntx + tx] = 1;
    if ((y + 1) % t->size == 0 && ty + 1 < t->nty)
        redo[(size_t)(ty + 1) * t->ntx + tx] = 1;
}

/* Marks (in redo) every tile holding an anchor whose footing the change
 * of cell c alters, updating the walkable map. */
static void mark(struct wf__mtiles *t, const wf_grid *g, int k, wf_point c,
                 uint8_t *redo) {
    for (int y = c.y - k + 1; y <= c.y; y++)
        for (int x = c.x - k + 1; x <= c.x; x++) {
            if (x < 0 || y < 0)
                continue;
            const uint8_t now = (uint8_t)fits(g, t->pass, k, x, y);
            uint8_t *was = &t->ok[(size_t)y * t->w + x];
            if (now == *was)
                continue;
            *was = now;
            mark_tile(t, x, y, redo);
        }
}

wf_status wf_mesh_update(wf_mesh *m, const wf_grid *g,
                         const wf_cell_change *changes, size_t count,
                         wf_diag *diag) {
    if (!m || !g || (!changes && count)) {
        wf__diag_set(diag, "", 0, 0, "the mesh and the grid are required");
        return WF_E_INVALID_ARG;
    }
    struct wf__mtiles *t = m->tiles;
    if (!t || g->width != t->w || g->height != t->h ||
        g->serial != m->grid_serial) {
        wf__diag_set(diag, "", 0, 0, "%s", !t ? "this mesh was not built in "
                                                "tiles: build it anew"
                                              : "this mesh was built from "
                                                "another grid");
        return WF_E_INVALID_ARG;
    }
    const size_t n = (size_t)t->ntx * t->nty;
    uint8_t *redo = wf__alloc(&m->alloc, n);
    if (!redo)
        return WF_E_NOMEM;
    memset(redo, !changes, n);
    const int k = m->move.size > 1 ? m->move.size : 1;
    if (!changes)
        for (int y = 0; y < t->h; y++)
            for (int x = 0; x < t->w; x++)
                t->ok[(size_t)y * t->w + x] = (uint8_t)fits(g, t->pass, k, x, y);
    for (size_t i = 0; i < count; i++)
        if (changes[i].cell.x >= 0 && changes[i].cell.y >= 0 &&
            changes[i].cell.x < t->w && changes[i].cell.y < t->h)
            mark(t, g, k, changes[i].cell, redo);
    wf_status st = WF_OK;
    size_t rebuilt = 0;
    for (size_t i = 0; i < n && st == WF_OK; i++)
        if (redo[i])
            st = build_tile(m, i), rebuilt++;
    wf__free(&m->alloc, redo, n);
    if (st == WF_OK && rebuilt)
        st = assemble(m);
    if (st == WF_OK)
        m->grid_version = g->version;
    else
        wf__diag_set(diag, "", 0, 0, "out of memory (the mesh is left "
                                     "unusable: destroy it)");
    return st;
}
