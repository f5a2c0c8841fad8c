/* Shared helpers for the cmocka tests. */
#ifndef WF_TEST_H
#define WF_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "wayfind/wayfind.h"

/* Builds a grid from rows of '.', '#' and digits ('1'-'9' set terrain code
 * d with cost d); fails the test on error. */
wf_grid *wf_test_grid(const char *const *rows, int height);

/* Deterministic 64-bit generator for property tests (splitmix64). */
typedef struct wf_test_rng {
    uint64_t state;
} wf_test_rng;
uint64_t wf_test_rng_next(wf_test_rng *r);
/* Uniform integer in [0, n). */
uint32_t wf_test_rng_below(wf_test_rng *r, uint32_t n);

/* A random map of 2 to @p max_side cells a side: terrains 0–3 (costs 1 to
 * 4, or all 1 when @p uniform) and walls at a random density up to 45 %. */
wf_grid *wf_test_random_map(wf_test_rng *r, int max_side, int uniform);
/* A random cell of @p g. */
wf_point wf_test_random_cell(wf_test_rng *r, const wf_grid *g);
/* A random cell, passable when @p open (up to 50 tries, then (0, 0)). */
wf_point wf_test_open_cell(wf_test_rng *r, const wf_grid *g, int open);
/* Prints @p g to stderr, S at s, G at t, # where blocked, for a failing
 * query's report. */
void wf_test_print_map(const wf_grid *g, wf_point s, wf_point t);
/* Fills @p g with a random map of one of 12 kinds for the any-angle
 * tests: noise at six densities (0 to 45 %), cells touching diagonally,
 * corridors of walls with gaps. */
void wf_test_fill_any_angle(wf_grid *g, wf_test_rng *r, int kind);
/* A random map of 1 to @p side cells a side (one of the 12 kinds above)
 * and its mesh for a unit of size 1 into @p m; fails the test on error. */
wf_grid *wf_test_random_mesh(wf_test_rng *r, uint32_t side, wf_mesh **m);
/* A Moving AI map, its scenarios and its mesh for a unit of size 1 under
 * the one-free rule. */
typedef struct wf_test_mesh_map {
    wf_grid *g;
    wf_scen sc;
    wf_mesh *m;
} wf_test_mesh_map;
/* Reads @p map (a path below @p dir, e.g. "dao/arena.map") and its
 * scenario file (map + ".scen") and builds the mesh; fails the test on
 * error. */
void wf_test_mesh_map_read(wf_test_mesh_map *mm, const char *dir,
                           const char *map);
void wf_test_mesh_map_free(wf_test_mesh_map *mm);

/* Search options with a random movement model (4- or 8-connected, any
 * corner rule) and, unless @p uniform, sometimes @p f as a filter that
 * reprices terrain 1 and may forbid terrain 2. */
wf_search_opts wf_test_random_opts(wf_test_rng *r, int uniform, wf_filter *f);

/* A brute-force reference for grid searches with filters, overlays that
 * forbid cells, move-cost callbacks and agent sizes: entering b costs
 * step × cost(b) × mult(b), then the callback; terrains the filter forbids
 * are walls for the corner rule too; an INFINITY overlay value forbids
 * entering a cell (other overlay values are not priced here). An agent of
 * size k (move.size) stands on (x, y) when each of the k × k cells from
 * (x, y) to (x + k - 1, y + k - 1) is on the grid and enterable, checked
 * cell by cell (no clearance), and every rule above applies to where it
 * may stand. */
typedef struct wf_test_pricing {
    const wf_grid *g;
    wf_move move;
    const wf_filter *filter; /* NULL: none */
    const float *overlay;    /* NULL: none */
    wf_move_cost_fn cb;      /* NULL: none */
    void *ud;
} wf_test_pricing;
/* May the unit stand on (x, y) (terrain, filter and its whole footprint)? */
int wf_test_ref_passable(const wf_test_pricing *pr, int x, int y);
/* Cost of the move a → b, or -1 when it is not allowed. */
double wf_test_ref_move(const wf_test_pricing *pr, wf_point a, wf_point b);
/* O(V²) Dijkstra from s: dist[] (width × height) gets every cell's least
 * cost, INFINITY when unreachable or when s cannot be entered. */
