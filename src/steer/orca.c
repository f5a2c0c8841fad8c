/* An agent's new velocity: the half-planes of ORCA (one per neighbour,
 * one per wall near it, and an octagon around its velocity when its
 * acceleration is bounded) and the linear program over them. Reads the
 * state of the last step only and writes agent i's own fields only, so agents may
 * be computed in any order and on any thread. */
#include "steer_internal.h"

#define SQRT_HALF 0.70710678118654752440
#define RIGHT 0.6
#ifndef SWAP_ARRIVED
#define SWAP_ARRIVED 4.0
#endif

/* Agents avoid each other and the walls as discs this much larger than
 * they are: when a jam leaves no velocity that clears every neighbour, the
 * least violation the linear program falls back to eats into the margin
 * rather than into the agents (steer.h: WF_CROWD_MARGIN). */
#define AVOID (1.0 + WF_CROWD_MARGIN)
/* The hard limit is nearer: between the two, a packed jam can still give
 * way while the soft lines part it. */
#define SAFE (1.0 + WF_CROWD_MARGIN / 6.0)

/* The half-plane agent a keeps so as not to meet b within the time
 * horizon tau, taking the share `share` of the avoidance; dt is the step
 * (used when they already overlap: apart within one step); first: a's
 * slot is below b's, which parts two agents on the very same spot. */
