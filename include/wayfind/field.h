/*
 * wayfind field: per-cell (or per-node) float fields. Dijkstra maps give
 * every cell its least cost to the nearest of many sources; a flee map
 * turns one into a field that leads away from them; a flow field stores,
 * per cell, the step downhill, so that any number of units share one
 * computation.
 *
 * Fields are arrays of float owned by the caller, row-major for grids
 * (width × height) and by node id for graphs; INFINITY marks cells that no
 * source reaches (and blocked cells). Costs follow the search's rules
 * (step × cost of the entered cell, the movement model's corner rule) and
 * accumulate in double; they are rounded to float only when stored.
 * Memory: the wf_search workspace, sized as for a search on the same map;
 * nothing is allocated once it is.
 */
#ifndef WAYFIND_FIELD_H
#define WAYFIND_FIELD_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A source of a Dijkstra map: a cell and its start value. */
typedef struct wf_field_source {
    wf_point cell;
    double value;  /**< finite; 0 for a plain distance map */
} wf_field_source;

/**
 * Multi-source Dijkstra map on a grid: out[c] = min over sources s of
 * (s.value + least cost of walking from c to s.cell) under the movement
 * model @p move, each move paying step × cost of the cell it enters (× the
 * multiplier of @p filter, which may be NULL; terrains it forbids count as
 * blocked; for move.size > 1 the field is the agent's, at the cells
 * where its top-left stands, and cells where it cannot stand count as
 * blocked): the field that units walk downhill (wf_field_flow_grid) to
 * reach the nearest source. Sources on cells the unit cannot enter (or
 * stand on) are ignored. Uses @p ws (sized as for a grid
 * search) and allocates nothing once it is sized.
 * Errors: WF_E_INVALID_ARG (NULL, bad movement model, a value not finite),
 * WF_E_RANGE (a source off the grid), WF_E_NOMEM (also: the clearance of
 * an agent of size > 1 whose filter forbids terrains, kept in @p ws).
 * O(cells log cells).
 */
WF_API wf_status wf_field_dijkstra_grid(wf_search *ws, const wf_grid *g,
                               const wf_field_source *src, size_t n,
                               wf_move move, const wf_filter *filter,
                               float *out);

/**
 * Multi-source Dijkstra map on a graph: out[v] = min over i of (values[i]
 * (0 when @p values is NULL) + least cost from nodes[i] to v along the
 * arcs). On a graph whose edges are all two-way (equal weights both ways)
 * that is also the cost from v to the nearest source.
 * Errors: WF_E_INVALID_ARG, WF_E_RANGE (no such node), WF_E_NOMEM.
 */
WF_API wf_status wf_field_dijkstra_graph(wf_search *ws, const wf_graph *g,
                                const uint32_t *nodes, const double *values,
                                size_t n, float *out);

/**
 * A flee ("safety") map as in roguelikes: from a distance map @p dist to
 * the threats, every reachable cell becomes a source of value −k × dist,
 * and a Dijkstra map of those is computed into @p out. Walking downhill on
 * it leads away from the threats, around them rather than into corners;
 * @p k > 1 (1.2 is usual) makes longer escapes worth it.
 * Errors: as wf_field_dijkstra_grid, and WF_E_INVALID_ARG for k not > 0
 * or @p dist not holding one value per cell.
 */
WF_API wf_status wf_field_flee_grid(wf_search *ws, const wf_grid *g, wf_layer dist,
                           double k, wf_move move, const wf_filter *filter,
                           float *out);

/** No step: the cell is blocked (for the unit) or its field value is not
 *  finite (unreachable). */
#define WF_FLOW_UNREACHABLE (-1)
/** No step: the cell is reachable and nothing is downhill of it, a source
 *  of a Dijkstra map (the unit has arrived). */
#define WF_FLOW_SOURCE (-2)

