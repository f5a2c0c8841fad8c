/* wayfind path: one query on one map, or a file of them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define CMD "path"

static const char help[] =
    "usage: " CLI_PROG " path MAP [--from X,Y] [--to X,Y] [options]\n"
    "       " CLI_PROG " path [MAP] --mesh FILE --from X,Y --to X,Y\n"
    "\n"
    "Finds a least-cost path on MAP (Moving AI .map, ASCII map, or CSV tile\n"
    "map with a legend) and prints its cost, length, search statistics and\n"
    "cells. --from/--to default to the map's own start and goal marks.\n"
    "\n"
    "With --mesh, answers on the navigation mesh saved by '" CLI_PROG "\n"
    "mesh MAP --out FILE' (for the unit it was made for) instead: the\n"
    "shortest path between two points, printed as --any-angle prints it.\n"
    "--from and --to are then points in cell units, any real numbers (the\n"
    "centre of cell 3,4 is 3.5,4.5; the top-left corner of the map is 0,0).\n"
    "MAP may be left out; when it is given, the mesh must be MAP's (the\n"
    "file's digest) and the points on it; its marks are the defaults.\n"
    "\n"
    "  --from X,Y             start cell (column X, row Y; 0,0 is top-left);\n"
    "                         with --mesh a point (two numbers)\n"
    "  --to X,Y               goal cell; with --mesh a point\n"
    "  --mesh FILE            answer on the mesh in FILE (see above); goes\n"
    "                         with --format and --legend only\n"
    "  --queries FILE         instead of --from/--to: one query a line of FILE\n"
    "                         ('-': stdin), 'SX SY GX GY', answered in order\n"
    "                         with one workspace, each printed as alone (one\n"
    "                         JSON object a line with --format json), from\n"
    "                         stdin flushed at once (for a driving program)\n"
    CLI_SEARCH_HELP;

static const char help_more[] =
    "  --any-angle A          an any-angle path through cell centres instead\n"
    "                         of a grid path: theta, lazy-theta, anya (exact;\n"
    "                         needs --corners one-free and one cost), mesh\n"
    "                         (anya's paths on the map's mesh) or auto (anya,\n"
    "                         then mesh once it pays); segments keep to --corners\n"
    "                         (one-free: the usual any-angle rule; no-cut,\n"
    "                         the default: clear of blocked corners),\n"
    "                         --heuristic default, euclidean or zero\n"
    "  --smooth               also straighten the grid path by line of sight\n"
    "                         (never longer or dearer) and print the polyline\n"
    CLI_COST_HELP
    CLI_PREP_HELP
    "  --legend FILE          legend of a CSV map (default: MAP with .legend)\n"
    "  --format text|json     output format (default text)\n"
    "  --draw                 also print the map with the path ('*') and the\n"
    "                         cells a polyline crosses ('x')\n"
    "  --explored             with --draw, also show the cells the search\n"
    "                         expanded ('o') and left open ('+')\n"
    "  --png FILE             also write a PNG of the map with the path (and\n"
    "                         polyline) and the cells the search explored\n"
    "                         (FILE is replaced whole or not at all)\n"
    "  --svg FILE             the same picture as SVG, viewable in a browser\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 path found (every path, with --queries), 1 no path (or\n"
    "--max-expansions reached; also when a --size agent cannot stand on the\n"
    "start or goal, or a --mesh point is off the mesh, which stderr says), 2\n"
    "usage (--size out of 1-64, a malformed point), 3 bad input (a mesh file\n"
    "that is not MAP's or is damaged), 4 I/O error.\n";


typedef struct args {
    const char *map;
    const char *legend;
    const char *png;
    const char *svg;
    const char *queries;
    const char *prep;
    const char *hierarchy;
    const char *mesh;
    const char *from_s, *to_s; /* --from, --to as given */
    wf_ch_query *chq; /* with --hierarchy */
    int has_from, has_to, json, draw, explored, smooth;
    int any_angle; /* a wf_any_angle, 0: a grid search */
    wf_point from, to;
    wf_search_opts opts;
    cli_costs costs;
    wf_filter filter;
} args;

