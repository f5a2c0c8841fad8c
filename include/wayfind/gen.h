/*
 * wayfind gen: seeded map generators, connected regions and point placement.
 *
 * Every generator is driven by a wf_rng (xoshiro256**, seeded through
 * splitmix64): integer arithmetic only where the result decides a cell, so
 * the same seed gives the same map on every platform and compiler.
 *
 * Generators write terrain codes that are Moving AI map characters, so a
 * generated grid is written as a .map file that every reader accepts and its
 * picture needs no extra legend:
 *   '.'  ground / land / floor          'T'  trees, forest (blocked)
 *   '@'  wall, rock (blocked)           'W'  deep water
 *   'S'  shallow water (swamp code)
 * Each generator also sets the cost table for the unit its maps are made
 * for (ships for islands, walkers for the rest; see each); callers price
 * terrain for other units with wf_grid_set_cost.
 */
#ifndef WAYFIND_GEN_H
#define WAYFIND_GEN_H

#include "core.h"
#include "export.h"
#include "plan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- random numbers ---------------------------------------------------- */

/** xoshiro256** state. A value type: copy it to fork a stream. */
typedef struct wf_rng {
    uint64_t s[4];
} wf_rng;

/** Seeds @p r from @p seed (any value, 0 included) through splitmix64. */
WF_API void wf_rng_seed(wf_rng *r, uint64_t seed);
/** The next 64 random bits. */
WF_API uint64_t wf_rng_next(wf_rng *r);
/** Uniform integer in [0, n) without modulo bias; 0 when n is 0. */
WF_API uint32_t wf_rng_below(wf_rng *r, uint32_t n);
/** Uniform double in [0, 1) with 53 random bits. */
WF_API double wf_rng_unit(wf_rng *r);

/* ---- terrain codes written by the generators ------------------------- */

#define WF_GEN_GROUND ((uint8_t)'.')
#define WF_GEN_WALL ((uint8_t)'@')
#define WF_GEN_TREES ((uint8_t)'T')
#define WF_GEN_DEEP ((uint8_t)'W')
#define WF_GEN_SHALLOW ((uint8_t)'S')

/* ---- generators ------------------------------------------------------- */

/**
 * Cellular-automaton parameters. A cell is "alive" (land for islands, rock
 * for caves) at first with probability @p fill; then each of @p iterations
 * steps makes a dead cell alive when its count of alive neighbours (of 8) is
 * a bit set in @p birth, and keeps an alive cell alive when the count is a
 * bit set in @p survive. Bit k stands for k neighbours.
 */
typedef struct wf_ca_opts {
    double fill;        /**< 0..1; default 0.45 (a struct all zero means
                             every default) */
    uint16_t birth;     /**< default B5678: (1<<5)|(1<<6)|(1<<7)|(1<<8) */
    uint16_t survive;   /**< default S45678 */
    int iterations;     /**< 0..64; default 5 */
} wf_ca_opts;

/** The defaults listed in wf_ca_opts. */
WF_API wf_ca_opts wf_ca_opts_default(void);

/** Island world parameters. */
typedef struct wf_islands_opts {
    wf_ca_opts ca;      /**< land grows from ca (wf_ca_opts_default) */
    int shore;          /**< sea within this many cells (Chebyshev) of land
                             is shallow; 0..8, default 1 */
    int forest;         /**< land whose (2·forest+1)² square is all land
                             becomes trees; 0 for none, default 2. A
                             struct all zero means every default; a zeroed
                             ca, the ca defaults */
} wf_islands_opts;
/** The defaults listed in wf_islands_opts (the same as a zeroed struct). */
WF_API wf_islands_opts wf_islands_opts_default(void);

/**
 * Fills @p g with an island world: 'W' deep sea, 'S' shallow sea near the
 * coasts, '.' land, 'T' forest. The edge of the map is sea. Sets the cost
 * table for ships: 'W' 1, 'S' 2, '.' and 'T' blocked.
 * Errors: WF_E_INVALID_ARG (NULL, option out of range), WF_E_NOMEM.
 * O(cells × iterations).
 */
WF_API wf_status wf_gen_islands(wf_grid *g, uint64_t seed, const wf_islands_opts *o);

/**
 * Fills @p g with caves: '.' floor and '@' rock, rock on the border. With
 * @p keep_largest only the largest 8-connected (no-cut) floor region stays
 * floor, so every floor cell is reachable. Sets '.' to cost 1 and '@'
 * blocked. @p o may be NULL (defaults). Errors: WF_E_INVALID_ARG, WF_E_NOMEM.
 */
WF_API wf_status wf_gen_caves(wf_grid *g, uint64_t seed, const wf_ca_opts *o,
                       int keep_largest);

/**
 * Fills @p g with a maze of 1-cell corridors ('.') between '@' walls, cut
 * by a randomised depth-first search over the cells at odd coordinates
 * (a perfect maze: one path between any two cells). @p braid in [0, 1] is
 * the share of dead ends then opened into a neighbouring corridor, making
 * loops (0 perfect, 1 no dead ends). Needs width and height >= 3.
 * Errors: WF_E_INVALID_ARG, WF_E_NOMEM.
 */
WF_API wf_status wf_gen_maze(wf_grid *g, uint64_t seed, double braid);

