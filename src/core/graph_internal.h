/* The graph's representation, shared by the graph sources and the graph
 * search. Not installed. */
#ifndef WF_GRAPH_INTERNAL_H
#define WF_GRAPH_INTERNAL_H

#include "internal.h"

struct wf_graph {
    wf_allocator alloc;
    uint32_t nodes;
    uint32_t arcs;
    int dims;
    uint32_t *row;     /* nodes + 1 offsets into target/weight */
    uint32_t *target;  /* arcs */
    double *weight;    /* arcs */
    double *pos;       /* nodes × dims, NULL when dims is 0 */
    uint32_t *cell;    /* node → grid cell index (graphs of grids), sorted */
    int grid_width;    /* > 0 for graphs of grids */
    int grid_height;
    double min_ratio;  /* min over arcs of weight / distance; INFINITY when
                          no arc joins distinct positions; 0 without dims */
};

/* Allocates an empty graph of n nodes and m arcs (arrays unset).
 * WF_E_NOMEM, WF_E_TOO_BIG. */
wf_status wf__graph_alloc(const wf_allocator *a, size_t n, size_t m, int dims,
                          wf_graph **out);

/* Straight-line distance between the positions of nodes u and v. */
double wf__graph_distance(const wf_graph *g, uint32_t u, uint32_t v);

/* Computes g->min_ratio from the arcs and positions. */
void wf__graph_min_ratio(wf_graph *g);

#endif
