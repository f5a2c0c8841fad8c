/*
 * wf_soak: the persistent pool under a long, mixed load, checked as it goes.
 *
 *   wf_soak [--queries N] [--threads T] [--seed S] [--map FILE]
 *           [--sample-every K]
 *
 * On a Moving AI map (swamp patches painted on, so that unit filters have
 * two passable terrains to tell apart) it runs rounds until N pool queries
 * have been answered. Each round
 *   1. changes a few cells: blocks, opens or re-terrains them; each change
 *      is undone some rounds later, so the map neither fills up nor empties;
 *   2. answers a batch of 1 to 512 random queries (most within 40 cells, a
 *      quarter across the map) on one persistent wf_pool of T workers, with
 *      options drawn per batch: A*, JPS or auto, weighted A* sometimes, 4-
 *      or 8-connected under each corner rule, a unit filter sometimes, a
 *      goal fallback (and goals on walls) sometimes;
 *   3. runs two sliced searches on the main thread's workspace in budgets of
 *      1 to 64 expansions, each stopped at a random step: by
 *      wf_search_cancel, by another search on the same workspace, or by a
 *      change of the map (then cancelled and begun again);
 *   4. moves four walkers a few steps each, blocking cells ahead of them now
 *      and then so that they re-plan.
 * The grid changes only between calls, never while the pool reads it.
 *
 * Checks: every pool answer's path is walked on the grid of its call
 * (starts at the start, allowed moves only, costs summing to the reported
 * cost, ends at the goal for WF_OK); one in K answers is also compared
 * with a fresh single-threaded wf_search_grid on a workspace of its own
 * (same status, cost within 1e-9 relative: paths may differ on ties). A
 * sliced search that finishes must equal the one-shot search exactly, a
 * stopped one must refuse its next step; a walker must make allowed moves
 * only, re-plan optimally and say WF_NO_PATH only when there is none. Any
 * failure counts in W and the first few are described on stderr.
 *
 * Memory: the resident set (/proc/self/statm) is sampled every
 * min(100000, N / 10) pool queries. The first sample, after a warm-up
 * (see warm_up) and that first interval, is the reference: the last may
 * exceed it by 5 % (not checked under ThreadSanitizer, whose shadow memory
 * keeps growing).
 *
 * The last line is
 *   soak: N queries, M checked, W wrong, rss first A MB, max B MB, last C MB
 * where N counts pool queries only (not sliced searches or walker steps,
 * reported on the line before), M the pool answers compared with a fresh
 * search, and MB is 2^20 bytes. Exit status: 0 when W is 0 and memory
 * stayed flat, 1 otherwise, 2 for a bad option, 3 when the map cannot be
 * read. N defaults to $WF_SOAK_QUERIES, else 10000. Everything but the
 * timings and memory is the same for the same seed and thread count.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <wayfind/wayfind.h>

#define MAX_BATCH 512   /* queries per pool call, at most */
#define MAX_CHANGED 256 /* cells changed and not yet restored, at most */
#define WALKERS 4
#define WALKER_STEPS 8  /* per walker and round */
#define SLICED 2        /* sliced searches per round */
#define LOCAL 40        /* a local query's goal is this near its start */
#define REPORTS 10      /* wrong answers described on stderr */

/* ThreadSanitizer's shadow memory grows with every word the program first
 * touches, long after the heap has stopped growing: its builds report the
 * resident set but do not hold it to the 5 % rule. */
#if defined(__SANITIZE_THREAD__)
#define RSS_RULE 0
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define RSS_RULE 0
#endif
#endif
#ifndef RSS_RULE
#define RSS_RULE 1
#endif

enum { OPEN = '.', SWAMP = 'S', WALL = '@' };

typedef struct config {
    uint64_t queries;
    int threads;
    uint64_t seed;
    const char *map;
    uint32_t sample_every;
} config;

/* What the pool callback records of one answer. */
typedef struct answer {
    wf_status status;
    double cost;
    uint64_t hash;   /* of the path's points */
    const char *bad; /* why the path is not a valid answer, or NULL */
} answer;

/* One pool call, as its callback sees it. */
typedef struct batch {
    const wf_grid *g;
    const wf_search_opts *opts;
    const wf_point *starts, *goals;
    answer *answers;
} batch;

