/* CBS's low level: each agent's true distance to its goal (a Dijkstra from
 * the goal over the moves into each cell), and the space-time A* that
 * finds an agent's least-cost timed path under its constraints. */
#include <math.h>

#include "cbs_internal.h"

wf_status wf__cbs_distances(const wf_allocator *a, struct wf__cbs *c,
                            const wf__team_job *j) {
    const wf_grid *g = j->g;
    size_t need;
    if (!wf__mul_size(j->n, g->cells, &need) ||
        !wf__team_grow(a, (void **)&c->h, &c->h_cap, need, sizeof *c->h))
        return WF_E_NOMEM;
    for (size_t i = 0; i < j->n; i++) {
        double *d = c->h + i * g->cells;
        for (size_t k = 0; k < g->cells; k++)
            d[k] = INFINITY;
        const wf_point p = j->agents[i].goal;
        const uint32_t goal = (uint32_t)((size_t)p.y * (size_t)g->width +
                                         (size_t)p.x);
        d[goal] = 0;
        c->open.n = 0;
        if (!wf__team_heap_push(a, &c->open, (wf__team_entry){0, 0, 0, goal}))
            return WF_E_NOMEM;
        while (c->open.n) {
            const wf__team_entry e = wf__team_heap_pop(&c->open);
            const uint32_t v = e.id;
            if (e.a > d[v])
                continue;
            /* moves are symmetric in whether they are allowed: v's moves
             * are the cells that may move into v */
            for (unsigned m = wf__mover_moves(g, &j->unit, v); m; m &= m - 1) {
                const uint32_t u =
                    (uint32_t)((ptrdiff_t)v +
                               wf__dir_offset((unsigned)__builtin_ctz(m),
                                              g->width));
                const double du = d[v] + wf__team_step(j, u, v);
                if (du < d[u]) {
                    d[u] = du;
                    if (!wf__team_heap_push(a, &c->open, (wf__team_entry){du, 0, 0, u}))
                        return WF_E_NOMEM;
                }
            }
        }
    }
    return WF_OK;
}

/* The hash slot of state (cell, t) in a table of 2^bits slots. */
static size_t slot(uint32_t cell, uint32_t t, size_t mask) {
    const uint64_t x = ((uint64_t)t << 32 | cell) * 0x9E3779B97F4A7C15ull;
    return (size_t)(x >> 32) & mask;
}

/* Finds (cell, t) in the hash: its state's id, or WF__CBS_NONE with *at
 * the empty slot where it goes. */
static uint32_t find(const struct wf__cbs *c, uint32_t cell, uint32_t t,
                     uint32_t tcap, size_t *at) {
    const size_t mask = c->hash_cap - 1;
    for (size_t s = slot(cell, t, mask);; s = (s + 1) & mask) {
        const uint32_t id = c->hash[s];
        if (!id) {
            *at = s;
            return WF__CBS_NONE;
        }
        const wf__cbs_state *q = &c->st[id - 1];
        if (q->cell == cell && (q->t < tcap ? q->t : tcap) == t)
            return id - 1;
    }
}

/* Makes room for one more state, keeping the hash at most half full. */
static int room(const wf_allocator *a, struct wf__cbs *c, uint32_t tcap) {
    if (!wf__team_grow(a, (void **)&c->st, &c->st_cap, c->st_n + 1,
                      sizeof *c->st) ||
        c->st_n + 1 >= UINT32_MAX)
        return 0;
    if (2 * (c->st_n + 1) <= c->hash_cap)
        return 1;
    size_t n = c->hash_cap ? 2 * c->hash_cap : 1024, bytes;
    if (!wf__mul_size(n, sizeof *c->hash, &bytes))
        return 0;
    uint32_t *h = wf__alloc(a, bytes);
    if (!h)
        return 0;
    wf__free(a, c->hash, c->hash_cap * sizeof *c->hash);
    memset(h, 0, bytes);
    c->hash = h;
    c->hash_cap = n;
    for (size_t i = 0; i < c->st_n; i++) {
        size_t at = 0;
        const wf__cbs_state *q = &c->st[i];
        find(c, q->cell, q->t < tcap ? q->t : tcap, tcap, &at);
        c->hash[at] = (uint32_t)i + 1;
    }
    return 1;
}

