/* wayfind mesh: a level's navigation mesh (a grid map for one unit, an
 * outlines file or a Tiled map): how long it took, what it holds, a
 * picture of it, a path on it, and the mesh saved for 'path --mesh'. */

#include "cli.h"
#include "json_out.h"

#define CMD "mesh"

static const char help[] =
    "usage: " CLI_PROG " mesh MAP|LEVEL.outlines|LEVEL.tmj [--size K]\n"
    "       [--cost T=C]... [--tile N] [--radius R] [--svg FILE]\n"
    "       [--out FILE] [--from X,Y --to X,Y]\n"
    "\n"
    "An outlines file (docs/formats.md) or a Tiled map (its walkable and\n"
    "obstacle objects, else its tile layers, and its link polylines) gives\n"
    "a level's mesh; --radius R keeps every path R from every wall.\n"
    "Builds MAP's navigation mesh for a unit (8-connected, the one-free\n"
    "corner rule): the outlines of the cells it may stand on, a constrained\n"
    "Delaunay triangulation of them, the triangles merged into convex\n"
    "polygons. Prints the time it took and what it holds. Its shortest\n"
    "paths are those of '" CLI_PROG " path MAP --any-angle mesh --corners\n"
    "one-free' (which builds it the same way).\n"
    "\n"
    "With --out, saves it for '" CLI_PROG " path --mesh FILE', which then\n"
    "answers without building it (with or without MAP), and for '" CLI_PROG "\n"
    "render --mesh FILE'. The file holds a digest of MAP's terrain and\n"
    "costs, and the unit's size: it is refused for another map or MAP once\n"
    "edited, and checked whole when read. A Tiled map's links are saved\n"
    "with the mesh.\n"
    "\n"
    "  --size K               the unit's side in cells (default 1): a\n"
    "                         cell is walkable where its K x K square fits\n"
    CLI_COST_HELP
    "                         (the terrains it may enter must then all\n"
    "                         cost the same: a mesh prices by length)\n"
    "  --tile N               build the mesh in tiles, as an editable world\n"
    "                         would: N x N cells for a grid (4 and up), N\n"
    "                         world units a side for an outline level\n"
    "  --radius R             an outline level's unit radius (world units)\n"
    "  --from X,Y --to X,Y    also find the shortest path between two points\n"
    "                         (world units; links taken are listed)\n"
    "  --svg FILE             a picture of the map with the mesh over it (an\n"
    "                         outline level: the mesh, its links and the\n"
    "                         --from/--to path)\n"
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

/* A picture of an outline level's mesh (SVG, or PNG when png), with the
 * path between from and to when they are given and found. */
typedef struct level_picture {
    const wf_mesh *m;
    const char *from, *to;
} level_picture;

static wf_status write_level_svg(void *ud, FILE *f, wf_diag *diag) {
    const level_picture *lp = ud;
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
    wf_polyline line;
    wf_polyline_init(&line, NULL);
    wf_mesh_query *q = NULL;
    wf_vec2 ends[2];
    if (lp->from && !cli_parse_vec(CMD, "from", lp->from, &ends[0]) &&
        !cli_parse_vec(CMD, "to", lp->to, &ends[1]) &&
        wf_mesh_query_create(NULL, &q) == WF_OK &&
        wf_mesh_path(q, lp->m, ends[0], ends[1], &line) == WF_OK) {
        o.polylines = &line;
        o.polyline_count = 1;
        o.marks = ends;
        o.mark_count = 2;
    }
    const wf_status st = wf_render_mesh_svg(f, lp->m, &o, diag);
    wf_mesh_query_destroy(q);
    wf_polyline_free(&line);
    return st;
}

