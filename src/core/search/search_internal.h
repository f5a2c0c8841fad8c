/* The search workspace and its open list, shared by the search algorithms.
 * Not installed. */
#ifndef WF_SEARCH_INTERNAL_H
#define WF_SEARCH_INTERNAL_H

#include "internal.h"

/* The open array has one slot per cell, a key (f = g + weight·h) and a cell
 * index in two parallel arrays. A 4-ary min-heap on the keys grows up from
 * slot 0; the top of the array, from slot `capacity` down, holds the
 * plateau stack (consistent heuristics) or the closed cells' f values
 * (a custom heuristic, whose closed cells may be reopened). A cell is in at
 * most one of them, so together they never exceed capacity: 8 + 8 + 4 =
 * 20 bytes per cell in all. */
/* A grid A* and Dijkstra query and its progress between sliced steps
 * (grid_astar.c). Everything a step needs is here, so a paused search
 * resumes exactly where it stopped. */
typedef struct wf__astar {
    const wf_grid *g;
    const double *cost;    /* cost of entering each terrain: g->cost, or
                              fcost under a filter */
    const uint8_t *pass;   /* NULL, or fpass when the filter forbids a
                              terrain present on g */
    const uint8_t *clr;    /* agents of size > 1: the unit's clearance
                              (wf__unit_clearance), which covers pass;
                              NULL for size 1 */
    unsigned size;
    uint32_t start, goal;  /* goal UINT32_MAX: none to reach (the nearest
                              fallback for a goal that cannot be entered) */
    int gx, gy;
    wf_heuristic hk;       /* resolved; WF_H_ZERO for Dijkstra */
    int connect, plateau, reopen, track;
    wf_corners corners;
    double hmul;           /* weight × (smallest cost, or 1 for custom) */
    wf_heuristic_fn custom;
    void *custom_ud;
    wf_move_cost_fn move_cost;
    void *move_ud;
    const float *overlay;  /* extra cost per cell, × overlay_k; may be NULL */
    double overlay_k;
    uint64_t limit;        /* max expansions, 0 = none */
    int fallback;
    uint64_t div_mul;      /* cell / width == cell * div_mul >> div_shift */
    unsigned div_shift;
    /* progress */
    uint32_t heap_n, sp, gen;
    uint64_t expanded, generated, heap_ops, reopened;
    uint32_t best, end;
    double best_d, best_g;  /* squared distance to the goal, and cost */
    double fcost[256];
    uint8_t fpass[256];
} wf__astar;

/* A JPS query and its progress (grid_jps.c). */
typedef struct wf__jpsq {
    const wf_grid *g;
    const wf__planes *planes; /* the grid's, or the workspace's for a size */
    const uint8_t *nbmask;    /* likewise */
    const int32_t *dist;      /* JPS+ (grid_jps_plus.c): the jump table's
                                 entries; NULL for JPS */
    wf_point start, goal;
    uint32_t s0, goal_id, heap_n, gen;
    double cost;
    uint64_t div_mul;
    unsigned div_shift;
    wf_stats st;
} wf__jpsq;

/* What weighted JPS reads for one unit on one grid (grid_jpsw_planes.c):
 * bits[o][b], orientation o (0 row-major, 1 column-major), block b (0 the
 * unit may enter; 1-4 a straight run up/side A, up/B, down/A, down/B must
 * stop), words[o] words a line; mask, a word per cell (the WF__JW_ bits);
 * dirs, the search's own 2 bytes per cell (grid_jpsw.c). */
typedef struct wf__jpsw_view {
    const uint64_t *bits[2][5];
    size_t words[2];
    const uint32_t *mask;
    uint16_t *dirs;
} wf__jpsw_view;

/* The diagonal step in direction WF_DIR_NE + k may be made from the cell. */
#define WF__JW_STEP(k) (1u << (k))
/* A diagonal run arriving in direction WF_DIR_NE + k may turn by 90° there
 * to side 0, (dx, -dy), or side 1, (-dx, dy). */
