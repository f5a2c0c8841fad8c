/* What the layers above core (field, gen, io, render) may use of core's
 * internals: allocation and diagnostics helpers, checked multiply, inline
 * and branch-hint macros, the grid and graph representations, and the
 * search workspace with its 4-ary heap (field's Dijkstra maps run on it).
 * The upper layers find it through a PRIVATE include directory, never
 * through a ../core/ path; core's own headers include it too. Not
 * installed: nothing here is API. */
#ifndef WF_CORE_PRIVATE_H
#define WF_CORE_PRIVATE_H

#include <stdint.h>
#include <string.h>

#include "wayfind/ch.h"
#include "wayfind/core.h"
#include "wayfind/mesh.h"
#include "wayfind/polyline.h"

#if defined(__GNUC__) || defined(__clang__)
#define WF_INLINE static inline __attribute__((always_inline))
#define WF_LIKELY(x) __builtin_expect(!!(x), 1)
#define WF_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define WF_INLINE static inline
#define WF_LIKELY(x) (x)
#define WF_UNLIKELY(x) (x)
#endif

#define WF_SQRT2 1.4142135623730951

/* ---- allocation -------------------------------------------------------- */

/* The allocator to use: *a, or the malloc-based default when a is NULL or
 * has no function. */
wf_allocator wf__allocator(const wf_allocator *a);
void *wf__alloc(const wf_allocator *a, size_t size);
void *wf__realloc(const wf_allocator *a, void *p, size_t old_size,
                  size_t new_size);
void wf__free(const wf_allocator *a, void *p, size_t size);

/* a * b into *out; 0 on overflow (out untouched), 1 on success. */
static inline int wf__mul_size(size_t a, size_t b, size_t *out) {
    if (a != 0 && b > SIZE_MAX / a)
        return 0;
    *out = a * b;
    return 1;
}

/* ---- the hash of the binary files -------------------------------------- */

/* The hash of the binary files (jump tables, hierarchies, meshes) and of
 * the digests of the maps they were made from, over 64-bit words: each is
 * xored in, then the state is multiplied by an odd constant and its high
 * half folded into the low (docs/formats.md). */
WF_INLINE uint64_t wf__mix(uint64_t h, uint64_t w) {
    h = (h ^ w) * 0x9E3779B97F4A7C15u;
    return h ^ (h >> 32);
}

/* ---- diagnostics ------------------------------------------------------- */

/* Fills d (may be NULL) with file, line, column and a printf message. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 5, 6)))
#endif
void wf__diag_set(wf_diag *d, const char *file, unsigned line, unsigned col,
                  const char *fmt, ...);
/* Writes a printf message into msg (size bytes) and returns 1: the failure
 * value of the checks of data from outside that say why they refuse it
 * (ch_check.c, mesh_check.c; each wraps it as FAIL(...)). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
int wf__refuse(char *msg, size_t size, const char *fmt, ...);

/* ---- grid -------------------------------------------------------------- */

/* Neighbour directions, in generation order. The bit of direction i in a
 * neighbour mask is 1 << i. */
enum {
    WF_DIR_N, WF_DIR_E, WF_DIR_S, WF_DIR_W,
    WF_DIR_NE, WF_DIR_SE, WF_DIR_SW, WF_DIR_NW,
    WF_DIR_COUNT
};

/* The step of each direction: the library's one direction table, as
 * initialisers so that field's public wf_field_flow_dx/dy are made of it
 * too. */
#define WF__DIR_DX {0, 1, 0, -1, 1, 1, -1, -1}
#define WF__DIR_DY {-1, 0, 1, 0, -1, 1, 1, -1}
/* Static, so that a loop over constant directions folds the steps. */
static const int wf__dir_dx[WF_DIR_COUNT] = WF__DIR_DX;
static const int wf__dir_dy[WF_DIR_COUNT] = WF__DIR_DY;

/* The direction opposite d: the table pairs N with S, E with W, NE with
 * SW and SE with NW two places apart. */
WF_INLINE unsigned wf__dir_back(unsigned d) { return d ^ 2u; }

