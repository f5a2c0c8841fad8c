/* wayfind crowd: many agents planned together on one map, collision-free
 * (WHCA*, CBS or a crowd on shared fields), with the price of cooperation
 * against each agent alone, and an animated picture. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

#define CMD "crowd"
#define MAX_AGENTS 100000

static const char help[] =
    "usage: " CLI_PROG " crowd MAP [--agents N] [--seed S] [options]\n"
    "\n"
    "Plans N agents on MAP together so that no two ever collide, and prints\n"
    "the makespan, the sum of costs, the sum of the agents' own optimal\n"
    "costs (each alone on the map) and the planning time. Starts and goals\n"
    "are placed at random (seeded) in the largest region the agents can\n"
    "roam, or read from --agents-file. With --algo field the goals are\n"
    "packed round one random cell: a crowd heading for one place.\n"
    "\n"
    "Collisions: agents are squares moving in straight lines during each\n"
    "step; two may never overlap (one cell, a swap, two crossing diagonal\n"
    "moves). A wait costs --wait-cost; an agent on its goal stays there.\n"
    "\n"
    "  --agents N             agents to place (default 10)\n"
    "  --seed S               placement seed (default 1)\n"
    "  --agents-file FILE     explicit agents, one 'SX SY GX GY' a line\n"
    "  --algo A               whca (default: Windowed Hierarchical\n"
    "                         Cooperative A*), cbs (Conflict-Based Search:\n"
    "                         the least sum of costs, for up to ~20 agents)\n"
    "                         or field (a crowd on shared Dijkstra maps)\n"
    "  --window W             whca: steps planned ahead (>= 2, default 16)\n"
    "  --max-nodes N          cbs: constraint-tree nodes at most\n"
    "                         (default 100000)\n"
    "  --max-steps N          no path longer than N steps\n"
    "  --wait-cost C          cost of a wait (> 0; default: the cheapest\n"
    "                         terrain)\n"
    "  --connect 4|8          movement (default 8)\n"
    "  --corners RULE         no-cut (default), always, one-free\n"
    CLI_SIZE_HELP
    CLI_COST_HELP
    "  --legend FILE          legend of a CSV map\n"
    "  --format text|json     output format (default text); JSON lists each\n"
    "                         agent's cell at every step\n"
    "  --svg FILE             an animated SVG of the agents moving\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 planned, 1 no plan (the request cannot be met, or the\n"
    "planner gave up; stderr says why), 2 usage, 3 bad input, 4 I/O error.\n";

typedef struct args {
    const char *map, *legend, *svg, *agents_file, *algo_name;
    long agents, window, max_steps, max_nodes;
    uint64_t seed;
    double wait_cost;
    int json;
    wf_search_opts s; /* the movement model and --cost, as elsewhere */
    cli_costs costs;
    wf_filter filter;
} args;

static int parse(int argc, char **argv, args *a, int *code) {
    const cli_option opts[] = {
        CLI_OPTION_INT("agents", &a->agents, 1, MAX_AGENTS),
        CLI_OPTION("seed", CLI_SEED, &a->seed),
        CLI_OPTION("agents-file", CLI_STRING, &a->agents_file),
        CLI_OPTION("algo", CLI_STRING, &a->algo_name),
        CLI_OPTION_INT("window", &a->window, 2, 1 << 20),
        CLI_OPTION_INT("max-nodes", &a->max_nodes, 1, 1e12),
        CLI_OPTION_INT("max-steps", &a->max_steps, 1, UINT32_MAX / 2),
        CLI_OPTION_DOUBLE("wait-cost", &a->wait_cost, 1e-9, 1e300),
        CLI_OPTION_SEARCH("connect", &a->s, CLI_OPT_CONNECT),
        CLI_OPTION_SEARCH("corners", &a->s, CLI_OPT_CORNERS),
        CLI_OPTION_SEARCH("size", &a->s, CLI_OPT_SIZE),
        CLI_OPTION("cost", CLI_COST, &a->costs),
        CLI_OPTION("legend", CLI_STRING, &a->legend),
        CLI_OPTION("format", CLI_FORMAT, &a->json),
        CLI_OPTION("svg", CLI_STRING, &a->svg),
        CLI_OPTION_HELP(help),
        CLI_OPTION_END};
    int first = cli_parse_options(CMD, argc, argv, opts, code);
    if (first < 0)
        return -1;
    *code = CLI_EXIT_USAGE;
    if (cli_map_operand(CMD, argc, argv, first, &a->map) != 0)
        return -1;
    return 0;
}

static int parse_algo(const char *name, wf_team_algo *out) {
    static const char *const names[] = {WF_TEAM_ALGO_NAMES(CLI_NAME) NULL};
    if (wf_team_algo_parse(name, out) == WF_OK)
        return 0;
    char list[64];
    cli_usage_error(CMD, "--algo: expected %s, got '%s'",
                    cli_join(names, list, sizeof list), name);
    return -1;
}

