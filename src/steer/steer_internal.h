/* The steer layer's internals: the crowd's agents and scratch, the wall
 * index, the neighbour grid, the ORCA half-planes and the linear program
 * they feed. Not installed. */
#ifndef WF_STEER_INTERNAL_H
#define WF_STEER_INTERNAL_H

#include <math.h>

#include "wayfind/field.h"
#include "wayfind/steer.h"
#include "wf_core_private.h"

typedef wf_vec2 vec2;

static inline vec2 v2(double x, double y) { vec2 r = {x, y}; return r; }
static inline vec2 v2_add(vec2 a, vec2 b) { return v2(a.x + b.x, a.y + b.y); }
static inline vec2 v2_sub(vec2 a, vec2 b) { return v2(a.x - b.x, a.y - b.y); }
static inline vec2 v2_scale(vec2 a, double s) { return v2(a.x * s, a.y * s); }
static inline double v2_dot(vec2 a, vec2 b) { return a.x * b.x + a.y * b.y; }
/* a × b: > 0 when b lies to the left of a (counter-clockwise, y up). */
static inline double v2_cross(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }
static inline double v2_len2(vec2 a) { return v2_dot(a, a); }
static inline int v2_finite(vec2 a) { return isfinite(a.x) && isfinite(a.y); }

/* ---- the linear program (lp.c) ----------------------------------------- */

/* A half-plane of allowed velocities: the points left of the line through
 * p with unit direction d, cross(d, v - p) >= 0. */
typedef struct wf__hp {
    vec2 p, d;
} wf__hp;

/* The velocity in the disc of radius r that satisfies the first `hard`
 * lines exactly and, of the others, all of them when possible (then the
 * one nearest pref: 1) or else violates the worst of them least (2; with
 * proj NULL, out is then only a velocity within the hard lines). 0 when
 * the hard lines themselves leave nothing (out untouched). proj is
 * scratch for n lines. */
int wf__lp_solve(const wf__hp *lines, size_t n, size_t hard, double r,
                 vec2 pref, wf__hp *proj, vec2 *out);

/* ---- walls (walls.c) ----------------------------------------------------- */

typedef struct wf__wall {
    vec2 a, b;   /* free side: cross(b - a, p - a) > 0 */
    vec2 n;      /* unit normal toward the free side */
    double x0, y0, x1, y1; /* bounding box */
} wf__wall;

typedef struct wf__walls {
    wf__wall *w;
    size_t n, cap;
    /* buckets of side `side` over [ox, ox + bw·side) × [oy, ...): bucket k
     * lists walls ids[start[k] .. start[k + 1]) */
    double ox, oy, side;
    int bw, bh;
    uint32_t *start, *ids;
    size_t nids;
} wf__walls;

wf_status wf__walls_from_grid(wf__walls *ws, const wf_allocator *a,
                              const wf_grid *g);
wf_status wf__walls_append(wf__walls *ws, const wf_allocator *a, vec2 p,
                           vec2 q);
/* Rebuilds the buckets after walls were added. */
wf_status wf__walls_index(wf__walls *ws, const wf_allocator *a);
void wf__walls_free(wf__walls *ws, const wf_allocator *a);
/* Calls fn for each wall whose box meets [x0, x1] × [y0, y1], once each. */
typedef int (*wf__wall_fn)(void *ud, const wf__wall *w);
void wf__walls_near(const wf__walls *ws, double x0, double y0, double x1,
                    double y1, wf__wall_fn fn, void *ud);
/* Upper bound of the walls wf__walls_near visits for a box of side s. */
size_t wf__walls_bound(const wf__walls *ws, double s);
/* Does a disc of radius r swept from a to b touch a wall from its free
 * side (r = 0: does the segment cross one)? */
int wf__walls_block(const wf__walls *ws, vec2 a, vec2 b, double r);

/* ---- the crowd ----------------------------------------------------------- */

/* An agent. Its fields fall in three groups, in this order: what other
 * agents read during a step (changed only by the move, or between steps);
 * what the agent's own worker writes during a step; what only its own
 * worker reads. The first group is packed in the front 120 bytes, so
 * reading a neighbour touches two or three cache lines (this order made a
 * step 2-6 % faster at 1,000 to 50,000 agents on 2 threads, against the
 * fields in the order they were added). */
typedef struct wf__agent {
    /* read by other agents during a step */
    vec2 pos, vel, pref, goal;
    double radius, max_speed, max_accel, weight;
    uint32_t gen;        /* 0: the slot is free */
    uint32_t group;      /* wf_crowd_assign_goals' group, 0 for none */
    uint32_t swapped;    /* 1 + the slot it last swapped goals with since
                            it last arrived, or 0 */
    uint32_t rest;       /* steps before it may swap goals again */
    uint32_t held;       /* since, as of the last move: what other agents
                            read during a step (orca.c: knots) */
    uint8_t mode, arrived;
    /* written by the agent's own worker during a step */
    vec2 vnew;           /* the new velocity a step computed */
    vec2 pref_next;      /* the preferred velocity a step computed, made
                            pref at the move (others read pref meanwhile) */
    double best;         /* nearest it came to its goal, */
    uint32_t since;      /* steps ago (prefer.c; counted during a step) */
    uint32_t swap;       /* 1 + the slot it offers to swap goals with */
    size_t path_at;      /* PATH: the point it heads for */
    uint8_t replan;      /* set by a step, done at its commit */
    uint8_t sight;       /* FLOW: goal in sight when last looked (prefer.c) */
    /* read by its own worker only */
    uint32_t gen_next;   /* the generation of the slot's next agent */
    unsigned replans;
    long arrived_step;
    const int8_t *flow;  /* FLOW */
    vec2 *path;          /* PATH: owned points */
    size_t path_n, path_cap;
} wf__agent;

