/* Re-planning, done at a step's commit on one thread in slot order (so
 * one search state per crowd suffices and the result does not depend on
 * the threads): a PATH agent pushed off its path or held, or a FLOW agent
 * leaving its field, gets a new path from where it is to its path's end,
 * on the crowd's mesh (its shortest path) when it has one, else on its
 * grid (any-angle). A failure (no path, no memory) keeps the old path. */
#include "steer_internal.h"

/* The any-angle path on the grid from a's cell to end's cell. */
static wf_status grid_plan(wf_crowd *c, const wf__agent *a, vec2 end,
                           wf_polyline *pl) {
    wf_point s = {(int)floor(a->pos.x), (int)floor(a->pos.y)};
    wf_point t = {(int)floor(end.x), (int)floor(end.y)};
    if (!c->ws && wf_search_create(&c->alloc, &c->ws) != WF_OK)
        return WF_E_NOMEM;
    return wf_search_any_angle(c->ws, c->o.grid, s, t, WF_ANY_ANGLE_THETA,
                               NULL, pl);
}

/* The shortest path on the mesh from a to end. An end off the mesh (an
 * agent pushed into a hole, or nearer the walls than the radius the mesh
 * was made for) is moved to the mesh's nearest point first. */
static wf_status mesh_plan(wf_crowd *c, const wf__agent *a, vec2 end,
                           wf_polyline *pl) {
    const wf_mesh *m = c->o.mesh;
    vec2 from = a->pos, to = end;
    if (wf_mesh_locate(m, from) < 0 && wf_mesh_nearest(m, from, &from) < 0)
        return WF_NO_PATH;
    if (wf_mesh_locate(m, to) < 0 && wf_mesh_nearest(m, to, &to) < 0)
        return WF_NO_PATH;
    if (!c->mq && wf_mesh_query_create(&c->alloc, &c->mq) != WF_OK)
        return WF_E_NOMEM;
    return wf_mesh_path(c->mq, m, from, to, pl);
}

void wf__crowd_replan(wf_crowd *c, wf__agent *a) {
    a->replan = 0;
    a->best = INFINITY; /* progress is measured afresh */
    a->since = 0;
    vec2 end = a->path[a->path_n - 1];
    wf_polyline pl;
    wf_polyline_init(&pl, &c->alloc);
    wf_status st = c->o.mesh ? mesh_plan(c, a, end, &pl)
                             : grid_plan(c, a, end, &pl);
    /* the new path: from here through the polyline's inner corners to the
     * old end; a grid's in the old buffer when it fits, a mesh's in one
     * grown to fit */
    size_t need = pl.count > 2 ? pl.count : 2;
    if (st == WF_OK && (need <= a->path_cap ||
                        (c->o.mesh && wf__agent_path_room(c, a, need)))) {
        a->path[0] = a->pos;
        for (size_t k = 1; k + 1 < pl.count; k++)
            a->path[k] = pl.points[k];
        a->path[need - 1] = end;
        a->path_n = need;
        a->path_at = 0;
        a->replans++;
    }
    wf_polyline_free(&pl);
}

void wf__crowd_flow_to_path(wf_crowd *c, wf__agent *a) {
    a->replan = 0;
    if (!wf__agent_path_room(c, a, WF__PATH_MIN_CAP))
        return; /* it keeps to the field */
    a->path[0] = a->pos;
    a->path[1] = a->goal;
    a->path_n = 2;
    a->path_at = 0;
    a->mode = WF_STEER_PATH;
    wf__crowd_replan(c, a);
}
