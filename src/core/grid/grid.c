/* wf_grid: terrain codes, the cost table, the neighbour masks that let the
 * search skip bounds and passability checks, and the passability bit planes
 * that Jump Point Search scans a word at a time (see internal.h). */
#include <math.h>
#include <stdatomic.h>

#include "internal.h"

/* The next grid's serial number (wf_grid.serial). The library's only
 * object outside its handles: a workspace keys what it computed for a grid
 * to that grid's serial and version, and neither a pointer (a new grid can
 * be allocated where a freed one was) nor anything inside the grid can
 * tell two grids apart. Atomic, so grids may be created on any thread. */
static atomic_uint_fast64_t next_serial = 1;

static int is_passable_cell(const wf_grid *g, int x, int y) {
    return x >= 0 && y >= 0 && x < g->width && y < g->height &&
           g->passable[g->terrain[(size_t)y * (size_t)g->width + (size_t)x]];
}

static uint8_t compute_mask(const wf_grid *g, int x, int y) {
    unsigned m = 0;
    for (int d = 0; d < WF_DIR_COUNT; d++)
        if (is_passable_cell(g, x + wf__dir_dx[d], y + wf__dir_dy[d]))
            m |= 1u << d;
    return (uint8_t)m;
}

/* Recomputes every neighbour mask, one row at a time. */
static void rebuild_masks(wf_grid *g) {
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            g->nbmask[(size_t)y * (size_t)g->width + (size_t)x] =
                compute_mask(g, x, y);
}

void wf__planes_set(wf__planes *p, int x, int y, int on) {
    size_t r = (size_t)y + 1, c = (size_t)x + 1;
    uint64_t *rw = &p->rowbits[r * p->row_words + (c >> 6)];
    uint64_t *cw = &p->colbits[c * p->col_words + (r >> 6)];
    uint64_t rb = (uint64_t)1 << (c & 63), cb = (uint64_t)1 << (r & 63);
    if (on) {
        *rw |= rb;
        *cw |= cb;
    } else {
        *rw &= ~rb;
        *cw &= ~cb;
    }
}

void wf__planes_clear(wf__planes *p, int height) {
    p->rowbits = p->bits + 1;
    p->colbits = p->rowbits + p->row_words * ((size_t)height + 2) + 1;
    memset(p->bits, 0, p->bit_words * sizeof *p->bits);
}

/* Recomputes both bit planes and the clearance from the terrain. */
static void rebuild_bits(wf_grid *g) {
    wf__planes_clear(&g->planes, g->height);
    for (int y = 0; y < g->height; y++) {
        const uint8_t *row = g->terrain + (size_t)y * (size_t)g->width;
        for (int x = 0; x < g->width; x++)
            if (g->passable[row[x]])
                wf__planes_set(&g->planes, x, y, 1);
    }
    wf__clearance_build(g, NULL, g->clear);
}

int wf__planes_size(wf__planes *p, int width, int height) {
    size_t rw = ((size_t)width + 2 + 63) / 64;
    size_t cw = ((size_t)height + 2 + 63) / 64;
    size_t rn, cn;
    if (!wf__mul_size(rw, (size_t)height + 2, &rn) ||
        !wf__mul_size(cw, (size_t)width + 2, &cn) || rn > SIZE_MAX / 2 ||
        cn > SIZE_MAX / 2 - rn - 3 ||
        (rn + cn + 3) > SIZE_MAX / sizeof(uint64_t))
        return 0;
    p->row_words = rw;
    p->col_words = cw;
    p->bit_words = rn + cn + 3;
    return 1;
}

/* Cell (x, y) changed passability: fix the masks of its neighbours. */
static void update_neighbour_masks(wf_grid *g, int x, int y, int passable) {
    for (int d = 0; d < WF_DIR_COUNT; d++) {
        int nx = x + wf__dir_dx[d], ny = y + wf__dir_dy[d];
        if (nx < 0 || ny < 0 || nx >= g->width || ny >= g->height)
            continue;
        /* seen from the neighbour, (x, y) lies in the opposite direction */
        unsigned back = wf__dir_back((unsigned)d);
        uint8_t *m = &g->nbmask[(size_t)ny * (size_t)g->width + (size_t)nx];
        if (passable)
            *m = (uint8_t)(*m | (1u << back));
        else
            *m = (uint8_t)(*m & ~(1u << back));
    }
}

