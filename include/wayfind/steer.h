/**
 * @file steer.h
 * wayfind steer: units that move continuously. A wf_crowd is a world of
 * agents in the plane (cell units, as polyline.h: cell (x, y) is the
 * square [x, x + 1] × [y, y + 1]), each a disc with a position, a
 * velocity, a radius, a top speed and acceleration and an avoidance
 * weight, stepping by a fixed time step. Each step every agent picks the
 * velocity nearest the one it prefers (toward its goal, along its path or
 * flow field, or given) that keeps it clear of its neighbours and of the
 * walls for a while: optimal reciprocal collision avoidance (ORCA), each
 * neighbour and wall a half-plane of allowed velocities, solved as a
 * small linear program over the disc of reachable speeds; when the
 * half-planes of the neighbours leave nothing, the velocity that violates
 * them least is taken instead. That never lets two agents touch: beside
 * the ORCA half-planes, which may give, every agent keeps hard ones that
 * forbid closing more than half the gap to any neighbour within one step
 * (and approaching a wall), which standing still always keeps; agents and
 * walls are avoided with a margin (WF_CROWD_MARGIN) so that what gives
 * stays outside the agents. An agent with a neighbour standing in its way
 * turns partly right, so that head-on jams (a ring of agents crossing to
 * the antipodes) turn into roundabouts, and agents held in a knot for 20
 * steps (none nearer its goal, all pressing on each other) turn further
 * right together until it unwinds; where a wall leaves no room to turn
 * (a doorway), or when one of two held agents pressing on each other is
 * near its goal, one of them backs away from the other (the one with
 * room to, else the one further behind, else the one that has waited
 * less). An agent in its place steps aside for one that wants to
 * walk into it (from further off when that one is held against a wall),
 * then goes back; agents of one group (wf_crowd_assign_goals) that pass
 * each other's goals swap them, then rest from swapping for 30 steps. An
 * agent held for 50 steps re-plans (PATH; FLOW agents leave their field
 * for a path of their own, as they do at the field's end when their goal
 * is not in sight there); on a grid its new path goes round the slow
 * agents ahead when there is a way (it keeps a copy of the grid for
 * that, made at the first such re-plan).
 *
 * Determinism: a step computes every agent's new velocity from the state
 * of the previous step only, then commits them all; the per-agent work
 * is pure and ordered (neighbours by distance, then by slot), so the same
 * calls give bit-identical trajectories whatever the pool's thread count
 * and however its items are shared out, on gcc and clang (the build's
 * -ffp-contract=off, sqrt and no other libm call in a step).
 *
 * Walls: wf_crowd_opts.grid makes every blocked cell (and everything off
 * the grid) a wall, as the boundary between blocked and free cells merged
 * into maximal straight runs; wf_crowd_add_walls adds any segments (a
 * navigation mesh's boundary edges, wf_crowd_add_mesh_walls). A wall is
 * one-sided: it stops agents on its free side.
 *
 * Bad input and recovery: an agent with a radius, speed or weight that is
 * not finite and > 0 (the acceleration may be INFINITY), a NaN or
 * infinite coordinate, or (with a grid) its centre in a blocked cell or
 * off the grid is refused with WF_E_INVALID_ARG or WF_E_RANGE. Agents
 * that overlap each other or a wall are allowed: they are pushed apart
 * (out) over the next steps, at up to their top speed; when the space
 * cannot hold them all they stay overlapped rather than pass through
 * walls. A step never moves a centre across a wall, and never writes a
 * NaN or infinite value into the state.
 *
 * Threads: one crowd may not be used from two threads at once; a step may
 * use a wf_pool (search.h) to share its agents among its workers.
 */
#ifndef WAYFIND_STEER_H
#define WAYFIND_STEER_H

#include "core.h"
#include "mesh.h"
#include "polyline.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Agents avoid each other and the walls as discs larger than they are
 *  by this fraction of their radius: when a jam leaves no velocity that
 *  clears every neighbour, the least violation that is taken instead eats
 *  into the margin, not into the agents. */
#define WF_CROWD_MARGIN 0.03