static int any_angle_option(const char *cmd, const cli_option *row,
                            const char *arg) {
    return cli_parse_any_angle(cmd, arg, (int *)row->target);
}

/* The first option given that does not go with --mesh (the mesh file is
 * made for one unit and answers one query between points), or NULL. */
static const char *mesh_clash(const args *a) {
    const wf_search_opts d = wf_search_opts_default();
    const wf_search_opts *o = &a->opts;
    return a->queries                     ? "--queries"
           : a->draw || a->explored       ? "--draw and --explored"
           : a->png || a->svg             ? "--png and --svg"
           : a->prep || a->hierarchy      ? "--prep and --hierarchy"
           : a->any_angle || a->smooth    ? "--any-angle and --smooth (a "
                                            "mesh path is any-angle)"
           : a->costs.n || o->move.size != d.move.size
               ? "--cost and --size (give them to '" CLI_PROG " mesh': "
                 "the file is made for one unit)"
           : o->move.connect != 8 || (o->move.corners != d.move.corners &&
                                         o->move.corners != WF_CORNERS_ONE_FREE)
               ? "--connect 4 and --corners other than one-free (a mesh's "
                 "paths run in any direction under the one-free rule)"
           : o->heuristic != d.heuristic || o->weight != d.weight ||
                   o->algo != d.algo || o->max_expansions ||
                   o->goal_fallback != d.goal_fallback
               ? "--heuristic, --weight, --algo, --max-expansions and "
                 "--nearest"
               : NULL;
}

/* --mesh: the options it takes; 0, or -1 after a usage error. */
static int check_mesh_options(const args *a) {
    const char *clash = mesh_clash(a);
    if (!clash)
        return 0;
    cli_usage_error(CMD, "--mesh answers one query on a saved mesh: it "
                         "does not take %s",
                    clash);
    return -1;
}

/* 0: parsed; -1: exit with *code. */
static int parse(int argc, char **argv, args *a, int *code) {
    const cli_option opts[] = {
        CLI_OPTION_GIVEN("from", CLI_STRING, &a->from_s, &a->has_from),
        CLI_OPTION_GIVEN("to", CLI_STRING, &a->to_s, &a->has_to),
        CLI_OPTION("mesh", CLI_STRING, &a->mesh),
        CLI_OPTION("format", CLI_FORMAT, &a->json),
        CLI_OPTION("draw", CLI_FLAG, &a->draw),
        CLI_OPTION("explored", CLI_FLAG, &a->explored),
        CLI_OPTION("png", CLI_PNG, &a->png),
        CLI_OPTION("svg", CLI_STRING, &a->svg),
        CLI_OPTION("queries", CLI_STRING, &a->queries),
        CLI_OPTION("legend", CLI_STRING, &a->legend),
        CLI_OPTION("cost", CLI_COST, &a->costs),
        CLI_OPTION("prep", CLI_STRING, &a->prep),
        CLI_OPTION("hierarchy", CLI_STRING, &a->hierarchy),
        CLI_OPTION_CUSTOM("any-angle", &a->any_angle, any_angle_option),
        CLI_OPTION("smooth", CLI_FLAG, &a->smooth),
        CLI_OPTION_HELP2(help, help_more),
        CLI_SEARCH_OPTIONS(&a->opts),
        CLI_OPTION_END};
    int first = cli_parse_options(CMD, argc, argv, opts, code);
    if (first < 0)
        return -1;
    *code = CLI_EXIT_USAGE;
    if (a->mesh && first == argc)
        return check_mesh_options(a); /* no MAP: the mesh file alone */
    if (cli_map_operand(CMD, argc, argv, first, &a->map) != 0)
        return -1;
    if (a->mesh)
        return check_mesh_options(a);
    if ((a->has_from &&
         cli_parse_point(CMD, "from", a->from_s, &a->from) != 0) ||
        (a->has_to && cli_parse_point(CMD, "to", a->to_s, &a->to) != 0))
        return -1;
    if (a->queries &&
        (a->has_from || a->has_to || a->draw || a->png || a->svg)) {
        cli_usage_error(CMD, "--queries answers many queries: it does not "
                             "go with --from, --to, --draw, --png or --svg");
        return -1;
    }
    if (a->any_angle && a->smooth) {
        cli_usage_error(CMD, "--smooth straightens a grid path and an "
                             "--any-angle path is straight already: use "
                             "one or the other");
        return -1;
    }
    if (a->any_angle && a->opts.heuristic != WF_H_DEFAULT &&
        a->opts.heuristic != WF_H_EUCLIDEAN && a->opts.heuristic != WF_H_ZERO) {
        cli_usage_error(CMD, "--any-angle takes --heuristic default, "
                             "euclidean or zero");
        return -1;
    }
    if (a->any_angle && (a->prep || a->hierarchy)) {
        cli_usage_error(CMD, "--%s speeds up grid paths: it does not go "
                             "with --any-angle",
                        a->prep ? "prep" : "hierarchy");
        return -1;
    }
    if (a->hierarchy && a->explored) {
        cli_usage_error(CMD, "--explored shows a grid search's cells: it "
                             "does not go with --hierarchy");
        return -1;
    }
    if (a->any_angle && a->opts.algo != WF_ALGO_ASTAR) {
        cli_usage_error(CMD, "--any-angle is a search of its own: it does "
                             "not go with --algo %s",
                        wf_algo_name(a->opts.algo));
        return -1;
    }
    return 0;
}

