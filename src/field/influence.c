/* Influence layers: distance falloff from sources, and blending. */
#include <math.h>

#include "field_internal.h"

wf_rect wf_field_rect_union(wf_rect a, wf_rect b) {
    if (a.x0 >= a.x1 || a.y0 >= a.y1)
        return b;
    if (b.x0 >= b.x1 || b.y0 >= b.y1)
        return a;
    wf_rect r = {a.x0 < b.x0 ? a.x0 : b.x0, a.y0 < b.y0 ? a.y0 : b.y0,
                 a.x1 > b.x1 ? a.x1 : b.x1, a.y1 > b.y1 ? a.y1 : b.y1};
    return r;
}

/* lo..hi clamped to 0..n, in 64 bits: a centre near INT_MAX or INT_MIN
 * plus or minus the radius must not overflow an int. */
static int clamp_side(long long v, int n) {
    return v < 0 ? 0 : v > n ? n : (int)v;
}

wf_rect wf__box(const wf_grid *g, wf_point c, double r) {
    long long k = r < (double)WF_GRID_MAX_SIDE ? (long long)ceil(r)
                                                : WF_GRID_MAX_SIDE;
    wf_rect b = {clamp_side((long long)c.x - k, g->width),
                 clamp_side((long long)c.y - k, g->height),
                 clamp_side((long long)c.x + k + 1, g->width),
                 clamp_side((long long)c.y + k + 1, g->height)};
    if (b.x1 < b.x0)
        b.x1 = b.x0;
    if (b.y1 < b.y0)
        b.y1 = b.y0;
    return b;
}

wf_rect wf_field_source_box(const wf_grid *g, const wf_influence_source *s) {
    wf_rect none = {0, 0, 0, 0};
    return g && s ? wf__box(g, s->cell, s->radius) : none;
}

int wf__rect_clip(const wf_grid *g, const wf_rect *rect, wf_rect *out) {
    wf_rect all = {0, 0, g->width, g->height};
    if (!rect) {
        *out = all;
        return 1;
    }
    if (rect->x0 > rect->x1 || rect->y0 > rect->y1)
        return 0;
    *out = *rect;
    if (out->x0 < 0) out->x0 = 0;
    if (out->y0 < 0) out->y0 = 0;
    if (out->x1 > g->width) out->x1 = g->width;
    if (out->y1 > g->height) out->y1 = g->height;
    if (out->x1 < out->x0) out->x1 = out->x0;
    if (out->y1 < out->y0) out->y1 = out->y0;
    return 1;
}

double wf_field_falloff_value(wf_falloff kind, double d, double r, double s) {
    if (!(d >= 0) || d > r)
        return 0.0;
    switch (kind) {
    case WF_FALLOFF_LINEAR: return r > 0 ? s * (1.0 - d / r) : s;
    case WF_FALLOFF_EXP: return r > 0 ? s * exp(-3.0 * d / r) : s;
    case WF_FALLOFF_INV_SQUARE: return s / (1.0 + d * d);
    case WF_FALLOFF_STEP: return s;
    default: return 0.0;
    }
}

wf_falloff_opts wf_falloff_opts_default(void) {
    wf_falloff_opts o;
    o.kind = WF_FALLOFF_LINEAR;
    o.distance = WF_DISTANCE_STRAIGHT;
    o.move = wf_move_default();
    o.filter = NULL;
    return o;
}

static int inside(const wf_rect *r, int x, int y) {
    return x >= r->x0 && x < r->x1 && y >= r->y0 && y < r->y1;
}

/* Adds a source's contribution to the cells of the clip it settles. */
typedef struct adder {
    const wf_grid *g;
    const wf_influence_source *s;
    wf_falloff kind;
    wf_rect clip;
    float *out;
} adder;

static void add_path(void *ud, uint32_t cell, double d) {
    adder *a = ud;
    int x = (int)(cell % (uint32_t)a->g->width), y = (int)(cell / (uint32_t)a->g->width);
    if (inside(&a->clip, x, y))
        a->out[cell] += (float)wf_field_falloff_value(a->kind, d, a->s->radius,
                                                a->s->strength);
}

