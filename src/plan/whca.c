/* WHCA* (plan.h, WF_TEAM_WHCA): windowed cooperative A*.
 *
 * Each window, the agents are planned one after another in priority
 * order, each by a space-time search over the next w steps
 * (whca_search.c) that keeps clear of the moves the agents before it
 * reserved (whca_reserve.c), guided by its true distance to its goal
 * (whca_rra.c, one resumable reverse search per agent, kept for the whole
 * plan). Then every agent takes the first w / 2 steps of its plan and the
 * next window is planned from where they stand. Agents already on their
 * goals are planned too, so they step aside when an earlier agent needs
 * their cell and come back afterwards.
 *
 * Priority, each window: the agents off their goals first, then those
 * on them (so a parked agent steps aside rather than wall in a later
 * one); within each group index order, rotated by one agent each window
 * (window k starts at agent k mod n), so that no agent is always the one
 * that yields: two agents facing each other in a corridor with a pocket
 * take turns until one of them fits into it.
 *
 * Until its turn, each agent is reserved as waiting where it stands for
 * the window's first step, so whatever the agents before it chose, it
 * can at least wait that step. An agent whose search finds every way
 * taken before the window's end keeps the steps it found (at least one).
 * When some plan holds fewer than w / 2 steps, the agents so held up are
 * moved to the front of the order and the window is planned again, at
 * most twice; then the agents take only as many steps as every plan
 * holds (at most w / 2), so all steps taken are free of collisions.
 *
 * The plan ends at the first step at which every agent stands on its
 * goal; each path is cut after the last step on which its agent was off
 * its goal. More than max_steps steps: WF_E_UNSATISFIABLE, naming the
 * agents still away. Ties in every search: the least f, then the greater
 * g, then the earlier push; tables hash cell and step numbers, never
 * pointers, so a plan is the same on every run and platform. */
#include <stdio.h>

#include <math.h>

#include "whca_internal.h"

struct wf__whca {
    wf__rra *rra;          /* one per agent */
    size_t rra_cap;
    wf__resv resv;
    wf__st st;
    uint32_t *order;       /* agents by priority */
    size_t order_cap;
    size_t *ph;            /* where each agent's first-step wait starts in
                              the reservation table */
    size_t ph_cap, ph_end;
    uint32_t *depth;       /* the sound steps of each agent's window plan */
    size_t depth_cap;
    uint32_t *tmp;         /* n agents, for reordering */
    size_t tmp_cap;
    uint32_t *win;         /* agent a's window plan: win[a*(w+1) + step] */
    size_t win_cap;
    uint32_t *hist;        /* the cell of agent a at step s: hist[s*n + a] */
    size_t hist_cap;
    wf_point *path;        /* one agent's output path */
    size_t path_cap;
};

void wf__whca_free(wf_team *t) {
    struct wf__whca *wh = t->whca;
    if (!wh)
        return;
    for (size_t i = 0; i < wh->rra_cap; i++)
        wf__rra_free(&wh->rra[i], t);
    wf__free(&t->alloc, wh->rra, wh->rra_cap * sizeof *wh->rra);
    wf__resv_free(&wh->resv, t);
    wf__st_free(&wh->st, t);
    wf__free(&t->alloc, wh->order, wh->order_cap * sizeof *wh->order);
    wf__free(&t->alloc, wh->ph, wh->ph_cap * sizeof *wh->ph);
    wf__free(&t->alloc, wh->depth, wh->depth_cap * sizeof *wh->depth);
    wf__free(&t->alloc, wh->tmp, wh->tmp_cap * sizeof *wh->tmp);
    wf__free(&t->alloc, wh->win, wh->win_cap * sizeof *wh->win);
    wf__free(&t->alloc, wh->hist, wh->hist_cap * sizeof *wh->hist);
    wf__free(&t->alloc, wh->path, wh->path_cap * sizeof *wh->path);
    wf__free(&t->alloc, wh, sizeof *wh);
    t->whca = NULL;
}

static uint32_t cell_of(const wf__team_job *j, wf_point p) {
    return (uint32_t)p.y * (uint32_t)j->g->width + (uint32_t)p.x;
}

static wf_point point_of(const wf__team_job *j, uint32_t c) {
    return (wf_point){(int)(c % (uint32_t)j->g->width),
                      (int)(c / (uint32_t)j->g->width)};
}

