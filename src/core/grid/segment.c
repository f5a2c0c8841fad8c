/* Straight segments on a grid: may a unit take one, and what does it cost
 * (polyline.h states the rule). Points are multiples of 0.5, so in doubled
 * coordinates they are integers, grid lines are the even values, and the
 * parameters t at which the segment meets a line are fractions compared
 * by cross-multiplying: no rounding decides legality. */
#include <math.h>

#include "internal.h"

/* Doubled coordinates fit easily: sides are at most WF_GRID_MAX_SIDE. */
typedef struct seg {
    const wf_grid *g;
    wf__seg_rule r; /* a copy: read in the innermost loop */
} seg;

/* May a unit of size r.k > 1 stand on cell (x, y), on the grid? Kept
 * out of line: size-1 segments, the common case, never call it. */
__attribute__((noinline)) static int fits(const seg *s, int64_t x, int64_t y) {
    const wf_grid *g = s->g;
    const int64_t k = s->r.k;
    if (s->r.clr)
        return wf__fits(s->r.clr, (size_t)y * (size_t)g->width + (size_t)x,
                        (unsigned)k);
    if (x + k > g->width || y + k > g->height)
        return 0;
    for (int64_t j = y; j < y + k; j++)
        for (int64_t i = x; i < x + k; i++)
            if (!(s->r.cost[g->terrain[(size_t)j * (size_t)g->width +
                                        (size_t)i]] < INFINITY))
                return 0;
    return 1;
}

/* The cost of cell (x, y), INFINITY when it is off the grid or blocked
 * for the unit. */
static double cell(const seg *s, int64_t x, int64_t y) {
    if (x < 0 || y < 0 || x >= s->g->width || y >= s->g->height)
        return INFINITY;
    if (WF_UNLIKELY(s->r.k > 1) && !fits(s, x, y))
        return INFINITY;
    return s->r.cost[s->g->terrain[(size_t)y * (size_t)s->g->width +
                                    (size_t)x]];
}

static int blocked(const seg *s, int64_t x, int64_t y) {
    return !(cell(s, x, y) < INFINITY);
}

/* floor(n / d) for d > 0. */
static int64_t floor_div(int64_t n, int64_t d) {
    int64_t q = n / d;
    return q * d > n ? q - 1 : q;
}

/* The point rules, for a point P (doubled coordinates) the segment
 * touches: on a vertex, on an edge, or inside a cell. */
static int point_ok(const seg *s, int64_t px, int64_t py) {
    int on_x = (px & 1) == 0, on_y = (py & 1) == 0;
    int64_t cx = floor_div(px, 2), cy = floor_div(py, 2);
    if (on_x && on_y) {
        /* the four cells round vertex (cx, cy) */
        int nw = blocked(s, cx - 1, cy - 1), ne = blocked(s, cx, cy - 1);
        int sw = blocked(s, cx - 1, cy), se = blocked(s, cx, cy);
        if (nw && ne && sw && se)
            return 0;
        switch (s->r.corners) {
        case WF_CORNERS_NO_CUT: return !(nw || ne || sw || se);
        case WF_CORNERS_ONE_FREE: return !(nw && se) && !(ne && sw);
        default: return 1;
        }
    }
    if (on_x) { /* on a vertical edge between (cx - 1, cy) and (cx, cy) */
        int l = blocked(s, cx - 1, cy), r = blocked(s, cx, cy);
        return s->r.corners == WF_CORNERS_NO_CUT ? !l && !r : !(l && r);
    }
    if (on_y) {
        int u = blocked(s, cx, cy - 1), d = blocked(s, cx, cy);
        return s->r.corners == WF_CORNERS_NO_CUT ? !u && !d : !(u && d);
    }
    return !blocked(s, cx, cy);
}

/* The cost per unit length of the open stretch whose midpoint, in
 * quadrupled coordinates, is (mx, my): inside a cell, that cell's cost;
 * along an edge, the cheaper side's (both sides under no-cut). */
