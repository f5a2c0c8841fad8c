/* Paths made to look right: waypoint compression (wf_path_corners) and
 * string pulling (wf_path_smooth), both on a finished path. */
#include <math.h>

#include "internal.h"

/* Rounding headroom for "a shortcut no dearer than the cells it
 * replaces": a straight run priced as one segment and as unit steps sums
 * the same pieces in another order. */
#define SMOOTH_SLACK 1e-12

/* Do steps (ax, ay) and (bx, by) point the same way? */
static int same_way(long ax, long ay, long bx, long by) {
    return ax * by == ay * bx && ax * bx + ay * by > 0;
}

wf_status wf_path_corners(const wf_path *in, wf_path *out) {
    if (!in || !out || (in->count && !in->points))
        return WF_E_INVALID_ARG;
    if (out != in) {
        wf_status s = wf__path_grow(out, in->count);
        if (s != WF_OK)
            return s;
    }
    /* read index i is always ahead of write index n: safe in place */
    const wf_point *p = in->points;
    wf_point *q = out->points;
    size_t n = 0, count = in->count;
    for (size_t i = 0; i < count; i++) {
        if (i > 0 && i + 1 < count &&
            same_way((long)p[i].x - p[i - 1].x, (long)p[i].y - p[i - 1].y,
                     (long)p[i + 1].x - p[i].x, (long)p[i + 1].y - p[i].y))
            continue;
        q[n++] = p[i];
    }
    out->count = n;
    out->cost = in->cost;
    out->stats = in->stats;
    return WF_OK;
}

static wf_vec2 centre(wf_point p) {
    return (wf_vec2){p.x + 0.5, p.y + 0.5};
}

wf_status wf_path_smooth(const wf_grid *g, const wf_path *in,
                         const wf_search_opts *opts, wf_polyline *out) {
    if (!g || !in || !out || (in->count && !in->points))
        return WF_E_INVALID_ARG;
    wf_search_opts o = opts ? *opts : wf_search_opts_default();
    if (wf__move_check(&o.move, NULL, 0) != WF_OK || o.move_cost ||
        o.overlay.values || o.overlay.count ||
        wf_filter_check(o.filter, NULL, 0) != WF_OK)
        return WF_E_INVALID_ARG;
    const size_t n = in->count;
    for (size_t i = 0; i < n; i++)
        if (!wf_grid_contains(g, in->points[i].x, in->points[i].y))
            return WF_E_RANGE;
    double table[256];
    uint8_t pass[256];
    const int forbids = wf__filter_costs(g, o.filter, table, pass);
    const wf__seg_rule r = wf__seg_rule_make(g, o.move, table, forbids, NULL);
    const wf__seg_rule *rule = &r;
    /* every step of the input must be a segment the rule allows */
    for (size_t i = 1; i < n; i++) {
        double c;
        if (wf__segment_cost(g, rule, centre(in->points[i - 1]),
                             centre(in->points[i]), &c) != WF_OK)
            return WF_E_INVALID_ARG;
    }
    wf_status s = wf_polyline_reserve(out, n);
    if (s != WF_OK)
        return s;
    out->count = 0;
    out->cost = out->length = 0;
    out->stats = in->stats;
    if (!n)
        return WF_OK;
    const wf_point *p = in->points;
    out->points[out->count++] = centre(p[0]);
    size_t i = 0;
    while (i + 1 < n) {
        /* the run from i: extend to j + 1 while the segment i → j + 1 is
         * allowed and no dearer than the steps i → ... → j + 1 */
        wf_vec2 a = centre(p[i]);
        double run, best;
        wf__segment_cost(g, rule, a, centre(p[i + 1]), &run);
        best = run;
        size_t j = i + 1;
        while (j + 1 < n) {
            double step, c;
            wf__segment_cost(g, rule, centre(p[j]), centre(p[j + 1]),
                             &step);
            if (wf__segment_cost(g, rule, a, centre(p[j + 1]), &c) !=
                    WF_OK ||
                c > (run + step) * (1 + SMOOTH_SLACK))
                break;
            run += step;
            best = c;
            j++;
        }
        wf_vec2 b = centre(p[j]);
        out->points[out->count++] = b;
        out->cost += best;
        out->length += hypot(b.x - a.x, b.y - a.y);
        i = j;
    }
    return WF_OK;
}
