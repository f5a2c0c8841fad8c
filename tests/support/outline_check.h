/* Checking a mesh made from outlines against the visibility-graph
 * reference, query by query, with a tally of what was checked. */
#ifndef WF_OUTLINE_CHECK_H
#define WF_OUTLINE_CHECK_H

#include "outline_world.h"

typedef struct wf_otally {
    long worlds, queries, paths, none, segments, crossings;
    double worst;
    double slack; /* an absolute error allowed besides 1e-9 relative */
    double scale; /* the mesh's fixed-point units per reference unit */
    double bent;  /* the most by which a length was off, in those units */
} wf_otally;

/* One query from s to t (reference units) on mesh m, made from the
 * reference's outlines scaled by f: the same status, a length within
 * 1e-9 relative plus tl->slack, and (without slack) each segment clear
 * by the reference. Points on an edge are skipped. */
void wf_otally_query(const wf_oracle *ref, wf_mesh_query *q, const wf_mesh *m,
                     double f, wf_vec2 s, wf_vec2 t, wf_polyline *p,
                     wf_otally *tl);

/* No two polygon edges of m lie along a line of the grid of `tile` units
 * through 0, facing each other over more than a point, without being
 * joined: tiles are joined wherever they meet (no crack). */
void wf_check_seams(const wf_mesh *m, double tile);

#endif