/** A crowd of agents (opaque). */
typedef struct wf_crowd wf_crowd;

/** A stable handle of an agent: never 0, never reused for another agent
 *  of the same crowd while that crowd lives (2^32 reuses of a slot). */
typedef uint64_t wf_agent_id;

/** What an agent steers by. */
typedef enum wf_steer_mode {
    WF_STEER_VELOCITY = 0, /**< a preferred velocity given by the caller */
    WF_STEER_GOAL = 1,     /**< straight to a goal point; arrive and stop */
    WF_STEER_FLOW = 2,     /**< down a flow field, then to its goal */
    WF_STEER_PATH = 3      /**< along a polyline, then arrive at its end */
} wf_steer_mode;

/** The crowd's settings, fixed when it is made. */
typedef struct wf_crowd_opts {
    double dt;            /**< time step, seconds, finite and > 0 (0.1) */
    double time_horizon;  /**< how far ahead agents avoid each other, s (2) */
    double wall_horizon;  /**< how far ahead agents avoid walls, s (0.5);
                               below dt it counts as dt */
    double neighbour_dist; /**< how far agents look for neighbours, cells;
                                0 (default): 2 × (r + speed × time_horizon)
                                of the largest and fastest agent */
    int max_neighbours;   /**< at most this many nearest neighbours within
                               neighbour_dist are avoided (64), 1 to 1024:
                               a safety cap; a cap below the neighbours
                               that can touch within a step (6 for equal
                               radii) loses the no-touch guarantee */
    double arrive_dist;   /**< an agent within this of its goal has
                               arrived (0.05) */
    double yield_weight;  /**< factor on the weight of arrived agents, in
                               (0, 1]: they move aside for others (0.1) */
    double look_ahead;    /**< PATH: how far along its path an agent aims,
                               cells (2); FLOW: how near its goal an agent
                               must be, in sight, to leave the field for it
                               (8 × look_ahead) */
    double replan_dist;   /**< PATH: an agent further than this from its
                               path re-plans to the path's end on the mesh
                               (its shortest path) or else the grid
                               (any-angle); 0 for never (2). Without
                               either, agents never re-plan. */
    const wf_grid *grid;  /**< walls: its blocked cells and its border;
                               NULL for none. Read, never written; must
                               outlive the crowd and not change. */
    const wf_mesh *mesh;  /**< where PATH agents re-plan (wf_mesh_path):
                               NULL (default) for the grid. Preferred to
                               the grid when both are set (then FLOW
                               agents leaving their field plan on it
                               too). It makes no walls (for those,
                               wf_crowd_add_mesh_walls, on this mesh or
                               another: one made for the agents' radius
                               keeps new paths off the walls). Read,
                               never written; must outlive the crowd and
                               not change while the crowd uses it. */
} wf_crowd_opts;

/** The defaults above. A zeroed struct also means them, member by member. */
WF_API wf_crowd_opts wf_crowd_opts_default(void);

/** One agent as it is added. */
typedef struct wf_agent_opts {
    wf_vec2 position;  /**< centre, cells */
    wf_vec2 velocity;  /**< initial velocity, cells/s */
    double radius;     /**< > 0 (0.4) */
    double max_speed;  /**< > 0 (1 cell/s) */
    double max_accel;  /**< > 0, INFINITY for none (the default) */
    double weight;     /**< avoidance weight > 0 (1): of two agents, each
                            takes the share w_other / (w_self + w_other) of
                            their avoidance */
} wf_agent_opts;

/** The defaults above, at the origin, at rest. */
WF_API wf_agent_opts wf_agent_opts_default(void);

/** An agent's state as wf_crowd_get reports it. */
typedef struct wf_agent_state {
    wf_vec2 position;
    wf_vec2 velocity;
    wf_vec2 preferred; /**< the velocity it wanted in the last step */
    wf_vec2 goal;      /**< GOAL, FLOW, PATH: where it goes */
    double radius, max_speed, max_accel, weight;
    wf_steer_mode mode;
    int arrived;       /**< 1 while within arrive_dist of its goal */
    long arrived_step; /**< the step it first arrived at, -1 if never */
    unsigned replans;  /**< PATH: how often it re-planned */
} wf_agent_state;

