/* wayfind scen: answer every problem of a Moving AI scenario file and check
 * each answer against the optimal length the file gives. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "json_out.h"

#define CMD "scen"
#define MAX_SHOWN 20

static const char help[] =
    "usage: " CLI_PROG " scen SCEN [--map FILE] [options]\n"
    "\n"
    "Answers every scenario of a Moving AI .scen file, checks that each path\n"
    "is legal and that its cost is the optimal length the file gives\n"
    "(|ours - expected| <= 1e-4 x max(1, expected), or within the precision\n"
    "the file prints), prints each mismatch and a summary.\n"
    "The map is --map FILE, else SCEN without '.scen', else the file named in\n"
    "the scenario's map column, looked up in SCEN's directory.\n"
    "\n"
    "  --map FILE             the map the scenarios are for\n"
    CLI_SEARCH_HELP
    "                         The file's optimal lengths are for size 1: with\n"
    "                         --size K > 1 each path is checked for legality\n"
    "                         instead (every move allowed, every cell of every\n"
    "                         K x K footprint free for the unit, no cheaper\n"
    "                         than the size-1 optimum); a scenario without a\n"
    "                         path is counted, not a failure (the agent may\n"
    "                         not fit)\n"
    CLI_COST_HELP
    CLI_PREP_HELP
    "  --mesh                 answer each scenario on the map's navigation mesh\n"
    "                         (cell centre to cell centre, for --size and\n"
    "                         --cost) and check it is as long as the grid's\n"
    "                         any-angle optimum (Anya) for the same query;\n"
    "                         prints both times. One thread, no --prep\n"
    "  --threads N            answer on N threads, one workspace each (1-256,\n"
    "                         default 1); the answers are the same\n"
    "  --quiet                print the summary only\n"
    "  --format text|json     json: one object with the summary and every\n"
    "                         mismatch\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 every scenario optimal (with --size K > 1: every path\n"
    "legal), 1 one was not, 2 usage,\n"
    "3 bad input (malformed file, scenario off the map or on a wall), 4 I/O\n"
    "(or out of memory, or a thread could not be started).\n";

static int file_exists(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* The map of @p scen_path into buf (see help); 0, or -1 when none exists. */
static int find_map(const char *scen_path, const wf_scen *sc, char *buf,
                    size_t size) {
    size_t n = strlen(scen_path);
    if (n > 5 && strcmp(scen_path + n - 5, ".scen") == 0 && n - 5 < size) {
        memcpy(buf, scen_path, n - 5);
        buf[n - 5] = '\0';
        if (file_exists(buf))
            return 0;
    }
    const char *base = strrchr(sc->map, '/');
    base = base ? base + 1 : sc->map;
    const char *slash = strrchr(scen_path, '/');
    int dir = slash ? (int)(slash - scen_path + 1) : 0;
    int k = snprintf(buf, size, "%.*s%s", dir, scen_path, base);
    return *base && k > 0 && (size_t)k < size && file_exists(buf) ? 0 : -1;
}

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Sum of the legal move costs along p, or -1 when a move is illegal or the
 * ends are not start and goal. */
static double walk_cost(const wf_grid *g, const wf_path *p,
                        const wf_scen_entry *e, const wf_search_opts *o) {
    if (p->count == 0 || p->points[0].x != e->start.x ||
        p->points[0].y != e->start.y ||
        p->points[p->count - 1].x != e->goal.x ||
        p->points[p->count - 1].y != e->goal.y)
        return -1;
    double sum = 0;
    for (size_t i = 1; i < p->count; i++) {
        double c = wf_grid_move_cost(g, p->points[i - 1], p->points[i], o->move);
        if (c < 0)
            return -1;
        sum += c;
    }
    return sum;
}

/* With an agent of size k > 1: is every cell of every k x k footprint
 * along p on the grid, passable, and not forbidden by the filter? */
static int footprints_free(const wf_grid *g, const wf_path *p, int k,
                           const wf_filter *f) {
    for (size_t i = 0; i < p->count; i++)
        for (int dy = 0; dy < k; dy++)
            for (int dx = 0; dx < k; dx++) {
                int x = p->points[i].x + dx, y = p->points[i].y + dy;
                if (!wf_grid_passable(g, x, y) ||
                    (f && !(f->mult[wf_grid_get(g, x, y)] < INFINITY)))
                    return 0;
            }
    return 1;
}