/* --from/--to: the path on m, as 'path --any-angle' prints it. */
static int mesh_path(const wf_mesh *m, const char *from, const char *to,
                     int json) {
    wf_vec2 a, b;
    if (cli_parse_vec(CMD, "from", from, &a) || cli_parse_vec(CMD, "to", to, &b))
        return CLI_EXIT_USAGE;
    wf_mesh_query *q = NULL;
    wf_polyline line;
    wf_polyline_init(&line, NULL);
    wf_status st = wf_mesh_query_create(NULL, &q);
    if (st == WF_OK)
        st = wf_mesh_path(q, m, a, b, &line);
    int code = st < 0 ? (cli_error(CMD, "%s", q ? wf_mesh_query_message(q)
                                                : wf_strerror(st)),
                         cli_exit_code(st))
                      : 0;
    if (!code && json) {
        wf_json_write_polyline(stdout, st, &line);
    } else if (!code) {
        printf("%s from %g,%g to %g,%g%s%s\n",
               st == WF_OK ? "path found" : "no path", a.x, a.y, b.x, b.y,
               st == WF_OK ? "" : ": ", st == WF_OK ? "" : wf_mesh_query_message(q));
        size_t ids[64], at[64];
        const size_t n = wf_mesh_path_links(q, ids, at, 64);
        for (size_t i = 0; i < n && i < 64; i++)
            printf("link %zu taken from point %zu\n", ids[i], at[i]);
        cli_print_polyline_figures(&line);
        if (line.count)
            cli_print_polyline(&line);
    }
    if (!code && st == WF_NO_PATH)
        code = CLI_EXIT_NO_PATH;
    wf_polyline_free(&line);
    wf_mesh_query_destroy(q);
    return code;
}

/* A grid map's mesh; 0 or an exit code. */
static int grid_mesh(const cli_mesh_input *in, const char *legend,
                     const cli_costs *costs, wf_search_opts *o, wf_mesh **m,
                     wf_grid **g) {
    wf_filter filter;
    int code = cli_load_map(in->path, legend, g, NULL);
    if (code)
        return code;
    if (cli_costs_filter(CMD, costs, in->path, legend, *g, &filter,
                         &o->filter))
        return CLI_EXIT_USAGE;
    o->move.connect = 8;
    o->move.corners = WF_CORNERS_ONE_FREE;
    const wf_mesh_opts mo = {.tile = (unsigned)in->tile};
    wf_diag d = {0};
    const wf_status st = wf_mesh_from_grid(*g, &o->move, o->filter, &mo, NULL,
                                           m, &d);
    if (st == WF_OK)
        return 0;
    cli_error(CMD, "%s: %s", in->path, d.message);
    return cli_exit_code(st);
}

int cli_mesh(int argc, char **argv) {
    const char *legend = NULL, *svg = NULL, *out = NULL, *from = NULL,
               *to = NULL;
    int json = 0;
    cli_mesh_input in = {NULL, 0, 0, 1, 0};
    wf_search_opts o = wf_search_opts_default();
    cli_costs costs;
    costs.n = 0;
    const cli_option opts[] = {
        CLI_OPTION("svg", CLI_STRING, &svg),
        CLI_OPTION("out", CLI_STRING, &out),
        CLI_OPTION("from", CLI_STRING, &from),
        CLI_OPTION("to", CLI_STRING, &to),
        CLI_OPTION("legend", CLI_STRING, &legend),
        CLI_OPTION("format", CLI_FORMAT, &json),
        CLI_OPTION_INT("tile", &in.tile, 4, 1 << 20),
        CLI_OPTION_DOUBLE("radius", &in.radius, 0, 1e300),
        CLI_OPTION_SEARCH("size", &o, CLI_OPT_SIZE),
        CLI_OPTION("cost", CLI_COST, &costs),
        CLI_OPTION_HELP(help), CLI_OPTION_END};
    int code;
    const int first = cli_parse_options(CMD, argc, argv, opts, &code);
    if (first < 0)
        return code;
    if (cli_map_operand(CMD, argc, argv, first, &in.path) != 0)
        return CLI_EXIT_USAGE;
    if (!from != !to)
        return cli_usage_error(CMD, "--from and --to go together");
    in.size = o.move.size;
    in.costs = costs.n > 0;
    wf_grid *g = NULL;
    wf_mesh *m = NULL;
    const double t0 = cli_now_ms();
    code = cli_mesh_build(CMD, &in, &m, &g);
    if (code < 0)
        code = grid_mesh(&in, legend, &costs, &o, &m, &g);
    const double ms = cli_now_ms() - t0;
    if (!code) {
        wf_mesh_info info;
        wf_mesh_describe(m, &info);
        wf_grid_svg_opts so = wf_grid_svg_opts_default();
        so.mesh = m;
        mesh_out mo = {m, 0};
        level_picture lp = {m, from, to};
        if (svg && !g)
            code = cli_write_file(svg, write_level_svg, &lp);
        else if (svg)
            code = cli_write_grid_svg(svg, g, &so);
        if (!code && out)
            code = cli_write_file(out, write_mesh, &mo);
        if (!code && !(from && json))
            report(in.path, &info, ms, out, &mo, json);
        if (!code && from)
            code = mesh_path(m, from, to, json);
    }
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
    return code;
}
