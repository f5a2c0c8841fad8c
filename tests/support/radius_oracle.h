/* An independent reference for meshes for a unit of some radius
 * (wf_mesh_opts.radius): the Euclidean shortest path in the ground of
 * outline_oracle.h outside the polygons mesh.h takes away, by Dijkstra
 * over a visibility graph in doubles, written without any of the mesh's
 * code.
 *
 * P is the regular polygon of 16 sides round the circle of radius rho,
 * with a side's normal along each axis. On every boundary edge (each
 * piece of an outline edge, between the outlines' corners on it, with
 * ground on one side only) a strip on its ground side, as high as P's rim
 * is far in its normal direction; at every corner where a wedge of ground
 * is wider than a half turn, a fan: P's part round the corner between the
 * normals of the wedge's two sides. That is the shape mesh.h states,
 * before its points are rounded to the fixed point; the polygons are
 * convex and overlap freely. (Two walkable outlines sharing an edge would
 * split a wedge in two here, not in the mesh: the tests have none.)
 *
 * A segment is clear when it enters no polygon and keeps rho / 2 from
 * the outlines (a strip lies on one side of its edge, so a segment could
 * otherwise slide along an edge between two of them). A shortest path
 * bends only at corners of the free space that point into it: corners of
 * the polygons outside every other one. Where two
 * polygons' sides cross, the free space's corner points out of it, so
 * those crossings (and the outlines' corners, inside the polygons) are
 * never nodes. A point within EPS (1e-9 of the outlines' extent) of a
 * polygon's side counts as on it. */
#ifndef WF_RADIUS_ORACLE_H
#define WF_RADIUS_ORACLE_H

#include "outline_oracle.h"

typedef struct wf_roracle wf_roracle;

/* The reference for outlines o (n of them, the ground of `ground`, made
 * from them) and P round radius rho; both must outlive it. */
wf_roracle *wf_roracle_create(const wf_oracle *ground, const wf_outline *o,
                              size_t n, double rho);
void wf_roracle_destroy(wf_roracle *r);
/* 1 free (on ground, outside every polygon), 0 not, -1 within `near`
 * (EPS at least) of a polygon's side. */
int wf_roracle_where(const wf_roracle *r, wf_vec2 p, double near);
/* The shortest path's length from s to t, INFINITY when there is none or
 * an end is not free. */
double wf_roracle_shortest(const wf_roracle *r, wf_vec2 s, wf_vec2 t);
/* How many nodes (corners outside every other polygon) and polygons it
 * has. */
size_t wf_roracle_nodes(const wf_roracle *r);
size_t wf_roracle_polygons(const wf_roracle *r);

#endif
