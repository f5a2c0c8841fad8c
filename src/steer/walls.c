/* Walls: one-sided segments that agents keep clear of, from a grid's
 * blocked cells (the edges between a blocked and a free cell, merged into
 * maximal straight runs: a long wall is one segment, so that an agent
 * sliding along it is not slowed by the corners of its cells) or given
 * directly; and a bucket index over them so that an agent visits only the
 * walls near it. */
#include "steer_internal.h"

#define BUCKET_SIDE 4.0
#define MAX_BUCKETS (1u << 22)

wf_status wf__walls_append(wf__walls *ws, const wf_allocator *a, vec2 p,
                           vec2 q) {
    if (ws->n == ws->cap) {
        size_t nc = ws->cap ? ws->cap * 2 : 64, bytes;
        if (!wf__mul_size(nc, sizeof *ws->w, &bytes))
            return WF_E_NOMEM;
        wf__wall *w = wf__realloc(a, ws->w, ws->cap * sizeof *ws->w, bytes);
        if (!w)
            return WF_E_NOMEM;
        ws->w = w;
        ws->cap = nc;
    }
    wf__wall *w = &ws->w[ws->n++];
    vec2 d = v2_sub(q, p);
    double len = sqrt(v2_len2(d));
    w->a = p;
    w->b = q;
    /* left of p→q in the cross-product sense */
    w->n = v2(-d.y / len, d.x / len);
    w->x0 = fmin(p.x, q.x);
    w->x1 = fmax(p.x, q.x);
    w->y0 = fmin(p.y, q.y);
    w->y1 = fmax(p.y, q.y);
    return WF_OK;
}

/* Off the grid counts as blocked. */
static int blocked(const wf_grid *g, int x, int y) {
    return !wf_grid_contains(g, x, y) || !wf_grid_passable(g, x, y);
}

/* The edges of one grid line, merged into runs: horizontal line y (between
 * rows y-1 and y) when horiz, else vertical line x = y (between columns).
 * side +1: free beyond the line (row y / column x), -1: before it. */
static wf_status line_walls(wf__walls *ws, const wf_allocator *al,
                            const wf_grid *g, int k, int horiz, int side) {
    int len = horiz ? wf_grid_width(g) : wf_grid_height(g);
    int run = -1;
    for (int i = 0; i <= len; i++) {
        int on = 0;
        if (i < len) {
            int before = horiz ? blocked(g, i, k - 1) : blocked(g, k - 1, i);
            int after = horiz ? blocked(g, i, k) : blocked(g, k, i);
            on = side > 0 ? (before && !after) : (!before && after);
        }
        if (on && run < 0)
            run = i;
        if (!on && run >= 0) {
            vec2 p, q;
            if (horiz) {
                p = v2(run, k);
                q = v2(i, k);
            } else {
                p = v2(k, run);
                q = v2(k, i);
            }
            /* free side on the left of p→q (y down: +y free for p→q going
             * +x, +x free for p→q going -y) */
            int flip = horiz ? side < 0 : side > 0;
            wf_status s = flip ? wf__walls_append(ws, al, q, p)
                               : wf__walls_append(ws, al, p, q);
            if (s != WF_OK)
                return s;
            run = -1;
        }
    }
    return WF_OK;
}

wf_status wf__walls_from_grid(wf__walls *ws, const wf_allocator *a,
                              const wf_grid *g) {
    int w = wf_grid_width(g), h = wf_grid_height(g);
    for (int k = 0; k <= h; k++)
        for (int side = -1; side <= 1; side += 2) {
            wf_status s = line_walls(ws, a, g, k, 1, side);
            if (s != WF_OK)
                return s;
        }
    for (int k = 0; k <= w; k++)
        for (int side = -1; side <= 1; side += 2) {
            wf_status s = line_walls(ws, a, g, k, 0, side);
            if (s != WF_OK)
                return s;
        }
    return wf__walls_index(ws, a);
}

