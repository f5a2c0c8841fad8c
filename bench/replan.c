/*
 * wf_bench_replan: incremental re-planning (D* Lite) against a fresh A*
 * after the map changes under a walking agent, on the Moving AI maps.
 *
 * For an evenly spaced sample of each map's scenarios (8-connected,
 * no-cut): a planner plans the whole route, the agent walks a quarter of
 * it, and one batch of 1 to 10 walls lands in a cluster (radius 2) on the
 * path ahead of it, which blocks the planned route. Then the planner
 * repairs (timed: the batch's commit, where the planner hears of the
 * edits, plus its plan) and a fresh A* (and, for reference, JPS) searches
 * from the agent's cell (timed: the search). Both are checked to cost the
 * same. The walls are then taken away again, untimed, before the next
 * scenario.
 *
 * The table gives per map the mean cells expanded and the mean µs of the
 * repair and of the fresh searches, their ratios (fresh / repair), and how
 * many repairs fell short of the goals set for them (5x fewer expansions,
 * 3x less time than the fresh A*). Exit status: 0 every cost matched, 1
 * one did not, 2 usage, 3 bad input, 4 out of memory.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/gen.h>
#include <wayfind/io.h>
#include <wayfind/replan.h>

#include "scan.h"

#define PROG "wf_bench_replan"
#define DEFAULT_SAMPLE 60

typedef struct totals {
    size_t queries, bad, short_exp, short_time;
    double rep_exp, fresh_exp, rep_ns, fresh_ns, jps_ns, first_ns;
    /* each query's fresh / repair ratios, expansions and time (a repair
     * that expanded nothing counts as 1), for the medians */
    double *er, *tr;
    size_t cap;
} totals;

/* Keeps one query's ratios (at slot t->queries); 0, or -1 when memory runs out. */
static int keep_ratios(totals *t, double er, double tr) {
    if (t->queries == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        double *a = realloc(t->er, cap * sizeof *a);
        if (a)
            t->er = a;
        double *b = a ? realloc(t->tr, cap * sizeof *b) : NULL;
        if (!b)
            return -1;
        t->tr = b;
        t->cap = cap;
    }
    t->er[t->queries] = er;
    t->tr[t->queries] = tr;
    return 0;
}