static void default_table(wf_grid *g) {
    for (int t = 0; t < 256; t++) {
        g->cost[t] = 1.0;
        g->passable[t] = 1;
    }
    g->cost[WF_TERRAIN_WALL] = WF_BLOCKED;
    g->passable[WF_TERRAIN_WALL] = 0;
}

wf_status wf_grid_create(int width, int height, const wf_allocator *alloc,
                         wf_grid **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    if (width < 1 || height < 1)
        return WF_E_INVALID_ARG;
    if (width > WF_GRID_MAX_SIDE || height > WF_GRID_MAX_SIDE)
        return WF_E_TOO_BIG;
    size_t cells;
    if (!wf__mul_size((size_t)width, (size_t)height, &cells) ||
        cells > WF_GRID_MAX_CELLS)
        return WF_E_TOO_BIG;
    wf_allocator a = wf__allocator(alloc);
    wf_grid *g = wf__alloc(&a, sizeof *g);
    if (!g)
        return WF_E_NOMEM;
    memset(g, 0, sizeof *g);
    g->alloc = a;
    g->width = width;
    g->height = height;
    g->cells = cells;
    if (!wf__planes_size(&g->planes, width, height)) {
        wf__free(&a, g, sizeof *g);
        return WF_E_TOO_BIG;
    }
    g->terrain = wf__alloc(&a, cells);
    g->nbmask = wf__alloc(&a, cells);
    g->clear = wf__alloc(&a, cells);
    g->planes.bits = wf__alloc(&a, g->planes.bit_words * sizeof(uint64_t));
    if (!g->terrain || !g->nbmask || !g->clear || !g->planes.bits) {
        wf_grid_destroy(g);
        return WF_E_NOMEM;
    }
    g->serial = atomic_fetch_add(&next_serial, 1);
    memset(g->terrain, 0, cells);
    default_table(g);
    g->count[0] = cells;
    rebuild_masks(g);
    rebuild_bits(g);
    *out = g;
    return WF_OK;
}

void wf_grid_destroy(wf_grid *g) {
    if (!g)
        return;
    wf_allocator a = g->alloc;
    wf__grid_watch_free(g);
    wf__free(&a, g->terrain, g->cells);
    wf__free(&a, g->nbmask, g->cells);
    wf__free(&a, g->clear, g->cells);
    wf__free(&a, g->planes.bits, g->planes.bit_words * sizeof(uint64_t));
    wf__free(&a, g, sizeof *g);
}

wf_status wf_grid_clone(const wf_grid *g, wf_grid **out) {
    if (out)
        *out = NULL;
    if (!g || !out)
        return WF_E_INVALID_ARG;
    wf_grid *c;
    wf_status s = wf_grid_create(g->width, g->height, &g->alloc, &c);
    if (s != WF_OK)
        return s;
    memcpy(c->terrain, g->terrain, g->cells);
    memcpy(c->nbmask, g->nbmask, g->cells);
    memcpy(c->clear, g->clear, g->cells);
    memcpy(c->planes.bits, g->planes.bits,
           g->planes.bit_words * sizeof(uint64_t));
    memcpy(c->cost, g->cost, sizeof c->cost);
    memcpy(c->passable, g->passable, sizeof c->passable);
    memcpy(c->count, g->count, sizeof c->count);
    *out = c;
    return WF_OK;
}

int wf_grid_width(const wf_grid *g) { return g ? g->width : 0; }
int wf_grid_height(const wf_grid *g) { return g ? g->height : 0; }

int wf_grid_contains(const wf_grid *g, int x, int y) {
    return g && x >= 0 && y >= 0 && x < g->width && y < g->height;
}

wf_status wf_grid_set(wf_grid *g, int x, int y, uint8_t terrain) {
    if (!g)
        return WF_E_INVALID_ARG;
    if (!wf_grid_contains(g, x, y))
        return WF_E_RANGE;
    uint8_t *c = &g->terrain[(size_t)y * (size_t)g->width + (size_t)x];
    uint8_t old = *c;
    if (old == terrain)
        return WF_OK;
    wf_status s = wf__grid_record(g, x, y, old, terrain);
    if (s != WF_OK)
        return s;
    *c = terrain;
    g->count[old]--;
    g->count[terrain]++;
    g->version++;
    if (g->passable[old] != g->passable[terrain]) {
        update_neighbour_masks(g, x, y, g->passable[terrain]);
        wf__planes_set(&g->planes, x, y, g->passable[terrain]);
        wf__clearance_update(g, NULL, g->clear, x, y);
    }
    wf__grid_changed(g, x, y, old, terrain);
    return WF_OK;
}

