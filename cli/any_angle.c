/* What path's --any-angle and --smooth share with the output: the names
 * of the any-angle searches and polylines as text. */
#include <string.h>

#include "cli.h"

int cli_parse_any_angle(const char *cmd, const char *arg, int *out) {
    static const char *const names[] = {WF_ANY_ANGLE_NAMES(CLI_NAME) NULL};
    wf_any_angle a;
    if (wf_any_angle_parse(arg, &a) == WF_OK) {
        *out = (int)a;
        return 0;
    }
    char list[128];
    cli_error(cmd, "--any-angle: expected %s, got '%s'",
              cli_join(names, list, sizeof list), arg);
    return -1;
}

/* How a path's header names the search: the Theta*s with their star, as
 * the papers write them; any other by its name. */
const char *cli_any_angle_name(int algo) {
    switch ((wf_any_angle)algo) {
    case WF_ANY_ANGLE_THETA: return "theta*";
    case WF_ANY_ANGLE_LAZY_THETA: return "lazy theta*";
    default: {
        const char *name = wf_any_angle_name((wf_any_angle)algo);
        return name ? name : "?";
    }
    }
}

void cli_print_polyline(const wf_polyline *p) {
    fputs("polyline:", stdout);
    /* points are multiples of 0.5: one decimal is exact */
    for (size_t i = 0; i < p->count; i++)
        printf(" %.1f,%.1f", p->points[i].x, p->points[i].y);
    putchar('\n');
}