static void print_text(const args *a, wf_status st, const wf_path *p,
                       const wf_polyline *line) {
    if (a->any_angle)
        p = NULL; /* only the polyline */
    const char *what =
        st == WF_OK ? "path found"
        : st == WF_PARTIAL
            ? (a->opts.goal_fallback == WF_FALLBACK_NEAREST &&
                       !(a->opts.max_expansions &&
                         p->stats.expanded >= a->opts.max_expansions)
                   ? "partial path (to the reachable cell nearest the goal)"
                   : "partial path (expansion limit)")
            : "no path";
    /* the engine that answered, which auto chooses */
    const wf_stats *stats = p ? &p->stats : &line->stats;
    wf_algo engine = stats->engine;
    if (st != WF_OK && st != WF_PARTIAL && a->opts.algo != WF_ALGO_AUTO)
        engine = a->opts.algo;
    printf("%s from %d,%d to %d,%d (%s, %d-connected, corners %s", what,
           a->from.x, a->from.y, a->to.x, a->to.y,
           a->any_angle ? cli_any_angle_name(a->any_angle)
           : a->chq     ? "hierarchy"
                        : wf_algo_name(engine),
           a->opts.move.connect, wf_corners_name(a->opts.move.corners));
    if (a->opts.move.size > 1)
        printf(", size %d", a->opts.move.size);
    fputs(")\n", stdout);
    if (!p)
        cli_print_polyline_figures(line);
    if (p && p->count) {
        printf("cost: %.6f\n", p->cost);
        printf("length: %zu cells, %zu moves\n", p->count, p->count - 1);
    }
    cli_print_stats(stats);
    if (p && p->count) {
        fputs("path:", stdout);
        for (size_t i = 0; i < p->count; i++)
            printf(" %d,%d", p->points[i].x, p->points[i].y);
        putchar('\n');
    }
    if (p && a->smooth && line->count)
        printf("smoothed: cost %.6f, length %.6f, %zu points\n", line->cost,
               line->length, line->count);
    if ((!p || a->smooth) && line->count)
        cli_print_polyline(line);
}

