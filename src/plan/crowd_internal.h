/* The field crowd's fields (crowd_field.c), shared with its simulation
 * (crowd.c). Not installed. */
#ifndef WF_CROWD_INTERNAL_H
#define WF_CROWD_INTERNAL_H

#include <math.h>

#include "plan_internal.h"
#include "wayfind/field.h"

/* A rectangle of cells: x0 <= x < x0 + w, y0 <= y < y0 + h. */
typedef struct wf__crowd_box {
    int x0, y0, w, h;
} wf__crowd_box;

/*
 * Goals close together (within the unit's size + 3 of each other, in one
 * WF__CROWD_TILE square tile counted from their cluster's corner) form a
 * group; each group has one
 * Dijkstra map over the whole grid from all its goals (its agents share
 * it), and each agent of a group of several goals has a small exact map
 * to its own goal over the group's box (its goals' bounding box grown by
 * the unit's size + 2), which leads it the last cells among the other
 * goals. An agent's potential at a cell is that box map where it is
 * finite, else the group's map plus an offset above every box value, so
 * that entering its group's box is always downhill.
 */
#define WF__CROWD_TILE 32

typedef struct wf__crowd_fields {
    size_t groups;
    size_t cells;        /* of the grid */
    uint32_t *group;     /* agent -> its group */
    wf__crowd_box *box;  /* per group */
    double *off;         /* per group: added to its map outside box maps */
    double *field;       /* groups × cells: each group's map */
    size_t *loc;         /* per agent: its box map's offset in local, or
                            SIZE_MAX for a group of one goal */
    double *local;
    size_t local_size;
    uint64_t settled;    /* cells settled by every map */
} wf__crowd_fields;

/* Builds every map of job j, each only up to j->o.cutoff (> 0) from its
 * goals (INFINITY beyond), with the overlay priced as in wf_search_opts.
 * WF_OK or WF_E_NOMEM / WF_E_TOO_BIG; free with wf__crowd_fields_free
 * either way. */
wf_status wf__crowd_fields_build(const wf_allocator *a, const wf__team_job *j,
                                 wf__crowd_fields *f);
void wf__crowd_fields_free(const wf_allocator *a, size_t agents,
                           wf__crowd_fields *f);

/* The cost of entering cell c for one step of length 1, overlay included;
 * INFINITY when the overlay forbids it. */
WF_INLINE double wf__crowd_enter(const wf__team_job *j, size_t c) {
    double cost = j->cost[j->g->terrain[c]];
    if (j->o.overlay.values && j->o.overlay_k > 0) {
        const float v = j->o.overlay.values[c];
        if (v > 0) /* NaN and negatives count 0 */
            cost += j->o.overlay_k * (double)v;
    }
    return cost;
}

/* Agent i's potential at cell (x, y), index c: what it walks down. */
WF_INLINE double wf__crowd_pot(const wf__crowd_fields *f, size_t i, int x,
                               int y, size_t c) {
    const uint32_t gr = f->group[i];
    if (f->loc[i] != SIZE_MAX) {
        const wf__crowd_box b = f->box[gr];
        if (x >= b.x0 && x < b.x0 + b.w && y >= b.y0 && y < b.y0 + b.h) {
            const double l = f->local[f->loc[i] + (size_t)(y - b.y0) *
                                                      (size_t)b.w +
                                      (size_t)(x - b.x0)];
            if (l < INFINITY)
                return l;
        }
    }
    return f->field[(size_t)gr * f->cells + c] + f->off[gr];
}

#endif
