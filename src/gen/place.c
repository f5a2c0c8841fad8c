/* Placing points ("events") on chosen terrain in one connected
 * region, a minimum distance apart. */
#include <math.h>

#include "gen_internal.h"

wf_place_opts wf_place_opts_default(void) {
    wf_place_opts o;
    memset(&o, 0, sizeof o);
    o.move = wf_move_default();
    return o;
}

void wf_place_opts_allow(wf_place_opts *o, uint8_t t) {
    if (o)
        o->terrains[t >> 3] = (uint8_t)(o->terrains[t >> 3] | (1u << (t & 7)));
}

static int allowed(const wf_place_opts *o, int any, uint8_t t) {
    return any || (o->terrains[t >> 3] >> (t & 7)) & 1u;
}

static int far_enough(const wf_point *pts, size_t k, wf_point p, double d) {
    for (size_t i = 0; i < k; i++) {
        double dx = (double)(pts[i].x - p.x), dy = (double)(pts[i].y - p.y);
        if (dx * dx + dy * dy < d * d)
            return 0;
    }
    return 1;
}

wf_status wf_place_points(const wf_grid *g, uint64_t seed,
                          const wf_place_opts *opts, size_t n, wf_point *out,
                          wf_diag *diag) {
    wf_place_opts o = opts ? *opts : wf_place_opts_default();
    if (!g || (n && !out) || !(o.min_distance >= 0.0) ||
        !isfinite(o.min_distance))
        return WF_E_INVALID_ARG;
    int any = 1;
    for (int i = 0; i < 32; i++)
        any &= o.terrains[i] == 0;
    const wf_allocator *al = wf__grid_allocator(g);
    const size_t ncells = wf__gen_cells(g);
    size_t bytes = ncells * sizeof(uint32_t);
    uint32_t *labels = wf__alloc(al, bytes);
    if (!labels)
        return WF_E_NOMEM;
    uint32_t regions = 0;
    wf_status st;
    if (!o.conn) {
        st = wf_grid_regions(g, o.move, labels, &regions);
    } else if (wf_conn_grid(o.conn) != g ||
               !wf_conn_matches(o.conn, o.move, NULL)) {
        wf__diag_set(diag, NULL, 0, 0,
                     "opts.conn is not an index of this grid for opts.move "
                     "with no forbidden terrain");
        st = WF_E_INVALID_ARG;
    } else {
        st = wf_conn_regions(o.conn, labels, &regions);
    }
    uint32_t *count = NULL;
    size_t count_bytes = ((size_t)regions + 1) * sizeof *count;
    if (st == WF_OK && !(count = wf__alloc(al, count_bytes)))
        st = WF_E_NOMEM;
    if (st != WF_OK) {
        wf__free(al, labels, bytes);
        return st;
    }
    /* The region with the most allowed cells (the first on ties). */
    const uint8_t *cells = wf_grid_cells(g);
    memset(count, 0, count_bytes);
    for (size_t c = 0; c < ncells; c++)
        if (labels[c] && allowed(&o, any, cells[c]))
            count[labels[c]]++;
    uint32_t best = 0;
    for (uint32_t k = 1; k <= regions; k++)
        if (count[k] > count[best])
            best = k;
    /* Candidates in row-major order, then a seeded Fisher–Yates shuffle and
     * a greedy pass that keeps points far enough from those kept. The
     * label array is reused for the candidate list. */
    size_t m = 0;
    for (size_t c = 0; c < ncells; c++)
        if (best && labels[c] == best && allowed(&o, any, cells[c]))
            labels[m++] = (uint32_t)c;
    wf_rng r;
    wf_rng_seed(&r, seed);
    size_t kept = 0;
    for (size_t i = 0; i < m && kept < n; i++) {
        size_t j = i + wf_rng_below(&r, (uint32_t)(m - i));
        uint32_t c = labels[j];
        labels[j] = labels[i];
        labels[i] = c;
        wf_point p = {(int)(c % (uint32_t)wf_grid_width(g)),
                      (int)(c / (uint32_t)wf_grid_width(g))};
        if (far_enough(out, kept, p, o.min_distance))
            out[kept++] = p;
    }
    if (kept < n) {
        wf__diag_set(diag, NULL, 0, 0,
                     "only %zu of %zu points fit: the largest region has %u "
                     "allowed cells and points must be %g cells apart",
                     kept, n, count[best], o.min_distance);
        st = WF_E_UNSATISFIABLE;
    }
    wf__free(al, count, count_bytes);
    wf__free(al, labels, bytes);
    return st;
}
