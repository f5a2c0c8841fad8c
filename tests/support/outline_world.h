/* Random worlds of outlines for the mesh tests: a walkable ground with
 * holes that touch along edges and at corners, collinear and repeated
 * points, either orientation; or the blocked cells of a grid. */
#ifndef WF_OUTLINE_WORLD_H
#define WF_OUTLINE_WORLD_H

#include "outline_oracle.h"
#include "wf_test.h"

#define WF_WORLD_MAXP 1200
#define WF_WORLD_MAXO 80

/* Outlines and the points they use. */
typedef struct wf_world {
    wf_vec2 pt[WF_WORLD_MAXP];
    size_t np;
    wf_outline o[WF_WORLD_MAXO];
    size_t n;
} wf_world;

/* Begins an outline of kind `kind`; wf_world_add adds its points;
 * wf_world_end ends it, reversed half the time. */
void wf_world_begin(wf_world *w, wf_outline_kind kind);
void wf_world_add(wf_world *w, double x, double y);
void wf_world_end(wf_world *w, wf_test_rng *r);

/* The ground [0, 48]² with extra points along its sides, some pushed
 * outwards, and a hole in about half the cells of an 8 × 8 lattice: the
 * whole cell, a triangle on its corners, midpoints or inner points, or a
 * smaller rectangle, sometimes with a repeated or an extra collinear
 * point. Integer coordinates. */
void wf_world_random(wf_world *w, wf_test_rng *r);
/* wf_world_random, or one time in three the ground as three walkable
 * strips side by side (sharing edges, with extra points on them: corners
 * in free space), with the same holes. */
void wf_world_random_mixed(wf_world *w, wf_test_rng *r);
/* Outlines that overlap: one to three walkable shapes 20 to 48 across in
 * [0, 48]² crossing one another, then 3 to 16 shapes 2 to 13 across
 * anywhere in [-10, 56]², obstacles (crossing one another, sticking out
 * of the ground or outside it) and one time in ten walkable (an island
 * in an obstacle, or more ground). Rectangles, diamonds, right triangles,
 * octagons and Ls on integers with sides along the axes and diagonals,
 * so every crossing is on a half-integer, exact; with `general` half of
 * the small shapes are triangles at any angle, and one in three is
 * walkable. */
void wf_world_overlapping(wf_world *w, wf_test_rng *r, int general);
/* Adds one of wf_world_overlapping's small shapes, of kind `kind`. */
void wf_world_shape(wf_world *w, wf_test_rng *r, wf_outline_kind kind,
                    int general);
/* The same outlines with every point times f, into s. */
void wf_world_scaled(const wf_world *w, double f, wf_world *s);
/* The outlines of grid g's blocked cells (runs of them as one rectangle
 * half the time) in the ground [0, width] × [0, height]. */
void wf_world_grid(const wf_grid *g, wf_world *w, wf_test_rng *r);
/* A random point on a quarter lattice round the ground of [0, 48]², on
 * the ground (by the reference) 7 times in 8 when it can find one. */
wf_vec2 wf_world_point(const wf_oracle *ref, wf_test_rng *r);

/* A world and the options to build its mesh with. */
typedef struct wf_world_job {
    const wf_world *w;
    const wf_mesh_opts *opts; /* NULL: the default */
} wf_world_job;
/* Builds the mesh of job ud (a wf_world_job) with allocator a, then frees
 * it: an attempt for wf_test_each_refusal. */
wf_status wf_world_build(const wf_allocator *a, void *ud);

#endif
