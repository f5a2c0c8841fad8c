/*
 * wf_bench_any_angle: the any-angle searches beside Jump Point Search on
 * the Moving AI scenarios: mean µs per query of each, and the mean length
 * of each any-angle path relative to the scenario file's octile optimum
 * (8-connected, no corner cutting; JPS's cost, which is checked against
 * the file's, rounded there).
 *
 * Each map runs an evenly spaced sample of its scenarios (scenario files
 * are ordered by bucket, so the spread keeps the mix of short and long
 * queries), the same sampling wf_bench_movingai uses for its peers. Every
 * answer is checked outside the timed call: JPS optimal, every segment of
 * a polyline allowed by the segment rule, and its length no more than the
 * optimum (the any-angle searches keep to the rule the grid search keeps
 * to, so they are never longer). Exit status: 0 all answers checked out,
 * 1 one did not, 2 usage, 3 bad input.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/io.h>
#include <wayfind/polyline.h>

#include "scan.h"

#define PROG "wf_bench_any_angle"
#define DEFAULT_SAMPLE 100
#define WARMUP 16

enum { ENGINES = 4 }; /* JPS, then the any-angle searches */
static const char *const names[ENGINES] = {"JPS", "Theta*", "Lazy Theta*",
                                           "Anya"};
static const wf_any_angle algos[ENGINES] = {0, WF_ANY_ANGLE_THETA,
                                            WF_ANY_ANGLE_LAZY_THETA,
                                            WF_ANY_ANGLE_ANYA};

/* Sums over the queries of one map, or of all of them. */
typedef struct totals {
    size_t queries;
    double ns[ENGINES];
    double ratio[ENGINES]; /* summed length / optimum (any-angle only) */
    size_t rated;          /* queries with an optimum > 0 */
    size_t bad;
} totals;

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Every segment allowed under rule, and the length within the optimum
 * (JPS's cost, checked against the file's: the file prints it rounded). */
static int polyline_ok(const wf_grid *g, const wf_polyline *p,
                       wf_corners rule, const wf_scen_entry *q, double opt) {
    if (!p->count || p->points[0].x != q->start.x + 0.5 ||
        p->points[0].y != q->start.y + 0.5 ||
        p->points[p->count - 1].x != q->goal.x + 0.5 ||
        p->points[p->count - 1].y != q->goal.y + 0.5)
        return 0;
    for (size_t i = 1; i < p->count; i++) {
        double c;
        if (wf_grid_segment_cost(g, p->points[i - 1], p->points[i],
                                 (wf_move){.corners = rule}, NULL, &c) != WF_OK)
            return 0;
    }
    return p->length <= opt + 1e-9 * fmax(1.0, opt);
}

/* One query of engine e, timed; 0 when its answer checks out. */
static int query(int e, wf_search *ws, const wf_grid *g,
                 const wf_search_opts *o, const wf_scen_entry *q,
                 wf_path *path, wf_polyline *line, double opt, double *ns) {
    uint64_t t0 = clock_ns();
    wf_status st =
        e == 0 ? wf_search_grid(ws, g, q->start, q->goal, o, path)
               : wf_search_any_angle(ws, g, q->start, q->goal, algos[e], o,
                                     line);
    *ns = (double)(clock_ns() - t0);
    if (st != WF_OK)
        return -1;
    if (e == 0)
        return wf_scen_cost_ok(q, path->cost) ? 0 : -1;
    return polyline_ok(g, line, o->move.corners, q, opt) ? 0 : -1;
}

static void row(const char *label, const totals *t) {
    printf("| %s | %zu |", label, t->queries);
    for (int e = 0; e < ENGINES; e++)
        printf(" %.1f |", t->ns[e] / 1e3 / (double)t->queries);
    for (int e = 1; e < ENGINES; e++)
        printf(" %.4f |", t->rated ? t->ratio[e] / (double)t->rated : NAN);
    printf(" %zu |\n", t->bad);
    fflush(stdout);
}

