/* wayfind simulate: a crowd of discs (steer.h) run through one of the
 * standard scenarios, with its figures, trajectories and an animation. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "crowd_scen.h"
#include "simulate_out.h"

#define CMD "simulate"
#define MAX_AGENTS 100000

static const char help[] =
    "usage: " CLI_PROG " simulate [MAP] [--agents N] [--scenario S] "
    "[options]\n"
    "\n"
    "Moves N agents (discs in the plane that avoid each other and the walls\n"
    "by ORCA) through a standard scenario until every one has arrived or\n"
    "the step limit, and prints the arrivals, the steps, the closest two\n"
    "agents came (distance / sum of their radii), the deepest an agent went\n"
    "into a wall (/ its radius) and the time per step.\n"
    "\n"
    "  --scenario S           circle (agents on a circle swapping to the\n"
    "                         antipodes), crossing (two groups at right\n"
    "                         angles), door (a group through a 3-cell door\n"
    "                         to packed goals), rts (units crossing MAP, a\n"
    "                         Moving AI map, through a flow field to packed\n"
    "                         goals); default rts with a MAP, else circle\n"
    "  --agents N             agents (1-100000, default 20)\n"
    "  --seed S               rts: placement seed (default 1)\n"
    "  --radius R             agent radius in cells (0 < R <= 10, default\n"
    "                         0.4)\n"
    "  --steps K              stop after K steps (default: the scenario's\n"
    "                         bound on arrival)\n"
    "  --threads T            share each step among T threads (1-256,\n"
    "                         default 1; the result is the same)\n"
    "  --every K              --json, --svg: keep every K-th step (default 1)\n"
    "  --json FILE            the trajectories: every agent's position in\n"
    "                         every kept step, and the walls\n"
    "  --svg FILE             an animated SVG of the run\n"
    "  --format text|json     output format (default text)\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 ran (whether or not all arrived: see 'arrived'), 2\n"
    "usage, 3 bad input (a map that cannot hold the agents), 4 I/O error.\n";

typedef struct args {
    const char *map, *scenario, *json_file, *svg;
    long agents, steps, threads, every;
    uint64_t seed;
    double radius;
    int json;
} args;

static const char *const scenarios[] = {"circle", "crossing", "door", "rts",
                                        NULL};

/* --radius: finite, > 0 and at most 10 cells. */
static int parse_radius(const char *cmd, const cli_option *row,
                        const char *arg) {
    char *end;
    double r = strtod(arg, &end);
    if (end == arg || *end || !(r > 0.0 && r <= 10.0)) {
        cli_usage_error(cmd, "--radius: expected a number > 0 and <= 10 "
                             "(cells), got '%s'", arg);
        return -1;
    }
    *(double *)row->target = r;
    return 0;
}

static int parse(int argc, char **argv, args *a, int *code) {
    const cli_option opts[] = {
        CLI_OPTION("scenario", CLI_STRING, &a->scenario),
        CLI_OPTION_INT("agents", &a->agents, 1, MAX_AGENTS),
        CLI_OPTION("seed", CLI_SEED, &a->seed),
        CLI_OPTION_CUSTOM("radius", &a->radius, parse_radius),
        CLI_OPTION_INT("steps", &a->steps, 1, 10000000),
        CLI_OPTION_INT("threads", &a->threads, 1, 256),
        CLI_OPTION_INT("every", &a->every, 1, 10000000),
        CLI_OPTION("json", CLI_STRING, &a->json_file),
        CLI_OPTION("svg", CLI_STRING, &a->svg),
        CLI_OPTION("format", CLI_FORMAT, &a->json),
        CLI_OPTION_HELP(help),
        CLI_OPTION_END};
    int first = cli_parse_options(CMD, argc, argv, opts, code);
    if (first < 0)
        return -1;
    *code = CLI_EXIT_USAGE;
    if (argc - first > 1) {
        cli_usage_error(CMD, "expected at most one MAP file, got more "
                             "arguments");
        return -1;
    }
    a->map = first < argc ? argv[first] : NULL;
    if (!a->scenario)
        a->scenario = a->map ? "rts" : "circle";
    int known = 0;
    for (int i = 0; scenarios[i]; i++)
        known |= !strcmp(a->scenario, scenarios[i]);
    char list[64];
    if (!known) {
        cli_usage_error(CMD, "--scenario: expected %s, got '%s'",
                        cli_join(scenarios, list, sizeof list), a->scenario);
        return -1;
    }
    int rts = !strcmp(a->scenario, "rts");
    if (rts != (a->map != NULL)) {
        cli_usage_error(CMD, rts ? "--scenario rts needs a MAP file"
                                 : "--scenario %s takes no MAP file",
                        a->scenario);
        return -1;
    }
    return 0;
}