static double stretch_cost(const seg *s, int64_t mx, int64_t my) {
    int on_x = mx % 4 == 0, on_y = my % 4 == 0;
    int64_t cx = floor_div(mx, 4), cy = floor_div(my, 4);
    double a, b;
    if (on_x) {
        a = cell(s, cx - 1, cy);
        b = cell(s, cx, cy);
    } else if (on_y) {
        a = cell(s, cx, cy - 1);
        b = cell(s, cx, cy);
    } else {
        return cell(s, cx, cy);
    }
    if (s->r.corners == WF_CORNERS_NO_CUT && !(a < INFINITY && b < INFINITY))
        return INFINITY;
    return a < b ? a : b;
}

/* The parameter of the next line (even value) of one axis after the
 * current one, as n / d with d = |delta|; d = 0: never. */
typedef struct axis {
    int64_t start, delta, d; /* doubled start, delta, |delta| */
    int64_t line;            /* the next line's doubled coordinate */
    int step;                /* +2 or -2 */
} axis;

static axis axis_make(int64_t start, int64_t delta) {
    axis a = {start, delta, delta < 0 ? -delta : delta, 0, delta < 0 ? -2 : 2};
    if (delta > 0)
        a.line = (start & 1) ? start + 1 : start + 2;
    else
        a.line = (start & 1) ? start - 1 : start - 2;
    return a;
}

/* n of the next crossing (t = n / a->d), or -1 when there is none before
 * t = 1. */
static int64_t axis_next(const axis *a) {
    if (!a->d)
        return -1;
    int64_t n = (a->line - a->start) * (a->delta < 0 ? -1 : 1);
    return n <= a->d ? n : -1;
}

/* What the walk reports: each open stretch between two breakpoints (its
 * midpoint in quadrupled coordinates, and the fraction of the segment it
 * covers), and each grid vertex the segment passes through strictly
 * between its ends. A visitor returning 0 stops the walk. */
typedef struct walker {
    int (*stretch)(void *ud, int64_t mx, int64_t my, double frac);
    int (*vertex)(void *ud, int64_t px, int64_t py);
    void *ud;
} walker;

/* Walks the segment from (ax, ay) to (bx, by) (doubled coordinates, not
 * equal) line crossing by line crossing: the one segment walker, for
 * costs (segment) and for the cells a segment covers (wf__segment_cells).
 * Returns 0 when a visitor stopped it. */
WF_INLINE int walk(int64_t ax, int64_t ay, int64_t bx, int64_t by,
                   const walker *w) {
    int64_t dx = bx - ax, dy = by - ay;
    axis X = axis_make(ax, dx), Y = axis_make(ay, dy);
    /* t runs over fractions n / q; the previous breakpoint is pn / pq */
    int64_t pn = 0, pq = 1;
    for (;;) {
        int64_t nx = axis_next(&X), ny = axis_next(&Y);
        /* the nearest of the two crossings and t = 1 */
        int64_t n = 1, q = 1;
        if (nx >= 0 && nx * q < n * X.d) {
            n = nx;
            q = X.d;
        }
        if (ny >= 0 && ny * q < n * Y.d) {
            n = ny;
            q = Y.d;
        }
        /* the open stretch (pn/pq, n/q) lies, along each axis that
         * moves, between the last line crossed and the next one: the
         * cell before the next line. Reported as a point inside that
         * cell in quadrupled coordinates (4 × cell + 1); an axis that
         * does not move reports its own doubled coordinate × 2, a
         * multiple of 4 exactly when the stretch runs along a line. */
        int64_t mx = dx == 0 ? 2 * ax
                             : (dx > 0 ? 2 * (X.line - 2) : 2 * X.line) + 1;
        int64_t my = dy == 0 ? 2 * ay
                             : (dy > 0 ? 2 * (Y.line - 2) : 2 * Y.line) + 1;
        if (!w->stretch(w->ud, mx, my,
                        (double)n / (double)q - (double)pn / (double)pq))
            return 0;
        if (n == q) /* reached t = 1 */
            return 1;
        /* the breakpoint itself: step past every line it lies on */
        int cross_x = nx >= 0 && nx * q == n * X.d;
        int cross_y = ny >= 0 && ny * q == n * Y.d;
        /* running along a line, every crossing of the other axis is a
         * vertex */
        int on_x = cross_x || (dx == 0 && (ax & 1) == 0);
        int on_y = cross_y || (dy == 0 && (ay & 1) == 0);
        int64_t px = cross_x ? X.line : ax, py = cross_y ? Y.line : ay;
        if (on_x && on_y && w->vertex && !w->vertex(w->ud, px, py))
            return 0;
        /* (a point on one line only crosses from one cell into the next,
         * and the stretches either side have checked both) */
        if (cross_x)
            X.line += X.step;
        if (cross_y)
            Y.line += Y.step;
        pn = n;
        pq = q;
    }
}