static int run_map(const char *scen_path, size_t sample, wf_corners rule,
                   wf_search *ws, totals *all) {
    char label[128];
    wf_grid *g;
    wf_scen sc;
    if (bench_load(PROG, scen_path, &g, &sc) != 0)
        return 3;
    wf_diag d;
    memset(&d, 0, sizeof d);
    if (wf_scen_check(&sc, g, &d) != WF_OK) {
        fprintf(stderr, PROG ": %s:%u: %s\n", scen_path, d.line, d.message);
        wf_grid_destroy(g);
        wf_scen_free(&sc);
        return 3;
    }
    size_t n = sc.count < sample || !sample ? sc.count : sample;
    wf_search_opts jps = wf_search_opts_default(), aa = jps, exact = jps;
    jps.algo = WF_ALGO_JPS;
    aa.move.corners = rule;
    /* Anya answers under the one-free rule only, whatever --corners says */
    exact.move.corners = WF_CORNERS_ONE_FREE;
    wf_path path;
    wf_path_init(&path, NULL);
    wf_polyline line;
    wf_polyline_init(&line, NULL);
    totals t;
    memset(&t, 0, sizeof t);
    t.queries = n;
    double *opt = calloc(n ? n : 1, sizeof *opt); /* JPS's costs */
    if (!opt) {
        fprintf(stderr, PROG ": out of memory\n");
        exit(4);
    }
    for (int e = 0; e < ENGINES; e++) {
        const wf_search_opts *o = !e                              ? &jps
                                  : algos[e] == WF_ANY_ANGLE_ANYA ? &exact
                                                                  : &aa;
        double ns;
        for (size_t k = 0; k < n && k < WARMUP; k++)
            query(e, ws, g, o, &sc.entries[k * sc.count / n], &path, &line,
                  INFINITY, &ns);
        for (size_t k = 0; k < n; k++) {
            const wf_scen_entry *q = &sc.entries[k * sc.count / n];
            if (query(e, ws, g, o, q, &path, &line, opt[k], &ns) != 0) {
                if (t.bad++ < 3)
                    fprintf(stderr, PROG ": %s: %s: (%d,%d)->(%d,%d) failed "
                                    "its check\n",
                            scen_path, names[e], q->start.x, q->start.y,
                            q->goal.x, q->goal.y);
            }
            t.ns[e] += ns;
            if (!e)
                opt[k] = path.cost;
            else if (opt[k] > 0)
                t.ratio[e] += line.length / opt[k];
        }
    }
    for (size_t k = 0; k < n; k++)
        t.rated += opt[k] > 0;
    free(opt);
    bench_map_label(scen_path, label, sizeof label);
    row(label, &t);
    all->queries += t.queries;
    all->rated += t.rated;
    all->bad += t.bad;
    for (int e = 0; e < ENGINES; e++) {
        all->ns[e] += t.ns[e];
        all->ratio[e] += t.ratio[e];
    }
    wf_path_free(&path);
    wf_polyline_free(&line);
    wf_grid_destroy(g);
    wf_scen_free(&sc);
    return 0;
}

static void usage(FILE *f) {
    fputs("usage: " PROG " [--sample N] [--corners no-cut|one-free] "
          "[--only SUBSTR]...\n         [DIR_OR_SCEN...]\n\n"
          "Times Jump Point Search, Theta*, Lazy Theta* and Anya on an evenly "
          "spaced\nsample of each scenario file (default 100 a map, 0: all) "
          "and reports\nthe any-angle paths' mean length over the file's "
          "octile optimum.\n--corners is the any-angle segment rule "
          "(default no-cut, the rule of\nthe optimum; one-free lets "
          "segments touch single blocked corners; Anya always uses one-free).\n", f);
#ifdef WF_BENCH_DEFAULT_DIR
    fputs("With no DIR_OR_SCEN, " WF_BENCH_DEFAULT_DIR " is used.\n", f);
#endif
}

/* --corners RULE, the Theta* segment rule. */
static int corners_option(void *ud, const char *opt, const char *val) {
    if (strcmp(opt, "--corners") != 0 || !val)
        return 0;
    if (strcmp(val, "no-cut") == 0)
        *(wf_corners *)ud = WF_CORNERS_NO_CUT;
    else if (strcmp(val, "one-free") == 0)
        *(wf_corners *)ud = WF_CORNERS_ONE_FREE;
    else {
        fprintf(stderr, PROG ": --corners: no-cut or one-free\n");
        return -1;
    }
    return 1;
}

int main(int argc, char **argv) {
    wf_corners rule = WF_CORNERS_NO_CUT;
    bench_args args = {.sample = DEFAULT_SAMPLE};
    int code = bench_args_parse(PROG, argc, argv, &args, usage,
                                corners_option, &rule);
    if (code >= 0) {
        bench_args_free(&args);
        return code;
    }
    const size_t sample = args.sample;
    wf_search *ws = NULL;
    if (wf_search_create(NULL, &ws) != WF_OK)
        return 4;
    printf("Any-angle searches (Theta* segment rule %s, Anya one-free), "
           "%zu scenarios a map at most, evenly spaced:\n\n",
           rule == WF_CORNERS_NO_CUT ? "no-cut" : "one-free", sample);
    printf("| map | queries | JPS mean µs | Theta* mean µs | Lazy Theta* "
           "mean µs | Anya mean µs | Theta* length / optimum | Lazy Theta* "
           "length / optimum | Anya length / optimum | failed checks |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    totals all;
    memset(&all, 0, sizeof all);
    code = 0;
    for (size_t i = 0; i < args.files.count; i++)
        if (bench_args_keep(&args, args.files.items[i]) &&
            run_map(args.files.items[i], sample, rule, ws, &all) != 0)
            code = 3;
    if (all.queries)
        row("**all**", &all);
    if (all.bad)
        code = code ? code : 1;
    wf_search_destroy(ws);
    bench_args_free(&args);
    return code;
}
