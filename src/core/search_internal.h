/* The search workspace and its open list, shared by the search algorithms.
 * Not installed. */
#ifndef WF_SEARCH_INTERNAL_H
#define WF_SEARCH_INTERNAL_H

#include "internal.h"

/* Per-cell search state, 8 bytes, so that the 3×3 neighbourhood of a cell
 * spans three short runs of memory (the neighbour test is the search's main
 * cache cost):
 *   tag  generation << 4 | closed << 3 | direction of the move that reached
 *        the cell (0–7). A tag from an older generation means "unvisited",
 *        so nothing is cleared between queries.
 *   pos  the cell's slot in the open array while it is open (and, when
 *        closed cells may be reopened, while it is closed).
 * The f value of a cell is not stored here: it lives in its open-array slot,
 * next to the other keys the heap compares. */
typedef struct wf__cell {
    uint32_t tag;
    uint32_t pos;
} wf__cell;

#define WF__TAG_CLOSED 8u
#define WF__TAG_GEN_SHIFT 4
#define WF__GEN_LIMIT (1u << 28)

/* Bytes of workspace per cell: the cell state plus one open-array slot. */
#define WF__SEARCH_CELL_BYTES (sizeof(wf__cell) + sizeof(double) + \
                               sizeof(uint32_t))

/* The open array has one slot per cell, a key (f = g + weight·h) and a cell
 * index in two parallel arrays. A 4-ary min-heap on the keys grows up from
 * slot 0; the top of the array, from slot `capacity` down, holds the
 * plateau stack (consistent heuristics) or the closed cells' f values
 * (a custom heuristic, whose closed cells may be reopened). A cell is in at
 * most one of them, so together they never exceed capacity: 8 + 8 + 4 =
 * 20 bytes per cell in all. */
struct wf_search {
    wf_allocator alloc;
    size_t capacity;  /* cells the arrays hold */
    wf__cell *cells;
    double *key;
    uint32_t *id;
    uint32_t gen;     /* current generation, 1 .. WF__GEN_LIMIT-1 */
    /* Graph searches also keep a parent and a path cost per node. */
    size_t graph_capacity;
    uint32_t *parent;
    double *g;
};

/* Starts a query: a new generation (clearing the tags only when the 28-bit
 * counter wraps, once every 2^28 queries). Returns the tag base. */
uint32_t wf__search_begin(wf_search *ws);

/* Jump Point Search (grid_jps.c). wf__jps_uniform: 1 when every passable
 * terrain present on g costs the same (*cost); wf__search_jps: the search,
 * for 8-connected no-cut moves on such a grid, start and goal passable. */
int wf__jps_uniform(const wf_grid *g, double *cost);
wf_status wf__search_jps(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal, double cost, wf_path *out);

/* ---- 4-ary min-heap on key[] ------------------------------------------- */

/* Slot i's parent is (i-1)/4, its children 4i+1 .. 4i+4: the four keys a
 * sift-down compares are adjacent, and the tree is half as deep as a binary
 * one. Comparisons are strict, so among equal keys an element moves only
 * past strictly larger ones and the first (leftmost) smallest child wins:
 * the order depends on the sequence of operations alone. */
typedef struct wf__heap {
    wf__cell *cells;
    double *key;
    uint32_t *id;
    uint32_t n;
} wf__heap;

/* Places cell c with key f at slot i or above (i is empty or holds c). */
WF_INLINE void wf__heap_up(wf__heap *h, uint32_t i, double f, uint32_t c) {
    double *key = h->key;
    uint32_t *id = h->id;
    while (i > 0) {
        uint32_t p = (i - 1) >> 2;
        double pf = key[p];
        if (!(f < pf))
            break;
        uint32_t pc = id[p];
        key[i] = pf;
        id[i] = pc;
        h->cells[pc].pos = i;
        i = p;
    }
    key[i] = f;
    id[i] = c;
    h->cells[c].pos = i;
}

WF_INLINE void wf__heap_push(wf__heap *h, double f, uint32_t c) {
    wf__heap_up(h, h->n++, f, c);
}

/* Removes the minimum (slot 0; the caller has read it). */
WF_INLINE void wf__heap_pop(wf__heap *h) {
    double *key = h->key;
    uint32_t *id = h->id;
    const uint32_t size = --h->n;
    if (size == 0)
        return;
    const double f = key[size];
    const uint32_t c = id[size];
    uint32_t i = 0;
    for (;;) {
        uint32_t k = 4 * i + 1;
        uint32_t m = k;
        double mf;
        if (WF_LIKELY(k + 3 < size)) {
            /* all four children exist */
            mf = key[k];
            if (key[k + 1] < mf) {
                m = k + 1;
                mf = key[k + 1];
            }
            if (key[k + 2] < mf) {
                m = k + 2;
                mf = key[k + 2];
            }
            if (key[k + 3] < mf) {
                m = k + 3;
                mf = key[k + 3];
            }
        } else {
            if (k >= size)
                break;
            mf = key[k];
            for (uint32_t j = k + 1; j < size; j++)
                if (key[j] < mf) {
                    m = j;
                    mf = key[j];
                }
        }
        if (!(mf < f))
            break;
        uint32_t mc = id[m];
        key[i] = mf;
        id[i] = mc;
        h->cells[mc].pos = i;
        i = m;
    }
    key[i] = f;
    id[i] = c;
    h->cells[c].pos = i;
}

#endif
