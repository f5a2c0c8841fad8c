/* wf_jump_table: the jumps of JPS computed once per grid (JPS+).
 *
 * Every entry follows from the entry one step further along its direction
 * and the cells around that step (entry_of), which gives three things at
 * once: the build, which sweeps each direction against its dependencies;
 * the check of a table read from a file, which tests every entry against
 * that rule (by induction along each direction the whole table is then
 * the one the grid gives); and the local update, which recomputes entries
 * back along each direction from the cells an edit touched until they
 * stop changing.
 *
 * The rules are those of grid_jps.c (8-connected, no-cut, size 1): a
 * straight step into cell n ends a jump when a cell beside n is free and
 * the cell beside it on the side of the step's start is blocked (a forced
 * neighbour); a diagonal jump ends at a cell from which a straight jump
 * along either component ends at such a cell. Walls and the edge are read
 * off the grid's neighbour masks. */
#include "internal.h"

/* The components of diagonal 4 + i are the orthogonal directions i and
 * (i + 1) % 4 (NE = N, E; SE = E, S; SW = S, W; NW = W, N). */
static int comp_a(int d) { return d - 4; }
static int comp_b(int d) { return (d - 3) & 3; }

/* Continues the jump of the next cell: one step more to its jump point,
 * or one step more of free run before the wall. The entries checked come
 * from files, so the ends of the range stay put instead of overflowing
 * (no true entry comes near them: a jump is at most a side long). */
static int32_t longer(int32_t e) {
    if (e > 0)
        return e < INT32_MAX ? e + 1 : e;
    return e > INT32_MIN ? e - 1 : e;
}

/* The entry of cell (x, y) in direction d, from the grid and the entries
 * of the next cell in that direction. */
static int32_t entry_of(const wf_grid *g, const int32_t *dist, int x, int y,
                        int d) {
    const size_t c = (size_t)y * (size_t)g->width + (size_t)x;
    if (!g->passable[g->terrain[c]])
        return 0;
    const unsigned m = g->nbmask[c];
    /* the step must be allowed before the next cell is looked at (on the
     * edge there is none) */
    const int a = d < 4 ? d : comp_a(d), b = d < 4 ? d : comp_b(d);
    const unsigned need = (1u << d) | (1u << a) | (1u << b);
    if ((m & need) != need)
        return 0;
    const size_t n = (size_t)((ptrdiff_t)c +
                              (ptrdiff_t)wf__dir_dy[d] * g->width +
                              wf__dir_dx[d]);
    const int32_t *e = dist + n * 8;
    if (d < 4) {
        /* the two sides of the move: N and S for E/W, E and W for N/S */
        const unsigned sides = (d & 1) ? 0x5u : 0xAu;
        if (g->nbmask[n] & ~m & sides)
            return 1;
        return longer(e[d]);
    }
    if (e[a] > 0 || e[b] > 0)
        return 1;
    return longer(e[d]);
}

static void set_entry(const wf_grid *g, int32_t *dist, int x, int y, int d) {
    dist[((size_t)y * (size_t)g->width + (size_t)x) * 8 + (size_t)d] =
        entry_of(g, dist, x, y, d);
}

/* Every entry, each direction after the ones it reads: a row or column
 * sweep against the direction for the straight ones, then row by row
 * against the vertical component for the diagonals (which read the
 * straight entries of the next cell). */
static void build(const wf_grid *g, int32_t *dist) {
    const int W = g->width, H = g->height;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            set_entry(g, dist, x, y, WF_DIR_N);
            set_entry(g, dist, x, y, WF_DIR_W);
        }
    for (int y = H - 1; y >= 0; y--)
        for (int x = W - 1; x >= 0; x--) {
            set_entry(g, dist, x, y, WF_DIR_S);
            set_entry(g, dist, x, y, WF_DIR_E);
        }
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            set_entry(g, dist, x, y, WF_DIR_NE);
            set_entry(g, dist, x, y, WF_DIR_NW);
        }
    for (int y = H - 1; y >= 0; y--)
        for (int x = 0; x < W; x++) {
            set_entry(g, dist, x, y, WF_DIR_SE);
            set_entry(g, dist, x, y, WF_DIR_SW);
        }
}

wf_status wf__jump_table_alloc(const wf_grid *g, const wf_allocator *alloc,
                               wf_jump_table **out) {
    size_t n, bytes;
    if (!wf__mul_size(g->cells, 8, &n) ||
        !wf__mul_size(n, sizeof(int32_t), &bytes))
        return WF_E_TOO_BIG;
    wf_allocator a = wf__allocator(alloc);
    wf_jump_table *t = wf__alloc(&a, sizeof *t);
    int32_t *dist = t ? wf__alloc(&a, bytes) : NULL;
    if (!dist) {
        wf__free(&a, t, sizeof *t);
        return WF_E_NOMEM;
    }
    t->alloc = a;
    t->width = g->width;
    t->height = g->height;
    t->cells = g->cells;
    t->dist = dist;
    t->serial = g->serial;
    t->version = g->version;
    *out = t;
    return WF_OK;
}

