/* wayfind render: a picture of a map, as PNG or text. */
#include <getopt.h>
#include <string.h>

#include "cli.h"

#define CMD "render"

static const char help[] =
    "usage: " CLI_PROG " render MAP [--png FILE] [--scale N] [--legend FILE]\n"
    "\n"
    "Draws MAP (Moving AI .map, ASCII map, or CSV map with its legend): with\n"
    "--png a picture in the terrain colours, otherwise the map as text\n"
    "(its start and goal marks shown as S and G).\n"
    "\n"
    "  --png FILE        write a PNG picture to FILE\n"
    "  --scale N         pixels per cell, 1..64 (default: about 1024 pixels\n"
    "                    on the longer side)\n"
    "  --legend FILE     legend of a CSV map (default: MAP with .legend)\n"
    "  --help            this text\n"
    "\n"
    "Exit status: 0 ok, 2 usage, 3 bad input, 4 I/O error.\n";

enum { OPT_PNG = 1, OPT_SCALE, OPT_HELP };

int cli_render(int argc, char **argv) {
    static const struct option longopts[] = {
        {"png", required_argument, NULL, OPT_PNG},
        {"scale", required_argument, NULL, OPT_SCALE},
        {"legend", required_argument, NULL, CLI_OPT_LEGEND},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0}};
    const char *png = NULL, *legend = NULL;
    long scale = 0;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_PNG:
            if (cli_need_png(CMD) != 0)
                return CLI_EXIT_USAGE;
            png = optarg;
            break;
        case OPT_SCALE:
            if (cli_parse_int(CMD, "scale", optarg, 1, WF_PNG_MAX_SCALE,
                              &scale) != 0)
                return CLI_EXIT_USAGE;
            break;
        case CLI_OPT_LEGEND: legend = optarg; break;
        case OPT_HELP: return cli_help(help);
        default:
            return cli_bad_option(CMD, c, argv);
        }
    }
    if (optind != argc - 1)
        return cli_usage_error(CMD, "expected one MAP file");
    wf_grid *g = NULL;
    wf_map_marks marks;
    int code = cli_load_map(argv[optind], legend, &g, &marks);
    if (code)
        return code;
    wf_status st;
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_point pts[2];
    size_t n = 0;
    if (marks.has_start)
        pts[n++] = marks.start;
    if (marks.has_goal)
        pts[n++] = marks.goal;
    if (png) {
        wf_png_opts po = wf_png_opts_default();
        po.scale = (int)scale;
        po.marks = pts;
        po.mark_count = n;
        st = wf_render_png(png, g, &po, &diag);
        if (st == WF_OK)
            printf("wrote %s (%d x %d cells)\n", png, wf_grid_width(g),
                   wf_grid_height(g));
    } else {
        wf_ascii_opts ao;
        memset(&ao, 0, sizeof ao);
        ao.has_start = marks.has_start;
        ao.start = marks.start;
        ao.has_goal = marks.has_goal;
        ao.goal = marks.goal;
        st = wf_render_ascii(stdout, g, &ao);
    }
    code = st == WF_OK ? CLI_EXIT_OK : cli_fail(st, &diag);
    wf_grid_destroy(g);
    return code;
}
