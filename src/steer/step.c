/* A time step: the neighbour grid over the positions of the last step,
 * every agent's new velocity from that state alone (in chunks of agents,
 * on the pool's workers when there is one: each worker has its own
 * scratch, and an agent's result does not depend on which worker computed
 * it), then every agent moves at once; what is shared (the neighbour
 * grid's counts, goal swaps, path searches, the arrival count) is done on
 * one thread in slot order. */
#include "steer_internal.h"

#define CHUNK 64

/* The largest radius and top speed of the live agents: kept up by
 * wf_crowd_add, found again after a removal (it may have been the
 * largest). */
static void crowd_limits(wf_crowd *c) {
    if (!c->lim_stale)
        return;
    c->lim_r = c->lim_s = 0.0;
    for (size_t i = 0; i < c->n_slots; i++)
        if (c->ag[i].gen) {
            c->lim_r = fmax(c->lim_r, c->ag[i].radius);
            c->lim_s = fmax(c->lim_s, c->ag[i].max_speed);
        }
    c->lim_stale = 0;
}

/* Scratch for `threads` workers, room for `lines` half-planes each. */
static wf_status size_scratch(wf_crowd *c, int threads, size_t lines) {
    size_t k = (size_t)c->o.max_neighbours;
    if (c->n_scr < threads) {
        wf__scratch *s = wf__realloc(&c->alloc, c->scr,
                                     (size_t)c->n_scr * sizeof *s,
                                     (size_t)threads * sizeof *s);
        if (!s)
            return WF_E_NOMEM;
        c->scr = s;
        for (int t = c->n_scr; t < threads; t++) {
            memset(&s[t], 0, sizeof s[t]);
            s[t].nb = wf__alloc(&c->alloc, k * sizeof *s[t].nb);
            s[t].nd = wf__alloc(&c->alloc, k * sizeof *s[t].nd);
            c->n_scr = t + 1; /* freed by free_scratch even when short */
            if (!s[t].nb || !s[t].nd)
                return WF_E_NOMEM;
        }
    }
    for (int t = 0; t < c->n_scr; t++) {
        wf__scratch *s = &c->scr[t];
        if (s->cap >= lines)
            continue;
        /* lines and proj in one block: proj is its second half */
        size_t nc = lines + lines / 2;
        wf__hp *q = wf__realloc(&c->alloc, s->lines,
                                2 * s->cap * sizeof *q, 2 * nc * sizeof *q);
        if (!q)
            return WF_E_NOMEM;
        s->lines = q;
        s->proj = q + nc;
        s->cap = nc;
    }
    return WF_OK;
}

/* Runs c->per_agent on the live agents of chunk `item`, on worker t. */
static void chunk_task(void *ud, size_t item, int t) {
    wf_crowd *c = ud;
    size_t end = (item + 1) * CHUNK;
    if (end > c->n_slots)
        end = c->n_slots;
    for (size_t i = item * CHUNK; i < end; i++)
        if (c->ag[i].gen)
            c->per_agent(c, i, &c->scr[t]);
}

/* Is the centre at p in a blocked cell (or off the grid)? */
static int in_wall(const wf_grid *g, vec2 p) {
    double fx = floor(p.x), fy = floor(p.y);
    return g && (fx < 0 || fy < 0 || fx >= wf_grid_width(g) ||
                 fy >= wf_grid_height(g) ||
                 !wf_grid_passable(g, (int)fx, (int)fy));
}

/* Moves agent i by its new velocity, unless that crosses a wall, and
 * notes whether it is in its place: its own fields only, so agents move
 * on any worker. */
static void move_one(wf_crowd *c, size_t i, wf__scratch *scr) {
    (void)scr;
    wf__agent *a = &c->ag[i];
    vec2 v = a->vnew;
    vec2 p = v2_add(a->pos, v2_scale(v, c->o.dt));
    if (!v2_finite(p) || wf__walls_block(&c->walls, a->pos, p, 0.0) ||
        in_wall(c->o.grid, p)) {
        v = v2(0.0, 0.0);
        p = a->pos;
    }
    a->vel = v;
    a->pos = p;
    a->pref = a->pref_next;
    a->held = a->since;
    if (a->rest)
        a->rest--;
    if (a->mode == WF_STEER_VELOCITY)
        return;
    double d2 = v2_len2(v2_sub(a->goal, p));
    double ad = c->o.arrive_dist;
    if (!a->arrived && d2 <= ad * ad) {
        a->arrived = 1;
        a->swapped = 0;
        if (a->arrived_step < 0)
            a->arrived_step = c->steps + 1;
    } else if (a->arrived && d2 > a->radius * a->radius) {
        a->arrived = 0; /* pushed off its place: it walks back */
    }
    if (a->arrived)
        a->replan = 0;
}

/* Moves agent i and marks what after_moves must see of it. */
static void move_marked(wf_crowd *c, size_t i, wf__scratch *scr) {
    move_one(c, i, scr);
    const wf__agent *a = &c->ag[i];
    c->mark[i] = (uint8_t)((a->arrived ? WF__MARK_ARRIVED : 0) |
                           (a->replan ? WF__MARK_REPLAN : 0));
}