/* One query (a->from → a->to) and its output: the grid path, its
 * smoothed polyline (--smooth) or an any-angle polyline. *found gets the
 * search's outcome; returns it, or the first error after it. */
static wf_status answer(const args *a, wf_search *ws, const wf_grid *g,
                        wf_path *path, wf_polyline *line, wf_status *found) {
    wf_status st;
    path->count = line->count = 0;
    if (a->any_angle)
        st = wf_search_any_angle(ws, g, a->from, a->to,
                                 (wf_any_angle)a->any_angle, &a->opts, line);
    else if (a->chq)
        st = wf_ch_path(a->chq, g, a->from, a->to, path);
    else
        st = wf_search_grid(ws, g, a->from, a->to, &a->opts, path);
    *found = st;
    if (st >= 0 && a->smooth && path->count &&
        (st = wf_path_smooth(g, path, &a->opts, line)) >= 0)
        st = *found;
    if (st < 0)
        return st;
    if (a->json && a->any_angle)
        return wf_json_write_polyline(stdout, *found, line);
    if (a->json && a->smooth)
        return wf_json_write_smoothed(stdout, *found, path, line);
    if (a->json)
        return wf_json_write_path(stdout, *found, path);
    print_text(a, *found, path, line);
    return st;
}

/* Reads the four integers of a --queries line into v; 0 when the line is
 * exactly that (blank-separated, nothing after). */
static int parse_query(const char *s, long v[4]) {
    for (int i = 0; i < 4; i++) {
        char *end;
        errno = 0;
        v[i] = strtol(s, &end, 10);
        if (end == s || errno || v[i] < 0 || v[i] > WF_GRID_MAX_SIDE)
            return -1;
        s = end;
    }
    s += strspn(s, " \t\r\n");
    return *s ? -1 : 0;
}

/* A search that ended without a path for a stated reason (an agent too
 * large for its start or goal) says so on stderr, prefixed with the
 * --queries line when there is one. */
static void say_why(const wf_search *ws, wf_status found, const char *file,
                    unsigned long line) {
    if (found != WF_NO_PATH || !wf_search_message(ws)[0])
        return;
    if (file)
        cli_error(CMD, "%s:%lu: %s", file, line, wf_search_message(ws));
    else
        cli_error(CMD, "%s", wf_search_message(ws));
}

/* --queries: answers each line of the file in order on one workspace,
 * printing each as a lone query would be printed (and, from stdin,
 * flushed before the next line is read). The exit code: 0 every
 * path found, 1 one was not, 3 a malformed line or a cell off the map,
 * 4 the file cannot be read. */
