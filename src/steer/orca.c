/* An agent's new velocity: the half-planes of ORCA (one per neighbour,
 * one per wall near it, and an octagon around its velocity when its
 * acceleration is bounded) and the linear program over them. Reads the
 * state of the last step only and writes agent i's own fields only, so agents may
 * be computed in any order and on any thread. */
#include "steer_internal.h"

#define SQRT_HALF 0.70710678118654752440

/* The half-plane agent a keeps so as not to meet b within the time
 * horizon tau, taking the share `share` of the avoidance; dt is the step
 * (used when they already overlap: apart within one step); first: a's
 * slot is below b's, which parts two agents on the very same spot. */
static wf__hp agent_line(const wf__agent *a, const wf__agent *b, double tau,
                         double dt, double share, int first) {
    vec2 rp = v2_sub(b->pos, a->pos), rv = v2_sub(a->vel, b->vel);
    double rr = a->radius + b->radius, d2 = v2_len2(rp), rr2 = rr * rr;
    wf__hp h;
    vec2 u;
    if (d2 > rr2) {
        /* w: from the centre of the truncating disc to rv */
        vec2 w = v2_sub(rv, v2_scale(rp, 1.0 / tau));
        double w2 = v2_len2(w), wp = v2_dot(w, rp);
        if (wp < 0.0 && wp * wp > rr2 * w2) {
            double wl = sqrt(w2);
            vec2 uw = v2_scale(w, 1.0 / wl);
            h.d = v2(uw.y, -uw.x);
            u = v2_scale(uw, rr / tau - wl);
        } else {
            /* nearest leg of the cone: the tangent on the side of w */
            double leg = sqrt(d2 - rr2);
            if (v2_cross(rp, w) > 0.0)
                h.d = v2_scale(v2(rp.x * leg - rp.y * rr,
                                  rp.x * rr + rp.y * leg), 1.0 / d2);
            else
                h.d = v2_scale(v2(rp.x * leg + rp.y * rr,
                                  -rp.x * rr + rp.y * leg), -1.0 / d2);
            u = v2_sub(v2_scale(h.d, v2_dot(rv, h.d)), rv);
        }
    } else {
        /* overlapping: out of the disc of the step's reach */
        vec2 w = v2_sub(rv, v2_scale(rp, 1.0 / dt));
        double wl = sqrt(v2_len2(w));
        vec2 uw = wl > 0.0 ? v2_scale(w, 1.0 / wl)
                           : (d2 > 0.0 ? v2_scale(rp, -1.0 / sqrt(d2))
                                       : v2(first ? -1.0 : 1.0, 0.0));
        h.d = v2(uw.y, -uw.x);
        u = v2_scale(uw, rr / dt - wl);
    }
    h.p = v2_add(a->vel, v2_scale(u, share));
    return h;
}

typedef struct wall_ctx {
    const wf__agent *a;
    double tau, dt, reach;
    wf__hp *lines;
    size_t n, cap;
} wall_ctx;

/* The half-plane of one wall: the agent may approach the wall's nearest
 * point at no more than would close the gap (less its radius) within the
 * horizon; when it overlaps, it leaves within a step, at up to half its
 * top speed (so that two walls meeting at a corner can both be left). */
static int wall_line(void *ud, const wf__wall *w) {
    wall_ctx *x = ud;
    const wf__agent *a = x->a;
    if (v2_dot(w->n, v2_sub(a->pos, w->a)) <= 0.0 || x->n == x->cap)
        return x->n < x->cap;
    vec2 ab = v2_sub(w->b, w->a);
    double t = v2_dot(v2_sub(a->pos, w->a), ab) / v2_len2(ab);
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    vec2 diff = v2_sub(a->pos, v2_add(w->a, v2_scale(ab, t)));
    double d = sqrt(v2_len2(diff));
    if (d - a->radius > x->reach)
        return 1;
    vec2 n = d > 1e-12 ? v2_scale(diff, 1.0 / d) : w->n;
    double least; /* n·v >= least */
    if (d > a->radius)
        least = -(d - a->radius) / x->tau;
    else
        least = fmin((a->radius - d) / x->dt, 0.5 * a->max_speed);
    wf__hp *h = &x->lines[x->n++];
    h->p = v2_scale(n, least);
    h->d = v2(n.y, -n.x); /* left of d is n */
    return 1;
}

/* The octagon inscribed in the disc of velocities reachable in one step. */
static size_t accel_lines(const wf__agent *a, double dt, wf__hp *l) {
    static const double cs[8][2] = {
        {1, 0}, {SQRT_HALF, SQRT_HALF}, {0, 1}, {-SQRT_HALF, SQRT_HALF},
        {-1, 0}, {-SQRT_HALF, -SQRT_HALF}, {0, -1}, {SQRT_HALF, -SQRT_HALF}};
    double reach = a->max_accel * dt * 0.92387953251128675613; /* cos π/8 */
    for (int k = 0; k < 8; k++) {
        vec2 n = v2(cs[k][0], cs[k][1]);
        l[k].p = v2_add(a->vel, v2_scale(n, reach));
        l[k].d = v2(-n.y, n.x); /* left of d is -n: toward the velocity */
    }
    return 8;
}

/* The weight an agent avoids with: less once it has arrived (it yields). */
static double eff_weight(const wf_crowd *c, const wf__agent *a) {
    return a->arrived ? a->weight * c->o.yield_weight : a->weight;
}

/* Solves with walls (and acceleration) hard, dropping the acceleration,
 * then the walls, when they leave nothing. */
static vec2 solve(const wf__agent *a, wf__scratch *s, size_t nw, size_t na,
                  size_t n, vec2 pref) {
    vec2 v;
    if (wf__lp_solve(s->lines, n, nw + na, a->max_speed, pref, s->proj, &v))
        return v;
    if (na) {
        memmove(s->lines + nw, s->lines + nw + na,
                (n - nw - na) * sizeof *s->lines);
        n -= na;
        if (wf__lp_solve(s->lines, n, nw, a->max_speed, pref, s->proj, &v))
            return v;
    }
    wf__lp_solve(s->lines, n, 0, a->max_speed, pref, s->proj, &v);
    return v;
}

void wf__crowd_agent_velocity(wf_crowd *c, size_t i, wf__scratch *s) {
    wf__agent *a = &c->ag[i];
    vec2 pref = wf__crowd_preferred(c, a);
    a->pref = pref; /* this agent's own field: written by its item only */
    double dt = c->o.dt;
    double wt = c->o.wall_horizon > dt ? c->o.wall_horizon : dt;
    wall_ctx wx = {a, wt, dt, a->max_speed * wt, s->lines, 0, s->cap};
    double reach = a->radius + wx.reach;
    wf__walls_near(&c->walls, a->pos.x - reach, a->pos.y - reach,
                   a->pos.x + reach, a->pos.y + reach, wall_line, &wx);
    size_t nw = wx.n, na = 0;
    if (isfinite(a->max_accel))
        na = accel_lines(a, dt, s->lines + nw);
    size_t nn = wf__crowd_neighbours(c, i, s->nb, s->nd), n = nw + na;
    double wa = eff_weight(c, a);
    for (size_t k = 0; k < nn; k++) {
        const wf__agent *b = &c->ag[s->nb[k]];
        double wb = eff_weight(c, b);
        s->lines[n++] = agent_line(a, b, c->o.time_horizon, dt,
                                   wb / (wa + wb), i < s->nb[k]);
    }
    vec2 v = solve(a, s, nw, na, n, pref);
    if (!v2_finite(v))
        v = v2(0.0, 0.0);
    a->vnew = v;
}
