/* A grid's mesh in tiles: the tiles' source (the walkable map of the
 * unit's anchors), and keeping the mesh up to date after cell edits.
 *
 * A tile side inside the map has a corner wherever the cells either side
 * of it change (mesh_grid.c), on both tiles, so a change of a cell beside
 * a tile side rebuilds the tile across it too. */
#include "mesh_internal.h"

/* What a grid's tiles are made from. */
typedef struct grid_src {
    int w, h;
    uint8_t *ok;       /* w × h: may the unit's anchor stand there */
    uint8_t pass[256]; /* the terrains the unit may enter */
} grid_src;

static void drop(const wf_allocator *a, void *src) {
    grid_src *g = src;
    wf__free(a, g->ok, (size_t)g->w * g->h + 1);
    wf__free(a, g, sizeof *g);
}

/* The cells of the tile [lo, hi] (cell corners, fixed units). */
static wf_status make(const void *src, wf_mesh *x, wf__mpt lo, wf__mpt hi) {
    const grid_src *g = src;
    const int32_t k = WF_MESH_GRID_SCALE;
    const int x1 = hi.x / k < g->w ? hi.x / k : g->w;
    const int y1 = hi.y / k < g->h ? hi.y / k : g->h;
    return wf__mesh_grid_part(x, g->ok, g->w, g->h, lo.x / k, lo.y / k, x1,
                              y1);
}

wf_status wf__mesh_grid_tiles(wf_mesh *m, uint8_t *ok, const uint8_t *pass,
                              int w, int h, int size) {
    grid_src *g = wf__alloc(&m->alloc, sizeof *g);
    if (!g) {
        wf__free(&m->alloc, ok, (size_t)w * h + 1);
        return WF_E_NOMEM;
    }
    g->w = w, g->h = h, g->ok = ok;
    memcpy(g->pass, pass, sizeof g->pass);
    const wf__mpt origin = {0, 0};
    return wf__mesh_tiles_build(m, origin, size * WF_MESH_GRID_SCALE,
                                (w + size - 1) / size, (h + size - 1) / size,
                                make, g, drop);
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
    const int size = t->side / WF_MESH_GRID_SCALE;
    const int tx = x / size, ty = y / size;
    redo[(size_t)ty * t->ntx + tx] = 1;
    if (x % size == 0 && tx > 0)
        redo[(size_t)ty * t->ntx + tx - 1] = 1;
    if ((x + 1) % size == 0 && tx + 1 < t->ntx)
        redo[(size_t)ty * t->ntx + tx + 1] = 1;
    if (y % size == 0 && ty > 0)
        redo[(size_t)(ty - 1) * t->ntx + tx] = 1;
    if ((y + 1) % size == 0 && ty + 1 < t->nty)
        redo[(size_t)(ty + 1) * t->ntx + tx] = 1;
}

/* Marks (in redo) every tile holding an anchor whose footing the change
 * of cell c alters, updating the walkable map. */
static void mark(const struct wf__mtiles *t, grid_src *s, const wf_grid *g,
                 int k, wf_point c, uint8_t *redo) {
    for (int y = c.y - k + 1; y <= c.y; y++)
        for (int x = c.x - k + 1; x <= c.x; x++) {
            if (x < 0 || y < 0)
                continue;
            const uint8_t now = (uint8_t)fits(g, s->pass, k, x, y);
            uint8_t *was = &s->ok[(size_t)y * s->w + x];
            if (now == *was)
                continue;
            *was = now;
            mark_tile(t, x, y, redo);
        }
}

/* Is m a grid's mesh in tiles, of g? Says why not into diag. */
static int updatable(const wf_mesh *m, const wf_grid *g, wf_diag *diag) {
    const struct wf__mtiles *t = m->tiles;
    const grid_src *s = t && m->from_grid ? t->src : NULL;
    if (s && g->width == s->w && g->height == s->h &&
        g->serial == m->grid_serial)
        return 1;
    wf__diag_set(diag, "", 0, 0, "%s", !s ? "this mesh was not built in "
                                            "tiles from a grid: build it anew"
                                          : "this mesh was built from "
                                            "another grid");
    return 0;
}

wf_status wf_mesh_update(wf_mesh *m, const wf_grid *g,
                         const wf_cell_change *changes, size_t count,
                         wf_diag *diag) {
    if (!m || !g || (!changes && count)) {
        wf__diag_set(diag, "", 0, 0, "the mesh and the grid are required");
        return WF_E_INVALID_ARG;
    }
    if (!updatable(m, g, diag))
        return WF_E_INVALID_ARG;
    const struct wf__mtiles *t = m->tiles;
    grid_src *s = t->src;
    const size_t n = (size_t)t->ntx * t->nty;
    uint8_t *redo = wf__alloc(&m->alloc, n);
    if (!redo)
        return WF_E_NOMEM;
    memset(redo, !changes, n);
    const int k = m->move.size > 1 ? m->move.size : 1;
    if (!changes)
        for (int y = 0; y < s->h; y++)
            for (int x = 0; x < s->w; x++)
                s->ok[(size_t)y * s->w + x] = (uint8_t)fits(g, s->pass, k, x, y);
    for (size_t i = 0; i < count; i++)
        if (changes[i].cell.x >= 0 && changes[i].cell.y >= 0 &&
            changes[i].cell.x < s->w && changes[i].cell.y < s->h)
            mark(t, s, g, k, changes[i].cell, redo);
    const wf_status st = wf__mesh_tiles_redo(m, redo);
    wf__free(&m->alloc, redo, n);
    if (st == WF_OK)
        m->grid_version = g->version;
    else
        wf__diag_set(diag, "", 0, 0, "out of memory (the mesh is left "
                                     "unusable: destroy it)");
    return st;
}
