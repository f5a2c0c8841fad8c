/* wayfind graph: one query on a waypoint graph file. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define CMD "graph"

static const char help[] =
    "usage: " CLI_PROG " graph FILE --from A --to B [options]\n"
    "\n"
    "Finds a least-cost path between nodes A and B (names from the file's\n"
    "node lines) of a graph file:\n"
    "  node ID [X Y [Z]]   edge A B WEIGHT   arc A B WEIGHT (one-way)\n"
    "and prints its cost, statistics and nodes. The default heuristic is the\n"
    "straight-line distance scaled to stay admissible (zero without\n"
    "positions).\n"
    "\n"
    "  --from A / --to B      start and goal node names\n"
    "  --algo A               astar (default) or dijkstra\n"
    "  --heuristic H          default, euclidean or zero\n"
    "  --weight W             weighted A*: cost <= W x optimal\n"
    "  --max-expansions N     stop after N expansions with a partial path\n"
    "  --format text|json     output format (default text)\n"
    "  --svg FILE             also draw the graph and the path as SVG (FILE\n"
    "                         is replaced whole or not at all)\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 path found, 1 no path, 2 usage, 3 bad input, 4 I/O.\n";

static int find_node(const wf_names *n, const char *what,
                     const char *name, uint32_t *id) {
    if (wf_names_find(n, name, strlen(name), id) != WF_OK) {
        cli_error(CMD, "--%s: no node named '%s' in the graph", what, name);
        return -1;
    }
    return 0;
}

static void print_text(const wf_names *n, wf_status st,
                       const wf_node_path *p, const char *from,
                       const char *to) {
    printf("%s from %s to %s\n",
           st == WF_OK ? "path found"
           : st == WF_PARTIAL ? "partial path (expansion limit)"
                              : "no path",
           from, to);
    if (p->count)
        printf("cost: %.6f\nlength: %zu nodes\n", p->cost, p->count);
    printf("expanded: %" PRIu64 "  generated: %" PRIu64
           "  heap operations: %" PRIu64 "\n",
           p->stats.expanded, p->stats.generated, p->stats.heap_ops);
    if (p->count) {
        fputs("path:", stdout);
        for (size_t i = 0; i < p->count; i++)
            printf(" %s", wf_names_get(n, p->nodes[i]));
        putchar('\n');
    }
}

static int print_json(const wf_names *n, wf_status st,
                      const wf_node_path *p) {
    char name[32];
    const char *s = wf_status_name(st);
    size_t i = 0;
    for (; s[i] && i + 1 < sizeof name; i++)
        name[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    name[i] = '\0';
    printf("{\"status\":\"%s\",\"cost\":%.17g,\"length\":%zu,\"expanded\":%" PRIu64
           ",\"generated\":%" PRIu64 ",\"heap_ops\":%" PRIu64 ",\"path\":[",
           name, p->cost, p->count, p->stats.expanded, p->stats.generated,
           p->stats.heap_ops);
    for (size_t k = 0; k < p->count; k++)
        printf("%s\"%s\"", k ? "," : "", wf_names_get(n, p->nodes[k]));
    puts("]}");
    return fflush(stdout) == 0 ? 0 : CLI_EXIT_IO;
}

/* The picture and what it draws, for wf_file_write. */
typedef struct svg_out {
    const wf_graph *g;
    const wf_graph_svg_opts *o;
} svg_out;

static wf_status write_svg_to(void *ud, FILE *f, wf_diag *diag) {
    const svg_out *s = ud;
    (void)diag;
    return wf_render_graph_svg(f, s->g, s->o);
}

