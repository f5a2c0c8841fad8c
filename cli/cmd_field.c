/* wayfind field: a Dijkstra map (or flee map) of a grid, printed or drawn. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/field.h>

#include "cli.h"
#include "json_out.h"

#define CMD "field"
#define MAX_SOURCES 1024

static const char help[] =
    "usage: " CLI_PROG " field MAP --sources X,Y[;X,Y...] [options]\n"
    "\n"
    "Computes the Dijkstra map of MAP: for every cell the least cost of\n"
    "walking to the nearest source. Prints the map shaded by cost (0-9 from\n"
    "lowest to highest, '#' blocked, ' ' unreachable) and a summary, or with --png\n"
    "draws it as a heat map with a colour bar.\n"
    "\n"
    "  --sources LIST         source cells, X,Y separated by ';'\n"
    "  --flee K               a flee map instead: leads away from the sources\n"
    "                         (K > 0, 1.2 is usual)\n"
    "  --connect 4|8          movement (default 8)\n"
    "  --corners RULE         no-cut (default), always, one-free\n"
    CLI_SIZE_HELP
    "                         (a K x K agent whose top-left cell is the\n"
    "                         source; a source it cannot stand on is an error)\n"
    CLI_COST_HELP
    "  --png FILE             draw a heat map (FILE is replaced whole or not\n"
    "                         at all)\n"
    "  --legend FILE          legend of a CSV map\n"
    "  --format text|json     json: one object with the summary and every\n"
    "                         cell's value by row (null: unreachable or\n"
    "                         blocked)\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 ok, 2 usage, 3 bad input, 4 I/O error.\n";

/* The cells of --sources, each a source of value 0. */
typedef struct sources {
    wf_field_source src[MAX_SOURCES];
    long n; /* -1: none given */
} sources;

static int set_sources(const char *cmd, const cli_option *row,
                       const char *arg) {
    sources *s = row->target;
    wf_point cells[MAX_SOURCES];
    if ((s->n = cli_parse_points(cmd, "sources", arg, cells, MAX_SOURCES)) < 0)
        return -1;
    for (long i = 0; i < s->n; i++) {
        s->src[i].cell = cells[i];
        s->src[i].value = 0;
    }
    return 0;
}

/* A field value: a float32, so 9 significant digits say it exactly. */
static void json_float(double v) {
    if (isfinite(v))
        printf("%.9g", v);
    else
        fputs("null", stdout);
}

static void print_json(const wf_grid *g, const float *f, double flee,
                       size_t reached, double lo, double hi, double ms,
                       const char *png) {
    const int w = wf_grid_width(g), h = wf_grid_height(g);
    printf("{\"kind\":\"%s\",\"width\":%d,\"height\":%d,\"reached\":%zu,"
           "\"min\":", flee ? "flee" : "distance", w, h, reached);
    json_float(reached ? lo : NAN);
    fputs(",\"max\":", stdout);
    json_float(reached ? hi : NAN);
    printf(",\"ms\":%.3f,\"png\":", ms);
    cli_json_str(png);
    fputs(",\"values\":[", stdout);
    for (int y = 0; y < h; y++) {
        fputs(y ? ",[" : "[", stdout);
        for (int x = 0; x < w; x++) {
            if (x)
                putchar(',');
            json_float(f[(size_t)y * (size_t)w + (size_t)x]);
        }
        putchar(']');
    }
    puts("]}");
}

