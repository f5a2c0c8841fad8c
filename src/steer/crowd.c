/* The crowd: its options, its agents in slots with stable handles
 * (generation << 32 | slot; a removed agent's slot is reused by a later
 * one with the next generation), and what steers each agent. */
#include "steer_internal.h"

#define MAX_SLOTS 0xFFFFFFFEu

wf_crowd_opts wf_crowd_opts_default(void) {
    wf_crowd_opts o;
    memset(&o, 0, sizeof o);
    o.dt = 0.1;
    o.time_horizon = 2.0;
    o.wall_horizon = 0.5;
    o.max_neighbours = 64;
    o.arrive_dist = 0.05;
    o.yield_weight = 0.1;
    o.look_ahead = 2.0;
    o.replan_dist = 2.0;
    return o;
}

wf_agent_opts wf_agent_opts_default(void) {
    wf_agent_opts a;
    memset(&a, 0, sizeof a);
    a.radius = 0.4;
    a.max_speed = 1.0;
    a.max_accel = INFINITY;
    a.weight = 1.0;
    return a;
}

/* Zeroed members take their defaults; 0 when one is out of range. */
static int fill_opts(const wf_crowd_opts *in, wf_crowd_opts *o) {
    wf_crowd_opts d = wf_crowd_opts_default();
    *o = in ? *in : d;
#define DEF(m) if (o->m == 0) o->m = d.m
    DEF(dt); DEF(time_horizon); DEF(wall_horizon); DEF(max_neighbours);
    DEF(arrive_dist); DEF(yield_weight); DEF(look_ahead);
#undef DEF
    return isfinite(o->dt) && o->dt > 0 && isfinite(o->time_horizon) &&
           o->time_horizon > 0 && isfinite(o->wall_horizon) &&
           o->wall_horizon > 0 && isfinite(o->neighbour_dist) &&
           o->neighbour_dist >= 0 && o->max_neighbours >= 1 &&
           o->max_neighbours <= 1024 && isfinite(o->arrive_dist) &&
           o->arrive_dist > 0 && o->yield_weight > 0 &&
           o->yield_weight <= 1 && isfinite(o->look_ahead) &&
           o->look_ahead > 0 && isfinite(o->replan_dist) &&
           o->replan_dist >= 0;
}

wf_status wf_crowd_create(const wf_crowd_opts *opts,
                          const wf_allocator *alloc, wf_crowd **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    wf_crowd_opts o;
    if (!fill_opts(opts, &o))
        return WF_E_INVALID_ARG;
    wf_allocator a = wf__allocator(alloc);
    wf_crowd *c = wf__alloc(&a, sizeof *c);
    if (!c)
        return WF_E_NOMEM;
    memset(c, 0, sizeof *c);
    c->alloc = a;
    c->o = o;
    if (o.grid) {
        wf_status s = wf__walls_from_grid(&c->walls, &c->alloc, o.grid);
        if (s != WF_OK) {
            wf_crowd_destroy(c);
            return s;
        }
    }
    *out = c;
    return WF_OK;
}

static void free_scratch(wf_crowd *c) {
    for (int t = 0; t < c->n_scr; t++) {
        wf__scratch *s = &c->scr[t];
        wf__free(&c->alloc, s->lines, 2 * s->cap * sizeof *s->lines);
        wf__free(&c->alloc, s->nb, (size_t)c->o.max_neighbours * sizeof *s->nb);
        wf__free(&c->alloc, s->nd, (size_t)c->o.max_neighbours * sizeof *s->nd);
    }
    wf__free(&c->alloc, c->scr, (size_t)c->n_scr * sizeof *c->scr);
    c->scr = NULL;
    c->n_scr = 0;
}

void wf_crowd_destroy(wf_crowd *c) {
    if (!c)
        return;
    wf_allocator a = c->alloc;
    for (size_t i = 0; i < c->n_slots; i++)
        wf__free(&a, c->ag[i].path, c->ag[i].path_cap * sizeof(vec2));
    wf__free(&a, c->ag, c->cap * sizeof *c->ag);
    wf__free(&a, c->free_slots, c->free_cap * sizeof *c->free_slots);
    wf__free(&a, c->hstart, c->hcells_cap * sizeof *c->hstart);
    wf__free(&a, c->horder, c->horder_cap * sizeof *c->horder);
    wf__free(&a, c->hpos, c->hpos_cap * sizeof *c->hpos);
    wf__free(&a, c->hcell, c->hcell_cap * sizeof *c->hcell);
    wf__free(&a, c->spos, c->spos_cap * sizeof *c->spos);
    wf__free(&a, c->mark, c->mark_cap);
    wf__walls_free(&c->walls, &a);
    free_scratch(c);
    wf_search_destroy(c->ws);
    wf_grid_destroy(c->jam);
    wf_mesh_query_destroy(c->mq);
    wf__free(&a, c, sizeof *c);
}

static int wall_ok(const wf_vec2 *e) {
    return v2_finite(e[0]) && v2_finite(e[1]) &&
           (e[0].x != e[1].x || e[0].y != e[1].y);
}

