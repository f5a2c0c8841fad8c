/*
 * wayfind plan: many agents over time. A team of agents on one grid, each
 * with a start and a goal, planned together so that no two ever collide:
 * cooperative planning (WHCA*, CBS) and crowds on shared fields.
 *
 * Time is discrete: at each step every agent makes one move of the
 * movement model (one of the 8, or 4, neighbours) or waits. A timed path
 * lists the agent's cell at steps 0, 1, 2, ...; after its last step the
 * agent stays on its last cell (its goal) for ever, and keeps occupying it.
 *
 * The collision rule, exactly: an agent of size k is the k x k square
 * whose top-left cell is its cell; during a step it moves in a straight
 * line at constant speed from its square at step t to its square at step
 * t + 1. Two agents collide when their squares' interiors overlap at any
 * moment of a step, its ends included. For agents of size 1 that forbids,
 * among others: two agents on one cell at one step; two agents swapping
 * cells in one step; two diagonal moves crossing each other in one 2 x 2
 * block in the same step ((x, y) -> (x+1, y+1) with (x+1, y) -> (x, y+1));
 * a diagonal move past an agent standing beside it ((x, y) -> (x+1, y+1)
 * while another agent waits on (x+1, y) or on (x, y+1): the mover's square
 * cuts into its neighbour's halfway); and a diagonal move into the cell an
 * agent leaves towards the mover's starting cell ((x, y) -> (x+1, y+1)
 * with (x+1, y) -> (x, y)). wf_team_collide decides any one case exactly,
 * in integers. Following
 * (moving into the cell another agent leaves the same step, in the same
 * direction) is allowed. The rule holds whatever the corner rule of the
 * movement model, which only decides which moves past walls are allowed.
 *
 * Cost: a move costs what the grid search charges (step x the cost of the
 * cell entered, x the filter's multiplier); a wait costs the wait cost of
 * the options; an agent's cost is the sum of its path's moves and waits
 * up to its last step (waiting on its goal after that is free). The sum
 * of costs is the sum over agents; the makespan the longest path's steps.
 *
 * Part of the plan layer: uses core and field.
 */
#ifndef WAYFIND_PLAN_H
#define WAYFIND_PLAN_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One agent of a team: where it starts and where it goes. */
typedef struct wf_agent {
    wf_point start;
    wf_point goal;
} wf_agent;

/**
 * The timed paths of a team. Agent i's path is cells[offset[i]] ..
 * cells[offset[i + 1] - 1]: its cell at steps 0, 1, ... (a wait repeats
 * the cell); it starts on its start and ends on its goal. Initialise with
 * wf_team_plan_init, release with wf_team_plan_free; buffers are reused
 * by the next plan into it.
 */
typedef struct wf_team_plan {
    size_t agents;       /**< agents planned */
    wf_point *cells;     /**< every path, back to back */
    size_t *offset;      /**< agents + 1 offsets into cells */
    size_t cells_cap;
    size_t offset_cap;
    double sum_of_costs; /**< the sum over agents of their path's cost */
    uint32_t makespan;   /**< steps of the longest path (its cells - 1) */
    uint64_t expanded;   /**< search nodes expanded, all agents and windows */
    uint64_t nodes;      /**< CBS: constraint-tree nodes expanded; else 0 */
    size_t pushed;       /**< paths appended so far (wf_team_plan_push) */
    wf_allocator alloc;
} wf_team_plan;

/** An empty plan using @p alloc (NULL: malloc). */
WF_API void wf_team_plan_init(wf_team_plan *p, const wf_allocator *alloc);
/** Frees the buffers and empties @p p; NULL is a no-op. */
WF_API void wf_team_plan_free(wf_team_plan *p);
/** The number of cells of agent @p i's path (0 when out of range or not
 *  yet appended). */
WF_API size_t wf_team_plan_length(const wf_team_plan *p, size_t i);
/** Agent @p i's cell at step @p t: the last cell once its path is over;
 *  {-1, -1} when @p i is out of range or the path is empty. */
WF_API wf_point wf_team_plan_at(const wf_team_plan *p, size_t i, uint32_t t);

