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
/* A grid A* and Dijkstra query and its progress between sliced steps
 * (grid_astar.c). Everything a step needs is here, so a paused search
 * resumes exactly where it stopped. */
typedef struct wf__astar {
    const wf_grid *g;
    const double *cost;    /* cost of entering each terrain: g->cost, or
                              fcost under a filter */
    const uint8_t *pass;   /* NULL, or fpass when the filter forbids a
                              terrain present on g */
    uint32_t start, goal;  /* goal UINT32_MAX: none to reach (the nearest
                              fallback for a goal that cannot be entered) */
    int gx, gy;
    int hk, connect, plateau, reopen, track;
    wf_corners corners;
    double hmul;           /* weight × (smallest cost, or 1 for custom) */
    wf_heuristic_fn custom;
    void *custom_ud;
    wf_move_cost_fn move_cost;
    void *move_ud;
    const float *overlay;  /* extra cost per cell, × overlay_k; may be NULL */
    double overlay_k;
    uint64_t limit;        /* max expansions, 0 = none */
    int fallback;
    uint64_t div_mul;      /* cell / width == cell * div_mul >> div_shift */
    unsigned div_shift;
    /* progress */
    uint32_t heap_n, sp, gen;
    uint64_t expanded, generated, heap_ops, reopened;
    uint32_t best, end;
    double best_d, best_g;
    double fcost[256];
    uint8_t fpass[256];
} wf__astar;

/* A JPS query and its progress (grid_jps.c). */
typedef struct wf__jpsq {
    const wf_grid *g;
    wf_point start, goal;
    uint32_t s0, goal_id, heap_n, gen;
    double cost;
    uint64_t div_mul;
    unsigned div_shift;
    wf_stats st;
} wf__jpsq;

/* A graph query and its progress (graph_search.c). */
typedef struct wf__graphq {
    const void *g;         /* const wf_graph * */
    uint32_t start, goal, heap_n, gen, best;
    int kind;              /* 0 zero, 1 distance, 2 custom */
    double hmul, best_h;
    wf_node_heuristic_fn custom;
    void *custom_ud;
    const float *overlay;
    double overlay_k;
    uint64_t limit;
    wf_stats st;
} wf__graphq;

/* What a workspace is doing between calls. */
enum {
    WF__IDLE = 0,  /* no sliced search */
    WF__ASTAR,     /* grid A* and Dijkstra under way */
    WF__JPS,       /* grid JPS under way */
    WF__GRID_DONE, /* a grid search whose outcome (done) is known */
    WF__GRAPH,     /* graph search under way */
    WF__GRAPH_DONE
};

#define WF__MSG_SIZE 200

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
    int mode;         /* WF__IDLE ... */
    wf_status done;   /* the outcome in the _DONE modes */
    wf_algo engine;   /* the engine of the search under way */
    union {
        wf__astar a;
        wf__jpsq j;
        wf__graphq gr;
    } q;
    char msg[WF__MSG_SIZE]; /* why the last call failed */
};

/* Records why a call failed and returns s. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
wf_status wf__search_fail(wf_search *ws, wf_status s, const char *fmt, ...);

/* Starts a query: a new generation (clearing the tags only when the 28-bit
 * counter wraps, once every 2^28 queries). Returns the tag base. */
uint32_t wf__search_begin(wf_search *ws);

/* Grid A* and Dijkstra (grid_astar.c): prepares ws->q.a (o checked, start and
 * goal on the grid and passable) and the steps. */
wf_status wf__astar_begin(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *o);
wf_status wf__astar_step(wf_search *ws, uint64_t budget, wf_path *out);

/* Jump Point Search (grid_jps.c). wf__jps_applies: NULL when JPS can answer
 * the query (*cost the uniform cost of entering a cell), else why not.
 * The search is for 8-connected no-cut moves on such a grid, start and
 * goal passable. */
const char *wf__jps_applies(const wf_grid *g, const wf_search_opts *o,
                            double *cost);
wf_status wf__jps_begin(wf_search *ws, const wf_grid *g, wf_point start,
                        wf_point goal, double cost);
wf_status wf__jps_step(wf_search *ws, uint64_t budget, wf_path *out);

/* Checks the options every search shares and normalises their defaults
 * (weight 0 → 1, connect 0 → 8); on error records why in ws. */
wf_status wf__opts_check(wf_search *ws, wf_search_opts *o);

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
