/* wayfind influence: a guard's view. Influence layers (a view cone with
 * line of sight, distance falloff from sources), blended, steer a path
 * round what the viewers see. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <wayfind/field.h>

#include "cli.h"
#include "json_out.h"

#define CMD "influence"
#define MAX_ITEMS 16

static const char help[] =
    "usage: " CLI_PROG " influence MAP --from X,Y --to X,Y\n"
    "          [--viewer X,Y,FACING,FOV,RANGE]... [--source X,Y,RADIUS]...\n"
    "          [--weights WD,WV] [--k K] [--png PREFIX] [options]\n"
    "\n"
    "Builds two influence layers: distance falloff from the sources (1 at a\n"
    "source, 0 at its radius, linear) and what the viewers see (1 in a cone\n"
    "within range and line of sight, else 0; FACING in degrees, 0 = east,\n"
    "90 = south; FOV the cone's full angle). Blends them WD x distance +\n"
    "WV x view (default 0.3,0.7) and finds the path with\n"
    "and without the blend as a cost overlay: entering a cell costs\n"
    "step x (cost + K x blend). Prints both paths (cost, length, cells in\n"
    "view), the blend shaded 0-9 with the plain path '*' and the influenced\n"
    "one '+', or with --png writes PREFIX-distance.png, PREFIX-view.png and\n"
    "PREFIX-blend.png (heat maps with both paths).\n"
    "\n"
    "  --viewer X,Y,F,FOV,R   a viewer (repeatable, up to 16)\n"
    "  --source X,Y,R         a source of the distance layer (repeatable)\n"
    "  --weights WD,WV        blend weights (default 0.3,0.7)\n"
    "  --k K                  overlay scale, >= 0 (default 20)\n"
    "  --distance KIND        straight (default) or path, for the sources\n"
    "  --connect 4|8, --corners RULE   movement and sight (default 8, no-cut)\n"
    CLI_SIZE_HELP
    CLI_COST_HELP
    "  --png PREFIX           write the three heat maps (each replaced whole\n"
    "                         or not at all)\n"
    "  --legend FILE          legend of a CSV map\n"
    "  --format text|json     json: one object with both paths (cost,\n"
    "                         cost with the overlay, cells, cells in view)\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 both paths found, 1 no path, 2 usage, 3 bad input, 4 I/O.\n";

/* Splits "a,b,c" into exactly n numbers. */
static int numbers(const char *opt, const char *s, double *v, int n) {
    char buf[160];
    if (strlen(s) >= sizeof buf)
        goto bad;
    strcpy(buf, s);
    char *p = buf;
    for (int i = 0; i < n; i++) {
        char *comma = strchr(p, ',');
        if ((i < n - 1) != (comma != NULL))
            goto bad;
        if (comma)
            *comma = '\0';
        if (cli_parse_double(CMD, opt, p, -1e9, 1e9, &v[i]) != 0)
            return -1;
        p = comma ? comma + 1 : p;
    }
    return 0;
bad:
    cli_error(CMD, "--%s: expected %d numbers separated by commas, got '%s'",
              opt, n, s);
    return -1;
}

typedef struct args {
    const char *map, *legend, *png;
    wf_point from, to;
    int has_from, has_to;
    wf_viewer viewers[MAX_ITEMS];
    int nviewers;
    wf_influence_source sources[MAX_ITEMS];
    int nsources;
    double w[2], k;
    int json;
    wf_falloff_opts fo;
    wf_search_opts so;
    cli_costs costs;
    wf_filter filter;
} args;

static int add_viewer(const char *cmd, const cli_option *row,
                      const char *arg) {
    args *a = row->target;
    double v[5];
    if (a->nviewers == MAX_ITEMS || numbers("viewer", arg, v, 5) != 0 ||
        v[0] != floor(v[0]) || v[1] != floor(v[1]) || !(v[3] > 0 && v[3] <= 360) ||
        !(v[4] >= 0)) {
        cli_error(cmd, "--viewer: expected X,Y,FACING,FOV,RANGE with "
                       "0 < FOV <= 360 and RANGE >= 0 (at most %d "
                       "viewers)", MAX_ITEMS);
        return -1;
    }
    a->viewers[a->nviewers++] = (wf_viewer){{(int)v[0], (int)v[1]}, v[2], v[3], v[4], 0};
    return 0;
}

static int add_source(const char *cmd, const cli_option *row,
                      const char *arg) {
    args *a = row->target;
    double v[3];
    if (a->nsources == MAX_ITEMS || numbers("source", arg, v, 3) != 0 ||
        v[0] != floor(v[0]) || v[1] != floor(v[1]) || !(v[2] >= 0)) {
        cli_error(cmd, "--source: expected X,Y,RADIUS with RADIUS >= 0 "
                       "(at most %d sources)", MAX_ITEMS);
        return -1;
    }
    a->sources[a->nsources++] = (wf_influence_source){{(int)v[0], (int)v[1]}, 1.0, v[2]};
    return 0;
}