static int by_value(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of v[0 .. n) (sorted in place). */
static double median(double *v, size_t n) {
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void add(totals *a, const totals *b) {
    for (size_t i = 0; i < b->queries; i++) {
        if (keep_ratios(a, b->er[i], b->tr[i]) != 0)
            break; /* out of memory: the medians lose the rest */
        a->queries++;
    }
    a->bad += b->bad;
    a->short_exp += b->short_exp;
    a->short_time += b->short_time;
    a->rep_exp += b->rep_exp;
    a->fresh_exp += b->fresh_exp;
    a->rep_ns += b->rep_ns;
    a->fresh_ns += b->fresh_ns;
    a->jps_ns += b->jps_ns;
    a->first_ns += b->first_ns;
}

static void row(const char *label, totals *t) {
    const double n = (double)t->queries;
    printf("| %s | %zu | %.0f | %.0f | %.1f | %.1f | %.1f | %.1f | %.1f | "
           "%.1f | %.1f | %.1f | %zu | %zu | %zu |\n",
           label, t->queries, t->rep_exp / n, t->fresh_exp / n,
           t->fresh_exp / t->rep_exp, median(t->er, t->queries),
           t->first_ns / n / 1e3, t->rep_ns / n / 1e3, t->fresh_ns / n / 1e3,
           t->jps_ns / n / 1e3, t->fresh_ns / t->rep_ns,
           median(t->tr, t->queries), t->short_exp, t->short_time, t->bad);
}

/* Walls (terrain '@', blocked in Moving AI maps) in a cluster around
 * path cell `at`, never on the agent's cell or the goal: returns how many
 * were placed, their cells and former terrains in cells/was. */
static int place_walls(wf_grid *g, wf_rng *r, wf_point at, wf_point agent,
                       wf_point goal, int want, wf_point *cells,
                       uint8_t *was) {
    int n = 0;
    for (int tries = 0; tries < 200 && n < want; tries++) {
        wf_point c = {at.x + (int)wf_rng_below(r, 5) - 2,
                      at.y + (int)wf_rng_below(r, 5) - 2};
        if (tries == 0)
            c = at; /* the first one on the path itself */
        if (!wf_grid_passable(g, c.x, c.y) ||
            (c.x == agent.x && c.y == agent.y) ||
            (c.x == goal.x && c.y == goal.y))
            continue;
        cells[n] = c;
        was[n] = (uint8_t)wf_grid_get(g, c.x, c.y);
        wf_grid_set(g, c.x, c.y, (uint8_t)'@');
        n++;
    }
    return n;
}

/* Where the walls land on the path ahead of the agent. */
enum { NEAR_AGENT, ANYWHERE_AHEAD };

/* One scenario; adds to t. Returns 0, or -1 when memory runs out. */
static int one(wf_grid *g, wf_search *ws, const wf_scen_entry *q, wf_rng *r,
               int where, totals *t) {
    const wf_search_opts opts = wf_search_opts_default();
    wf_search_opts jps = opts;
    jps.algo = WF_ALGO_JPS;
    wf_dstar *d;
    if (wf_dstar_create(g, q->start, q->goal, &opts, NULL, NULL, 0, &d) !=
        WF_OK)
        return -1;
    wf_path dp, ap;
    wf_path_init(&dp, NULL);
    wf_path_init(&ap, NULL);
    int rc = 0;
    uint64_t t0 = clock_ns();
    wf_status s = wf_dstar_plan(d, &dp);
    const uint64_t first = clock_ns() - t0;
    if (s != WF_OK || dp.count < 12)
        goto done; /* too short to walk and block */
    const size_t walked = dp.count / 4;
    const wf_point agent = dp.points[walked];
    wf_dstar_move(d, agent);
    /* near: within the next 10 cells (what the unit sees); anywhere: on
     * the rest of the path up to the goal */
    const size_t room = dp.count - walked - 3;
    const size_t ahead =
        walked + 2 +
        wf_rng_below(r, (uint32_t)(where == NEAR_AGENT && room > 8 ? 8 : room));
    wf_point cells[10];
    uint8_t was[10];
    t0 = clock_ns();
    wf_grid_edit_begin(g);
    const int n = place_walls(g, r, dp.points[ahead], agent, q->goal,
                              1 + (int)wf_rng_below(r, 10), cells, was);
    wf_grid_edit_commit(g);
    s = wf_dstar_plan(d, &dp);
    const uint64_t rep = clock_ns() - t0;
    t0 = clock_ns();
    wf_status as = wf_search_grid(ws, g, agent, q->goal, &opts, &ap);
    const uint64_t fresh = clock_ns() - t0;
    const uint64_t fresh_exp = ap.stats.expanded;
    const double fresh_cost = ap.cost;
    t0 = clock_ns();
    wf_status js = wf_search_grid(ws, g, agent, q->goal, &jps, &ap);
    const uint64_t jt = clock_ns() - t0;
    if (s != as || js != as ||
        (s == WF_OK && (fabs(dp.cost - fresh_cost) > 1e-9 * fresh_cost ||
                        fabs(ap.cost - fresh_cost) > 1e-9 * fresh_cost))) {
        fprintf(stderr, PROG ": (%d,%d) -> (%d,%d): repair %s %.9g, A* %s "
                        "%.9g, JPS %s\n",
                agent.x, agent.y, q->goal.x, q->goal.y, wf_status_name(s),
                dp.cost, wf_status_name(as), fresh_cost, wf_status_name(js));
        t->bad++;
    }
    if (keep_ratios(t, dp.stats.expanded ? (double)fresh_exp /
                                               (double)dp.stats.expanded
                                         : 1.0,
                    (double)fresh / (double)(rep ? rep : 1)) != 0) {
        rc = -1;
        goto done;
    }
    t->queries++;
    t->first_ns += (double)first;
    t->rep_exp += (double)dp.stats.expanded;
    t->fresh_exp += (double)fresh_exp;
    t->rep_ns += (double)rep;
    t->fresh_ns += (double)fresh;
    t->jps_ns += (double)jt;
    t->short_exp += (double)fresh_exp < 5.0 * (double)dp.stats.expanded;
    t->short_time += (double)fresh < 3.0 * (double)rep;
    wf_grid_edit_begin(g);
    for (int i = n; i-- > 0;)
        wf_grid_set(g, cells[i].x, cells[i].y, was[i]);
    wf_grid_edit_commit(g);
done:
    wf_path_free(&dp);
    wf_path_free(&ap);
    wf_dstar_destroy(d);
    return rc;
}

static int run_map(const char *scen, size_t sample, int where, wf_search *ws,
                   totals *all) {
    wf_grid *g;
    wf_scen sc;
    if (bench_load(PROG, scen, &g, &sc) != 0)
        return -1;
    char label[128];
    bench_map_label(scen, label, sizeof label);
    totals t;
    memset(&t, 0, sizeof t);
    wf_rng r;
    wf_rng_seed(&r, 2026);
    const size_t n = sc.count, take = sample && sample < n ? sample : n;
    int rc = 0;
    for (size_t k = 0; k < take && rc == 0; k++)
        rc = one(g, ws, &sc.entries[k * n / take], &r, where, &t);
    if (t.queries)
        row(label, &t);
    add(all, &t);
    free(t.er);
    free(t.tr);
    wf_scen_free(&sc);
    wf_grid_destroy(g);
    return rc;
}

static void usage(FILE *f) {
    fputs("usage: " PROG " [--sample N] [--only NAME] [DIR_OR_SCEN ...]\n"
          "D* Lite repairs against fresh A* (and JPS) searches after one "
          "batch of\n1-10 walls on the path ahead of an agent; N scenarios "
          "a map (default 60,\n0: all), evenly spaced.\n",
          f);
#ifdef WF_BENCH_DEFAULT_DIR
    fputs("With no DIR_OR_SCEN, " WF_BENCH_DEFAULT_DIR " is used.\n", f);
#endif
}

int main(int argc, char **argv) {
    bench_args args = {.sample = DEFAULT_SAMPLE};
    int code = bench_args_parse(PROG, argc, argv, &args, usage, NULL, NULL);
    if (code >= 0) {
        bench_args_free(&args);
        return code;
    }
    code = 0;
    wf_search *ws = NULL;
    if (wf_search_create(NULL, &ws) != WF_OK)
        return 4;
    for (int where = NEAR_AGENT; where <= ANYWHERE_AHEAD; where++) {
        printf("%sD* Lite repair after one batch of 1-10 walls on the path "
               "%s (the agent a quarter of the way), against fresh searches "
               "from the agent's cell; %zu scenarios a map at most:\n\n",
               where == NEAR_AGENT ? "" : "\n",
               where == NEAR_AGENT ? "within 10 cells ahead of the agent"
                                   : "anywhere ahead of the agent",
               args.sample);
        printf("| map | queries | repair expanded | A* expanded | expanded "
               "ratio | median expanded ratio | first plan µs | repair µs | "
               "A* µs | JPS µs | time ratio (A* / repair) | median time "
               "ratio | under 5x fewer | under 3x faster | cost mismatches "
               "|\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
               "---:|---:|---:|---:|\n");
        totals all;
        memset(&all, 0, sizeof all);
        for (size_t i = 0; i < args.files.count; i++)
            if (bench_args_keep(&args, args.files.items[i]) &&
                run_map(args.files.items[i], args.sample, where, ws, &all) !=
                    0)
                code = 3;
        if (all.queries)
            row("**all**", &all);
        if (all.bad)
            code = code ? code : 1;
        free(all.er);
        free(all.tr);
    }
    wf_search_destroy(ws);
    bench_args_free(&args);
    return code;
}
