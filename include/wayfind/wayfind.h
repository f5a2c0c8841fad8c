/*
 * wayfind — pathfinding for games.
 *
 * Overview
 * --------
 * A map is a wf_grid: W×H cells, each holding a terrain code 0–255, and a
 * per-grid table giving each code the cost of entering it (finite, > 0) or
 * marking it blocked. Maps come from files (wayfind/io.h: Moving AI .map,
 * ASCII maps, CSV tile maps with a legend) or are built cell by cell.
 *
 * A query runs in a wf_search workspace: one per thread, reused for every
 * query, sized once for the largest grid it sees. Moving from a cell to a
 * neighbour costs step × cost(target), step 1 orthogonally and √2
 * diagonally; 4- or 8-connected movement; for 8-connected movement a corner
 * rule says when a diagonal may pass beside walls (no-cut by default, the
 * Moving AI rule). Heuristics are scaled by the smallest terrain cost so that
 * A* stays optimal; weighted A* trades optimality for speed within a bound.
 *
 *     wf_grid *g;       wf_grid_create(64, 64, NULL, &g);
 *     wf_grid_set(g, 10, 5, WF_TERRAIN_WALL);
 *     wf_search *ws;    wf_search_create(NULL, &ws);
 *     wf_path path;     wf_path_init(&path, NULL);
 *     wf_point s = {0, 0}, t = {63, 63};
 *     if (wf_search_grid(ws, g, s, t, NULL, &path) == WF_OK)
 *         printf("cost %.3f, %zu cells\n", path.cost, path.count);
 *     wf_path_free(&path); wf_search_destroy(ws); wf_grid_destroy(g);
 *
 * Errors are wf_status values (0 success, < 0 error, > 0 outcome such as
 * WF_NO_PATH); wf_strerror describes them, and functions that parse files
 * fill a caller-owned wf_diag with file:line:column details. No function
 * keeps mutable global state.
 */
#ifndef WAYFIND_H
#define WAYFIND_H

#include "core.h"
#include "ch.h"
#include "cpd.h"
#include "field.h"
#include "gen.h"
#include "io.h"
#include "names.h"
#include "mesh.h"
#include "polyline.h"
#include "replan.h"
#include "plan.h"
#include "steer.h"
#include "render.h"
#include "version.h"

#endif
