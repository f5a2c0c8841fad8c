/* What steers each agent (set by the caller between steps), what the
 * caller reads back, goals shared out within a group, and a mesh's
 * boundary as walls. */
#include <stdlib.h>

#include "steer_internal.h"

/* Leaves the arrived state, as a new order does. */
static void reset_arrival(wf_crowd *c, wf__agent *a) {
    if (a->arrived)
        c->arrived--;
    a->arrived = 0;
    a->sight = 2; /* a new goal: look for it at once */
    a->best = INFINITY;
    a->since = a->held = 0;
    a->swapped = 0;
}

/* A new order for one agent: it leaves its group. */
static void own_order(wf_crowd *c, wf__agent *a) {
    reset_arrival(c, a);
    a->group = 0;
}

wf_status wf_crowd_set_velocity(wf_crowd *c, wf_agent_id id, wf_vec2 v) {
    wf__agent *a = wf__crowd_find(c, id);
    if (!a || !v2_finite(v))
        return WF_E_INVALID_ARG;
    own_order(c, a);
    a->mode = WF_STEER_VELOCITY;
    a->pref = v;
    return WF_OK;
}

wf_status wf_crowd_set_goal(wf_crowd *c, wf_agent_id id, wf_vec2 goal) {
    wf__agent *a = wf__crowd_find(c, id);
    if (!a || !v2_finite(goal))
        return WF_E_INVALID_ARG;
    own_order(c, a);
    a->mode = WF_STEER_GOAL;
    a->goal = goal;
    return WF_OK;
}

wf_status wf_crowd_set_flow(wf_crowd *c, wf_agent_id id, const int8_t *dirs,
                            wf_vec2 goal) {
    wf__agent *a = wf__crowd_find(c, id);
    if (!a || !dirs || !c->o.grid || !v2_finite(goal))
        return WF_E_INVALID_ARG;
    own_order(c, a);
    a->mode = WF_STEER_FLOW;
    a->flow = dirs;
    a->goal = goal;
    return WF_OK;
}

int wf__agent_path_room(wf_crowd *c, wf__agent *a, size_t n) {
    if (n <= a->path_cap)
        return 1;
    size_t cap = n > WF__PATH_MIN_CAP ? n : WF__PATH_MIN_CAP, bytes;
    if (!wf__mul_size(cap, sizeof *a->path, &bytes))
        return 0;
    vec2 *p = wf__realloc(&c->alloc, a->path, a->path_cap * sizeof *p, bytes);
    if (!p)
        return 0;
    a->path = p;
    a->path_cap = cap;
    return 1;
}

wf_status wf_crowd_set_path(wf_crowd *c, wf_agent_id id, const wf_vec2 *pts,
                            size_t n) {
    wf__agent *a = wf__crowd_find(c, id);
    if (!a || !pts || !n)
        return WF_E_INVALID_ARG;
    for (size_t k = 0; k < n; k++)
        if (!v2_finite(pts[k]))
            return WF_E_INVALID_ARG;
    if (!wf__agent_path_room(c, a, n))
        return WF_E_NOMEM;
    memcpy(a->path, pts, n * sizeof *pts);
    own_order(c, a);
    a->path_n = n;
    a->path_at = 0;
    a->mode = WF_STEER_PATH;
    a->goal = pts[n - 1];
    return WF_OK;
}

wf_status wf_crowd_get(const wf_crowd *c, wf_agent_id id,
                       wf_agent_state *out) {
    const wf__agent *a = wf__crowd_find(c, id);
    if (!a || !out)
        return WF_E_INVALID_ARG;
    out->position = a->pos;
    out->velocity = a->vel;
    out->preferred = a->pref;
    out->goal = a->goal;
    out->radius = a->radius;
    out->max_speed = a->max_speed;
    out->max_accel = a->max_accel;
    out->weight = a->weight;
    out->mode = (wf_steer_mode)a->mode;
    out->arrived = a->arrived;
    out->arrived_step = a->arrived_step;
    out->replans = a->replans;
    return WF_OK;
}

size_t wf_crowd_export(const wf_crowd *c, wf_agent_id *ids, wf_vec2 *pos,
                       wf_vec2 *vel, size_t cap) {
    if (!c)
        return 0;
    size_t k = 0;
    for (size_t i = 0; i < c->n_slots; i++) {
        const wf__agent *a = &c->ag[i];
        if (!a->gen)
            continue;
        if (k < cap) {
            if (ids)
                ids[k] = (uint64_t)a->gen << 32 | i;
            if (pos)
                pos[k] = a->pos;
            if (vel)
                vel[k] = a->vel;
        }
        k++;
    }
    return k;
}