#define WF__MARK_SWAP 1    /* offered a swap of goals (velocity pass) */
#define WF__MARK_ARRIVED 2 /* in its place (move pass) */
#define WF__MARK_REPLAN 4  /* asked for a path (move pass) */

/* One worker's scratch for a step. */
typedef struct wf__scratch {
    wf__hp *lines, *proj;
    size_t cap;           /* lines */
    uint32_t *nb;         /* neighbour slots */
    double *nd;           /* their squared distances */
} wf__scratch;

struct wf_crowd {
    wf_allocator alloc;
    wf_crowd_opts o;
    wf__agent *ag;
    size_t n_slots, cap, live, arrived;
    /* each slot's WF__MARK_* bits of this step (0 for a free slot): what
     * the one-thread work between passes reads instead of the agents */
    uint8_t *mark;
    size_t mark_cap;
    uint32_t groups;      /* groups made so far */
    double lim_r, lim_s;  /* the largest radius and top speed (step.c) */
    int lim_stale;        /* an agent was removed since they were found */
    uint32_t *free_slots;
    size_t n_free, free_cap;
    long steps;
    wf__walls walls;
    /* the neighbour grid of a step: agents sorted by bucket */
    double hinv;          /* 1 / the cell side */
    size_t hbuckets;      /* a power of 2 */
    uint32_t *hstart, *horder, *hcell; /* hcell: each slot's bucket, or
                                          WF__NO_CELL for a free slot */
    vec2 *hpos;           /* the positions of horder's agents */
    vec2 *spos;           /* each live slot's position, as hashed */
    size_t hpos_cap, spos_cap;
    size_t hcells_cap, horder_cap, hcell_cap;
    double range;         /* neighbour distance of this step */
    double wall_range_max;
    void (*per_agent)(struct wf_crowd *, size_t, struct wf__scratch *);
    wf__scratch *scr;
    int n_scr;
    wf_search *ws;        /* PATH re-planning on the grid */
    wf_grid *jam;         /* the grid with held agents' cells shut */
    wf_mesh_query *mq;    /* PATH re-planning on the mesh */
};

/* An agent that has come no nearer its goal for this many steps is held
 * (prefer.c asks for a new path; replan.c then plans round the jam). */
#define WF__STALL_STEPS 50
/* A path's first room: most re-planned paths fit without growing. */
#define WF__PATH_MIN_CAP 64
/* Room for n points in a's path, its points kept (at least
 * WF__PATH_MIN_CAP when it grows): 0 without memory (agents.c). */
int wf__agent_path_room(wf_crowd *c, wf__agent *a, size_t n);
/* The neighbour of the same group agent a would best swap goals with:
 * 1 + its slot, or 0 (orca.c). */
uint32_t wf__crowd_swap_offer(const wf_crowd *c, const wf__agent *a,
                              const uint32_t *nb, size_t nn);
/* The new velocity of agent slot i from the state of the last step, into
 * its vnew (orca.c). */
void wf__crowd_agent_velocity(wf_crowd *c, size_t i, wf__scratch *s);
/* The preferred velocity of agent a (prefer.c). */
vec2 wf__crowd_preferred(const wf_crowd *c, wf__agent *a);
/* Agent a (FLOW) leaves its field for a path of its own to its goal
 * (replan.c). */
void wf__crowd_flow_to_path(wf_crowd *c, wf__agent *a);
/* Re-plans agent a's path on the mesh, else the grid (replan.c). */
void wf__crowd_replan(wf_crowd *c, wf__agent *a);
/* The neighbour grid over the live agents (neighbours.c): its extent and
 * room, then each agent's cell (any worker), then the agents sorted by
 * cell, by slot within a cell (one thread). */
wf_status wf__crowd_hash_begin(wf_crowd *c);
#define WF__NO_CELL UINT32_MAX
/* The buckets and positions of slots from .. to - 1 (free ones marked
 * WF__NO_CELL), for wf__crowd_hash_sort; chunks may run on any worker. */
void wf__crowd_hash_cells(wf_crowd *c, size_t from, size_t to);
void wf__crowd_hash_sort(wf_crowd *c);
/* The up to max_neighbours nearest live agents of slot i within the
 * step's range, nearest first (ties by slot): their count. */
size_t wf__crowd_neighbours(const wf_crowd *c, size_t i, uint32_t *nb,
                            double *nd);
/* The agent of handle id, or NULL. */
wf__agent *wf__crowd_find(const wf_crowd *c, wf_agent_id id);

#endif
