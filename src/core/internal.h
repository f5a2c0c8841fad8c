/* Internal helpers of the core layer, shared by its source files and by the
 * layers above (they include it as "../core/internal.h"). Not installed. */
#ifndef WF_CORE_INTERNAL_H
#define WF_CORE_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "wayfind/core.h"

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

/* ---- diagnostics ------------------------------------------------------- */

/* Fills d (may be NULL) with file, line, column and a printf message. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 5, 6)))
#endif
void wf__diag_set(wf_diag *d, const char *file, unsigned line, unsigned col,
                  const char *fmt, ...);

/* ---- grid -------------------------------------------------------------- */

/* Neighbour directions, in generation order. The bit of direction i in a
 * neighbour mask is 1 << i. */
enum {
    WF_DIR_N, WF_DIR_E, WF_DIR_S, WF_DIR_W,
    WF_DIR_NE, WF_DIR_SE, WF_DIR_SW, WF_DIR_NW,
    WF_DIR_COUNT
};
extern const int wf__dir_dx[WF_DIR_COUNT];
extern const int wf__dir_dy[WF_DIR_COUNT];

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
    /* Passability as bits, for the word-at-a-time scans of Jump Point Search
     * (grid_jps.c): a row-major plane (bit x+1 of line y+1 is cell (x, y))
     * and a transposed one (bit y+1 of line x+1), each framed by blocked
     * border bits and border lines so that a scan needs no bounds checks.
     * They live in the grid, kept current by wf_grid_set, _fill and
     * _set_cost, rather than in each workspace keyed to the grid: a cache
     * keyed by (grid pointer, modification count) could not tell a grid
     * from a new one allocated at a freed one's address, and would rebuild
     * for every workspace that meets the grid. About 2 bits per cell, and a
     * query still only reads the grid, so it stays shareable. */
    uint64_t *bits;     /* one block: pad word, row plane, pad, column plane,
                           pad (pads let a scan read one word either side) */
    uint64_t *rowbits;  /* height + 2 lines of row_words words */
    uint64_t *colbits;  /* width + 2 lines of col_words words */
    size_t row_words;
    size_t col_words;
    size_t bit_words;   /* words in the block */
};

/* Bit b of line l in a plane with `words` words a line. */
WF_INLINE int wf__bit(const uint64_t *plane, size_t words, size_t l,
                      size_t b) {
    return (int)((plane[l * words + (b >> 6)] >> (b & 63)) & 1u);
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
/* The cost of the single move a → b as a search with o prices it (filter,
 * overlay, move-cost callback, corner rule); -1 when not allowed. */
double wf__step_cost(const wf_grid *g, wf_point a, wf_point b,
                     const wf_search_opts *o);
/* The neighbour mask of cell c keeping only neighbours whose terrain pass
 * allows (pass NULL: the grid's own mask). */
unsigned wf__nbmask_pass(const wf_grid *g, size_t c, const uint8_t *pass);

/* ---- paths ------------------------------------------------------------- */

/* Ensures capacity for n points; WF_E_NOMEM on failure. */
wf_status wf__path_grow(wf_path *p, size_t n);

#endif
