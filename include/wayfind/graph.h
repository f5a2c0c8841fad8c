/*
 * wayfind core, waypoint graphs: directed weighted graphs (wf_graph),
 * built node by node with a wf_graph_builder or made from the moves of a
 * grid, and searching them (A*, Dijkstra, weighted A*, one-shot or sliced)
 * in the same workspace as grid searches, with their paths (wf_node_path).
 *
 * Part of the core layer, above search.h (src/core/graph/; graph search
 * in src/core/search/): libc and libm only, no I/O. A built graph is
 * read-only and may be shared between threads.
 */
#ifndef WAYFIND_GRAPH_H
#define WAYFIND_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "export.h"
#include "grid.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Waypoint graphs                                                          */
/* ------------------------------------------------------------------------ */

/** Largest node count of a graph: as many as a grid has cells. */
#define WF_GRAPH_MAX_NODES ((size_t)1 << 28)
/** Largest directed edge (arc) count of a graph. */
#define WF_GRAPH_MAX_EDGES ((size_t)1 << 31)

/**
 * A directed weighted graph, frozen: nodes 0..n-1, each with an optional
 * 2-D or 3-D position, and arcs with weights > 0 stored in compressed rows
 * (each node's out-arcs sorted by target). Read-only after wf_graph_build,
 * so it may be shared between threads. Memory: 12 bytes per arc, 4 per node,
 * 8 × dims per node for positions, and 4 more per node for a graph made
 * from a grid.
 */
typedef struct wf_graph wf_graph;

/** Collects nodes and edges; wf_graph_build freezes them into a wf_graph. */
typedef struct wf_graph_builder wf_graph_builder;

/**
 * Creates a builder whose nodes have @p dims coordinates: 0 (no
 * positions), 2 or 3. @p alloc may be NULL (malloc); graphs built from it
 * use the same allocator. Errors: WF_E_INVALID_ARG, WF_E_NOMEM.
 */
WF_API wf_status wf_graph_builder_create(int dims, const wf_allocator *alloc,
                                  wf_graph_builder **out);
/** Frees @p b; NULL is a no-op. */
WF_API void wf_graph_builder_destroy(wf_graph_builder *b);
/**
 * Adds a node with position @p pos (dims finite values; NULL when dims is
 * 0) and returns its id in @p id (may be NULL): ids are 0, 1, 2, ... in the
 * order nodes are added. Errors: WF_E_INVALID_ARG (NULL b, pos missing or
 * not finite), WF_E_TOO_BIG (WF_GRAPH_MAX_NODES), WF_E_NOMEM. Amortised O(1).
 */
WF_API wf_status wf_graph_builder_add_node(wf_graph_builder *b, const double *pos,
                                    uint32_t *id);
/**
 * Adds an arc @p from → @p to of weight @p weight (finite, > 0), and with
 * @p two_way the arc back as well. A self-loop is accepted and dropped by
 * wf_graph_build (it is never part of a least-cost path); of several arcs
 * between the same two nodes in the same direction the lightest is kept.
 * Errors: WF_E_INVALID_ARG (weight), WF_E_RANGE (a node that does not
 * exist yet), WF_E_TOO_BIG, WF_E_NOMEM. Amortised O(1).
 */
WF_API wf_status wf_graph_builder_add_edge(wf_graph_builder *b, uint32_t from,
                                    uint32_t to, double weight, int two_way);
/**
 * Freezes what @p b holds into a new graph; @p b stays usable (more nodes
 * and edges may be added and built again). Errors: WF_E_INVALID_ARG,
 * WF_E_NOMEM. O(nodes + arcs log(max out-degree)).
 */
WF_API wf_status wf_graph_build(const wf_graph_builder *b, wf_graph **out);
/** Frees @p g; NULL is a no-op. */
WF_API void wf_graph_destroy(wf_graph *g);

/** Node count (0 when g is NULL). */
WF_API size_t wf_graph_node_count(const wf_graph *g);
/** Arc count, a two-way edge counting twice (0 when g is NULL). */
WF_API size_t wf_graph_edge_count(const wf_graph *g);
/** Coordinates per node: 0, 2 or 3. */
WF_API int wf_graph_dims(const wf_graph *g);
/**
 * Copies node @p node's position into @p pos (3 values; unused ones 0).
 * Errors: WF_E_INVALID_ARG (NULL, or the graph has no positions),
 * WF_E_RANGE (no such node).
 */
WF_API wf_status wf_graph_position(const wf_graph *g, uint32_t node, double pos[3]);
/**
 * The out-arcs of @p node: sets *targets and *weights (either may be NULL)
 * to its row and returns the arc count; 0 for a node that does not exist.
 * The arrays belong to @p g: valid, read-only, until it is destroyed.
 */
WF_API size_t wf_graph_out_edges(const wf_graph *g, uint32_t node,
                          const uint32_t **targets, const double **weights);
/** Weight of the arc @p from → @p to, or WF_BLOCKED when there is none.
 *  O(log out-degree). */
WF_API double wf_graph_edge_weight(const wf_graph *g, uint32_t from, uint32_t to);

