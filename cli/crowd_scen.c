/* The crowd scenarios and their monitor (crowd_scen.h). */
#define _POSIX_C_SOURCE 200809L
#include "crowd_scen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PI 3.14159265358979323846

static wf_status scen_begin(wf_crowd_scen *s, size_t n, const wf_grid *g) {
    memset(s, 0, sizeof *s);
    wf_crowd_opts o = wf_crowd_opts_default();
    o.grid = g;
    wf_status st = wf_crowd_create(&o, NULL, &s->crowd);
    if (st != WF_OK)
        return st;
    s->ids = calloc(n ? n : 1, sizeof *s->ids);
    s->radius = calloc(n ? n : 1, sizeof *s->radius);
    return s->ids && s->radius ? WF_OK : WF_E_NOMEM;
}

static wf_status scen_add(wf_crowd_scen *s, wf_vec2 p, double r, double speed) {
    wf_agent_opts a = wf_agent_opts_default();
    a.position = p;
    a.radius = r;
    a.max_speed = speed;
    wf_status st = wf_crowd_add(s->crowd, &a, &s->ids[s->n]);
    if (st == WF_OK)
        s->radius[s->n++] = r;
    return st;
}

void wf_cscen_free(wf_crowd_scen *s) {
    wf_crowd_destroy(s->crowd);
    wf_grid_destroy(s->grid);
    free(s->flow);
    free(s->dist);
    free(s->ids);
    free(s->radius);
    memset(s, 0, sizeof *s);
}

wf_status wf_cscen_circle(wf_crowd_scen *s, size_t n, double r) {
    wf_status st = scen_begin(s, n, NULL);
    double R = (double)n * 1.4 * 2.0 * r / (2.0 * PI);
    if (R < 10.0 * r)
        R = 10.0 * r;
    for (size_t i = 0; i < n && st == WF_OK; i++) {
        double t = 2.0 * PI * (double)i / (double)n;
        wf_vec2 p = {R * cos(t), R * sin(t)}, q = {-p.x, -p.y};
        st = scen_add(s, p, r, 1.0);
        if (st == WF_OK)
            st = wf_crowd_set_goal(s->crowd, s->ids[i], q);
    }
    /* the crossing takes 2R at speed 1: twice that, and room for the knot
     * in the middle, which larger discs take longer to unwind */
    s->max_steps = (long)(2.0 * R / 0.1 * 2.0) +
                   (long)(500.0 * fmax(1.0, r / 0.5));
    return st;
}

wf_status wf_cscen_crossing(wf_crowd_scen *s, size_t n, double r) {
    wf_status st = scen_begin(s, n, NULL);
    wf_vec2 *goals = malloc((n ? n : 1) * sizeof *goals);
    if (!goals)
        return WF_E_NOMEM;
    /* the left block has n / 2 agents, the top one the rest */
    size_t half = n / 2;
    int side = (int)ceil(sqrt((double)(n - half)));
    double gap = 3.0 * r, far = 20.0 + side * gap;
    for (size_t i = 0; i < n && st == WF_OK; i++) {
        size_t k = i < half ? i : i - half;
        double a = (double)(k % (size_t)side) * gap, b = (double)(k / (size_t)side) * gap;
        wf_vec2 p, q;
        if (i < half) { /* left to right */
            p = (wf_vec2){-far + a, b - side * gap / 2};
            q = (wf_vec2){far - side * gap + a, p.y};
        } else {        /* top to bottom */
            p = (wf_vec2){b - side * gap / 2, -far + a};
            q = (wf_vec2){p.x, far - side * gap + a};
        }
        goals[i] = q;
        st = scen_add(s, p, r, 1.0);
    }
    /* each block is a group with its packed goals */
    if (st == WF_OK && half)
        st = wf_crowd_assign_goals(s->crowd, s->ids, goals, half, NULL);
    if (st == WF_OK)
        st = wf_crowd_assign_goals(s->crowd, s->ids + half, goals + half,
                                   n - half, NULL);
    free(goals);
    s->max_steps = (long)(4.0 * far / 0.1) + 400;
    return st;
}