#define WF__JW_DTURN(k, side) (1u << (4 + 2 * (k) + (side)))
/* A straight run arriving in direction d (WF_DIR_N .. WF_DIR_W) may turn
 * there to its side wf__jpsw_side[d][side]. */
#define WF__JW_STURN(d, side) (1u << (12 + 2 * (d) + (side)))
/* The two sides of straight direction d, in a fixed order. */
extern const uint8_t wf__jpsw_side[4][2];

/* A weighted JPS query and its progress (grid_jpsw.c). */
typedef struct wf__jpswq {
    const wf_grid *g;
    wf__jpsw_view view;
    wf_point start, goal;
    uint32_t s0, goal_id, heap_n, gen;
    double hmul;              /* the smallest cost present: octile scale */
    uint64_t div_mul;
    unsigned div_shift;
    wf_stats st;
    double cost[256];         /* the unit's cost per terrain, INFINITY where
                                 it may not enter */
} wf__jpswq;

/* A graph query and its progress (graph_search.c). */
typedef struct wf__graphq {
    const void *g;         /* const wf_graph * */
    uint32_t start, goal, heap_n, gen, best;
    wf_heuristic h;        /* WF_H_ZERO, WF_H_EUCLIDEAN (hmul × the
                              straight line) or WF_H_CUSTOM */
    double hmul, best_h;
    wf_node_heuristic_fn custom;
    void *custom_ud;
    const float *overlay;
    double overlay_k;
    uint64_t limit;
    wf_stats st;
} wf__graphq;

/* One side's state of a cell in bidirectional A* (grid_bidir.c): tag and
 * pos as in wf__cell (the direction is that of the side's move which
 * reached the cell), and the cost from the side's end. Cell n's state on
 * side d is element 2n + d of one array, so that the two sides of a cell
 * share 32 aligned bytes and a side reads the other's state of a cell
 * from the cache line it loaded for its own. */
typedef struct wf__bd_cell {
    uint32_t tag;
    uint32_t pos;
    double g;
} wf__bd_cell;

/* One side of a bidirectional search: the cells' array both sides share
 * and its own open array of elements 2n + side (a heap in slots
 * [0, heap_n), the plateau stack in [sp, top)), searching from cell
 * `end`. */
typedef struct wf__bd_side {
    wf__bd_cell *cells;
    double *key;
    uint32_t *id;
    uint32_t end, heap_n, sp, top;
} wf__bd_side;

/* A bidirectional A* query and its progress (grid_bidir.c). a is the
 * query as A* would run it (unit, costs, heuristic, ends, limit,
 * fallback; its counters are both sides' and its best cell the forward
 * side's); side[0] searches from the start, side[1] from the goal. */
typedef struct wf__bidir {
    wf__astar a;
    wf__bd_side side[2];
    int sx, sy;              /* the start: where the backward heuristic aims */
    uint32_t gen, turn;      /* tag base; the side to expand next */
    double mu;               /* the cheapest start-goal path seen so far */
    uint32_t meet_u, meet_v; /* its middle move u → v: u reached from the
                                start, v from the goal (u == v: one cell) */
} wf__bidir;

/* What a workspace is doing between calls. */
enum {
    WF__IDLE = 0,  /* no sliced search */
    WF__ASTAR,     /* grid A* and Dijkstra under way */
    WF__JPS,       /* grid JPS under way */
    WF__JPS_PLUS,  /* grid JPS+ (a jump table) under way */
    WF__JPSW,      /* grid weighted JPS under way */
    WF__BIDIR,     /* grid bidirectional A* under way */
    WF__GRID_DONE, /* a grid search whose outcome (done) is known */
    WF__GRAPH,     /* graph search under way */
    WF__GRAPH_DONE
};