/* The index offset of a step in direction d on a grid w cells wide. */
WF_INLINE ptrdiff_t wf__dir_offset(unsigned d, ptrdiff_t w) {
    return wf__dir_dy[d] * w + wf__dir_dx[d];
}

/* The offsets of all eight directions, for loops over a mask. */
WF_INLINE void wf__dir_offsets(ptrdiff_t w, ptrdiff_t off[WF_DIR_COUNT]) {
    for (unsigned d = 0; d < WF_DIR_COUNT; d++)
        off[d] = wf__dir_offset(d, w);
}

/* Passability as bits, for the word-at-a-time scans of Jump Point Search
 * (grid_jps.c): a row-major plane (bit x+1 of line y+1 is cell (x, y))
 * and a transposed one (bit y+1 of line x+1), each framed by blocked
 * border bits and border lines so that a scan needs no bounds checks. */
typedef struct wf__planes {
    uint64_t *bits;     /* one block: pad word, row plane, pad, column plane,
                           pad (pads let a scan read one word either side) */
    uint64_t *rowbits;  /* height + 2 lines of row_words words */
    uint64_t *colbits;  /* width + 2 lines of col_words words */
    size_t row_words;
    size_t col_words;
    size_t bit_words;   /* words in the block */
} wf__planes;

/* Sizes the planes of a width × height grid (bits stays NULL): 0 on
 * overflow. */
int wf__planes_size(wf__planes *p, int width, int height);
/* Points rowbits and colbits into p->bits (allocated, bit_words words) and
 * clears every bit. */
void wf__planes_clear(wf__planes *p, int height);
/* Sets or clears the bits of cell (x, y) in both planes. */
void wf__planes_set(wf__planes *p, int x, int y, int on);

struct wf_grid {
    wf_allocator alloc;
    int width;
    int height;
    size_t cells;
    uint8_t *terrain;   /* row-major terrain codes */
    uint8_t *nbmask;    /* bit d set: the neighbour in direction d is on the
                           grid and passable */
    double cost[256];   /* cost of entering each terrain; WF_BLOCKED */
    uint8_t passable[256];
    size_t count[256];  /* cells of each terrain */
    /* The passability bit planes. They live in the grid, kept current by
     * wf_grid_set, _fill and _set_cost, rather than in each workspace: a
     * cache would rebuild them for every workspace that meets the grid.
     * About 2 bits per cell, and a query still only reads the grid, so it
     * stays shareable. */
    wf__planes planes;
    /* Clearance of each cell for the grid's own passability (clearance.c),
     * capped at WF_MOVE_MAX_SIZE, kept current by every edit. */
    uint8_t *clear;
    /* What a workspace keys the clearance of a filtered unit (and the bit
     * planes of an agent size) to: serial is unique to this grid in the
     * process (a grid allocated where a freed one was gets another), and
     * version changes with every edit of terrain or costs. */
    uint64_t serial;
    uint64_t version;
    /* Watchers (grid_watch.c) and the open edit batch: its depth, the
     * changes recorded for the watchers, and whether a whole-grid edit
     * happened in it (then they hear "anything may have changed"). */
    struct wf__watcher *watchers;
    size_t watcher_count, watcher_cap;
    unsigned batch_depth;
    int batch_reset;
    wf_cell_change *pending;
    size_t pending_count, pending_cap;
};

/* For grid.c's edits (grid_watch.c): before cell (x, y) changes from
 * `before` to `after`, records the change for the watchers if a batch is
 * open (WF_E_NOMEM when it cannot); returns WF_OK otherwise. */
wf_status wf__grid_record(wf_grid *g, int x, int y, uint8_t before,
                          uint8_t after);
/* After that change is applied: reports it to the watchers unless a batch
 * is open. */
void wf__grid_changed(wf_grid *g, int x, int y, uint8_t before,
                      uint8_t after);
/* After a whole-grid edit: watchers hear "anything may have changed", now
 * or at the batch's commit. */
void wf__grid_reset(wf_grid *g);
/* Tells the watchers that have a `gone` hook that g is being destroyed
 * (each then stops using it), and frees what the watchers and batches
 * hold (wf_grid_destroy). */