/* The Dijkstra map from cell c and its flow field, into s. */
static wf_status scen_field(wf_crowd_scen *s, wf_point c) {
    size_t cells = (size_t)wf_grid_width(s->grid) * wf_grid_height(s->grid);
    s->dist = malloc(cells * sizeof *s->dist);
    s->flow = malloc(cells);
    if (!s->dist || !s->flow)
        return WF_E_NOMEM;
    wf_search *ws;
    wf_status st = wf_search_create(NULL, &ws);
    if (st != WF_OK)
        return st;
    wf_field_source src = {c, 0.0};
    st = wf_field_dijkstra_grid(ws, s->grid, &src, 1, wf_move_default(), NULL,
                                s->dist);
    wf_search_destroy(ws);
    if (st != WF_OK)
        return st;
    wf_layer l = {s->dist, cells};
    return wf_field_flow_grid(s->grid, l, wf_move_default(), NULL, s->flow);
}

/* Every agent follows the field, goals shared out by depth. */
static wf_status scen_flow_goals(wf_crowd_scen *s, const wf_vec2 *goals) {
    for (size_t i = 0; i < s->n; i++) {
        wf_status st = wf_crowd_set_flow(s->crowd, s->ids[i], s->flow,
                                         goals[i]);
        if (st != WF_OK)
            return st;
    }
    return wf_crowd_assign_goals(s->crowd, s->ids, goals, s->n, s->dist);
}

wf_status wf_cscen_door(wf_crowd_scen *s, size_t n, double r) {
    int side = (int)ceil(sqrt((double)n)), w = 4 * side + 12, h = 2 * side + 8;
    wf_grid *g;
    wf_status st = wf_grid_create(w, h, NULL, &g);
    if (st != WF_OK)
        return st;
    for (int y = 0; y < h; y++)
        if (y < h / 2 - 1 || y > h / 2 + 1)
            wf_grid_set(g, w / 2, y, WF_TERRAIN_WALL);
    st = scen_begin(s, n, g);
    s->grid = g;
    if (st != WF_OK)
        return st;
    wf_vec2 *goals = malloc((n ? n : 1) * sizeof *goals);
    if (!goals)
        return WF_E_NOMEM;
    int y0 = h / 2 - side;
    for (size_t i = 0; i < n && st == WF_OK; i++) {
        int a = (int)(i % (size_t)side), b = (int)(i / (size_t)side);
        wf_vec2 p = {2.0 + 1.5 * a + 0.5, y0 + 2.0 * b + 0.5};
        goals[i] = (wf_vec2){w / 2 + 4 + 1.5 * a + 0.5, p.y};
        st = scen_add(s, p, r, 1.0);
    }
    wf_point c = {w / 2 + 4 + side / 2, h / 2};
    if (st == WF_OK)
        st = scen_field(s, c);
    if (st == WF_OK)
        st = scen_flow_goals(s, goals);
    free(goals);
    /* about a step and a half an agent through the door, and the walk */
    s->max_steps = 1500 + 25 * (long)n;
    return st;
}

wf_status wf_cscen_rts(wf_crowd_scen *s, const char *path, size_t n, double r,
                      uint64_t seed) {
    wf_grid *g;
    wf_status st = wf_movingai_map_read(path, NULL, &g, NULL);
    if (st != WF_OK)
        return st;
    st = scen_begin(s, n, g);
    s->grid = g;
    /* starts and goals where a 2 x 2 square is free, the units at its
     * middle: none parked in a one-cell gap, which would shut it for
     * everyone behind (the field still leads through such gaps) */
    wf_move room = wf_move_default();
    room.size = 2;
    wf_agent *ag = malloc((n ? n : 1) * sizeof *ag);
    wf_vec2 *goals = malloc((n ? n : 1) * sizeof *goals);
    if (st == WF_OK && (!ag || !goals))
        st = WF_E_NOMEM;
    if (st == WF_OK)
        st = wf_place_agents(g, seed, room, NULL, n, 1, ag, NULL);
    for (size_t i = 0; i < n && st == WF_OK; i++) {
        double mid = 0.5 * room.size;
        wf_vec2 p = {ag[i].start.x + mid, ag[i].start.y + mid};
        goals[i] = (wf_vec2){ag[i].goal.x + mid, ag[i].goal.y + mid};
        st = scen_add(s, p, r, 1.0);
    }
    /* the goals are the places nearest one cell: the field leads to the
     * goal nearest their mean */
    wf_vec2 mid = {0.0, 0.0};
    for (size_t i = 0; i < n && st == WF_OK; i++) {
        mid.x += goals[i].x / (double)n;
        mid.y += goals[i].y / (double)n;
    }
    size_t centre = 0;
    for (size_t i = 1; i < n && st == WF_OK; i++)
        if (hypot(goals[i].x - mid.x, goals[i].y - mid.y) <
            hypot(goals[centre].x - mid.x, goals[centre].y - mid.y))
            centre = i;
    if (st == WF_OK)
        st = scen_field(s, ag[centre].goal);
    if (st == WF_OK)
        st = scen_flow_goals(s, goals);
    /* the way across (3,000 steps up to 256 cells a side; beyond, 14 a
     * cell: 1.4 cells of walking at 10 steps a cell) and the queue into
     * the goals' place, which grows with the crowd */
    int side = wf_grid_width(g) > wf_grid_height(g) ? wf_grid_width(g)
                                                     : wf_grid_height(g);
    s->max_steps = 3000 + 14 * (long)(side > 256 ? side - 256 : 0) +
                   5 * (long)n;
    free(ag);
    free(goals);
    return st;
}

