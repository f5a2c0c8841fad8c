/* The compressed path database (cpd.c builds it, cpd_query.c reads it).
 * Not installed. */
#ifndef WF_CPD_INTERNAL_H
#define WF_CPD_INTERNAL_H

#include "wayfind/cpd.h"
#include "internal.h"

#define WF__CPD_NO_NODE UINT32_MAX

/* A run: (number of its first target << 3) | the direction of the move
 * that is optimal for every target from there to the next run's first. */
#define WF__CPD_RUN(start, dir) (((uint32_t)(start) << 3) | (uint32_t)(dir))
#define WF__CPD_RUN_START(r) ((r) >> 3)
#define WF__CPD_RUN_DIR(r) ((int)((r) & 7u))

struct wf_cpd {
    wf_allocator alloc;
    wf__made_for unit;  /* the grid and unit it was built for */
    uint32_t nodes;     /* cells the unit may stand on */
    uint32_t *node_of;  /* cell → its number in depth-first order */
    uint32_t *comp;     /* node → its connected component (nodes + 1
                           entries, so that none is of size 0) */
    uint32_t *first;    /* node → offset of its runs; nodes + 1 entries */
    uint32_t *runs;     /* every source's runs, by source */
    size_t run_count;
    size_t run_cap;     /* entries runs holds */
};

#endif