struct wf_search {
    wf_allocator alloc;
    size_t capacity;  /* cells the arrays hold */
    wf__cell *cells;
    double *key;
    uint32_t *id;
    uint32_t gen;     /* current generation, 1 .. WF__GEN_LIMIT-1 */
    /* Graph searches also keep a parent and a path cost per node. */
    size_t graph_capacity;
    uint32_t *parent;
    double *g;
    int mode;         /* WF__IDLE ... */
    wf_status done;   /* the outcome in the _DONE modes */
    wf_algo engine;   /* the engine of the search under way */
    /* The grid of the sliced search wf_search_begin started, and its
     * version then: a step after an edit fails rather than walk walls. */
    const wf_grid *sliced;
    uint64_t sliced_version;
    union {
        wf__astar a;
        wf__jpsq j;
        wf__jpswq jw;
        wf__bidir bd;
        wf__graphq gr;
    } q;
    char msg[WF__MSG_SIZE]; /* why the last call failed */
    /* The any-angle search's memory (anya.c): per-vertex roots, its nodes
     * and open list; NULL until the first such query. */
    struct wf__anya *anya;
    /* Frees anya (set by anya.c with it): wf_search_destroy calls it, so
     * that the search layer does not link to the any-angle one. */
    void (*anya_free)(wf_search *ws);
    /* The mesh engine's cache (mesh_engine.c): the last grid's mesh and a
     * query state, freed through mesh_free for the same reason. */
    struct wf__mesh_cache *mesh;
    void (*mesh_free)(wf_search *ws);
    /* A filtered unit's clearance (wf__unit_clearance) and what it is for. */
    uint8_t *clr;
    size_t clr_cells;       /* bytes clr holds */
    uint64_t clr_serial;    /* 0: nothing computed */
    uint64_t clr_version;
    uint8_t clr_pass[256];
    /* JPS for an agent size: the bit planes and neighbour masks of "the
     * agent may stand here" (grid_jps.c), and what they are for. */
    wf__planes fit;
    size_t fit_words;       /* words fit.bits holds */
    uint8_t *fit_mask;
    size_t fit_cells;       /* bytes fit_mask holds */
    uint64_t fit_serial;    /* 0: nothing built */
    uint64_t fit_version;
    unsigned fit_size;
    /* Weighted JPS (grid_jpsw_planes.c): bit planes of the cells a unit
     * may enter and of where its runs stop, and a byte per cell for its
     * diagonal steps, for the grid and cost table they were built for. */
    uint64_t *jw_bits;
    size_t jw_words;        /* words jw_bits holds */
    uint32_t *jw_mask;
    uint16_t *jw_dirs;
    size_t jw_cells;        /* cells jw_mask and jw_dirs hold */
    wf__planes jw_planes;   /* the layout of one of the three blocks */
    uint64_t jw_serial;     /* 0: nothing built */
    uint64_t jw_version;
    double jw_cost[256];
    /* Bidirectional A* (grid_bidir.c): both sides' cells (2 × bd_cells,
     * aligned to 32 bytes inside bd_block) and the backward side's open
     * array (the forward side's is key and id), and the generation its
     * tags were last written in. */
    void *bd_block;
    wf__bd_cell *bd_cell;
    double *bd_key;
    uint32_t *bd_id;
    size_t bd_cells;
    uint32_t bd_gen;
    /* JPS for an unfiltered unit: the uniform cost of the grid of this
     * serial (0: none yet) and version (wf__jps_applies). */
    uint64_t jps_serial;
    uint64_t jps_version;
    double jps_cost;
    /* WF_ALGO_AUTO (auto.c): the share of the free cells at a convex
     * corner of the grid of this serial (0: none yet) and version. */
    uint64_t auto_serial;
    uint64_t auto_version;
    double auto_share;
};


/* Grid A* and Dijkstra (grid_astar.c): prepares ws->q.a (o checked, start and
 * goal on the grid and passable) and the steps. */
wf_status wf__astar_begin(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *o);
wf_status wf__astar_step(wf_search *ws, uint64_t budget, wf_path *out);
/* Fills *q with the query as A* runs it (the unit's costs and clearance,
 * the heuristic and its scale, the ends, limit, fallback and callbacks;
 * counters zero, best cell the start) without starting a search: WF_OK,
 * WF_NO_PATH when the unit cannot stand on the start or enter the goal
 * (without the fallback; ws's message says why for a size > 1), or an
 * error with the reason in ws. */