/**
 * Makes an empty crowd with @p opts (NULL: defaults) and @p alloc (NULL:
 * malloc). With a grid, its walls are extracted now: O(cells).
 * Errors: WF_E_INVALID_ARG (NULL out, an option out of its range, NaN),
 * WF_E_NOMEM.
 */
WF_API wf_status wf_crowd_create(const wf_crowd_opts *opts,
                                 const wf_allocator *alloc, wf_crowd **out);
/** Frees @p c; NULL is a no-op. */
WF_API void wf_crowd_destroy(wf_crowd *c);

/**
 * Adds @p n walls: segment i from ends[2i] to ends[2i + 1], stopping
 * agents on its left (where (b − a) × (p − a) > 0 with y down, as the
 * grid's own walls are made). Coordinates finite; zero-length segments
 * are refused. Errors: WF_E_INVALID_ARG, WF_E_NOMEM. Rebuilds the wall
 * index: O(walls).
 */
WF_API wf_status wf_crowd_add_walls(wf_crowd *c, const wf_vec2 *ends,
                                    size_t n);

/**
 * Adds the boundary edges of @p m (edges with no polygon beyond them) as
 * walls, so agents keep to the mesh. Errors: as wf_crowd_add_walls.
 */
WF_API wf_status wf_crowd_add_mesh_walls(wf_crowd *c, const wf_mesh *m);

/**
 * Adds an agent steering by WF_STEER_VELOCITY with preferred velocity 0
 * (it stays, avoiding others) and writes its handle to @p *id.
 * Errors: WF_E_INVALID_ARG (NULL, a bad field: see the file comment),
 * WF_E_RANGE (with a grid: its centre off the grid or in a blocked cell),
 * WF_E_TOO_BIG (2^32 − 1 agents), WF_E_NOMEM. Amortised O(1).
 */
WF_API wf_status wf_crowd_add(wf_crowd *c, const wf_agent_opts *a,
                              wf_agent_id *id);
/** Removes an agent; its handle becomes invalid. WF_E_INVALID_ARG for an
 *  unknown handle. O(1). */
WF_API wf_status wf_crowd_remove(wf_crowd *c, wf_agent_id id);
/** Agents in the crowd (0 for NULL). */
WF_API size_t wf_crowd_count(const wf_crowd *c);
/** The steps taken so far (0 for NULL). */
WF_API long wf_crowd_steps(const wf_crowd *c);
/** Agents that are within arrive_dist of their goal now (0 for NULL). */
WF_API size_t wf_crowd_arrived(const wf_crowd *c);

/** WF_STEER_VELOCITY: prefer @p v (finite; faster than the agent's top
 *  speed is cut to it). Errors: WF_E_INVALID_ARG. */
WF_API wf_status wf_crowd_set_velocity(wf_crowd *c, wf_agent_id id,
                                       wf_vec2 v);
/** WF_STEER_GOAL: go straight to @p goal (finite), slowing so as to stop
 *  on it. Errors: WF_E_INVALID_ARG. */
WF_API wf_status wf_crowd_set_goal(wf_crowd *c, wf_agent_id id,
                                   wf_vec2 goal);
/**
 * WF_STEER_FLOW: walk down the flow field @p dirs (one wf_field_flow_grid
 * direction per cell of the crowd's grid, which it must have; kept by
 * pointer, caller-owned, must outlive its use) toward the centre of the
 * next cell, and leave it for @p goal once that is near and in sight (or
 * the field has no step). When the goal is near but out of sight (the
 * field leads to another place, such as the middle of a group's goals),
 * the field ends (here or at the next cell) short of it, or the agent has
 * come no nearer it for 50 steps (in sight or not), the agent plans a
 * path of its own to it (on opts.mesh when set, else any-angle on the
 * grid, round the slow agents in its way when it was held and there is a
 * way) and goes over to WF_STEER_PATH.
 * Errors: WF_E_INVALID_ARG (no grid, NULL, goal not finite).
 */