typedef struct tally {
    size_t optimal, wrong, shown, no_path;
    uint64_t expanded;
    double us;
} tally;

/* One answer, checked on the thread that found it. */
typedef struct verdict {
    wf_status status;
    const char *why;   /* NULL: optimal */
    double cost;
    uint64_t expanded, ns;
} verdict;

typedef struct checker {
    const wf_grid *g;
    const wf_scen *sc;
    const wf_search_opts *o;
    verdict *v;
} checker;

static void check(void *ud, size_t i, wf_status st, const wf_path *p,
                  uint64_t ns) {
    const checker *c = ud;
    const wf_scen_entry *e = &c->sc->entries[i];
    verdict *v = &c->v[i];
    v->status = st;
    v->cost = st == WF_OK ? p->cost : 0.0;
    v->expanded = p->stats.expanded;
    v->ns = ns;
    double walked = st == WF_OK ? walk_cost(c->g, p, e, c->o) : -1;
    const int k = c->o->move.size;
    if (k > 1) { /* legality, not optimality: see the help */
        v->why = st == WF_NO_PATH ? NULL
                 : st != WF_OK    ? "no path found"
                 : walked < 0 || !footprints_free(c->g, p, k, c->o->filter)
                     ? "illegal path"
                 : fabs(walked - p->cost) > 1e-9 * fmax(1.0, walked)
                     ? "reported cost differs from the path's"
                 : p->cost < e->optimal && !wf_scen_cost_ok(e, p->cost)
                     ? "cheaper than the file's size-1 optimum"
                     : NULL;
        return;
    }
    v->why = st != WF_OK ? "no path found"
             : walked < 0 ? "illegal path"
             : fabs(walked - p->cost) > 1e-9 * fmax(1.0, walked)
                 ? "reported cost differs from the path's"
             : wf_scen_cost_ok(e, p->cost) ? NULL
             : p->cost < e->optimal ? "cheaper than the file's optimum"
                                    : "not optimal";
}

/* Answers every scenario from the hierarchy of q, one after the other,
 * as the batch would hand them to check. */
static wf_status run_hierarchy(wf_ch_query *q, const wf_grid *g,
                               const wf_point *starts, const wf_point *goals,
                               size_t n, checker *c) {
    wf_path p;
    wf_path_init(&p, NULL);
    wf_status st = WF_OK;
    for (size_t i = 0; i < n && st >= 0; i++) {
        const double t0 = now_us();
        st = wf_ch_path(q, g, starts[i], goals[i], &p);
        check(c, i, st, &p, (uint64_t)((now_us() - t0) * 1e3));
    }
    wf_path_free(&p);
    return st >= 0 ? WF_OK : st;
}

/* Answers every scenario on `threads` threads (wf_search_grid_batch), or
 * from the hierarchy of chq when there is one, then reports in file
 * order. */
