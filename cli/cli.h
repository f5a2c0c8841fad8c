/* The wayfind program: what its subcommands share. */
#ifndef CLI_H
#define CLI_H

#include <stdio.h>

#include <wayfind/wayfind.h>

#define CLI_PROG "wayfind"

/* Exit codes (STYLE.md): data on stdout, diagnostics on stderr. */
enum {
    CLI_EXIT_OK = 0,
    CLI_EXIT_NO_PATH = 1, /* no path, or a scenario that is not optimal */
    CLI_EXIT_USAGE = 2,
    CLI_EXIT_INPUT = 3,   /* malformed or out-of-range input */
    CLI_EXIT_IO = 4       /* cannot read/write a file, out of memory or
                             threads */
};

/* One subcommand: run(argc, argv) with argv[0] the command's name. */
typedef struct cli_command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} cli_command;

int cli_path(int argc, char **argv);
int cli_scen(int argc, char **argv);
int cli_demo(int argc, char **argv);
int cli_gen(int argc, char **argv);
int cli_render(int argc, char **argv);
int cli_graph(int argc, char **argv);
int cli_convert(int argc, char **argv);
int cli_field(int argc, char **argv);
int cli_influence(int argc, char **argv);
int cli_replan(int argc, char **argv);
int cli_crowd(int argc, char **argv);
int cli_prep(int argc, char **argv);
int cli_mesh(int argc, char **argv);
int cli_simulate(int argc, char **argv);

/* "wayfind: CMD: message" on stderr. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void cli_error(const char *cmd, const char *fmt, ...);

/* Prints "wayfind: file:line:col: message" for a failed library call and
 * returns the exit code its status maps to. A WF_E_IO without a diagnostic
 * while stdout has its error flag set is a failed write to stdout: nothing
 * is printed, main reports it ("write error: ...") as it exits. */
int cli_fail(wf_status st, const wf_diag *diag);

/* cli_fail for a query answered from the hierarchy file @p file:
 * WF_E_CORRUPT says "FILE is inconsistent: ..." (exit 3). */
int cli_fail_hierarchy(const char *file, wf_status st);

/* The exit code of an error status (CLI_EXIT_INPUT or CLI_EXIT_IO). */
int cli_exit_code(wf_status st);
/* Milliseconds on the monotonic clock, for timing what a command does. */
double cli_now_ms(void);

/* Option value parsers. Each returns 0 and sets *out, or prints
 * "wayfind: CMD: --OPT: why" and returns -1. */
int cli_parse_point(const char *cmd, const char *opt, const char *s,
                    wf_point *out);
/* "X,Y", two finite numbers (a point in world units: a mesh's). */
int cli_parse_vec(const char *cmd, const char *opt, const char *s,
                  wf_vec2 *out);
int cli_parse_int(const char *cmd, const char *opt, const char *s, long lo,
                  long hi, long *out);
int cli_parse_double(const char *cmd, const char *opt, const char *s,
                     double lo, double hi, double *out);
/* "X,Y;X,Y;..." into out (at most max cells): the count, or -1 after
 * printing why. */
long cli_parse_points(const char *cmd, const char *opt, const char *s,
                      wf_point *out, size_t max);
/* "WxH", each side 1..16384. */
int cli_parse_size(const char *cmd, const char *s, int *w, int *h);
/* A decimal seed 0..2^64-1. */
int cli_parse_seed(const char *cmd, const char *s, uint64_t *out);

/* Movement-model and algorithm options shared by path, scen and graph:
 * --connect, --corners, --heuristic, --weight, --algo, --max-expansions,
 * --nearest, --size. cli_search_option applies option @p key (a CLI_OPT_* value)
 * with value @p arg; returns 0, or -1 after printing why. */
enum {
    CLI_OPT_CONNECT = 1,
    CLI_OPT_CORNERS,
    CLI_OPT_HEURISTIC,
    CLI_OPT_WEIGHT,
    CLI_OPT_ALGO,
    CLI_OPT_MAX_EXPANSIONS,
    CLI_OPT_SIZE,
    CLI_OPT_NEAREST /* the one without a value */
};
/* Where a help text lists the algorithms: cli_help prints the names of
 * the library's table (names.h) there, wrapped to the text's indent. */
