/* WHCA*'s growable arrays and open list, shared by its reservation table
 * (whca_reserve.c), its reverse searches (whca_rra.c) and its windowed
 * search (whca_search.c), below the planner itself (whca.c). */
#include "whca_internal.h"

wf_status wf__whca_grow(const wf_team *t, void **p, size_t *cap, size_t need,
                        size_t size) {
    return wf__team_grow(&t->alloc, p, cap, need, size) ? WF_OK : WF_E_NOMEM;
}

wf_status wf__whca_push(wf__whca_heap *h, const wf_team *t, double f,
                        double g, uint32_t id) {
    const wf__team_entry e = {f, -g, (double)h->seq++, id};
    return wf__team_heap_push(&t->alloc, &h->h, e) ? WF_OK : WF_E_NOMEM;
}

int wf__whca_pop(wf__whca_heap *h, wf__whca_open *out) {
    if (!h->h.n)
        return 0;
    const wf__team_entry e = wf__team_heap_pop(&h->h);
    *out = (wf__whca_open){e.a, -e.b, e.id, (uint32_t)e.c};
    return 1;
}
