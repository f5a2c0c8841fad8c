/* Paths that look right: one query answered four ways on a map, the grid
 * path, the same path pulled straight (wf_path_smooth), a Theta* path and
 * the exact shortest path (Anya; both wf_search_any_angle), printed and
 * drawn into one PNG picture.
 *
 *   any_angle MAP SX SY GX GY [OUT.png]
 *
 * Checks what the library promises: the smoothed path and the Theta* path
 * are never longer than the grid path, and every segment of both is one
 * the grid's corner rule allows; the Anya path, under the one-free rule
 * (segments may pass a single blocked corner), is legal under that rule
 * and no longer than any of them. Exit status 0 when they hold. */
#include <stdio.h>
#include <stdlib.h>

#include <wayfind/wayfind.h>

static int legal(const wf_grid *g, const wf_polyline *p, wf_corners rule) {
    for (size_t i = 1; i < p->count; i++) {
        double c;
        if (wf_grid_segment_cost(g, p->points[i - 1], p->points[i],
                                 (wf_move){.corners = rule},
                                 NULL, &c) != WF_OK)
            return 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 6 && argc != 7) {
        fprintf(stderr, "usage: any_angle MAP SX SY GX GY [OUT.png]\n");
        return 2;
    }
    wf_grid *g = NULL;
    wf_diag d = {0};
    if (wf_map_load(argv[1], NULL, NULL, &g, NULL, &d) != WF_OK) {
        fprintf(stderr, "any_angle: %s: %s\n", argv[1], d.message);
        return 3;
    }
    wf_point s = {atoi(argv[2]), atoi(argv[3])};
    wf_point t = {atoi(argv[4]), atoi(argv[5])};
    wf_search *ws = NULL;
    wf_path path;
    wf_polyline lines[3];
    wf_path_init(&path, NULL);
    for (int i = 0; i < 3; i++)
        wf_polyline_init(&lines[i], NULL);
    /* the default movement: 8-connected, no corner cutting */
    wf_search_opts o = wf_search_opts_default();
    /* Anya's rule: segments may pass a single blocked cell's corner */
    wf_search_opts exact = o;
    exact.move.corners = WF_CORNERS_ONE_FREE;
    int ok = wf_search_create(NULL, &ws) == WF_OK &&
             wf_search_grid(ws, g, s, t, &o, &path) == WF_OK &&
             wf_path_smooth(g, &path, &o, &lines[0]) == WF_OK &&
             wf_search_any_angle(ws, g, s, t, WF_ANY_ANGLE_THETA, &o,
                                 &lines[1]) == WF_OK &&
             wf_search_any_angle(ws, g, s, t, WF_ANY_ANGLE_ANYA, &exact,
                                 &lines[2]) == WF_OK;
    if (ok) {
        printf("grid path: %zu cells, length %.4f\n", path.count, path.cost);
        printf("smoothed:  %zu points, length %.4f\n", lines[0].count,
               lines[0].length);
        printf("theta*:    %zu points, length %.4f\n", lines[1].count,
               lines[1].length);
        printf("anya:      %zu points, length %.4f\n", lines[2].count,
               lines[2].length);
        ok = lines[0].length <= path.cost + 1e-9 &&
             lines[1].length <= path.cost + 1e-9 &&
             lines[2].length <= lines[0].length + 1e-9 &&
             lines[2].length <= lines[1].length + 1e-9 &&
             legal(g, &lines[0], o.move.corners) &&
             legal(g, &lines[1], o.move.corners) &&
             legal(g, &lines[2], exact.move.corners);
        if (!ok)
            fprintf(stderr, "any_angle: a promise was broken\n");
    } else {
        fprintf(stderr, "any_angle: no path (%s)\n", wf_search_message(ws));
    }
    if (ok && argc == 7 && wf_render_png_supported()) {
        wf_point ends[2] = {s, t};
        wf_png_opts po = wf_png_opts_default();
        po.paths = &path; /* red-orange */
        po.path_count = 1;
        po.polylines = lines; /* smoothed, theta*, anya: the next colours */
        po.polyline_count = 3;
        po.marks = ends;
        po.mark_count = 2;
        if (wf_render_png(argv[6], g, &po, &d) != WF_OK) {
            fprintf(stderr, "any_angle: %s: %s\n", argv[6], d.message);
            ok = 0;
        } else {
            printf("wrote %s (grid path red-orange, then smoothed, theta* "
                   "and anya in the next path colours)\n", argv[6]);
        }
    }
    wf_path_free(&path);
    for (int i = 0; i < 3; i++)
        wf_polyline_free(&lines[i]);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
    return ok ? 0 : 1;
}
