/* The soak's rounds (soak.h): cells changed and restored between the
 * pool's calls, the calls and the check of every answer, sliced searches
 * stopped at random steps, walkers re-planning. */
#define _POSIX_C_SOURCE 200809L
#include "soak.h"

/* ---- reporting ------------------------------------------------------- */

static void describe(const wf_search_opts *o, char *buf, size_t size) {
    static const char *const algo[] = {"A*", "Dijkstra", "JPS", "JPS+",
                                       "auto"};
    static const char *const corners[] = {"no-cut", "always", "one-free"};
    snprintf(buf, size, "%s %d-connected %s%s%s weight %g", algo[o->algo],
             o->move.connect, corners[o->move.corners],
             o->filter ? " filter" : "",
             o->goal_fallback ? " fallback" : "", o->weight ? o->weight : 1);
}

/* Counts a wrong answer; describes the first REPORTS on stderr. */
static void wrong(soak *s, const wf_search_opts *o, wf_point a, wf_point b,
                  const char *fmt, ...) {
    if (++s->wrong > REPORTS)
        return;
    char opts[128], what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    describe(o, opts, sizeof opts);
    fprintf(stderr, "soak: WRONG after %" PRIu64 " queries: (%d,%d) -> (%d,%d) "
            "[%s]: %s\n", s->queries, a.x, a.y, b.x, b.y, opts, what);
}

/* ---- the checker ----------------------------------------------------- */

static int enters(const wf_grid *g, const wf_filter *f, int x, int y) {
    int t = wf_grid_get(g, x, y);
    return t >= 0 && wf_grid_cost(g, (uint8_t)t) > 0 &&
           (!f || isfinite(f->mult[t]));
}

/* The cost of the move a -> b under @p o, worked out here from the public
 * grid accessors rather than by the library; < 0 when not allowed. */
static double step_cost(const wf_grid *g, const wf_search_opts *o,
                        wf_point a, wf_point b) {
    int dx = b.x - a.x, dy = b.y - a.y;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (!dx && !dy) ||
        !enters(g, o->filter, b.x, b.y))
        return -1;
    if (dx && dy) {
        int s1 = enters(g, o->filter, b.x, a.y);
        int s2 = enters(g, o->filter, a.x, b.y);
        if (o->move.connect == 4 ||
            (o->move.corners == WF_CORNERS_NO_CUT && !(s1 && s2)) ||
            (o->move.corners == WF_CORNERS_ONE_FREE && !(s1 || s2)))
            return -1;
    }
    int t = wf_grid_get(g, b.x, b.y);
    double c = wf_grid_cost(g, (uint8_t)t) * (o->filter ? o->filter->mult[t] : 1);
    return dx && dy ? sqrt(2.0) * c : c;
}

/* NULL when @p p, with status @p st, can be a search's answer for
 * start -> goal on @p g under @p o; else what is wrong with it. */
static const char *path_fault(const wf_grid *g, const wf_search_opts *o,
                              wf_point start, wf_point goal, wf_status st,
                              const wf_path *p) {
    if (st == WF_NO_PATH)
        return p->count ? "NO_PATH with a path" : NULL;
    if (st != WF_OK && st != WF_PARTIAL)
        return wf_status_name(st);
    if (!p->count || !same_point(p->points[0], start))
        return "the path does not begin at the start";
    if (st == WF_OK && !same_point(p->points[p->count - 1], goal))
        return "the path does not end at the goal";
    double sum = 0;
    for (size_t i = 1; i < p->count; i++) {
        double c = step_cost(g, o, p->points[i - 1], p->points[i]);
        if (c < 0)
            return "the path makes a move that is not allowed";
        sum += c;
    }
    return close_cost(sum, p->cost) ? NULL : "the path's moves do not sum to its cost";
}

static uint64_t path_hash(const wf_path *p) {
    uint64_t h = 14695981039346656037u;
    for (size_t i = 0; i < p->count; i++)
        h = (h ^ (((uint64_t)(uint32_t)p->points[i].x << 32) |
                  (uint32_t)p->points[i].y)) * 1099511628211u;
    return h;
}

