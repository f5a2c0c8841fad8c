/* Conflict-Based Search's parts (cbs.c: the constraint tree; cbs_low.c: the
 * per-agent distances and the space-time A*; cbs_conflict.c: collisions
 * between paths). For those files only. */
#ifndef WF_CBS_INTERNAL_H
#define WF_CBS_INTERNAL_H

#include "plan_internal.h"

#define WF__CBS_NONE UINT32_MAX
/* Collisions of a node tried for a cardinal one (cbs.c) */
#define WF__CBS_PROBES 8

/* A constraint on one agent. Vertex (from == WF__CBS_NONE): the agent's
 * square may not cover cell `to` at time t (for size 1: it may not be on
 * it). Step: it may not move (or wait, from == to) from `from` to `to`
 * during the step from t to t + 1. */
typedef struct wf__cbs_con {
    uint32_t agent, from, to, t;
} wf__cbs_con;

/* Does the square of the job's unit on cell p cover cell c? */
WF_INLINE int wf__cbs_covers(const wf__team_job *j, uint32_t p, uint32_t c) {
    const uint32_t W = (uint32_t)j->g->width, k = j->unit.k;
    return c % W - p % W < k && c / W - p / W < k; /* unsigned: c >= p */
}

/* One space-time state of the low-level search. */
typedef struct wf__cbs_state {
    uint32_t cell, t, parent;
    uint32_t closed;
    double g;
    uint32_t nc; /* steps on the way that collide with other agents */
} wf__cbs_state;

/* A constraint-tree node: one agent's new path under one more
 * constraint; the other paths and constraints are its ancestors'. The
 * first n nodes hold the agents' first paths in a chain, node n - 1 being
 * the root of the tree. */
typedef struct wf__cbs_node {
    double cost;        /* the sum of costs of the node's paths */
    double path_cost;   /* the cost of its own path */
    size_t off;         /* its path in the pool */
    uint32_t len;
    uint32_t agent;     /* whose path it is */
    uint32_t parent;    /* WF__CBS_NONE for the first */
    uint32_t conflicts; /* pairs of agents whose paths collide */
    wf__cbs_con con;    /* the constraint added; con.agent NONE: none */
} wf__cbs_node;

/* The workspace, kept in the team between calls and grown as needed. */
struct wf__cbs {
    /* the constraint tree: nodes, their paths, the open list */
    wf__cbs_node *node;
    size_t node_n, node_cap;
    uint32_t *pool;
    size_t pool_n, pool_cap;
    wf__team_heap tree;
    /* a node's paths gathered per agent, and one agent's constraints */
    const uint32_t **cur;
    size_t cur_cap;
    uint32_t *cur_len;
    size_t len_cap;
    size_t *cur_off;
    size_t off_cap;
    uint32_t *seen; /* the node whose walk last gave the agent a path */
    size_t seen_cap;
    wf__cbs_con *cons;
    size_t cons_cap;
    wf_point *pts;
    size_t pts_cap;
    /* per agent: its distance to its goal on every cell (n × cells) */
    double *h;
    size_t h_cap;
    /* the low-level search: states, their hash (0 empty, else id + 1),
     * its open list, and a mark on cells that some constraint names */
    wf__cbs_state *st;
    size_t st_n, st_cap;
    uint32_t *hash;
    size_t hash_cap;
    wf__team_heap open;
    uint8_t *mark;
    size_t mark_cap;
    /* the path just found, goal last */
    uint32_t *path;
    size_t path_n, path_cap;
};

/* Fills c->h with each agent's least cost to its goal from every cell
 * (INFINITY where it cannot reach it). WF_E_NOMEM or WF_OK. */
wf_status wf__cbs_distances(const wf_allocator *a, struct wf__cbs *c,
                            const wf__team_job *j);

/* Paths as cells (path[i], len[i] cells; an agent stays on its last
 * cell afterwards; len 0: no path yet, collides with nothing). */
typedef struct wf__cbs_paths {
    const uint32_t *const *path;
    const uint32_t *len;
    size_t n;
} wf__cbs_paths;

/* The least-cost timed path of agent i from its start to its goal that
 * breaks none of the m constraints (all on agent i), ending on its goal
 * at a time after every constraint on its goal, within j->max_steps steps;
 * among those of least cost, one whose steps collide least often with
 * the other agents' paths in `others`. Into c->path (c->path_n cells)
 * with its cost in *cost. Returns WF_OK, WF_E_UNSATISFIABLE when there is
 * none, or WF_E_NOMEM; adds its expansions to *expanded. */
wf_status wf__cbs_low(const wf_allocator *a, struct wf__cbs *c,
                      const wf__team_job *j, uint32_t i,
                      const wf__cbs_con *cons, size_t m,
                      const wf__cbs_paths *others, double *cost,
                      uint64_t *expanded);

/* How many agents other than i collide with a step u -> v from time t. */
uint32_t wf__cbs_step_conflicts(const wf__team_job *j, const wf__cbs_paths *p,
                                size_t i, uint32_t u, uint32_t v, uint32_t t);

/* The first collisions of the team, each pair of agents at its earliest
 * step, at most max of them, the earliest first (ties: the lower pair):
 * each as the step it starts from (when[k]) and the two constraints that
 * split it (out[2k] on the lower agent, out[2k + 1] on the other).
 * Returns how many; 0 when the paths are free of collisions. */
size_t wf__cbs_conflicts(const wf__team_job *j, const wf__cbs_paths *p,
                         wf__cbs_con *out, uint32_t *when, size_t max);

/* The number of other agents whose paths collide with agent i's path
 * `path` (len cells) at some step. */
uint32_t wf__cbs_conflicts_of(const wf__team_job *j, const wf__cbs_paths *p,
                              size_t i, const uint32_t *path, uint32_t len);

#endif
