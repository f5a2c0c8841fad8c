/* wayfind replan: an agent walks towards its goal while a file of edits
 * changes the map, batch by batch; D* Lite repairs its path after each
 * batch, and a fresh A* from the same cell shows what the repair saved. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define CMD "replan"

static const char help[] =
    "usage: " CLI_PROG " replan MAP --edits FILE [--from X,Y] [--to X,Y]\n"
    "                      [--walk N] [options]\n"
    "\n"
    "Plans a path on MAP with D* Lite, then applies the batches of FILE one\n"
    "after another (the agent walking N steps along its path before each):\n"
    "after each batch the planner repairs its path instead of searching\n"
    "again. For each it prints where the agent stands, the new path's cost\n"
    "and length, the cells the repair expanded and the cells a fresh A* from\n"
    "the same cell expands (and checks that both cost the same).\n"
    "\n"
    "FILE: one edit 'X Y TILE' a line (TILE a map character, or a CSV map's\n"
    "tile number); a blank line ends a batch; '#' starts a comment line.\n"
    "An edit may wall in the agent's own cell: it is applied, and the agent\n"
    "is stuck (no path, said on stderr) until a later batch frees it.\n"
    "\n"
    "  --edits FILE           the batches of edits (required)\n"
    "  --from X,Y             the agent's cell (default: the map's start mark)\n"
    "  --to X,Y               the goal (default: the map's goal mark)\n"
    "  --walk N               steps walked before each batch (default 0)\n"
    "  --connect 4|8          movement: 4- or 8-connected (default 8)\n"
    "  --corners RULE         diagonal corner rule: no-cut (default), always,\n"
    "                         one-free\n"
    "  --heuristic H          default, octile, euclidean, chebyshev, zero, or\n"
    "                         manhattan with --connect 4 (D* Lite needs a\n"
    "                         consistent heuristic)\n"
    CLI_SIZE_HELP
    CLI_COST_HELP
    "  --legend FILE          legend of a CSV map (default: MAP with .legend)\n"
    "  --format text|json     output format (default text)\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 a path after every batch, 1 no path after one of them\n"
    "(or at the start), 2 usage, 3 bad input (a malformed edits file, a cell\n"
    "off the map), 4 I/O error.\n";

typedef struct args {
    const char *map, *legend, *edits;
    int has_from, has_to, json;
    long walk;
    wf_point from, to;
    wf_search_opts opts;
    cli_costs costs;
    wf_filter filter;
} args;

static int parse(int argc, char **argv, args *a, int *code) {
    const cli_option opts[] = {
        CLI_OPTION_GIVEN("from", CLI_POINT, &a->from, &a->has_from),
        CLI_OPTION_GIVEN("to", CLI_POINT, &a->to, &a->has_to),
        CLI_OPTION("edits", CLI_STRING, &a->edits),
        CLI_OPTION_INT("walk", &a->walk, 0, (double)WF_GRID_MAX_CELLS),
        CLI_OPTION("format", CLI_FORMAT, &a->json),
        CLI_OPTION("legend", CLI_STRING, &a->legend),
        CLI_OPTION("cost", CLI_COST, &a->costs),
        CLI_OPTION_SEARCH("connect", &a->opts, CLI_OPT_CONNECT),
        CLI_OPTION_SEARCH("corners", &a->opts, CLI_OPT_CORNERS),
        CLI_OPTION_SEARCH("heuristic", &a->opts, CLI_OPT_HEURISTIC),
        CLI_OPTION_SEARCH("size", &a->opts, CLI_OPT_SIZE),
        CLI_OPTION_HELP(help),
        CLI_OPTION_END};
    int first = cli_parse_options(CMD, argc, argv, opts, code);
    if (first < 0)
        return -1;
    *code = CLI_EXIT_USAGE;
    if (cli_map_operand(CMD, argc, argv, first, &a->map) != 0)
        return -1;
    if (!a->edits) {
        cli_usage_error(CMD, "--edits FILE is required");
        return -1;
    }
    return 0;
}

/* One plan's figures, as printed. */
typedef struct report {
    wf_point at;
    size_t edits;
    unsigned first_line, last_line;
    wf_status status;
    double cost, fresh_cost;
    size_t length;
    uint64_t expanded, fresh_expanded;
    const char *why; /* no path: the planner's reason, or "" */
} report;