void wf_test_ref_dijkstra(const wf_test_pricing *pr, wf_point s,
                          double *dist);

/* The checksum of the binary files of docs/formats.md (jump tables,
 * hierarchies), recomputed from that text, not from the reader: from
 * seed, over b[from..len) 8 bytes to a little-endian word (the last padded
 * with 0), written little-endian at b[at..at+8). */
void wf_test_fix_checksum(unsigned char *b, size_t len, size_t from,
                          size_t at, uint64_t seed);

/* The little-endian 32-bit number at p, and writing one there: for tests
 * that edit binary files by hand. */
uint32_t wf_test_get32(const unsigned char *p);
void wf_test_put32(unsigned char *p, uint32_t v);

/* Writes b[0..len) to a new file named from @p path (a mkstemp template,
 * filled in) followed by a hole of zeros up to @p total bytes (a sparse
 * file: a reader sees zeros, the disk holds none). */
void wf_test_write_padded(char *path, const void *b, size_t len, long total);

/* a == b within 1e-9 relative (infinities only equal themselves). */
int wf_test_close(double a, double b);
/* Fails the test unless every step of p is a move the reference allows
 * and p->cost is the sum of the reference's prices. */
void wf_test_check_path(const wf_test_pricing *pr, const wf_path *p);

/* The node of cell (x, y) of a graph made from a grid, or -1 when it has
 * none (wf_graph_cell_node's status as a number, for comparisons). */
int64_t wf_test_cell_node(const wf_graph *g, int x, int y);

/* The exact Euclidean shortest path from the centre of cell s to the
 * centre of cell t on a grid of uniform cost, by brute force: Dijkstra over
 * the visibility graph of every grid vertex plus the two centres, an edge
 * wherever wf_grid_segment_cost allows the segment under
 * WF_CORNERS_ONE_FREE (the any-angle rule). Returns its length, INFINITY
 * when t cannot be reached. O(V² × side) for V = (w + 1)(h + 1) + 2: for
 * small maps only. */
double wf_test_euclid_shortest(const wf_grid *g, wf_point s, wf_point t);

/* @p full, or full / $WF_TEST_REDUCE (at least 1) when that is set to an
 * integer >= 1: make check-valgrind runs the long random-map loops
 * shorter this way, as memcheck makes each query ~50 times slower. */
int wf_test_count(int full);

/* A counting allocator that can refuse one allocation; thread-safe, for
 * pools and batches whose workers allocate. Each block carries a header,
 * so frees need no lookup. */
typedef struct wf_test_alloc {
    _Atomic size_t bytes;  /* bytes requested by allocations and growths */
    _Atomic size_t live;   /* blocks held */
    _Atomic size_t calls;  /* allocations and growths counted */
    size_t fail_at;        /* refuse this counted allocation; 0 never */
    _Atomic int refused;
} wf_test_alloc;
/* Zeroes @p ta and returns an allocator over it that refuses the
 * @p fail_at-th allocation (0: none). */
wf_allocator wf_test_alloc_init(wf_test_alloc *ta, size_t fail_at);
/* Runs @p attempt (which frees all it made before returning) with an
 * allocator refusing its 1st allocation, then its 2nd, and so on until a
 * run meets no refusal: each refused run must return WF_E_NOMEM, the
 * last WF_OK, and none may leak. Prints "@p what: N allocations refused
 * one by one, ..." and returns N. */
int wf_test_each_refusal(const char *what,
                         wf_status (*attempt)(const wf_allocator *a,
                                              void *ctx),
                         void *ctx);

/* The courtyard of @p outlines_path (tests/data/courtyard.outlines: 20 ×
 * 10 world units, a well, a wall along y = 9..10) as a mesh with two
 * links, a two-way one over the well from (10, 3) to (10, 7.5), cost 1,
 * and a one-way one from (1, 1) to (19, 1), cost 5; and into @p path
 * (initialised here; free it) the path from (10, 1) to (10, 8.5), which
 * takes the first link. Fails the test on error. */
wf_mesh *wf_test_courtyard(const char *outlines_path, wf_polyline *path);
/* Where a picture of that courtyard (wf_mesh_svg_opts, @p size pixels
 * long, y up or down) draws the world point @p w, as render.h says. */
wf_vec2 wf_test_courtyard_px(wf_vec2 w, int size, int y_up);

#endif
