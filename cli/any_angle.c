/* What path's --any-angle, --smooth and --mesh share with the output: the
 * names of the any-angle searches and polylines as text. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "cli.h"
#include "json_out.h"

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

/* One decimal where that is exact (an any-angle path's points are
 * multiples of 0.5), else the fewest digits that read back as v (a mesh
 * path's ends, in 1/128 of a cell). */
static void print_coord(double v) {
    if (v * 2 == floor(v * 2))
        printf("%.1f", v);
    else
        cli_json_num(v);
}

void cli_print_polyline_figures(const wf_polyline *p) {
    if (!p->count)
        return;
    printf("cost: %.6f\n", p->cost);
    printf("length: %.6f (%zu points, %zu segments)\n", p->length, p->count,
           p->count - 1);
}

void cli_print_stats(const wf_stats *s) {
    printf("expanded: %" PRIu64 "  generated: %" PRIu64
           "  heap operations: %" PRIu64 "\n",
           s->expanded, s->generated, s->heap_ops);
}

void cli_print_polyline(const wf_polyline *p) {
    fputs("polyline:", stdout);
    for (size_t i = 0; i < p->count; i++) {
        putchar(' ');
        print_coord(p->points[i].x);
        putchar(',');
        print_coord(p->points[i].y);
    }
    putchar('\n');
}