/**
 * Empties @p p and sizes it for @p agents paths; paths are then appended
 * with wf_team_plan_push, one per agent in order. For planners and for
 * callers that build or load plans to check them. Errors:
 * WF_E_INVALID_ARG, WF_E_NOMEM, WF_E_TOO_BIG.
 */
WF_API wf_status wf_team_plan_reset(wf_team_plan *p, size_t agents);
/** Appends the next agent's path of @p n cells (copied). Errors:
 *  WF_E_INVALID_ARG (NULL, n 0, more paths than agents), WF_E_NOMEM. */
WF_API wf_status wf_team_plan_push(wf_team_plan *p, const wf_point *cells,
                                   size_t n);

/** What wf_team_check found wrong (kind WF_TEAM_OK: nothing). */
typedef enum wf_team_fault {
    WF_TEAM_OK = 0,
    WF_TEAM_BAD_ENDS,   /**< a path that does not start on its agent's
                             start or end on its goal */
    WF_TEAM_BAD_MOVE,   /**< a step the movement model does not allow for
                             the agent (a wall, a corner, a jump) */
    WF_TEAM_COLLISION   /**< two agents collide (see the rule above) */
} wf_team_fault;

/** A fault of a team plan: which agents, at which step (the step from t
 *  to t + 1 for moves and collisions during a step). */
typedef struct wf_team_fault_info {
    wf_team_fault kind;
    size_t a, b;         /**< the agents (b = a when one agent's fault) */
    uint32_t t;
} wf_team_fault_info;

/**
 * Checks @p p for the team @p agents (@p n of them) on @p g under @p move
 * and @p filter (NULL: none): every path from its start to its goal by
 * allowed moves and waits, and no two agents colliding at any step (an
 * agent stays on its goal after its path ends). Recomputes the sum of
 * costs with @p wait_cost (> 0; 0 means the grid's smallest terrain cost
 * under the filter) into *sum (may be NULL). Returns WF_OK with
 * fault->kind WF_TEAM_OK when the plan is sound, WF_E_UNSATISFIABLE with
 * the first fault found (the earliest step, then the lowest agents) in
 * @p fault (may be NULL); errors: WF_E_INVALID_ARG (NULL, a plan for
 * another number of agents, a bad movement model). O(total cells ×
 * agents) in the worst case; it sorts agents into cells per step.
 */
WF_API wf_status wf_team_check(const wf_grid *g, const wf_agent *agents,
                               size_t n, const wf_team_plan *p,
                               wf_move move, const wf_filter *filter,
                               double wait_cost, double *sum,
                               wf_team_fault_info *fault);

/**
 * 1 when agents of sizes @p ka and @p kb, moving during one step from
 * @p a0 to @p a1 and from @p b0 to @p b1 (each a move of at most one cell
 * each way, or a wait), collide under the rule above. Exact: decided in
 * integers. 0 for nonsense input (a move longer than one cell).
 */
WF_API int wf_team_collide(wf_point a0, wf_point a1, int ka, wf_point b0,
                           wf_point b1, int kb);

/* ---- planning a team ---------------------------------------------------- */

/** How a team is planned. */
typedef enum wf_team_algo {
    /** Windowed Hierarchical Cooperative A* (Silver 2005): agents in
     *  priority order, each planned in space and time against the cells
     *  the earlier ones reserved, a window of opts.window steps at a
     *  time, re-planned every window / 2 steps, guided by its true
     *  distance to its goal (a reverse search kept per agent). The order:
     *  agents away from their goals before those parked on theirs (which
     *  may have to step aside), each group by index rotated by one every
     *  window, so no agent always yields. Fast, not optimal, and it may
     *  fail where a plan exists: a jam that never clears gives up early
     *  (see wf_team_plan_grid). */
    WF_TEAM_WHCA = 0,
    /** Conflict-Based Search (Sharon et al. 2015): the least sum of costs
     *  over all collision-free plans; for small teams (up to about 20
     *  agents), within opts.max_nodes constraint-tree nodes. */
    WF_TEAM_CBS = 1,
    /** A crowd on shared fields: one Dijkstra map per group of goals near
     *  each other (and a small map per agent over its group's box, for
     *  the last cells), each agent stepping down its goal's field,
     *  waiting or side-stepping when its next cell is taken at that step;
     *  out->expanded counts the cells the maps settled. An agent on its
     *  goal stays there, so goals packed so tightly that early arrivals
     *  wall later ones off stall (WF_E_UNSATISFIABLE, with how many
     *  arrived); goals with a free cell between them fare far better.
     *  For many agents and few goal regions; no optimality claim. */
    WF_TEAM_FIELD = 2
} wf_team_algo;

