/* Helpers shared by the generators. Not installed. */
#ifndef WF_GEN_INTERNAL_H
#define WF_GEN_INTERNAL_H

#include "wf_core_private.h"
#include "wayfind/gen.h"

/* Runs a cellular automaton on alive[W*H] (0/1) in place; cells outside the
 * map count as alive when border_alive. Uses a scratch buffer from the
 * grid's allocator. WF_OK or WF_E_NOMEM. */
wf_status wf__ca_run(const wf_grid *g, uint8_t *alive, const wf_ca_opts *o,
                     int border_alive);

/* Checks a CA option set. */
/* *o, or the defaults when o is NULL or all zero (a zeroed struct means
 * the defaults). */
wf_ca_opts wf__ca_opts_or_default(const wf_ca_opts *o);
int wf__ca_opts_valid(const wf_ca_opts *o);

/* Cells of g, width × height (checked against overflow at creation). */
static inline size_t wf__gen_cells(const wf_grid *g) {
    return (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
}

/* Scratch byte buffer of the grid's size from its allocator, or NULL. */
uint8_t *wf__gen_buffer(const wf_grid *g);
void wf__gen_buffer_free(const wf_grid *g, uint8_t *b);

#endif