/**
 * A flow field: for each cell the direction of the allowed move to the
 * neighbour v with field[v] below the cell's own value that minimises
 * field[v] + move cost, provided that does not exceed the cell's value
 * (up to float rounding); WF_FLOW_SOURCE when there is none from a
 * reachable cell, WF_FLOW_UNREACHABLE for the rest. On a Dijkstra
 * map that is a step of a least-cost path to a source. Directions index wf_field_flow_dx/wf_field_flow_dy: 0 N,
 * 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW; ties go to the lower index.
 * Following it from any reachable cell of a Dijkstra map walks a least-cost
 * path to a source. An agent of size > 1 moves as in wf_move; when its
 * filter forbids terrains its clearance is computed with the grid's
 * allocator (1 byte per cell, freed before returning). Errors:
 * WF_E_INVALID_ARG (NULL, a bad model or filter, @p field not holding one
 * value per cell), WF_E_NOMEM. O(cells).
 */
WF_API wf_status wf_field_flow_grid(const wf_grid *g, wf_layer field,
                             wf_move move, const wf_filter *filter,
                             int8_t *dir);

/** Column and row offsets of flow directions 0–7. */
WF_API extern const int wf_field_flow_dx[8];
WF_API extern const int wf_field_flow_dy[8];

/* ---- Influence layers ------------------------------------------------- */

/*
 * A layer is a float per cell, one concern per layer (distance to a target,
 * an enemy's view, ...), kept apart so each can be inspected and tuned, then
 * blended into one field that a search takes as a cost overlay
 * (wf_search_opts.overlay). Every layer function takes an optional
 * rectangle: with NULL it computes the whole layer; with a rectangle it
 * recomputes only the cells inside it, in time proportional to the area
 * touched. Moving a viewer or a source recomputes the union of its old and
 * new boxes (wf_field_rect_union, wf_field_viewer_box, wf_field_source_box), and the result
 * equals a full recomputation exactly.
 */

/** A rectangle of cells: x0 <= x < x1, y0 <= y < y1. */
typedef struct wf_rect {
    int x0, y0, x1, y1;
} wf_rect;

/** The smallest rectangle holding both (an empty one is ignored). */
WF_API wf_rect wf_field_rect_union(wf_rect a, wf_rect b);

/** How a source's influence falls off with distance d within radius r
 *  (0 beyond r), for strength s. */
typedef enum wf_falloff {
    WF_FALLOFF_LINEAR = 0, /**< s × (1 − d/r) */
    WF_FALLOFF_EXP,        /**< s × e^(−3d/r): 5 % of s at the radius */
    WF_FALLOFF_INV_SQUARE, /**< s / (1 + d²) */
    WF_FALLOFF_STEP        /**< s */
} wf_falloff;

/** The value of @p kind at distance @p d for radius @p r and strength
 *  @p s; 0 when d > r or d < 0. */
WF_API double wf_field_falloff_value(wf_falloff kind, double d, double r, double s);

/** A source of influence. */
typedef struct wf_influence_source {
    wf_point cell;
    double strength; /**< finite */
    double radius;   /**< finite, >= 0 */
} wf_influence_source;

/** How distance is measured for falloff layers. */
typedef enum wf_distance {
    WF_DISTANCE_STRAIGHT = 0, /**< between cell centres, through walls */
    WF_DISTANCE_PATH          /**< the cost of walking (a Dijkstra map) */
} wf_distance;

/** Options of wf_field_falloff_grid. */
typedef struct wf_falloff_opts {
    wf_falloff kind;        /**< default WF_FALLOFF_LINEAR */
    wf_distance distance;   /**< default WF_DISTANCE_STRAIGHT */
    wf_move move;           /**< path distance: the movement model */
    const wf_filter *filter; /**< path distance: the unit's filter, or
                                  NULL */
} wf_falloff_opts;
/** The defaults listed in wf_falloff_opts (the same as a zeroed struct). */
WF_API wf_falloff_opts wf_falloff_opts_default(void);

/** The cells source @p s can touch: its radius around its cell, clipped. */
WF_API wf_rect wf_field_source_box(const wf_grid *g, const wf_influence_source *s);

