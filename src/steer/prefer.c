/* Preferred velocities: toward a goal (arriving: slowing so as to stop on
 * it), down a flow field (toward the centre of the next cell, then to the
 * agent's own goal once it is near and in sight), along a polyline (aiming
 * look_ahead beyond the nearest point; asking for a new path, replan.c,
 * when the agent was pushed off it or is held). Read by a step's items:
 * each writes only its own agent. */
#include "steer_internal.h"

/* Toward goal at the speed that can still stop on it. */
static vec2 toward(const wf_crowd *c, const wf__agent *a, vec2 goal) {
    vec2 d = v2_sub(goal, a->pos);
    double dist = sqrt(v2_len2(d));
    if (dist <= 0.0)
        return v2(0.0, 0.0);
    double speed = fmin(a->max_speed, dist / c->o.dt);
    if (isfinite(a->max_accel))
        speed = fmin(speed, sqrt(2.0 * a->max_accel * dist));
    return v2_scale(d, speed / dist);
}

/* At full speed toward a point. */
static vec2 heading(const wf__agent *a, vec2 to) {
    vec2 d = v2_sub(to, a->pos);
    double l = sqrt(v2_len2(d));
    return l > 0.0 ? v2_scale(d, a->max_speed / l) : v2(0.0, 0.0);
}

/* Is the agent's goal near and in sight (SIGHT_YES), near but hidden
 * (SIGHT_HIDDEN) or far (SIGHT_NO)? Looked at every SIGHT_EVERY steps
 * (staggered by slot: a swept disc over many walls is the dearest part of
 * a step), kept in a->sight between; SIGHT_NOW: look now. */
#define SIGHT_EVERY 8
enum { SIGHT_NO, SIGHT_YES, SIGHT_NOW, SIGHT_HIDDEN };
static int goal_sight(const wf_crowd *c, wf__agent *a) {
    size_t slot = (size_t)(a - c->ag);
    if (((size_t)c->steps + slot) % SIGHT_EVERY != 0 && a->sight != SIGHT_NOW)
        return a->sight;
    double sw = 8.0 * c->o.look_ahead;
    if (v2_len2(v2_sub(a->goal, a->pos)) > sw * sw)
        a->sight = SIGHT_NO;
    else if (wf__walls_block(&c->walls, a->pos, a->goal, a->radius * 0.5))
        a->sight = SIGHT_HIDDEN;
    else
        a->sight = SIGHT_YES;
    return a->sight;
}

/* Down the field, or straight to the goal once it is near and in sight.
 * Near but hidden (the field leads elsewhere: to the middle of the goals'
 * place, say), or getting no nearer for a while, the agent asks for a path
 * of its own (made at the step's commit: it goes over to WF_STEER_PATH). */
/* Steps since the agent last came 0.1 radius nearer its goal, counted
 * in a->since (read by the knots through a->held, orca.c). */
static uint32_t waited(wf__agent *a) {
    double d = sqrt(v2_len2(v2_sub(a->goal, a->pos)));
    if (d < a->best - 0.1 * a->radius) {
        a->best = d;
        a->since = 0;
        return 0;
    }
    return ++a->since;
}

/* Has the agent come no nearer its goal for STALL_STEPS steps (circling
 * the middle of a place its goal is not in, held by a jam or a corner)? */
static int stalled(wf__agent *a) { return waited(a) > WF__STALL_STEPS; }

/* The field's direction at cell (x, y), or -1 where it has none (its
 * end, or off the grid). */
static int flow_dir(const wf_grid *g, const int8_t *flow, int x, int y) {
    if (!wf_grid_contains(g, x, y))
        return -1;
    int8_t d = flow[(size_t)y * (size_t)wf_grid_width(g) + (size_t)x];
    return d >= 0 && d <= 7 ? d : -1;
}

static vec2 by_flow(const wf_crowd *c, wf__agent *a) {
    const wf_grid *g = c->o.grid;
    if (a->arrived)
        return toward(c, a, a->goal);
    int sight = goal_sight(c, a), held = stalled(a);
    /* held in sight of the goal (behind a jam that does not move): a path
     * of its own too, which goes round the jam when there is a way */
    if (sight == SIGHT_HIDDEN || held)
        a->replan = 1;
    if (sight == SIGHT_YES)
        return toward(c, a, a->goal);
    int x = (int)floor(a->pos.x), y = (int)floor(a->pos.y);
    int dir = flow_dir(g, a->flow, x, y);
    if (dir < 0) {
        if (wf_grid_contains(g, x, y))
            a->replan = 1; /* at the field's end */
        return toward(c, a, a->goal);
    }
    x += wf_field_flow_dx[dir];
    y += wf_field_flow_dy[dir];
    /* the field ends here or next, and the goal is not in sight (the
     * group's place is wide, the agent's own goal elsewhere in it): a path
     * of its own, rather than milling round the field's end */
    if (flow_dir(g, a->flow, x, y) < 0)
        a->replan = 1;
    return heading(a, v2(x + 0.5, y + 0.5));
}

