/* The built-in distance heuristics, as the public function that shows
 * their values (internal.h holds the formulas the searches inline). */
#include <math.h>

#include "internal.h"

double wf_heuristic_distance(wf_heuristic h, wf_move move, int dx, int dy) {
    if (wf__move_check(&move, NULL, 0) != WF_OK)
        return -1;
    return wf__heuristic_value(wf__heuristic_resolve(h, move.connect),
                               fabs((double)dx), fabs((double)dy));
}