wf_status wf_field_falloff_grid(wf_search *ws, const wf_grid *g,
                                const wf_influence_source *src, size_t n,
                                const wf_falloff_opts *opts,
                                const wf_rect *rect, float *out) {
    wf_falloff_opts o = opts ? *opts : wf_falloff_opts_default();
    wf_rect clip;
    wf__unit unit;
    if (!g || !out || (n && !src) || (unsigned)o.kind > WF_FALLOFF_STEP ||
        (o.distance != WF_DISTANCE_STRAIGHT && o.distance != WF_DISTANCE_PATH) ||
        (o.distance == WF_DISTANCE_PATH && !ws) ||
        wf_filter_check(o.filter, NULL, 0) != WF_OK ||
        !wf__rect_clip(g, rect, &clip))
        return WF_E_INVALID_ARG;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(src[i].strength) || !(src[i].radius >= 0) ||
            !isfinite(src[i].radius))
            return WF_E_INVALID_ARG;
        if (!wf_grid_contains(g, src[i].cell.x, src[i].cell.y))
            return WF_E_RANGE;
    }
    wf_status st = wf__unit_init(&unit, ws, g, o.move, o.filter);
    if (st != WF_OK)
        return st;
    if (o.distance == WF_DISTANCE_PATH &&
        (st = wf_search_reserve(ws, g->cells)) != WF_OK)
        return st;
    const size_t W = (size_t)g->width;
    for (int y = clip.y0; y < clip.y1; y++)
        for (int x = clip.x0; x < clip.x1; x++)
            out[(size_t)y * W + (size_t)x] = 0.0f;
    for (size_t i = 0; i < n; i++) {
        const wf_influence_source *s = &src[i];
        wf_rect box = wf_field_source_box(g, s), r;
        r.x0 = box.x0 > clip.x0 ? box.x0 : clip.x0;
        r.y0 = box.y0 > clip.y0 ? box.y0 : clip.y0;
        r.x1 = box.x1 < clip.x1 ? box.x1 : clip.x1;
        r.y1 = box.y1 < clip.y1 ? box.y1 : clip.y1;
        if (r.x0 >= r.x1 || r.y0 >= r.y1)
            continue;
        if (o.distance == WF_DISTANCE_STRAIGHT) {
            for (int y = r.y0; y < r.y1; y++)
                for (int x = r.x0; x < r.x1; x++) {
                    if (!wf_grid_passable(g, x, y))
                        continue;
                    double d = hypot((double)(x - s->cell.x),
                                     (double)(y - s->cell.y));
                    out[(size_t)y * W + (size_t)x] += (float)wf_field_falloff_value(
                        o.kind, d, s->radius, s->strength);
                }
        } else if (wf__unit_enters(&unit, g, (size_t)s->cell.y * W +
                                                 (size_t)s->cell.x)) {
            /* A Dijkstra search from the source, stopped at its radius:
             * it touches only cells within the radius. */
            const uint32_t gen = wf__search_begin(ws);
            wf__heap h = wf__search_heap(ws);
            wf__field_offer(&h, gen, (uint32_t)s->cell.y * (uint32_t)W +
                                         (uint32_t)s->cell.x, 0.0);
            adder a = {g, s, o.kind, r, out};
            wf__field_drain(&h, gen, g, &unit, s->radius, add_path, &a);
        }
    }
    wf__unit_done(&unit, g);
    return WF_OK;
}

wf_status wf_field_blend(const wf_layer *layers, const double *weights,
                         size_t n, size_t cells, int width,
                         const wf_blend_opts *opts, const wf_rect *rect,
                         float *out) {
    wf_blend_opts o;
    memset(&o, 0, sizeof o);
    if (opts)
        o = *opts;
    if (!out || (n && (!layers || !weights)) || (rect && width < 1) ||
        (o.clamp && !(o.lo <= o.hi)))
        return WF_E_INVALID_ARG;
    double total = 0;
    for (size_t i = 0; i < n; i++) {
        if (!layers[i].values || layers[i].count != cells ||
            !isfinite(weights[i]))
            return WF_E_INVALID_ARG;
        total += fabs(weights[i]);
    }
    if (o.normalise && total == 0)
        return WF_E_INVALID_ARG;
    const double scale = o.normalise ? 1.0 / total : 1.0;
    size_t y0 = 0, y1 = 1, x0 = 0, x1 = cells;
    if (rect) {
        if (rect->x0 < 0 || rect->y0 < 0 || rect->x1 > width ||
            rect->x0 > rect->x1 || rect->y0 > rect->y1 ||
            (size_t)rect->y1 * (size_t)width > cells)
            return WF_E_INVALID_ARG;
        y0 = (size_t)rect->y0;
        y1 = (size_t)rect->y1;
        x0 = (size_t)rect->x0;
        x1 = (size_t)rect->x1;
    }
    for (size_t y = y0; y < y1; y++) {
        size_t row = rect ? y * (size_t)width : 0;
        for (size_t x = x0; x < x1; x++) {
            double v = 0;
            for (size_t i = 0; i < n; i++)
                v += weights[i] * (double)layers[i].values[row + x];
            v *= scale;
            if (o.clamp)
                v = v < o.lo ? o.lo : v > o.hi ? o.hi : v;
            out[row + x] = (float)v;
        }
    }
    return WF_OK;
}

wf_blend_opts wf_blend_opts_default(void) {
    wf_blend_opts o;
    memset(&o, 0, sizeof o);
    return o;
}