/* ---- the monitor ---------------------------------------------------------- */

typedef struct disc {
    double x, y, r;
} disc;

static int by_x(const void *a, const void *b) {
    const disc *p = a, *q = b;
    return p->x < q->x ? -1 : p->x > q->x;
}

/* Overlap / radius of disc d with the blocked cells (and the outside). */
static double wall_overlap(const wf_grid *g, disc d) {
    double worst = 0.0;
    for (int y = (int)floor(d.y - d.r); y <= (int)floor(d.y + d.r); y++)
        for (int x = (int)floor(d.x - d.r); x <= (int)floor(d.x + d.r); x++) {
            if (wf_grid_contains(g, x, y) && wf_grid_passable(g, x, y))
                continue;
            double cx = fmax(x, fmin(d.x, x + 1.0));
            double cy = fmax(y, fmin(d.y, y + 1.0));
            double dist = sqrt((cx - d.x) * (cx - d.x) + (cy - d.y) * (cy - d.y));
            if (d.r - dist > worst * d.r)
                worst = (d.r - dist) / d.r;
        }
    return worst;
}

void wf_cscen_measure(const wf_crowd_scen *s, wf_crowd_report *rep) {
    disc *d = malloc((s->n ? s->n : 1) * sizeof *d);
    double rmax = 0.0;
    for (size_t i = 0; i < s->n; i++) {
        wf_agent_state a;
        wf_crowd_get(s->crowd, s->ids[i], &a);
        d[i] = (disc){a.position.x, a.position.y, s->radius[i]};
        rmax = fmax(rmax, s->radius[i]);
        if (s->grid) {
            double o = wall_overlap(s->grid, d[i]);
            rep->max_wall = fmax(rep->max_wall, o);
        }
    }
    /* pairs further apart in x are over twice the sum of their radii apart
     * (crowd_scen.h: min_sep stays infinite when no pair came that near) */
    qsort(d, s->n, sizeof *d, by_x);
    for (size_t i = 0; i < s->n; i++)
        for (size_t j = i + 1; j < s->n && d[j].x - d[i].x < 4.0 * rmax; j++) {
            double dx = d[j].x - d[i].x, dy = d[j].y - d[i].y;
            double ratio = sqrt(dx * dx + dy * dy) / (d[i].r + d[j].r);
            rep->min_sep = fmin(rep->min_sep, ratio);
        }
    free(d);
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

wf_status wf_cscen_run(wf_crowd_scen *s, wf_pool *pool, int measure,
                      wf_crowd_report *rep) {
    memset(rep, 0, sizeof *rep);
    rep->min_sep = INFINITY;
    rep->last_arrival = -1;
    double ms = 0.0;
    while (rep->steps < s->max_steps && wf_crowd_arrived(s->crowd) < s->n) {
        double t0 = now_ms();
        wf_status st = wf_crowd_step(s->crowd, pool);
        ms += now_ms() - t0;
        if (st != WF_OK)
            return st;
        rep->steps++;
        if (measure)
            wf_cscen_measure(s, rep);
        if (s->on_step)
            s->on_step(s->on_step_ud, s, rep->steps);
    }
    for (size_t i = 0; i < s->n; i++) {
        wf_agent_state a;
        wf_crowd_get(s->crowd, s->ids[i], &a);
        if (a.arrived_step >= 0) {
            rep->arrived++;
            if (a.arrived_step > rep->last_arrival)
                rep->last_arrival = a.arrived_step;
        }
    }
    rep->ms_per_step = rep->steps ? ms / (double)rep->steps : 0.0;
    return WF_OK;
}