/** Rooms-and-corridors parameters. */
typedef struct wf_rooms_opts {
    int max_rooms;      /**< 0..10000; placements tried are 4 × this;
                             default 0: one room per 150 cells, 2 to 500 */
    int min_size;       /**< room side, default (0) 4; >= 2 */
    int max_size;       /**< default (0) 12; >= min_size */
} wf_rooms_opts;
/** The defaults listed in wf_rooms_opts (the same as a zeroed struct). */
WF_API wf_rooms_opts wf_rooms_opts_default(void);

/**
 * Fills @p g with rectangular rooms that do not touch, each joined to the
 * previous one by an L-shaped corridor, so all floor is connected. '.'
 * floor, '@' rock. Needs width and height >= min_size + 2.
 * Errors: WF_E_INVALID_ARG, WF_E_NOMEM.
 */
WF_API wf_status wf_gen_rooms(wf_grid *g, uint64_t seed, const wf_rooms_opts *o);

/**
 * Fills @p g with '.' and, each cell with probability @p density in [0, 1],
 * '@' obstacles (the Moving AI "random" maps). Errors: WF_E_INVALID_ARG,
 * WF_E_NOMEM.
 */
WF_API wf_status wf_gen_noise(wf_grid *g, uint64_t seed, double density);

/** Terrain-cost noise parameters (wf_gen_cost_noise). */
typedef struct wf_cost_noise_opts {
    int levels;         /**< costs 1 .. levels, 2..9; default (0) 3 */
    int scale;          /**< size of the noise's features in cells,
                             1..4096; default (0) 16 */
} wf_cost_noise_opts;
/** The defaults listed in wf_cost_noise_opts (a zeroed struct's). */
WF_API wf_cost_noise_opts wf_cost_noise_opts_default(void);

/**
 * Prices an existing map with smooth noise, for weighted-grid queries on
 * maps made elsewhere (a Moving AI map, say): every cell whose terrain is
 * passable gets a cost level k in 1 .. levels from seeded value noise
 * (random values on a lattice @p o->scale cells apart, interpolated
 * bilinearly in integers, so the same seed gives the same costs
 * everywhere), written as terrain '.' for 1 and the digit k for k >= 2,
 * with those costs in the table: the ASCII map format's own codes, so
 * wf_ascii_map_write keeps them. Blocked cells keep their terrain, but
 * for those codes, which become WF_TERRAIN_WALL (blocked).
 * @p o may be NULL (defaults). Errors: WF_E_INVALID_ARG (NULL grid, an
 * option out of range), WF_E_NOMEM. O(cells).
 */
WF_API wf_status wf_gen_cost_noise(wf_grid *g, uint64_t seed,
                                   const wf_cost_noise_opts *o);

/* ---- placement -------------------------------------------------------- */

/** Where wf_place_points may put points. */
typedef struct wf_place_opts {
    wf_move move;           /**< movement model that decides connectivity */
    uint8_t terrains[32];   /**< bit set of allowed terrain codes; all zero:
                                 any passable terrain */
    double min_distance;    /**< straight-line distance between points, in
                                 cells; default 0 */
    const wf_conn *conn;    /**< a connectivity index (core.h) of the grid
                                 for move and no forbidden terrain, or
                                 NULL: its components are read instead of
                                 labelled again, with the same points as
                                 a result. Another grid or unit:
                                 WF_E_INVALID_ARG. */
} wf_place_opts;

/** 8-connected, no-cut, any passable terrain, no minimum distance. */
WF_API wf_place_opts wf_place_opts_default(void);
/** Adds terrain @p t to the allowed set of @p o. */
WF_API void wf_place_opts_allow(wf_place_opts *o, uint8_t t);

/**
 * Places @p n points ("events") on allowed terrain inside one connected
 * region, at least min_distance apart, so that every point is reachable
 * from every other under the movement model. The region is the one with
 * the most allowed cells. Points are drawn at random (seeded) and kept
 * greedily, so the result is the same for the same seed and grid.
 * With opts->conn the regions are read from the index (no search; the
 * same points). Errors: WF_E_INVALID_ARG (also opts->conn of another
 * grid or unit; @p diag says so), WF_E_UNSATISFIABLE (fewer than n points
 * fit; @p diag says how many did), WF_E_NOMEM. O(cells).
 */
WF_API wf_status wf_place_points(const wf_grid *g, uint64_t seed,
                          const wf_place_opts *o, size_t n, wf_point *out,
                          wf_diag *diag);

/**
 * Places @p n agents (plan.h) for a team test at random (seeded): starts
 * and goals in the largest region a unit with @p move and @p filter (NULL:
 * none) can roam, on cells where it may stand, no two starts and no two
 * goals whose squares overlap (distinct cells for size 1). With @p packed
 * the goals are instead the n places nearest one random cell of that
 * region by the unit's walking distance, each with a free cell all round
 * it (so the crowd can walk between goals already taken), given to the
 * agents in the order of their starts' distance (the nearest start gets
 * the nearest goal): a crowd heading for one place. The same seed and grid give the same
 * agents. Errors: WF_E_INVALID_ARG (NULL, a bad model or filter),
 * WF_E_UNSATISFIABLE (fewer places than agents; @p diag says how many
 * fit), WF_E_NOMEM. O(cells log cells) with @p packed, else as
 * wf_place_points.
 */
WF_API wf_status wf_place_agents(const wf_grid *g, uint64_t seed, wf_move move,
                                 const wf_filter *filter, size_t n,
                                 int packed, wf_agent *out, wf_diag *diag);

#ifdef __cplusplus
}
#endif

#endif
