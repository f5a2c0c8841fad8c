/* wayfind demo: the 10×10 maze of seed 003, solved and drawn. */
#include <string.h>

#include "cli.h"

#define CMD "demo"

static const char help[] =
    "usage: " WF_PROG " demo\n"
    "\n"
    "Solves the 10 x 10 maze of the HEXA blog article (seed 003): start at\n"
    "the top-left, goal at the bottom-right, 4-connected moves of cost 1,\n"
    "Manhattan heuristic. Prints the cost, the search statistics and the\n"
    "maze with the path drawn as '*'.\n";

/* The article's map, 1 = floor and 0 = wall, as an ASCII map. */
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

int cli_demo(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0)
            return cli_help(help);
        return cli_usage_error(CMD, "unexpected argument '%s'", argv[i]);
    }
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_grid *g = NULL;
    wf_map_marks marks;
    wf_status st = wf_ascii_map_parse(maze, sizeof maze - 1, "demo maze", NULL,
                                      &g, &marks, &diag);
    if (st != WF_OK)
        return cli_fail(st, &diag);

    wf_search_opts o = wf_search_opts_default();
    o.connect = 4;
    o.heuristic = WF_H_MANHATTAN;
    wf_search *ws = NULL;
    wf_path path;
    wf_path_init(&path, NULL);
    st = wf_search_create(NULL, &ws);
    if (st == WF_OK)
        st = wf_search_grid(ws, g, marks.start, marks.goal, &o, &path);
    int code = WF_EXIT_OK;
    if (st == WF_OK) {
        printf("seed 003 maze, %d,%d -> %d,%d, 4-connected, Manhattan\n"
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
    if (st < 0)
        code = cli_fail(st, NULL);
    else if (st != WF_OK)
        code = (puts("search failed: no path"), WF_EXIT_NO_PATH);
    wf_path_free(&path);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
    return code;
}