/* A fresh search of start -> goal on the checker's own workspace. */
static wf_status fresh(soak *s, wf_point a, wf_point b, const wf_search_opts *o) {
    return wf_search_grid(s->check_ws, s->g, a, b, o, &s->fresh);
}

/* ---- the map and its changes ----------------------------------------- */

wf_point soak_cell_at(const soak *s, uint32_t i) {
    return (wf_point){(int)(i % (uint32_t)s->w), (int)(i / (uint32_t)s->w)};
}

static uint8_t orig_at(const soak *s, wf_point p) {
    return s->orig[(size_t)p.y * (size_t)s->w + (size_t)p.x];
}

static int occupied(const soak *s, wf_point p) {
    for (int k = 0; k < WALKERS; k++)
        if (same_point(wf_walker_position(s->walker[k]), p))
            return 1;
    return 0;
}

/* A cell that was passable as loaded and still is, most likely. */
wf_point soak_random_open(soak *s) {
    wf_point p = s->open[below(s, (uint32_t)s->n_open)];
    for (int tries = 0; tries < 8 && !wf_grid_passable(s->g, p.x, p.y); tries++)
        p = s->open[below(s, (uint32_t)s->n_open)];
    return p;
}

/* A passable cell within LOCAL cells of @p a, or any passable one. */
static wf_point near(soak *s, wf_point a) {
    for (int tries = 0; tries < 8; tries++) {
        int x = a.x - LOCAL + (int)below(s, 2 * LOCAL + 1);
        int y = a.y - LOCAL + (int)below(s, 2 * LOCAL + 1);
        if (wf_grid_passable(s->g, x, y))
            return (wf_point){x, y};
    }
    return soak_random_open(s);
}

static wf_point random_goal(soak *s, wf_point start) {
    return below(s, 4) ? near(s, start) : soak_random_open(s);
}

/* Undoes a random change, unless a walker stands on its cell. */
static void restore_one(soak *s) {
    size_t i = below(s, (uint32_t)s->n_changes);
    wf_point p = s->changes[i];
    if (occupied(s, p))
        return;
    wf_grid_set(s->g, p.x, p.y, orig_at(s, p));
    s->changes[i] = s->changes[--s->n_changes];
}

/* Gives @p p terrain @p t, to be undone later, unless @p p is changed
 * already or a walker stands there. */
static void change_one(soak *s, wf_point p, uint8_t t) {
    if (wf_grid_get(s->g, p.x, p.y) != orig_at(s, p) || occupied(s, p))
        return;
    if (s->n_changes == MAX_CHANGED)
        restore_one(s);
    if (s->n_changes < MAX_CHANGED) {
        wf_grid_set(s->g, p.x, p.y, t);
        s->changes[s->n_changes++] = p;
    }
}

/* @p k changes: blocked cells open, open cells block or change terrain, or
 * an earlier change is undone. */
void soak_change_cells(soak *s, int k) {
    while (k-- > 0) {
        if (s->n_changes && below(s, 2)) {
            restore_one(s);
            continue;
        }
        wf_point p = soak_cell_at(s, below(s, (uint32_t)(s->w * s->h)));
        uint8_t t = orig_at(s, p);
        if (!wf_grid_passable(s->g, p.x, p.y))
            t = OPEN;
        else if (below(s, 3))
            t = WALL;
        else
            t = t == SWAMP ? OPEN : SWAMP;
        change_one(s, p, t);
    }
}

/* Swamp patches on open ground, so filters have a second terrain. */
void soak_paint_swamps(soak *s) {
    for (int n = 0; n < 64; n++) {
        wf_point c = soak_cell_at(s, below(s, (uint32_t)(s->w * s->h)));
        int r = 2 + (int)below(s, 8);
        for (int y = c.y - r; y <= c.y + r; y++)
            for (int x = c.x - r; x <= c.x + r; x++)
                if ((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y) <= r * r &&
                    wf_grid_get(s->g, x, y) == OPEN)
                    wf_grid_set(s->g, x, y, SWAMP);
    }
}

/* ---- options --------------------------------------------------------- */

/* Options for one pool call, sliced search or walker; @p f holds the
 * filter when one is drawn. Walkers get no goal fallback. */