/* --agents-file: 'SX SY GX GY' a line (blank lines and '#' comments
 * skipped) into a malloc'd array; the count, or -1 after saying why. */
static long read_agents(const char *path, const wf_grid *g, wf_agent **out) {
    FILE *f = fopen(path, "r");
    if (!f) {
        cli_error(CMD, "%s: cannot open: %s", path, strerror(errno));
        return -2;
    }
    wf_agent *v = NULL;
    long n = 0, cap = 0, line = 0;
    char buf[256];
    int bad = 0;
    while (!bad && fgets(buf, sizeof buf, f)) {
        line++;
        const char *s = buf + strspn(buf, " \t\r");
        if (*s == '\n' || *s == '\0' || *s == '#')
            continue;
        long c[4];
        char *end = (char *)s;
        for (int k = 0; k < 4 && !bad; k++) {
            errno = 0;
            const char *at = end;
            c[k] = strtol(at, &end, 10);
            if (end == at || errno || (*end && !strchr(" \t\r\n", *end)))
                bad = 1;
        }
        end += strspn(end, " \t\r\n");
        if (bad || *end || (!strchr(buf, '\n') && !feof(f))) {
            cli_error(CMD, "%s:%ld: expected 'SX SY GX GY' (four integers)",
                      path, line);
            bad = 1;
            break;
        }
        for (int k = 0; k < 4; k++)
            if (c[k] < 0 || c[k] >= (k % 2 ? wf_grid_height(g)
                                            : wf_grid_width(g))) {
                cli_error(CMD, "%s:%ld: %ld,%ld is outside the %d x %d map",
                          path, line, c[k & 2], c[(k & 2) + 1],
                          wf_grid_width(g), wf_grid_height(g));
                bad = 1;
                break;
            }
        if (bad)
            break;
        if (n == MAX_AGENTS) {
            cli_error(CMD, "%s:%ld: more than %d agents", path, line,
                      MAX_AGENTS);
            bad = 1;
            break;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            wf_agent *w = realloc(v, (size_t)cap * sizeof *w);
            if (!w) {
                cli_error(CMD, "out of memory");
                bad = 2;
                break;
            }
            v = w;
        }
        v[n++] = (wf_agent){{(int)c[0], (int)c[1]}, {(int)c[2], (int)c[3]}};
    }
    fclose(f);
    if (!bad && n == 0) {
        cli_error(CMD, "%s: no agents (one 'SX SY GX GY' a line)", path);
        bad = 1;
    }
    if (bad) {
        free(v);
        return bad == 2 ? -2 : -1;
    }
    *out = v;
    return n;
}

/* N agents placed at random (seeded): wf_place_agents. */
static int place(const args *a, const wf_grid *g, const wf_filter *f,
                 int packed, wf_agent **out) {
    const size_t n = (size_t)a->agents;
    wf_agent *v = malloc(n * sizeof *v);
    if (!v)
        return cli_fail(WF_E_NOMEM, NULL);
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_status st =
        wf_place_agents(g, a->seed, a->s.move, f, n, packed, v, &diag);
    if (st != WF_OK) {
        free(v);
        if (st == WF_E_UNSATISFIABLE) {
            cli_error(CMD, "cannot place %zu agents: %s", n, diag.message);
            return CLI_EXIT_NO_PATH;
        }
        return cli_fail(st, &diag);
    }
    *out = v;
    return 0;
}

static void print_json(const wf_team_plan *p, const wf_agent *v, size_t n,
                       wf_team_algo algo, double independent, double ms) {
    printf("{\"algo\":\"%s\",\"makespan\":%u,\"sum_of_costs\":%.17g,"
           "\"independent\":%.17g,\"time_ms\":%.3f,\"expanded\":%" PRIu64
           ",\"nodes\":%" PRIu64 ",\"agents\":[",
           wf_team_algo_name(algo), p->makespan, p->sum_of_costs, independent, ms,
           p->expanded, p->nodes);
    for (size_t i = 0; i < n; i++) {
        printf("%s{\"start\":[%d,%d],\"goal\":[%d,%d],\"path\":[", i ? "," : "",
               v[i].start.x, v[i].start.y, v[i].goal.x, v[i].goal.y);
        for (size_t t = 0; t < wf_team_plan_length(p, i); t++) {
            const wf_point c = p->cells[p->offset[i] + t];
            printf("%s[%d,%d]", t ? "," : "", c.x, c.y);
        }
        fputs("]}", stdout);
    }
    fputs("]}\n", stdout);
}

/* The sum of each agent's own least cost, alone on the map. */
static int independent_sum(const wf_grid *g, const wf_agent *v, size_t n,
                           const wf_search_opts *o, double *sum) {
    wf_search *ws;
    wf_path p;
    wf_path_init(&p, NULL);
    if (wf_search_create(NULL, &ws) != WF_OK)
        return cli_fail(WF_E_NOMEM, NULL);
    *sum = 0;
    int code = 0;
    for (size_t i = 0; i < n && !code; i++) {
        wf_status s = wf_search_grid(ws, g, v[i].start, v[i].goal, o, &p);
        if (s == WF_OK)
            *sum += p.cost;
        else if (s < 0)
            code = cli_fail(s, NULL);
    }
    wf_path_free(&p);
    wf_search_destroy(ws);
    return code;
}

