/*
 * wayfind core: status codes, allocators, diagnostics, grids, paths, the
 * search workspace (A*, Dijkstra, weighted A*, Jump Point Search and its
 * variants), waypoint graphs, live connectivity, jump tables and the
 * walker. This header is the core layer's umbrella: it declares nothing
 * itself and includes one header per concept, each of which may also be
 * included alone:
 *
 *   base.h        status codes (WF_STATUS_MAP, wf_status), the linked
 *                 library's version, the allocator, diagnostics
 *   grid.h        points and the movement model, per-unit cost filters,
 *                 grids, their edits (watchers, edit batches), move
 *                 costs, regions and line of sight
 *   search.h      heuristics and algorithms, paths, search options, the
 *                 workspace with one-shot and sliced grid searches, the
 *                 pool and batches, the block query
 *   graph.h       waypoint graphs, graphs of grids, graph search
 *   conn.h        live connectivity (wf_conn)
 *   jump_table.h  jump tables for JPS+ (wf_jump_table)
 *   walker.h      the walker that re-plans as the map changes
 *
 * The rest of the core layer has headers of its own, which include this
 * one: polyline.h (segments, smoothing, any-angle searches), replan.h
 * (D* Lite), ch.h (contraction hierarchies), cpd.h (the compressed path
 * database) and names.h (the names of core's enums); wayfind.h includes
 * them all.
 *
 * The core depends on libc and libm only and performs no I/O. Every object is
 * independent: different objects may be used from different threads at once,
 * and a grid that is only read (searched) may be shared by any number of
 * threads, each with its own wf_search workspace.
 */
#ifndef WAYFIND_CORE_H
#define WAYFIND_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "version.h"
#include "export.h"

#include "base.h"
#include "grid.h"
#include "search.h"
#include "graph.h"
#include "conn.h"
#include "jump_table.h"
#include "walker.h"

#endif
