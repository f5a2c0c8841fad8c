/* wayfind path --mesh: one query on a navigation mesh saved by 'wayfind
 * mesh --out', between two points in cell units. The file alone is
 * enough; a MAP given too is checked against it (size and digest), bounds
 * the points and lends its start and goal marks. */
#include <string.h>

#include "cli.h"

/* End `start` (1: --from, 0: --to) of the query: the point given, else
 * the map's mark (its cell's centre); 0, or the exit code after saying
 * why. */
static int end_point(const char *cmd, const cli_mesh_query *q,
                     const wf_grid *g, const wf_map_marks *marks, int start,
                     wf_vec2 *out) {
    const char *s = start ? q->from : q->to, *opt = start ? "from" : "to";
    if (!s) {
        if (!g)
            return cli_usage_error(cmd, "--mesh without a MAP needs --%s "
                                        "X,Y",
                                   opt);
        if (!(start ? marks->has_start : marks->has_goal)) {
            cli_error(cmd, "%s: no --%s given and the map marks none",
                      q->map, opt);
            return CLI_EXIT_INPUT;
        }
        const wf_point c = start ? marks->start : marks->goal;
        *out = (wf_vec2){c.x + 0.5, c.y + 0.5};
        return 0;
    }
    if (cli_parse_vec(cmd, opt, s, out) != 0)
        return CLI_EXIT_USAGE;
    const int w = g ? wf_grid_width(g) : 0, h = g ? wf_grid_height(g) : 0;
    if (g && !(out->x >= 0 && out->y >= 0 && out->x <= w && out->y <= h)) {
        cli_error(cmd, "--%s %s is outside the %d x %d map", opt, s, w, h);
        return CLI_EXIT_INPUT;
    }
    return 0;
}

/* The answer as --any-angle prints it: JSON, or text. */
static wf_status print(const cli_mesh_query *q, wf_status st, wf_vec2 from,
                       wf_vec2 to, const wf_polyline *line) {
    if (q->json)
        return wf_json_write_polyline(stdout, st, line);
    printf("%s from %g,%g to %g,%g (mesh %s)\n",
           st == WF_OK ? "path found" : "no path", from.x, from.y, to.x,
           to.y, q->mesh);
    cli_print_polyline_figures(line);
    cli_print_stats(&line->stats);
    if (line->count)
        cli_print_polyline(line);
    return WF_OK;
}

/* The query on m and its output; the exit code. */
static int answer(const char *cmd, const cli_mesh_query *q, const wf_mesh *m,
                  wf_vec2 from, wf_vec2 to) {
    wf_mesh_query *mq = NULL;
    wf_polyline line;
    wf_polyline_init(&line, NULL);
    wf_status st = wf_mesh_query_create(NULL, &mq);
    if (st == WF_OK)
        st = wf_mesh_path(mq, m, from, to, &line);
    int code;
    if (st < 0) {
        /* a point too far out for the fixed point, or no memory */
        cli_error(cmd, "%s", mq ? wf_mesh_query_message(mq) : "out of memory");
        code = cli_exit_code(st);
    } else {
        if (st == WF_NO_PATH)
            cli_error(cmd, "%s", wf_mesh_query_message(mq));
        const wf_status out = print(q, st, from, to, &line);
        code = out != WF_OK  ? cli_fail(out, NULL)
               : st == WF_OK ? CLI_EXIT_OK
                             : CLI_EXIT_NO_PATH;
    }
    wf_polyline_free(&line);
    wf_mesh_query_destroy(mq);
    return code;
}

int cli_path_mesh(const char *cmd, const cli_mesh_query *q) {
    wf_grid *g = NULL;
    wf_map_marks marks;
    memset(&marks, 0, sizeof marks);
    int code = q->map ? cli_load_map(q->map, q->legend, &g, &marks) : 0;
    wf_vec2 from, to;
    if (!code)
        code = end_point(cmd, q, g, &marks, 1, &from);
    if (!code)
        code = end_point(cmd, q, g, &marks, 0, &to);
    wf_mesh *m = NULL;
    if (!code)
        code = cli_load_mesh(q->mesh, g, &m);
    if (!code)
        code = answer(cmd, q, m, from, to);
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
    return code;
}