void wf__grid_watch_free(wf_grid *g);
/* wf_grid_watch for the library's own watchers (D* Lite, connectivity,
 * walkers): gone(ud), when not NULL, is called as g is destroyed, after
 * which the watcher must never touch g again (not even to unwatch). */
wf_status wf__grid_watch_owned(wf_grid *g, wf_grid_watch_fn fn, void *ud,
                               void (*gone)(void *ud));

/* Writes terrain t into cell (x, y) of g, which must lie on it, and
 * nothing else: the counts, neighbour masks, bit planes and clearance go
 * stale until wf_grid_set_cells(g, wf_grid_cells(g)) rebuilds them all at
 * once. For loaders filling a new grid cell by cell, where wf_grid_set's
 * local updates (the clearance's above all) would add up to more work
 * than one rebuild. */
WF_INLINE void wf__grid_poke(wf_grid *g, int x, int y, uint8_t t) {
    g->terrain[(size_t)y * (size_t)g->width + (size_t)x] = t;
}

/* The digest of g's size and terrain codes (digest.c): from a fixed seed,
 * the word width << 32 | height, then the codes 8 cells to a
 * little-endian word in row-major order, the last padded with 0. What a
 * file made for one map records of it: any other map, or this one edited,
 * gives another digest (but for a collision of the hash). O(cells). */
uint64_t wf__grid_digest(const wf_grid *g);

/* The allocator g was created with, for scratch memory that layers above
 * core size by the grid. */
WF_INLINE const wf_allocator *wf__grid_allocator(const wf_grid *g) {
    return &g->alloc;
}

/* Moves allowed from a cell with neighbour mask m under the movement model
 * (connect 4 or 8, corner rule): a mask of directions. */
WF_INLINE unsigned wf__allowed_moves(unsigned m, int connect,
                                     wf_corners corners) {
    unsigned o = m & 0xFu;
    if (connect == 4)
        return o;
    /* bit i of `next`: orthogonal direction (i+1)%4, which is the second
     * side of diagonal i (NE = N,E; SE = E,S; SW = S,W; NW = W,N). */
    unsigned next = ((o >> 1) | (o << 3)) & 0xFu;
    unsigned d = m >> 4, ok;
    switch (corners) {
    case WF_CORNERS_ALWAYS: ok = 0xFu; break;
    case WF_CORNERS_ONE_FREE: ok = o | next; break;
    default: ok = o & next; break;
    }
    return o | ((d & ok) << 4);
}

/* ---- movement model and filters (move.c) -------------------------------- */

/* Checks *m and normalises its defaults (connect 0 → 8); on error writes
 * why into msg (may be NULL). */
wf_status wf__move_check(wf_move *m, char *msg, size_t size);
/* The cost of entering each terrain for a unit with filter f (NULL: none):
 * the grid's cost × the multiplier, INFINITY where blocked or forbidden;
 * pass[t] says whether t may be entered. Returns 1 when the filter forbids
 * a passable terrain present on g (so the grid's neighbour masks are not
 * enough: see wf__nbmask_pass). O(256). */
int wf__filter_costs(const wf_grid *g, const wf_filter *f, double cost[256],
                     uint8_t pass[256]);
/* One terrain's entry of that table: the cost of entering terrain t for a
 * unit with filter f, INFINITY when it may not. O(1). */
double wf__filter_cost(const wf_grid *g, const wf_filter *f, uint8_t t);
/* Name tables (core/base/names.c): rows of (value, name) expanded from a
 * public X-macro (names.h, plan.h) with WF__NAME_ROW, and wf_X_name /
 * wf_X_parse defined from such a table t of enum type T by WF__NAMES. */
typedef struct wf__name_row {
    int value;
    const char *name;
} wf__name_row;
#define WF__NAME_ROW(v, n) {(int)(v), n},
/* The name of v in t[0..n), or NULL. */
const char *wf__name_of(const wf__name_row *t, size_t n, int v);
/* 1 and *v when name is in t[0..n) (NULL: not), else 0. */
int wf__value_of(const wf__name_row *t, size_t n, const char *name, int *v);
#define WF__NAMES(X, T, t)                                                     \
    const char *wf_##X##_name(T v) {                                           \
        return wf__name_of(t, sizeof t / sizeof *t, (int)v);                   \
    }                                                                          \
    wf_status wf_##X##_parse(const char *name, T *out) {                       \
        int v;                                                                 \
        if (!out || !wf__value_of(t, sizeof t / sizeof *t, name, &v))          \
            return WF_E_INVALID_ARG;                                           \
        *out = (T)v;                                                           \
        return WF_OK;                                                          \
    }