typedef struct soak {
    config cfg;
    wf_rng rng;
    wf_grid *g;
    int w, h;
    uint8_t *orig;  /* terrain as loaded (with swamps): what changes undo */
    wf_point *open; /* cells passable in orig */
    size_t n_open;
    wf_point changes[MAX_CHANGED]; /* cells changed, not yet restored */
    size_t n_changes;
    wf_pool *pool;
    wf_search *ws;       /* the main thread's: sliced searches, walkers */
    wf_search *check_ws; /* fresh searches for checking */
    wf_path path, fresh;
    wf_point starts[MAX_BATCH], goals[MAX_BATCH];
    answer answers[MAX_BATCH];
    wf_walker *walker[WALKERS];
    wf_search_opts walker_opts[WALKERS];
    wf_filter walker_filter[WALKERS];
    uint64_t queries, checked, identical, wrong;
    uint64_t sliced, stopped, sliced_checked;
    uint64_t steps, plans_checked, no_path_checked, arrivals;
} soak;

static uint32_t below(soak *s, uint32_t n) { return wf_rng_below(&s->rng, n); }

static int same_point(wf_point a, wf_point b) { return a.x == b.x && a.y == b.y; }

static int close_cost(double a, double b) {
    return fabs(a - b) <= 1e-9 * fmax(1.0, fabs(b));
}