wf_status wf_jump_table_create(const wf_grid *g, const wf_allocator *alloc,
                               wf_jump_table **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    if (!g)
        return WF_E_INVALID_ARG;
    wf_status s = wf__jump_table_alloc(g, alloc, out);
    if (s == WF_OK)
        build(g, (*out)->dist);
    return s;
}

void wf_jump_table_destroy(wf_jump_table *t) {
    if (!t)
        return;
    wf_allocator a = t->alloc;
    wf__free(&a, t->dist, t->cells * 8 * sizeof *t->dist);
    wf__free(&a, t, sizeof *t);
}

size_t wf_jump_table_bytes(const wf_jump_table *t) {
    return t ? sizeof *t + t->cells * 8 * sizeof *t->dist : 0;
}

int wf_jump_table_current(const wf_jump_table *t, const wf_grid *g) {
    return wf__jump_table_current(t, g);
}

int wf__jump_table_verify(const wf_jump_table *t, const wf_grid *g,
                          size_t *cell, int *dir, int32_t *want) {
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            const size_t c = (size_t)y * (size_t)g->width + (size_t)x;
            for (int d = 0; d < 8; d++) {
                const int32_t e = entry_of(g, t->dist, x, y, d);
                if (t->dist[c * 8 + (size_t)d] != e) {
                    *cell = c;
                    *dir = d;
                    *want = e;
                    return 0;
                }
            }
        }
    return 1;
}

/* ---- local update ----------------------------------------------------- */

static void walk_back(const wf_grid *g, int32_t *dist, int x, int y, int d);

/* Recomputes the diagonal entries that read the straight entry of (x, y)
 * in direction s: those of the cell one diagonal step back, for the two
 * diagonals having s as a component. */
static void straight_changed(const wf_grid *g, int32_t *dist, int x, int y,
                             int s) {
    for (int d = 4; d < 8; d++)
        if (comp_a(d) == s || comp_b(d) == s) {
            const int px = x - wf__dir_dx[d], py = y - wf__dir_dy[d];
            if (wf_grid_contains(g, px, py))
                walk_back(g, dist, px, py, d);
        }
}

/* Recomputes the entry of (x, y) in direction d and, while it changes,
 * those of the cells behind it (which continue it); a changed straight
 * entry also recomputes the diagonal entries that read it. */
static void walk_back(const wf_grid *g, int32_t *dist, int x, int y, int d) {
    const int dx = wf__dir_dx[d], dy = wf__dir_dy[d];
    while (wf_grid_contains(g, x, y)) {
        int32_t *e = &dist[((size_t)y * (size_t)g->width + (size_t)x) * 8 +
                           (size_t)d];
        const int32_t v = entry_of(g, dist, x, y, d);
        if (v == *e)
            return;
        *e = v;
        if (d < 4)
            straight_changed(g, dist, x, y, d);
        x -= dx;
        y -= dy;
    }
}

/* Reach of an edit: an entry reads its cell, that cell's neighbours and
 * the next cell's neighbours, so cells up to 2 away from a changed one. */
#define REACH 2

wf_status wf_jump_table_update(wf_jump_table *t, const wf_grid *g,
                               const wf_cell_change *changes, size_t count) {
    if (!t || !g || (count && !changes) || t->serial != g->serial ||
        t->width != g->width || t->height != g->height)
        return WF_E_INVALID_ARG;
    for (size_t i = 0; i < count; i++)
        if (!wf_grid_contains(g, changes[i].cell.x, changes[i].cell.y))
            return WF_E_INVALID_ARG;
    if (!changes) {
        build(g, t->dist);
    } else {
        /* straight directions first, so that the diagonal entries are
         * recomputed from final straight ones (a later straight change
         * recomputes those that read it anyway) */
        for (int pass = 0; pass < 2; pass++)
            for (size_t i = 0; i < count; i++) {
                const wf_point z = changes[i].cell;
                for (int y = z.y - REACH; y <= z.y + REACH; y++)
                    for (int x = z.x - REACH; x <= z.x + REACH; x++) {
                        if (!wf_grid_contains(g, x, y))
                            continue;
                        for (int d = pass * 4; d < pass * 4 + 4; d++)
                            walk_back(g, t->dist, x, y, d);
                    }
            }
    }
    t->version = g->version;
    return WF_OK;
}