static wf__hp agent_line(const wf__agent *a, const wf__agent *b, double tau,
                         double dt, double share, int first) {
    vec2 rp = v2_sub(b->pos, a->pos), rv = v2_sub(a->vel, b->vel);
    double rr = (a->radius + b->radius) * AVOID, d2 = v2_len2(rp), rr2 = rr * rr;
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
    double d = sqrt(v2_len2(diff)), r = a->radius * AVOID;
    if (d - r > x->reach)
        return 1;
    vec2 n = d > 1e-12 ? v2_scale(diff, 1.0 / d) : w->n;
    double least; /* n·v >= least */
    if (d > r)
        least = -(d - r) / x->tau;
    else if (d >= a->radius)
        least = 0.0; /* in the margin: no nearer (rest keeps it) */
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

/* The hard line that keeps agent a from closing more than half the gap
 * to b (their discs grown by the margin) within a step: if b keeps its
 * half too, their centres end the step at least as far apart as the grown
 * discs, or, already closer, no closer than now. Stopping always keeps it,
 * so these lines never leave nothing. */
static wf__hp safety_line(const wf__agent *a, const wf__agent *b, double dt,
                          int first) {
    vec2 e = v2_sub(b->pos, a->pos);
    double d = sqrt(v2_len2(e));
    double gap = d - (a->radius + b->radius) * SAFE;
    vec2 n = d > 0.0 ? v2_scale(e, 1.0 / d) : v2(first ? 1.0 : -1.0, 0.0);
    wf__hp h; /* n·v <= c: left of d is -n */
    h.p = v2_scale(n, gap > 0.0 ? 0.5 * gap / dt : 0.0);
    h.d = v2(-n.y, n.x);
    return h;
}

/* Drops lines [at, at + k) of the n in s. */
static size_t drop_lines(wf__scratch *s, size_t at, size_t k, size_t n) {
    memmove(s->lines + at, s->lines + at + k,
            (n - at - k) * sizeof *s->lines);
    return n - k;
}

/* Solves over the lines: nw walls, na acceleration and ns safety lines,
 * all hard, then the ORCA lines of the neighbours, soft (when they leave
 * nothing, the velocity that violates the worst of them least within the
 * hard ones). When the hard lines leave nothing, the acceleration goes,
 * then the walls; the safety lines alone always leave rest. */
static vec2 solve(const wf__agent *a, wf__scratch *s, size_t nw, size_t na,
                  size_t ns, size_t n, vec2 pref) {
    vec2 v;
    double r = a->max_speed;
    if (wf__lp_solve(s->lines, n, nw + na + ns, r, pref, s->proj, &v))
        return v;
    if (na) {
        n = drop_lines(s, nw, na, n);
        if (wf__lp_solve(s->lines, n, nw + ns, r, pref, s->proj, &v))
            return v;
    }
    n = drop_lines(s, 0, nw, n);
    if (wf__lp_solve(s->lines, n, ns, r, pref, s->proj, &v))
        return v;
    return v2(0.0, 0.0);
}

/* Could b touch a (their discs grown by the margin) within a step or two? */
static int is_near(const wf__agent *a, const wf__agent *b, double d2,
                   double dt) {
    double reach = (a->radius + b->radius) * AVOID +
                   2.0 * dt * (a->max_speed + b->max_speed);
    return d2 <= reach * reach;
}

/* When a neighbour stands in the way (ahead within a second's walk, less
 * than the sum of the radii to the side), the preferred velocity turns
 * partly to the right: every agent keeping to the same side turns a
 * head-on jam (a ring of agents crossing to the antipodes) into a
 * roundabout instead of a standstill. */
static vec2 keep_right(const wf_crowd *c, const wf__agent *a, vec2 pref,
                       const wf__scratch *s, size_t nn) {
    double l2 = v2_len2(pref);
    if (l2 <= 0.0 || a->arrived)
        return pref;
    vec2 f = v2_scale(pref, 1.0 / sqrt(l2));
    /* a neighbour beyond the goal is not in the way */
    double stop = a->mode == WF_STEER_VELOCITY
                      ? INFINITY
                      : sqrt(v2_len2(v2_sub(a->goal, a->pos)));
    for (size_t k = 0; k < nn; k++) {
        const wf__agent *b = &c->ag[s->nb[k]];
        vec2 e = v2_sub(b->pos, a->pos);
        double ahead = v2_dot(e, f), rr = a->radius + b->radius;
        /* ahead, in the way, and not walking on as fast */
        if (ahead <= 0.0 || ahead > rr + a->max_speed || ahead > stop ||
            fabs(v2_cross(f, e)) >= rr ||
            v2_dot(b->vel, f) > 0.5 * v2_dot(a->vel, f))
            continue;
        vec2 right = v2(f.y, -f.x);
        vec2 v = v2_add(pref, v2_scale(right, RIGHT * sqrt(l2)));
        return v2_scale(v, sqrt(l2 / v2_len2(v)));
    }
    return pref;
}

/* A knot of agents pressing on one another from all sides (a ring
 * heading through its middle) stands still under ORCA: each one's way in
 * is shut by its neighbours and the only velocities left lead back out.
 * An agent going to a goal is knotted when it has come no nearer it
 * for KNOT_AFTER steps, moves slowly and is not yet near it. A knotted
 * agent with a knotted neighbour ahead turns its preferred velocity to
 * the right, further the longer it waits, up to KNOT_TURN (past the
 * square: in a tight ring the only way left leads a little outward): all
 * turning the same way, the knot loosens into a roundabout. Where a wall
 * leaves no room to turn, or one of the two is near its goal (it would
 * turn away from it), one of them backs away instead (back_off). (Agents
 * held by others in their places are left to make_way.) */
#define KNOT_AFTER 20
#define KNOT_RATE 0.035 /* radians a step */
#define KNOT_TURN 2.0
#define KNOT_SLOW 0.5
/* Held (for KNOT_AFTER steps, moving slowly, not in its place), near its
 * goal or not. */
static int stuck(const wf__agent *a) {
    double slow = KNOT_SLOW * a->max_speed;
    /* held, not since: since of a neighbour changes during the step */
    return a->mode != WF_STEER_VELOCITY && !a->arrived &&
           a->held > KNOT_AFTER && v2_len2(a->vel) <= slow * slow;
}

static int knotted(const wf__agent *a) {
    double near = 4.0 * a->radius;
    return stuck(a) && v2_len2(v2_sub(a->goal, a->pos)) >= near * near;
}

/* The way agent x can back away along unit u: u, else u turned by 45°,
 * else by 80° (either side), the first with a short step clear of the
 * walls; (0, 0) when none has. */
static vec2 way_back(const wf_crowd *c, const wf__agent *x, vec2 u) {
    static const double cs[5] = {1.0, 0.70710678118654752, 0.70710678118654752,
                                 0.17364817766693035, 0.17364817766693035};
    static const double sn[5] = {0.0, 0.70710678118654752, -0.70710678118654752,
                                 0.98480775301220806, -0.98480775301220806};
    for (int k = 0; k < 5; k++) {
        vec2 w = v2(u.x * cs[k] - u.y * sn[k], u.x * sn[k] + u.y * cs[k]);
        vec2 to = v2_add(x->pos, v2_scale(w, 0.5 * x->radius));
        if (!wf__walls_block(&c->walls, x->pos, to, 0.98 * x->radius))
            return w;
    }
    return v2(0.0, 0.0);
}

/* Two held agents a and b (stuck; b at a + e, e not 0) press on each
 * other, one of them near its goal or a wall keeping a from turning (a
 * doorway): the way a backs away from b along (unit length), or (0, 0)
 * when a stays. It reads only what both see alike, so when each asks it
 * of the other their answers agree: the one that has room to back away
 * backs away, if only one has; else the one further behind (the other
 * more nearly straight ahead of it, by the last step's preferred
 * velocities); on a tie (head on) the one that has waited less, then the
 * higher slot. (Each picks its partner by its own way ahead, and one of
 * two knotted agents may still turn where the other meets a wall, so a
 * pair does not always ask it of each other; the next steps do.) */
static vec2 back_off(const wf_crowd *c, const wf__agent *a,
                     const wf__agent *b, vec2 e) {
    vec2 u = v2_scale(e, 1.0 / sqrt(v2_len2(e)));
    vec2 wa = way_back(c, a, v2_scale(u, -1.0)), wb = way_back(c, b, u);
    int ra = v2_len2(wa) > 0.0, rb = v2_len2(wb) > 0.0;
    if (ra != rb)
        return wa;
    double la = v2_len2(a->pref), lb = v2_len2(b->pref);
    double ca = la > 0.0 ? v2_dot(e, a->pref) / sqrt(la) : -INFINITY;
    double cb = lb > 0.0 ? -v2_dot(e, b->pref) / sqrt(lb) : -INFINITY;
    int yields = ca != cb ? ca > cb
                          : a->held != b->held ? a->held < b->held : a > b;
    return yields ? wa : v2(0.0, 0.0);
}

static vec2 unknot(const wf_crowd *c, const wf__agent *a, vec2 pref,
                   const wf__scratch *s, size_t nn) {
    if (!stuck(a))
        return pref;
    for (size_t k = 0; k < nn; k++) {
        const wf__agent *b = &c->ag[s->nb[k]];
        vec2 e = v2_sub(b->pos, a->pos);
        double rr = (a->radius + b->radius) * AVOID * 1.2;
        if (!stuck(b) || v2_dot(e, pref) <= 0.0 || v2_len2(e) > rr * rr)
            continue;
        /* both far from their goals: turn (a knot); one near its goal,
         * or a wall where they would turn: one backs away */
        if (knotted(a) && knotted(b)) {
            double t = fmin(KNOT_TURN, (a->held - KNOT_AFTER) * KNOT_RATE);
            double cs = cos(t), sn = sin(t);
            vec2 v = v2(pref.x * cs + pref.y * sn, -pref.x * sn + pref.y * cs);
            vec2 to = v2_add(a->pos,
                             v2_scale(v, a->radius / sqrt(v2_len2(v))));
            if (!wf__walls_block(&c->walls, to, to, 0.9 * a->radius))
                return v;
        }
        vec2 w = back_off(c, a, b, e);
        return v2_len2(w) > 0.0 ? v2_scale(w, 0.5 * sqrt(v2_len2(pref)))
                                : pref;
    }
    return pref;
}

/* Is walker b held against a wall (its way round a unit in its place
 * may then pass nearer that unit than its way straight on)? Only asked
 * of a walker already in the way. */
static int wedged(const wf_crowd *c, const wf__agent *b) {
    return b->held > KNOT_AFTER &&
           wf__walls_block(&c->walls, b->pos, b->pos, 1.5 * b->radius);
}

/* An agent in its place steps out of the way of a neighbour that wants to
 * walk into it (by that neighbour's preferred velocity of the last step):
 * to the side of the neighbour's way it already leans to (the right when
 * exactly on it) and a little along it, at about half its top speed,
 * instead of back to its place. ORCA alone would not move it: a
 * neighbour pressing on it at rest is on no collision course. */
static vec2 make_way(const wf_crowd *c, const wf__agent *a, vec2 pref,
                     const wf__scratch *s, size_t nn) {
    if (!a->arrived)
        return pref;
    for (size_t k = 0; k < nn; k++) {
        const wf__agent *b = &c->ag[s->nb[k]];
        double l2 = v2_len2(b->pref);
        if (b->arrived || l2 <= 0.0)
            continue;
        vec2 f = v2_scale(b->pref, 1.0 / sqrt(l2));
        vec2 e = v2_sub(a->pos, b->pos);
        double ahead = v2_dot(e, f), side = v2_cross(f, e);
        double rr = (a->radius + b->radius) * AVOID;
        if (ahead <= 0.0 || fabs(side) >= rr ||
            ahead > rr + (wedged(c, b) ? 1.5 : 0.5) * b->max_speed)
            continue;
        vec2 out = side > 0.0 ? v2(-f.y, f.x) : v2(f.y, -f.x);
        (void)pref; /* not toward its place: that pulls it straight back */
        return v2_scale(v2_add(out, v2_scale(f, 0.5)), 0.5 * a->max_speed);
    }
    return pref;
}

uint32_t wf__crowd_swap_offer(const wf_crowd *c, const wf__agent *a,
                              const uint32_t *nb, size_t nn) {
    if (!a->group || a->mode == WF_STEER_VELOCITY ||
        a->mode == WF_STEER_PATH || a->rest)
        return 0;
    double best = 0.0;
    uint32_t to = 0;
    double here = v2_len2(v2_sub(a->goal, a->pos));
    double near2 = 16.0 * c->o.look_ahead * c->o.look_ahead; /* 4 × */
    for (size_t k = 0; k < nn; k++) {
        const wf__agent *b = &c->ag[nb[k]];
        /* not back with the one it last swapped with: two that keep
         * passing each other's goals would trade them back and forth */
        if (b->group != a->group || b->mode != a->mode || b->rest ||
            a->swapped == nb[k] + 1)
            continue;
        /* the sum of squared distances to the goals falls by gain:
         * symmetric in a and b, so both see the same offer. An agent in
         * its place swaps only among goals near both (straight lines say
         * little of walking far: an agent passing it on a field that leads
         * away from a far goal would swap with it back and forth) */
        double there = v2_len2(v2_sub(b->goal, b->pos));
        double ab = v2_len2(v2_sub(b->goal, a->pos));
        double ba = v2_len2(v2_sub(a->goal, b->pos));
        if ((a->arrived || b->arrived) &&
            fmax(fmax(here, there), fmax(ab, ba)) > near2)
            continue;
        double gain = here + there - ab - ba;
        double rr = a->radius + b->radius;
        /* an agent in its place moves on only for a clear gain */
        double least = (a->arrived || b->arrived ? SWAP_ARRIVED : 0.25) * rr * rr;
        if (gain > least && gain > best) {
            best = gain;
            to = nb[k] + 1;
        }
    }
    return to;
}

void wf__crowd_agent_velocity(wf_crowd *c, size_t i, wf__scratch *s) {
    wf__agent *a = &c->ag[i];
    vec2 pref = wf__crowd_preferred(c, a);
    /* others read a->pref in this pass (make_way): the new one waits in
     * pref_next for the move */
    a->pref_next = pref;
    double dt = c->o.dt;
    double wt = c->o.wall_horizon > dt ? c->o.wall_horizon : dt;
    wall_ctx wx = {a, wt, dt, a->max_speed * wt, s->lines, 0, s->cap};
    double reach = a->radius * AVOID + wx.reach;
    wf__walls_near(&c->walls, a->pos.x - reach, a->pos.y - reach,
                   a->pos.x + reach, a->pos.y + reach, wall_line, &wx);
    size_t nw = wx.n, na = 0;
    if (isfinite(a->max_accel))
        na = accel_lines(a, dt, s->lines + nw);
    size_t nn = wf__crowd_neighbours(c, i, s->nb, s->nd), n = nw + na;
    for (size_t k = 0; k < nn; k++)
        if (is_near(a, &c->ag[s->nb[k]], s->nd[k], dt))
            s->lines[n++] = safety_line(a, &c->ag[s->nb[k]], dt, i < s->nb[k]);
    size_t ns = n - nw - na;
    pref = make_way(c, a, unknot(c, a, keep_right(c, a, pref, s, nn), s, nn),
                    s, nn);
    a->swap = wf__crowd_swap_offer(c, a, s->nb, nn);
    double wa = eff_weight(c, a);
    for (size_t k = 0; k < nn; k++) {
        const wf__agent *b = &c->ag[s->nb[k]];
        double wb = eff_weight(c, b);
        s->lines[n++] = agent_line(a, b, c->o.time_horizon, dt,
                                   wb / (wa + wb), i < s->nb[k]);
    }
    vec2 v = solve(a, s, nw, na, ns, n, pref);
    if (!v2_finite(v))
        v = v2(0.0, 0.0);
    a->vnew = v;
}
