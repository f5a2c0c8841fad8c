/* wayfind demo: the main job on a built-in default. An island world is
 * generated, ports are placed on its coasts, ships are routed
 * between them, and the map is printed with the routes and written as a
 * PNG. `--maze` solves the classic 10×10 maze instead. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <wayfind/gen.h>

#include "cli.h"
#include "json_out.h"

#define CMD "demo"
#define MAX_PORTS 8

static const char help[] =
    "usage: " CLI_PROG " demo [--seed N] [--size WxH] [--ports N] [--png FILE]\n"
    "                    [--color auto|always|never]\n"
    "       " CLI_PROG " demo --maze\n"
    "\n"
    "Generates an island world (cellular automaton), places ports on its\n"
    "coasts in one body of water, and routes ships between them in a ring:\n"
    "8-connected, no corner cutting, deep water costs 1 and shallow water 2,\n"
    "octile heuristic. Prints the map with the routes and their costs, and\n"
    "writes a PNG picture.\n"
    "\n"
    "  --seed N        world seed (default 2)\n"
    "  --size WxH      world size (default 96x40)\n"
    "  --ports N       ports to place, 2..8 (default 4)\n"
    "  --png FILE      picture to write (default wayfind-demo.png; '-' for none;\n"
    "                  none in a build without PNG support); replaced whole\n"
    "                  or not at all\n"
    "  --color WHEN    ANSI colours: auto (when stdout is a terminal), always,\n"
    "                  never\n"
    "  --maze          solve the classic 10x10 maze instead (4-connected)\n"
    "  --format text|json  json: one object with the world, the ports and\n"
    "                  every route (cost, statistics, cells) instead of\n"
    "                  the picture in text\n"
    "  --help          this text\n"
    "\n"
    "Exit status: 0 ok, 1 a route has no path, 2 usage, 3 no room for the\n"
    "ports on this world, 4 cannot write the PNG.\n";

/* The classic 10x10 maze, 1 = floor and 0 = wall, as an ASCII map. */
static const char maze[] = "S#......#.\n"
                           ".#.#.#....\n"
                           "...#.#.##.\n"
                           ".##.....#.\n"
                           ".#..##..#.\n"
                           "..#.....#.\n"
                           "#.#.#.####\n"
                           "#.#..#....\n"
                           "#.#.....#.\n"
                           "..##.#..#G\n";

static int demo_maze(int json) {
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_grid *g = NULL;
    wf_map_marks marks;
    wf_status st = wf_ascii_map_parse(maze, sizeof maze - 1, "demo maze", NULL,
                                      &g, &marks, &diag);
    if (st != WF_OK)
        return cli_fail(st, &diag);
    wf_search_opts o = wf_search_opts_default();
    o.move.connect = 4;
    o.heuristic = WF_H_MANHATTAN;
    wf_search *ws = NULL;
    wf_path path;
    wf_path_init(&path, NULL);
    st = wf_search_create(NULL, &ws);
    if (st == WF_OK)
        st = wf_search_grid(ws, g, marks.start, marks.goal, &o, &path);
    if (st >= 0 && json) {
        fputs("{\"kind\":\"maze\",\"start\":", stdout);
        cli_json_point(&marks.start);
        fputs(",\"goal\":", stdout);
        cli_json_point(&marks.goal);
        fputs(",\"route\":", stdout);
        if (cli_json_path(st, &path) != 0)
            st = WF_E_IO;
        puts("}");
    } else if (st == WF_OK) {
        printf("the classic 10x10 maze, %d,%d -> %d,%d, 4-connected, Manhattan\n"
               "cost %.0f, %zu cells, %llu cells expanded\n\n",
               marks.start.x, marks.start.y, marks.goal.x, marks.goal.y,
               path.cost, path.count,
               (unsigned long long)path.stats.expanded);
        wf_ascii_opts ao;
        memset(&ao, 0, sizeof ao);
        ao.path = &path;
        ao.has_start = ao.has_goal = 1;
        ao.start = marks.start;
        ao.goal = marks.goal;
        ao.border = 1;
        st = wf_render_ascii(stdout, g, &ao);
    }
    if (st > WF_OK && !json)
        puts("search failed: no path");
    int code = st < 0 ? cli_fail(st, NULL)
               : st != WF_OK ? CLI_EXIT_NO_PATH
                             : CLI_EXIT_OK;
    wf_path_free(&path);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
    return code;
}