int cli_field(int argc, char **argv) {
    sources s;
    s.n = -1;
    double flee = 0;
    const char *png = NULL, *legend = NULL;
    int json = 0;
    wf_search_opts o = wf_search_opts_default();
    cli_costs costs;
    wf_filter filter;
    costs.n = 0;
    const cli_option opts[] = {
        CLI_OPTION_CUSTOM("sources", &s, set_sources),
        CLI_OPTION_DOUBLE("flee", &flee, 1e-6, 1e6),
        CLI_OPTION("png", CLI_PNG, &png),
        CLI_OPTION("legend", CLI_STRING, &legend),
        CLI_OPTION("format", CLI_FORMAT, &json),
        CLI_OPTION("cost", CLI_COST, &costs),
        CLI_OPTION_SEARCH("connect", &o, CLI_OPT_CONNECT),
        CLI_OPTION_SEARCH("corners", &o, CLI_OPT_CORNERS),
        CLI_OPTION_SEARCH("size", &o, CLI_OPT_SIZE),
        CLI_OPTION_HELP(help),
        CLI_OPTION_END};
    int code;
    int first = cli_parse_options(CMD, argc, argv, opts, &code);
    if (first < 0)
        return code;
    if (first != argc - 1)
        return cli_usage_error(CMD, "expected one MAP file");
    long n = s.n;
    const wf_field_source *src = s.src;
    if (n < 1)
        return cli_usage_error(CMD, "--sources: give at least one cell");
    wf_grid *g = NULL;
    code = cli_load_map(argv[first], legend, &g, NULL);
    if (code)
        return code;
    const wf_filter *unit;
    if (cli_costs_filter(CMD, &costs, argv[first], legend, g, &filter,
                         &unit) != 0) {
        wf_grid_destroy(g);
        return CLI_EXIT_USAGE;
    }
    for (long i = 0; i < n; i++)
        if (!wf_grid_contains(g, src[i].cell.x, src[i].cell.y)) {
            cli_error(CMD, "--sources: %d,%d is outside the %d x %d map",
                      src[i].cell.x, src[i].cell.y, wf_grid_width(g),
                      wf_grid_height(g));
            wf_grid_destroy(g);
            return CLI_EXIT_INPUT;
        }
    for (long i = 0; i < n; i++)
        if (cli_check_fits(CMD, "--sources", g, src[i].cell, o.move) != 0) {
            wf_grid_destroy(g);
            return CLI_EXIT_INPUT;
        }
    size_t cells = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    float *f = malloc(cells * sizeof *f), *tmp = flee ? malloc(cells * sizeof *tmp) : NULL;
    wf_search *ws = NULL;
    wf_status st = f && (!flee || tmp) ? wf_search_create(NULL, &ws) : WF_E_NOMEM;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (st == WF_OK)
        st = wf_field_dijkstra_grid(ws, g, src, (size_t)n, o.move, unit, flee ? tmp : f);
    if (st == WF_OK && flee)
        st = wf_field_flee_grid(ws, g, (wf_layer){tmp, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)}, flee, o.move, unit, f);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (st != WF_OK) {
        code = cli_fail(st, NULL);
    } else {
        double lo = INFINITY, hi = -INFINITY;
        size_t reached = 0;
        for (size_t i = 0; i < cells; i++)
            if (isfinite(f[i])) {
                lo = fmin(lo, f[i]);
                hi = fmax(hi, f[i]);
                reached++;
            }
        double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
                    (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
        if (png) {
            wf_png_opts po = wf_png_opts_default();
            wf_point marks[MAX_SOURCES];
            for (long i = 0; i < n; i++)
                marks[i] = src[i].cell;
            po.field = f;
            po.legend = 1;
            po.marks = marks;
            po.mark_count = (size_t)n;
            wf_diag diag;
            memset(&diag, 0, sizeof diag);
            st = wf_render_png(png, g, &po, &diag);
            if (st != WF_OK)
                code = cli_fail(st, &diag);
            else if (!json)
                printf("wrote %s\n", png);
        } else if (!json) {
            st = wf_render_field_ascii(stdout, g, f, NULL);
            if (st != WF_OK)
                code = cli_fail(st, NULL);
        }
        if (!code && json)
            print_json(g, f, flee, reached, lo, hi, ms, png);
        else if (!code)
            printf("%s map: %zu of %zu cells reached, values %.3f to %.3f, "
                   "%.2f ms (%.1f M cells/s)\n",
                   flee ? "flee" : "distance", reached, cells,
                   reached ? lo : 0.0, reached ? hi : 0.0, ms,
                   ms > 0 ? (double)cells / ms / 1e3 : 0.0);
    }
    wf_search_destroy(ws);
    free(f);
    free(tmp);
    wf_grid_destroy(g);
    return code;
}
