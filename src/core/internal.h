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

/* ---- paths ------------------------------------------------------------- */

/* Ensures capacity for n points; WF_E_NOMEM on failure. */
wf_status wf__path_grow(wf_path *p, size_t n);

#endif