typedef struct world_args {
    uint64_t seed;
    int size[2], color, json; /* W, H */
    long ports;
    const char *png;
} world_args;

/* Routes ships around the ring of ports; prints one line per route. */
static int route_all(const wf_grid *g, const wf_point *port, size_t n,
                     wf_path *routes, wf_status *status, size_t *nroutes,
                     int quiet) {
    wf_search *ws = NULL;
    wf_status st = wf_search_create(NULL, &ws);
    if (st != WF_OK)
        return cli_fail(st, NULL);
    int code = CLI_EXIT_OK;
    size_t legs = n == 2 ? 1 : n;
    for (size_t i = 0; i < legs; i++) {
        wf_point a = port[i], b = port[(i + 1) % n];
        double t0 = cli_now_ms();
        st = wf_search_grid(ws, g, a, b, NULL, &routes[i]);
        double ms = cli_now_ms() - t0;
        status[i] = st;
        if (st < 0) {
            code = cli_fail(st, NULL);
            break;
        }
        if (st != WF_OK) {
            if (!quiet)
                printf("route %c -> %c: no path\n", 'A' + (int)i,
                       'A' + (int)((i + 1) % n));
            code = CLI_EXIT_NO_PATH;
            continue;
        }
        if (!quiet)
            printf("route %c -> %c: cost %8.3f, %4zu cells, %6llu expanded, "
               "%.3f ms\n",
               'A' + (int)i, 'A' + (int)((i + 1) % n), routes[i].cost,
               routes[i].count,
               (unsigned long long)routes[i].stats.expanded, ms);
    }
    *nroutes = legs;
    wf_search_destroy(ws);
    return code;
}

static int write_png(const world_args *a, const wf_grid *g,
                     const wf_path *routes, size_t nroutes,
                     const wf_point *port, size_t nports) {
    wf_png_opts po = wf_png_opts_default();
    po.paths = routes;
    po.path_count = nroutes;
    po.marks = port;
    po.mark_count = nports;
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_status st = wf_render_png(a->png, g, &po, &diag);
    if (st != WF_OK)
        return cli_fail(st, &diag);
    if (!a->json)
        printf("wrote %s\n", a->png);
    return CLI_EXIT_OK;
}

/* The --format json report: the world, its ports and every route. */
static int print_json(const world_args *a, const wf_point *port, size_t n,
                      const wf_path *routes, const wf_status *status,
                      size_t nroutes, double ms) {
    printf("{\"kind\":\"islands\",\"seed\":%llu,\"width\":%d,\"height\":%d,",
           (unsigned long long)a->seed, a->size[0], a->size[1]);
    cli_json_points("ports", port, n);
    fputs(",\"routes\":[", stdout);
    for (size_t i = 0; i < nroutes; i++) {
        printf("%s{\"from\":\"%c\",\"to\":\"%c\",\"route\":", i ? "," : "",
               'A' + (int)i, 'A' + (int)((i + 1) % n));
        if (cli_json_path(status[i], &routes[i]) != 0)
            return cli_fail(WF_E_IO, NULL);
        putchar('}');
    }
    fputs("],\"png\":", stdout);
    cli_json_str(strcmp(a->png, "-") ? a->png : NULL);
    printf(",\"ms\":%.3f}\n", ms);
    return CLI_EXIT_OK;
}