/* The workspace sized for n agents and windows of w steps. */
static wf_status prepare(wf_team *t, const wf__team_job *j, size_t w) {
    if (!t->whca) {
        t->whca = wf__alloc(&t->alloc, sizeof *t->whca);
        if (!t->whca)
            return WF_E_NOMEM;
        memset(t->whca, 0, sizeof *t->whca);
    }
    struct wf__whca *wh = t->whca;
    const size_t n = j->n;
    size_t win;
    if (!wf__mul_size(n, w + 1, &win))
        return WF_E_TOO_BIG;
    if (n > wh->rra_cap) {
        size_t bytes;
        if (!wf__mul_size(n, sizeof *wh->rra, &bytes))
            return WF_E_TOO_BIG;
        wf__rra *r = wf__realloc(&t->alloc, wh->rra,
                                 wh->rra_cap * sizeof *wh->rra, bytes);
        if (!r)
            return WF_E_NOMEM;
        memset(r + wh->rra_cap, 0, (n - wh->rra_cap) * sizeof *r);
        wh->rra = r;
        wh->rra_cap = n;
    }
    wf_status s = wf__whca_grow(t, (void **)&wh->order, &wh->order_cap, n,
                                sizeof *wh->order);
    if (s == WF_OK)
        s = wf__whca_grow(t, (void **)&wh->ph, &wh->ph_cap, n,
                          sizeof *wh->ph);
    if (s == WF_OK)
        s = wf__whca_grow(t, (void **)&wh->depth, &wh->depth_cap, n,
                          sizeof *wh->depth);
    if (s == WF_OK)
        s = wf__whca_grow(t, (void **)&wh->tmp, &wh->tmp_cap, n,
                          sizeof *wh->tmp);
    if (s == WF_OK)
        s = wf__whca_grow(t, (void **)&wh->win, &wh->win_cap, win,
                          sizeof *wh->win);
    if (s == WF_OK)
        s = wf__whca_grow(t, (void **)&wh->hist, &wh->hist_cap, n,
                          sizeof *wh->hist);
    for (size_t i = 0; i < n && s == WF_OK; i++)
        s = wf__rra_start(&wh->rra[i], t, j, cell_of(j, j->agents[i].goal),
                          cell_of(j, j->agents[i].start));
    return s;
}

/* Plans one window from the agents' cells at step `at` of the history:
 * each agent's plan into win; into *sound the steps every plan keeps
 * clear of the others (>= 1). Until its turn, an agent is reserved as
 * waiting where it stands for the first step, so whatever the agents
 * before it chose, it can at least wait one step. */
static wf_status plan_window(wf_team *t, const wf__team_job *j, uint32_t w,
                             size_t at, size_t rot, uint32_t want,
                             uint32_t *sound) {
    struct wf__whca *wh = t->whca;
    const size_t n = j->n;
    const int k = (int)j->unit.k, width = j->g->width;
    const uint32_t *pos = wh->hist + at * n;
    /* the order: agents off their goals first, so that one parked on its
     * goal steps aside for them; index order within each group */
    size_t m = 0;
    for (int parked = 0; parked < 2; parked++)
        for (size_t i = 0; i < n; i++) {
            const size_t a = (i + rot) % n;
            if ((pos[a] == cell_of(j, j->agents[a].goal)) == parked)
                wh->order[m++] = (uint32_t)a;
        }
    wf_status s = WF_OK;
    for (int round = 0; round < 3 && s == WF_OK; round++) {
        if (round) {
            /* the agents held up first, keeping their order */
            m = 0;
            for (int late = 0; late < 2; late++)
                for (size_t r = 0; r < n; r++) {
                    const uint32_t a = wh->order[r];
                    if ((wh->depth[a] >= want) == late)
                        wh->tmp[m++] = a;
                }
            memcpy(wh->order, wh->tmp, n * sizeof *wh->order);
        }
        wf__resv_clear(&wh->resv);
        for (size_t a = 0; a < n && s == WF_OK; a++) {
            wh->ph[a] = wh->resv.n;
            s = wf__resv_add(&wh->resv, t, width, k, 0, point_of(j, pos[a]),
                             point_of(j, pos[a]), (uint32_t)a);
        }
        wh->ph_end = wh->resv.n;
        *sound = w;
        for (size_t rank = 0; rank < n && s == WF_OK; rank++) {
            const uint32_t a = wh->order[rank];
            uint32_t *p = wh->win + (size_t)a * (w + 1);
            wf__resv_drop(&wh->resv, wh->ph[a],
                          a + 1 < n ? wh->ph[a + 1] : wh->ph_end);
            s = wf__st_plan(&wh->st, t, j, &wh->rra[a], &wh->resv, pos[a],
                            cell_of(j, j->agents[a].goal), w, p,
                            &wh->depth[a]);
            if (s == WF_OK && wh->depth[a] < *sound)
                *sound = wh->depth[a];
            for (uint32_t q = 0; q < w && s == WF_OK; q++)
                s = wf__resv_add(&wh->resv, t, width, k, q,
                                 point_of(j, p[q]), point_of(j, p[q + 1]),
                                 a);
        }
        if (*sound >= want)
            break;
    }
    return s;
}

