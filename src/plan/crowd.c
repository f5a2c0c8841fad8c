/* The field crowd (plan.h, WF_TEAM_FIELD): every agent walks down its
 * goal group's map (crowd_field.c), one step of the whole crowd at a time.
 *
 * Each step the agents still on their way move in a fixed order: by their
 * potential (crowd_internal.h) at the start of the step, closest to their
 * goal first, then by index, so that the front of a crowd moves first and
 * the ones behind follow into the cells it leaves. An agent takes the
 * neighbour of least potential (ties: the lower direction, N E S W NE SE
 * SW NW) among those not above its own and free this step; free means not
 * colliding (wf_team_collide) with a move already decided this step nor
 * with an agent yet to move, standing where it is; never down or level
 * straight back to the cell it left the step before. An agent that waited
 * the step before may also step uphill (to the least uphill free
 * neighbour) when the move it wants most is blocked for good (by an agent
 * on its goal, in the cell or beside a diagonal) or by an agent that wants
 * its cell: two agents head on get out of each other's way. Nothing free:
 * it waits, which never collides, since every move was checked against it
 * standing. An agent on its goal stays there for good; its path ends on
 * the step it arrived.
 *
 * The agents' cells are kept in a grid of anchors, so a step costs
 * O(agents × the (2k + 3)² cells around each, + a sort); a plan ends when
 * all have arrived, or fails when no agent has come closer to its goal
 * than ever before for 2 × the map's longer side steps, or at max_steps. */
#include <stdlib.h>

#include "crowd_internal.h"

typedef struct keyed {
    double key;
    uint32_t i;
} keyed;

