/* wayfind render: a picture of a map, as PNG, SVG or text; or of a saved
 * navigation mesh (render_mesh.c). */
#include <string.h>

#include "cli.h"
#include "json_out.h"

#define CMD "render"

static const char help[] =
    "usage: " CLI_PROG " render MAP [--png FILE] [--svg FILE] [--scale N]\n"
    "       [--legend FILE]\n"
    "       " CLI_PROG " render --mesh FILE [MAP] [--png FILE] [--svg FILE]\n"
    "       [--pixels N] [--y-up] [--from X,Y --to X,Y]\n"
    "\n"
    "Draws MAP (Moving AI .map, ASCII map, or CSV map with its legend): with\n"
    "--png or --svg a picture in the terrain colours, otherwise the map as\n"
    "text (its start and goal marks shown as S and G).\n"
    "\n"
    "With --mesh, draws the navigation mesh saved in FILE ('" CLI_PROG " mesh\n"
    "--out'): its polygons, its boundary and its off-mesh links; with\n"
    "--from and --to also the shortest path between them (world units) and\n"
    "the polygons it crosses. A MAP given too is checked against the file.\n"
    "Without --png or --svg it prints what the mesh holds.\n"
    "\n"
    "  --png FILE        write a PNG picture to FILE (replaced whole or not\n"
    "                    at all)\n"
    "  --svg FILE        write an SVG picture to FILE (replaced whole or not\n"
    "                    at all)\n"
    "  --scale N         pixels per cell, 1..64 (default: about 1024 pixels\n"
    "                    on the longer side for PNG, 800 for SVG)\n"
    "  --legend FILE     legend of a CSV map (default: MAP with .legend)\n"
    "  --mesh FILE       draw the mesh saved in FILE instead of a map\n"
    "  --pixels N        the mesh picture's longer side, 32..4096 (default\n"
    "                    800)\n"
    "  --y-up            draw the mesh with y growing upwards (default: down,\n"
    "                    as a map's rows and Tiled's units go)\n"
    "  --from X,Y --to X,Y  the path on the mesh to draw, with its corridor\n"
    "  --format text|json  json: one object with the map's size, marks,\n"
    "                    the files written and the text rows (a mesh: its\n"
    "                    figures, the files and the path)\n"
    "  --help            this text\n"
    "\n"
    "Exit status: 0 ok, 1 no path (--mesh with --from/--to), 2 usage, 3 bad\n"
    "input, 4 I/O error.\n";

/* render --mesh: the options that go with it, then the picture. */
static int render_mesh(cli_mesh_picture *p, int argc, char **argv,
                       int first, long scale) {
    if (scale)
        return cli_usage_error(CMD, "--scale is pixels per cell of a map; "
                                    "a mesh picture takes --pixels N");
    if (!p->from != !p->to)
        return cli_usage_error(CMD, "--from and --to go together");
    if (first < argc - 1)
        return cli_usage_error(CMD, "expected at most one MAP with --mesh");
    p->map = first < argc ? argv[first] : NULL;
    return cli_render_mesh(CMD, p);
}

int cli_render(int argc, char **argv) {
    const char *png = NULL, *svg = NULL, *legend = NULL;
    long scale = 0;
    int json = 0;
    cli_mesh_picture mp;
    memset(&mp, 0, sizeof mp);
    const cli_option opts[] = {
        CLI_OPTION("format", CLI_FORMAT, &json),
        CLI_OPTION("png", CLI_PNG, &png),
        CLI_OPTION("svg", CLI_STRING, &svg),
        CLI_OPTION_INT("scale", &scale, 1, WF_PNG_MAX_SCALE),
        CLI_OPTION("legend", CLI_STRING, &legend),
        CLI_OPTION("mesh", CLI_STRING, &mp.mesh),
        CLI_OPTION_INT("pixels", &mp.pixels, WF_MESH_PICTURE_MIN_SIZE,
                       WF_MESH_PICTURE_MAX_SIZE),
        CLI_OPTION("y-up", CLI_FLAG, &mp.y_up),
        CLI_OPTION("from", CLI_STRING, &mp.from),
        CLI_OPTION("to", CLI_STRING, &mp.to),
        CLI_OPTION_HELP(help),
        CLI_OPTION_END};
    int code;
    int first = cli_parse_options(CMD, argc, argv, opts, &code);
    if (first < 0)
        return code;
    if (mp.mesh) {
        mp = (cli_mesh_picture){mp.mesh, NULL,  legend,     svg,     png,
                                mp.from, mp.to, mp.pixels, mp.y_up, json};
        return render_mesh(&mp, argc, argv, first, scale);
    }
    if (mp.pixels || mp.y_up || mp.from || mp.to)
        return cli_usage_error(CMD, "--pixels, --y-up, --from and --to are "
                                    "for a mesh picture (--mesh FILE)");
    if (first != argc - 1)
        return cli_usage_error(CMD, "expected one MAP file");
    wf_grid *g = NULL;
    wf_map_marks marks;
    code = cli_load_map(argv[first], legend, &g, &marks);
    if (code)
        return code;
    wf_status st = WF_OK;
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_point pts[2];
    size_t n = 0;
    if (marks.has_start)
        pts[n++] = marks.start;
    if (marks.has_goal)
        pts[n++] = marks.goal;
    if (svg) {
        wf_grid_svg_opts so = wf_grid_svg_opts_default();
        so.cell = (double)scale;
        so.marks = pts;
        so.mark_count = n;
        code = cli_write_grid_svg(svg, g, &so);
        if (code) {
            wf_grid_destroy(g);
            return code;
        }
        if (!json)
            printf("wrote %s (%d x %d cells)\n", svg, wf_grid_width(g),
                   wf_grid_height(g));
    }
    if (png) {
        wf_png_opts po = wf_png_opts_default();
        po.scale = (int)scale;
        po.marks = pts;
        po.mark_count = n;
        st = wf_render_png(png, g, &po, &diag);
        if (st == WF_OK && !json)
            printf("wrote %s (%d x %d cells)\n", png, wf_grid_width(g),
                   wf_grid_height(g));
    }
    wf_ascii_opts ao;
    memset(&ao, 0, sizeof ao);
    ao.has_start = marks.has_start;
    ao.start = marks.start;
    ao.has_goal = marks.has_goal;
    ao.goal = marks.goal;
    if (st == WF_OK && json) {
        fputs("{\"map\":", stdout);
        cli_json_str(argv[first]);
        printf(",\"width\":%d,\"height\":%d,\"start\":", wf_grid_width(g),
               wf_grid_height(g));
        cli_json_point(marks.has_start ? &marks.start : NULL);
        fputs(",\"goal\":", stdout);
        cli_json_point(marks.has_goal ? &marks.goal : NULL);
        fputs(",\"png\":", stdout);
        cli_json_str(png);
        fputs(",\"svg\":", stdout);
        cli_json_str(svg);
        putchar(',');
        if (cli_json_rows(g, &ao) != 0)
            st = WF_E_NOMEM;
        puts("}");
    } else if (st == WF_OK && !png && !svg) {
        st = wf_render_ascii(stdout, g, &ao);
    }
    code = st == WF_OK ? CLI_EXIT_OK : cli_fail(st, &diag);
    wf_grid_destroy(g);
    return code;
}