/* The bucket range a box covers, clamped to the index. */
static void bucket_range(const wf__walls *ws, double x0, double y0,
                         double x1, double y1, int r[4]) {
    double bx0 = floor((x0 - ws->ox) / ws->side);
    double by0 = floor((y0 - ws->oy) / ws->side);
    double bx1 = floor((x1 - ws->ox) / ws->side);
    double by1 = floor((y1 - ws->oy) / ws->side);
    r[0] = bx0 < 0 ? 0 : bx0 >= ws->bw ? ws->bw - 1 : (int)bx0;
    r[1] = by0 < 0 ? 0 : by0 >= ws->bh ? ws->bh - 1 : (int)by0;
    r[2] = bx1 < 0 ? 0 : bx1 >= ws->bw ? ws->bw - 1 : (int)bx1;
    r[3] = by1 < 0 ? 0 : by1 >= ws->bh ? ws->bh - 1 : (int)by1;
}

/* Counts (ids NULL) or lists each wall in the buckets its box meets. */
static size_t fill_buckets(wf__walls *ws, uint32_t *fillpos) {
    size_t total = 0;
    for (size_t i = 0; i < ws->n; i++) {
        const wf__wall *w = &ws->w[i];
        int r[4];
        bucket_range(ws, w->x0, w->y0, w->x1, w->y1, r);
        for (int by = r[1]; by <= r[3]; by++)
            for (int bx = r[0]; bx <= r[2]; bx++) {
                size_t k = (size_t)by * (size_t)ws->bw + (size_t)bx;
                if (fillpos)
                    ws->ids[fillpos[k]++] = (uint32_t)i;
                else
                    ws->start[k + 1]++;
                total++;
            }
    }
    return total;
}

void wf__walls_free(wf__walls *ws, const wf_allocator *a) {
    wf__free(a, ws->w, ws->cap * sizeof *ws->w);
    if (ws->start)
        wf__free(a, ws->start,
                 ((size_t)ws->bw * (size_t)ws->bh + 1) * sizeof *ws->start);
    wf__free(a, ws->ids, ws->nids * sizeof *ws->ids);
    memset(ws, 0, sizeof *ws);
}

/* The index's extent: the walls' box, in buckets of BUCKET_SIDE or more. */
static void index_extent(wf__walls *ws) {
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (size_t i = 0; i < ws->n; i++) {
        x0 = fmin(x0, ws->w[i].x0);
        y0 = fmin(y0, ws->w[i].y0);
        x1 = fmax(x1, ws->w[i].x1);
        y1 = fmax(y1, ws->w[i].y1);
    }
    ws->side = BUCKET_SIDE;
    for (;;) {
        double bw = floor((x1 - x0) / ws->side) + 1;
        double bh = floor((y1 - y0) / ws->side) + 1;
        if (bw * bh <= MAX_BUCKETS) {
            ws->bw = (int)bw;
            ws->bh = (int)bh;
            break;
        }
        ws->side *= 2;
    }
    ws->ox = x0;
    ws->oy = y0;
}

wf_status wf__walls_index(wf__walls *ws, const wf_allocator *a) {
    if (ws->start)
        wf__free(a, ws->start,
                 ((size_t)ws->bw * (size_t)ws->bh + 1) * sizeof *ws->start);
    wf__free(a, ws->ids, ws->nids * sizeof *ws->ids);
    ws->start = NULL;
    ws->ids = NULL;
    ws->nids = 0;
    if (!ws->n) {
        ws->bw = ws->bh = 0;
        return WF_OK;
    }
    index_extent(ws);
    size_t nb = (size_t)ws->bw * (size_t)ws->bh;
    ws->start = wf__alloc(a, (nb + 1) * sizeof *ws->start);
    if (!ws->start)
        return WF_E_NOMEM;
    memset(ws->start, 0, (nb + 1) * sizeof *ws->start);
    size_t total = fill_buckets(ws, NULL), bytes;
    for (size_t k = 0; k < nb; k++)
        ws->start[k + 1] += ws->start[k];
    if (total > UINT32_MAX || !wf__mul_size(total, sizeof *ws->ids, &bytes))
        return WF_E_NOMEM;
    uint32_t *pos = wf__alloc(a, nb * sizeof *pos);
    ws->ids = wf__alloc(a, bytes ? bytes : 1);
    if (!pos || !ws->ids) {
        wf__free(a, pos, nb * sizeof *pos);
        return WF_E_NOMEM;
    }
    ws->nids = bytes ? total : 1;
    memcpy(pos, ws->start, nb * sizeof *pos);
    fill_buckets(ws, pos);
    wf__free(a, pos, nb * sizeof *pos);
    return WF_OK;
}