static int set_weights(const char *cmd, const cli_option *row,
                       const char *arg) {
    (void)cmd;
    return numbers("weights", arg, row->target, 2);
}

static int set_distance(const char *cmd, const cli_option *row,
                        const char *arg) {
    if (strcmp(arg, "straight") && strcmp(arg, "path")) {
        cli_usage_error(cmd, "--distance: expected straight or path");
        return -1;
    }
    *(wf_distance *)row->target =
        arg[0] == 'p' ? WF_DISTANCE_PATH : WF_DISTANCE_STRAIGHT;
    return 0;
}

static int parse(int argc, char **argv, args *a, int *code) {
    const cli_option opts[] = {
        CLI_OPTION_GIVEN("from", CLI_POINT, &a->from, &a->has_from),
        CLI_OPTION_GIVEN("to", CLI_POINT, &a->to, &a->has_to),
        CLI_OPTION_CUSTOM("viewer", a, add_viewer),
        CLI_OPTION_CUSTOM("source", a, add_source),
        CLI_OPTION_CUSTOM("weights", a->w, set_weights),
        CLI_OPTION_DOUBLE("k", &a->k, 0, 1e9),
        CLI_OPTION_CUSTOM("distance", &a->fo.distance, set_distance),
        CLI_OPTION("png", CLI_PNG, &a->png),
        CLI_OPTION("legend", CLI_STRING, &a->legend),
        CLI_OPTION("format", CLI_FORMAT, &a->json),
        CLI_OPTION("cost", CLI_COST, &a->costs),
        CLI_OPTION_SEARCH("connect", &a->so, CLI_OPT_CONNECT),
        CLI_OPTION_SEARCH("corners", &a->so, CLI_OPT_CORNERS),
        CLI_OPTION_SEARCH("size", &a->so, CLI_OPT_SIZE),
        CLI_OPTION_HELP(help),
        CLI_OPTION_END};
    int first = cli_parse_options(CMD, argc, argv, opts, code);
    if (first < 0)
        return -1;
    *code = CLI_EXIT_USAGE;
    if (first != argc - 1) {
        cli_usage_error(CMD, "expected one MAP file");
        return -1;
    }
    if (!a->has_from || !a->has_to || (!a->nviewers && !a->nsources)) {
        cli_usage_error(CMD, "--from, --to and at least one --viewer or "
                             "--source are required");
        return -1;
    }
    a->map = argv[first];
    return 0;
}

/* Cells of p inside any viewer's sight. */
static size_t in_view(const wf_grid *g, const float *view, const wf_path *p) {
    size_t n = 0;
    for (size_t i = 0; i < p->count; i++)
        n += view[(size_t)p->points[i].y * (size_t)wf_grid_width(g) +
                  (size_t)p->points[i].x] > 0;
    return n;
}

static int write_pngs(const args *a, const wf_grid *g, const float *layers[3],
                      const wf_path paths[2]) {
    static const char *const names[3] = {"distance", "view", "blend"};
    wf_point ends[2] = {a->from, a->to};
    for (int i = 0; i < 3; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s-%s.png", a->png, names[i]);
        wf_png_opts po = wf_png_opts_default();
        po.field = layers[i];
        po.legend = 1;
        po.field_min = 0;
        po.field_max = i == 2 ? fabs(a->w[0]) + fabs(a->w[1]) : 1;
        po.paths = paths;
        po.path_count = 2;
        po.marks = ends;
        po.mark_count = 2;
        wf_diag diag;
        memset(&diag, 0, sizeof diag);
        wf_status st = wf_render_png(path, g, &po, &diag);
        if (st != WF_OK)
            return cli_fail(st, &diag);
        if (!a->json)
            printf("wrote %s\n", path);
    }
    return 0;
}

/* One path of the --format json report. */
static void json_path(const char *key, const wf_path *p, double cost,
                      double overlay_cost, size_t seen) {
    printf("\"%s\":{\"cost\":", key);
    cli_json_num(cost);
    fputs(",\"overlay_cost\":", stdout);
    cli_json_num(overlay_cost);
    printf(",\"length\":%zu,\"in_view\":%zu,", p->count, seen);
    cli_json_points("path", p->points, p->count);
    putchar('}');
}