#define CLI_ALGO_LIST "@ALGOS@"
/* --size K: the agent's side in cells (wf_move.size). */
#define CLI_SIZE_HELP                                                          \
    "  --size K               agent size: it occupies the K x K cells whose\n"  \
    "                         top-left is its cell and moves only where all\n" \
    "                         of them are free (1-64, default 1)\n"
#define CLI_SEARCH_HELP                                                        \
    "  --connect 4|8          movement: 4- or 8-connected (default 8)\n"        \
    "  --corners RULE         diagonal corner rule: no-cut (default), always,\n" \
    "                         one-free\n"                                       \
    "  --heuristic H          default, manhattan, euclidean, chebyshev, "       \
    "octile,\n"                                                               \
    "                         zero (default: the tightest admissible one)\n"    \
    "  --weight W             weighted A*: cost <= W x optimal (W >= 1, "       \
    "default 1)\n"                                                            \
    "  --algo A               the search (default astar): " CLI_ALGO_LIST "\n" \
    "                         (the jump point searches jps, jps+ over the\n" \
    "                         jump table of --prep and jpsw for terrain\n"  \
    "                         costs are errors where they do not apply;\n"  \
    "                         auto picks the fastest that does)\n"          \
    "  --max-expansions N     stop after N expansions with a partial path\n"  \
    "  --nearest              an unreachable or blocked goal: a partial path\n" \
    "                         to the reachable cell nearest to it\n"            \
    CLI_SIZE_HELP
int cli_search_option(const char *cmd, int key, const char *arg,
                      wf_search_opts *o);

/* When an agent of size > 1 cannot stand on @p cell of @p g (its K x K
 * square is not all passable), prints "wayfind: CMD: WHAT X,Y: an agent of
 * size K cannot stand there (the largest free square there is NxN)", or
 * that the cell is blocked, and returns -1; else 0. */
int cli_check_fits(const char *cmd, const char *what, const wf_grid *g,
                   wf_point cell, wf_move move);

/* Short names of the option values, for output. */
/* A name table of the library (names.h, plan.h) as a NULL-terminated
 * array: static const char *const t[] = {WF_ALGO_NAMES(CLI_NAME) NULL}. */
#define CLI_NAME(value, name) name,
/* The names of such an array for a message, "a, b or c", into buf. */
char *cli_join(const char *const *names, char *buf, size_t size);

/* wayfind scen --mesh (scen_mesh.c): the scenarios of sc answered on
 * g's mesh for the unit and filter of opts, checked against Anya; the
 * exit code. */
int cli_scen_mesh(const char *scen_path, const wf_grid *g,
                  const wf_scen *sc, const wf_search_opts *opts, int quiet,
                  int json);

/* --any-angle NAME (any_angle.c): the wf_any_angle value into *out; 0, or
 * -1 after printing the names it takes. */
int cli_parse_any_angle(const char *cmd, const char *arg, int *out);
/* The search's name for output ("theta*"). */
const char *cli_any_angle_name(int algo);
/* "polyline: X,Y X,Y ..." on stdout. */
void cli_print_polyline(const wf_polyline *p);
/* "cost: C" and "length: L (N points, S segments)" lines of a polyline
 * found (none for an empty one). */
void cli_print_polyline_figures(const wf_polyline *p);
/* "expanded: E  generated: G  heap operations: H". */
void cli_print_stats(const wf_stats *s);

/* What 'wayfind mesh' builds from (mesh_input.c). */
typedef struct cli_mesh_input {
    const char *path;
    double radius;   /* outline levels */
    long tile;       /* grid maps (and a Tiled map's tile layers) */
    int size, costs; /* grid maps: the unit's size, --cost given */
} cli_mesh_input;
/* The mesh of an outlines file or a Tiled map (its objects, or its tile
 * layers when it has no object but its bounds; *g the grid then; and its
 * links): 0 or an exit code after saying why; -1 for a grid map, which
 * the caller loads. */
