/* The graph's representation, shared by the graph sources and the graph
 * search. Not installed. */
#ifndef WF_GRAPH_INTERNAL_H
#define WF_GRAPH_INTERNAL_H

#include "internal.h"

/* Allocates an empty graph of n nodes and m arcs (arrays unset).
 * WF_E_NOMEM, WF_E_TOO_BIG. */
wf_status wf__graph_alloc(const wf_allocator *a, size_t n, size_t m, int dims,
                          wf_graph **out);

/* Computes g->min_ratio from the arcs and positions. */
void wf__graph_min_ratio(wf_graph *g);

#endif
