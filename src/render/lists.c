/* The lists every picture draws over a map (paths, polylines, markers),
 * checked the same way for each format. */
#include "render_internal.h"

static wf_status invalid(wf_diag *d, const char *what) {
    wf__diag_set(d, NULL, 0, 0, "%s", what);
    return WF_E_INVALID_ARG;
}

wf_status wf__check_lists(const wf_path *paths, size_t path_count,
                          const wf_polyline *lines, size_t line_count,
                          const wf_point *marks, size_t mark_count,
                          wf_diag *diag) {
    if (path_count && !paths)
        return invalid(diag, "path_count without paths");
    if (mark_count && !marks)
        return invalid(diag, "mark_count without marks");
    if (line_count && !lines)
        return invalid(diag, "polyline_count without polylines");
    for (size_t i = 0; i < path_count; i++)
        if (paths[i].count && !paths[i].points)
            return invalid(diag, "a path has points NULL");
    for (size_t i = 0; i < line_count; i++)
        if (lines[i].count && !lines[i].points)
            return invalid(diag, "a polyline has points NULL");
    return WF_OK;
}
