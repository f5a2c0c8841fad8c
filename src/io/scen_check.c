/* wf_scen_check: do a scenario file's problems fit a grid? */
#include <limits.h>
#include <math.h>

#include "wf_core_private.h"
#include "wayfind/io.h"

/* The 1-based entry number, as a diagnostic line. */
static unsigned entry_no(size_t i) {
    return i < (size_t)UINT_MAX - 1 ? (unsigned)(i + 1) : UINT_MAX;
}

static wf_status check_point(const wf_grid *g, wf_point p, const char *what,
                             size_t i, wf_diag *diag) {
    unsigned no = entry_no(i);
    if (!wf_grid_contains(g, p.x, p.y)) {
        wf__diag_set(diag, NULL, no, 0,
                     "scenario %zu: %s (%d, %d) is outside the %d x %d grid",
                     i + 1, what, p.x, p.y, wf_grid_width(g),
                     wf_grid_height(g));
        return WF_E_RANGE;
    }
    if (!wf_grid_passable(g, p.x, p.y)) {
        wf__diag_set(diag, NULL, no, 0,
                     "scenario %zu: %s (%d, %d) is blocked (terrain %d)",
                     i + 1, what, p.x, p.y, wf_grid_get(g, p.x, p.y));
        return WF_E_RANGE;
    }
    return WF_OK;
}

wf_status wf_scen_check(const wf_scen *s, const wf_grid *g, wf_diag *diag) {
    if (!s || !g || (s->count && !s->entries))
        return WF_E_INVALID_ARG;
    int w = wf_grid_width(g), h = wf_grid_height(g);
    for (size_t i = 0; i < s->count; i++) {
        const wf_scen_entry *e = &s->entries[i];
        if (e->map_width != w || e->map_height != h) {
            wf__diag_set(diag, NULL, entry_no(i), 0,
                         "scenario %zu: map size %d x %d differs from the "
                         "grid's %d x %d",
                         i + 1, e->map_width, e->map_height, w, h);
            return WF_E_RANGE;
        }
        wf_status st = check_point(g, e->start, "start", i, diag);
        if (st == WF_OK)
            st = check_point(g, e->goal, "goal", i, diag);
        if (st != WF_OK)
            return st;
    }
    return WF_OK;
}

int wf_scen_cost_ok(const wf_scen_entry *e, double cost) {
    if (!e)
        return 0;
    double err = fabs(cost - e->optimal);
    if (err <= 1e-4 * fmax(1.0, e->optimal))
        return 1;
    /* A whole number (maze512-1-0's lengths) is exact %g output, not a
     * value rounded to units: no second bound for it. */
    return e->decimals >= 1 &&
           err <= 0.5 * pow(10.0, -e->decimals) + 2e-6 * e->optimal;
}
