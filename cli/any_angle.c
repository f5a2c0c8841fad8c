/* What path's --any-angle and --smooth share with the output: the names
 * of the any-angle searches and polylines as text. */
#include <string.h>

#include "cli.h"

/* The names --any-angle takes, one row per search (the value 0 is none). */
static const struct {
    const char *name, *label;
    wf_any_angle algo;
} searches[] = {
    {"theta", "theta*", WF_ANY_ANGLE_THETA},
    {"lazy-theta", "lazy theta*", WF_ANY_ANGLE_LAZY_THETA},
    {"anya", "anya", WF_ANY_ANGLE_ANYA},
};
#define N_SEARCHES (sizeof searches / sizeof searches[0])

int cli_parse_any_angle(const char *cmd, const char *arg, int *out) {
    for (size_t i = 0; i < N_SEARCHES; i++)
        if (strcmp(arg, searches[i].name) == 0) {
            *out = (int)searches[i].algo;
            return 0;
        }
    char names[128] = "";
    for (size_t i = 0; i < N_SEARCHES; i++) {
        strncat(names, i ? (i + 1 < N_SEARCHES ? ", " : " or ") : "",
                sizeof names - strlen(names) - 1);
        strncat(names, searches[i].name, sizeof names - strlen(names) - 1);
    }
    cli_error(cmd, "--any-angle: expected %s, got '%s'", names, arg);
    return -1;
}

const char *cli_any_angle_name(int algo) {
    for (size_t i = 0; i < N_SEARCHES; i++)
        if ((int)searches[i].algo == algo)
            return searches[i].label;
    return "?";
}

void cli_print_polyline(const wf_polyline *p) {
    fputs("polyline:", stdout);
    /* points are multiples of 0.5: one decimal is exact */
    for (size_t i = 0; i < p->count; i++)
        printf(" %.1f,%.1f", p->points[i].x, p->points[i].y);
    putchar('\n');
}
