/* An independent reference for meshes made from outlines: the exact
 * Euclidean shortest path among closed polygons by Dijkstra over a
 * visibility graph, in doubles on small integer coordinates (every
 * product exact), written without any of the mesh's code.
 *
 * Ground is inside at least one walkable ring and inside no obstacle
 * ring (rings may overlap); an edge with ground on both sides (between two walkable rings)
 * or neither bounds nothing. A path may run along an edge with ground on one side and pass a
 * corner where ground continues, never through a point where two
 * separate wedges of ground meet (the corner where two obstacles touch):
 * the graph's nodes are the wedges of ground round each ring corner, not
 * the corners. */
#ifndef WF_OUTLINE_ORACLE_H
#define WF_OUTLINE_ORACLE_H

#include <stddef.h>

#include "wayfind/wayfind.h"

typedef struct wf_oracle wf_oracle;

/* The reference for outlines @p o (@p n of them, integer coordinates of
 * magnitude below 2^20; repeated points allowed). Sides of different
 * outlines may cross: each crossing is a corner of the graph too, exact
 * when it is a half-integer (sides at multiples of 45 degrees), else the
 * nearest double. No outline may cross itself. */
wf_oracle *wf_oracle_create(const wf_outline *o, size_t n);
/* How many crossings of sides of different outlines there are. */
size_t wf_oracle_crossings(const wf_oracle *r);
void wf_oracle_destroy(wf_oracle *r);
/* 1 inside ground, 0 outside, -1 on an outline's edge. */
int wf_oracle_where(const wf_oracle *r, wf_vec2 p);
/* The shortest path's length from s to t (points off every edge),
 * INFINITY when there is none or an end is not on ground. */
double wf_oracle_shortest(const wf_oracle *r, wf_vec2 s, wf_vec2 t);
/* May a path run straight from s to t (both on ground, off every edge)? */
int wf_oracle_clear(const wf_oracle *r, wf_vec2 s, wf_vec2 t);
/* Calls fn for every wedge of ground round every corner of the outlines
 * (a ring's corner, or one lying on another's edge): the corner and the
 * directions of the wedge's two sides, counter-clockwise from `from` to
 * `to`. */
void wf_oracle_wedges(const wf_oracle *r,
                      void (*fn)(void *ud, wf_vec2 at, wf_vec2 from,
                                 wf_vec2 to),
                      void *ud);
/* Dijkstra over n nodes joined by lengths adj (n × n, INFINITY: not
 * joined) from a start at dist[i] from node i (overwritten) to a goal at
 * to_t[i] from it: the least of `best` (the straight way, say) and every
 * path through the nodes. O(n²). */
double wf_oracle_dijkstra(size_t n, const double *adj, double *dist,
                          const double *to_t, double best);

#endif