/* What a table built once for one grid and one unit (wf_cpd, wf_ch) keeps
 * of them: the grid's serial and version when it was built, its size, and
 * the unit's movement model (size 1), cost of entering each terrain and
 * whether it may (as wf__filter_costs fills them; forbids: that function's
 * result), and how many cells it may stand on. */
typedef struct wf__made_for {
    uint64_t serial, version;
    int width, height;
    size_t cells;
    size_t nodes;
    wf_move move;
    double cost[256];
    uint8_t pass[256];
    int forbids;
} wf__made_for;
/* Fills *u for grid g and a unit moving by *move (NULL: the default) with
 * filter f (NULL: none). WF_E_INVALID_ARG for a bad move or size > 1. */
wf_status wf__made_for_init(const wf_grid *g, const wf_move *move,
                            const wf_filter *f, wf__made_for *u);
/* WF_OK when a table with *u answers for g as it is: the grid it was built
 * for, unedited since; WF_E_INVALID_ARG otherwise or for NULL. */
WF_INLINE wf_status wf__made_for_current(const wf__made_for *u,
                                         const wf_grid *g) {
    return u && g && u->serial == g->serial && u->version == g->version
               ? WF_OK
               : WF_E_INVALID_ARG;
}
/* The cost of the single move a → b as a search with o prices it (filter,
 * overlay, move-cost callback, corner rule, agent size); -1 when not
 * allowed. clr: the unit's clearance (wf__unit_clearance) when
 * o->move.size > 1, unused otherwise. */
double wf__step_cost(const wf_grid *g, wf_point a, wf_point b,
                     const wf_search_opts *o, const uint8_t *clr);
/* The neighbour mask of cell c keeping only neighbours whose terrain pass
 * allows (pass NULL: the grid's own mask). */
unsigned wf__nbmask_pass(const wf_grid *g, size_t c, const uint8_t *pass);
/* wf_grid_regions for a unit that may enter the terrains pass allows
 * (pass NULL: the grid's passable ones; a checked move, pass used only at
 * size 1). */
wf_status wf__grid_regions_pass(const wf_grid *g, wf_move move,
                                const uint8_t *pass, uint32_t *labels,
                                uint32_t *count);
/* What a straight segment may cross and what it costs, for one unit:
 * its per-terrain costs (wf__filter_costs; INFINITY: blocked for it), its
 * corner rule (a 4-connected unit's is no-cut) and its size k. For k > 1
 * a cell counts as blocked unless the unit may stand on it: clr is its
 * clearance (wf__unit_clearance), or NULL to test the k × k square cell
 * by cell (for one-off calls without a workspace). A cell the unit may
 * stand on costs its own terrain's cost, as in the grid search. */
typedef struct wf__seg_rule {
    const double *cost;
    const uint8_t *clr;
    unsigned k;
    wf_corners corners;
} wf__seg_rule;
/* The rule for a unit with a checked move and costs made by
 * wf__filter_costs (forbids: its return value); clr as above. */
wf__seg_rule wf__seg_rule_make(const wf_grid *g, wf_move move,
                               const double cost[256], int forbids,
                               const uint8_t *clr);
/* wf_grid_segment_cost under a rule already made: for loops that test
 * many segments. */
wf_status wf__segment_cost(const wf_grid *g, const wf__seg_rule *rule,
                           wf_vec2 a, wf_vec2 b, double *out);
/* The cells the segment a → b passes through, in order from a (points as
 * for wf__segment_cost, any legality aside): each cell whose interior it
 * crosses and, for a stretch along the edge between two cells, the
 * cheaper by @p cost (the one left of or above the edge on a tie, never
 * one off the grid); a segment of no length gives the cell its point lies
 * in. Writes at most @p max into @p out (may be NULL) and returns the
 * count there is; 0 for points off the grid or not multiples of 0.5.
 * Uses the same walk as wf__segment_cost. O(cells crossed). */
