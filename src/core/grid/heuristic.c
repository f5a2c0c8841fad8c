/* The built-in distance heuristics, as the public function that shows
 * their values (the search loop inlines the same formulas). */
#include <math.h>
#include <stdlib.h>

#include "internal.h"

double wf_heuristic_distance(wf_heuristic h, wf_move move, int dx, int dy) {
    if (wf__move_check(&move, NULL, 0) != WF_OK)
        return -1;
    const int connect = move.connect;
    double ax = fabs((double)dx), ay = fabs((double)dy);
    double lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;
    if (h == WF_H_DEFAULT)
        h = connect == 4 ? WF_H_MANHATTAN : WF_H_OCTILE;
    switch (h) {
    case WF_H_MANHATTAN: return ax + ay;
    case WF_H_EUCLIDEAN: return sqrt(ax * ax + ay * ay);
    case WF_H_CHEBYSHEV: return hi;
    case WF_H_OCTILE: return (hi - lo) + WF_SQRT2 * lo;
    case WF_H_ZERO: return 0.0;
    default: return -1.0;
    }
}
