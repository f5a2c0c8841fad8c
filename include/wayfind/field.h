/*
 * wayfind field: per-cell (or per-node) float fields. Dijkstra maps give
 * every cell its least cost to the nearest of many sources; a flee map
 * turns one into a field that leads away from them; a flow field stores,
 * per cell, the step downhill, so that any number of units share one
 * computation.
 *
 * Fields are arrays of float owned by the caller, row-major for grids
 * (width × height) and by node id for graphs; INFINITY marks cells that no
 * source reaches (and blocked cells). Costs follow the search's rules
 * (step × cost of the entered cell, the movement model's corner rule) and
 * accumulate in double; they are rounded to float only when stored.
 * Memory: the wf_search workspace, sized as for a search on the same map;
 * nothing is allocated once it is.
 */
#ifndef WAYFIND_FIELD_H
#define WAYFIND_FIELD_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A source of a Dijkstra map: a cell and its start value. */
typedef struct wf_field_source {
    wf_point cell;
    double value;  /**< finite; 0 for a plain distance map */
} wf_field_source;

/**
 * Multi-source Dijkstra map on a grid: out[c] = min over sources s of
 * (s.value + least cost of walking from c to s.cell) under @p connect and
 * @p corners, each move paying step × cost of the cell it enters: the
 * field that units walk downhill (wf_flow_field_grid) to reach the
 * nearest source.
 * Sources on blocked cells are ignored. Uses @p ws (sized as for a grid
 * search) and allocates nothing once it is sized.
 * Errors: WF_E_INVALID_ARG (NULL, bad movement model, a value not finite),
 * WF_E_RANGE (a source off the grid), WF_E_NOMEM. O(cells log cells).
 */
wf_status wf_dijkstra_map_grid(wf_search *ws, const wf_grid *g,
                               const wf_field_source *src, size_t n,
                               int connect, wf_corners corners, float *out);

/**
 * Multi-source Dijkstra map on a graph: out[v] = min over i of (values[i]
 * (0 when @p values is NULL) + least cost from nodes[i] to v along the
 * arcs). On a graph whose edges are all two-way (equal weights both ways)
 * that is also the cost from v to the nearest source.
 * Errors: WF_E_INVALID_ARG, WF_E_RANGE (no such node), WF_E_NOMEM.
 */
wf_status wf_dijkstra_map_graph(wf_search *ws, const wf_graph *g,
                                const uint32_t *nodes, const double *values,
                                size_t n, float *out);

/**
 * A flee ("safety") map as in roguelikes: from a distance map @p dist to
 * the threats, every reachable cell becomes a source of value −k × dist,
 * and a Dijkstra map of those is computed into @p out. Walking downhill on
 * it leads away from the threats, around them rather than into corners;
 * @p k > 1 (1.2 is usual) makes longer escapes worth it.
 * Errors: as wf_dijkstra_map_grid, and WF_E_INVALID_ARG for k not > 0.
 */
wf_status wf_flee_map_grid(wf_search *ws, const wf_grid *g, const float *dist,
                           double k, int connect, wf_corners corners,
                           float *out);

/** No step: a minimum of the field (a source) or an unreachable cell. */
#define WF_FLOW_NONE (-1)

/**
 * A flow field: for each cell the direction of the allowed move to the
 * neighbour v with field[v] below the cell's own value that minimises
 * field[v] + move cost, provided that does not exceed the cell's value
 * (up to float rounding); WF_FLOW_NONE when there is none. On a Dijkstra
 * map that is a step of a least-cost path to a source. Directions index wf_flow_dx/wf_flow_dy: 0 N,
 * 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW; ties go to the lower index.
 * Following it from any reachable cell of a Dijkstra map walks a least-cost
 * path to a source. Errors: WF_E_INVALID_ARG. O(cells).
 */
wf_status wf_flow_field_grid(const wf_grid *g, const float *field,
                             int connect, wf_corners corners, int8_t *dir);

/** Column and row offsets of flow directions 0–7. */
extern const int wf_flow_dx[8];
extern const int wf_flow_dy[8];

#ifdef __cplusplus
}
#endif

#endif
