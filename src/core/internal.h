/* Internal helpers of the core layer, for its own source files only. What
 * the layers above may use is in wf_core_private.h. Not installed. */
#ifndef WF_CORE_INTERNAL_H
#define WF_CORE_INTERNAL_H

#include "wf_core_private.h"

extern const int wf__dir_dx[WF_DIR_COUNT];
extern const int wf__dir_dy[WF_DIR_COUNT];

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

/* ---- paths ------------------------------------------------------------- */

/* Ensures capacity for n points; WF_E_NOMEM on failure. */
wf_status wf__path_grow(wf_path *p, size_t n);

#endif