int cli_mesh_build(const char *cmd, const cli_mesh_input *in, wf_mesh **m,
                   wf_grid **g);

/* path --mesh FILE (path_mesh.c): one query between two points of the
 * mesh in FILE, MAP (may be NULL) checked against it; from and to as given
 * ("X,Y"; NULL: the map's start or goal mark, a cell centre). Prints the
 * polyline as --any-angle does; returns the exit code. */
typedef struct cli_mesh_query {
    const char *mesh, *map, *legend;
    const char *from, *to;
    int json;
} cli_mesh_query;
int cli_path_mesh(const char *cmd, const cli_mesh_query *q);

/* render --mesh FILE (render_mesh.c): a picture of the mesh in FILE
 * (--svg, --png; neither: its figures only), MAP (may be NULL) checked
 * against it, with the path between from and to ("X,Y"; both NULL: none)
 * and its corridor; pixels: the picture's longer side (0: the default).
 * Returns the exit code (1 when no path joins from and to). */
typedef struct cli_mesh_picture {
    const char *mesh, *map, *legend;
    const char *svg, *png;
    const char *from, *to;
    long pixels;
    int y_up, json;
} cli_mesh_picture;
int cli_render_mesh(const char *cmd, const cli_mesh_picture *p);

/* --cost TILE=VALUE overrides, collected while parsing options and turned
 * into a filter once the map is loaded. */
#define CLI_MAX_COSTS 64
typedef struct cli_costs {
    size_t n;
    struct {
        char tile[24];
        double value; /* > 0, INFINITY: forbidden */
    } e[CLI_MAX_COSTS];
} cli_costs;
#define CLI_COST_HELP                                                          \
    "  --cost TILE=VALUE      this query only: tile TILE (a map character,\n"  \
    "                         or a CSV tile number) costs VALUE (a number\n"   \
    "                         > 0, or inf: forbidden); repeatable\n"
/* Adds one --cost value; 0, or -1 after printing why. */
int cli_costs_add(const char *cmd, cli_costs *c, const char *arg);
/* The filter that gives the map @p g (loaded from @p map, @p legend for a
 * CSV map, NULL: the default) the costs in @p c, into @p f, and *unit
 * pointed at it (NULL when @p c holds no costs: no filter); 0, or -1 after
 * printing why (unknown tile, a blocked tile given a cost). */
int cli_costs_filter(const char *cmd, const cli_costs *c, const char *map,
                     const char *legend, const wf_grid *g, wf_filter *f,
                     const wf_filter **unit);

/* The legend of the CSV map @p map: @p legend, or when NULL the map's
 * path with ".legend" in place of ".csv", read into @p out; 0, or -1 after
 * printing the diagnostic. */
int cli_read_legend(const char *cmd, const char *map, const char *legend,
                    wf_legend *out);

/* The one operand of a command that reads a map: argv[first] into *map
 * when it is the last argument; else -1 after a usage error ("expected a
 * MAP file", "expected one MAP file, got more arguments"). */
int cli_map_operand(const char *cmd, int argc, char **argv, int first,
                    const char **map);
/* The start and goal of a query on @p g: --from/--to as given, else the
 * map's marks; 0, or -1 after printing that one is missing or off the
 * map. */
int cli_query_ends(const char *cmd, const char *map, const wf_grid *g,
                   const wf_map_marks *marks, int has_from, wf_point *from,
                   int has_to, wf_point *to);

/* Loads any map (wf_map_load); on failure prints the diagnostic and returns
 * the exit code, else 0. */
int cli_load_map(const char *path, const char *legend, wf_grid **out,
                 wf_map_marks *marks);
/* Reads the mesh file @p path (wf_mesh_read; checked against @p g when
 * not NULL) as cli_load_map loads a map. */
int cli_load_mesh(const char *path, const wf_grid *g, wf_mesh **out);

