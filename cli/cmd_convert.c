/* wayfind convert: a grid map as a waypoint graph file (or JSON). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

#define CMD "convert"

static const char help[] =
    "usage: " CLI_PROG " convert MAP --to graph [--out FILE] [options]\n"
    "\n"
    "Writes the graph of MAP's moves: a node\n"
    "per passable cell, named X_Y, at the cell's centre in world units; an\n"
    "arc per allowed move, weighted step x cost of the cell entered.\n"
    "\n"
    "  --to graph             the output kind (the only one so far)\n"
    "  --out FILE             write there instead of stdout (replaced whole\n"
    "                         or not at all)\n"
    "  --format text|json     graph file (default) or JSON\n"
    "  --connect 4|8          movement (default 8)\n"
    "  --corners RULE         no-cut (default), always, one-free\n"
    "  --tile S               tile size in world units (default 1)\n"
    "  --legend FILE          legend of a CSV map\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 ok, 2 usage, 3 bad input, 4 I/O error.\n";

/* Node names X_Y for the graph of a grid. */
static wf_status cell_names(const wf_graph *g, wf_names **out) {
    wf_status st = wf_names_create(NULL, out);
    for (uint32_t u = 0; st == WF_OK && u < wf_graph_node_count(g); u++) {
        wf_point c;
        char buf[32];
        wf_graph_node_cell(g, u, &c);
        int n = snprintf(buf, sizeof buf, "%d_%d", c.x, c.y);
        st = wf_names_add(*out, buf, (size_t)n, NULL);
    }
    return st;
}

/* The graph and how to write it, for wf_file_write. */
typedef struct graph_out {
    const wf_graph *g;
    const wf_names *names;
    int json;
} graph_out;

static wf_status write_graph(void *ud, FILE *f, wf_diag *diag) {
    const graph_out *o = ud;
    (void)diag;
    return o->json ? wf_json_write_graph(f, o->g, o->names)
                   : wf_graph_file_write(f, o->g, o->names);
}

int cli_convert(int argc, char **argv) {
    const char *kind = NULL, *out = NULL, *legend = NULL;
    int json = 0;
    double tile = 1.0;
    wf_search_opts o = wf_search_opts_default();
    const cli_option opts[] = {
        CLI_OPTION("to", CLI_STRING, &kind),
        CLI_OPTION("out", CLI_STRING, &out),
        CLI_OPTION("format", CLI_FORMAT, &json),
        CLI_OPTION_DOUBLE("tile", &tile, 1e-9, 1e12),
        CLI_OPTION("legend", CLI_STRING, &legend),
        CLI_OPTION_SEARCH("connect", &o, CLI_OPT_CONNECT),
        CLI_OPTION_SEARCH("corners", &o, CLI_OPT_CORNERS),
        CLI_OPTION_HELP(help),
        CLI_OPTION_END};
    int code;
    int first = cli_parse_options(CMD, argc, argv, opts, &code);
    if (first < 0)
        return code;
    if (first != argc - 1)
        return cli_usage_error(CMD, "expected one MAP file");
    if (!kind || strcmp(kind, "graph") != 0)
        return cli_usage_error(CMD, "--to: expected 'graph'");
    wf_grid *grid = NULL;
    code = cli_load_map(argv[first], legend, &grid, NULL);
    if (code)
        return code;
    wf_graph *g = NULL;
    wf_names *names = NULL;
    wf_status st = wf_graph_from_grid(grid, o.move, NULL, tile, NULL, &g);
    if (st == WF_OK)
        st = cell_names(g, &names);
    graph_out go = {g, names, json};
    if (st != WF_OK) {
        code = cli_fail(st, NULL);
    } else if (!out) {
        if (write_graph(&go, stdout, NULL) != WF_OK)
            code = CLI_EXIT_IO; /* main reports a failed stdout */
    } else {
        code = cli_write_file(out, write_graph, &go);
        if (!code)
            printf("wrote %s: %zu nodes, %zu arcs\n", out,
                   wf_graph_node_count(g), wf_graph_edge_count(g));
    }
    wf_names_destroy(names);
    wf_graph_destroy(g);
    wf_grid_destroy(grid);
    return code;
}
