/* Helpers every subcommand uses: messages, exit codes, option values. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <time.h>

#include "cli.h"

static void vmessage(const char *cmd, const char *fmt, va_list ap) {
    fprintf(stderr, CLI_PROG ": ");
    if (cmd)
        fprintf(stderr, "%s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void cli_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vmessage(cmd, fmt, ap);
    va_end(ap);
}

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vmessage(cmd, fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try '" CLI_PROG " %s --help'.\n", cmd ? cmd : "");
    return CLI_EXIT_USAGE;
}

int cli_exit_code(wf_status st) {
    switch (st) {
    case WF_E_IO:
    case WF_E_NOMEM:
    case WF_E_THREAD: return CLI_EXIT_IO;
    default: return CLI_EXIT_INPUT;
    }
}

int cli_fail(wf_status st, const wf_diag *diag) {
    char buf[600];
    /* a write to stdout failed: main says so, once, with the reason */
    if (st == WF_E_IO && !(diag && diag->message[0]) && ferror(stdout))
        return CLI_EXIT_IO;
    if (diag && diag->message[0])
        fprintf(stderr, CLI_PROG ": %s\n", wf_diag_format(diag, buf, sizeof buf));
    else
        fprintf(stderr, CLI_PROG ": %s\n", wf_strerror(st));
    return cli_exit_code(st);
}

int cli_fail_hierarchy(const char *file, wf_status st) {
    if (st != WF_E_CORRUPT)
        return cli_fail(st, NULL);
    fprintf(stderr, CLI_PROG ": %s is inconsistent: its shortcuts unpack "
            "into a path that passes one cell twice (make it again with "
            CLI_PROG " prep --hierarchy)\n", file);
    return CLI_EXIT_INPUT;
}

int cli_parse_format(const char *cmd, const char *s, int *json) {
    if (strcmp(s, "text") != 0 && strcmp(s, "json") != 0) {
        cli_usage_error(cmd, "--format: expected text or json, got '%s'", s);
        return -1;
    }
    *json = s[0] == 'j';
    return 0;
}

/* The algorithms of the name table, "a, b or c", from column col,
 * continuing lines at column 25 (the help texts' indent) before 79. */
static void print_algo_names(size_t col) {
    static const char *const names[] = {WF_ALGO_NAMES(CLI_NAME) NULL};
    size_t k = 0;
    while (names[k])
        k++;
    for (size_t i = 0; i < k; i++) {
        const char *sep = i == 0 ? "" : i + 1 < k ? ", " : " or ";
        /* the name, and the comma that may follow it, before column 79 */
        if (i && col + strlen(sep) + strlen(names[i]) + 1 > 79) {
            printf("%s\n%25s", i + 1 < k ? "," : " or", "");
            col = 25;
            sep = "";
        }
        col += (size_t)printf("%s%s", sep, names[i]);
    }
}

int cli_help(const char *text) {
    const char *mark;
    while ((mark = strstr(text, CLI_ALGO_LIST)) != NULL) {
        fwrite(text, 1, (size_t)(mark - text), stdout);
        const char *line = mark;
        while (line > text && line[-1] != '\n')
            line--;
        print_algo_names((size_t)(mark - line));
        text = mark + strlen(CLI_ALGO_LIST);
    }
    fputs(text, stdout);
    return CLI_EXIT_OK;
}

/* strtol over the whole of [s, end) with no sign games; 0 on success. */
static int whole_long(const char *s, const char *end, long *out) {
    if (s == end || !(*s == '-' || *s == '+' || (*s >= '0' && *s <= '9')))
        return -1;
    char *stop;
    errno = 0;
    long v = strtol(s, &stop, 10);
    if (errno || stop != end)
        return -1;
    *out = v;
    return 0;
}