size_t wf__segment_cells(const wf_grid *g, const double cost[256], wf_vec2 a,
                         wf_vec2 b, wf_point *out, size_t max);


/* ---- agent sizes: clearance (clearance.c) ----------------------------- */

/* Writes into out (one byte per cell) the clearance of every cell of g for
 * the terrains pass allows (pass NULL: the grid's own passability): the
 * side of the largest square of such cells whose top-left is the cell,
 * capped at WF_MOVE_MAX_SIZE, 0 for a cell that cannot be entered. O(cells). */
void wf__clearance_build(const wf_grid *g, const uint8_t *pass, uint8_t *out);
/* Brings clear, the clearance of g for the terrains pass allows (NULL:
 * the grid's own passability, clear then being g->clear), up to date
 * after cell (x, y) changed passability for them: only the cells up and
 * left of it within WF_MOVE_MAX_SIZE can change, and the update stops
 * where values stop changing. Several changed cells: one call each, in
 * any order. */
void wf__clearance_update(const wf_grid *g, const uint8_t *pass,
                          uint8_t *clear, int x, int y);

/* The passability of a unit of size k: the clearance of the terrains it
 * may enter (pass, as wf__filter_costs fills it; NULL when its filter
 * forbids no terrain on g), on which "may stand on cell c" is
 * wf__fits(clr, c, k). Without pass it is the grid's own (g->clear);
 * otherwise it is computed in ws (allocating one byte per cell the first
 * time) and kept there for the next query of a unit with the same
 * passability on the same, unchanged grid. A search, field or any other
 * query that treats cells with clearance < k as blocked (any-angle moves,
 * say) takes its passability from here. Errors: WF_E_NOMEM. */
wf_status wf__unit_clearance(wf_search *ws, const wf_grid *g,
                             const uint8_t *pass, const uint8_t **clr);

/* May a unit of size k stand on cell c, given its clearance clr? */
WF_INLINE int wf__fits(const uint8_t *clr, size_t c, unsigned k) {
    return clr[c] >= k;
}

/* The neighbour mask of cell c for a unit of size k with clearance clr:
 * the grid's mask keeping the neighbours the unit may stand on (the
 * grid's mask already leaves out those off the grid). */
WF_INLINE unsigned wf__nbmask_fit(const wf_grid *g, size_t c,
                                  const uint8_t *clr, unsigned k) {
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(g->width, off);
    unsigned r = 0;
    for (unsigned b = g->nbmask[c]; b; b &= b - 1) {
        int d = __builtin_ctz(b);
        if (clr[(ptrdiff_t)c + off[d]] >= k)
            r |= 1u << d;
    }
    return r;
}

/* How one unit moves on a grid: its movement model, the terrains it may
 * enter (pass, as wf__filter_costs fills it; NULL: the grid's own
 * passability) and, for size k > 1, its clearance (wf__unit_clearance or
 * wf__clearance_build with the same pass). */
typedef struct wf__mover {
    const uint8_t *pass;
    const uint8_t *clr;
    unsigned k;
    int connect;
    wf_corners corners;
} wf__mover;

/* May the unit stand on cell c? */
WF_INLINE int wf__mover_stands(const wf_grid *g, const wf__mover *u, size_t c) {
    if (u->k > 1)
        return u->clr[c] >= u->k;
    return u->pass ? u->pass[g->terrain[c]] : g->passable[g->terrain[c]];
}

/* The moves the unit may make from cell c, where it may stand: a mask of
 * directions (the grid's neighbour mask narrowed to where it may stand,
 * under the corner rule). Moves are symmetric in whether they are
 * allowed, so these are also the neighbours that may move into c. */
WF_INLINE unsigned wf__mover_moves(const wf_grid *g, const wf__mover *u,
                                  size_t c) {
    unsigned m = u->k > 1 ? wf__nbmask_fit(g, c, u->clr, u->k)
                 : u->pass ? wf__nbmask_pass(g, c, u->pass)
                           : g->nbmask[c];
    return wf__allowed_moves(m, u->connect, u->corners);
}

