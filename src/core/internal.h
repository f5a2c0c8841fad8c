/* Internal helpers of the core layer, for its own source files only. What
 * the layers above may use is in wf_core_private.h. Not installed. */
#ifndef WF_CORE_INTERNAL_H
#define WF_CORE_INTERNAL_H

#include <math.h>

#include "wf_core_private.h"

/* Bit b of line l in a plane with `words` words a line. */
WF_INLINE int wf__bit(const uint64_t *plane, size_t words, size_t l,
                      size_t b) {
    return (int)((plane[l * words + (b >> 6)] >> (b & 63)) & 1u);
}

/* ---- cell index → row, without a division ------------------------------ */

/* Row of cell index n on a grid w wide is (n * mul) >> shift for every
 * n < 2^32, with shift = 32 + ceil(log2 w) and mul = ceil(2^shift / w)
 * (exact: the error n × (mul - 2^shift / w) stays below 2^shift / w for
 * n < 2^32, and n < WF_GRID_MAX_CELLS keeps n × mul in 64 bits). */
WF_INLINE void wf__divw_init(uint32_t w, uint64_t *mul, unsigned *shift) {
    unsigned l = 0;
    while (((uint64_t)1 << l) < w)
        l++;
    *shift = 32 + l;
    *mul = (((uint64_t)1 << *shift) + w - 1) / w;
}

WF_INLINE uint32_t wf__divw(uint64_t mul, unsigned shift, uint32_t n) {
    return (uint32_t)(((uint64_t)n * mul) >> shift);
}

/* ---- heuristics ---------------------------------------------------------- */

/* The one encoding of the built-in grid heuristics, for every search that
 * takes them (A*, D* Lite, JPS, Theta*) and for wf_heuristic_distance. */

/* What heuristic h is for a unit with `connect` neighbours: WF_H_DEFAULT
 * is Manhattan distance for 4 and octile distance for 8; the rest are
 * themselves. */
WF_INLINE wf_heuristic wf__heuristic_resolve(wf_heuristic h, int connect) {
    if (h != WF_H_DEFAULT)
        return h;
    return connect == 4 ? WF_H_MANHATTAN : WF_H_OCTILE;
}

/* The distance heuristic h (resolved) gives between cells ax columns and
 * ay rows apart (ax, ay >= 0); -1 for WF_H_CUSTOM and unknown values.
 * With h a constant, the call inlines to its formula alone, which is how
 * the search loops take it (A* has an instance per common heuristic). */
WF_INLINE double wf__heuristic_value(wf_heuristic h, double ax, double ay) {
    switch (h) {
    case WF_H_MANHATTAN: return ax + ay;
    case WF_H_EUCLIDEAN: return sqrt(ax * ax + ay * ay);
    case WF_H_CHEBYSHEV: return ax < ay ? ay : ax;
    case WF_H_OCTILE: {
        const double lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;
        return (hi - lo) + WF_SQRT2 * lo;
    }
    case WF_H_ZERO: return 0.0;
    default: return -1.0;
    }
}

/* Octile distance across dx columns and dy rows (either sign): the
 * heuristic of the JPS family, which move a unit 8 ways. */
WF_INLINE double wf__octile(int dx, int dy) {
    return wf__heuristic_value(WF_H_OCTILE, fabs((double)dx),
                               fabs((double)dy));
}

/* ---- paths ------------------------------------------------------------- */

/* Ensures capacity for n points; WF_E_NOMEM on failure. */
wf_status wf__path_grow(wf_path *p, size_t n);

#endif