static wf_status setup(const args *a, wf_crowd_scen *s) {
    size_t n = (size_t)a->agents;
    if (!strcmp(a->scenario, "circle"))
        return wf_cscen_circle(s, n, a->radius);
    if (!strcmp(a->scenario, "crossing"))
        return wf_cscen_crossing(s, n, a->radius);
    if (!strcmp(a->scenario, "door"))
        return wf_cscen_door(s, n, a->radius);
    return wf_cscen_rts(s, a->map, n, a->radius, a->seed);
}

static void print_report(const args *a, const wf_crowd_scen *s,
                         const wf_crowd_report *r) {
    double sep = isfinite(r->min_sep) ? r->min_sep : 0.0;
    if (a->json) {
        printf("{\"scenario\":\"%s\",\"agents\":%zu,\"seed\":%" PRIu64
               ",\"radius\":%g,\"arrived\":%zu,\"last_arrival\":%ld,"
               "\"steps\":%ld,\"min_separation\":%.4f,\"max_wall_overlap\":"
               "%.4f,\"ms_per_step\":%.4f,\"threads\":%ld}\n",
               a->scenario, s->n, a->seed, a->radius, r->arrived,
               r->last_arrival, r->steps, isfinite(r->min_sep) ? sep : -1.0,
               r->max_wall, r->ms_per_step, a->threads);
        return;
    }
    printf("scenario: %s  agents: %zu  radius: %g\n", a->scenario, s->n,
           a->radius);
    printf("arrived: %zu of %zu (last at step %ld)\n", r->arrived, s->n,
           r->last_arrival);
    printf("steps: %ld\n", r->steps);
    if (isfinite(r->min_sep))
        printf("min separation: %.4f x sum of radii\n", r->min_sep);
    else if (s->n < 2)
        printf("min separation: none (fewer than two agents)\n");
    else
        printf("min separation: over 2 x sum of radii (no two agents came "
               "nearer)\n");
    printf("worst wall overlap: %.4f x radius\n", r->max_wall);
    printf("time: %.3f ms per step (%ld thread%s)\n", r->ms_per_step,
           a->threads, a->threads > 1 ? "s" : "");
}

/* Runs s (recording into t when it is not NULL) and writes what a asks. */
static int run(const args *a, wf_crowd_scen *s, sim_track *t) {
    wf_pool *pool = NULL;
    wf_status st = a->threads > 1 ? wf_pool_create((int)a->threads, NULL, &pool)
                                  : WF_OK;
    if (st == WF_OK && t) {
        st = sim_track_begin(t, s, a->scenario, 0.1, a->every);
        s->on_step = sim_track_step;
        s->on_step_ud = t;
    }
    if (a->steps)
        s->max_steps = a->steps;
    wf_crowd_report r;
    if (st == WF_OK)
        st = wf_cscen_run(s, pool, 1, &r);
    wf_pool_destroy(pool);
    if (st == WF_OK && t) {
        sim_track_end(t, r.steps);
        st = t->failed ? WF_E_NOMEM : WF_OK;
    }
    if (st != WF_OK)
        return cli_fail(st, NULL);
    print_report(a, s, &r);
    int code = 0;
    if (a->json_file)
        code = cli_write_file(a->json_file, sim_write_json, t);
    if (!code && a->svg)
        code = cli_write_file(a->svg, sim_write_svg, t);
    return code;
}

int cli_simulate(int argc, char **argv) {
    args a = {.agents = 20, .seed = 1, .radius = 0.4, .threads = 1,
              .every = 1};
    int code;
    if (parse(argc, argv, &a, &code) != 0)
        return code;
    if (a.map) { /* the map's own diagnostic (file:line:col) first */
        wf_grid *g = NULL;
        wf_diag diag;
        memset(&diag, 0, sizeof diag);
        wf_status st = wf_movingai_map_read(a.map, NULL, &g, &diag);
        wf_grid_destroy(g);
        if (st != WF_OK)
            return cli_fail(st, &diag);
    }
    wf_crowd_scen s;
    memset(&s, 0, sizeof s);
    wf_status st = setup(&a, &s);
    if (st != WF_OK) {
        cli_error(CMD, "%s: cannot set up %ld agents: %s",
                  a.map ? a.map : a.scenario, a.agents, wf_strerror(st));
        wf_cscen_free(&s);
        return cli_exit_code(st);
    }
    sim_track t;
    memset(&t, 0, sizeof t);
    code = run(&a, &s, a.json_file || a.svg ? &t : NULL);
    sim_track_free(&t);
    wf_cscen_free(&s);
    return code;
}