static int write_svg(const char *path, const wf_graph *g,
                     const wf_names *n, const wf_node_path *p) {
    if (wf_graph_dims(g) < 2) {
        cli_error(CMD, "--svg: the graph has no node positions to draw");
        return CLI_EXIT_INPUT;
    }
    size_t count = wf_graph_node_count(g);
    const char **labels = malloc((count ? count : 1) * sizeof *labels);
    if (!labels)
        return cli_fail(WF_E_NOMEM, NULL);
    for (uint32_t u = 0; u < count; u++)
        labels[u] = wf_names_get(n, u);
    wf_graph_svg_opts o;
    memset(&o, 0, sizeof o);
    o.path = p;
    o.labels = labels;
    svg_out s = {g, &o};
    int code = cli_write_file(path, write_svg_to, &s);
    free(labels);
    return code;
}

/* --connect and --corners: a usage error on a graph. */
static int grid_only(const char *cmd, const cli_option *row,
                     const char *arg) {
    (void)arg;
    cli_usage_error(cmd, "'--%s' is for grids, not graphs", row->name);
    return -1;
}

int cli_graph(int argc, char **argv) {
    const char *from = NULL, *to = NULL, *svg = NULL;
    int json = 0;
    wf_search_opts o = wf_search_opts_default();
    const cli_option opts[] = {
        CLI_OPTION("from", CLI_STRING, &from),
        CLI_OPTION("to", CLI_STRING, &to),
        CLI_OPTION("format", CLI_FORMAT, &json),
        CLI_OPTION("svg", CLI_STRING, &svg),
        CLI_OPTION_HELP(help),
        CLI_OPTION_CUSTOM("connect", NULL, grid_only),
        CLI_OPTION_CUSTOM("corners", NULL, grid_only),
        CLI_OPTION_SEARCH("heuristic", &o, CLI_OPT_HEURISTIC),
        CLI_OPTION_SEARCH("weight", &o, CLI_OPT_WEIGHT),
        CLI_OPTION_SEARCH("algo", &o, CLI_OPT_ALGO),
        CLI_OPTION_SEARCH("max-expansions", &o, CLI_OPT_MAX_EXPANSIONS),
        CLI_OPTION_SEARCH("nearest", &o, CLI_OPT_NEAREST),
        CLI_OPTION_END};
    int code;
    int first = cli_parse_options(CMD, argc, argv, opts, &code);
    if (first < 0)
        return code;
    if (first != argc - 1)
        return cli_usage_error(CMD, "expected one graph FILE");
    if (!from || !to)
        return cli_usage_error(CMD, "--from and --to are required");
    if (o.heuristic != WF_H_DEFAULT && o.heuristic != WF_H_EUCLIDEAN &&
        o.heuristic != WF_H_ZERO)
        return cli_usage_error(CMD, "--heuristic: graphs take default, "
                                    "euclidean or zero");
    wf_graph *g = NULL;
    wf_names *names = NULL;
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_status st = wf_graph_file_read(argv[first], NULL, &g, &names, &diag);
    if (st != WF_OK)
        return cli_fail(st, &diag);
    uint32_t a, b;
    code = CLI_EXIT_INPUT;
    if (find_node(names, "from", from, &a) == 0 &&
        find_node(names, "to", to, &b) == 0) {
        wf_search *ws = NULL;
        wf_node_path p;
        wf_node_path_init(&p, NULL);
        st = wf_search_create(NULL, &ws);
        if (st == WF_OK)
            st = wf_search_graph(ws, g, a, b, &o, &p);
        if (st == WF_E_INVALID_ARG) {
            code = cli_usage_error(CMD, "--heuristic euclidean: the graph "
                                        "has no node positions");
        } else if (st < 0) {
            code = cli_fail(st, NULL);
        } else {
            code = st == WF_OK ? CLI_EXIT_OK : CLI_EXIT_NO_PATH;
            if (json) {
                int c2 = print_json(names, st, &p);
                if (c2)
                    code = c2;
            } else {
                print_text(names, st, &p, from, to);
            }
            if (svg) {
                int c2 = write_svg(svg, g, names, &p);
                if (c2)
                    code = c2;
            }
        }
        wf_node_path_free(&p);
        wf_search_destroy(ws);
    }
    wf_names_destroy(names);
    wf_graph_destroy(g);
    return code;
}
