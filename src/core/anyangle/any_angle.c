/* wf_search_any_angle: the checks every any-angle search shares, and the
 * switch that hands a query to its engine. An engine is a function of
 * the shape below, given a checked query on a workspace sized for the
 * grid; adding one is a case in engine_of. */
#include <math.h>

#include "search_internal.h"

typedef wf_status (*engine_fn)(wf_search *ws, const wf_grid *g,
                               wf_point start, wf_point goal,
                               const wf_search_opts *o, wf_polyline *out);

/* Theta* keeps a parent and a cost per cell in the graph arrays. */
static wf_status theta_sized(wf_search *ws, const wf_grid *g, wf_point start,
                             wf_point goal, int lazy, const wf_search_opts *o,
                             wf_polyline *out) {
    wf_status s = wf_search_reserve_graph(ws, g->cells);
    if (s != WF_OK)
        return wf__search_fail(ws, s, "cannot size the workspace for %zu "
                                      "cells",
                               g->cells);
    return wf__theta_search(ws, g, start, goal, lazy, o, out);
}

static wf_status theta(wf_search *ws, const wf_grid *g, wf_point start,
                       wf_point goal, const wf_search_opts *o,
                       wf_polyline *out) {
    return theta_sized(ws, g, start, goal, 0, o, out);
}

static wf_status lazy_theta(wf_search *ws, const wf_grid *g, wf_point start,
                            wf_point goal, const wf_search_opts *o,
                            wf_polyline *out) {
    return theta_sized(ws, g, start, goal, 1, o, out);
}

/* The exact searches answer under the one-free rule only (their turning
 * points are defined by it), so any other move is refused rather than
 * answered differently. */
static wf_status one_free_only(wf_search *ws, const wf_search_opts *o,
                               const char *name) {
    if (o->move.connect != 8 || o->move.corners != WF_CORNERS_ONE_FREE)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "%s finds the shortest path under the "
                               "one-free rule only: set move to 8-connected "
                               "with WF_CORNERS_ONE_FREE",
                               name);
    return WF_OK;
}

/* Anya keeps its own per-vertex arrays in the workspace. */
static wf_status anya(wf_search *ws, const wf_grid *g, wf_point start,
                      wf_point goal, const wf_search_opts *o,
                      wf_polyline *out) {
    const wf_status s = one_free_only(ws, o, "anya");
    return s != WF_OK ? s : wf__anya_search(ws, g, start, goal, o, out);
}

/* The mesh engine keeps the grid's mesh in the workspace. */
static wf_status mesh(wf_search *ws, const wf_grid *g, wf_point start,
                      wf_point goal, const wf_search_opts *o,
                      wf_polyline *out) {
    const wf_status s = one_free_only(ws, o, "mesh");
    return s != WF_OK ? s : wf__mesh_search(ws, g, start, goal, o, out);
}

/* Auto: anya until the mesh would have paid (mesh_engine.c). */
static wf_status pick(wf_search *ws, const wf_grid *g, wf_point start,
                      wf_point goal, const wf_search_opts *o,
                      wf_polyline *out) {
    const wf_status s = one_free_only(ws, o, "auto");
    if (s != WF_OK)
        return s;
    if (!o->max_expansions && o->goal_fallback == WF_FALLBACK_NONE &&
        o->weight == 1 && wf__mesh_pays(ws, g, o))
        return wf__mesh_search(ws, g, start, goal, o, out);
    const wf_status r = wf__anya_search(ws, g, start, goal, o, out);
    wf__mesh_count(ws, g, o, out->stats.expanded);
    return r;
}

static engine_fn engine_of(wf_any_angle algo) {
    switch (algo) {
    case WF_ANY_ANGLE_THETA: return theta;
    case WF_ANY_ANGLE_LAZY_THETA: return lazy_theta;
    case WF_ANY_ANGLE_ANYA: return anya;
    case WF_ANY_ANGLE_MESH: return mesh;
    case WF_ANY_ANGLE_AUTO: return pick;
    }
    return NULL;
}

wf_status wf_search_any_angle(wf_search *ws, const wf_grid *g, wf_point start,
                              wf_point goal, wf_any_angle algo,
                              const wf_search_opts *opts, wf_polyline *out) {
    if (!ws)
        return WF_E_INVALID_ARG;
    ws->mode = WF__IDLE;
    ws->msg[0] = '\0';
    if (!out)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "polyline is NULL");
    out->count = 0;
    out->cost = out->length = 0;
    memset(&out->stats, 0, sizeof out->stats);
    if (!g)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "grid is NULL");
    engine_fn run = engine_of(algo);
    if (!run)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "unknown any-angle algorithm %d", (int)algo);
    wf_search_opts o = opts ? *opts : wf_search_opts_default();
    wf_status s = wf__opts_check(ws, &o);
    if (s != WF_OK)
        return s;
    if (o.algo != WF_ALGO_ASTAR)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "an any-angle search is its own algorithm: "
                               "algo must be astar (the default), got %d",
                               (int)o.algo);
    if (o.move_cost)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "an any-angle search cannot price a move_cost "
                               "callback along a segment");
    if (o.overlay.values || o.overlay.count)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "an any-angle search cannot price an overlay "
                               "along a segment");
    if (o.heuristic != WF_H_DEFAULT && o.heuristic != WF_H_EUCLIDEAN &&
        o.heuristic != WF_H_ZERO)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "an any-angle search takes the default "
                               "(euclidean) or zero heuristic, got %d",
                               (int)o.heuristic);
    if ((s = wf__ends_check(ws, g, start, goal)) != WF_OK)
        return s;
    s = run(ws, g, start, goal, &o, out);
    if (s >= 0 && out->count && !(out->cost < INFINITY)) {
        out->count = 0;
        return wf__search_fail(ws, WF_E_RANGE,
                               "path cost overflows a double");
    }
    return s;
}