static void print_text(const report *r, size_t batch) {
    if (batch && r->first_line == r->last_line)
        printf("batch %zu (%zu edit, line %u): ", batch, r->edits,
               r->first_line);
    else if (batch)
        printf("batch %zu (%zu edits, lines %u-%u): ", batch, r->edits,
               r->first_line, r->last_line);
    else
        fputs("start: ", stdout);
    printf("at %d,%d: ", r->at.x, r->at.y);
    if (r->status == WF_OK)
        printf("cost %.6f, %zu cells, expanded %" PRIu64
               " (fresh A*: %" PRIu64 ")\n",
               r->cost, r->length, r->expanded, r->fresh_expanded);
    else
        printf("no path (%s), expanded %" PRIu64 " (fresh A*: %" PRIu64 ")\n",
               r->why[0] ? r->why : "unreachable", r->expanded,
               r->fresh_expanded);
}

static void print_json(const report *r) {
    printf("{\"at\":[%d,%d],\"edits\":%zu,\"status\":\"%s\",", r->at.x,
           r->at.y, r->edits, wf_status_name(r->status));
    if (r->status == WF_OK)
        printf("\"cost\":%.17g,\"length\":%zu,", r->cost, r->length);
    else
        fputs("\"cost\":null,\"length\":0,", stdout);
    printf("\"expanded\":%" PRIu64 ",\"fresh_expanded\":%" PRIu64 "}",
           r->expanded, r->fresh_expanded);
}

/* Plans with d and with a fresh A* from the same cell into *r; 0, or the
 * exit code of an error (said on stderr). */
static int plan(wf_dstar *d, wf_search *ws, const wf_grid *g,
                const wf_search_opts *o, wf_path *dp, wf_path *ap,
                report *r) {
    r->at = wf_dstar_position(d);
    r->status = wf_dstar_plan(d, dp);
    r->why = wf_dstar_message(d);
    if (r->status < 0) {
        cli_error(CMD, "%s", r->why);
        return cli_exit_code(r->status);
    }
    wf_status fs = wf_search_grid(ws, g, r->at, wf_dstar_goal(d), o, ap);
    if (fs < 0) {
        cli_error(CMD, "%s", wf_search_message(ws));
        return cli_exit_code(fs);
    }
    r->cost = dp->cost;
    r->length = dp->count;
    r->expanded = dp->stats.expanded;
    r->fresh_expanded = ap->stats.expanded;
    r->fresh_cost = ap->cost;
    if (fs != r->status ||
        (fs == WF_OK && fabs(ap->cost - dp->cost) > 1e-9 * ap->cost)) {
        cli_error(CMD, "at %d,%d the repaired plan (%s, cost %.17g) and a "
                       "fresh A* (%s, cost %.17g) disagree",
                  r->at.x, r->at.y, wf_status_name(r->status), dp->cost,
                  wf_status_name(fs), ap->cost);
        return CLI_EXIT_NO_PATH;
    }
    return 0;
}

/* The batches of e, one after another, each after a walk of a->walk
 * steps; prints each plan. Returns the exit code. */