wf_status wf__astar_setup(wf_search *ws, wf__astar *q, const wf_grid *g,
                          wf_point start, wf_point goal,
                          const wf_search_opts *o);
/* Prices the moves of out->points as q charges them into out->cost (so
 * that the cost does not depend on a search's rounding); WF_E_RANGE, and
 * an empty path, when the sum overflows a double. */
wf_status wf__astar_path_cost(wf_search *ws, const wf__astar *q,
                              wf_path *out);

/* The cost of entering a cell of terrain cost c and overlay value v:
 * c + k·v, with v < 0 or NaN read as 0. */
WF_INLINE double wf__with_overlay(double c, float v, double k) {
    return v > 0 ? c + k * (double)v : c;
}

/* A move cost from q's callback: NaN and values <= 0 forbid the move. */
static inline double wf__astar_user_cost(const wf__astar *q, int x, int y,
                                         int nx, int ny, double c) {
    wf_point from = {x, y}, to = {nx, ny};
    double u = q->move_cost(q->move_ud, from, to, c);
    return u > 0 ? u : INFINITY;
}

/* The cost of the move from (x, y) to its neighbour (nx, ny), cell n, as
 * every search on a wf__astar query charges it: step (1, or √2 for a
 * diagonal) × (the terrain cost under the filter + the overlay), then the
 * callback; INFINITY forbids it. cost, terrain, overlay, ovk and cb
 * (whether q has a callback) are passed apart so that a search instance
 * can hold them in registers, or fold a NULL overlay or a 0 cb away. */
WF_INLINE double wf__astar_price(const wf__astar *q, const double *cost,
                                 const uint8_t *terrain, const float *overlay,
                                 double ovk, int cb, uint32_t n, int diag,
                                 int x, int y, int nx, int ny) {
    const double e = cost[terrain[n]];
    double s = diag ? WF_SQRT2 : 1.0;
    s *= overlay ? wf__with_overlay(e, overlay[n], ovk) : e;
    return cb ? wf__astar_user_cost(q, x, y, nx, ny, s) : s;
}

/* Keeps the expanded cell closest to q's goal in straight-line distance
 * (ties: the cheaper one), for partial paths and the nearest fallback.
 * Squared distances compare the same and are exact (sides below 2^20). */
static inline void wf__astar_track(wf__astar *q, uint32_t c, int x, int y,
                                   double gc) {
    const double dx = x - q->gx, dy = y - q->gy;
    const double d = dx * dx + dy * dy;
    if (d < q->best_d || (d == q->best_d && gc < q->best_g)) {
        q->best_d = d;
        q->best_g = gc;
        q->best = c;
    }
}

/* Bidirectional A* (grid_bidir.c): begins a query checked as for
 * wf__astar_begin, and steps it; wf__bidir_free frees its cells in ws,
 * wf__bidir_bytes says how many bytes they take. */
wf_status wf__bidir_begin(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *o);
wf_status wf__bidir_step(wf_search *ws, uint64_t budget, wf_path *out);
void wf__bidir_free(wf_search *ws);
size_t wf__bidir_bytes(const wf_search *ws);

/* The option rules every jump point search shares (jump_rules.c): 8-connected
 * no-cut moves, the default or octile heuristic at weight 1, no overlay,
 * move-cost callback, expansion limit or goal fallback, and for weighted
 * JPS (weighted non-zero) size 1. NULL, or the first broken, worded for
 * "jps" or "jpsw". */
const char *wf__jump_rules(const wf_search_opts *o, int weighted);

/* Jump Point Search (grid_jps.c; wf__jps_applies in jump_rules.c).
 * wf__jps_applies: NULL when JPS can answer
 * the query (*cost the uniform cost of entering a cell), else why not;
 * ws (may be NULL) keeps the answer for an unfiltered unit on the grid's
 * version, so that a query does not read the grid's 256 terrain counts.
 * The search is for 8-connected no-cut moves on such a grid, start and
 * goal passable. */
const char *wf__jps_applies(wf_search *ws, const wf_grid *g,
                            const wf_search_opts *o, double *cost);