/* Does a constraint forbid the step u -> v from time t? */
static int forbidden(const wf__team_job *j, const wf__cbs_con *cons,
                     size_t m, uint32_t u, uint32_t v, uint32_t t) {
    for (size_t k = 0; k < m; k++)
        if (cons[k].from == WF__CBS_NONE
                ? cons[k].t == t + 1 && wf__cbs_covers(j, v, cons[k].to)
                : cons[k].to == v && cons[k].from == u && cons[k].t == t)
            return 1;
    return 0;
}

/* Sets (on 1, else 0) the mark of every cell a constraint may forbid
 * standing on: a step's end, or each cell whose square covers a vertex
 * constraint's cell. */
static void mark(const wf__team_job *j, uint8_t *marks,
                 const wf__cbs_con *cons, size_t m, uint8_t on) {
    const int W = j->g->width, k = (int)j->unit.k;
    for (size_t i = 0; i < m; i++) {
        const uint32_t c = cons[i].to;
        if (cons[i].from != WF__CBS_NONE) {
            marks[c] = on;
            continue;
        }
        const int cx = (int)(c % (uint32_t)W), cy = (int)(c / (uint32_t)W);
        for (int y = cy - k + 1 > 0 ? cy - k + 1 : 0; y <= cy; y++)
            for (int x = cx - k + 1 > 0 ? cx - k + 1 : 0; x <= cx; x++)
                marks[(size_t)y * (size_t)W + (size_t)x] = on;
    }
}

/* The open list's order: least f, then fewest collisions with the
 * others, then the deepest (the greatest g), then the oldest state. */
static wf__team_entry entry(const wf__cbs_state *s, double h, uint32_t id) {
    return (wf__team_entry){s->g + h, s->nc, -s->g, id};
}

/* One low-level search: agent i of the job under constraints cons[0..m),
 * with h its least cost to its goal from every cell. Past tcap no
 * constraint bites, so states differing only in a later time are one; the
 * path may end on the goal from time `done` on. */
typedef struct low {
    const wf_allocator *a;
    struct wf__cbs *c;
    const wf__team_job *j;
    uint32_t i;
    const wf__cbs_con *cons;
    size_t m;
    const wf__cbs_paths *others;
    const double *h;
    uint32_t tcap, done;
} low;

/* Sets L->tcap and L->done from the constraints, for the goal cell. */
static void horizon(low *L, uint32_t goal) {
    L->tcap = L->done = 0;
    for (size_t k = 0; k < L->m; k++) {
        const wf__cbs_con *x = &L->cons[k];
        const uint32_t last = x->from == WF__CBS_NONE ? x->t : x->t + 1;
        if (last + 1 > L->tcap)
            L->tcap = last + 1;
        if ((x->from == WF__CBS_NONE ? wf__cbs_covers(L->j, goal, x->to)
                                     : x->to == goal && x->from == goal) &&
            x->t + 1 > L->done)
            L->done = x->t + 1;
    }
}

/* Writes the cells of state id's path, start first, into c->path. */
static wf_status take_path(low *L, uint32_t id) {
    struct wf__cbs *c = L->c;
    uint32_t n = 0;
    for (uint32_t q = id; q != WF__CBS_NONE; q = c->st[q].parent)
        n++;
    if (!wf__team_grow(L->a, (void **)&c->path, &c->path_cap, n,
                      sizeof *c->path))
        return WF_E_NOMEM;
    c->path_n = n;
    for (uint32_t q = id; q != WF__CBS_NONE; q = c->st[q].parent)
        c->path[--n] = c->st[q].cell;
    return WF_OK;
}

/* The step from state id (a copy of it in *s) into cell v at the next
 * time: its state, new or improved, goes on the open list. */
static wf_status offer(low *L, uint32_t id, const wf__cbs_state *s,
                       uint32_t v) {
    struct wf__cbs *c = L->c;
    const uint32_t u = s->cell, t = s->t, nt = t + 1;
    const uint32_t key = nt < L->tcap ? nt : L->tcap;
    const double ng = s->g + wf__team_step(L->j, u, v);
    size_t at = 0;
    uint32_t q = find(c, v, key, L->tcap, &at);
    uint32_t nc = 0;
    if (q != WF__CBS_NONE) {
        wf__cbs_state *r = &c->st[q];
        if (r->closed || ng > r->g || (ng == r->g && s->nc >= r->nc))
            return WF_OK;
        nc = s->nc + wf__cbs_step_conflicts(L->j, L->others, L->i, u, v, t);
        if (ng == r->g && nc >= r->nc)
            return WF_OK;
        *r = (wf__cbs_state){v, nt, id, 0, ng, nc};
    } else {
        nc = s->nc + wf__cbs_step_conflicts(L->j, L->others, L->i, u, v, t);
        if (!room(L->a, c, L->tcap))
            return WF_E_NOMEM;
        find(c, v, key, L->tcap, &at); /* room may have rehashed */
        q = (uint32_t)c->st_n;
        c->st[c->st_n] = (wf__cbs_state){v, nt, id, 0, ng, nc};
        c->hash[at] = (uint32_t)++c->st_n;
    }
    if (!wf__team_heap_push(L->a, &c->open, entry(&c->st[q], L->h[v], q)))
        return WF_E_NOMEM;
    return WF_OK;
}