static void pick_opts(soak *s, wf_search_opts *o, wf_filter *f, int walker) {
    static const wf_move moves[] = {
        {8, WF_CORNERS_NO_CUT, 1}, {8, WF_CORNERS_NO_CUT, 1},
        {8, WF_CORNERS_ONE_FREE, 1}, {8, WF_CORNERS_ALWAYS, 1},
        {4, WF_CORNERS_NO_CUT, 1}};
    *o = wf_search_opts_default();
    o->move = moves[below(s, 5)];
    if (!below(s, 4)) {
        wf_filter_init(f);
        switch (below(s, 3)) {
        case 0: wf_filter_set(f, SWAMP, INFINITY); break;
        case 1: wf_filter_set(f, SWAMP, 1.5 + 2.5 * wf_rng_unit(&s->rng)); break;
        default: wf_filter_set(f, OPEN, 1.25); break;
        }
        o->filter = f;
    }
    if (!walker && !below(s, 16))
        o->goal_fallback = WF_FALLBACK_NEAREST;
    if (!below(s, 8))
        o->weight = 1.5;
    int jps = o->move.connect == 8 && o->move.corners == WF_CORNERS_NO_CUT &&
              !o->filter && !o->goal_fallback && !o->weight;
    static const wf_algo algos[] = {WF_ALGO_ASTAR, WF_ALGO_AUTO, WF_ALGO_JPS};
    o->algo = algos[below(s, jps ? 3 : 2)];
}

/* ---- the pool -------------------------------------------------------- */

/* Runs on the worker that answered query @p i: touches answers[i] only. */
static void on_answer(void *ud, size_t i, wf_status st, const wf_path *p,
                      uint64_t ns) {
    (void)ns;
    const batch *b = ud;
    answer *a = &b->answers[i];
    a->status = st;
    a->cost = p->cost;
    a->hash = path_hash(p);
    a->bad = path_fault(b->g, b->opts, b->starts[i], b->goals[i], st, p);
}

/* Answers the first @p n queries of starts and goals on the pool, under
 * @p o, and checks them. */
static void pool_call(soak *s, size_t n, const wf_search_opts *o) {
    batch b = {s->g, o, s->starts, s->goals, s->answers};
    wf_status st = wf_pool_search_grid(s->pool, s->g, s->starts, s->goals, n,
                                       o, on_answer, &b);
    if (st != WF_OK)
        wrong(s, o, s->starts[0], s->goals[0], "wf_pool_search_grid: %s",
              wf_status_name(st));
    s->queries += n;
    for (size_t i = 0; i < n; i++) {
        const answer *a = &s->answers[i];
        wf_point from = s->starts[i], to = s->goals[i];
        if (a->bad)
            wrong(s, o, from, to, "pool: %s (%s)", a->bad,
                  wf_status_name(a->status));
        if (below(s, s->cfg.sample_every))
            continue;
        s->checked++;
        wf_status want = fresh(s, from, to, o);
        int paths = want == WF_OK || want == WF_PARTIAL;
        if (a->status != want || (paths && !close_cost(a->cost, s->fresh.cost)))
            wrong(s, o, from, to, "pool: %s cost %.17g, fresh search: %s "
                  "cost %.17g", wf_status_name(a->status), a->cost,
                  wf_status_name(want), s->fresh.cost);
        else if (!paths || a->hash == path_hash(&s->fresh))
            s->identical++;
    }
}

/* A batch of @p n random queries under random options. */
void soak_pool_round(soak *s, size_t n) {
    wf_filter f;
    wf_search_opts o;
    pick_opts(s, &o, &f, 0);
    for (size_t i = 0; i < n; i++) {
        s->starts[i] = soak_random_open(s);
        s->goals[i] = o.goal_fallback && !below(s, 8)
                          ? soak_cell_at(s, below(s, (uint32_t)(s->w * s->h)))
                          : random_goal(s, s->starts[i]);
    }
    pool_call(s, n, &o);
}

/* A workspace's pages become resident only as searches reach new parts of
 * its arrays, so memory would creep long after the workspaces are
 * allocated, the longer on a map of many regions. Before the first round,
 * every pool worker and both workspaces of the main thread search, with A*
 * and then JPS, a grid of the map's size: open but for a post in every
 * fourth cell of every fourth row (jump points everywhere) and a walled-in
 * goal, so that each search reaches every cell. Not counted in N. */