static int demo_world(const world_args *a) {
    double t0 = cli_now_ms();
    wf_grid *g = NULL;
    wf_status st = wf_grid_create(a->size[0], a->size[1], NULL, &g);
    if (st == WF_OK)
        st = wf_gen_islands(g, a->seed, NULL);
    if (st != WF_OK) {
        wf_grid_destroy(g);
        return cli_fail(st, NULL);
    }
    /* Ports on shallow water (the coasts), in one body of water, spread
     * out over the map. */
    wf_point port[MAX_PORTS];
    size_t n = (size_t)a->ports;
    wf_place_opts po = wf_place_opts_default();
    wf_place_opts_allow(&po, WF_GEN_SHALLOW);
    po.min_distance = (double)(a->size[0] + a->size[1]) / 8.0;
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    st = wf_place_points(g, a->seed, &po, n, port, &diag);
    if (st != WF_OK) {
        cli_error(CMD, "seed %llu, %dx%d: %s", (unsigned long long)a->seed,
                  a->size[0], a->size[1], diag.message[0] ? diag.message : wf_strerror(st));
        wf_grid_destroy(g);
        return cli_exit_code(st);
    }
    if (!a->json)
        printf("island world, seed %llu, %dx%d: %zu ports, ships pay 1 on deep "
               "water (W), 2 on shallow (S)\n",
               (unsigned long long)a->seed, a->size[0], a->size[1], n);
    wf_path routes[MAX_PORTS];
    wf_status status[MAX_PORTS];
    for (size_t i = 0; i < MAX_PORTS; i++) {
        wf_path_init(&routes[i], NULL);
        status[i] = WF_NO_PATH;
    }
    size_t nroutes = 0;
    int code = route_all(g, port, n, routes, status, &nroutes, a->json);
    if (code <= CLI_EXIT_NO_PATH && !a->json) {
        wf_ascii_opts ao;
        memset(&ao, 0, sizeof ao);
        ao.paths = routes;
        ao.path_count = nroutes;
        ao.marks = port;
        ao.mark_count = n;
        ao.border = 1;
        ao.color = a->color;
        putchar('\n');
        st = wf_render_ascii(stdout, g, &ao);
        if (st != WF_OK)
            code = cli_fail(st, NULL);
    }
    if (code <= CLI_EXIT_NO_PATH && strcmp(a->png, "-") != 0) {
        int c = write_png(a, g, routes, nroutes, port, n);
        if (c)
            code = c;
    }
    if (code <= CLI_EXIT_NO_PATH && a->json) {
        int c = print_json(a, port, n, routes, status, nroutes, cli_now_ms() - t0);
        if (c)
            code = c;
    } else if (code <= CLI_EXIT_NO_PATH) {
        printf("done in %.0f ms\n", cli_now_ms() - t0);
    }
    for (size_t i = 0; i < MAX_PORTS; i++)
        wf_path_free(&routes[i]);
    wf_grid_destroy(g);
    return code;
}

static int set_png(const char *cmd, const cli_option *row, const char *arg) {
    *(const char **)row->target = arg;
    return strcmp(arg, "-") != 0 && cli_need_png(cmd) != 0 ? -1 : 0;
}

static int set_color(const char *cmd, const cli_option *row,
                     const char *arg) {
    int *color = row->target;
    if (!strcmp(arg, "auto"))
        *color = -1;
    else if (!strcmp(arg, "always") || !strcmp(arg, "never"))
        *color = arg[0] == 'a';
    else {
        cli_usage_error(cmd, "--color: expected auto, always or never, got "
                             "'%s'", arg);
        return -1;
    }
    return 0;
}

int cli_demo(int argc, char **argv) {
    /* A build without PNG support writes no picture unless asked to. */
    world_args a = {2, {96, 40}, -1, 0, 4,
                    wf_render_png_supported() ? "wayfind-demo.png" : "-"};
    int maze_only = 0;
    const cli_option opts[] = {
        CLI_OPTION("seed", CLI_SEED, &a.seed),
        CLI_OPTION("size", CLI_SIZE, a.size),
        CLI_OPTION_INT("ports", &a.ports, 2, MAX_PORTS),
        CLI_OPTION_CUSTOM("png", &a.png, set_png),
        CLI_OPTION_CUSTOM("color", &a.color, set_color),
        CLI_OPTION("maze", CLI_FLAG, &maze_only),
        CLI_OPTION("format", CLI_FORMAT, &a.json),
        CLI_OPTION_HELP(help),
        CLI_OPTION_END};
    int code;
    int first = cli_parse_options(CMD, argc, argv, opts, &code);
    if (first < 0)
        return code;
    if (first < argc)
        return cli_usage_error(CMD, "unexpected argument '%s'", argv[first]);
    if (maze_only)
        return demo_maze(a.json);
    if (a.size[0] < 8 || a.size[1] < 8)
        return cli_usage_error(CMD, "--size: a world needs at least 8x8 cells");
    if (a.color < 0)
        a.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
    return demo_world(&a);
}
