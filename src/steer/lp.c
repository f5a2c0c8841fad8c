/* The small linear programs of ORCA: the velocity in a disc of reachable
 * speeds nearest the preferred one within a set of half-planes, solved by
 * adding the half-planes one at a time (when the optimum so far violates
 * the new one, the new optimum lies on its line: a one-dimensional
 * problem); and, when the half-planes leave nothing, the velocity that
 * minimises the largest violation, found the same way one dimension up
 * (each violated half-plane in turn, with the lines where its violation
 * equals another's). Deterministic: the lines are taken in their order. */
#include "steer_internal.h"

#define LP_EPS 1e-9

/* Optimises on line i within the disc and lines 0 .. i-1: toward direction
 * opt when dir, else nearest opt. 0 when that piece of line is empty. */
static int lp_line(const wf__hp *l, size_t i, double r, vec2 opt, int dir,
                   vec2 *out) {
    vec2 p = l[i].p, d = l[i].d;
    double pd = v2_dot(p, d);
    double disc = pd * pd + r * r - v2_len2(p);
    if (disc < 0.0)
        return 0;
    double sq = sqrt(disc);
    double lo = -pd - sq, hi = -pd + sq;
    for (size_t j = 0; j < i; j++) {
        double den = v2_cross(d, l[j].d);
        double num = v2_cross(l[j].d, v2_sub(p, l[j].p));
        if (fabs(den) <= LP_EPS) {
            if (num < 0.0)
                return 0; /* parallel and outside */
            continue;
        }
        double t = num / den;
        if (den > 0.0)
            hi = t < hi ? t : hi;
        else
            lo = t > lo ? t : lo;
        if (lo > hi)
            return 0;
    }
    double t;
    if (dir)
        t = v2_dot(opt, d) > 0.0 ? hi : lo;
    else {
        t = v2_dot(d, v2_sub(opt, p));
        t = t < lo ? lo : t > hi ? hi : t;
    }
    *out = v2_add(p, v2_scale(d, t));
    return 1;
}

/* Adds lines 0 .. n-1 in turn; returns n, or the first line that left
 * nothing (out then holds the optimum of the lines before it). */
static size_t lp_plane(const wf__hp *l, size_t n, double r, vec2 opt,
                       int dir, vec2 *out) {
    if (dir)
        *out = v2_scale(opt, r);
    else if (v2_len2(opt) > r * r)
        *out = v2_scale(opt, r / sqrt(v2_len2(opt)));
    else
        *out = opt;
    for (size_t i = 0; i < n; i++) {
        if (v2_cross(l[i].d, v2_sub(*out, l[i].p)) >= 0.0)
            continue;
        vec2 keep = *out;
        if (!lp_line(l, i, r, opt, dir, out)) {
            *out = keep;
            return i;
        }
    }
    return n;
}

/* Least largest violation of the soft lines (from `from` on), the first
 * `hard` lines kept. */
static void lp_least(const wf__hp *l, size_t n, size_t hard, size_t from,
                     double r, wf__hp *proj, vec2 *out) {
    double worst = 0.0;
    for (size_t i = from; i < n; i++) {
        if (v2_cross(l[i].d, v2_sub(l[i].p, *out)) <= worst)
            continue;
        size_t m = 0;
        for (size_t j = 0; j < hard; j++)
            proj[m++] = l[j];
        for (size_t j = hard; j < i; j++) {
            wf__hp h;
            double den = v2_cross(l[i].d, l[j].d);
            if (fabs(den) <= LP_EPS) {
                if (v2_dot(l[i].d, l[j].d) > 0.0)
                    continue; /* same direction: never the binding pair */
                h.p = v2_scale(v2_add(l[i].p, l[j].p), 0.5);
            } else {
                double t = v2_cross(l[j].d, v2_sub(l[i].p, l[j].p)) / den;
                h.p = v2_add(l[i].p, v2_scale(l[i].d, t));
            }
            vec2 e = v2_sub(l[j].d, l[i].d);
            double el = sqrt(v2_len2(e));
            if (el <= LP_EPS)
                continue;
            h.d = v2_scale(e, 1.0 / el);
            proj[m++] = h;
        }
        vec2 keep = *out;
        /* toward the inside of line i */
        vec2 in = v2(-l[i].d.y, l[i].d.x);
        if (lp_plane(proj, m, r, in, 1, out) < m)
            *out = keep; /* rounding only: keep the last good answer */
        worst = v2_cross(l[i].d, v2_sub(l[i].p, *out));
    }
}

int wf__lp_solve(const wf__hp *lines, size_t n, size_t hard, double r,
                 vec2 pref, wf__hp *proj, vec2 *out) {
    vec2 v;
    size_t fail = lp_plane(lines, n, r, pref, 0, &v);
    if (fail < n) {
        if (fail < hard)
            return 0;
        if (!proj) {
            *out = v;
            return 2;
        }
        lp_least(lines, n, hard, fail, r, proj, &v);
    }
    *out = v;
    return fail < n ? 2 : 1;
}