WF_API wf_status wf_crowd_set_flow(wf_crowd *c, wf_agent_id id,
                                   const int8_t *dirs, wf_vec2 goal);
/**
 * WF_STEER_PATH: follow the polyline @p pts (n ≥ 1 finite points, copied)
 * aiming look_ahead along it beyond the nearest point; arrive at its
 * last point. Pushed further than replan_dist off it, or come no nearer
 * its end for 50 steps (held at a corner the path cuts too close for its
 * radius, say), an agent plans a new path from where it is to the last
 * point: with opts.mesh the mesh's shortest path (from the mesh's
 * nearest point when the agent or the last point is off it), else with a
 * grid an any-angle path from its cell (when held, round the slow agents
 * in its way if there is a way); without either, or with
 * replan_dist 0, never. A plan that fails (no path, no memory) keeps the
 * old path. In a crowd without a grid, a corner it aims at while the
 * point look_ahead along the path is out of sight is moved out of the
 * path's turn by its radius, so that a path for a point (a mesh's,
 * bending on the mesh's corners) is followed round them rather than into
 * the wall beside them.
 * Errors: WF_E_INVALID_ARG, WF_E_NOMEM.
 */
WF_API wf_status wf_crowd_set_path(wf_crowd *c, wf_agent_id id,
                                   const wf_vec2 *pts, size_t n);

/**
 * Gives the @p n agents @p ids the @p n goals @p goals (GOAL mode, or the
 * goal of FLOW mode for agents in it) so that a group heading for packed
 * places does not stall: agents in order of nearness to the goals' place
 * each take the goal left that is nearest where they enter it (FLOW
 * agents: where their field takes them into it; others: where they are),
 * goals deeper in the place counting in their favour, so that agents
 * arriving first stop deep on their own side and later ones short of
 * them. "Nearest" and "deep" are by @p dist (a value per cell of the
 * crowd's grid, such as the Dijkstra map the flow field was made from,
 * sampled at each agent and goal; NULL: when the agents all come from
 * outside the goals' place, how far short of the goals' mean along the
 * way from the agents' mean, so the far side is deep; else the
 * straight-line distance to the goals' mean). O(n^2) up to 4096 agents; larger groups pair agents and
 * goals by rank of nearness alone, O(n log n). The agents form a group:
 * from then on, two of them that would together be nearer their goals by
 * swapping them (by the sum of squared distances; by a clear margin when
 * one is in its place) swap them as they meet, so that none has to pass
 * through the others to reach its place; a later order for one agent
 * (wf_crowd_set_goal, ...) takes it out of the group. FLOW agents that go
 * over to paths (wf_crowd_set_flow) stay in it but swap no more.
 * Errors: WF_E_INVALID_ARG (NULL, an unknown or repeated handle, a goal
 * not finite), WF_E_NOMEM.
 */
WF_API wf_status wf_crowd_assign_goals(wf_crowd *c, const wf_agent_id *ids,
                                       const wf_vec2 *goals, size_t n,
                                       const float *dist);

/**
 * Advances the crowd one time step: preferred velocities, neighbours,
 * ORCA, then all agents move at once. With @p pool (NULL: the calling
 * thread alone) the agents are shared among its workers; the result is
 * the same. Errors: WF_E_INVALID_ARG (NULL crowd), WF_E_NOMEM (nothing
 * moved). Near-linear: O(agents × (neighbours + walls near each)).
 */
WF_API wf_status wf_crowd_step(wf_crowd *c, wf_pool *pool);

/** The state of agent @p id. Errors: WF_E_INVALID_ARG. */
WF_API wf_status wf_crowd_get(const wf_crowd *c, wf_agent_id id,
                              wf_agent_state *out);

/**
 * Copies up to @p cap agents, in handle-slot order (stable between steps
 * while no agent is added or removed): handles, positions and velocities
 * into the arrays that are not NULL. Returns how many agents there are
 * (may exceed @p cap). 0 for NULL @p c.
 */
WF_API size_t wf_crowd_export(const wf_crowd *c, wf_agent_id *ids,
                              wf_vec2 *pos, wf_vec2 *vel, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