/** The names of wf_team_algo's values, X(value, "name"), as names.h has
 *  them for core's enums. */
#define WF_TEAM_ALGO_NAMES(X)                                                  \
    X(WF_TEAM_WHCA, "whca")                                                    \
    X(WF_TEAM_CBS, "cbs")                                                      \
    X(WF_TEAM_FIELD, "field")
/** "whca", "cbs" or "field"; NULL for another value. */
WF_API const char *wf_team_algo_name(wf_team_algo a);
/** The planner named @p name into *out: WF_OK, or WF_E_INVALID_ARG
 *  (unknown name, or NULL). */
WF_API wf_status wf_team_algo_parse(const char *name, wf_team_algo *out);

/** Options of a team plan; a zeroed struct or wf_team_opts_default()
 *  gives the defaults. */
typedef struct wf_team_opts {
    wf_team_algo algo;       /**< default WF_TEAM_WHCA */
    wf_move move;            /**< default 8-connected, no-cut, size 1 */
    const wf_filter *filter; /**< per-unit terrain multipliers; NULL: none */
    double wait_cost;        /**< > 0, finite; 0: the grid's smallest
                                  terrain cost under the filter */
    int window;              /**< WHCA*: steps planned ahead, >= 2; 0: 16 */
    uint32_t max_steps;      /**< no path longer than this many steps; 0:
                                  a bound from the map (4 × its passable
                                  cells, at least 1024) */
    uint64_t max_nodes;      /**< CBS: constraint-tree nodes at most; 0:
                                  100000 */
    wf_layer overlay;        /**< FIELD: a cost overlay (an influence
                                  layer: the guard's cone), as in
                                  wf_search_opts */
    double overlay_k;        /**< FIELD: its weight, finite, >= 0 */
    double cutoff;           /**< FIELD: fields only up to this cost from
                                  their goal (agents beyond wait); 0: none */
} wf_team_opts;

/** The defaults listed in wf_team_opts (the same as a zeroed struct). */
WF_API wf_team_opts wf_team_opts_default(void);

/**
 * A team workspace: the memory the planners keep between calls (distance
 * maps, reservation tables, search nodes), reused. One per thread; the
 * grid is only read.
 */
typedef struct wf_team wf_team;

/** Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_team_create(const wf_allocator *alloc, wf_team **out);
/** Frees @p t; NULL is a no-op. */
WF_API void wf_team_destroy(wf_team *t);
/** Why the last wf_team_plan_grid on @p t failed or gave up ("" when it did
 *  not); owned by @p t; never NULL. */
WF_API const char *wf_team_message(const wf_team *t);

/**
 * Plans the @p n agents of @p agents on @p g together with @p opts (NULL:
 * defaults) into @p out: collision-free timed paths (wf_team_check holds)
 * from every start to every goal. Deterministic: the same input gives the
 * same plan on every platform.
 *
 * Returns WF_OK; WF_E_UNSATISFIABLE when the request cannot be met, with
 * the reason in wf_team_message: a start or goal the agent cannot stand
 * on, two agents with the same start or the same goal (or squares that
 * overlap there), a goal out of its agent's reach, more agents than the
 * map holds, or the planner giving up: WHCA* past max_steps or stalled (the
 * agents' total true distance to their goals not lower than its best for
 * 2 × (width + height) + 8 × window steps: a jam), CBS past max_nodes, the
 * field crowd stalled; errors: WF_E_INVALID_ARG (NULL, a bad option), WF_E_RANGE
 * (a start or goal off the grid), WF_E_NOMEM.
 */
WF_API wf_status wf_team_plan_grid(wf_team *t, const wf_grid *g,
                                   const wf_agent *agents, size_t n,
                                   const wf_team_opts *opts,
                                   wf_team_plan *out);

#ifdef __cplusplus
}
#endif

#endif
