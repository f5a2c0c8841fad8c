/*
 * wayfind core: the names of the values of core's enums, one table each.
 *
 * The command line, the Python package and the browser playground spell
 * algorithms, heuristics, corner rules and any-angle searches as these
 * tables do, and read them back through the parsers here; nothing else
 * holds a copy. Each table is an X-macro, X(value, "name"), in the order
 * of the enum, like the status list (WF_STATUS_MAP): a program can
 * expand it for its own needs (a menu, a help text). The names of team
 * planners are in plan.h (wf_team_algo_name), with the plan layer.
 *
 * Every function here is pure: no allocation, no state, any thread.
 *
 * Part of the core layer: libc only.
 */
#ifndef WAYFIND_NAMES_H
#define WAYFIND_NAMES_H

#include "core.h"
#include "polyline.h"

#ifdef __cplusplus
extern "C" {
#endif

/** wf_algo: the grid and graph search algorithms. */
#define WF_ALGO_NAMES(X)                                                       \
    X(WF_ALGO_ASTAR, "astar")                                                  \
    X(WF_ALGO_DIJKSTRA, "dijkstra")                                            \
    X(WF_ALGO_JPS, "jps")                                                      \
    X(WF_ALGO_JPS_PLUS, "jps+")                                                \
    X(WF_ALGO_JPSW, "jpsw")                                                    \
    X(WF_ALGO_BIDIR, "bidir")                                                  \
    X(WF_ALGO_AUTO, "auto")

/** wf_heuristic: the heuristics a search may take by name
 *  (WF_H_CUSTOM, a callback, has none). */
#define WF_HEURISTIC_NAMES(X)                                                  \
    X(WF_H_DEFAULT, "default")                                                 \
    X(WF_H_MANHATTAN, "manhattan")                                             \
    X(WF_H_EUCLIDEAN, "euclidean")                                             \
    X(WF_H_CHEBYSHEV, "chebyshev")                                             \
    X(WF_H_OCTILE, "octile")                                                   \
    X(WF_H_ZERO, "zero")

/** wf_corners: the rules for diagonal moves past blocked cells. */
#define WF_CORNERS_NAMES(X)                                                    \
    X(WF_CORNERS_NO_CUT, "no-cut")                                             \
    X(WF_CORNERS_ALWAYS, "always")                                             \
    X(WF_CORNERS_ONE_FREE, "one-free")

/** wf_any_angle: the any-angle searches. */
#define WF_ANY_ANGLE_NAMES(X)                                                  \
    X(WF_ANY_ANGLE_THETA, "theta")                                             \
    X(WF_ANY_ANGLE_LAZY_THETA, "lazy-theta")                                   \
    X(WF_ANY_ANGLE_ANYA, "anya")                                               \
    X(WF_ANY_ANGLE_MESH, "mesh")                                               \
    X(WF_ANY_ANGLE_AUTO, "auto")

/**
 * The name of @p a as its table spells it ("astar", "jps+", ...), or NULL
 * when @p a is not one of its values. Likewise wf_heuristic_name,
 * wf_corners_name and wf_any_angle_name. O(1).
 */
WF_API const char *wf_algo_name(wf_algo a);
WF_API const char *wf_heuristic_name(wf_heuristic h);
WF_API const char *wf_corners_name(wf_corners c);
WF_API const char *wf_any_angle_name(wf_any_angle a);

/**
 * The value named @p name (exactly, case included, as the table spells
 * it) into @p *out: WF_OK, or WF_E_INVALID_ARG when no value has that
 * name or an argument is NULL (*out is then unchanged). Likewise
 * wf_heuristic_parse, wf_corners_parse and wf_any_angle_parse. O(values).
 */
WF_API wf_status wf_algo_parse(const char *name, wf_algo *out);
WF_API wf_status wf_heuristic_parse(const char *name, wf_heuristic *out);
WF_API wf_status wf_corners_parse(const char *name, wf_corners *out);
WF_API wf_status wf_any_angle_parse(const char *name, wf_any_angle *out);

#ifdef __cplusplus
}
#endif

#endif