/* ------------------------------------------------------------------------ */
/* Graphs of grids                                                          */
/* ------------------------------------------------------------------------ */

/**
 * The graph of a grid's moves: one node per passable cell (passable under
 * @p filter too, which may be NULL; for move.size > 1 one per cell where
 * such an agent may stand), in row-major order; an arc for each
 * move the movement model @p move allows, weighted step × cost of the
 * target cell (× the filter's multiplier), exactly as wf_search_grid
 * prices it; node positions at the
 * cell centres in world units, ((x + 0.5) × tile_size, (y + 0.5) ×
 * tile_size). The graph remembers its cells (wf_graph_node_cell,
 * wf_graph_cell_node). Errors: WF_E_INVALID_ARG (tile_size not finite and
 * > 0), WF_E_TOO_BIG, WF_E_NOMEM. O(cells).
 */
WF_API wf_status wf_graph_from_grid(const wf_grid *grid, wf_move move,
                             const wf_filter *filter, double tile_size,
                             const wf_allocator *alloc, wf_graph **out);
/** The cell of node @p node of a graph made by wf_graph_from_grid.
 *  Errors: WF_E_INVALID_ARG (not such a graph), WF_E_RANGE (no such node). */
WF_API wf_status wf_graph_node_cell(const wf_graph *g, uint32_t node, wf_point *cell);
/** The node of cell (x, y) into *node. Errors: WF_E_INVALID_ARG (NULL, or
 *  not a graph of a grid), WF_E_RANGE (the cell has no node: blocked or
 *  off the grid). O(log nodes). */
WF_API wf_status wf_graph_cell_node(const wf_graph *g, int x, int y, uint32_t *node);

/* ------------------------------------------------------------------------ */
/* Graph search                                                             */
/* ------------------------------------------------------------------------ */

/**
 * The result of a graph search: nodes[0] is the start and nodes[count-1]
 * the goal (or, for WF_PARTIAL, the expanded node with the smallest
 * heuristic estimate). Same conventions as wf_path.
 */
typedef struct wf_node_path {
    uint32_t *nodes;
    size_t count;
    size_t capacity;
    double cost;      /**< sum of the arc weights along nodes */
    wf_stats stats;
    wf_allocator alloc;
} wf_node_path;

/** Empty path using @p alloc (NULL: malloc). */
WF_API void wf_node_path_init(wf_node_path *p, const wf_allocator *alloc);
/** Frees the buffer; NULL is a no-op. */
WF_API void wf_node_path_free(wf_node_path *p);
/** Ensures room for @p n nodes. Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_node_path_reserve(wf_node_path *p, size_t n);

/** wf_path_next for a graph path. */
WF_API wf_status wf_node_path_next(const wf_node_path *path, uint32_t current,
                            uint32_t *next);

/**
 * The largest scale s for which s × straight-line distance never exceeds
 * the cost of any path: min over arcs of weight / distance between its
 * ends (arcs between coincident positions are skipped). 0 when the graph
 * has no positions or no such arc. O(1) (computed when built).
 */
WF_API double wf_graph_h_scale(const wf_graph *g);

/**
 * Sizes @p ws for graphs of up to @p nodes nodes (32 bytes per node:
 * the grid workspace's 20 plus a parent and a cost per node), so that
 * graph queries allocate nothing. Errors: WF_E_INVALID_ARG, WF_E_TOO_BIG,
 * WF_E_NOMEM.
 */
WF_API wf_status wf_search_reserve_graph(wf_search *ws, size_t nodes);

/**
 * Finds a least-cost path on @p g from node @p start to node @p goal.
 * Options used: algo, heuristic (WF_H_DEFAULT and WF_H_EUCLIDEAN:
 * h_scale × straight-line distance; WF_H_ZERO; WF_H_CUSTOM: node_h),
 * weight, max_expansions and overlay; move, filter, move_cost and
 * goal_fallback are for grids and ignored here. With the
 * default scale the heuristic is consistent and the path optimal. Closed
 * nodes are reopened when a cheaper path reaches them, so any admissible
 * heuristic gives an optimal path at weight 1.
 *
 * Returns WF_OK, WF_NO_PATH, WF_PARTIAL or an error: WF_E_INVALID_ARG
 * (NULL argument, a bad option, a heuristic other than those above),
 * WF_E_RANGE (no such node), WF_E_NOMEM. Ties are broken as in
 * wf_search_grid's open list (a 4-ary heap with strict comparisons) with
 * arcs relaxed in the graph's order (by target), so a query gives the same
 * path on every platform.
 */
WF_API wf_status wf_search_graph(wf_search *ws, const wf_graph *g, uint32_t start,
                          uint32_t goal, const wf_search_opts *opts,
                          wf_node_path *out);

/** wf_search_begin for a graph search (see wf_search_graph). */
WF_API wf_status wf_search_begin_graph(wf_search *ws, const wf_graph *g,
                                uint32_t start, uint32_t goal,
                                const wf_search_opts *opts);
/** wf_search_step for a search begun by wf_search_begin_graph. */
WF_API wf_status wf_search_step_graph(wf_search *ws, uint64_t budget,
                               wf_node_path *out);

#ifdef __cplusplus
}
#endif

#endif
