/* A mesh built in square tiles, so that a change rebuilds only the tiles
 * it touches.
 *
 * Each tile's polygons are a small mesh of their own, made by the mesh's
 * source (a grid's walkable cells, mesh_grid_tiles.c) with everything
 * outside the tile's box left out, and indexed on its own (the edges
 * across, pieces, areas). Tiles meet corner to corner along their sides
 * (the source puts the same corners on a side from either tile), so the
 * stitching (mesh_stitch.c) can join them by place. The walkable region
 * and its connections are an untiled mesh's, so every shortest path has
 * the same length; only the polygons differ. */
#include "mesh_internal.h"

static void tile_free(const wf_allocator *a, wf__mtile *t) {
    if (t->x) {
        wf__free(a, t->on_line, t->x->nv + 1);
        wf__free(a, t->seam, t->nseam * sizeof *t->seam + 1);
        wf_mesh_destroy(t->x);
    }
    memset(t, 0, sizeof *t);
}

void wf__mesh_tiles_free(wf_mesh *m) {
    struct wf__mtiles *t = m->tiles;
    if (!t)
        return;
    const size_t n = (size_t)t->ntx * t->nty;
    for (size_t i = 0; t->tile && i < n; i++)
        tile_free(&m->alloc, &t->tile[i]);
    wf__free(&m->alloc, t->tile, n * sizeof *t->tile);
    if (t->drop)
        t->drop(&m->alloc, t->src);
    wf__mesh_stitch_free(m);
    wf__free(&m->alloc, t, sizeof *t);
    m->tiles = NULL;
}

/* Does p lie on a tile line (a side of some tile)? */
static int on_line(const struct wf__mtiles *t, wf__mpt p) {
    return ((int64_t)p.x - t->origin.x) % t->side == 0 ||
           ((int64_t)p.y - t->origin.y) % t->side == 0;
}

/* Which corners of tile x lie on a tile line, and its boundary edges
 * along one (both ends on the same line). */
static wf_status find_seams(const struct wf__mtiles *t, wf__mtile *d,
                            const wf_allocator *a) {
    const wf_mesh *x = d->x;
    d->on_line = wf__alloc(a, x->nv + 1);
    if (!d->on_line)
        return WF_E_NOMEM;
    for (uint32_t v = 0; v < x->nv; v++) {
        d->on_line[v] = (uint8_t)on_line(t, x->vert[v]);
        d->nline += d->on_line[v];
    }
    uint32_t n = 0;
    for (int pass = 0; pass < 2; pass++) {
        n = 0;
        for (uint32_t p = 0; p < x->np; p++)
            for (uint32_t i = x->pstart[p]; i < x->pstart[p + 1]; i++) {
                const uint32_t j = i + 1 < x->pstart[p + 1] ? i + 1
                                                            : x->pstart[p];
                const wf__mpt u = x->vert[x->pvert[i]],
                              w = x->vert[x->pvert[j]];
                if (x->padj[i] != WF__NONE || !d->on_line[x->pvert[i]] ||
                    !d->on_line[x->pvert[j]] || (u.x != w.x && u.y != w.y))
                    continue;
                if (pass)
                    d->seam[n] = i;
                n++;
            }
        if (!pass && !(d->seam = wf__alloc(a, n * sizeof *d->seam + 1)))
            return WF_E_NOMEM;
    }
    d->nseam = n;
    return WF_OK;
}