void soak_warm_up(soak *s) {
    wf_grid *g;
    if (s->w < 8 || s->h < 8 || wf_grid_create(s->w, s->h, NULL, &g) != WF_OK)
        return; /* a tiny map needs no warming */
    for (int y = 2; y < s->h; y += 4)
        for (int x = 2; x < s->w; x += 4)
            wf_grid_set(g, x, y, WF_TERRAIN_WALL);
    wf_point goal = {s->w / 2, s->h / 2};
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dx || dy)
                wf_grid_set(g, goal.x + dx, goal.y + dy, WF_TERRAIN_WALL);
    size_t n = 2 * (size_t)s->cfg.threads; /* two per worker, likely */
    for (size_t i = 0; i < n; i++) {
        s->starts[i] = (wf_point){(int)(i * 37 % (size_t)s->w), 0};
        s->goals[i] = goal;
    }
    wf_search_opts o = wf_search_opts_default();
    batch b = {g, &o, s->starts, s->goals, s->answers};
    for (int engine = 0; engine < 2; engine++) {
        o.algo = engine ? WF_ALGO_JPS : WF_ALGO_ASTAR;
        wf_status st = wf_pool_search_grid(s->pool, g, s->starts, s->goals, n,
                                           &o, on_answer, &b);
        for (size_t i = 0; st == WF_OK && i < n; i++)
            st = s->answers[i].status == WF_NO_PATH ? WF_OK : s->answers[i].status;
        wf_search *ws[] = {s->ws, s->check_ws};
        for (int k = 0; st == WF_OK && k < 2; k++)
            if ((st = wf_search_grid(ws[k], g, s->starts[0], goal, &o,
                                     &s->path)) == WF_NO_PATH)
                st = WF_OK;
        if (st != WF_OK)
            wrong(s, &o, s->starts[0], goal, "warm-up: %s instead of NO_PATH",
                  wf_status_name(st));
    }
    wf_grid_destroy(g);
}

/* ---- sliced searches ------------------------------------------------- */

static int same_answer(wf_status sa, const wf_path *a, wf_status sb,
                       const wf_path *b) {
    return sa == sb && a->count == b->count &&
           (!a->count || (a->cost == b->cost &&
                          !memcmp(a->points, b->points,
                                  a->count * sizeof *a->points)));
}

/* Stops the sliced search a -> b under way; 1 when it was begun again (on
 * a changed map) and should run on. */
static int stop_sliced(soak *s, wf_point a, wf_point b, const wf_search_opts *o) {
    s->stopped++;
    switch (below(s, 3)) {
    case 0:
        wf_search_cancel(s->ws);
        break;
    case 1: /* any other use of the workspace ends it too */
        wf_search_grid(s->ws, s->g, b, a, o, &s->path);
        break;
    default: /* the map changed: cancel and begin again */
        soak_change_cells(s, 1 + (int)below(s, 3));
        wf_search_cancel(s->ws);
        wf_status st = wf_search_begin(s->ws, s->g, a, b, o);
        if (st == WF_OK)
            return 1;
        wrong(s, o, a, b, "wf_search_begin again: %s", wf_status_name(st));
        return 0;
    }
    wf_status st = wf_search_step(s->ws, 1, &s->path);
    if (st != WF_E_INVALID_ARG)
        wrong(s, o, a, b, "a stopped sliced search stepped on: %s",
              wf_status_name(st));
    return 0;
}

void soak_sliced_search(soak *s) {
    wf_filter f;
    wf_search_opts o;
    pick_opts(s, &o, &f, 0);
    wf_point a = soak_random_open(s), b = random_goal(s, a);
    uint32_t stop_at = below(s, 3) ? below(s, 64) : UINT32_MAX;
    s->sliced++;
    wf_status st = wf_search_begin(s->ws, s->g, a, b, &o);
    for (uint32_t step = 0; st == WF_OK || st == WF_PENDING; step++) {
        if (step == stop_at && !stop_sliced(s, a, b, &o))
            return;
        st = wf_search_step(s->ws, 1 + below(s, 64), &s->path);
        if (st != WF_PENDING)
            break;
    }
    s->sliced_checked++;
    wf_status want = fresh(s, a, b, &o);
    if (!same_answer(st, &s->path, want, &s->fresh))
        wrong(s, &o, a, b, "sliced: %s cost %.17g (%zu cells), one-shot: %s "
              "cost %.17g (%zu cells)", wf_status_name(st), s->path.cost,
              s->path.count, wf_status_name(want), s->fresh.cost,
              s->fresh.count);
}