/* ---- search workspace ------------------------------------------------ */

/* Per-cell search state, 8 bytes, so that the 3×3 neighbourhood of a cell
 * spans three short runs of memory (the neighbour test is the search's main
 * cache cost):
 *   tag  generation << 4 | closed << 3 | direction of the move that reached
 *        the cell (0–7). A tag from an older generation means "unvisited",
 *        so nothing is cleared between queries.
 *   pos  the cell's slot in the open array while it is open (and, when
 *        closed cells may be reopened, while it is closed).
 * The f value of a cell is not stored here: it lives in its open-array slot,
 * next to the other keys the heap compares. */
typedef struct wf__cell {
    uint32_t tag;
    uint32_t pos;
} wf__cell;

#define WF__TAG_CLOSED 8u
#define WF__TAG_GEN_SHIFT 4
#define WF__GEN_LIMIT (1u << 28)

/* Bytes of workspace per cell: the cell state plus one open-array slot. */
#define WF__SEARCH_CELL_BYTES (sizeof(wf__cell) + sizeof(double) + \
                               sizeof(uint32_t))

/* The workspace's members (struct wf_search) and each grid engine's query
 * state are core/search's own (search_internal.h); the layers above and
 * the folders below search reach a workspace through these calls only. */
#define WF__MSG_SIZE 200


/* Records why a call failed and returns s. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
wf_status wf__search_fail(wf_search *ws, wf_status s, const char *fmt, ...);

/* Starts a query: a new generation (clearing the tags only when the 28-bit
 * counter wraps, once every 2^28 queries). Returns the tag base. */
uint32_t wf__search_begin(wf_search *ws);

/* ---- the pool's workers for other jobs (pool.c) ------------------------- */

/* One item of a job run on a pool: item i on worker t (0 is the calling
 * thread, up to wf_pool_threads - 1). Items of one job may run at the same
 * time on different workers, so an item must only write what belongs to
 * it (or to its worker t). */
typedef void (*wf__pool_task)(void *ud, size_t i, int t);

/* Runs task for every item 0 .. n - 1 on p's workers (the caller among
 * them) and returns when all are done; items are handed out one at a time,
 * each thread's contiguous share first, then what is left of the others'
 * (so which worker runs which item is not fixed). Calls on one pool run one
 * after another (as wf_pool_search_grid's). WF_E_INVALID_ARG for a NULL
 * pool or task. */
wf_status wf__pool_run(wf_pool *p, size_t n, wf__pool_task task, void *ud);

/* ---- 4-ary min-heap on key[] ------------------------------------------- */

/* wf__heap: the open list of the searches and the fields, on double keys
 * in the workspace's arrays, with each cell's slot in its wf__cell.pos:
 * wf__heap_up, _push, _down and _pop (wf_heap4.h, which D* Lite
 * instantiates for its key pairs too). */
#define WF_HEAP4 wf__heap
#define WF_HEAP4_CELL wf__cell
#define WF_HEAP4_KEY double
#define WF_HEAP4_LESS(a, b) ((a) < (b))
#include "wf_heap4.h"

/* A view of ws's per-cell state and open list as a heap (empty), for a
 * search that runs on the workspace's arrays (fields, Theta*). */
wf__heap wf__search_heap(wf_search *ws);
/* The per-cell state of ws (ws's cells array), for a search that marks
 * cells closed in it. */
wf__cell *wf__search_cells(wf_search *ws);

/* ---- jump tables (jump_table.c) ---------------------------------------- */

/* The jump table of a grid (wf_jump_table): dist[c * 8 + d] is the jump
 * from cell c in direction d (the WF_DIR order): > 0 the steps to the
 * next jump point, <= 0 minus the steps to the last cell reachable before
 * a wall; 0 for every direction of a blocked cell. serial and version
 * name the grid and its state the entries were computed for. */
struct wf_jump_table {
    wf_allocator alloc;
    int width, height;
    size_t cells;
    int32_t *dist;
    uint64_t serial, version;
};

/* wf_jump_table_current, inline for the search layer (which may not link
 * to prep's jump_table.c). */
WF_INLINE int wf__jump_table_current(const wf_jump_table *t, const wf_grid *g) {
    return t && g && t->serial == g->serial && t->version == g->version;
}