/* The cost walk: sums each stretch's cost, stops at a forbidden stretch
 * or vertex. */
typedef struct cost_walk {
    const seg *s;
    double len, total;
} cost_walk;

static int cost_stretch(void *ud, int64_t mx, int64_t my, double frac) {
    cost_walk *cw = ud;
    double c = stretch_cost(cw->s, mx, my);
    if (!(c < INFINITY))
        return 0;
    cw->total += c * cw->len * frac;
    return 1;
}

static int cost_vertex(void *ud, int64_t px, int64_t py) {
    return point_ok(((cost_walk *)ud)->s, px, py);
}

static wf_status segment(const seg *s, int64_t ax, int64_t ay, int64_t bx,
                         int64_t by, double *out) {
    *out = INFINITY;
    if (!point_ok(s, ax, ay) || !point_ok(s, bx, by))
        return WF_NO_PATH;
    int64_t dx = bx - ax, dy = by - ay;
    if (!dx && !dy) {
        *out = 0;
        return WF_OK;
    }
    cost_walk cw = {s,
                    sqrt((double)dx * (double)dx + (double)dy * (double)dy) /
                        2,
                    0};
    walker w = {cost_stretch, cost_vertex, &cw};
    if (!walk(ax, ay, bx, by, &w))
        return WF_NO_PATH;
    *out = cw.total;
    return WF_OK;
}

static int doubled(double v, int64_t *out) {
    double d = v * 2;
    if (!(d == floor(d)) || fabs(d) > 4.0 * WF_GRID_MAX_SIDE)
        return 0;
    *out = (int64_t)d;
    return 1;
}

wf__seg_rule wf__seg_rule_make(const wf_grid *g, wf_move move,
                               const double cost[256], int forbids,
                               const uint8_t *clr) {
    wf__seg_rule r = {cost, NULL, (unsigned)move.size,
                      move.connect == 4 ? WF_CORNERS_NO_CUT : move.corners};
    if (r.k > 1)
        r.clr = clr ? clr : forbids ? NULL : g->clear;
    return r;
}

wf_status wf__segment_cost(const wf_grid *g, const wf__seg_rule *rule,
                           wf_vec2 a, wf_vec2 b, double *out) {
    int64_t ax, ay, bx, by;
    *out = INFINITY;
    if (!doubled(a.x, &ax) || !doubled(a.y, &ay) || !doubled(b.x, &bx) ||
        !doubled(b.y, &by))
        return WF_E_INVALID_ARG;
    int64_t w2 = 2 * (int64_t)g->width, h2 = 2 * (int64_t)g->height;
    if (ax < 0 || ay < 0 || bx < 0 || by < 0 || ax > w2 || bx > w2 ||
        ay > h2 || by > h2)
        return WF_E_RANGE;
    seg s = {g, *rule};
    return segment(&s, ax, ay, bx, by, out);
}

/* The cells walk: each stretch's cell, consecutive repeats dropped. */
typedef struct cells_walk {
    const seg *s;
    wf_point *out;
    size_t max, n;
    wf_point last;
} cells_walk;