/* Tile i made anew: its polygons, their index and its seams. */
static wf_status make_tile(wf_mesh *m, size_t i) {
    struct wf__mtiles *t = m->tiles;
    wf__mtile d = {0};
    d.x = wf__alloc(&m->alloc, sizeof *d.x);
    if (!d.x)
        return WF_E_NOMEM;
    memset(d.x, 0, sizeof *d.x);
    d.x->alloc = m->alloc;
    d.x->scale = m->scale;
    const int64_t tx = (int64_t)(i % (size_t)t->ntx),
                  ty = (int64_t)(i / (size_t)t->ntx);
    const wf__mpt lo = {(int32_t)(t->origin.x + tx * t->side),
                        (int32_t)(t->origin.y + ty * t->side)};
    const wf__mpt hi = {lo.x + t->side, lo.y + t->side};
    wf_status st = t->make(t->src, d.x, lo, hi);
    if (st == WF_OK)
        st = wf__mesh_index(d.x);
    if (st == WF_OK)
        st = find_seams(t, &d, &m->alloc);
    for (uint32_t p = 0; st == WF_OK && p < d.x->np; p++)
        d.pieces = d.x->comp[p] + 1 > d.pieces ? d.x->comp[p] + 1 : d.pieces;
    if (st != WF_OK) {
        tile_free(&m->alloc, &d);
        return st;
    }
    tile_free(&m->alloc, &t->tile[i]);
    t->tile[i] = d;
    return WF_OK;
}

wf_status wf__mesh_tiles_build(wf_mesh *m, wf__mpt origin, int32_t side,
                               int ntx, int nty, wf__mesh_tile_fn make,
                               void *src,
                               void (*drop)(const wf_allocator *, void *)) {
    struct wf__mtiles *t = wf__alloc(&m->alloc, sizeof *t);
    if (!t) {
        drop(&m->alloc, src);
        return WF_E_NOMEM;
    }
    memset(t, 0, sizeof *t);
    m->tiles = t;
    t->origin = origin, t->side = side, t->ntx = ntx, t->nty = nty;
    t->make = make, t->src = src, t->drop = drop;
    const size_t n = (size_t)ntx * nty;
    t->tile = wf__alloc(&m->alloc, n * sizeof *t->tile);
    if (!t->tile)
        return WF_E_NOMEM;
    memset(t->tile, 0, n * sizeof *t->tile);
    wf_status st = WF_OK;
    for (size_t i = 0; i < n && st == WF_OK; i++)
        st = make_tile(m, i);
    return st == WF_OK ? wf__mesh_stitch(m) : st;
}

wf_status wf__mesh_tiles_redo(wf_mesh *m, const uint8_t *redo) {
    struct wf__mtiles *t = m->tiles;
    const size_t n = (size_t)t->ntx * t->nty;
    size_t made = 0;
    wf_status st = WF_OK;
    for (size_t i = 0; i < n && st == WF_OK; i++)
        if (redo[i])
            st = make_tile(m, i), made++;
    return st == WF_OK && made ? wf__mesh_stitch(m) : st;
}

/* The tiles holding coordinate v along an axis of n tiles from o: one, or
 * two on a tile line (none outside). */
static int tiles_at(int64_t v, int32_t o, int32_t side, int n, int *first) {
    const int64_t off = v - o;
    if (off < 0 || off > (int64_t)n * side)
        return 0;
    const int64_t k = off / side;
    *first = (int)(off % side == 0 && k > 0 ? k - 1 : k);
    const int last = (int)(k < n ? k : n - 1);
    return last - *first + 1;
}

size_t wf__mesh_tiles_locate(const wf_mesh *m, wf__mpt p, wf__mpt d,
                             uint32_t *out, size_t max) {
    const struct wf__mtiles *t = m->tiles;
    int x0 = 0, y0 = 0;
    const int nx = tiles_at(p.x, t->origin.x, t->side, t->ntx, &x0);
    const int ny = tiles_at(p.y, t->origin.y, t->side, t->nty, &y0);
    size_t n = 0;
    /* tiles in order, so polygons in increasing order */
    for (int ty = y0; ty < y0 + ny; ty++)
        for (int tx = x0; tx < x0 + nx; tx++) {
            const wf__mtile *e = &t->tile[(size_t)ty * t->ntx + tx];
            const size_t room = n < max ? max - n : 0;
            const size_t k =
                wf__mesh_locate_toward(e->x, p, d, room ? out + n : NULL, room);
            for (size_t i = n; i < n + k && i < max; i++)
                out[i] += e->base;
            n += k;
        }
    return n;
}