/* A table of g's size whose entries are uninitialised, marked current for
 * g as it is now: for readers that fill the entries themselves, then
 * check them with wf__jump_table_verify. Errors: WF_E_TOO_BIG,
 * WF_E_NOMEM. */
wf_status wf__jump_table_alloc(const wf_grid *g, const wf_allocator *alloc,
                               wf_jump_table **out);
/* 1 when every entry of t is what g gives (each one is checked against
 * the cells it steps over and the entry it continues, which by induction
 * along each direction proves the whole table); else 0 with the first
 * wrong entry in *cell, *dir and the value g gives in *want. O(cells). */
int wf__jump_table_verify(const wf_jump_table *t, const wf_grid *g,
                          size_t *cell, int *dir, int32_t *want);

/* ---- graph ------------------------------------------------------------- */

struct wf_graph {
    wf_allocator alloc;
    uint32_t nodes;
    uint32_t arcs;
    int dims;
    uint32_t *row;     /* nodes + 1 offsets into target/weight */
    uint32_t *target;  /* arcs */
    double *weight;    /* arcs */
    double *pos;       /* nodes × dims, NULL when dims is 0 */
    uint32_t *cell;    /* node → grid cell index (graphs of grids), sorted */
    int grid_width;    /* > 0 for graphs of grids */
    int grid_height;
    double min_ratio;  /* min over arcs of weight / distance; INFINITY when
                          no arc joins distinct positions; 0 without dims */
};

/* Straight-line distance between the positions of nodes u and v. */
double wf__graph_distance(const wf_graph *g, uint32_t u, uint32_t v);

/* ---- contraction hierarchies (ch_build.c, ch_query.c, ch_check.c) -------- */

#define WF__CH_NONE UINT32_MAX

/* An arc of a node's list, kept at the lower of its two ends (the one
 * contracted first) and used for both directions: out is the cost from
 * the node to `to`, in the cost from `to` to the node (INFINITY: no such
 * arc that way). Nodes are numbered by rank, the order of contraction. */
typedef struct wf__ch_arc {
    uint32_t to;
    double out, in;
} wf__ch_arc;

/* What one direction of an arc stands for: mid, the node a shortcut
 * passes through (WF__CH_NONE: a single move), and the two arcs it was
 * made of, by index. mid ranks below both ends a and b, so both are in
 * mid's list: first, the one to a (its `in` direction: a → mid), and
 * second, the one to b (its `out` direction: mid → b). */
typedef struct wf__ch_via {
    uint32_t mid, first, second;
} wf__ch_via;

/* A hierarchy's arrays, for the io layer to save or fill: node → cell
 * (nodes), node → first arc (nodes + 1), the arcs, and 2 vias an arc
 * ([2k] its out direction, [2k+1] its in). */
typedef struct wf__ch_parts {
    const wf__made_for *unit;
    uint32_t nodes;
    size_t arcs;
    uint32_t *cell_of, *first;
    wf__ch_arc *arc;
    wf__ch_via *via;
} wf__ch_parts;

/* The parts of c (to read: the arrays are c's own). */
void wf__ch_parts_of(const wf_ch *c, wf__ch_parts *p);
/* An empty hierarchy of g for the unit (move, filter) with room for
 * `nodes` nodes and `arcs` arcs, whose parts the caller fills and then
 * hands to wf__ch_check. WF_E_INVALID_ARG (a bad move, size > 1),
 * WF_E_TOO_BIG (more nodes than WF_CH_MAX_NODES or arcs than 32 bits
 * number), WF_E_NOMEM. */
wf_status wf__ch_alloc(const wf_grid *g, const wf_move *move,
                       const wf_filter *filter, uint32_t nodes, size_t arcs,
                       const wf_allocator *alloc, wf_ch **out);