static int run_all(const wf_grid *g, const wf_scen *sc, const char *path,
                   const wf_search_opts *o, wf_ch_query *chq,
                   const char *ch_file, int threads,
                   int quiet, FILE *mismatches, tally *t, double *wall_us) {
    size_t n = sc->count;
    verdict *v = calloc(n ? n : 1, sizeof *v);
    wf_point *starts = malloc((n ? n : 1) * sizeof *starts);
    wf_point *goals = malloc((n ? n : 1) * sizeof *goals);
    if (!v || !starts || !goals) {
        free(v);
        free(starts);
        free(goals);
        return cli_fail(WF_E_NOMEM, NULL);
    }
    for (size_t i = 0; i < n; i++) {
        starts[i] = sc->entries[i].start;
        goals[i] = sc->entries[i].goal;
    }
    /* options the search refuses (jps on a map it does not cover): one
     * message with the reason, before the batch */
    if (n && !chq) {
        wf_search *ws;
        wf_status vs = wf_search_create(NULL, &ws);
        if (vs == WF_OK)
            vs = wf_search_begin(ws, g, starts[0], goals[0], o);
        if (vs < 0) {
            if (ws && wf_search_message(ws)[0])
                cli_error(CMD, "%s: %s", path, wf_search_message(ws));
            else
                cli_error(CMD, "%s: %s", path, wf_strerror(vs));
            wf_search_destroy(ws);
            free(v);
            free(starts);
            free(goals);
            return vs == WF_E_INVALID_ARG ? CLI_EXIT_USAGE : cli_exit_code(vs);
        }
        wf_search_destroy(ws);
    }
    checker c = {g, sc, o, v};
    double t0 = now_us();
    wf_status st = chq ? run_hierarchy(chq, g, starts, goals, n, &c)
                       : wf_search_grid_batch(g, starts, goals, n, o, threads,
                                              check, &c);
    *wall_us = now_us() - t0;
    int code = 0;
    if (st == WF_E_THREAD) {
        cli_error(CMD, "--threads %d: %s", threads, wf_strerror(st));
        code = cli_exit_code(st);
    } else if (st != WF_OK) {
        code = chq ? cli_fail_hierarchy(ch_file, st) : cli_fail(st, NULL);
    }
    for (size_t i = 0; i < n && !code; i++) {
        const wf_scen_entry *e = &sc->entries[i];
        t->us += (double)v[i].ns / 1e3;
        t->expanded += v[i].expanded;
        if (v[i].status < 0) {
            cli_error(CMD, "%s: scenario %zu: %s", path, i + 1,
                      wf_strerror(v[i].status));
            code = cli_exit_code(v[i].status);
            break;
        }
        if (!v[i].why) {
            if (v[i].status == WF_NO_PATH)
                t->no_path++;
            else
                t->optimal++;
            continue;
        }
        t->wrong++;
        if (mismatches) /* JSON: every one, objects separated by commas */
            fprintf(mismatches,
                    "%s{\"scenario\":%zu,\"start\":[%d,%d],\"goal\":[%d,%d],"
                    "\"why\":\"%s\",\"cost\":%.17g,\"expected\":%.17g}",
                    t->wrong > 1 ? "," : "", i + 1, e->start.x, e->start.y,
                    e->goal.x, e->goal.y, v[i].why, v[i].cost, e->optimal);
        else if (!quiet && t->shown++ < MAX_SHOWN)
            printf("scenario %zu: %d,%d -> %d,%d: %s: cost %.8f, expected "
                   "%.8f\n",
                   i + 1, e->start.x, e->start.y, e->goal.x, e->goal.y,
                   v[i].why, v[i].cost, e->optimal);
    }
    if (!code && !quiet && t->shown > MAX_SHOWN)
        printf("... and %zu more mismatches\n", t->shown - MAX_SHOWN);
    free(v);
    free(starts);
    free(goals);
    return code;
}

