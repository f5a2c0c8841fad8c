/* Helpers shared by the field sources. Not installed. */
#ifndef WF_FIELD_INTERNAL_H
#define WF_FIELD_INTERNAL_H

#include <math.h>

#include "wf_core_private.h"
#include "wayfind/field.h"

/* A unit's movement: its model, its costs under its filter and, for an
 * agent of size > 1, its clearance. */
typedef struct wf__unit {
    int connect;
    wf_corners corners;
    const uint8_t *pass;  /* NULL, or fpass when the filter forbids a
                             terrain present on the grid */
    const uint8_t *clr;   /* size > 1: the unit's clearance
                             (wf__unit_clearance), which covers pass */
    unsigned size;
    uint8_t *own;         /* clr when it was computed without a workspace */
    double cost[256];     /* entering each terrain; INFINITY: cannot */
    uint8_t fpass[256];
} wf__unit;

/* Checks the movement model and filter and fills u; the clearance of an
 * agent of size > 1 comes from ws (which keeps it for the next query), or,
 * with ws NULL, is computed with the grid's allocator. Release with
 * wf__unit_done. WF_E_INVALID_ARG on a bad model or multiplier,
 * WF_E_NOMEM. */
wf_status wf__unit_init(wf__unit *u, wf_search *ws, const wf_grid *g,
                        wf_move move, const wf_filter *filter);
void wf__unit_done(wf__unit *u, const wf_grid *g);
/* May the unit stand on cell c? */
static inline int wf__unit_enters(const wf__unit *u, const wf_grid *g,
                                  size_t c) {
    return u->clr ? wf__fits(u->clr, c, u->size)
                  : u->cost[g->terrain[c]] < INFINITY;
}
/* The neighbours of cell c the unit may stand on (wf__allowed_moves then
 * applies its corner rule). */
static inline unsigned wf__unit_mask(const wf__unit *u, const wf_grid *g,
                                     size_t c) {
    return u->clr ? wf__nbmask_fit(g, c, u->clr, u->size)
                  : wf__nbmask_pass(g, c, u->pass);
}

/* Offers cell c the cost d: pushes it, or lowers its key. */
void wf__field_offer(wf__heap *h, uint32_t gen, uint32_t c, double d);

/* Called for each cell as it is settled, with its cost. */
typedef void (*wf__field_visit)(void *ud, uint32_t cell, double d);

/* Settles, in cost order, every cell reachable from what is on the heap at
 * a cost of at most limit (INFINITY: all), calling visit for each. Costs
 * are those of walking to the heap's cells: a unit on a neighbour v of a
 * settled cell u pays step × cost(u) to enter u. */
void wf__field_drain(wf__heap *h, uint32_t gen,
                     const wf_grid *g, const wf__unit *unit,
                     double limit, wf__field_visit visit, void *ud);

/* The cells within distance r of cell c, clipped to the grid. */
wf_rect wf__box(const wf_grid *g, wf_point c, double r);

/* rect ∩ grid into *out, or the whole grid when rect is NULL; 0 when the
 * rectangle is malformed (x0 > x1 or y0 > y1). */
int wf__rect_clip(const wf_grid *g, const wf_rect *rect, wf_rect *out);


#endif