/**
 * Distance-falloff layer: out[c] = sum over sources of falloff(distance
 * from the source to c). Blocked cells get 0; with path distance, cells the
 * source cannot reach within its radius get 0. @p ws is used for path
 * distance only (may be NULL otherwise). With @p rect only its cells are
 * written. Errors: WF_E_INVALID_ARG, WF_E_RANGE (a source off the grid),
 * WF_E_NOMEM. Time: the area of the sources' boxes (× log for path).
 */
WF_API wf_status wf_field_falloff_grid(wf_search *ws, const wf_grid *g,
                                const wf_influence_source *src, size_t n,
                                const wf_falloff_opts *o, const wf_rect *rect,
                                float *out);

/** A source of influence on a graph node. */
typedef struct wf_node_source {
    uint32_t node;
    double strength; /**< finite */
    double radius;   /**< finite, >= 0 */
} wf_node_source;

/**
 * Distance-falloff layer on a graph: out[v] = sum over sources of
 * falloff(distance from the source to v), the distance being the
 * straight line between node positions (WF_DISTANCE_STRAIGHT; the graph
 * needs positions) or the least cost along the arcs (WF_DISTANCE_PATH,
 * a Dijkstra search stopped at the radius). @p o's movement model is
 * ignored. Views on graphs come from a grid layer through the cell ↔ node
 * mapping of wf_graph_from_grid, or from the caller (a custom layer).
 * Errors: WF_E_INVALID_ARG, WF_E_RANGE (no such node), WF_E_NOMEM.
 */
WF_API wf_status wf_field_falloff_graph(wf_search *ws, const wf_graph *g,
                                 const wf_node_source *src, size_t n,
                                 const wf_falloff_opts *o, float *out);

/** A viewer: what it sees is the visibility layer. */
typedef struct wf_viewer {
    wf_point cell;
    double facing;    /**< degrees; 0 looks along +x (east), 90 along +y
                           (south, down the map) */
    double fov;       /**< field of view in degrees, (0, 360] */
    double range;     /**< cells (distance between centres), >= 0 */
    int fade;         /**< 0: every visible cell 1; 1: 1 − d/range inside
                           the cone (1 at the viewer) */
} wf_viewer;

/** The cells a viewer can see at most: its range around it, clipped. */
WF_API wf_rect wf_field_viewer_box(const wf_grid *g, const wf_viewer *v);

/**
 * Visibility layer: out[c] = the viewer's value for c when c lies within
 * range and inside the cone (angle from the facing at most fov/2,
 * inclusive) and wf_grid_line_of_sight(viewer, c, move) holds; 0
 * otherwise. The viewer's own cell is visible. With @p rect only its cells
 * are written. Errors: WF_E_INVALID_ARG (bad viewer), WF_E_RANGE (viewer
 * off the grid). Time: cells in the box × range.
 */
WF_API wf_status wf_field_view_grid(const wf_grid *g, const wf_viewer *v,
                             wf_move move, const wf_rect *rect,
                             float *out);

/** Options of wf_field_blend. */
typedef struct wf_blend_opts {
    int normalise;  /**< divide by the sum of |weights| (layers in 0..1
                         then blend into 0..1) */
    int clamp;      /**< clamp the result to [lo, hi] */
    double lo, hi;
} wf_blend_opts;

/** Neither normalised nor clamped (a zeroed struct). */
WF_API wf_blend_opts wf_blend_opts_default(void);

/**
 * out[c] = Σ weights[i] × layers[i].values[c] over @p cells cells (each
 * layer must hold exactly @p cells values; or only the
 * cells of @p rect on a grid @p width wide; @p width is ignored without a
 * rect), then normalised and clamped as @p o says (NULL: neither). The
 * blend is itself a layer. Errors: WF_E_INVALID_ARG (NULL, a weight not
 * finite, a layer of another size, all weights 0 with normalise, lo > hi).
 */
WF_API wf_status wf_field_blend(const wf_layer *layers, const double *weights,
                         size_t n, size_t cells, int width,
                         const wf_blend_opts *o, const wf_rect *rect,
                         float *out);

#ifdef __cplusplus
}
#endif

#endif