/* ---- goals within a group ------------------------------------------------ */

typedef struct keyed {
    double key;
    size_t idx;
} keyed;

static int by_key(const void *x, const void *y) {
    const keyed *a = x, *b = y;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* How far p is from the goals' place: dist sampled at its cell (INFINITY
 * off the grid); else, for a group coming from one side (way: the unit
 * vector from the agents' mean to the goals' mean mid), how far p is
 * short of mid along the way (negative beyond it); else the distance to
 * mid. */
static double depth(const wf_crowd *c, const float *dist, vec2 p, vec2 mid,
                    vec2 way) {
    if (!dist && v2_len2(way) > 0.0)
        return v2_dot(v2_sub(mid, p), way);
    if (!dist)
        return sqrt(v2_len2(v2_sub(p, mid)));
    const wf_grid *g = c->o.grid;
    int x = (int)floor(p.x), y = (int)floor(p.y);
    if (!wf_grid_contains(g, x, y))
        return INFINITY;
    return dist[(size_t)y * (size_t)wf_grid_width(g) + (size_t)x];
}

/* The goals' mean; way: the unit vector from the agents' mean to it when
 * the agents are all outside the goals' place (further from the mean than
 * every goal), else 0. */
static vec2 group_way(const wf_crowd *c, const wf_agent_id *ids,
                      const wf_vec2 *goals, size_t n, vec2 *way) {
    vec2 mid = v2(0.0, 0.0), from = v2(0.0, 0.0);
    for (size_t i = 0; i < n; i++) {
        mid = v2_add(mid, v2_scale(goals[i], 1.0 / (double)n));
        from = v2_add(from, v2_scale(wf__crowd_find(c, ids[i])->pos,
                                     1.0 / (double)n));
    }
    double reach = 0.0;
    for (size_t i = 0; i < n; i++)
        reach = fmax(reach, v2_len2(v2_sub(goals[i], mid)));
    vec2 u = v2_sub(mid, from);
    double l2 = v2_len2(u);
    *way = l2 > reach && l2 > 0.0 ? v2_scale(u, 1.0 / sqrt(l2)) : v2(0.0, 0.0);
    return mid;
}

static int check_group(const wf_crowd *c, const wf_agent_id *ids,
                       const wf_vec2 *goals, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const wf__agent *a = wf__crowd_find(c, ids[i]);
        if (!a || !v2_finite(goals[i]) || a->replan)
            return 0;
        ((wf__agent *)a)->replan = 1; /* marks a repeat; cleared below */
    }
    return 1;
}

/* Where agent a enters the goals' place: following its flow field from
 * its cell until the field's distance is within the deepest goal's
 * (dmax); its own position when it has no field or no dist is given. */
static vec2 entry(const wf_crowd *c, const wf__agent *a, const float *dist,
                  double dmax) {
    const wf_grid *g = c->o.grid;
    if (!dist || a->mode != WF_STEER_FLOW)
        return a->pos;
    int x = (int)floor(a->pos.x), y = (int)floor(a->pos.y);
    int w = wf_grid_width(g), limit = 4 * (w + wf_grid_height(g));
    for (int k = 0; k < limit && wf_grid_contains(g, x, y); k++) {
        size_t cell = (size_t)y * (size_t)w + (size_t)x;
        int8_t dir = a->flow[cell];
        if (dist[cell] <= dmax || dir < 0 || dir > 7)
            break;
        x += wf_field_flow_dx[dir];
        y += wf_field_flow_dy[dir];
    }
    return v2(x + 0.5, y + 0.5);
}

/* Greedy matching, agents by depth (k[0..n)): each takes the goal left
 * that is nearest where it enters, counting DEEPER times a goal's depth
 * against it, so the first to come stop deep along their way in and the
 * later ones short of them, on their own side. goal_of[i]: agent k[i]'s
 * goal. O(n^2). */
#define DEEPER 1.5
static void match_greedy(const wf_crowd *c, const wf_agent_id *ids,
                         const wf_vec2 *goals, const keyed *k, size_t n,
                         const float *dist, size_t *goal_of) {
    const keyed *gk = k + n; /* goals by depth; depth is its key */
    double dmax = gk[n - 1].key;
    size_t *left = goal_of + n; /* goals not yet taken, by index into gk */
    for (size_t j = 0; j < n; j++)
        left[j] = j;
    size_t nleft = n;
    for (size_t i = 0; i < n; i++) {
        vec2 e = entry(c, wf__crowd_find(c, ids[k[i].idx]), dist, dmax);
        size_t best = 0;
        double bc = INFINITY;
        for (size_t j = 0; j < nleft; j++) {
            const keyed *g = &gk[left[j]];
            double cost = sqrt(v2_len2(v2_sub(goals[g->idx], e))) +
                          DEEPER * g->key;
            if (cost < bc) {
                bc = cost;
                best = j;
            }
        }
        goal_of[i] = gk[left[best]].idx;
        left[best] = left[--nleft]; /* order of the rest: by index, stable */
    }
}

