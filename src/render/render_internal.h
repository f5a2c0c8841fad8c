/* Pixel helpers shared by the PNG writer and its legend. Not installed. */
#ifndef WF_RENDER_INTERNAL_H
#define WF_RENDER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "wf_core_private.h"
#include "wayfind/render.h"

/* `over` on `under` at opacity a out of 256. */
static inline wf_rgb wf__blend(wf_rgb under, wf_rgb over, unsigned a) {
    wf_rgb c;
    c.r = (uint8_t)((over.r * a + under.r * (256u - a) + 128u) >> 8);
    c.g = (uint8_t)((over.g * a + under.g * (256u - a) + 128u) >> 8);
    c.b = (uint8_t)((over.b * a + under.b * (256u - a) + 128u) >> 8);
    return c;
}

/* WF_E_INVALID_ARG, with diag saying which, when a count comes without
 * its array or a path or polyline has points NULL with a count. */
wf_status wf__check_lists(const wf_path *paths, size_t path_count,
                          const wf_polyline *lines, size_t line_count,
                          const wf_point *marks, size_t mark_count,
                          wf_diag *diag);

/* A cell's colour c tinted by its search state (WF_CELL_*): violet where
 * explored, amber on the frontier, as every picture draws them. */
static inline wf_rgb wf__state_tint(wf_rgb c, uint8_t state) {
    static const wf_rgb explored = {150, 90, 230}, frontier = {255, 180, 30};
    if (state == WF_CELL_EXPLORED)
        return wf__blend(c, explored, 96);
    if (state == WF_CELL_FRONTIER)
        return wf__blend(c, frontier, 150);
    return c;
}

/* Pixel x of an RGB row. */
static inline void wf__put(uint8_t *row, size_t x, wf_rgb c) {
    row[3 * x] = c.r;
    row[3 * x + 1] = c.g;
    row[3 * x + 2] = c.b;
}

/* Fills pixels a..b (inclusive, already clipped) of row. */
static inline void wf__fill(uint8_t *row, size_t a, size_t b, wf_rgb c) {
    for (size_t x = a; x <= b; x++)
        wf__put(row, x, c);
}

/* Clips the pixel interval [lo, hi] (doubles, any range) to 0..width-1;
 * 0 when nothing is left. */
static inline int wf__span_clip(double lo, double hi, size_t width, size_t *a,
                           size_t *b) {
    if (!(lo <= hi) || hi < 0.0 || lo > (double)(width - 1))
        return 0;
    *a = lo < 0.0 ? 0 : (size_t)lo;
    *b = hi > (double)(width - 1) ? width - 1 : (size_t)hi;
    return *a <= *b;
}

/* Row ly (0 .. WF_PNG_LEGEND_HEIGHT-1) of the colour bar under a heat map
 * `width` pixels wide, with the min and max labels. */
void wf__png_legend_row(uint8_t *row, size_t width, const char *lab_lo,
                        const char *lab_hi, size_t ly);

#endif