static int cells_stretch(void *ud, int64_t mx, int64_t my, double frac) {
    cells_walk *cw = ud;
    (void)frac;
    int64_t cx = floor_div(mx, 4), cy = floor_div(my, 4);
    /* along an edge: the cheaper side that is on the grid (the one left
     * of or above the edge on a tie) */
    int64_t ox = cx, oy = cy;
    if (mx % 4 == 0)
        ox = cx - 1;
    else if (my % 4 == 0)
        oy = cy - 1;
    if ((ox != cx || oy != cy) && cell(cw->s, ox, oy) <= cell(cw->s, cx, cy) &&
        ox >= 0 && oy >= 0) {
        cx = ox;
        cy = oy;
    }
    if (cx >= cw->s->g->width)
        cx = cw->s->g->width - 1;
    if (cy >= cw->s->g->height)
        cy = cw->s->g->height - 1;
    wf_point c = {(int)cx, (int)cy};
    if (cw->n && cw->last.x == c.x && cw->last.y == c.y)
        return 1;
    if (cw->out && cw->n < cw->max)
        cw->out[cw->n] = c;
    cw->n++;
    cw->last = c;
    return 1;
}

size_t wf__segment_cells(const wf_grid *g, const double cost[256], wf_vec2 a,
                         wf_vec2 b, wf_point *out, size_t max) {
    int64_t ax, ay, bx, by;
    if (!doubled(a.x, &ax) || !doubled(a.y, &ay) || !doubled(b.x, &bx) ||
        !doubled(b.y, &by))
        return 0;
    int64_t w2 = 2 * (int64_t)g->width, h2 = 2 * (int64_t)g->height;
    if (ax < 0 || ay < 0 || bx < 0 || by < 0 || ax > w2 || bx > w2 ||
        ay > h2 || by > h2)
        return 0;
    wf__seg_rule r = {cost, NULL, 1, WF_CORNERS_ALWAYS};
    seg s = {g, r};
    cells_walk cw = {&s, out, max, 0, {0, 0}};
    if (ax == bx && ay == by) {
        /* a point: the cell it lies in (or starts, on a line) */
        int64_t mx = 2 * ax + ((ax & 1) ? 0 : 1), my = 2 * ay + ((ay & 1) ? 0 : 1);
        cells_stretch(&cw, mx, my, 0);
        return cw.n;
    }
    walker w = {cells_stretch, NULL, &cw};
    walk(ax, ay, bx, by, &w);
    return cw.n;
}

wf_status wf_grid_segment_cost(const wf_grid *g, wf_vec2 a, wf_vec2 b,
                               wf_move move, const wf_filter *filter,
                               double *cost) {
    if (!g || !cost)
        return WF_E_INVALID_ARG;
    *cost = INFINITY;
    if (wf__move_check(&move, NULL, 0) != WF_OK ||
        wf_filter_check(filter, NULL, 0) != WF_OK)
        return WF_E_INVALID_ARG;
    double table[256];
    uint8_t pass[256];
    int forbids = wf__filter_costs(g, filter, table, pass);
    wf__seg_rule r = wf__seg_rule_make(g, move, table, forbids, NULL);
    return wf__segment_cost(g, &r, a, b, cost);
}

wf_status wf_polyline_from_path(const wf_grid *g, const wf_path *path,
                                wf_move move, const wf_filter *filter,
                                wf_polyline *out) {
    if (!g || !path || !out || (path->count && !path->points) ||
        wf__move_check(&move, NULL, 0) != WF_OK ||
        wf_filter_check(filter, NULL, 0) != WF_OK)
        return WF_E_INVALID_ARG;
    for (size_t i = 0; i < path->count; i++)
        if (!wf_grid_contains(g, path->points[i].x, path->points[i].y))
            return WF_E_RANGE;
    wf_status st = wf_polyline_reserve(out, path->count);
    if (st != WF_OK)
        return st;
    double table[256];
    uint8_t pass[256];
    int forbids = wf__filter_costs(g, filter, table, pass);
    wf__seg_rule r = wf__seg_rule_make(g, move, table, forbids, NULL);
    out->count = path->count;
    out->length = out->cost = 0;
    out->stats = path->stats;
    for (size_t i = 0; i < path->count; i++) {
        out->points[i] = (wf_vec2){path->points[i].x + 0.5,
                                   path->points[i].y + 0.5};
        if (!i)
            continue;
        wf_vec2 a = out->points[i - 1], b = out->points[i];
        double c;
        wf__segment_cost(g, &r, a, b, &c);
        out->cost += c;
        out->length += hypot(b.x - a.x, b.y - a.y);
    }
    return WF_OK;
}