/* Above this many agents a group is matched by depth rank alone. */
#define GREEDY_MAX 4096

wf_status wf_crowd_assign_goals(wf_crowd *c, const wf_agent_id *ids,
                                const wf_vec2 *goals, size_t n,
                                const float *dist) {
    if (!c || (n && (!ids || !goals)) || (dist && !c->o.grid))
        return WF_E_INVALID_ARG;
    int ok = check_group(c, ids, goals, n);
    for (size_t i = 0; i < n; i++) {
        wf__agent *a = wf__crowd_find(c, ids[i]);
        if (a)
            a->replan = 0;
    }
    if (!ok)
        return WF_E_INVALID_ARG;
    size_t bytes;
    if (!n)
        return WF_OK;
    if (!wf__mul_size(2 * n, sizeof(keyed) + sizeof(size_t), &bytes))
        return WF_E_NOMEM;
    keyed *k = wf__alloc(&c->alloc, bytes);
    if (!k)
        return WF_E_NOMEM;
    size_t *goal_of = (size_t *)(k + 2 * n);
    vec2 way;
    vec2 mid = group_way(c, ids, goals, n, &way);
    for (size_t i = 0; i < n; i++) {
        vec2 p = wf__crowd_find(c, ids[i])->pos;
        k[i] = (keyed){depth(c, dist, p, mid, way), i};
        k[n + i] = (keyed){depth(c, dist, goals[i], mid, way), i};
    }
    qsort(k, n, sizeof *k, by_key);
    qsort(k + n, n, sizeof *k, by_key);
    if (n <= GREEDY_MAX && isfinite(k[2 * n - 1].key))
        match_greedy(c, ids, goals, k, n, dist, goal_of);
    else
        for (size_t i = 0; i < n; i++)
            goal_of[i] = k[n + i].idx;
    if (++c->groups == 0)
        c->groups = 1; /* 0 is no group */
    for (size_t i = 0; i < n; i++) {
        wf__agent *a = wf__crowd_find(c, ids[k[i].idx]);
        reset_arrival(c, a);
        a->group = c->groups;
        a->goal = goals[goal_of[i]];
        if (a->mode != WF_STEER_FLOW)
            a->mode = WF_STEER_GOAL;
    }
    wf__free(&c->alloc, k, bytes);
    return WF_OK;
}

/* ---- a mesh's boundary ---------------------------------------------------- */

/* The boundary edges of polygon p as walls; pts/nbr hold its corners. */
static wf_status polygon_walls(wf_crowd *c, const wf_mesh *m, size_t p,
                               wf_vec2 *pts, long *nbr, size_t max) {
    size_t k = wf_mesh_polygon(m, p, pts, nbr, max);
    /* the polygon's turn decides which side of an edge is inside */
    double area = 0.0;
    for (size_t i = 0; i < k; i++)
        area += v2_cross(pts[i], pts[(i + 1) % k]);
    for (size_t i = 0; i < k; i++) {
        if (nbr[i] != -1)
            continue;
        vec2 a = pts[i], b = pts[(i + 1) % k];
        wf_status s = area < 0.0 ? wf__walls_append(&c->walls, &c->alloc, b, a)
                                 : wf__walls_append(&c->walls, &c->alloc, a, b);
        if (s != WF_OK)
            return s;
    }
    return WF_OK;
}

wf_status wf_crowd_add_mesh_walls(wf_crowd *c, const wf_mesh *m) {
    if (!c || !m)
        return WF_E_INVALID_ARG;
    wf_mesh_info info;
    wf_status s = wf_mesh_describe(m, &info);
    if (s != WF_OK)
        return s;
    size_t max = 3;
    for (size_t p = 0; p < info.polygons; p++) {
        size_t k = wf_mesh_polygon(m, p, NULL, NULL, 0);
        max = k > max ? k : max;
    }
    wf_vec2 *pts = wf__alloc(&c->alloc, max * (sizeof *pts + sizeof(long)));
    if (!pts)
        return WF_E_NOMEM;
    long *nbr = (long *)(pts + max);
    for (size_t p = 0; p < info.polygons && s == WF_OK; p++)
        s = polygon_walls(c, m, p, pts, nbr, max);
    wf__free(&c->alloc, pts, max * (sizeof *pts + sizeof(long)));
    return s == WF_OK ? wf__walls_index(&c->walls, &c->alloc) : s;
}