wf_status wf__jps_begin(wf_search *ws, const wf_grid *g, wf_point start,
                        wf_point goal, double cost, const wf__planes *planes,
                        const uint8_t *nbmask);
/* The bit planes and neighbour masks JPS runs on for an agent of size
 * k > 1 on g (the grid's own passability), built in ws or reused from the
 * last query of that size on the same, unchanged grid. Errors:
 * WF_E_NOMEM, WF_E_TOO_BIG. */
wf_status wf__jps_fit(wf_search *ws, const wf_grid *g, unsigned k,
                      const wf__planes **planes, const uint8_t **mask);
wf_status wf__jps_step(wf_search *ws, uint64_t budget, wf_path *out);

/* Weighted Jump Point Search (grid_jpsw.c), for queries that pass
 * wf__jump_rules(o, 1), any terrain costs and filter. wf__jpsw_begin:
 * start and goal on g; a start or goal the unit may not enter ends the
 * query with WF_NO_PATH. */
wf_status wf__jpsw_begin(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal, const wf_search_opts *o);
wf_status wf__jpsw_step(wf_search *ws, uint64_t budget, wf_path *out);
/* What weighted JPS reads for the unit's cost table cost (INFINITY: may
 * not enter) on g, built in ws or kept from the last query with the same
 * table on the same, unchanged grid (grid_jpsw_planes.c). Errors:
 * WF_E_NOMEM, WF_E_TOO_BIG. */
wf_status wf__jpsw_planes(wf_search *ws, const wf_grid *g,
                          const double cost[256], wf__jpsw_view *out);
/* The path of a finished weighted JPS search into out (grid_jpsw_path.c). */
wf_status wf__jpsw_path(wf_search *ws, wf_path *out);
/* JPS+ (grid_jps_plus.c): the query of wf__jps_begin for a size-1 agent,
 * its jumps read from t, a table current for g (checked by the caller). */
wf_status wf__jps_plus_begin(wf_search *ws, const wf_grid *g, wf_point start,
                             wf_point goal, double cost,
                             const wf_jump_table *t);
wf_status wf__jps_plus_step(wf_search *ws, uint64_t budget, wf_path *out);

/* Theta* (lazy 0) and Lazy Theta* (lazy 1) on grids (theta.c): the query
 * checked by wf_search_any_angle (options normalised, start and goal on
 * the grid, ws sized with wf_search_reserve_graph for the grid). */
wf_status wf__theta_search(wf_search *ws, const wf_grid *g, wf_point start,
                           wf_point goal, int lazy, const wf_search_opts *o,
                           wf_polyline *out);

/* Optimal any-angle search (anya.c): the Euclidean shortest path between
 * the centres of start and goal among the blocked cells, under the
 * segment rule of wf_grid_segment_cost with WF_CORNERS_ONE_FREE, on a grid
 * whose passable terrains all cost the same after opts->filter. Fills
 * out with start centre, turning points (grid vertices), goal centre.
 * Returns WF_OK, WF_NO_PATH (unreachable, start or goal blocked),
 * WF_PARTIAL (opts->max_expansions reached: out leads to the expanded
 * turning point nearest the goal), WF_E_INVALID_ARG (NULL, a non-uniform
 * grid, an option it cannot honour; wf_search_message says which),
 * WF_E_RANGE, WF_E_NOMEM. */
wf_status wf__anya_search(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *opts,
                          wf_polyline *out);
/* Frees the any-angle memory of ws (wf_search_destroy). */
void wf__anya_free(wf_search *ws);
/* For WF_ANY_ANGLE_AUTO (mesh_engine.c): does ws hold g's mesh for the
 * unit of o, or has Anya expanded more nodes on it than g has cells? */
int wf__mesh_pays(wf_search *ws, const wf_grid *g, const wf_search_opts *o);
/* Adds an Anya query's expansions on g (for the unit of o) to that
 * count, which starts again on another grid, version, unit or costs. */
void wf__mesh_count(wf_search *ws, const wf_grid *g, const wf_search_opts *o,
                    uint64_t expanded);