/* ---- walkers --------------------------------------------------------- */

/* Walker @p k's plan, just made on this grid from @p from with status
 * @p st, must be a least-cost path, or none when there is none. */
static void check_plan(soak *s, int k, wf_point from, wf_status st) {
    const wf_search_opts *o = &s->walker_opts[k];
    const wf_path *p = wf_walker_path(s->walker[k]);
    wf_point goal = wf_walker_goal(s->walker[k]);
    wf_status want = fresh(s, from, goal, o);
    const char *bad = st == WF_OK ? path_fault(s->g, o, from, goal, st, p) : NULL;
    s->plans_checked++;
    s->no_path_checked += st == WF_NO_PATH;
    if (st != want || bad || (st == WF_OK && !close_cost(p->cost, s->fresh.cost)))
        wrong(s, o, from, goal, "walker plan: %s cost %.17g (%s), fresh "
              "search: %s cost %.17g", wf_status_name(st), p->cost,
              bad ? bad : "valid", wf_status_name(want), s->fresh.cost);
}

/* Walker @p k gets new options and a new goal, from @p at. */
void soak_new_goal(soak *s, int k, wf_point at) {
    wf_walker *w = s->walker[k];
    pick_opts(s, &s->walker_opts[k], &s->walker_filter[k], 1);
    wf_walker_set_watch_cheaper(w, !below(s, 4));
    check_plan(s, k, at, wf_walker_plan(w, s->ws, s->g, at, random_goal(s, at),
                                        &s->walker_opts[k]));
}

/* Blocks a cell a few steps ahead of walker @p k, or now and then its
 * goal (it then finds out on arrival that there is no way in). */
void soak_block_ahead(soak *s, int k) {
    const wf_path *p = wf_walker_path(s->walker[k]);
    wf_point at = wf_walker_position(s->walker[k]);
    for (size_t i = 0; i < p->count; i++)
        if (same_point(p->points[i], at)) {
            size_t j = below(s, 4) ? i + 1 + below(s, 5) : p->count - 1;
            if (j > i && j < p->count)
                change_one(s, p->points[j], WALL);
            return;
        }
}

void soak_walker_step(soak *s, int k) {
    wf_walker *w = s->walker[k];
    const wf_search_opts *o = &s->walker_opts[k];
    wf_point from = wf_walker_position(w), goal = wf_walker_goal(w), next;
    size_t replans = wf_walker_replans(w);
    wf_status st = wf_walker_step(w, s->ws, s->g, &next);
    s->steps++;
    if (st == WF_OK || st == WF_ARRIVED) {
        if (!same_point(next, wf_walker_position(w)) ||
            (st == WF_ARRIVED && !same_point(next, goal)) ||
            (!same_point(next, from) && step_cost(s->g, o, from, next) < 0))
            wrong(s, o, from, goal, "walker: %s to (%d,%d)",
                  wf_status_name(st), next.x, next.y);
    } else if (st != WF_NO_PATH || !same_point(wf_walker_position(w), from)) {
        wrong(s, o, from, goal, "walker: %s, moved to (%d,%d)",
              wf_status_name(st), wf_walker_position(w).x,
              wf_walker_position(w).y);
    }
    if (wf_walker_replans(w) > replans) /* WF_NO_PATH comes from one too */
        check_plan(s, k, from, st == WF_NO_PATH ? st : WF_OK);
    if (st == WF_ARRIVED || st == WF_NO_PATH) {
        s->arrivals += st == WF_ARRIVED;
        /* sometimes from elsewhere: units are placed as well as moved */
        soak_new_goal(s, k, below(s, 8) ? wf_walker_position(w) : soak_random_open(s));
    }
}