int cli_scen(int argc, char **argv) {
    const char *map = NULL, *prep = NULL, *hierarchy = NULL;
    wf_jump_table *jumps = NULL;
    wf_ch *ch = NULL;
    wf_ch_query *chq = NULL;
    int quiet = 0, json = 0, mesh = 0;
    long threads = 1;
    wf_search_opts o = wf_search_opts_default();
    cli_costs costs;
    wf_filter filter;
    costs.n = 0;
    const cli_option opts[] = {
        CLI_OPTION("map", CLI_STRING, &map),
        CLI_OPTION("quiet", CLI_FLAG, &quiet),
        CLI_OPTION("mesh", CLI_FLAG, &mesh),
        CLI_OPTION("format", CLI_FORMAT, &json),
        CLI_OPTION_INT("threads", &threads, 1, 256),
        CLI_OPTION_HELP(help),
        CLI_OPTION("cost", CLI_COST, &costs),
        CLI_OPTION("prep", CLI_STRING, &prep),
        CLI_OPTION("hierarchy", CLI_STRING, &hierarchy),
        CLI_SEARCH_OPTIONS(&o),
        CLI_OPTION_END};
    int code;
    int first = cli_parse_options(CMD, argc, argv, opts, &code);
    if (first < 0)
        return code;
    if (first != argc - 1)
        return cli_usage_error(CMD, first >= argc
                                        ? "expected a SCEN file"
                                        : "expected one SCEN file, got more "
                                          "arguments");
    const char *scen_path = argv[first];

    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_scen sc;
    memset(&sc, 0, sizeof sc);
    wf_status st = wf_scen_read(scen_path, NULL, &sc, &diag);
    if (st != WF_OK)
        return cli_fail(st, &diag);
    char found[4096];
    if (!map) {
        if (find_map(scen_path, &sc, found, sizeof found) != 0) {
            cli_error(CMD, "%s: cannot find its map (tried the name without "
                           "'.scen' and '%s' beside it); give --map FILE",
                      scen_path, sc.map);
            wf_scen_free(&sc);
            return CLI_EXIT_IO;
        }
        map = found;
    }
    wf_grid *g = NULL;
    code = cli_load_map(map, NULL, &g, NULL);
    if (!code && cli_costs_filter(CMD, &costs, map, NULL, g, &filter,
                                  &o.filter) != 0)
        code = CLI_EXIT_USAGE;
    if (!code && mesh && (hierarchy || prep || threads > 1))
        code = cli_usage_error(CMD, "--mesh answers on the mesh, on one "
                                    "thread: it does not go with --prep, "
                                    "--hierarchy or --threads");
    if (!code && hierarchy && threads > 1)
        code = cli_usage_error(CMD, "--hierarchy answers on one thread: "
                                    "it does not go with --threads");
    if (!code && hierarchy)
        code = cli_load_hierarchy(CMD, hierarchy, g, &o, prep != NULL, &ch,
                                  &chq);
    if (!code && prep)
        code = cli_load_jumps(CMD, prep, g, &o, &jumps);
    if (code == 0) {
        st = wf_scen_check(&sc, g, &diag);
        if (st != WF_OK) {
            snprintf(diag.file, sizeof diag.file, "%s", scen_path);
            diag.line = 0; /* the message names the scenario number */
            code = cli_fail(st, &diag);
        }
    }
    if (code == 0 && mesh) {
        code = cli_scen_mesh(scen_path, g, &sc, &o, quiet, json);
        wf_grid_destroy(g);
        wf_scen_free(&sc);
        return code;
    }
    tally t;
    memset(&t, 0, sizeof t);
    double wall = 0;
    char *mis = NULL;
    size_t mis_len = 0;
    FILE *mf = json ? open_memstream(&mis, &mis_len) : NULL;
    if (json && !mf)
        code = cli_fail(WF_E_NOMEM, NULL);
    if (code == 0)
        code = run_all(g, &sc, scen_path, &o, chq, hierarchy, (int)threads,
                       quiet, mf, &t, &wall);
    if (mf && fclose(mf) != 0 && code == 0)
        code = cli_fail(WF_E_NOMEM, NULL);
    if (code == 0 && json) {
        const double mean = sc.count ? t.us / (double)sc.count : 0.0;
        fputs("{\"scen\":", stdout);
        cli_json_str(scen_path);
        fputs(",\"map\":", stdout);
        cli_json_str(map);
        printf(",\"scenarios\":%zu,\"size\":%d,\"%s\":%zu,\"no_path\":%zu,"
               "\"wrong\":%zu,\"mean_us\":",
               sc.count, o.move.size > 1 ? o.move.size : 1,
               o.move.size > 1 ? "legal" : "optimal", t.optimal, t.no_path,
               t.wrong);
        cli_json_num(mean);
        fputs(",\"expansions_per_s\":", stdout);
        cli_json_num(t.us > 0 ? (double)t.expanded / (t.us / 1e6) : 0.0);
        printf(",\"threads\":%ld,\"wall_ms\":", threads);
        cli_json_num(wall / 1e3);
        printf(",\"mismatches\":[%.*s]}\n", (int)mis_len, mis ? mis : "");
        code = t.wrong ? CLI_EXIT_NO_PATH : CLI_EXIT_OK;
    } else if (code == 0) {
        double mean = sc.count ? t.us / (double)sc.count : 0.0;
        double rate = t.us > 0 ? (double)t.expanded / (t.us / 1e6) : 0.0;
        if (o.move.size > 1)
            printf("%s: %zu scenarios, size %d: %zu legal paths, %zu without "
                   "a path (the file's optima are for size 1: legality "
                   "checked, not optimality), %.2f us/query mean, %.2f M "
                   "expansions/s",
                   scen_path, sc.count, o.move.size, t.optimal, t.no_path,
                   mean, rate / 1e6);
        else
            printf("%s: %zu scenarios, %zu optimal, %.2f us/query mean, "
                   "%.2f M expansions/s",
                   scen_path, sc.count, t.optimal, mean, rate / 1e6);
        printf(", %ld thread%s: %.1f ms wall, %.0f queries/s", threads,
               threads > 1 ? "s" : "", wall / 1e3,
               wall > 0 ? (double)sc.count / (wall / 1e6) : 0.0);
        putchar('\n');
        code = t.wrong ? CLI_EXIT_NO_PATH : CLI_EXIT_OK;
    }
    free(mis);
    wf_ch_query_free(chq);
    wf_ch_free(ch);
    wf_jump_table_destroy(jumps);
    wf_grid_destroy(g);
    wf_scen_free(&sc);
    return code;
}