void wf__walls_near(const wf__walls *ws, double x0, double y0, double x1,
                    double y1, wf__wall_fn fn, void *ud) {
    if (!ws->n)
        return;
    int r[4];
    bucket_range(ws, x0, y0, x1, y1, r);
    for (int by = r[1]; by <= r[3]; by++)
        for (int bx = r[0]; bx <= r[2]; bx++) {
            size_t k = (size_t)by * (size_t)ws->bw + (size_t)bx;
            for (uint32_t e = ws->start[k]; e < ws->start[k + 1]; e++) {
                const wf__wall *w = &ws->w[ws->ids[e]];
                if (w->x1 < x0 || w->x0 > x1 || w->y1 < y0 || w->y0 > y1)
                    continue;
                /* once: in the first bucket of the range that lists it */
                int q[4];
                bucket_range(ws, w->x0, w->y0, w->x1, w->y1, q);
                if ((q[0] > r[0] ? q[0] : r[0]) != bx ||
                    (q[1] > r[1] ? q[1] : r[1]) != by)
                    continue;
                if (!fn(ud, w))
                    return;
            }
        }
}

size_t wf__walls_bound(const wf__walls *ws, double s) {
    if (!ws->n)
        return 0;
    size_t most = 0, nb = (size_t)ws->bw * (size_t)ws->bh;
    for (size_t k = 0; k < nb; k++)
        if (ws->start[k + 1] - ws->start[k] > most)
            most = ws->start[k + 1] - ws->start[k];
    size_t side = (size_t)(s / ws->side) + 2;
    return side * side * most;
}

/* ---- is a swept disc clear of the walls? --------------------------------- */

typedef struct sweep {
    vec2 a, b;
    double r;
    int hit;
} sweep;

/* Squared distance between segments p0p1 and q0q1 (the least of the four
 * end-to-segment distances, or 0 when they cross). */
static double point_seg2(vec2 p, vec2 a, vec2 b) {
    vec2 ab = v2_sub(b, a);
    double l2 = v2_len2(ab), t = l2 > 0.0 ? v2_dot(v2_sub(p, a), ab) / l2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return v2_len2(v2_sub(p, v2_add(a, v2_scale(ab, t))));
}

static double seg_seg2(vec2 p0, vec2 p1, vec2 q0, vec2 q1) {
    vec2 dp = v2_sub(p1, p0), dq = v2_sub(q1, q0);
    double s0 = v2_cross(dq, v2_sub(p0, q0)), s1 = v2_cross(dq, v2_sub(p1, q0));
    double t0 = v2_cross(dp, v2_sub(q0, p0)), t1 = v2_cross(dp, v2_sub(q1, p0));
    if (((s0 < 0.0 && s1 > 0.0) || (s0 > 0.0 && s1 < 0.0)) &&
        ((t0 < 0.0 && t1 > 0.0) || (t0 > 0.0 && t1 < 0.0)))
        return 0.0;
    double d = point_seg2(p0, q0, q1);
    d = fmin(d, point_seg2(p1, q0, q1));
    d = fmin(d, point_seg2(q0, p0, p1));
    return fmin(d, point_seg2(q1, p0, p1));
}

static int sweep_wall(void *ud, const wf__wall *w) {
    sweep *s = ud;
    /* from the free side only: a move that starts behind a wall or runs
     * away from it is not stopped by it */
    if (v2_dot(w->n, v2_sub(s->a, w->a)) < 0.0)
        return 1;
    if (s->r <= 0.0) {
        if (v2_dot(w->n, v2_sub(s->b, w->a)) < 0.0 &&
            seg_seg2(s->a, s->b, w->a, w->b) == 0.0) {
            s->hit = 1;
            return 0;
        }
        return 1;
    }
    if (seg_seg2(s->a, s->b, w->a, w->b) < s->r * s->r) {
        s->hit = 1;
        return 0;
    }
    return 1;
}

int wf__walls_block(const wf__walls *ws, vec2 a, vec2 b, double r) {
    if (!ws->n)
        return 0; /* an open plane: asked by every agent every step */
    sweep s = {a, b, r, 0};
    wf__walls_near(ws, fmin(a.x, b.x) - r, fmin(a.y, b.y) - r,
                   fmax(a.x, b.x) + r, fmax(a.y, b.y) + r, sweep_wall, &s);
    return s.hit;
}
