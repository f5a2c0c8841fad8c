/* Re-planning, done at a step's commit on one thread in slot order (so
 * one search state per crowd suffices and the result does not depend on
 * the threads): a PATH agent pushed off its path or held, or a FLOW agent
 * leaving its field, gets a new path from where it is to its path's end,
 * on the crowd's mesh (its shortest path) when it has one, else on its
 * grid (any-angle). A failure (no path, no memory) keeps the old path. */
#include "steer_internal.h"

/* An agent slower than this share of its top speed stands in the way of
 * a held agent's new path, unless it is within JAM_CLEAR cells of that
 * agent (on top of it: the cells round a held agent are mostly its
 * neighbours in the jam, and shutting them all would leave no way out,
 * but a jam right in front of it must count) or of the path's end. */
#define JAM_SLOW 0.25
#define JAM_CLEAR 0.5

/* The path around the jam: on c->jam (a copy of the crowd's grid, made
 * the first time and kept: that grid may not change while the crowd uses
 * it, steer.h), the cells of the agents standing in the way shut;
 * they are opened again after. WF_NO_PATH when nobody stands in the way
 * or nothing leads round them. */
static wf_status jam_plan(wf_crowd *c, const wf__agent *a, vec2 end,
                          wf_point s, wf_point t, wf_polyline *pl) {
    if (!c->jam && wf_grid_clone(c->o.grid, &c->jam) != WF_OK)
        return WF_E_NOMEM;
    size_t shut = 0;
    for (size_t i = 0; i < c->n_slots; i++) {
        const wf__agent *b = &c->ag[i];
        double slow = JAM_SLOW * b->max_speed;
        if (!b->gen || b == a || v2_len2(b->vel) > slow * slow ||
            v2_len2(v2_sub(b->pos, a->pos)) < JAM_CLEAR * JAM_CLEAR ||
            v2_len2(v2_sub(b->pos, end)) < JAM_CLEAR * JAM_CLEAR)
            continue;
        int x = (int)floor(b->pos.x), y = (int)floor(b->pos.y);
        if (wf_grid_passable(c->jam, x, y) &&
            wf_grid_set(c->jam, x, y, WF_TERRAIN_WALL) == WF_OK)
            shut++;
    }
    /* lazy Theta*: far fewer sight checks than Theta*, and a search that
     * finds no way round sweeps the agent's whole side of the map (a
     * bound on it stranded units whose way round is long) */
    wf_status st = shut ? wf_search_any_angle(c->ws, c->jam, s, t,
                                              WF_ANY_ANGLE_LAZY_THETA, NULL,
                                              pl)
                        : WF_NO_PATH;
    for (size_t i = 0; i < c->n_slots && shut; i++) {
        const wf__agent *b = &c->ag[i];
        int x = (int)floor(b->pos.x), y = (int)floor(b->pos.y);
        if (b->gen && wf_grid_contains(c->jam, x, y))
            wf_grid_set(c->jam, x, y, wf_grid_get(c->o.grid, x, y));
    }
    return st;
}

/* The any-angle path on the grid from a's cell to end's cell; when a is
 * held, round the agents standing in the way if there is such a way (a
 * crowd packed in a street with another street free beside it), else
 * through them. */
static wf_status grid_plan(wf_crowd *c, const wf__agent *a, vec2 end,
                           int held, wf_polyline *pl) {
    wf_point s = {(int)floor(a->pos.x), (int)floor(a->pos.y)};
    wf_point t = {(int)floor(end.x), (int)floor(end.y)};
    if (!c->ws && wf_search_create(&c->alloc, &c->ws) != WF_OK)
        return WF_E_NOMEM;
    if (held && jam_plan(c, a, end, s, t, pl) == WF_OK)
        return WF_OK;
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
    int held = a->since > WF__STALL_STEPS;
    a->best = INFINITY; /* progress is measured afresh */
    a->since = 0;
    vec2 end = a->path[a->path_n - 1];
    wf_polyline pl;
    wf_polyline_init(&pl, &c->alloc);
    wf_status st = c->o.mesh ? mesh_plan(c, a, end, &pl)
                             : grid_plan(c, a, end, held, &pl);
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
