/* The name tables of core's enums (names.h): each X-macro expanded once
 * into a table of (value, name) rows, looked up both ways. */
#include <string.h>

#include "wayfind/names.h"
#include "wf_core_private.h"

typedef wf__name_row row;

#define ROW WF__NAME_ROW
static const row algos[] = {WF_ALGO_NAMES(ROW)};
static const row heuristics[] = {WF_HEURISTIC_NAMES(ROW)};
static const row corners[] = {WF_CORNERS_NAMES(ROW)};
static const row any_angles[] = {WF_ANY_ANGLE_NAMES(ROW)};
#undef ROW


const char *wf__name_of(const row *t, size_t n, int v) {
    for (size_t i = 0; i < n; i++)
        if (t[i].value == v)
            return t[i].name;
    return NULL;
}

int wf__value_of(const row *t, size_t n, const char *name, int *v) {
    if (!name)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0) {
            *v = t[i].value;
            return 1;
        }
    return 0;
}

WF__NAMES(algo, wf_algo, algos)
WF__NAMES(heuristic, wf_heuristic, heuristics)
WF__NAMES(corners, wf_corners, corners)
WF__NAMES(any_angle, wf_any_angle, any_angles)
