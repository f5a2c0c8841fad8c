/* The search workspace and its open list, shared by the search algorithms.
 * Not installed. */
#ifndef WF_SEARCH_INTERNAL_H
#define WF_SEARCH_INTERNAL_H

#include "internal.h"

/* Jump Point Search (grid_jps.c). wf__jps_uniform: 1 when every passable
 * terrain present on g costs the same (*cost); wf__search_jps: the search,
 * for 8-connected no-cut moves on such a grid, start and goal passable. */
int wf__jps_uniform(const wf_grid *g, double *cost);
wf_status wf__search_jps(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal, double cost, wf_path *out);

#endif
