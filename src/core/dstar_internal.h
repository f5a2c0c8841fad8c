/* The D* Lite planner's state, shared by its API and edits (dstar.c) and
 * its search (dstar_search.c). Not installed. */
#ifndef WF_DSTAR_INTERNAL_H
#define WF_DSTAR_INTERNAL_H

#include "internal.h"
#include "wayfind/replan.h"

#define WF__DSTAR_NONE UINT32_MAX

/* One cell's estimates: g, its cost to the goal when last expanded; rhs,
 * one step ahead (the best successor's g plus the move); and its slot on
 * the open list (WF__DSTAR_NONE: not on it). Together, so that a cell's
 * state is one cache line's worth. */
typedef struct wf__dcell {
    double g, rhs;
    uint32_t pos;
} wf__dcell;

/* An open-list entry: the key pair of D* Lite, compared lexicographically,
 * and the cell. */
typedef struct wf__dkey {
    double k1, k2;
    uint32_t cell;
} wf__dkey;

struct wf_dstar {
    wf_allocator alloc;
    wf_grid *g;
    wf_search_opts o;     /* checked and normalised */
    double cost[256];     /* entering each terrain, filter applied;
                             INFINITY where the unit may not go */
    uint8_t pass[256];
    unsigned k;           /* agent size */
    int filtered;         /* the filter forbids a terrain the grid has as
                             passable: neighbour masks need narrowing */
    const float *overlay; /* the overlay's values when overlay_k > 0 */
    double overlay_k;
    uint8_t *clr;         /* the unit's own clearance (size > 1 and a
                             filter forbidding a passable terrain), kept
                             current by edits; NULL: the grid's */
    int connect;
    wf_corners corners;
    int hk;               /* 0 zero, 1 manhattan, 2 euclidean, 3 chebyshev,
                             4 octile */
    double hmul;          /* the heuristic's scale: smallest cost */
    wf_point start, goal, last; /* last: where km was last brought up */
    double km;
    wf__dcell *cell;      /* per cell */
    uint64_t div_mul;     /* cell index → row (wf__divw) */
    unsigned div_shift;
    wf__dkey *heap;
    uint32_t hn;
    size_t hcap;
    int restart;          /* the state is void: start over at the next plan */
    int dirty;            /* something changed since the last plan */
    wf_stats st;          /* of the plan under way */
    char msg[WF__MSG_SIZE];
};

/* May the unit stand on cell c = (x, y)? */
WF_INLINE int wf__dstar_stands(const wf_dstar *d, size_t c) {
    if (d->k > 1)
        return (d->clr ? d->clr : d->g->clear)[c] >= d->k;
    return d->pass[d->g->terrain[c]];
}

/* The heuristic between two cells (scaled). */
double wf__dstar_h(const wf_dstar *d, wf_point a, wf_point b);
/* Puts every cell back to "unknown" and the goal on the open list
 * (O(cells)); clears restart. */
void wf__dstar_reset(wf_dstar *d);
/* Recomputes rhs of cell c from its successors and puts it on, moves it
 * in, or takes it off the open list as it is (in)consistent. */
void wf__dstar_update_cell(wf_dstar *d, uint32_t c);
/* Runs the search until the agent's cell is consistent and no key on the
 * open list is below its own; WF_E_NOMEM when the open list cannot
 * grow. */
wf_status wf__dstar_compute(wf_dstar *d);
/* Follows the cheapest moves from the agent's cell to the goal into out
 * (its cost summed from the start, as the grid search sums it). */
wf_status wf__dstar_extract(wf_dstar *d, wf_path *out);

#endif