/* --prep FILE of path and scen: reads the jump table in @p path for @p g
 * into *out and points o->jumps at it; an --algo of astar (the default)
 * becomes jps+, dijkstra is a usage error. 0, or the exit code after
 * printing why (the file's diagnostic: exit 3 for a file that is not the
 * map's table, 4 when it cannot be read). */
int cli_load_jumps(const char *cmd, const char *path, const wf_grid *g,
                   wf_search_opts *o, wf_jump_table **out);
#define CLI_PREP_HELP                                                          \
    "  --prep FILE            the map's jump table ('" CLI_PROG " prep'):\n"  \
    "                         queries run JPS+ (--algo astar, the default,\n" \
    "                         becomes jps+; jps and auto use it too)\n"      \
    "  --hierarchy FILE       answer from the map's contraction hierarchy\n"  \
    "                         ('" CLI_PROG " prep --hierarchy'; same unit)\n"

/* --hierarchy FILE of path and scen: reads the contraction hierarchy in
 * @p path for @p g and the unit of @p o (its move and filter) into *out
 * and a query state for it into *q, after refusing options it cannot
 * honour (usage error). 0, or the exit code after printing why (the
 * file's diagnostic: exit 3 for a file that is not this map's and
 * unit's, 4 when it cannot be read). */
int cli_load_hierarchy(const char *cmd, const char *path, const wf_grid *g,
                       const wf_search_opts *o, int has_prep, wf_ch **out,
                       wf_ch_query **q);

/* Writes the file @p path with @p fn through wf_file_write (replaced
 * whole or not at all); 0, or the exit code after printing the diagnostic
 * ("wayfind: FILE: cannot write: REASON", exit 4), as cli_load_map does
 * for reading. */
int cli_write_file(const char *path, wf_write_fn fn, void *ud);
/* wf_render_grid_svg of g with o into path, through cli_write_file. */
int cli_write_grid_svg(const char *path, const wf_grid *g,
                       const wf_grid_svg_opts *o);
/* wf_render_mesh_svg of m with o into path, likewise. */
int cli_write_mesh_svg(const char *path, const wf_mesh *m,
                       const wf_mesh_svg_opts *o);

/* --format text|json into *json (0 or 1); -1 after printing why. */
int cli_parse_format(const char *cmd, const char *s, int *json);

/* 0 when the library writes PNG pictures; otherwise prints that this build
 * has no PNG support and returns CLI_EXIT_USAGE (for --png). */
int cli_need_png(const char *cmd);

/* Common handling of --help: prints @p text to stdout, with the names of
 * the algorithms where it says CLI_ALGO_LIST. */
int cli_help(const char *text);
/* "wayfind: CMD: ...; try 'wayfind CMD --help'" and CLI_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ------------------------------------------------------------------------ */
/* Option tables                                                            */
/* ------------------------------------------------------------------------ */

/* What an option's value is, and where it goes (cli_option.target). */
typedef enum cli_opt_kind {
    CLI_FLAG,   /* no value; int: set to 1 */
    CLI_STRING, /* const char *: the value itself */
    CLI_PNG,    /* const char *: a PNG file name; a usage error in a build
                   without PNG support */
    CLI_INT,    /* long: an integer from lo to hi */
    CLI_DOUBLE, /* double: a finite number from lo to hi */
    CLI_POINT,  /* wf_point: X,Y */
    CLI_SEED,   /* uint64_t: 0..2^64-1 */
    CLI_SIZE,   /* int[2]: WxH, each side 1..16384 */
    CLI_FORMAT, /* int: text 0, json 1 */
    CLI_SEARCH, /* wf_search_opts: the shared option `key` (CLI_OPT_*);
                   CLI_OPT_NEAREST takes no value */
    CLI_COST,   /* cli_costs: one more TILE=VALUE */
    CLI_CUSTOM, /* handler(cmd, row, value) */
    CLI_HELP    /* no value; prints `help` to stdout, the command exits 0 */
} cli_opt_kind;

/* One row of a command's option table; a row with a NULL name ends it.
 * Tables are built where the targets live (the command's locals). */