wf_status wf_crowd_add_walls(wf_crowd *c, const wf_vec2 *ends, size_t n) {
    if (!c || (n && !ends))
        return WF_E_INVALID_ARG;
    for (size_t i = 0; i < n; i++)
        if (!wall_ok(ends + 2 * i))
            return WF_E_INVALID_ARG;
    for (size_t i = 0; i < n; i++) {
        wf_status s = wf__walls_append(&c->walls, &c->alloc, ends[2 * i],
                                       ends[2 * i + 1]);
        if (s != WF_OK)
            return s;
    }
    return wf__walls_index(&c->walls, &c->alloc);
}

wf__agent *wf__crowd_find(const wf_crowd *c, wf_agent_id id) {
    if (!c)
        return NULL;
    uint64_t slot = id & 0xFFFFFFFFu;
    uint32_t gen = (uint32_t)(id >> 32);
    if (slot >= c->n_slots || gen == 0 || c->ag[slot].gen != gen)
        return NULL;
    return &c->ag[slot];
}

static int agent_ok(const wf_agent_opts *a) {
    return v2_finite(a->position) && v2_finite(a->velocity) &&
           isfinite(a->radius) && a->radius > 0 && isfinite(a->max_speed) &&
           a->max_speed > 0 && !isnan(a->max_accel) && a->max_accel > 0 &&
           isfinite(a->weight) && a->weight > 0;
}

/* A free slot (reused first) or a new one; SIZE_MAX when none. */
static size_t take_slot(wf_crowd *c, wf_status *st) {
    if (c->n_free)
        return c->free_slots[--c->n_free];
    if (c->n_slots >= MAX_SLOTS) {
        *st = WF_E_TOO_BIG;
        return SIZE_MAX;
    }
    if (c->n_slots == c->cap) {
        size_t nc = c->cap ? c->cap * 2 : 64, b1;
        *st = WF_E_NOMEM;
        if (!wf__mul_size(nc, sizeof *c->ag, &b1))
            return SIZE_MAX;
        if (c->mark_cap < nc) {
            uint8_t *m = wf__realloc(&c->alloc, c->mark, c->mark_cap, nc);
            if (!m)
                return SIZE_MAX;
            memset(m + c->mark_cap, 0, nc - c->mark_cap);
            c->mark = m;
            c->mark_cap = nc;
        }
        wf__agent *ag = wf__realloc(&c->alloc, c->ag, c->cap * sizeof *ag, b1);
        if (!ag)
            return SIZE_MAX;
        c->ag = ag;
        memset(c->ag + c->cap, 0, (nc - c->cap) * sizeof *c->ag);
        c->cap = nc;
    }
    return c->n_slots++;
}

wf_status wf_crowd_add(wf_crowd *c, const wf_agent_opts *a, wf_agent_id *id) {
    if (!c || !a || !id || !agent_ok(a))
        return WF_E_INVALID_ARG;
    *id = 0;
    const wf_grid *g = c->o.grid;
    if (g) {
        double fx = floor(a->position.x), fy = floor(a->position.y);
        if (fx < 0 || fy < 0 || fx >= wf_grid_width(g) ||
            fy >= wf_grid_height(g) || !wf_grid_passable(g, (int)fx, (int)fy))
            return WF_E_RANGE;
    }
    if (c->n_free == 0 && c->free_cap < c->n_slots + 1) {
        /* room to free every slot later without allocating */
        size_t nc = c->free_cap ? c->free_cap * 2 : 64;
        uint32_t *f = wf__realloc(&c->alloc, c->free_slots,
                                  c->free_cap * sizeof *f, nc * sizeof *f);
        if (!f)
            return WF_E_NOMEM;
        c->free_slots = f;
        c->free_cap = nc;
    }
    wf_status st = WF_OK;
    size_t slot = take_slot(c, &st);
    if (slot == SIZE_MAX)
        return st;
    wf__agent *ag = &c->ag[slot];
    uint32_t gen = ag->gen_next ? ag->gen_next : 1;
    vec2 *path = ag->path;
    size_t path_cap = ag->path_cap;
    memset(ag, 0, sizeof *ag);
    ag->path = path;
    ag->path_cap = path_cap;
    ag->gen = gen;
    ag->gen_next = gen + 1 ? gen + 1 : 1;
    ag->pos = a->position;
    ag->vel = a->velocity;
    ag->goal = a->position;
    ag->radius = a->radius;
    ag->max_speed = a->max_speed;
    ag->max_accel = a->max_accel;
    ag->weight = a->weight;
    ag->mode = WF_STEER_VELOCITY;
    ag->arrived_step = -1;
    c->lim_r = fmax(c->lim_r, a->radius);
    c->lim_s = fmax(c->lim_s, a->max_speed);
    c->live++;
    *id = (uint64_t)gen << 32 | slot;
    return WF_OK;
}

wf_status wf_crowd_remove(wf_crowd *c, wf_agent_id id) {
    wf__agent *a = wf__crowd_find(c, id);
    if (!a)
        return WF_E_INVALID_ARG;
    if (a->arrived)
        c->arrived--;
    a->gen = 0;
    c->mark[a - c->ag] = 0;
    c->lim_stale = 1;
    c->free_slots[c->n_free++] = (uint32_t)(a - c->ag);
    c->live--;
    return WF_OK;
}

size_t wf_crowd_count(const wf_crowd *c) { return c ? c->live : 0; }
long wf_crowd_steps(const wf_crowd *c) { return c ? c->steps : 0; }
size_t wf_crowd_arrived(const wf_crowd *c) { return c ? c->arrived : 0; }