/* Expands state id: the wait first, then the moves in direction order,
 * each unless a constraint forbids it. */
static wf_status expand(low *L, uint32_t id) {
    const wf_grid *g = L->j->g;
    const wf__cbs_state s = L->c->st[id]; /* offer may move the states */
    const uint32_t u = s.cell;
    unsigned moves = wf__mover_moves(g, &L->j->unit, u) << 1 | 1u;
    for (; moves; moves &= moves - 1) {
        const unsigned d = (unsigned)__builtin_ctz(moves);
        const uint32_t v =
            d ? (uint32_t)((ptrdiff_t)u + wf__dir_offset(d - 1, g->width)) : u;
        if (L->h[v] == INFINITY ||
            (L->c->mark[v] && forbidden(L->j, L->cons, L->m, u, v, s.t)))
            continue;
        const wf_status st = offer(L, id, &s, v);
        if (st != WF_OK)
            return st;
    }
    return WF_OK;
}

static wf_status search(const wf_allocator *a, struct wf__cbs *c,
                        const wf__team_job *j, uint32_t i,
                        const wf__cbs_con *cons, size_t m,
                        const wf__cbs_paths *others, double *cost,
                        uint64_t *expanded) {
    const wf_grid *g = j->g;
    const size_t W = (size_t)g->width;
    low L = {a, c, j, i, cons, m, others, c->h + (size_t)i * g->cells, 0, 0};
    const wf_agent *ag = &j->agents[i];
    const uint32_t start = (uint32_t)((size_t)ag->start.y * W +
                                      (size_t)ag->start.x);
    const uint32_t goal = (uint32_t)((size_t)ag->goal.y * W +
                                     (size_t)ag->goal.x);
    horizon(&L, goal);
    mark(j, c->mark, cons, m, 1);
    c->st_n = 0;
    c->open.n = 0;
    if (c->hash_cap)
        memset(c->hash, 0, c->hash_cap * sizeof *c->hash);
    size_t at = 0;
    if (!room(a, c, L.tcap))
        return WF_E_NOMEM;
    find(c, start, 0, L.tcap, &at);
    c->st[c->st_n] = (wf__cbs_state){start, 0, WF__CBS_NONE, 0, 0, 0};
    c->hash[at] = (uint32_t)++c->st_n;
    if (!wf__team_heap_push(a, &c->open, entry(&c->st[0], L.h[start], 0)))
        return WF_E_NOMEM;
    while (c->open.n) {
        const wf__team_entry e = wf__team_heap_pop(&c->open);
        wf__cbs_state *s = &c->st[e.id];
        if (s->closed || -e.c != s->g || e.b != s->nc)
            continue;
        if (s->cell == goal && s->t >= L.done) {
            const wf_status st = take_path(&L, e.id);
            if (st == WF_OK)
                *cost = s->g;
            return st;
        }
        s->closed = 1;
        ++*expanded;
        if (s->t >= j->max_steps)
            continue;
        const wf_status st = expand(&L, e.id);
        if (st != WF_OK)
            return st;
    }
    return WF_E_UNSATISFIABLE;
}

wf_status wf__cbs_low(const wf_allocator *a, struct wf__cbs *c,
                      const wf__team_job *j, uint32_t i,
                      const wf__cbs_con *cons, size_t m,
                      const wf__cbs_paths *others, double *cost,
                      uint64_t *expanded) {
    if (c->mark_cap < j->g->cells) {
        if (!wf__team_grow(a, (void **)&c->mark, &c->mark_cap, j->g->cells, 1))
            return WF_E_NOMEM;
        memset(c->mark, 0, c->mark_cap);
    }
    const wf_status s = search(a, c, j, i, cons, m, others, cost, expanded);
    mark(j, c->mark, cons, m, 0);
    return s;
}