static int keyed_cmp(const void *a, const void *b) {
    const keyed *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

/* The simulation's state, all sized once per call. */
typedef struct crowd {
    const wf__team_job *j;
    const wf__crowd_fields *f;
    uint32_t *pos, *next, *decided; /* per agent: cell, cell at t + 1, the
                                       step + 1 its move was decided for */
    uint32_t *arrive;               /* per agent: step of arrival, or
                                       UINT32_MAX */
    uint32_t *waits, *prev;         /* per agent: steps waited in a row,
                                       its cell the step before */
    double *best;                   /* per agent: least potential so far */
    keyed *order;
    uint32_t *anchor;               /* per cell: agent + 1 whose cell it
                                       is at the step's start, or 0 */
    uint32_t *hist;                 /* steps × agents cells */
    size_t hist_cap;                /* in cells */
} crowd;

static wf_point at_cell(const wf_grid *g, size_t c) {
    const size_t W = (size_t)g->width;
    return (wf_point){(int)(c % W), (int)(c / W)};
}

/* Who agent i moving from a to b during step t collides with: an agent
 * + 1 (the one on b first), or 0 for no one. */
static uint32_t blocker(const crowd *s, uint32_t i, uint32_t t, size_t a,
                        size_t b) {
    const wf_grid *g = s->j->g;
    const int k = (int)s->j->unit.k;
    const wf_point a0 = at_cell(g, a), a1 = at_cell(g, b);
    if (s->anchor[b] && s->anchor[b] - 1 != i &&
        s->decided[s->anchor[b] - 1] != t + 1)
        return s->anchor[b]; /* standing on b, yet to move */
    /* two squares that meet within a step start within k + 1 */
    for (int y = a0.y - k - 1; y <= a0.y + k + 1; y++)
        for (int x = a0.x - k - 1; x <= a0.x + k + 1; x++) {
            if (!wf_grid_contains(g, x, y))
                continue;
            const uint32_t o = s->anchor[(size_t)y * (size_t)g->width +
                                         (size_t)x];
            if (!o || o - 1 == i)
                continue;
            const wf_point b0 = {x, y};
            const wf_point b1 = s->decided[o - 1] == t + 1
                                    ? at_cell(g, s->next[o - 1])
                                    : b0;
            if (wf_team_collide(a0, a1, k, b0, b1, k))
                return o;
        }
    return 0;
}

static double pot(const crowd *s, uint32_t i, size_t c) {
    const wf_point p = at_cell(s->j->g, c);
    return wf__crowd_pot(s->f, i, p.x, p.y, c);
}

/* May agent i, who waited the step before, step uphill, as the move it
 * wants most collides with agent o + 1 (0: it has no move downhill)? When
 * o is on its goal for good or wants i's cell (head on). */
static int may_climb(const crowd *s, uint32_t i, uint32_t o) {
    if (!s->waits[i])
        return 0;
    if (!o)
        return 1;
    const uint32_t m = o - 1;
    return s->arrive[m] != UINT32_MAX ||
           pot(s, m, s->pos[i]) < pot(s, m, s->pos[m]);
}

/* Agent i's candidate moves by (potential, direction): downhill and level
 * (up 0; never back to the cell it left the step before) or uphill (up 1;
 * back out of a dead end too). */
static int candidates(const crowd *s, uint32_t i, int up, keyed cand[8]) {
    const wf__team_job *j = s->j;
    const size_t a = s->pos[i];
    const double here = pot(s, i, a);
    int nc = 0;
    for (unsigned m = wf__mover_moves(j->g, &j->unit, a); m; m &= m - 1) {
        const int d = __builtin_ctz(m);
        const size_t v =
            (size_t)((ptrdiff_t)a + wf__dir_offset((unsigned)d, j->g->width));
        const double pv = pot(s, i, v);
        if (!(pv < INFINITY) || !(wf__crowd_enter(j, v) < INFINITY) ||
            up != (pv > here) || (!up && v == s->prev[i]))
            continue;
        /* insertion: directions come in order, so ties keep it */
        int at = nc++;
        while (at > 0 && pv < cand[at - 1].key) {
            cand[at] = cand[at - 1];
            at--;
        }
        cand[at] = (keyed){pv, (uint32_t)v};
    }
    return nc;
}

/* Agent i's move for step t: next[i]. */
static void decide(crowd *s, uint32_t i, uint32_t t) {
    const size_t a = s->pos[i];
    keyed cand[8];
    uint32_t first = 0;
    s->next[i] = (uint32_t)a;
    for (int up = 0; up < 2 && s->next[i] == a; up++) {
        if (up && !may_climb(s, i, first))
            break;
        const int nc = candidates(s, i, up, cand);
        for (int c = 0; c < nc; c++) {
            const uint32_t o = blocker(s, i, t, a, cand[c].i);
            if (!o) {
                s->next[i] = cand[c].i;
                break;
            }
            if (!up && c == 0)
                first = o;
        }
    }
    s->decided[i] = t + 1;
    s->waits[i] = s->next[i] == a ? s->waits[i] + 1 : 0;
    s->prev[i] = (uint32_t)a; /* a wait forgets where it came from */
}

static wf_status hist_push(const wf_allocator *al, crowd *s, uint32_t t) {
    const size_t n = s->j->n;
    if ((size_t)t + 1 > s->hist_cap / n) {
        size_t cap, bytes;
        if (!wf__mul_size(s->hist_cap, 2, &cap) ||
            !wf__mul_size(cap, sizeof *s->hist, &bytes))
            return WF_E_TOO_BIG;
        uint32_t *h = wf__realloc(al, s->hist, s->hist_cap * sizeof *h,
                                  bytes);
        if (!h)
            return WF_E_NOMEM;
        s->hist = h;
        s->hist_cap = cap;
    }
    memcpy(s->hist + (size_t)t * n, s->pos, n * sizeof *s->pos);
    return WF_OK;
}

/* Runs the steps; WF_OK once every agent is on its goal. */
static wf_status simulate(wf_team *tm, crowd *s, uint32_t *steps) {
    const wf__team_job *j = s->j;
    const wf_grid *g = j->g;
    const size_t n = j->n, W = (size_t)g->width;
    size_t arrived = 0;
    for (uint32_t i = 0; i < n; i++) {
        const wf_agent *ag = &j->agents[i];
        s->pos[i] = (uint32_t)((size_t)ag->start.y * W + (size_t)ag->start.x);
        s->anchor[s->pos[i]] = i + 1;
        s->decided[i] = 0;
        s->waits[i] = 0;
        s->prev[i] = s->pos[i];
        s->best[i] = pot(s, i, s->pos[i]);
        if (!(s->best[i] < INFINITY))
            return wf__team_fail(
                tm, WF_E_UNSATISFIABLE,
                "agent %u at (%d, %d) is %s of its goal (%d, %d): it "
                "would wait for ever",
                i, ag->start.x, ag->start.y,
                j->o.cutoff > 0 ? "beyond the cutoff" : "cut off by the "
                                                        "overlay",
                ag->goal.x, ag->goal.y);
        const int home = ag->start.x == ag->goal.x &&
                         ag->start.y == ag->goal.y;
        s->arrive[i] = home ? 0 : UINT32_MAX;
        arrived += (size_t)home;
    }
    const int side = g->width > g->height ? g->width : g->height;
    const uint32_t stall = 2 * (uint32_t)side + 8;
    uint32_t t = 0, progress = 0;
    wf_status st = hist_push(&tm->alloc, s, 0);
    while (st == WF_OK && arrived < n) {
        if (t >= j->max_steps)
            return wf__team_fail(tm, WF_E_UNSATISFIABLE,
                                 "the crowd reached max_steps (%u) with %zu "
                                 "of %zu agents on their goals",
                                 j->max_steps, arrived, n);
        if (t - progress > stall)
            return wf__team_fail(tm, WF_E_UNSATISFIABLE,
                                 "the crowd stalled: no agent came closer "
                                 "to its goal in %u steps (step %u); %zu of "
                                 "%zu agents arrived",
                                 stall, t, arrived, n);
        size_t live = 0;
        for (uint32_t i = 0; i < n; i++)
            if (s->arrive[i] == UINT32_MAX)
                s->order[live++] = (keyed){pot(s, i, s->pos[i]), i};
        qsort(s->order, live, sizeof *s->order, keyed_cmp);
        for (size_t o = 0; o < live; o++)
            decide(s, s->order[o].i, t);
        for (size_t o = 0; o < live; o++)
            s->anchor[s->pos[s->order[o].i]] = 0;
        t++;
        for (size_t o = 0; o < live; o++) {
            const uint32_t i = s->order[o].i;
            s->pos[i] = s->next[i];
            s->anchor[s->pos[i]] = i + 1;
            const double pv = pot(s, i, s->pos[i]);
            if (pv < s->best[i]) {
                s->best[i] = pv;
                progress = t;
            }
            const wf_point q = j->agents[i].goal;
            if (s->pos[i] == (size_t)q.y * W + (size_t)q.x) {
                s->arrive[i] = t;
                arrived++;
            }
        }
        st = hist_push(&tm->alloc, s, t);
    }
    *steps = t;
    return st;
}

/* Pushes each agent's path, up to its arrival, into out. */
static wf_status emit(const wf_allocator *al, const crowd *s, uint32_t steps,
                      wf_team_plan *out) {
    const size_t n = s->j->n;
    wf_point *path = wf__alloc(al, ((size_t)steps + 1) * sizeof *path);
    if (!path)
        return WF_E_NOMEM;
    wf_status st = WF_OK;
    for (size_t i = 0; i < n && st == WF_OK; i++) {
        const size_t len = (size_t)s->arrive[i] + 1;
        for (size_t t = 0; t < len; t++)
            path[t] = at_cell(s->j->g, s->hist[t * n + i]);
        st = wf_team_plan_push(out, path, len);
    }
    wf__free(al, path, ((size_t)steps + 1) * sizeof *path);
    return st;
}

wf_status wf__team_field(wf_team *t, const wf__team_job *j,
                         wf_team_plan *out) {
    const wf_allocator *al = &t->alloc;
    const size_t n = j->n, cells = j->g->cells;
    wf__crowd_fields f;
    wf_status st = wf__crowd_fields_build(al, j, &f);
    crowd s = {.j = j, .f = &f};
    s.pos = wf__alloc(al, n * sizeof *s.pos);
    s.next = wf__alloc(al, n * sizeof *s.next);
    s.decided = wf__alloc(al, n * sizeof *s.decided);
    s.arrive = wf__alloc(al, n * sizeof *s.arrive);
    s.best = wf__alloc(al, n * sizeof *s.best);
    s.waits = wf__alloc(al, n * sizeof *s.waits);
    s.prev = wf__alloc(al, n * sizeof *s.prev);
    s.order = wf__alloc(al, n * sizeof *s.order);
    s.anchor = wf__alloc(al, cells * sizeof *s.anchor);
    /* room for 64 steps to start with */
    s.hist_cap = n <= SIZE_MAX / sizeof *s.hist / 64 ? 64 * n : 0;
    s.hist = s.hist_cap ? wf__alloc(al, s.hist_cap * sizeof *s.hist) : NULL;
    if (st == WF_OK &&
        (!s.pos || !s.next || !s.decided || !s.arrive || !s.best ||
         !s.waits || !s.prev || !s.order || !s.anchor || !s.hist))
        st = s.hist_cap ? WF_E_NOMEM : WF_E_TOO_BIG;
    uint32_t steps = 0;
    if (st == WF_OK) {
        memset(s.anchor, 0, cells * sizeof *s.anchor);
        st = simulate(t, &s, &steps);
    }
    if (st == WF_OK)
        st = emit(al, &s, steps, out);
    out->expanded = f.settled;
    wf__free(al, s.pos, n * sizeof *s.pos);
    wf__free(al, s.next, n * sizeof *s.next);
    wf__free(al, s.decided, n * sizeof *s.decided);
    wf__free(al, s.arrive, n * sizeof *s.arrive);
    wf__free(al, s.best, n * sizeof *s.best);
    wf__free(al, s.waits, n * sizeof *s.waits);
    wf__free(al, s.prev, n * sizeof *s.prev);
    wf__free(al, s.order, n * sizeof *s.order);
    wf__free(al, s.anchor, cells * sizeof *s.anchor);
    wf__free(al, s.hist, s.hist_cap * sizeof *s.hist);
    wf__crowd_fields_free(al, n, &f);
    return st;
}

/* The crowd keeps nothing between calls: its memory is sized per call. */
void wf__crowd_free(wf_team *t) { (void)t; }