/* The point look_ahead beyond the point of segment k at parameter t. */
static vec2 path_ahead(const wf__agent *a, size_t k, double t, double ahead) {
    vec2 p = v2_add(a->path[k],
                    v2_scale(v2_sub(a->path[k + 1], a->path[k]), t));
    for (; k + 1 < a->path_n; k++) {
        vec2 e = a->path[k + 1];
        double l = sqrt(v2_len2(v2_sub(e, p)));
        if (l >= ahead)
            return v2_add(p, v2_scale(v2_sub(e, p), ahead / l));
        ahead -= l;
        p = e;
    }
    return a->path[a->path_n - 1];
}

/* Corner k of the path (not an end) moved out of its turn by the agent's
 * radius and margin, along the bisector. A path for a point bends on the
 * wall corners themselves, where the agent's disc cannot go: aimed at the
 * corner, an agent beside it (a door's jamb) pushes straight into the wall
 * with nothing along it, and stays; aimed here, it slides round. */
static vec2 corner_out(const wf__agent *a, size_t k) {
    vec2 p = a->path[k];
    vec2 in = v2_sub(p, a->path[k - 1]), out = v2_sub(a->path[k + 1], p);
    double li = sqrt(v2_len2(in)), lo = sqrt(v2_len2(out));
    if (li <= 0.0 || lo <= 0.0)
        return p;
    vec2 d = v2_sub(v2_scale(in, 1.0 / li), v2_scale(out, 1.0 / lo));
    double ld = sqrt(v2_len2(d));
    if (ld < 1e-9)
        return p; /* no turn */
    return v2_add(p, v2_scale(d, a->radius * (1.0 + WF_CROWD_MARGIN) / ld));
}

static vec2 by_path(const wf_crowd *c, wf__agent *a) {
    vec2 end = a->path[a->path_n - 1];
    if (a->path_n < 2 || a->path_at + 1 >= a->path_n || a->arrived)
        return toward(c, a, end);
    /* the nearest point on the next few segments */
    size_t best = a->path_at, last = a->path_at + 4;
    double bt = 0.0, bd = INFINITY;
    for (size_t k = a->path_at; k + 1 < a->path_n && k < last; k++) {
        vec2 s = a->path[k], e = v2_sub(a->path[k + 1], s);
        double l2 = v2_len2(e);
        double t = l2 > 0.0 ? v2_dot(v2_sub(a->pos, s), e) / l2 : 1.0;
        t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
        double d = v2_len2(v2_sub(a->pos, v2_add(s, v2_scale(e, t))));
        if (d <= bd) {
            bd = d;
            best = k;
            bt = t;
        }
    }
    a->path_at = best;
    /* pushed off it, or held (against a corner the path cuts closer than
     * the agent's radius allows, say): a new path from here */
    if (c->o.replan_dist > 0.0 && (c->o.grid || c->o.mesh) &&
        (bd > c->o.replan_dist * c->o.replan_dist || stalled(a)))
        a->replan = 1;
    vec2 to = path_ahead(a, best, bt, c->o.look_ahead);
    if (v2_len2(v2_sub(to, end)) == 0.0)
        return toward(c, a, end);
    /* out of sight: the next corner; without a grid to re-plan on when
     * held beside it, moved out of its turn */
    if (wf__walls_block(&c->walls, a->pos, to, 0.0))
        to = !c->o.grid && best + 2 < a->path_n ? corner_out(a, best + 1)
                                                 : a->path[best + 1];
    return heading(a, to);
}

/* A small nudge, different for every agent and step but fixed by them
 * (a hash of the slot and the step): exactly symmetric crowds (a ring of
 * agents heading for the antipodes) otherwise stall in symmetric jams. */
static vec2 nudge(const wf_crowd *c, const wf__agent *a) {
    uint64_t h = wf__mix(wf__mix(0x5EEDu, (uint64_t)(a - c->ag)),
                         (uint64_t)c->steps);
    double x = (double)(h & 0xFFFF) / 65535.0 - 0.5;
    double y = (double)((h >> 16) & 0xFFFF) / 65535.0 - 0.5;
    return v2_scale(v2(x, y), 0.02 * a->max_speed);
}

vec2 wf__crowd_preferred(const wf_crowd *c, wf__agent *a) {
    vec2 v;
    switch (a->mode) {
    case WF_STEER_GOAL:
        v = toward(c, a, a->goal);
        if (!a->arrived)
            waited(a); /* for unknot (orca.c) */
        break;
    case WF_STEER_FLOW:
        v = by_flow(c, a);
        break;
    case WF_STEER_PATH:
        v = by_path(c, a);
        break;
    default:
        v = a->pref;
        break;
    }
    if (a->mode != WF_STEER_VELOCITY && !a->arrived &&
        v2_len2(v) > 0.25 * a->max_speed * a->max_speed)
        v = v2_add(v, nudge(c, a));
    double l2 = v2_len2(v), m = a->max_speed;
    return l2 > m * m ? v2_scale(v, m / sqrt(l2)) : v;
}
