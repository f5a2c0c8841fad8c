/* wayfind prep: a map's jump table (JPS+), saved for --prep. */
#include <string.h>
#include <time.h>

#include "cli.h"
#include "json_out.h"

#define CMD "prep"

static const char help[] =
    "usage: " CLI_PROG " prep MAP --out FILE [--legend FILE]\n"
    "\n"
    "Computes MAP's jump table, the jumps of Jump Point Search from every\n"
    "cell in each of the 8 directions (JPS+: 8-connected, no corner\n"
    "cutting, agents of size 1), and writes it to FILE, for --prep FILE on\n"
    "'" CLI_PROG " path' and '" CLI_PROG " scen'. Prints the time it took\n"
    "and its size. The file holds a digest of MAP's passability: it is\n"
    "refused for any other map (or MAP once edited), and every entry is\n"
    "checked against the map when it is read.\n"
    "\n"
    "  --out FILE             where to write it (replaced whole or not at\n"
    "                         all)\n"
    "  --legend FILE          legend of a CSV map (default: MAP with "
    ".legend)\n"
    "  --format text|json     json: one object with the map, the file, the\n"
    "                         time and the size\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 ok, 2 usage, 3 bad input, 4 I/O error.\n";

typedef struct table_out {
    const wf_jump_table *t;
    const wf_grid *g;
} table_out;

static wf_status write_table(void *ud, FILE *f, wf_diag *diag) {
    const table_out *o = ud;
    (void)diag;
    return wf_jump_table_write(f, o->t, o->g);
}

static double now_ms(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int cli_prep(int argc, char **argv) {
    const char *out = NULL, *legend = NULL, *map = NULL;
    int json = 0;
    const cli_option opts[] = {CLI_OPTION("out", CLI_STRING, &out),
                               CLI_OPTION("legend", CLI_STRING, &legend),
                               CLI_OPTION("format", CLI_FORMAT, &json),
                               CLI_OPTION_HELP(help), CLI_OPTION_END};
    int code;
    int first = cli_parse_options(CMD, argc, argv, opts, &code);
    if (first < 0)
        return code;
    if (cli_map_operand(CMD, argc, argv, first, &map) != 0)
        return CLI_EXIT_USAGE;
    if (!out)
        return cli_usage_error(CMD, "expected --out FILE");
    wf_grid *g = NULL;
    if ((code = cli_load_map(map, legend, &g, NULL)) != 0)
        return code;
    wf_jump_table *t = NULL;
    const double t0 = now_ms();
    wf_status st = wf_jump_table_create(g, NULL, &t);
    const double ms = now_ms() - t0;
    if (st != WF_OK) {
        code = cli_fail(st, NULL);
    } else {
        table_out to = {t, g};
        code = cli_write_file(out, write_table, &to);
        const double cells =
            (double)wf_grid_width(g) * (double)wf_grid_height(g);
        if (!code && json) {
            fputs("{\"map\":", stdout);
            cli_json_str(map);
            fputs(",\"out\":", stdout);
            cli_json_str(out);
            printf(",\"width\":%d,\"height\":%d,\"ms\":%.3f,\"bytes\":%zu,"
                   "\"bytes_per_cell\":",
                   wf_grid_width(g), wf_grid_height(g), ms,
                   wf_jump_table_bytes(t));
            cli_json_num((double)wf_jump_table_bytes(t) / cells);
            puts("}");
        } else if (!code) {
            printf("wrote %s: jump table of %s (%dx%d) in %.2f ms, %.1f "
                   "bytes per cell\n",
                   out, map, wf_grid_width(g), wf_grid_height(g), ms,
                   (double)wf_jump_table_bytes(t) / cells);
        }
    }
    wf_jump_table_destroy(t);
    wf_grid_destroy(g);
    return code;
}
