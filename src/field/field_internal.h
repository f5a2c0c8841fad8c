/* Helpers shared by the field sources. Not installed. */
#ifndef WF_FIELD_INTERNAL_H
#define WF_FIELD_INTERNAL_H

#include "wf_core_private.h"
#include "wayfind/field.h"

/* Offers cell c the cost d: pushes it, or lowers its key. */
void wf__field_offer(wf__heap *h, uint32_t gen, uint32_t c, double d);

/* Called for each cell as it is settled, with its cost. */
typedef void (*wf__field_visit)(void *ud, uint32_t cell, double d);

/* Settles, in cost order, every cell reachable from what is on the heap at
 * a cost of at most limit (INFINITY: all), calling visit for each. Costs
 * are those of walking to the heap's cells: a unit on a neighbour v of a
 * settled cell u pays step × cost(u) to enter u. */
void wf__field_drain(wf_search *ws, wf__heap *h, uint32_t gen,
                     const wf_grid *g, int connect, wf_corners corners,
                     double limit, wf__field_visit visit, void *ud);

/* The cells within distance r of cell c, clipped to the grid. */
wf_rect wf__box(const wf_grid *g, wf_point c, double r);

/* rect ∩ grid into *out, or the whole grid when rect is NULL; 0 when the
 * rectangle is malformed (x0 > x1 or y0 > y1). */
int wf__clip(const wf_grid *g, const wf_rect *rect, wf_rect *out);

/* 1 when the movement model is valid. */
int wf__field_model_ok(int connect, wf_corners corners);

#endif
