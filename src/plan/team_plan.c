/* The timed paths of a team (plan.h): a buffer of every path back to back
 * and their offsets, reused from plan to plan. */
#include "wf_core_private.h"
#include "wayfind/plan.h"

void wf_team_plan_init(wf_team_plan *p, const wf_allocator *alloc) {
    if (!p)
        return;
    memset(p, 0, sizeof *p);
    p->alloc = wf__allocator(alloc);
}

void wf_team_plan_free(wf_team_plan *p) {
    if (!p)
        return;
    wf_allocator a = p->alloc;
    wf__free(&a, p->cells, p->cells_cap * sizeof *p->cells);
    wf__free(&a, p->offset, p->offset_cap * sizeof *p->offset);
    memset(p, 0, sizeof *p);
    p->alloc = a;
}

size_t wf_team_plan_length(const wf_team_plan *p, size_t i) {
    if (!p || !p->offset || i >= p->pushed)
        return 0;
    return p->offset[i + 1] - p->offset[i];
}

wf_point wf_team_plan_at(const wf_team_plan *p, size_t i, uint32_t t) {
    const size_t n = wf_team_plan_length(p, i);
    if (!n)
        return (wf_point){-1, -1};
    return p->cells[p->offset[i] + (t < n ? t : n - 1)];
}

wf_status wf_team_plan_reset(wf_team_plan *p, size_t agents) {
    if (!p)
        return WF_E_INVALID_ARG;
    if (agents >= SIZE_MAX / sizeof *p->offset - 1)
        return WF_E_TOO_BIG;
    if (agents + 1 > p->offset_cap) {
        size_t *o = wf__realloc(&p->alloc, p->offset,
                                p->offset_cap * sizeof *o,
                                (agents + 1) * sizeof *o);
        if (!o)
            return WF_E_NOMEM;
        p->offset = o;
        p->offset_cap = agents + 1;
    }
    p->agents = agents;
    p->offset[0] = 0;
    /* the paths pushed so far: none; offsets past them are not read */
    p->makespan = 0;
    p->sum_of_costs = 0;
    p->expanded = 0;
    p->nodes = 0;
    p->pushed = 0;
    return WF_OK;
}

wf_status wf_team_plan_push(wf_team_plan *p, const wf_point *cells,
                            size_t n) {
    if (!p || !cells || !n || !p->offset || p->pushed >= p->agents)
        return WF_E_INVALID_ARG;
    const size_t at = p->offset[p->pushed];
    if (n > SIZE_MAX / sizeof *cells - at)
        return WF_E_TOO_BIG;
    if (at + n > p->cells_cap) {
        size_t cap = p->cells_cap ? p->cells_cap : 64;
        while (cap < at + n)
            cap = cap > SIZE_MAX / 2 / sizeof *cells ? at + n : 2 * cap;
        wf_point *c = wf__realloc(&p->alloc, p->cells,
                                  p->cells_cap * sizeof *c, cap * sizeof *c);
        if (!c)
            return WF_E_NOMEM;
        p->cells = c;
        p->cells_cap = cap;
    }
    memcpy(p->cells + at, cells, n * sizeof *cells);
    p->offset[++p->pushed] = at + n;
    if (n - 1 > p->makespan)
        p->makespan = (uint32_t)(n - 1);
    return WF_OK;
}