int cli_influence(int argc, char **argv) {
    args a;
    memset(&a, 0, sizeof a);
    a.w[0] = 0.3;
    a.w[1] = 0.7;
    a.k = 20;
    a.fo = wf_falloff_opts_default();
    a.so = wf_search_opts_default();
    int code;
    if (parse(argc, argv, &a, &code) != 0)
        return code;
    a.fo.move = a.so.move;
    wf_grid *g = NULL;
    if ((code = cli_load_map(a.map, a.legend, &g, NULL)) != 0)
        return code;
    if (cli_costs_filter(CMD, &a.costs, a.map, a.legend, g, &a.filter,
                         &a.so.filter)) {
        wf_grid_destroy(g);
        return CLI_EXIT_USAGE;
    }
    a.fo.filter = a.so.filter;
    size_t cells = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    float *dist = calloc(cells, sizeof *dist), *view = calloc(cells, sizeof *view);
    float *one = malloc(cells * sizeof *one), *blend = malloc(cells * sizeof *blend);
    wf_search *ws = NULL;
    wf_path paths[2];
    wf_path_init(&paths[0], NULL);
    wf_path_init(&paths[1], NULL);
    wf_status st = dist && view && one && blend ? wf_search_create(NULL, &ws)
                                                : WF_E_NOMEM;
    if (st == WF_OK && a.nsources)
        st = wf_field_falloff_grid(ws, g, a.sources, (size_t)a.nsources, &a.fo,
                                   NULL, dist);
    for (int i = 0; st == WF_OK && i < a.nviewers; i++) {
        st = wf_field_view_grid(g, &a.viewers[i], a.so.move, NULL, one);
        for (size_t c = 0; st == WF_OK && c < cells; c++)
            view[c] = fmaxf(view[c], one[c]);
    }
    const float *layers[3] = {dist, view, blend};
    const wf_layer inputs[2] = {{dist, cells}, {view, cells}};
    if (st == WF_OK)
        st = wf_field_blend(inputs, a.w, 2, cells, 0, NULL, NULL, blend);
    if (st == WF_E_RANGE) {
        cli_error(CMD, "a viewer or source is outside the %d x %d map",
                  wf_grid_width(g), wf_grid_height(g));
        code = CLI_EXIT_INPUT;
        goto done;
    }
    if (st != WF_OK) {
        code = cli_fail(st, NULL);
        goto done;
    }
    if (!wf_grid_contains(g, a.from.x, a.from.y) || !wf_grid_contains(g, a.to.x, a.to.y)) {
        cli_error(CMD, "--from or --to is outside the %d x %d map",
                  wf_grid_width(g), wf_grid_height(g));
        code = CLI_EXIT_INPUT;
        goto done;
    }
    wf_status s0 = wf_search_grid(ws, g, a.from, a.to, &a.so, &paths[0]);
    wf_search_opts io = a.so;
    io.overlay = (wf_layer){blend, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)};
    io.overlay_k = a.k;
    wf_status s1 = wf_search_grid(ws, g, a.from, a.to, &io, &paths[1]);
    if (s0 < 0 || s1 < 0) {
        code = cli_fail(s0 < 0 ? s0 : s1, NULL);
        goto done;
    }
    if (s0 != WF_OK || s1 != WF_OK) {
        if (wf_search_message(ws)[0]) /* an agent too large for an end */
            cli_error(CMD, "%s", wf_search_message(ws));
        if (a.json)
            printf("{\"status\":\"no_path\",\"from\":[%d,%d],\"to\":[%d,%d]}\n",
                   a.from.x, a.from.y, a.to.x, a.to.y);
        else
            printf("no path from %d,%d to %d,%d\n", a.from.x, a.from.y, a.to.x,
                   a.to.y);
        code = CLI_EXIT_NO_PATH;
        goto done;
    }
    /* The influenced path's plain cost, to compare like with like. */
    double plain_cost = 0;
    for (size_t i = 1; i < paths[1].count; i++)
        plain_cost += wf_grid_move_cost(g, paths[1].points[i - 1], paths[1].points[i], a.so.move);
    if (a.json) {
        fputs("{\"status\":\"ok\",\"weights\":[", stdout);
        cli_json_num(a.w[0]);
        putchar(',');
        cli_json_num(a.w[1]);
        fputs("],\"k\":", stdout);
        cli_json_num(a.k);
        putchar(',');
        json_path("without", &paths[0], paths[0].cost, paths[0].cost,
                  in_view(g, view, &paths[0]));
        putchar(',');
        json_path("with", &paths[1], plain_cost, paths[1].cost,
                  in_view(g, view, &paths[1]));
        puts("}");
    } else {
        printf("without influence: cost %.3f, %zu cells, %zu in view\n",
               paths[0].cost, paths[0].count, in_view(g, view, &paths[0]));
        printf("with influence (%.2f x distance + %.2f x view, k %g): cost %.3f "
               "(%.3f with the overlay), %zu cells, %zu in view\n",
               a.w[0], a.w[1], a.k, plain_cost, paths[1].cost, paths[1].count,
               in_view(g, view, &paths[1]));
    }
    if (a.png) {
        code = write_pngs(&a, g, layers, paths);
    } else if (!a.json) {
        wf_field_ascii_opts fo = wf_field_ascii_opts_default();
        fo.paths = paths;
        fo.path_count = 2;
        st = wf_render_field_ascii(stdout, g, blend, &fo);
        code = st == WF_OK ? CLI_EXIT_OK : cli_fail(st, NULL);
    }
done:
    wf_path_free(&paths[0]);
    wf_path_free(&paths[1]);
    wf_search_destroy(ws);
    free(dist);
    free(view);
    free(one);
    free(blend);
    wf_grid_destroy(g);
    return code;
}
