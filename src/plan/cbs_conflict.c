/* CBS: collisions between the agents' timed paths, by plan.h's rule
 * (wf_team_collide), and the constraints that split one. */
#include <stdlib.h>

#include "cbs_internal.h"

static uint32_t at(const wf__cbs_paths *p, size_t i, size_t t) {
    return p->path[i][t < p->len[i] ? t : p->len[i] - 1];
}

static wf_point point(const wf__team_job *j, uint32_t c) {
    const uint32_t W = (uint32_t)j->g->width;
    return (wf_point){(int)(c % W), (int)(c / W)};
}

/* Do agents making the steps a0 -> a1 and b0 -> b1 collide? */
static int collide(const wf__team_job *j, uint32_t a0, uint32_t a1,
                   uint32_t b0, uint32_t b1) {
    const int k = (int)j->unit.k;
    const wf_point p = point(j, a0), q = point(j, b0);
    /* squares more than k + 1 apart on an axis cannot meet in one step */
    if (abs(p.x - q.x) > k + 1 || abs(p.y - q.y) > k + 1)
        return 0;
    return wf_team_collide(p, point(j, a1), k, q, point(j, b1), k);
}

/* The first step at which an agent on path pa (la cells) and agent b collide, from step `from`;
 * UINT32_MAX when never (both stay on their goals afterwards, which never
 * overlap). */
static uint32_t first_step(const wf__team_job *j, const wf__cbs_paths *p,
                           const uint32_t *pa, uint32_t la, size_t b) {
    const uint32_t lb = p->len[b];
    const uint32_t L = la > lb ? la : lb;
    for (uint32_t t = 0; t + 1 < L; t++) {
        const uint32_t a0 = pa[t < la ? t : la - 1];
        const uint32_t a1 = pa[t + 1 < la ? t + 1 : la - 1];
        if (collide(j, a0, a1, at(p, b, t), at(p, b, t + 1)))
            return t;
    }
    return UINT32_MAX;
}

/* The constraints that split the collision of agents a and b during the
 * step from t to t + 1. */
static void split(const wf__team_job *j, const wf__cbs_paths *p, size_t a,
                  size_t b, uint32_t t, wf__cbs_con *out) {
    const uint32_t a0 = at(p, a, t), a1 = at(p, a, (size_t)t + 1);
    const uint32_t b0 = at(p, b, t), b1 = at(p, b, (size_t)t + 1);
    const wf_point pa = point(j, a1), pb = point(j, b1);
    const int k = (int)j->unit.k;
    if (abs(pa.x - pb.x) < k && abs(pa.y - pb.y) < k) {
        /* their squares overlap at time t + 1, both covering cell v (the
         * overlap's top-left): any plan in which both squares cover v
         * then collides, so one of the two must leave it */
        const uint32_t v =
            (uint32_t)(pa.y > pb.y ? pa.y : pb.y) * (uint32_t)j->g->width +
            (uint32_t)(pa.x > pb.x ? pa.x : pb.x);
        out[0] = (wf__cbs_con){(uint32_t)a, WF__CBS_NONE, v, t + 1};
        out[1] = (wf__cbs_con){(uint32_t)b, WF__CBS_NONE, v, t + 1};
    } else {
        /* they meet during the step: any plan with both steps collides */
        out[0] = (wf__cbs_con){(uint32_t)a, a0, a1, t};
        out[1] = (wf__cbs_con){(uint32_t)b, b0, b1, t};
    }
}

size_t wf__cbs_conflicts(const wf__team_job *j, const wf__cbs_paths *p,
                         wf__cbs_con *out, uint32_t *when, size_t max) {
    size_t n = 0;
    for (size_t a = 0; a < p->n; a++)
        for (size_t b = a + 1; b < p->n; b++) {
            const uint32_t t = first_step(j, p, p->path[a], p->len[a], b);
            if (t == UINT32_MAX || (n == max && t >= when[n - 1]))
                continue;
            /* insert after every earlier or equal step: pairs come in
             * order, so ties stay by pair */
            size_t k = n < max ? n++ : n - 1;
            for (; k > 0 && when[k - 1] > t; k--) {
                when[k] = when[k - 1];
                out[2 * k] = out[2 * k - 2];
                out[2 * k + 1] = out[2 * k - 1];
            }
            when[k] = t;
            split(j, p, a, b, t, out + 2 * k);
        }
    return n;
}

uint32_t wf__cbs_step_conflicts(const wf__team_job *j, const wf__cbs_paths *p,
                                size_t i, uint32_t u, uint32_t v,
                                uint32_t t) {
    uint32_t n = 0;
    for (size_t b = 0; b < p->n; b++)
        if (b != i && p->len[b] &&
            collide(j, u, v, at(p, b, t), at(p, b, (size_t)t + 1)))
            n++;
    return n;
}

uint32_t wf__cbs_conflicts_of(const wf__team_job *j, const wf__cbs_paths *p,
                              size_t i, const uint32_t *path, uint32_t len) {
    uint32_t n = 0;
    for (size_t b = 0; b < p->n; b++)
        if (b != i && p->len[b] &&
            first_step(j, p, path, len, b) != UINT32_MAX)
            n++;
    return n;
}
