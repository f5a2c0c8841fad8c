/* Internal helpers of the plan layer, for its own source files only. Not
 * installed. */
#ifndef WF_PLAN_INTERNAL_H
#define WF_PLAN_INTERNAL_H

#include "wf_core_private.h"
#include "wayfind/plan.h"

#define WF__TEAM_MSG_SIZE 256

/* The team workspace (team.c); each planner keeps its own memory in its
 * slot, freed by its wf__X_free when the team is destroyed. */
struct wf_team {
    wf_allocator alloc;
    wf_search *ws;              /* for fields and single-agent searches */
    char msg[WF__TEAM_MSG_SIZE];
    struct wf__whca *whca;      /* whca.c */
    struct wf__cbs *cbs;        /* cbs.c */
    struct wf__crowd *crowd;    /* crowd.c */
};

/* A team request after wf_team_plan_grid's checks: the options with their
 * defaults filled in, the unit as it moves (wf__mover: pass NULL when the
 * filter forbids nothing, clr the unit's clearance when size > 1), its
 * terrain costs (wf__filter_costs) and wait cost, and the step bound.
 * Every start and goal is on the grid, where the agent may stand, in the
 * same region as each other; no two starts and no two goals collide. */
typedef struct wf__team_job {
    const wf_grid *g;
    const wf_agent *agents;
    size_t n;
    wf_team_opts o;
    wf__mover unit;
    double cost[256];
    uint8_t pass[256];
    double wait;
    uint32_t max_steps;
} wf__team_job;

/* The planners. Each fills out (wf_team_plan_reset + a push per agent in
 * order), sets its counters, and returns WF_OK, WF_E_UNSATISFIABLE with
 * the reason in t->msg (wf__team_fail), or WF_E_NOMEM. */
wf_status wf__team_whca(wf_team *t, const wf__team_job *j, wf_team_plan *out);
wf_status wf__team_cbs(wf_team *t, const wf__team_job *j, wf_team_plan *out);
wf_status wf__team_field(wf_team *t, const wf__team_job *j,
                         wf_team_plan *out);
/* Frees a planner's memory in t (NULL slots are fine). */
void wf__whca_free(wf_team *t);
void wf__cbs_free(wf_team *t);
void wf__crowd_free(wf_team *t);

/* Grows the array *p of *cap elements of @p size bytes to hold at least
 * @p need, doubling; 1, or 0 when it cannot (*p and *cap unchanged). */
int wf__team_grow(const wf_allocator *a, void **p, size_t *cap, size_t need,
                  size_t size);

/* The planners' open lists: a binary heap of entries, the least (a, b, c,
 * id) first. Callers make every key distinct (a sequence number or the id
 * breaks ties), so the order never depends on the heap's shape: plans are
 * the same on every platform. */
typedef struct wf__team_entry {
    double a, b, c;
    uint32_t id;
} wf__team_entry;

typedef struct wf__team_heap {
    wf__team_entry *e;
    size_t n, cap;
} wf__team_heap;

/* Adds e; 1, or 0 when the heap cannot grow. */
int wf__team_heap_push(const wf_allocator *a, wf__team_heap *h,
                       wf__team_entry e);
/* Removes and returns the least entry; the heap must not be empty. */
wf__team_entry wf__team_heap_pop(wf__team_heap *h);
/* Frees what @p h holds and empties it. */
void wf__team_heap_free(const wf_allocator *a, wf__team_heap *h);

/* Records why a plan failed in t->msg and returns s. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
wf_status wf__team_fail(wf_team *t, wf_status s, const char *fmt, ...);

/* The cost of a wait: @p wait_cost when > 0, else the smallest cost of a
 * terrain present on @p g that the unit (its filter, NULL: none) may
 * enter (1 when there is none). */
double wf__team_wait_cost(const wf_grid *g, const wf_filter *filter,
                          double wait_cost);

/* The cost of the move from cell a to its neighbour b (a wait when
 * a == b) for the job's unit, entering b at the job's costs: step × cost
 * (the filter's multiplier included) — the grid search's price — or the
 * wait cost. The move must be allowed. */
WF_INLINE double wf__team_step(const wf__team_job *j, size_t a, size_t b) {
    if (a == b)
        return j->wait;
    const double c = j->cost[j->g->terrain[b]];
    /* neighbours: a row or column apart is 1 or W cells, a diagonal W ± 1
     * (which only grids 3 or more wide keep apart from 1 and W) */
    const size_t d = a > b ? a - b : b - a, W = (size_t)j->g->width;
    if (W > 2)
        return d == 1 || d == W ? c : WF_SQRT2 * c;
    return (a % W != b % W && a / W != b / W) ? WF_SQRT2 * c : c;
}

#endif