typedef struct cli_option cli_option;
struct cli_option {
    const char *name; /* long name without "--" */
    cli_opt_kind kind;
    void *target;     /* where the value goes (see cli_opt_kind) */
    double lo, hi;    /* CLI_INT, CLI_DOUBLE: the accepted range */
    int key;          /* CLI_SEARCH: which option */
    int *given;       /* not NULL: set to 1 once the option is given */
    /* CLI_CUSTOM: applies a value (which it takes); 0, or -1 after
     * printing why */
    int (*handler)(const char *cmd, const cli_option *row, const char *arg);
    const char *help; /* CLI_HELP: the text */
    const char *more; /* CLI_HELP: more of it, or NULL (C promises string
                         literals of 4095 bytes only) */
};

/* Most rows a table holds. */
#define CLI_MAX_OPTIONS 32

/* Rows of a table, one macro per shape of row. */
#define CLI_OPTION(name_, kind_, target_)                                      \
    {.name = (name_), .kind = (kind_), .target = (target_)}
/* ... that also sets *given_ to 1 once the option is given */
#define CLI_OPTION_GIVEN(name_, kind_, target_, given_)                        \
    {.name = (name_), .kind = (kind_), .target = (target_), .given = (given_)}
#define CLI_OPTION_INT(name_, target_, lo_, hi_)                               \
    {.name = (name_), .kind = CLI_INT, .target = (target_), .lo = (lo_),      \
     .hi = (hi_)}
#define CLI_OPTION_DOUBLE(name_, target_, lo_, hi_)                            \
    {.name = (name_), .kind = CLI_DOUBLE, .target = (target_), .lo = (lo_),   \
     .hi = (hi_)}
#define CLI_OPTION_SEARCH(name_, opts_, key_)                                  \
    {.name = (name_), .kind = CLI_SEARCH, .target = (opts_), .key = (key_)}
#define CLI_OPTION_CUSTOM(name_, target_, handler_)                            \
    {.name = (name_), .kind = CLI_CUSTOM, .target = (target_),                \
     .handler = (handler_)}
#define CLI_OPTION_HELP(text_)                                                 \
    {.name = "help", .kind = CLI_HELP, .help = (text_)}
/* ... of a text in two parts, printed one after the other */
#define CLI_OPTION_HELP2(text_, more_)                                         \
    {.name = "help", .kind = CLI_HELP, .help = (text_), .more = (more_)}
#define CLI_OPTION_END {.name = NULL}

/* The rows of the shared search options, into the wf_search_opts at @p o. */
#define CLI_SEARCH_OPTIONS(o)                                                  \
    CLI_OPTION_SEARCH("connect", (o), CLI_OPT_CONNECT),                        \
    CLI_OPTION_SEARCH("corners", (o), CLI_OPT_CORNERS),                        \
    CLI_OPTION_SEARCH("heuristic", (o), CLI_OPT_HEURISTIC),                    \
    CLI_OPTION_SEARCH("weight", (o), CLI_OPT_WEIGHT),                          \
    CLI_OPTION_SEARCH("algo", (o), CLI_OPT_ALGO),                              \
    CLI_OPTION_SEARCH("max-expansions", (o), CLI_OPT_MAX_EXPANSIONS),          \
    CLI_OPTION_SEARCH("nearest", (o), CLI_OPT_NEAREST),                        \
    CLI_OPTION_SEARCH("size", (o), CLI_OPT_SIZE)

/* Parses the options of argv[1..] (argv[0] is the command's name) against
 * @p opts, getopt_long style (--name VALUE, --name=VALUE, unambiguous
 * prefixes; options and operands in any order). Returns the index in argv
 * of the first operand, or -1 when the command is to stop with *code: 0
 * after --help, CLI_EXIT_USAGE after printing why ("option '--X' needs a
 * value", "unknown option '--X'", or the value's own message). */
int cli_parse_options(const char *cmd, int argc, char **argv,
                      const cli_option *opts, int *code);

#endif