/* The same answers as wf__anya_search on the grid's navigation mesh
 * (mesh_engine.c), built on the first query and kept in ws; a move
 * already checked to be 8-connected one-free; no partial answers. */
wf_status wf__mesh_search(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *opts,
                          wf_polyline *out);

/* When an agent of size > 1 cannot stand on the start (start_ok 0) or
 * the goal (goal_ok 0), says so in ws's message, with the side of the
 * largest square there, for the WF_NO_PATH that follows. */
void wf__size_message(wf_search *ws, const wf_grid *g, const uint8_t *clr,
                      unsigned k, wf_point start, wf_point goal, int start_ok,
                      int goal_ok);

/* With a jump table given and JPS applicable, whether WF_ALGO_AUTO runs
 * JPS+ (1) rather than online JPS (0) on g: on all but grids of scattered
 * obstacles (auto.c; the measure is kept in ws per grid version). */
int wf__auto_takes_table(wf_search *ws, const wf_grid *g);

/* Checks the options every search shares and normalises their defaults
 * (weight 0 → 1, connect 0 → 8); on error records why in ws. */
wf_status wf__opts_check(wf_search *ws, wf_search_opts *o);

/* A connectivity index given with a query (o->conn, o->move checked):
 * WF_E_INVALID_ARG, with the reason in ws, unless it is of g and for the
 * query's unit (wf_conn_matches). WF_OK without one. */
wf_status wf__conn_opts_check(wf_search *ws, const wf_grid *g,
                              const wf_search_opts *o);

/* WF_E_RANGE, with the reason in ws, when start or goal is off g. */
wf_status wf__ends_check(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal);

/* The grid engines (engines.c): one row each. applies: NULL when the
 * engine can answer the query, else why not (c: what the engine needs of
 * the check, JPS's uniform cost); begin: starts the query (mode set, or
 * WF__GRID_DONE with its outcome); step: continues one in `mode`; free: its
 * caches in the workspace (NULL: none) and bytes, what they take (for
 * wf_search_bytes); instead: what to use when it does not apply. */
typedef struct wf__grid_engine {
    wf_algo algo;
    int mode;
    const char *(*applies)(wf_search *ws, const wf_grid *g,
                           const wf_search_opts *o, double *c);
    wf_status (*begin)(wf_search *ws, const wf_grid *g, wf_point start,
                       wf_point goal, const wf_search_opts *o, double c);
    wf_status (*step)(wf_search *ws, uint64_t budget, wf_path *out);
    void (*free)(wf_search *ws);
    size_t (*bytes)(const wf_search *ws);
    const char *instead;
} wf__grid_engine;
/* The row of algo, or NULL (not a grid algorithm). */
const wf__grid_engine *wf__grid_engine_of(wf_algo algo);
/* The row whose search is under way in mode, or NULL. */
const wf__grid_engine *wf__grid_engine_running(int mode);
/* Frees every engine's caches (wf_search_destroy). */
void wf__grid_engines_free(wf_search *ws);
/* The bytes every engine's caches take (wf_search_bytes). */
size_t wf__grid_engines_bytes(const wf_search *ws);
/* Runs e's applies, then its begin, on a query search.c has checked. */
wf_status wf__grid_engine_begin(const wf__grid_engine *e, wf_search *ws,
                                const wf_grid *g, wf_point start,
                                wf_point goal, const wf_search_opts *o);
/* With a connectivity index, a goal in another component than the start
 * ends the query now (the fallback aside, which wants the search): 1, and
 * the workspace holds the WF_NO_PATH for the first step. Ends where the
 * unit cannot stand are left to the engines, which say why. */
int wf__conn_rejects(wf_search *ws, const wf_search_opts *o, wf_point start,
                     wf_point goal, wf_algo engine);
/* A jump table given with a query that will use it: WF_E_INVALID_ARG,
 * with the reason in ws, unless it is current for g. */
wf_status wf__jumps_check(wf_search *ws, const wf_grid *g,
                          const wf_jump_table *t);

#endif