int wf_grid_get(const wf_grid *g, int x, int y) {
    if (!wf_grid_contains(g, x, y))
        return -1;
    return g->terrain[(size_t)y * (size_t)g->width + (size_t)x];
}

wf_status wf_grid_fill(wf_grid *g, uint8_t terrain) {
    if (!g)
        return WF_E_INVALID_ARG;
    memset(g->terrain, terrain, g->cells);
    memset(g->count, 0, sizeof g->count);
    g->count[terrain] = g->cells;
    g->version++;
    rebuild_masks(g);
    rebuild_bits(g);
    wf__grid_reset(g);
    return WF_OK;
}

wf_status wf_grid_set_cells(wf_grid *g, const uint8_t *terrain) {
    if (!g || !terrain)
        return WF_E_INVALID_ARG;
    /* memmove: terrain may be the grid's own cells (wf_grid_cells). */
    memmove(g->terrain, terrain, g->cells);
    memset(g->count, 0, sizeof g->count);
    for (size_t c = 0; c < g->cells; c++)
        g->count[g->terrain[c]]++;
    g->version++;
    rebuild_masks(g);
    rebuild_bits(g);
    wf__grid_reset(g);
    return WF_OK;
}

wf_status wf_grid_set_cost(wf_grid *g, uint8_t terrain, double cost) {
    if (!g)
        return WF_E_INVALID_ARG;
    int blocked = cost == WF_BLOCKED;
    if (!blocked && !(isfinite(cost) && cost > 0))
        return WF_E_INVALID_ARG;
    int was = g->passable[terrain];
    const double before = g->cost[terrain];
    g->cost[terrain] = blocked ? WF_BLOCKED : cost;
    g->passable[terrain] = (uint8_t)!blocked;
    g->version++;
    if (was == blocked && g->count[terrain] > 0) {
        rebuild_masks(g);
        rebuild_bits(g);
    }
    if (g->count[terrain] > 0 && before != g->cost[terrain])
        wf__grid_reset(g);
    return WF_OK;
}

double wf_grid_cost(const wf_grid *g, uint8_t terrain) {
    return g ? g->cost[terrain] : WF_BLOCKED;
}

int wf_grid_clearance(const wf_grid *g, int x, int y) {
    return wf_grid_contains(g, x, y)
               ? g->clear[(size_t)y * (size_t)g->width + (size_t)x]
               : 0;
}

int wf_grid_passable(const wf_grid *g, int x, int y) {
    return g && is_passable_cell(g, x, y);
}

size_t wf_grid_terrain_count(const wf_grid *g, uint8_t terrain) {
    return g ? g->count[terrain] : 0;
}

double wf_grid_min_cost(const wf_grid *g) {
    double m = INFINITY;
    if (g)
        for (int t = 0; t < 256; t++)
            if (g->count[t] && g->passable[t] && g->cost[t] < m)
                m = g->cost[t];
    return isfinite(m) ? m : 1.0;
}

const uint8_t *wf_grid_cells(const wf_grid *g) { return g ? g->terrain : NULL; }

double wf_grid_move_cost(const wf_grid *g, wf_point a, wf_point b,
                         wf_move move) {
    /* both ends on the grid first: b.x - a.x cannot overflow then */
    if (!g || wf__move_check(&move, NULL, 0) != WF_OK ||
        !wf_grid_contains(g, a.x, a.y) || !wf_grid_contains(g, b.x, b.y))
        return WF_BLOCKED;
    int dx = b.x - a.x, dy = b.y - a.y;
    for (int d = 0; d < WF_DIR_COUNT; d++) {
        if (wf__dir_dx[d] != dx || wf__dir_dy[d] != dy)
            continue;
        const size_t ca = (size_t)a.y * (size_t)g->width + (size_t)a.x;
        unsigned m = move.size > 1 ? wf__nbmask_fit(g, ca, g->clear,
                                                    (unsigned)move.size)
                                   : g->nbmask[ca];
        if (!(wf__allowed_moves(m, move.connect, move.corners) & (1u << d)))
            return WF_BLOCKED;
        double c = g->cost[g->terrain[(size_t)b.y * (size_t)g->width +
                                      (size_t)b.x]];
        return d < 4 ? c : WF_SQRT2 * c;
    }
    return WF_BLOCKED;
}
