/* The visibility layer: a viewer's cone, limited by range and by line of
 * sight (wf_grid_line_of_sight, exact and symmetric). */
#include <math.h>

#include "field_internal.h"

#define DEGREES_PER_RADIAN 57.295779513082320876798

wf_rect wf_field_viewer_box(const wf_grid *g, const wf_viewer *v) {
    wf_rect none = {0, 0, 0, 0};
    return g && v ? wf__box(g, v->cell, v->range) : none;
}

/* 1 when the direction (dx, dy) lies within half_fov degrees of facing. */
static int in_cone(int dx, int dy, double facing, double half_fov) {
    if (half_fov >= 180.0 || (dx == 0 && dy == 0))
        return 1;
    double a = atan2((double)dy, (double)dx) * DEGREES_PER_RADIAN - facing;
    a = fmod(a, 360.0);
    if (a > 180.0)
        a -= 360.0;
    if (a < -180.0)
        a += 360.0;
    return fabs(a) <= half_fov + 1e-9;
}

wf_status wf_field_view_grid(const wf_grid *g, const wf_viewer *v,
                             wf_move move, const wf_rect *rect,
                             float *out) {
    wf_rect clip;
    if (!g || !v || !out || !isfinite(v->facing) || !(v->fov > 0) ||
        v->fov > 360 || !(v->range >= 0) || !isfinite(v->range) ||
        (unsigned)move.corners > (unsigned)WF_CORNERS_ONE_FREE ||
        !wf__rect_clip(g, rect, &clip))
        return WF_E_INVALID_ARG;
    if (!wf_grid_contains(g, v->cell.x, v->cell.y))
        return WF_E_RANGE;
    const size_t W = (size_t)g->width;
    const wf_rect box = wf_field_viewer_box(g, v);
    const double half = v->fov / 2.0;
    for (int y = clip.y0; y < clip.y1; y++)
        for (int x = clip.x0; x < clip.x1; x++) {
            float val = 0.0f;
            int dx = x - v->cell.x, dy = y - v->cell.y;
            double d = hypot((double)dx, (double)dy);
            if (x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1 &&
                d <= v->range && in_cone(dx, dy, v->facing, half)) {
                wf_point c = {x, y};
                if (wf_grid_line_of_sight(g, v->cell, c, move))
                    val = v->fade && v->range > 0
                              ? (float)(1.0 - d / v->range)
                              : 1.0f;
            }
            out[(size_t)y * W + (size_t)x] = val;
        }
    return WF_OK;
}
