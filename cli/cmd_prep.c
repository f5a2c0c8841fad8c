/* wayfind prep: a map's jump table (JPS+), saved for --prep, or its
 * contraction hierarchy for one unit, saved for --hierarchy. */
#include <string.h>

#include "cli.h"
#include "json_out.h"

#define CMD "prep"

static const char help[] =
    "usage: " CLI_PROG " prep MAP --out FILE [--hierarchy [unit options]]\n"
    "\n"
    "Computes MAP's jump table, the jumps of Jump Point Search from every\n"
    "cell in each of the 8 directions (JPS+: 8-connected, no corner\n"
    "cutting, agents of size 1), and writes it to FILE, for --prep FILE on\n"
    "'" CLI_PROG " path' and '" CLI_PROG " scen'. Prints the time it took\n"
    "and its size. The file holds a digest of MAP's passability: it is\n"
    "refused for any other map (or MAP once edited), and every entry is\n"
    "checked against the map when it is read.\n"
    "\n"
    "With --hierarchy, computes MAP's contraction hierarchy instead, for a\n"
    "unit moving by --connect and --corners at the costs of --cost (the\n"
    "speed-up for maps with terrain costs: seconds to build, then queries\n"
    "many times faster than A*, same costs), for --hierarchy FILE on path\n"
    "and scen with the same unit options. The file holds a digest of MAP's\n"
    "terrain and the unit's costs: it is refused for another map, MAP once\n"
    "edited, or another unit, and its arrays are checked when it is read.\n"
    "\n"
    "  --out FILE             where to write it (replaced whole or not at\n"
    "                         all)\n"
    "  --hierarchy            a contraction hierarchy, not a jump table\n"
    "  --connect 4|8          with --hierarchy: the unit's moves (default 8)\n"
    "  --corners no-cut|always|one-free\n"
    "                         with --hierarchy: its corner rule (default\n"
    "                         no-cut)\n"
    CLI_COST_HELP
    "  --legend FILE          legend of a CSV map (default: MAP with "
    ".legend)\n"
    "  --format text|json     json: one object with the map, the file, the\n"
    "                         time and the size\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 ok, 2 usage, 3 bad input, 4 I/O error.\n";

typedef struct table_out {
    const wf_jump_table *t; /* or */
    const wf_ch *ch;
    const wf_grid *g;
} table_out;

static wf_status write_table(void *ud, FILE *f, wf_diag *diag) {
    const table_out *o = ud;
    (void)diag;
    return o->ch ? wf_ch_write(f, o->ch, o->g)
                 : wf_jump_table_write(f, o->t, o->g);
}

/* The file's size in bytes, or 0 when it cannot be told. */
static double file_bytes(const char *path) {
    FILE *f = fopen(path, "rb");
    long n = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : 0;
    if (f)
        fclose(f);
    return n > 0 ? (double)n : 0.0;
}

int cli_prep(int argc, char **argv) {
    const char *out = NULL, *legend = NULL, *map = NULL;
    int json = 0, hierarchy = 0;
    wf_search_opts o = wf_search_opts_default();
    cli_costs costs;
    costs.n = 0;
    wf_filter filter;
    const cli_option opts[] = {
        CLI_OPTION("out", CLI_STRING, &out),
        CLI_OPTION("legend", CLI_STRING, &legend),
        CLI_OPTION("format", CLI_FORMAT, &json),
        CLI_OPTION("hierarchy", CLI_FLAG, &hierarchy),
        CLI_OPTION_SEARCH("connect", &o, CLI_OPT_CONNECT),
        CLI_OPTION_SEARCH("corners", &o, CLI_OPT_CORNERS),
        CLI_OPTION("cost", CLI_COST, &costs),
        CLI_OPTION_HELP(help), CLI_OPTION_END};
    int code;
    int first = cli_parse_options(CMD, argc, argv, opts, &code);
    if (first < 0)
        return code;
    if (cli_map_operand(CMD, argc, argv, first, &map) != 0)
        return CLI_EXIT_USAGE;
    if (!out)
        return cli_usage_error(CMD, "expected --out FILE");
    const wf_search_opts plain = wf_search_opts_default();
    if (!hierarchy && (costs.n || o.move.connect != plain.move.connect ||
                       o.move.corners != plain.move.corners))
        return cli_usage_error(CMD, "--connect, --corners and --cost are for "
                                    "a --hierarchy (a jump table is for "
                                    "8-connected no-cut moves of any cost)");
    wf_grid *g = NULL;
    if ((code = cli_load_map(map, legend, &g, NULL)) != 0)
        return code;
    if (cli_costs_filter(CMD, &costs, map, legend, g, &filter, &o.filter)) {
        wf_grid_destroy(g);
        return CLI_EXIT_USAGE;
    }
    wf_jump_table *t = NULL;
    wf_ch *ch = NULL;
    const double t0 = cli_now_ms();
    wf_status st = hierarchy
                       ? wf_ch_build(g, &o.move, o.filter, NULL, &ch)
                       : wf_jump_table_create(g, NULL, &t);
    const double ms = cli_now_ms() - t0;
    if (st == WF_E_TOO_BIG && hierarchy) {
        cli_error(CMD, "%s: too big for a hierarchy: the unit may stand on "
                       "more than %zu cells",
                  map, (size_t)WF_CH_MAX_NODES);
        code = cli_exit_code(st);
    } else if (st != WF_OK) {
        code = cli_fail(st, NULL);
    } else {
        table_out to = {t, ch, g};
        code = cli_write_file(out, write_table, &to);
        const double cells =
            (double)wf_grid_width(g) * (double)wf_grid_height(g);
        const double bytes = hierarchy ? file_bytes(out)
                                       : (double)wf_jump_table_bytes(t);
        const char *what = hierarchy ? "hierarchy" : "jump table";
        if (!code && json) {
            fputs("{\"map\":", stdout);
            cli_json_str(map);
            fputs(",\"out\":", stdout);
            cli_json_str(out);
            printf(",\"kind\":\"%s\",\"width\":%d,\"height\":%d,\"ms\":%.3f,"
                   "\"bytes\":%.0f,\"bytes_per_cell\":",
                   hierarchy ? "hierarchy" : "jumps", wf_grid_width(g),
                   wf_grid_height(g), ms, bytes);
            cli_json_num(bytes / cells);
            puts("}");
        } else if (!code) {
            printf("wrote %s: %s of %s (%dx%d) in %.2f ms, %.1f bytes per "
                   "cell\n",
                   out, what, map, wf_grid_width(g), wf_grid_height(g), ms,
                   bytes / cells);
        }
    }
    wf_ch_free(ch);
    wf_jump_table_destroy(t);
    wf_grid_destroy(g);
    return code;
}
