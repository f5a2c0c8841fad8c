/* Mazes: a randomised depth-first search over the cells at odd
 * coordinates, then optional braiding of dead ends. */
#include "gen_internal.h"

/* Lattice cell (i, j) is map cell (2i+1, 2j+1). */
typedef struct lattice {
    int cw, ch, W;
    uint8_t *t;
} lattice;

static size_t at(const lattice *L, int x, int y) {
    return (size_t)y * (size_t)L->W + (size_t)x;
}

/* The map cell beside (x, y) in straight direction d: 0-3, N, E, S, W,
 * the first four of the core's direction table. */
static size_t beside(const lattice *L, int x, int y, int d) {
    return at(L, x + wf__dir_dx[d], y + wf__dir_dy[d]);
}

/* Open passages (4-neighbour floor) around map cell (x, y). */
static int open_sides(const lattice *L, int x, int y) {
    int n = 0;
    for (int d = 0; d < 4; d++)
        n += L->t[beside(L, x, y, d)] == WF_GEN_GROUND;
    return n;
}

static wf_status carve(const wf_grid *g, lattice *L, wf_rng *r) {
    size_t cells = (size_t)L->cw * (size_t)L->ch;
    size_t bytes = cells * sizeof(uint32_t);
    const wf_allocator *al = wf__grid_allocator(g);
    uint32_t *stack = wf__alloc(al, bytes);
    if (!stack)
        return WF_E_NOMEM;
    size_t sp = 0;
    uint32_t first = wf_rng_below(r, (uint32_t)cells);
    stack[sp++] = first;
    L->t[at(L, 2 * (int)(first % (uint32_t)L->cw) + 1,
            2 * (int)(first / (uint32_t)L->cw) + 1)] = WF_GEN_GROUND;
    while (sp) {
        uint32_t c = stack[sp - 1];
        int i = (int)(c % (uint32_t)L->cw), j = (int)(c / (uint32_t)L->cw);
        int options[4], k = 0;
        for (int d = 0; d < 4; d++) {
            int ni = i + wf__dir_dx[d], nj = j + wf__dir_dy[d];
            if (ni >= 0 && nj >= 0 && ni < L->cw && nj < L->ch &&
                L->t[at(L, 2 * ni + 1, 2 * nj + 1)] != WF_GEN_GROUND)
                options[k++] = d;
        }
        if (!k) {
            sp--;
            continue;
        }
        int d = options[wf_rng_below(r, (uint32_t)k)];
        int ni = i + wf__dir_dx[d], nj = j + wf__dir_dy[d];
        L->t[beside(L, 2 * i + 1, 2 * j + 1, d)] = WF_GEN_GROUND;
        L->t[at(L, 2 * ni + 1, 2 * nj + 1)] = WF_GEN_GROUND;
        stack[sp++] = (uint32_t)nj * (uint32_t)L->cw + (uint32_t)ni;
    }
    wf__free(al, stack, bytes);
    return WF_OK;
}

/* Opens each dead end, with probability braid, into a neighbouring
 * corridor through the wall between them. */
static void braid_dead_ends(lattice *L, wf_rng *r, double braid) {
    for (int j = 0; j < L->ch; j++)
        for (int i = 0; i < L->cw; i++) {
            int x = 2 * i + 1, y = 2 * j + 1;
            if (open_sides(L, x, y) != 1 || !(wf_rng_unit(r) < braid))
                continue;
            int options[4], k = 0;
            for (int d = 0; d < 4; d++) {
                int ni = i + wf__dir_dx[d], nj = j + wf__dir_dy[d];
                if (ni >= 0 && nj >= 0 && ni < L->cw && nj < L->ch &&
                    L->t[beside(L, x, y, d)] != WF_GEN_GROUND)
                    options[k++] = d;
            }
            if (k) {
                int d = options[wf_rng_below(r, (uint32_t)k)];
                L->t[beside(L, x, y, d)] = WF_GEN_GROUND;
            }
        }
}

wf_status wf_gen_maze(wf_grid *g, uint64_t seed, double braid) {
    if (!g || wf_grid_width(g) < 3 || wf_grid_height(g) < 3 ||
        !(braid >= 0.0 && braid <= 1.0))
        return WF_E_INVALID_ARG;
    lattice L;
    L.W = wf_grid_width(g);
    L.cw = (wf_grid_width(g) - 1) / 2;
    L.ch = (wf_grid_height(g) - 1) / 2;
    L.t = wf__gen_buffer(g);
    if (!L.t)
        return WF_E_NOMEM;
    memset(L.t, WF_GEN_WALL, wf__gen_cells(g));
    wf_rng r;
    wf_rng_seed(&r, seed);
    wf_status st = carve(g, &L, &r);
    if (st == WF_OK) {
        braid_dead_ends(&L, &r, braid);
        wf_grid_set_cost(g, WF_GEN_GROUND, 1.0);
        wf_grid_set_cost(g, WF_GEN_WALL, WF_BLOCKED);
        wf_grid_set_cells(g, L.t);
    }
    wf__gen_buffer_free(g, L.t);
    return st;
}
