/* The contraction hierarchy (ch.c: its memory; ch_build.c builds it,
 * ch_check.c checks one read from a file, ch_query.c searches it). Not
 * installed. */
#ifndef WF_CH_INTERNAL_H
#define WF_CH_INTERNAL_H

#include "wayfind/ch.h"
#include "internal.h"

struct wf_ch {
    wf_allocator alloc;
    wf__made_for unit;  /* the grid and unit it was built for */
    uint32_t nodes;
    uint32_t *rank_of;  /* cell → node (its rank), WF__CH_NONE: blocked */
    uint32_t *cell_of;  /* node → cell */
    uint32_t *first;    /* node → its first arc; nodes + 1 entries */
    wf__ch_arc *arcs;
    wf__ch_via *via;    /* 2 an arc: [2k] its out direction, [2k+1] in */
    size_t arc_count;
    size_t shortcuts;
};

/* A hierarchy for unit u with room for `nodes` nodes and no arcs yet: its
 * cells, ranks and list offsets allocated, to be filled. WF_E_TOO_BIG,
 * WF_E_NOMEM. */
wf_status wf__ch_new(const wf__made_for *u, size_t nodes,
                     const wf_allocator *alloc, wf_ch **out);
/* Room for `arcs` arcs and their vias in c (which has none).
 * WF_E_TOO_BIG, WF_E_NOMEM. */
wf_status wf__ch_alloc_arcs(wf_ch *c, size_t arcs);
/* Once cell_of and the arcs are filled: rank_of and the shortcut count. */
void wf__ch_finish(wf_ch *c);

#endif