/* Checks a hierarchy filled from outside against g and its unit, so that
 * no query can go wrong with it: every node a cell the unit may stand on,
 * once each, and all of them; arcs going up, costs not negative; a single move
 * between neighbours the unit may make, at the unit's cost; a shortcut
 * through a lower node whose two arcs join its ends and add up to its
 * cost exactly; every arc unpacking into fewer moves than there are
 * nodes; every node but the highest of its region (wf_grid_regions for
 * the unit) with an arc up each way, so that a query finds a path wherever
 * the grid has one. Then makes c ready to query. WF_OK when it holds;
 * else WF_E_PARSE and why in msg, or WF_E_NOMEM. O(cells + arcs). */
wf_status wf__ch_check(wf_ch *c, const wf_grid *g, char *msg, size_t size);

/* ---- navigation meshes (core/mesh: mesh_check.c) ----------------------- */

/* A point of a mesh, in its fixed-point units. */
typedef struct wf__mpt {
    int32_t x, y;
} wf__mpt;

/* An off-mesh link: from a to b (and from b to a when two_way is 1), for
 * cost on top of the walk to a (wf_mesh_add_link). */
typedef struct wf__mlink {
    wf__mpt a, b;
    double cost;
    uint8_t two_way;
} wf__mlink;

/* What a mesh holds besides what it derives from it, for the io layer to
 * save or fill: its corners (vert, fixed point), and each polygon p's
 * corners pvert[pstart[p] .. pstart[p + 1]) counter-clockwise with, across
 * each edge (from pvert[i] to the next corner), the polygon padj[i] or
 * UINT32_MAX for the boundary; its off-mesh links; the fixed-point units
 * a world unit (scale, any double > 0), what a world unit of path costs
 * and, for a mesh made from a grid (from_grid 1), the grid's size and
 * wf__mesh_grid_digest and the unit's movement model. */
typedef struct wf__mesh_parts {
    uint32_t vertices, polygons, corners; /* corners: of all polygons */
    uint32_t links;
    double scale;
    double cost;
    wf__mpt *vert;
    uint32_t *pstart, *pvert, *padj;
    wf__mlink *link;
    int from_grid;
    int grid_width, grid_height;
    uint64_t grid_digest;
    wf_move move;
} wf__mesh_parts;

/* The parts of m; its arrays are m's own, to read. */
void wf__mesh_parts_of(const wf_mesh *m, wf__mesh_parts *p);
/* A mesh of p's counts and scalars (its arrays are not read), whose
 * arrays (links too) are uninitialised: for a reader to fill through
 * wf__mesh_parts_of and hand to wf__mesh_check before any other use.
 * WF_E_TOO_BIG (a count of 2^32 - 1: that is "none"; 2^30 links or more,
 * more than wf_mesh_add_link makes), WF_E_NOMEM. */
wf_status wf__mesh_alloc(const wf__mesh_parts *p, const wf_allocator *alloc,
                         wf_mesh **out);
/* Checks a mesh filled from outside, then derives the rest as a mesh
 * built here is (wf__mesh_index), so that it answers every query as the
 * mesh it was saved from, and whatever it holds, no query reads outside
 * its arrays or runs on without end: scale, cost and source in range; for
 * a grid's mesh, scale WF_MESH_GRID_SCALE, the unit's move as
 * wf_mesh_from_grid records it (8-connected) and every corner on the grid;
 * every corner on one polygon at least and no two at one point; every
 * polygon of 3 corners or more, convex and counter-clockwise, winding once
 * round; every edge shared with the polygon across it, whose edge joins
 * the same two corners the other way and names it back; every link's cost
 * finite and 0 or more, its direction one-way (0) or two-way (1), its
 * ends on the mesh (as wf_mesh_add_link requires). (Polygons that
 * overlap without sharing a directed edge are not sought: a forged file
 * may give paths across them, never a crash.) With g (which the caller
 * has found to be the mesh's grid: size and digest) the mesh is marked as
 * made from g as it is now. WF_OK; WF_E_PARSE and why in msg; WF_E_NOMEM.
 * O(corners log corners). */
wf_status wf__mesh_check(wf_mesh *m, const wf_grid *g, char *msg,
                         size_t size);
/* What a mesh made from g records of it: wf__grid_digest (size, terrain),
 * continued with each terrain's cost of entering (the 64 bits of the
 * double, 0 to 255), which decide where a unit may stand. O(cells). */
uint64_t wf__mesh_grid_digest(const wf_grid *g);

#endif