/* Agent i's new velocity; marks a goal swap it offers. */
static void velocity_marked(wf_crowd *c, size_t i, wf__scratch *scr) {
    wf__crowd_agent_velocity(c, i, scr);
    c->mark[i] = c->ag[i].swap ? WF__MARK_SWAP : 0;
}

/* What one crowd-wide search or count does after the moves, in slot
 * order: the paths agents asked for, and the arrivals. */
static void after_moves(wf_crowd *c) {
    size_t arrived = 0;
    for (size_t i = 0; i < c->n_slots; i++) {
        arrived += (c->mark[i] & WF__MARK_ARRIVED) != 0;
        if (!(c->mark[i] & WF__MARK_REPLAN))
            continue;
        wf__agent *a = &c->ag[i];
        if (a->mode == WF_STEER_PATH)
            wf__crowd_replan(c, a);
        else if (a->mode == WF_STEER_FLOW)
            wf__crowd_flow_to_path(c, a);
        a->replan = 0;
    }
    c->arrived = arrived;
}

/* Steps after a swap before either agent may swap again: agents milling
 * about a few near goals otherwise pass a far goal round and round among
 * them (each swap good for the pair by itself), and none of them settles
 * or comes to re-plan. */
#define SWAP_REST 30

/* Agents of one group that offered each other a swap of goals (each
 * nearer the other's, by the sum of squares) swap them: in slot order, on
 * one thread, so the same swaps whatever the threads. */
static void swap_goals(wf_crowd *c) {
    for (size_t i = 0; i < c->n_slots; i++) {
        if (!(c->mark[i] & WF__MARK_SWAP))
            continue;
        wf__agent *a = &c->ag[i];
        if (!a->gen || !a->swap || a->swap - 1 <= i)
            continue;
        wf__agent *b = &c->ag[a->swap - 1];
        if (!b->gen || b->swap != i + 1)
            continue;
        vec2 g = a->goal;
        a->goal = b->goal;
        b->goal = g;
        c->arrived -= (size_t)a->arrived + (size_t)b->arrived;
        a->arrived = b->arrived = 0;
        a->swap = b->swap = 0;
        a->rest = b->rest = SWAP_REST;
        a->swapped = (uint32_t)(b - c->ag) + 1;
        b->swapped = (uint32_t)i + 1;
        a->sight = b->sight = 2;
        /* progress is measured toward the new goals from here; a swap is
         * no progress, so the wait goes on (a unit held in a jam that
         * keeps swapping still comes to re-plan) */
        a->best = sqrt(v2_len2(v2_sub(a->goal, a->pos)));
        b->best = sqrt(v2_len2(v2_sub(b->goal, b->pos)));
    }
}

/* The neighbour-grid cells of chunk `item`'s slots. */
static void cells_task(void *ud, size_t item, int t) {
    (void)t;
    wf_crowd *c = ud;
    size_t end = (item + 1) * CHUNK;
    wf__crowd_hash_cells(c, item * CHUNK, end < c->n_slots ? end : c->n_slots);
}

/* Runs task on every chunk of slots, on the pool when there is one (fn:
 * chunk_task's per_agent). The light passes (cells, moves) go to the
 * pool too: the pool hands each thread the same chunks every call while
 * the agents stay, so an agent's fields stay in the cache of the thread
 * that computed its velocity. */
static void run_items(wf_crowd *c, wf_pool *pool, wf__pool_task task,
                      void (*fn)(wf_crowd *, size_t, wf__scratch *)) {
    size_t items = (c->n_slots + CHUNK - 1) / CHUNK;
    c->per_agent = fn;
    if (pool && items > 1)
        wf__pool_run(pool, items, task, c);
    else
        for (size_t k = 0; k < items; k++)
            task(c, k, 0);
}

wf_status wf_crowd_step(wf_crowd *c, wf_pool *pool) {
    if (!c)
        return WF_E_INVALID_ARG;
    crowd_limits(c);
    double lr = c->lim_r, ls = c->lim_s;
    double auto_range = 2.0 * (lr + ls * c->o.time_horizon);
    c->range = c->o.neighbour_dist > 0.0 ? c->o.neighbour_dist : auto_range;
    c->range = fmax(c->range, 2.0 * lr * 1.001);
    double wt = fmax(c->o.wall_horizon, c->o.dt);
    size_t lines = wf__walls_bound(&c->walls, 2.0 * (lr + ls * wt)) + 8 +
                   2 * (size_t)c->o.max_neighbours;
    int threads = pool ? wf_pool_threads(pool) : 1;
    wf_status s = wf__crowd_hash_begin(c);
    if (s == WF_OK)
        s = size_scratch(c, threads, lines);
    if (s != WF_OK)
        return s;
    run_items(c, pool, cells_task, NULL);
    wf__crowd_hash_sort(c);
    run_items(c, pool, chunk_task, velocity_marked);
    swap_goals(c);
    run_items(c, pool, chunk_task, move_marked);
    after_moves(c);
    c->steps++;
    return WF_OK;
}
