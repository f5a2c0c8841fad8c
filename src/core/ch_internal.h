/* The contraction hierarchy (ch_build.c builds it, ch_query.c searches
 * it). Not installed. */
#ifndef WF_CH_INTERNAL_H
#define WF_CH_INTERNAL_H

#include "wayfind/ch.h"
#include "internal.h"

#define WF__CH_NONE UINT32_MAX

/* An arc of a node's list, kept at the lower of its two ends (the one
 * contracted first) and used for both directions: out is the cost from
 * the node to `to`, in the cost from `to` to the node (INFINITY: no such
 * arc that way). Nodes are numbered by rank, the order of contraction. */
typedef struct wf__ch_arc {
    uint32_t to;
    double out, in;
} wf__ch_arc;

/* What one direction of an arc stands for: mid, the node a shortcut
 * passes through (WF__CH_NONE: a single move), and the two arcs it was
 * made of, by index. mid ranks below both ends a and b, so both are in
 * mid's list: first, the one to a (its `in` direction: a → mid), and
 * second, the one to b (its `out` direction: mid → b). */
typedef struct wf__ch_via {
    uint32_t mid, first, second;
} wf__ch_via;

struct wf_ch {
    wf_allocator alloc;
    wf__made_for unit;  /* the grid and unit it was built for */
    uint32_t nodes;
    uint32_t *rank_of;  /* cell → node (its rank), WF__CH_NONE: blocked */
    uint32_t *cell_of;  /* node → cell */
    uint32_t *first;    /* node → its first arc; nodes + 1 entries */
    wf__ch_arc *arcs;
    wf__ch_via *via;    /* 2 an arc: [2k] its out direction, [2k+1] in */
    size_t arc_count;
    size_t shortcuts;
};

#endif