/* The agents off their goals at step `at`, listed into t->msg. */
static wf_status fail_steps(wf_team *t, const wf__team_job *j, size_t at) {
    const uint32_t *pos = t->whca->hist + at * j->n;
    size_t away = 0;
    for (size_t a = 0; a < j->n; a++)
        away += pos[a] != cell_of(j, j->agents[a].goal);
    int len = snprintf(t->msg, sizeof t->msg,
                       "WHCA*: %zu of %zu agents not on their goals after "
                       "max_steps (%u) steps:",
                       away, j->n, j->max_steps);
    size_t listed = 0;
    for (size_t a = 0; a < j->n && len > 0 &&
                       (size_t)len + 24 < sizeof t->msg;
         a++)
        if (pos[a] != cell_of(j, j->agents[a].goal)) {
            len += snprintf(t->msg + len, sizeof t->msg - (size_t)len,
                            " %zu", a);
            listed++;
        }
    if (listed < away && len > 0 && (size_t)len < sizeof t->msg)
        snprintf(t->msg + len, sizeof t->msg - (size_t)len, " ...");
    return WF_E_UNSATISFIABLE;
}

/* Each agent's path out of the history of `steps` steps, cut after its
 * last step off its goal. */
static wf_status output(wf_team *t, const wf__team_job *j, size_t steps,
                        wf_team_plan *out) {
    struct wf__whca *wh = t->whca;
    const size_t n = j->n;
    for (size_t a = 0; a < n; a++) {
        const uint32_t goal = cell_of(j, j->agents[a].goal);
        size_t len = steps + 1;
        while (len > 1 && wh->hist[(len - 2) * n + a] == goal)
            len--;
        wf_status s = wf__whca_grow(t, (void **)&wh->path, &wh->path_cap,
                                    len, sizeof *wh->path);
        if (s != WF_OK)
            return s;
        for (size_t k = 0; k < len; k++)
            wh->path[k] = point_of(j, wh->hist[k * n + a]);
        s = wf_team_plan_push(out, wh->path, len);
        if (s != WF_OK)
            return s;
    }
    return WF_OK;
}

wf_status wf__team_whca(wf_team *t, const wf__team_job *j, wf_team_plan *out) {
    const size_t n = j->n;
    const uint32_t w = (uint32_t)j->o.window, advance = w / 2;
    if (j->g->cells >= WF__RRA_CLOSED - 1)
        return wf__team_fail(t, WF_E_TOO_BIG,
                             "WHCA*: a grid of %zu cells (at most 2^31 - 2)",
                             j->g->cells);
    wf_status s = prepare(t, j, w);
    if (s != WF_OK)
        return s;
    struct wf__whca *wh = t->whca;
    wh->st.expanded = 0;
    size_t away = 0;
    for (size_t a = 0; a < n; a++) {
        wh->order[a] = (uint32_t)a;
        wh->hist[a] = cell_of(j, j->agents[a].start);
        away += wh->hist[a] != cell_of(j, j->agents[a].goal);
    }
    size_t at = 0, windows = 0; /* the steps taken, the windows planned */
    /* a jam that never clears must end long before max_steps: when the
     * agents' total true distance to their goals has not fallen below its
     * best for this many steps, give up */
    const size_t stall = 2 * ((size_t)j->g->width + (size_t)j->g->height) +
                         8 * (size_t)w;
    double best = INFINITY;
    size_t best_at = 0;
    while (away && s == WF_OK) {
        uint32_t sound = 0;
        s = plan_window(t, j, w, at, windows++ % n, advance, &sound);
        if (s == WF_OK && sound < 1) /* cannot be: each may wait a step */
            s = wf__team_fail(t, WF_E_UNSATISFIABLE,
                              "WHCA*: no agent can move at step %zu", at);
        const uint32_t steps = sound < advance ? sound : advance;
        for (uint32_t k = 1; k <= steps && away && s == WF_OK; k++) {
            if (at + 1 > j->max_steps) {
                s = fail_steps(t, j, at);
                break;
            }
            size_t need;
            if (!wf__mul_size(at + 2, n, &need)) {
                s = WF_E_TOO_BIG;
                break;
            }
            s = wf__whca_grow(t, (void **)&wh->hist, &wh->hist_cap, need,
                              sizeof *wh->hist);
            if (s != WF_OK)
                break;
            at++;
            away = 0;
            for (size_t a = 0; a < n; a++) {
                const uint32_t c = wh->win[a * (w + 1) + k];
                wh->hist[at * n + a] = c;
                away += c != cell_of(j, j->agents[a].goal);
            }
        }
        double total = 0;
        for (size_t a = 0; a < n && s == WF_OK && away; a++) {
            double d;
            s = wf__rra_dist(&wh->rra[a], t, j, wh->hist[at * n + a], &d);
            total += d;
        }
        if (s == WF_OK && away && total < best) {
            best = total;
            best_at = at;
        } else if (s == WF_OK && away && at - best_at > stall) {
            s = wf__team_fail(t, WF_E_UNSATISFIABLE,
                              "WHCA*: stalled: the agents came no closer to "
                              "their goals in %zu steps (step %zu); %zu of "
                              "%zu arrived",
                              at - best_at, at, n - away, n);
        }
    }
    uint64_t expanded = wh->st.expanded;
    for (size_t a = 0; a < n; a++)
        expanded += wh->rra[a].expanded;
    if (s == WF_OK)
        s = output(t, j, at, out);
    out->expanded = expanded;
    return s;
}
