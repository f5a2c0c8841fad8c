/* The D* Lite planner's state, shared by its grid side (dstar.c), its
 * graph side (dstar_graph.c) and its search (dstar_search.c). The search
 * runs on vertices: the cells of a grid or the nodes of a graph. Not
 * installed. */
#ifndef WF_DSTAR_INTERNAL_H
#define WF_DSTAR_INTERNAL_H

#include "internal.h"
#include "wayfind/replan.h"

#define WF__DSTAR_NONE UINT32_MAX

/* One vertex's estimates: g, its cost to the goal when last expanded; rhs,
 * one step ahead (the best successor's g plus the move); and its slot on
 * the open list (WF__DSTAR_NONE: not on it). Side by side, so that a
 * vertex's state is one cache line's worth. */
typedef struct wf__dcell {
    double g, rhs;
    uint32_t pos;
} wf__dcell;

/* An open-list key: the key pair of D* Lite, compared lexicographically. */
typedef struct wf__dkey {
    double k1, k2;
} wf__dkey;

#define WF__DKEY_LESS(a, b)                                                    \
    ((a).k1 < (b).k1 || ((a).k1 == (b).k1 && (a).k2 < (b).k2))

/* The open list: the library's 4-ary heap (wf_heap4.h) on key pairs, each
 * vertex's slot in its wf__dcell.pos: wf__dheap_up, _push, _down, _pop. */
#define WF_HEAP4 wf__dheap
#define WF_HEAP4_CELL wf__dcell
#define WF_HEAP4_KEY wf__dkey
#define WF_HEAP4_LESS(a, b) WF__DKEY_LESS(a, b)
#include "wf_heap4.h"

struct wf_dstar {
    wf_allocator alloc;
    wf_search_opts o;     /* checked and normalised */
    uint32_t n;           /* vertices */
    uint32_t s, t, last;  /* the agent, the goal, where km was last raised */
    wf_heuristic heuristic; /* resolved; on graphs WF_H_EUCLIDEAN is the
                               straight line between positions */
    double hmul;          /* the heuristic's scale */
    double km;
    const float *overlay; /* the overlay's values when overlay_k > 0 */
    double overlay_k;
    wf__dcell *cell;      /* per vertex */
    wf__dheap open;       /* cells is cell; key and id share one block of
                             open_cap entries */
    size_t open_cap;
    uint32_t *trail;      /* the path found, as vertices */
    size_t trail_cap;
    int restart;          /* the state is void: start over at the next plan */
    int dirty;            /* something changed since the last plan */
    int overflow;         /* a cost sum overflowed to infinity since the
                             last fresh start */
    wf_stats st;          /* of the plan under way */
    char msg[WF__MSG_SIZE];

    /* Grids: the grid (watched) and how the unit sees it. */
    wf_grid *g;
    double cost[256];     /* entering each terrain, filter applied;
                             INFINITY where the unit may not go */
    uint8_t pass[256];
    unsigned k;           /* agent size */
    int filtered;         /* the filter forbids a terrain the grid has as
                             passable: neighbour masks need narrowing */
    uint8_t *clr;         /* the unit's own clearance (size > 1 and a
                             filtering unit), kept current by edits; NULL:
                             the grid's */
    int connect;
    wf_corners corners;
    uint64_t div_mul;     /* cell index → row (wf__divw) */
    unsigned div_shift;

    /* Graphs: the graph, each arc's weight now (a copy that
     * wf_dstar_set_weight changes; INFINITY: removed), and the arcs into
     * each node: in_arc[in_row[v] .. in_row[v + 1]) are the indices of the
     * arcs u → v, arc_src[k] the node arc k leaves. */
    const wf_graph *gr;
    double *w;
    uint32_t *in_row, *in_arc, *arc_src;
};

/* May the unit stand on grid cell c? */
WF_INLINE int wf__dstar_stands(const wf_dstar *d, size_t c) {
    if (d->k > 1)
        return (d->clr ? d->clr : d->g->clear)[c] >= d->k;
    return d->pass[d->g->terrain[c]];
}

/* May the agent be on vertex v (a cell it may stand on; any node)? */
WF_INLINE int wf__dstar_open(const wf_dstar *d, uint32_t v) {
    return d->gr ? 1 : wf__dstar_stands(d, v);
}

/* The (scaled) heuristic between vertices a and b. */
double wf__dstar_h(const wf_dstar *d, uint32_t a, uint32_t b);
/* Puts every vertex back to "unknown" and the goal on the open list
 * (O(vertices)); clears restart. */
void wf__dstar_reset(wf_dstar *d);
/* Recomputes rhs of vertex v from its successors and puts it on, moves it
 * in, or takes it off the open list as it is (in)consistent. */
void wf__dstar_update(wf_dstar *d, uint32_t v);
/* Runs the search until the agent's vertex is consistent and no key on
 * the open list is below its own; WF_E_NOMEM when the open list cannot
 * grow. */
wf_status wf__dstar_compute(wf_dstar *d);
/* Follows the cheapest moves from the agent to the goal into d->trail,
 * *count vertices, and their cost summed from the agent as the searches
 * sum it into *cost. WF_OK, WF_NO_PATH, WF_E_NOMEM, WF_E_RANGE (a cost
 * that overflows). */
wf_status wf__dstar_extract(wf_dstar *d, size_t *count, double *cost);
/* A new planner of @p vertices vertices for the options @p o (checked),
 * heuristic @p h, agent on @p start, goal @p goal: its cells
 * allocated, a fresh start due; the grid or graph parts are the caller's.
 * Errors: WF_E_TOO_BIG (2^32 - 1 vertices or more; why into msg),
 * WF_E_NOMEM. */
wf_status wf__dstar_new(const wf_allocator *alloc, const wf_search_opts *o,
                        wf_heuristic h, size_t vertices, uint32_t start,
                        uint32_t goal, char *msg, size_t size,
                        wf_dstar **out);
/* Frees what every planner holds (the grid or graph parts aside). */
void wf__dstar_free(wf_dstar *d);

/* The options D* Lite honours, normalised into *o, for a grid
 * (graph 0) or a graph of @p vertices; *h the heuristic. Why not
 * into msg (size bytes; may be NULL). Errors: WF_E_INVALID_ARG,
 * WF_E_NOMEM. */
wf_status wf__dstar_check_opts(wf_search_opts *o, size_t vertices, int graph,
                               wf_heuristic *h, char *msg, size_t size);
/* What both creates check first: the map (have_map) and out given, the
 * options copied into *o (opts NULL: the defaults) and checked as
 * wf__dstar_check_opts does; *out NULL. Messages into msg as there. */
wf_status wf__dstar_args(int have_map, size_t vertices, int graph,
                         const wf_search_opts *opts, wf_search_opts *o,
                         wf_heuristic *h, char *msg, size_t size,
                         wf_dstar **out);
/* The agent is now on vertex v: km grows by the heuristic distance it
 * covered, so that the keys on the open list stay lower bounds. */
void wf__dstar_move_to(wf_dstar *d, uint32_t v);
/* wf_dstar_destroy for a graph planner (dstar_graph.c). */
void wf__dstar_graph_free(wf_dstar *d);

/* Records why a call failed in d->msg and returns s. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
wf_status wf__dstar_fail(wf_dstar *d, wf_status s, const char *fmt, ...);
/* The common part of a plan: a fresh start if one is due (prepare, run
 * when not NULL, may fail), the search and the trail. *count vertices,
 * *cost. The messages of no path come from the caller. */
wf_status wf__dstar_run(wf_dstar *d, wf_status (*prepare)(wf_dstar *),
                        size_t *count, double *cost);

#endif