static int run_queries(args *a, const wf_grid *g) {
    int is_stdin = strcmp(a->queries, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(a->queries, "r");
    if (!f) {
        cli_error(CMD, "%s: %s", a->queries, strerror(errno));
        return CLI_EXIT_IO;
    }
    wf_search *ws = NULL;
    wf_path path;
    wf_path_init(&path, NULL);
    wf_polyline poly;
    wf_polyline_init(&poly, NULL);
    wf_status st = wf_search_create(NULL, &ws);
    int code = st == WF_OK ? CLI_EXIT_OK : cli_fail(st, NULL);
    char line[256];
    unsigned long n = 0;
    while (code <= CLI_EXIT_NO_PATH && fgets(line, sizeof line, f)) {
        n++;
        long v[4];
        if (line[strspn(line, " \t\r\n")] == '\0')
            continue;
        if ((!strchr(line, '\n') && !feof(f)) || parse_query(line, v) != 0) {
            cli_error(CMD, "%s:%lu: expected SX SY GX GY", a->queries, n);
            code = CLI_EXIT_INPUT;
            break;
        }
        a->from = (wf_point){(int)v[0], (int)v[1]};
        a->to = (wf_point){(int)v[2], (int)v[3]};
        wf_point off = wf_grid_contains(g, a->from.x, a->from.y) ? a->to
                                                                  : a->from;
        if (!wf_grid_contains(g, off.x, off.y)) {
            cli_error(CMD, "%s:%lu: %d,%d is outside the %d x %d map",
                      a->queries, n, off.x, off.y, wf_grid_width(g),
                      wf_grid_height(g));
            code = CLI_EXIT_INPUT;
            break;
        }
        wf_status found;
        st = answer(a, ws, g, &path, &poly, &found);
        say_why(ws, found, a->queries, n);
        if (st < 0 && found < 0 && wf_search_message(ws)[0]) {
            cli_error(CMD, "%s", wf_search_message(ws));
            code = st == WF_E_INVALID_ARG ? CLI_EXIT_USAGE : cli_exit_code(st);
        } else if (st < 0)
            code = a->chq ? cli_fail_hierarchy(a->hierarchy, st)
                          : cli_fail(st, NULL);
        else if (found != WF_OK)
            code = CLI_EXIT_NO_PATH;
        /* A program driving us over pipes waits for each answer before
         * its next query: from stdin every answer goes out at once. And
         * once stdout fails (the reader gone) there is no one to answer:
         * stop, main reports the write error. */
        if ((is_stdin && fflush(stdout) != 0) || ferror(stdout))
            break;
    }
    if (code <= CLI_EXIT_NO_PATH && ferror(f)) {
        cli_error(CMD, "%s: read error", a->queries);
        code = CLI_EXIT_IO;
    }
    if (!is_stdin)
        fclose(f);
    wf_path_free(&path);
    wf_polyline_free(&poly);
    wf_search_destroy(ws);
    return code;
}

/* The pictures asked for (--png, --svg): the map, the cells the search
 * explored, the path, the polyline, start and goal. Returns 0 or an exit
 * code after printing why. */
static int write_pictures(const args *a, const wf_grid *g,
                          const wf_search *ws, const wf_path *path,
                          const wf_polyline *line) {
    if (!a->png && !a->svg)
        return 0;
    wf_point ends[2] = {a->from, a->to};
    size_t n = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    uint8_t *cells = malloc(n);
    if (!cells)
        return cli_fail(WF_E_NOMEM, NULL);
    if (a->any_angle == WF_ANY_ANGLE_ANYA ||
        wf_search_cell_states(ws, g, cells) != WF_OK) {
        /* Anya explores intervals, not cells: nothing to tint */
        free(cells);
        cells = NULL;
    }
    int code = 0;
    if (a->png) {
        wf_png_opts po = wf_png_opts_default();
        po.cells = cells;
        po.paths = path;
        po.path_count = path->count ? 1 : 0;
        po.polylines = line;
        po.polyline_count = line->count ? 1 : 0;
        po.marks = ends;
        po.mark_count = 2;
        wf_diag diag;
        memset(&diag, 0, sizeof diag);
        wf_status st = wf_render_png(a->png, g, &po, &diag);
        if (st != WF_OK)
            code = cli_fail(st, &diag);
        else if (!a->json)
            printf("wrote %s\n", a->png);
    }
    if (!code && a->svg) {
        wf_grid_svg_opts so = wf_grid_svg_opts_default();
        so.cells = cells;
        so.paths = path;
        so.path_count = path->count ? 1 : 0;
        so.polylines = line;
        so.polyline_count = line->count ? 1 : 0;
        so.marks = ends;
        so.mark_count = 2;
        code = cli_write_grid_svg(a->svg, g, &so);
        if (!code && !a->json)
            printf("wrote %s\n", a->svg);
    }
    free(cells);
    return code;
}

/* --draw: the map with the path, the polyline's cells and (--explored)
 * the search's, on stdout (stderr beside JSON). */
static wf_status draw(const args *a, const wf_grid *g, const wf_search *ws,
                      const wf_path *path, const wf_polyline *line) {
    wf_ascii_opts ao;
    memset(&ao, 0, sizeof ao);
    ao.path = path;
    ao.polylines = line;
    ao.polyline_count = line->count ? 1 : 0;
    ao.has_start = ao.has_goal = 1;
    ao.start = a->from;
    ao.goal = a->to;
    wf_status st = WF_OK;
    uint8_t *cells = NULL;
    if (a->explored) {
        cells = malloc((size_t)wf_grid_width(g) * (size_t)wf_grid_height(g));
        if (!cells || wf_search_cell_states(ws, g, cells) != WF_OK)
            st = WF_E_NOMEM;
        ao.cells = cells;
    }
    if (a->json)
        fflush(stdout);
    if (st >= 0)
        st = wf_render_ascii(a->json ? stderr : stdout, g, &ao);
    free(cells);
    return st;
}

int cli_path(int argc, char **argv) {
    args a;
    memset(&a, 0, sizeof a);
    a.opts = wf_search_opts_default();
    int code;
    if (parse(argc, argv, &a, &code) != 0)
        return code;
    if (a.mesh) {
        const cli_mesh_query q = {a.mesh, a.map, a.legend, a.from_s, a.to_s,
                                  a.json};
        return cli_path_mesh(CMD, &q);
    }

    wf_grid *g = NULL;
    wf_jump_table *jumps = NULL;
    wf_ch *ch = NULL;
    wf_map_marks marks;
    if ((code = cli_load_map(a.map, a.legend, &g, &marks)) != 0)
        return code;
    if (cli_costs_filter(CMD, &a.costs, a.map, a.legend, g, &a.filter,
                         &a.opts.filter)) {
        code = CLI_EXIT_USAGE;
        goto done;
    }
    if (a.hierarchy && (code = cli_load_hierarchy(CMD, a.hierarchy, g,
                                                  &a.opts, a.prep != NULL,
                                                  &ch, &a.chq)))
        goto done;
    if (a.prep && (code = cli_load_jumps(CMD, a.prep, g, &a.opts, &jumps)))
        goto done;
    if (a.queries) {
        code = run_queries(&a, g);
        goto done;
    }
    code = CLI_EXIT_INPUT;
    if (cli_query_ends(CMD, a.map, g, &marks, a.has_from, &a.from, a.has_to,
                       &a.to) != 0)
        goto done;

    wf_search *ws = NULL;
    wf_path path;
    wf_path_init(&path, NULL);
    wf_polyline line;
    wf_polyline_init(&line, NULL);
    /* found: the search's outcome; st: the first error after it. */
    wf_status found;
    wf_status st = found = wf_search_create(NULL, &ws);
    if (st == WF_OK)
        st = answer(&a, ws, g, &path, &line, &found);
    if (ws)
        say_why(ws, found, NULL, 0);
    if (st >= 0 && a.draw)
        st = draw(&a, g, ws, &path, &line);
    if (st < 0 && found < 0 && ws && wf_search_message(ws)[0]) {
        cli_error(CMD, "%s", wf_search_message(ws));
        /* options the search refuses are a usage error */
        code = st == WF_E_INVALID_ARG ? CLI_EXIT_USAGE : cli_exit_code(st);
    } else if (st < 0)
        code = a.chq ? cli_fail_hierarchy(a.hierarchy, st) : cli_fail(st, NULL);
    else if ((code = write_pictures(&a, g, ws, &path, &line)) != 0)
        ;
    else
        code = found == WF_OK || (found == WF_PARTIAL &&
                                  a.opts.goal_fallback == WF_FALLBACK_NEAREST)
                   ? CLI_EXIT_OK
                   : CLI_EXIT_NO_PATH;
    wf_path_free(&path);
    wf_polyline_free(&line);
    wf_search_destroy(ws);
done:
    wf_ch_query_free(a.chq);
    wf_ch_free(ch);
    wf_jump_table_destroy(jumps);
    wf_grid_destroy(g);
    return code;
}
