/* wayfind mesh: a map's navigation mesh for one unit: how long it took,
 * what it holds, a picture of it, and the mesh saved for 'path --mesh'. */

#include "cli.h"
#include "json_out.h"

#define CMD "mesh"

static const char help[] =
    "usage: " CLI_PROG " mesh MAP [--size K] [--cost T=C]... [--svg FILE]\n"
    "       [--out FILE]\n"
    "\n"
    "Builds MAP's navigation mesh for a unit (8-connected, the one-free\n"
    "corner rule): the outlines of the cells it may stand on, a constrained\n"
    "Delaunay triangulation of them, the triangles merged into convex\n"
    "polygons. Prints the time it took and what it holds. Its shortest\n"
    "paths are those of '" CLI_PROG " path MAP --any-angle mesh --corners\n"
    "one-free' (which builds it the same way).\n"
    "\n"
    "With --out, saves it for '" CLI_PROG " path --mesh FILE', which then\n"
    "answers without building it (with or without MAP). The file holds a\n"
    "digest of MAP's terrain and costs, and the unit's size: it is refused\n"
    "for another map or MAP once edited, and checked whole when read.\n"
    "\n"
    "  --size K               the unit's side in cells (default 1): a\n"
    "                         cell is walkable where its K x K square fits\n"
    CLI_COST_HELP
    "                         (the terrains it may enter must then all\n"
    "                         cost the same: a mesh prices by length)\n"
    "  --svg FILE             a picture of the map with the mesh over it\n"
    "  --out FILE             save the mesh to FILE (replaced whole or not\n"
    "                         at all)\n"
    "  --legend FILE          legend of a CSV map (default: MAP with "
    ".legend)\n"
    "  --format text|json     json: one object with the figures\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 ok, 2 usage, 3 bad input, 4 I/O error.\n";

/* The mesh file for wf_file_write, and how long it came out. */
typedef struct mesh_out {
    const wf_mesh *m;
    long bytes;
} mesh_out;

static wf_status write_mesh(void *ud, FILE *f, wf_diag *diag) {
    mesh_out *o = ud;
    (void)diag;
    const wf_status st = wf_mesh_write(f, o->m);
    o->bytes = ftell(f);
    return st;
}

/* The figures, and the file written (out, NULL: none, of o->bytes). */
static void report(const char *map, const wf_mesh_info *i, double ms,
                   const char *out, const mesh_out *o, int json) {
    if (json) {
        fputs("{\"map\":", stdout);
        cli_json_str(map);
        printf(",\"ms\":%.3f,\"polygons\":%zu,\"triangles\":%zu,"
               "\"vertices\":%zu,\"pieces\":%zu,\"bytes\":%zu",
               ms, i->polygons, i->triangles, i->vertices, i->pieces,
               i->bytes);
        if (out) {
            fputs(",\"out\":", stdout);
            cli_json_str(out);
            printf(",\"file_bytes\":%ld", o->bytes);
        }
        puts("}");
        return;
    }
    printf("mesh of %s in %.2f ms: %zu polygons (from %zu triangles), %zu "
           "corners, %zu pieces, %zu bytes\n",
           map, ms, i->polygons, i->triangles, i->vertices, i->pieces,
           i->bytes);
    if (out)
        printf("wrote %s: %ld bytes\n", out, o->bytes);
}

int cli_mesh(int argc, char **argv) {
    const char *legend = NULL, *map = NULL, *svg = NULL, *out = NULL;
    int json = 0;
    wf_search_opts o = wf_search_opts_default();
    cli_costs costs;
    costs.n = 0;
    wf_filter filter;
    const cli_option opts[] = {
        CLI_OPTION("svg", CLI_STRING, &svg),
        CLI_OPTION("out", CLI_STRING, &out),
        CLI_OPTION("legend", CLI_STRING, &legend),
        CLI_OPTION("format", CLI_FORMAT, &json),
        CLI_OPTION_SEARCH("size", &o, CLI_OPT_SIZE),
        CLI_OPTION("cost", CLI_COST, &costs),
        CLI_OPTION_HELP(help), CLI_OPTION_END};
    int code;
    const int first = cli_parse_options(CMD, argc, argv, opts, &code);
    if (first < 0)
        return code;
    if (cli_map_operand(CMD, argc, argv, first, &map) != 0)
        return CLI_EXIT_USAGE;
    wf_grid *g = NULL;
    if ((code = cli_load_map(map, legend, &g, NULL)) != 0)
        return code;
    if (cli_costs_filter(CMD, &costs, map, legend, g, &filter, &o.filter)) {
        wf_grid_destroy(g);
        return CLI_EXIT_USAGE;
    }
    o.move.connect = 8;
    o.move.corners = WF_CORNERS_ONE_FREE;
    wf_mesh *m = NULL;
    wf_diag d = {0};
    const double t0 = cli_now_ms();
    const wf_status st = wf_mesh_from_grid(g, &o.move, o.filter, NULL, NULL, &m, &d);
    const double ms = cli_now_ms() - t0;
    if (st != WF_OK) {
        cli_error(CMD, "%s: %s", map, d.message);
        code = cli_exit_code(st);
    } else {
        wf_mesh_info info;
        wf_mesh_describe(m, &info);
        wf_grid_svg_opts so = wf_grid_svg_opts_default();
        so.mesh = m;
        mesh_out mo = {m, 0};
        if (svg)
            code = cli_write_grid_svg(svg, g, &so);
        if (!code && out)
            code = cli_write_file(out, write_mesh, &mo);
        if (!code)
            report(map, &info, ms, out, &mo, json);
    }
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
    return code;
}