static double seconds(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- reporting ------------------------------------------------------- */

static void describe(const wf_search_opts *o, char *buf, size_t size) {
    static const char *const algo[] = {"A*", "Dijkstra", "JPS", "auto"};
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

static wf_point cell_at(const soak *s, uint32_t i) {
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
static wf_point random_open(soak *s) {
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
    return random_open(s);
}

static wf_point random_goal(soak *s, wf_point start) {
    return below(s, 4) ? near(s, start) : random_open(s);
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
static void change_cells(soak *s, int k) {
    while (k-- > 0) {
        if (s->n_changes && below(s, 2)) {
            restore_one(s);
            continue;
        }
        wf_point p = cell_at(s, below(s, (uint32_t)(s->w * s->h)));
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
static void paint_swamps(soak *s) {
    for (int n = 0; n < 64; n++) {
        wf_point c = cell_at(s, below(s, (uint32_t)(s->w * s->h)));
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
        {8, WF_CORNERS_NO_CUT}, {8, WF_CORNERS_NO_CUT},
        {8, WF_CORNERS_ONE_FREE}, {8, WF_CORNERS_ALWAYS}, {4, WF_CORNERS_NO_CUT}};
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
static void pool_round(soak *s, size_t n) {
    wf_filter f;
    wf_search_opts o;
    pick_opts(s, &o, &f, 0);
    for (size_t i = 0; i < n; i++) {
        s->starts[i] = random_open(s);
        s->goals[i] = o.goal_fallback && !below(s, 8)
                          ? cell_at(s, below(s, (uint32_t)(s->w * s->h)))
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
static void warm_up(soak *s) {
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
        change_cells(s, 1 + (int)below(s, 3));
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

static void sliced_search(soak *s) {
    wf_filter f;
    wf_search_opts o;
    pick_opts(s, &o, &f, 0);
    wf_point a = random_open(s), b = random_goal(s, a);
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
static void new_goal(soak *s, int k, wf_point at) {
    wf_walker *w = s->walker[k];
    pick_opts(s, &s->walker_opts[k], &s->walker_filter[k], 1);
    wf_walker_set_watch_cheaper(w, !below(s, 4));
    check_plan(s, k, at, wf_walker_plan(w, s->ws, s->g, at, random_goal(s, at),
                                        &s->walker_opts[k]));
}

/* Blocks a cell a few steps ahead of walker @p k, or now and then its
 * goal (it then finds out on arrival that there is no way in). */
static void block_ahead(soak *s, int k) {
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

static void walker_step(soak *s, int k) {
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
        new_goal(s, k, below(s, 8) ? wf_walker_position(w) : random_open(s));
    }
}

/* ---- setup, memory, options ------------------------------------------ */

/* Resident set size in MB (2^20 bytes), or -1 when unknown. */
static double rss_mb(void) {
    unsigned long pages, resident;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return -1;
    int ok = fscanf(f, "%lu %lu", &pages, &resident) == 2;
    fclose(f);
    return ok ? (double)resident * (double)sysconf(_SC_PAGESIZE) / 1048576.0 : -1;
}

static int load(soak *s) {
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st = wf_movingai_map_read(s->cfg.map, NULL, &s->g, &d);
    if (st != WF_OK) {
        char msg[600];
        fprintf(stderr, "soak: cannot read the map %s: %s (%s)\n", s->cfg.map,
                d.message[0] ? wf_diag_format(&d, msg, sizeof msg)
                             : wf_strerror(st), wf_status_name(st));
        return 0;
    }
    s->w = wf_grid_width(s->g);
    s->h = wf_grid_height(s->g);
    paint_swamps(s);
    size_t cells = (size_t)s->w * (size_t)s->h;
    s->orig = malloc(cells);
    s->open = malloc(cells * sizeof *s->open);
    if (!s->orig || !s->open) {
        fprintf(stderr, "soak: out of memory\n");
        return 0;
    }
    memcpy(s->orig, wf_grid_cells(s->g), cells);
    for (uint32_t i = 0; i < cells; i++)
        if (wf_grid_passable(s->g, cell_at(s, i).x, cell_at(s, i).y))
            s->open[s->n_open++] = cell_at(s, i);
    if (!s->n_open) {
        fprintf(stderr, "soak: the map %s has no passable cell\n", s->cfg.map);
        return 0;
    }
    return 1;
}

static int start(soak *s) {
    /* the main thread's workspaces sized up front, JPS's arrays included */
    size_t cells = (size_t)s->w * (size_t)s->h;
    if (wf_pool_create(s->cfg.threads, NULL, &s->pool) != WF_OK ||
        wf_search_create(NULL, &s->ws) != WF_OK ||
        wf_search_create(NULL, &s->check_ws) != WF_OK ||
        wf_search_reserve_graph(s->ws, cells) != WF_OK ||
        wf_search_reserve_graph(s->check_ws, cells) != WF_OK)
        return 0;
    for (int k = 0; k < WALKERS; k++) {
        if (wf_walker_create(NULL, &s->walker[k]) != WF_OK)
            return 0;
        new_goal(s, k, random_open(s));
    }
    return 1;
}

static void stop(soak *s) {
    for (int k = 0; k < WALKERS; k++)
        wf_walker_destroy(s->walker[k]);
    wf_path_free(&s->path);
    wf_path_free(&s->fresh);
    wf_search_destroy(s->ws);
    wf_search_destroy(s->check_ws);
    wf_pool_destroy(s->pool);
    wf_grid_destroy(s->g);
    free(s->orig);
    free(s->open);
}

/* Reads an unsigned decimal in [lo, hi]; 0 when @p text is not one. */
static int number(const char *text, uint64_t lo, uint64_t hi, uint64_t *out) {
    char *end;
    if (!text || text[0] < '0' || text[0] > '9')
        return 0;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

static const char usage[] =
    "usage: wf_soak [--queries N] [--threads T] [--seed S] [--map FILE]\n"
    "               [--sample-every K]\n"
    "  --queries N       pool queries to answer (default $WF_SOAK_QUERIES, "
    "else 10000)\n"
    "  --threads T       pool workers, 1 to 256 (default 2)\n"
    "  --seed S          random seed (default 1)\n"
    "  --map FILE        a Moving AI .map (default the 512x512 Boston map of "
    "the shared set)\n"
    "  --sample-every K  compare one pool answer in K with a fresh search "
    "(default 50)\n";

/* 0 on success, else the exit status (2: usage; -1: --help). */
static int parse(int argc, char **argv, config *c) {
    const char *env = getenv("WF_SOAK_QUERIES");
    uint64_t v;
    *c = (config){10000, 2, 1, NULL, 50};
#ifdef WF_SHARED_DIR
    c->map = WF_SHARED_DIR "/movingai/street/Boston_0_512.map";
#endif
    if (env && !number(env, 1, UINT64_MAX, &c->queries)) {
        fprintf(stderr, "soak: WF_SOAK_QUERIES must be a count of queries "
                "(1 or more), got '%s'\n", env);
        return 2;
    }
    for (int i = 1; i < argc; i += 2) {
        const char *opt = argv[i], *arg = argv[i + 1]; /* argv[argc] is NULL */
        const char *want = NULL;
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (!strcmp(opt, "--queries")) {
            if (!number(arg, 1, UINT64_MAX, &c->queries))
                want = "a count of 1 or more";
        } else if (!strcmp(opt, "--threads")) {
            if (number(arg, 1, 256, &v))
                c->threads = (int)v;
            else
                want = "a thread count from 1 to 256";
        } else if (!strcmp(opt, "--seed")) {
            if (!number(arg, 0, UINT64_MAX, &c->seed))
                want = "a whole number";
        } else if (!strcmp(opt, "--sample-every")) {
            if (number(arg, 1, UINT32_MAX, &v))
                c->sample_every = (uint32_t)v;
            else
                want = "a whole number from 1 to 4294967295";
        } else if (!strcmp(opt, "--map")) {
            c->map = arg;
            if (!arg)
                want = "a file name";
        } else {
            fprintf(stderr, "soak: unknown option '%s'\n%s", opt, usage);
            return 2;
        }
        if (want) {
            fprintf(stderr, "soak: %s needs %s, got %s%s%s\n", opt, want,
                    arg ? "'" : "", arg ? arg : "nothing", arg ? "'" : "");
            return 2;
        }
    }
    if (!c->map) {
        fprintf(stderr, "soak: no --map given (and no shared set built in)\n");
        return 2;
    }
    return 0;
}

/* The rounds, with a memory sample every min(100000, N / 10) queries. */
static void run(soak *s, double *first, double *max, double *last) {
    const uint64_t n = s->cfg.queries;
    const uint64_t every = n / 10 > 100000 ? 100000 : n / 10 ? n / 10 : 1;
    uint64_t next_sample = every;
    double t0 = seconds();
    *first = *max = *last = -1;
    warm_up(s);
    while (s->queries < n) {
        change_cells(s, 1 + (int)below(s, 4));
        uint64_t batch = 1 + below(s, MAX_BATCH);
        if (batch > next_sample - s->queries)
            batch = next_sample - s->queries; /* samples fall on the count */
        pool_round(s, batch);
        for (int i = 0; i < SLICED; i++)
            sliced_search(s);
        for (int k = 0; k < WALKERS; k++)
            for (int i = 0; i < WALKER_STEPS; i++) {
                if (!below(s, 8))
                    block_ahead(s, k);
                walker_step(s, k);
            }
        if (s->queries == next_sample) {
            *last = rss_mb();
            *first = *first < 0 ? *last : *first;
            *max = *last > *max ? *last : *max;
            printf("rss at %" PRIu64 " queries: %.1f MB, %.1f s\n", s->queries,
                   *last, seconds() - t0);
            next_sample = n - s->queries < every ? n : next_sample + every;
        }
    }
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0); /* lines in order with stderr's */
    soak *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "soak: out of memory\n");
        return 1;
    }
    wf_path_init(&s->path, NULL);
    wf_path_init(&s->fresh, NULL);
    int rc = parse(argc, argv, &s->cfg);
    if (rc == 0) {
        wf_rng_seed(&s->rng, s->cfg.seed);
        rc = load(s) ? 0 : 3;
    }
    if (rc == 0 && !start(s)) {
        fprintf(stderr, "soak: cannot start the pool, workspaces or walkers\n");
        rc = 1;
    }
    if (rc) {
        stop(s);
        free(s);
        return rc < 0 ? 0 : rc;
    }
    printf("soak: %s (%dx%d), %" PRIu64 " pool queries on %d threads, seed %"
           PRIu64 ", one answer in %" PRIu32 " compared with a fresh search\n",
           s->cfg.map, s->w, s->h, s->cfg.queries, s->cfg.threads, s->cfg.seed,
           s->cfg.sample_every);
    double first, max, last;
    run(s, &first, &max, &last);
    printf("soak: pool answers identical to the fresh search's: %" PRIu64
           " of %" PRIu64 "; sliced searches: %" PRIu64 ", %" PRIu64
           " stopped, %" PRIu64 " finished and checked; walkers: %" PRIu64
           " steps, %" PRIu64 " arrivals, %" PRIu64 " plans checked (%" PRIu64
           " NO_PATH); N counts pool queries only\n", s->identical,
           s->checked, s->sliced, s->stopped, s->sliced_checked, s->steps,
           s->arrivals, s->plans_checked, s->no_path_checked);
    if (s->wrong)
        fprintf(stderr, "soak: FAILED: %" PRIu64 " wrong answers\n", s->wrong);
    int grew = first < 0 || last > first * 1.05;
    if (!RSS_RULE)
        printf("soak: ThreadSanitizer build: memory reported, not checked\n");
    else if (first < 0)
        fprintf(stderr, "soak: FAILED: /proc/self/statm could not be read\n");
    else if (grew)
        fprintf(stderr, "soak: FAILED: memory grew after warm-up: last %.1f MB "
                "> first %.1f MB x 1.05\n", last, first);
    rc = s->wrong || (RSS_RULE && grew);
    printf("soak: %" PRIu64 " queries, %" PRIu64 " checked, %" PRIu64
           " wrong, rss first %.1f MB, max %.1f MB, last %.1f MB\n",
           s->queries, s->checked, s->wrong, first, max, last);
    stop(s);
    free(s);
    return rc;
}
