/* The corridor of a path: the polygons its segments cross, in order, each
 * next to the one before across an edge. Each segment is walked as a ray
 * cast walks it (mesh_raycast.c), so through a corner the walk turns
 * round it across shared edges and lists the polygons it turns through:
 * never a jump across a point where the mesh's sides only touch. */
#include <math.h>

#include "mesh_internal.h"

/* Every point finite (else WF_E_INVALID_ARG) and within the fixed point
 * (else WF_E_RANGE). */
static wf_status check_points(const wf_mesh *m, const wf_polyline *path) {
    for (size_t i = 0; i < path->count; i++)
        if (!isfinite(path->points[i].x) || !isfinite(path->points[i].y))
            return WF_E_INVALID_ARG;
    wf__mpt p;
    for (size_t i = 0; i < path->count; i++)
        if (!wf__mesh_fix(m, path->points[i], &p))
            return WF_E_RANGE;
    return WF_OK;
}

/* The first polygon: the lowest holding the start and the start of the
 * path's first segment that has a length (the path's direction). */
static uint32_t first_polygon(const wf_mesh *m, const wf_polyline *path) {
    wf__mpt a, b, d = {0, 0};
    wf__mesh_fix(m, path->points[0], &a);
    for (size_t i = 1; i < path->count && !d.x && !d.y; i++) {
        wf__mesh_fix(m, path->points[i], &b);
        d = (wf__mpt){b.x - a.x, b.y - a.y};
    }
    uint32_t q;
    return wf__mesh_locate_toward(m, a, d, &q, 1) ? q : WF__NONE;
}

wf_status wf_mesh_corridor(const wf_mesh *m, const wf_polyline *path,
                           long *out, size_t max, size_t *count) {
    if (count)
        *count = 0;
    if (!m || !path || !count || (max && !out) || !path->count ||
        !path->points)
        return WF_E_INVALID_ARG;
    const wf_status st = check_points(m, path);
    if (st != WF_OK)
        return st;
    wf__mwalk w = {{0, 0}, {0, 0}, first_polygon(m, path), out, max, 1,
                   WF__NONE, WF__NONE};
    if (w.poly == WF__NONE)
        return WF_NO_PATH;
    if (max)
        out[0] = (long)w.poly;
    wf__mesh_fix(m, path->points[0], &w.a);
    for (size_t i = 1; i < path->count; i++) {
        wf__mesh_fix(m, path->points[i], &w.b);
        if (w.b.x == w.a.x && w.b.y == w.a.y)
            continue;
        if (!wf__mesh_walk(m, &w))
            return WF_NO_PATH;
        w.a = w.b;
    }
    *count = w.n;
    return WF_OK;
}