static int run(const args *a, wf_grid *g, const wf_edits *e) {
    wf_search *ws = NULL;
    wf_dstar *d = NULL;
    wf_path dp, ap;
    wf_path_init(&dp, NULL);
    wf_path_init(&ap, NULL);
    char msg[256];
    wf_status st = wf_search_create(NULL, &ws);
    if (st == WF_OK)
        st = wf_dstar_create(g, a->from, a->to, &a->opts, NULL, msg,
                             sizeof msg, &d);
    int code = 0, no_path = 0;
    if (st != WF_OK) {
        if (st == WF_E_INVALID_ARG && msg[0]) {
            cli_error(CMD, "%s", msg);
            code = CLI_EXIT_USAGE;
        } else
            code = cli_fail(st, NULL);
        goto done;
    }
    uint64_t sum = 0, fresh_sum = 0;
    report r;
    memset(&r, 0, sizeof r);
    if ((code = plan(d, ws, g, &a->opts, &dp, &ap, &r)) != 0)
        goto done;
    if (a->json)
        printf("{\"from\":[%d,%d],\"to\":[%d,%d],\"walk\":%ld,\"start\":",
               a->from.x, a->from.y, a->to.x, a->to.y, a->walk);
    else {
        printf("replan from %d,%d to %d,%d: %zu batch%s of edits, %ld step%s "
               "walked before each (%d-connected, corners %s",
               a->from.x, a->from.y, a->to.x, a->to.y, e->batch_count,
               e->batch_count == 1 ? "" : "es", a->walk,
               a->walk == 1 ? "" : "s", a->opts.move.connect,
               wf_corners_name(a->opts.move.corners));
        if (a->opts.move.size > 1)
            printf(", size %d", a->opts.move.size);
        fputs(")\n", stdout);
    }
    if (r.status != WF_OK) {
        no_path = 1;
        if (r.why[0])
            cli_error(CMD, "at the start: %s", r.why);
    }
    a->json ? print_json(&r) : print_text(&r, 0);
    if (a->json)
        fputs(",\"batches\":[", stdout);
    for (size_t b = 0; b < e->batch_count; b++) {
        /* walk along the current path (none when there was no path) */
        for (long s = 1; s <= a->walk && (size_t)s < dp.count; s++)
            wf_dstar_move(d, dp.points[s]);
        const wf_edit_batch *eb = &e->batches[b];
        wf_grid_edit_begin(g);
        for (size_t i = 0; i < eb->count && st == WF_OK; i++)
            st = wf_grid_set(g, eb->edits[i].cell.x, eb->edits[i].cell.y,
                             eb->edits[i].terrain);
        wf_grid_edit_commit(g);
        if (st != WF_OK) {
            code = cli_fail(st, NULL);
            goto done;
        }
        memset(&r, 0, sizeof r);
        r.edits = eb->count;
        r.first_line = eb->edits[0].line;
        r.last_line = eb->edits[eb->count - 1].line;
        if ((code = plan(d, ws, g, &a->opts, &dp, &ap, &r)) != 0)
            goto done;
        if (r.status != WF_OK) {
            no_path = 1;
            if (r.why[0])
                cli_error(CMD, "batch %zu: %s", b + 1, r.why);
        }
        sum += r.expanded;
        fresh_sum += r.fresh_expanded;
        if (a->json) {
            if (b)
                putchar(',');
            print_json(&r);
        } else
            print_text(&r, b + 1);
    }
    if (a->json)
        printf("],\"expanded\":%" PRIu64 ",\"fresh_expanded\":%" PRIu64
               "}\n",
               sum, fresh_sum);
    else
        printf("repairs expanded %" PRIu64 " cells in all; fresh A* "
               "searches %" PRIu64 "\n",
               sum, fresh_sum);
    code = no_path ? CLI_EXIT_NO_PATH : CLI_EXIT_OK;
done:
    wf_path_free(&dp);
    wf_path_free(&ap);
    wf_dstar_destroy(d);
    wf_search_destroy(ws);
    return code;
}

int cli_replan(int argc, char **argv) {
    args a;
    memset(&a, 0, sizeof a);
    a.opts = wf_search_opts_default();
    int code;
    if (parse(argc, argv, &a, &code) != 0)
        return code;
    wf_grid *g = NULL;
    wf_map_marks marks;
    if ((code = cli_load_map(a.map, a.legend, &g, &marks)) != 0)
        return code;
    wf_legend *legend = NULL;
    wf_edits edits;
    memset(&edits, 0, sizeof edits);
    if (cli_costs_filter(CMD, &a.costs, a.map, a.legend, g, &a.filter,
                         &a.opts.filter)) {
        code = CLI_EXIT_USAGE;
        goto done;
    }
    code = CLI_EXIT_INPUT;
    if (cli_query_ends(CMD, a.map, g, &marks, a.has_from, &a.from, a.has_to,
                       &a.to) != 0)
        goto done;
    if (marks.format == WF_MAP_FORMAT_CSV) {
        legend = malloc(sizeof *legend);
        if (!legend) {
            code = cli_fail(WF_E_NOMEM, NULL);
            goto done;
        }
        if (cli_read_legend(CMD, a.map, a.legend, legend) != 0)
            goto done;
    }
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_status st =
        wf_edits_read(a.edits, g, marks.format, legend, NULL, &edits, &diag);
    if (st != WF_OK) {
        code = cli_fail(st, &diag);
        goto done;
    }
    code = run(&a, g, &edits);
done:
    wf_edits_free(&edits);
    free(legend);
    wf_grid_destroy(g);
    return code;
}