int cli_parse_int(const char *cmd, const char *opt, const char *s, long lo,
                  long hi, long *out) {
    long v;
    if (whole_long(s, s + strlen(s), &v) != 0 || v < lo || v > hi) {
        cli_error(cmd, "--%s: expected an integer from %ld to %ld, got '%s'",
                  opt, lo, hi, s);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_parse_double(const char *cmd, const char *opt, const char *s,
                     double lo, double hi, double *out) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno == ERANGE || !isfinite(v) || v < lo ||
        v > hi) {
        cli_error(cmd, "--%s: expected a number from %g to %g, got '%s'", opt,
                  lo, hi, s);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_parse_point(const char *cmd, const char *opt, const char *s,
                    wf_point *out) {
    const char *comma = strchr(s, ',');
    long x, y;
    if (!comma || whole_long(s, comma, &x) != 0 ||
        whole_long(comma + 1, comma + 1 + strlen(comma + 1), &y) != 0 ||
        x < 0 || y < 0 || x > WF_GRID_MAX_SIDE || y > WF_GRID_MAX_SIDE) {
        cli_error(cmd, "--%s: expected X,Y (two integers >= 0), got '%s'",
                  opt, s);
        return -1;
    }
    out->x = (int)x;
    out->y = (int)y;
    return 0;
}

int cli_parse_vec(const char *cmd, const char *opt, const char *s,
                  wf_vec2 *out) {
    const char *comma = strchr(s, ',');
    char *end = NULL;
    double v[2] = {0, 0};
    int ok = comma != NULL && comma != s;
    for (int i = 0; i < 2 && ok; i++) {
        const char *from = i ? comma + 1 : s;
        errno = 0;
        v[i] = strtod(from, &end);
        ok = end != from && end == (i ? from + strlen(from) : comma) &&
             errno != ERANGE && isfinite(v[i]);
    }
    if (!ok) {
        cli_error(cmd, "--%s: expected X,Y (two finite numbers), got '%s'",
                  opt, s);
        return -1;
    }
    *out = (wf_vec2){v[0], v[1]};
    return 0;
}

int cli_parse_size(const char *cmd, const char *s, int *w, int *h) {
    const char *x = strchr(s, 'x');
    char buf[32];
    long a, b;
    if (!x || (size_t)(x - s) >= sizeof buf)
        goto bad;
    memcpy(buf, s, (size_t)(x - s));
    buf[x - s] = '\0';
    if (cli_parse_int(cmd, "size", buf, 1, 16384, &a) != 0 ||
        cli_parse_int(cmd, "size", x + 1, 1, 16384, &b) != 0)
        return -1;
    *w = (int)a;
    *h = (int)b;
    return 0;
bad:
    cli_error(cmd, "--size: expected WxH such as 128x96, got '%s'", s);
    return -1;
}

int cli_parse_seed(const char *cmd, const char *s, uint64_t *out) {
    char *end;
    if (*s < '0' || *s > '9')
        goto bad;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        goto bad;
    *out = (uint64_t)v;
    return 0;
bad:
    cli_error(cmd, "--seed: expected an integer from 0 to 2^64-1, got '%s'", s);
    return -1;
}

long cli_parse_points(const char *cmd, const char *opt, const char *s,
                      wf_point *out, size_t max) {
    size_t n = 0;
    char buf[64];
    while (*s) {
        const char *end = strchr(s, ';');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        if (n == max || len == 0 || len >= sizeof buf) {
            cli_error(cmd, "--%s: expected up to %zu cells X,Y separated by "
                           "';'", opt, max);
            return -1;
        }
        memcpy(buf, s, len);
        buf[len] = '\0';
        if (cli_parse_point(cmd, opt, buf, &out[n]) != 0)
            return -1;
        n++;
        s += len + (end ? 1 : 0);
    }
    return (long)n;
}

/* The names of the library's tables (names.h), for messages. */
static const char *const corner_names[] = {WF_CORNERS_NAMES(CLI_NAME) NULL};
static const char *const heuristic_names[] = {
    WF_HEURISTIC_NAMES(CLI_NAME) NULL};
static const char *const algo_names[] = {WF_ALGO_NAMES(CLI_NAME) NULL};

char *cli_join(const char *const *names, char *buf, size_t size) {
    size_t n = 0, k = 0;
    while (names[k])
        k++;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < k && n < size; i++) {
        int w = snprintf(buf + n, size - n, "%s%s",
                         i == 0 ? "" : i + 1 < k ? ", " : " or ", names[i]);
        if (w < 0)
            break;
        n += (size_t)w;
    }
    return buf;
}

int cli_search_option(const char *cmd, int key, const char *arg,
                      wf_search_opts *o) {
    long n;
    char list[160];
    switch (key) {
    case CLI_OPT_CONNECT:
        if (strcmp(arg, "4") != 0 && strcmp(arg, "8") != 0) {
            cli_error(cmd, "--connect: expected 4 or 8, got '%s'", arg);
            return -1;
        }
        o->move.connect = arg[0] - '0';
        return 0;
    case CLI_OPT_CORNERS:
        if (wf_corners_parse(arg, &o->move.corners) != WF_OK) {
            cli_error(cmd, "--corners: expected %s, got '%s'",
                      cli_join(corner_names, list, sizeof list), arg);
            return -1;
        }
        return 0;
    case CLI_OPT_HEURISTIC:
        if (wf_heuristic_parse(arg, &o->heuristic) != WF_OK) {
            cli_error(cmd, "--heuristic: expected %s, got '%s'",
                      cli_join(heuristic_names, list, sizeof list), arg);
            return -1;
        }
        return 0;
    case CLI_OPT_WEIGHT:
        return cli_parse_double(cmd, "weight", arg, 1.0, 1e6, &o->weight);
    case CLI_OPT_ALGO:
        if (wf_algo_parse(arg, &o->algo) != WF_OK) {
            cli_error(cmd, "--algo: expected %s, got '%s'",
                      cli_join(algo_names, list, sizeof list), arg);
            return -1;
        }
        return 0;
    case CLI_OPT_SIZE:
        if (cli_parse_int(cmd, "size", arg, 1, WF_MOVE_MAX_SIZE, &n) != 0)
            return -1;
        o->move.size = (int)n;
        return 0;
    case CLI_OPT_NEAREST:
        o->goal_fallback = WF_FALLBACK_NEAREST;
        return 0;
    case CLI_OPT_MAX_EXPANSIONS:
        if (cli_parse_int(cmd, "max-expansions", arg, 1, LONG_MAX, &n) != 0)
            return -1;
        o->max_expansions = (uint64_t)n;
        return 0;
    default:
        cli_error(cmd, "internal error: unknown option %d", key);
        return -1;
    }
}

int cli_check_fits(const char *cmd, const char *what, const wf_grid *g,
                   wf_point cell, wf_move move) {
    int c = wf_grid_clearance(g, cell.x, cell.y);
    if (move.size <= 1 || c >= move.size)
        return 0;
    if (c == 0)
        cli_error(cmd, "%s %d,%d: the cell is blocked", what, cell.x, cell.y);
    else
        cli_error(cmd, "%s %d,%d: an agent of size %d cannot stand there (the "
                       "largest free square there is %dx%d)",
                  what, cell.x, cell.y, move.size, c, c);
    return -1;
}

int cli_load_map(const char *path, const char *legend, wf_grid **out,
                 wf_map_marks *marks) {
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_status st = wf_map_load(path, legend, NULL, out, marks, &diag);
    if (st != WF_OK)
        return cli_fail(st, &diag);
    return 0;
}

int cli_load_mesh(const char *path, const wf_grid *g, wf_mesh **out) {
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    const wf_status st = wf_mesh_read(path, g, NULL, out, &diag);
    return st == WF_OK ? 0 : cli_fail(st, &diag);
}

int cli_load_jumps(const char *cmd, const char *path, const wf_grid *g,
                   wf_search_opts *o, wf_jump_table **out) {
    if (o->algo == WF_ALGO_DIJKSTRA) {
        cli_usage_error(cmd, "--prep goes with --algo jps, jps+ or auto");
        return CLI_EXIT_USAGE;
    }
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_status st = wf_jump_table_read(path, g, NULL, out, &diag);
    if (st != WF_OK)
        return cli_fail(st, &diag);
    if (o->algo == WF_ALGO_ASTAR)
        o->algo = WF_ALGO_JPS_PLUS;
    o->jumps = *out;
    return 0;
}

int cli_load_hierarchy(const char *cmd, const char *path, const wf_grid *g,
                       const wf_search_opts *o, int has_prep, wf_ch **out,
                       wf_ch_query **q) {
    *out = NULL;
    *q = NULL;
    const char *clash =
        has_prep                           ? "--prep (a jump table)"
        : o->algo != WF_ALGO_ASTAR         ? "--algo (it is a search of its own)"
        : o->move.size > 1                 ? "--size above 1"
        : o->heuristic != WF_H_DEFAULT     ? "--heuristic"
        : o->weight != 0 && o->weight != 1 ? "--weight"
        : o->overlay.values                ? "an influence overlay"
        : o->max_expansions                ? "--max-expansions"
        : o->goal_fallback                 ? "--nearest"
                                           : NULL;
    if (clash) {
        cli_usage_error(cmd, "--hierarchy answers from the hierarchy: it does "
                             "not go with %s", clash);
        return CLI_EXIT_USAGE;
    }
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_status st = wf_ch_read(path, g, &o->move, o->filter, NULL, out, &diag);
    if (st == WF_OK && (st = wf_ch_query_create(*out, NULL, q)) != WF_OK) {
        wf_ch_free(*out);
        *out = NULL;
    }
    return st == WF_OK ? 0 : cli_fail(st, &diag);
}

int cli_write_file(const char *path, wf_write_fn fn, void *ud) {
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_status st = wf_file_write(path, fn, ud, &diag);
    return st == WF_OK ? 0 : cli_fail(st, &diag);
}

/* The SVG picture of a grid or (m not NULL) a mesh and what it draws
 * (o: their options), for wf_file_write. */
typedef struct svg_out {
    const wf_grid *g;
    const wf_mesh *m;
    const void *o;
} svg_out;

static wf_status write_svg_to(void *ud, FILE *f, wf_diag *diag) {
    const svg_out *s = ud;
    return s->m ? wf_render_mesh_svg(f, s->m, s->o, diag)
                : wf_render_grid_svg(f, s->g, s->o, diag);
}

int cli_write_grid_svg(const char *path, const wf_grid *g,
                       const wf_grid_svg_opts *o) {
    svg_out out = {g, NULL, o};
    return cli_write_file(path, write_svg_to, &out);
}

int cli_write_mesh_svg(const char *path, const wf_mesh *m,
                       const wf_mesh_svg_opts *o) {
    svg_out out = {NULL, m, o};
    return cli_write_file(path, write_svg_to, &out);
}

double cli_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int cli_need_png(const char *cmd) {
    if (wf_render_png_supported())
        return 0;
    cli_error(cmd, "--png: built without PNG support");
    return CLI_EXIT_USAGE;
}

int cli_map_operand(const char *cmd, int argc, char **argv, int first,
                    const char **map) {
    if (first != argc - 1) {
        cli_usage_error(cmd, first >= argc ? "expected a MAP file"
                                           : "expected one MAP file, got "
                                             "more arguments");
        return -1;
    }
    *map = argv[first];
    return 0;
}

int cli_query_ends(const char *cmd, const char *map, const wf_grid *g,
                   const wf_map_marks *marks, int has_from, wf_point *from,
                   int has_to, wf_point *to) {
    if (!has_from && marks->has_start) {
        *from = marks->start;
        has_from = 1;
    }
    if (!has_to && marks->has_goal) {
        *to = marks->goal;
        has_to = 1;
    }
    if (!has_from || !has_to) {
        cli_error(cmd, "%s: no %s given and the map marks none", map,
                  has_from ? "--to" : "--from");
        return -1;
    }
    const char *what[2] = {"from", "to"};
    const wf_point *p[2] = {from, to};
    for (int i = 0; i < 2; i++)
        if (!wf_grid_contains(g, p[i]->x, p[i]->y)) {
            cli_error(cmd, "--%s %d,%d is outside the %d x %d map", what[i],
                      p[i]->x, p[i]->y, wf_grid_width(g), wf_grid_height(g));
            return -1;
        }
    return 0;
}