typedef struct svg_job {
    const wf_grid *g;
    wf_grid_svg_opts o;
} svg_job;

static wf_status write_svg(void *ud, FILE *f, wf_diag *diag) {
    const svg_job *j = ud;
    return wf_render_grid_svg(f, j->g, &j->o, diag);
}

int cli_crowd(int argc, char **argv) {
    args a;
    memset(&a, 0, sizeof a);
    a.agents = 10;
    a.seed = 1;
    a.s = wf_search_opts_default();
    int code;
    if (parse(argc, argv, &a, &code) != 0)
        return code;
    wf_team_opts o = wf_team_opts_default();
    if (a.algo_name && parse_algo(a.algo_name, &o.algo) != 0)
        return CLI_EXIT_USAGE;
    wf_grid *g = NULL;
    wf_map_marks marks;
    if ((code = cli_load_map(a.map, a.legend, &g, &marks)) != 0)
        return code;
    wf_agent *v = NULL;
    wf_team *team = NULL;
    wf_team_plan plan;
    wf_team_plan_init(&plan, NULL);
    if (cli_costs_filter(CMD, &a.costs, a.map, a.legend, g, &a.filter,
                         &a.s.filter)) {
        code = CLI_EXIT_USAGE;
        goto done;
    }
    size_t n;
    if (a.agents_file) {
        long got = read_agents(a.agents_file, g, &v);
        if (got < 0) {
            code = got == -2 ? CLI_EXIT_IO : CLI_EXIT_INPUT;
            goto done;
        }
        n = (size_t)got;
    } else {
        if ((code = place(&a, g, a.s.filter, o.algo == WF_TEAM_FIELD, &v)))
            goto done;
        n = (size_t)a.agents;
    }
    o.move = a.s.move;
    o.filter = a.s.filter;
    o.window = (int)a.window;
    o.max_steps = (uint32_t)a.max_steps;
    o.max_nodes = (uint64_t)a.max_nodes;
    o.wait_cost = a.wait_cost;
    wf_status st = wf_team_create(NULL, &team);
    if (st != WF_OK) {
        code = cli_fail(st, NULL);
        goto done;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    st = wf_team_plan_grid(team, g, v, n, &o, &plan);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    const double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
                      (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    if (st != WF_OK) {
        cli_error(CMD, "%s", wf_team_message(team)[0] ? wf_team_message(team)
                                                      : wf_strerror(st));
        code = st == WF_E_UNSATISFIABLE ? CLI_EXIT_NO_PATH
               : st == WF_E_RANGE       ? CLI_EXIT_INPUT
               : st == WF_E_INVALID_ARG ? CLI_EXIT_USAGE
                                        : cli_exit_code(st);
        goto done;
    }
    double independent = 0;
    if ((code = independent_sum(g, v, n, &a.s, &independent)))
        goto done;
    if (a.json)
        print_json(&plan, v, n, o.algo, independent, ms);
    else {
        printf("%zu agents on %s (%s, %d-connected, corners %s", n, a.map,
               wf_team_algo_name(o.algo), o.move.connect ? o.move.connect : 8,
               wf_corners_name(o.move.corners));
        if (o.algo == WF_TEAM_WHCA)
            printf(", window %d", o.window ? o.window : 16);
        if (o.move.size > 1)
            printf(", size %d", o.move.size);
        printf("): planned in %.3f ms\n", ms);
        printf("makespan: %u steps\n", plan.makespan);
        /* the joint sum may round a hair below the sum of each alone: a
         * difference under the printed precision is +0.00, never +-0.00 */
        double extra = independent > 0 ? 100.0 *
                                             (plan.sum_of_costs - independent) /
                                             independent
                                       : 0.0;
        if (fabs(extra) < 0.005)
            extra = 0.0;
        printf("sum of costs: %.6f (each alone: %.6f, %+.2f %%)\n",
               plan.sum_of_costs, independent, extra);
        printf("expanded: %" PRIu64, plan.expanded);
        if (o.algo == WF_TEAM_CBS)
            printf("  constraint-tree nodes: %" PRIu64, plan.nodes);
        putchar('\n');
    }
    if (a.svg) {
        svg_job j = {g, wf_grid_svg_opts_default()};
        j.o.team = &plan;
        j.o.agents = v;
        j.o.team_size = o.move.size > 1 ? o.move.size : 1;
        code = cli_write_file(a.svg, write_svg, &j);
    }
done:
    wf_team_plan_free(&plan);
    wf_team_destroy(team);
    free(v);
    wf_grid_destroy(g);
    return code;
}
