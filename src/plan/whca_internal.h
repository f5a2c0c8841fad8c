/* WHCA*'s pieces (plan.h, WF_TEAM_WHCA), for whca*.c only: the true
 * distance to a goal by a resumable reverse search (whca_rra.c), the
 * space-time reservation table (whca_reserve.c) and the windowed
 * space-time search (whca_search.c); whca.c runs the windows. */
#ifndef WF_WHCA_INTERNAL_H
#define WF_WHCA_INTERNAL_H

#include "plan_internal.h"

/* ---- the open lists (whca.c) ------------------------------------------ */

/* An open entry: the least f first, then the greater g (deeper: fewer
 * entries to pop before a goal), then the earlier push. Entries are not
 * updated in place: a better cost pushes a new one and the stale one is
 * skipped when popped (its g is not the state's). */
typedef struct wf__whca_open {
    double f, g;
    uint32_t id, seq;
} wf__whca_open;

/* The shared heap (plan_internal.h) keyed (f, -g, push number). */
typedef struct wf__whca_heap {
    wf__team_heap h;
    uint32_t seq;
} wf__whca_heap;

/* Errors: WF_E_NOMEM. */
wf_status wf__whca_push(wf__whca_heap *h, const wf_team *t, double f,
                        double g, uint32_t id);
/* Removes the first entry into *out; 0 when empty. */
int wf__whca_pop(wf__whca_heap *h, wf__whca_open *out);

/* ---- true distance to one goal, resumed on demand (whca_rra.c) --------- */

/* A reverse A* from the goal towards the agent's start, with a consistent
 * heuristic, so every closed cell's cost is its true distance to the
 * goal; asked for a cell not yet closed, it runs on until that cell is
 * closed. Sparse: a hash of the cells it has touched (8 bytes each, at
 * most three quarters full; cells must be < 2^31 - 1) and a heap of its open cells, so memory follows the
 * cells the agent's searches ask about, not the map. */
typedef struct wf__rra_slot {
    uint32_t cell;   /* UINT32_MAX: empty; WF__RRA_CLOSED set: closed */
    float g;         /* best cost to the goal found so far (a float: the
                        heuristic loses a few ulps, the table half its
                        size) */
} wf__rra_slot;

#define WF__RRA_CLOSED 0x80000000u


typedef struct wf__rra {
    wf__rra_slot *slot;
    size_t cap, used;        /* cap a power of two (or 0) */
    wf__whca_heap open;      /* ids are cells */
    double hmul;             /* the heuristic: hmul × octile distance */
    uint32_t goal, toward;   /* toward: where the heuristic points */
    uint64_t expanded;
} wf__rra;

/* Starts the search from @p goal, its heuristic pointing at @p toward.
 * Errors: WF_E_NOMEM. */
wf_status wf__rra_start(wf__rra *r, const wf_team *t, const wf__team_job *j,
                        uint32_t goal, uint32_t toward);
/* The true distance from @p cell (where the unit may stand, in the
 * goal's region) to the goal into *d (INFINITY when out of reach).
 * Errors: WF_E_NOMEM. */
wf_status wf__rra_dist(wf__rra *r, const wf_team *t, const wf__team_job *j,
                       uint32_t cell, double *d);
/* Frees what @p r holds. */
void wf__rra_free(wf__rra *r, const wf_team *t);

/* ---- the space-time reservation table (whca_reserve.c) ----------------- */

/* Which agents' moves touch cell c during step t -> t + 1 (t relative to
 * the window's start): each reserved move is filed under every cell of
 * the box its moving square sweeps, so a move can only collide with the
 * moves filed under the cells of its own box, which the exact rule
 * (wf_team_collide) then decides. A hash of (cell, step) to a chain of
 * entries; cleared by a generation count, nothing freed between windows. */
typedef struct wf__resv_key {
    uint32_t cell, t, gen, head; /* head: first entry, UINT32_MAX none */
} wf__resv_key;

typedef struct wf__resv_entry {
    wf_point from, to;
    uint32_t agent, next;
} wf__resv_entry;

typedef struct wf__resv {
    wf__resv_key *key;
    size_t cap, used;            /* used: keys of this generation */
    wf__resv_entry *e;
    size_t n, e_cap;
    uint32_t gen;
} wf__resv;

/* Empties the table for a new window. */
void wf__resv_clear(wf__resv *r);
/* Reserves agent @p a's move @p from -> @p to during step @p t for a unit
 * of size @p k on a grid @p width wide. Errors: WF_E_NOMEM. */
wf_status wf__resv_add(wf__resv *r, const wf_team *t, int width, int k,
                       uint32_t t_step, wf_point from, wf_point to,
                       uint32_t a);
/* Withdraws the entries r->e[from .. to - 1] (one agent's, made by the
 * calls to wf__resv_add between which r->n went from `from` to `to`). */
void wf__resv_drop(wf__resv *r, size_t from, size_t to);
/* 1 when the move @p from -> @p to during step @p t collides with a
 * reserved one. */
int wf__resv_hits(const wf__resv *r, int width, int k, uint32_t t_step,
                  wf_point from, wf_point to);
void wf__resv_free(wf__resv *r, const wf_team *t);

/* ---- the windowed space-time search (whca_search.c) --------------------- */

/* A state: a cell at a step of the window, its cost from the window's
 * start and the state it came from. */
typedef struct wf__st_node {
    uint32_t cell, t, parent;
    uint32_t closed;
    double g;
} wf__st_node;


/* A slot of the state hash: a node of search gen (an older search's slot
 * is free). */
typedef struct wf__st_slot {
    uint32_t node, gen;
} wf__st_slot;

typedef struct wf__st {
    wf__st_node *node;
    size_t n, node_cap;
    wf__st_slot *slot;       /* hash of (cell, t) to node index */
    size_t cap;
    uint32_t gen;            /* the search under way; 0 never */
    wf__whca_heap open;      /* ids are node indices */
    uint64_t expanded;
} wf__st;

/* States a search may close per step of its window. */
#define WF__ST_BUDGET 64

/* Plans one agent's next @p w steps from @p from against the table
 * @p r, guided by its true distance @p rra: writes its cells at steps
 * 0 .. w into @p path and into *depth the steps that are sound: w, or,
 * when every way is taken before step w (or the search's budget is
 * spent first), the deepest step the search reached (then the path
 * waits there, a wait that is not checked).
 * Errors: WF_E_NOMEM. */
wf_status wf__st_plan(wf__st *s, const wf_team *t, const wf__team_job *j,
                      wf__rra *rra, const wf__resv *r, uint32_t from,
                      uint32_t goal, uint32_t w, uint32_t *path,
                      uint32_t *depth);
void wf__st_free(wf__st *s, const wf_team *t);

/* Grows *p (of *cap elements of @p size bytes) to hold at least @p need;
 * doubling. Errors: WF_E_NOMEM, WF_E_TOO_BIG. */
wf_status wf__whca_grow(const wf_team *t, void **p, size_t *cap, size_t need,
                        size_t size);

/* The hash of a cell and a step (a fixed mix, so that tables fill the
 * same way on every platform). */
WF_INLINE uint32_t wf__whca_hash(uint32_t cell, uint32_t t) {
    uint64_t h = ((uint64_t)t << 32 | cell) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 32);
}

#endif
