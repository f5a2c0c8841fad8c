/* The successors of the any-angle search's nodes (anya.c describes the
 * method): a cone crosses its row run by run, a root makes the cones of
 * the rows round it and walks its line, keeping only what a taut path may
 * do next. */
#include <stdlib.h>

#include "anya_internal.h"

/* ---- successors -------------------------------------------------------- */

/* The least distance from root (rx, ry) to the goal through the interval
 * [a, b] of doubled line Y (doubles; a heuristic only). */
static double cone_h(const aq *q, double rx, double ry, double Y, double a,
                     double b) {
    double gx = (double)q->gx2, gy = (double)q->gy2;
    if ((gy - Y) * (ry - Y) > 0)
        gy = 2 * Y - gy; /* the goal mirrored in the line */
    double px = rx + (gx - rx) * (Y - ry) / (gy - ry);
    if (px < a)
        return dist2(rx, ry, a, Y) + dist2(a, Y, gx, gy);
    if (px > b)
        return dist2(rx, ry, b, Y) + dist2(b, Y, gx, gy);
    return dist2(rx, ry, gx, gy);
}

static void push_cone(aq *q, uint32_t root, double g, int line, int dir,
                      ray a, ray b) {
    int64_t rx, ry;
    root_pos(q, root, &rx, &ry);
    int64_t t = 2 * (int64_t)line - ry;
    t = t < 0 ? -t : t;
    rat A = ray_at(rx, a, t), B = ray_at(rx, b, t);
    anode nd = {g, root, line, K_CONE, (int8_t)dir, a, b};
    double h = cone_h(q, (double)rx, (double)ry, 2.0 * line,
                      (double)A.n / (double)A.d, (double)B.n / (double)B.d);
    wf__anya_push(q, &nd, g + h);
}

static void push_goal(aq *q, uint32_t root, double g) {
    int64_t rx, ry;
    root_pos(q, root, &rx, &ry);
    anode nd = {g, root, 0, K_GOAL, 0, {0, 1}, {0, 1}};
    wf__anya_push(q, &nd, g + dist2((double)rx, (double)ry, (double)q->gx2,
                           (double)q->gy2));
}

/* Vertex (x, y) is seen from root `from` (cost g): a new root if it is a
 * turning point reached more cheaply than before. */
static void reach(aq *q, uint32_t from, double g, int x, int y) {
    if (x <= 0 || y <= 0 || x >= q->W || y >= q->H || !turning(q, x, y))
        return;
    int64_t rx, ry;
    root_pos(q, from, &rx, &ry);
    double ng = g + dist2((double)rx, (double)ry, 2.0 * x, 2.0 * y);
    uint32_t id = (uint32_t)y * (uint32_t)(q->W + 1) + (uint32_t)x;
    struct wf__anya *m = q->m;
    if (m->tag[id] == m->gen && !(ng < m->gv[id]))
        return;
    m->tag[id] = m->gen;
    m->gv[id] = ng;
    m->parent[id] = from;
    anode nd = {ng, id, 0, K_ROOT, 0, {0, 1}, {0, 1}};
    wf__anya_push(q, &nd, ng + dist2(2.0 * x, 2.0 * y, (double)q->gx2,
                            (double)q->gy2));
}

/* A rational that is a whole even number: the vertex column into *x. */
static int lattice(rat v, int *x) {
    if (v.n % v.d)
        return 0;
    int64_t k = v.n / v.d;
    if (k & 1)
        return 0;
    *x = (int)(k / 2);
    return 1;
}

/* The free run of row r through free cell x: cells [*l, *h]. With the
 * grid's passability bits (bit x + 1 of line r + 1 is cell (x, r), the
 * border bits blocked) a 64-cell word at a time. */
static void run_of(const aq *q, int r, int x, int *l, int *h) {
    if (!q->rows) {
        int a = x, b = x;
        while (!blocked(q, a - 1, r))
            a--;
        while (!blocked(q, b + 1, r))
            b++;
        *l = a;
        *h = b;
        return;
    }
    const uint64_t *line = q->rows + ((size_t)r + 1) * q->rw;
    size_t p = (size_t)x + 2, i = p >> 6;
    uint64_t w = ~line[i] & (~(uint64_t)0 << (p & 63));
    while (!w)
        w = ~line[++i];
    *h = (int)(i * 64 + (size_t)__builtin_ctzll(w)) - 2;
    p = (size_t)x;
    i = p >> 6;
    w = ~line[i] & (~(uint64_t)0 >> (63 - (p & 63)));
    while (!w)
        w = ~line[--i];
    *l = (int)(i * 64 + (size_t)(63 - __builtin_clzll(w)));
}

/* The first free cell of row r from x on, or a value > xmax. */
static int next_free(const aq *q, int r, int x, int xmax) {
    if (!q->rows) {
        while (x <= xmax && blocked(q, x, r))
            x++;
        return x;
    }
    const uint64_t *line = q->rows + ((size_t)r + 1) * q->rw;
    size_t p = (size_t)x + 1, i = p >> 6, last = ((size_t)xmax + 1) >> 6;
    uint64_t w = line[i] & (~(uint64_t)0 << (p & 63));
    while (!w) {
        if (++i > last)
            return xmax + 1;
        w = line[i];
    }
    return (int)(i * 64 + (size_t)__builtin_ctzll(w)) - 1;
}

/* Cone node n: its rays cross the row beyond its line. */
void wf__anya_expand_cone(aq *q, const anode *n) {
    int64_t rx, ry;
    root_pos(q, n->root, &rx, &ry);
    const int y = n->line, dir = n->dir;
    const int row = dir > 0 ? y : y - 1, next = y + dir;
    int64_t t = 2 * (int64_t)y - ry, t2 = 2 * (int64_t)next - ry;
    t = t < 0 ? -t : t;
    t2 = t2 < 0 ? -t2 : t2;
    const rat A = ray_at(rx, n->a, t), B = ray_at(rx, n->b, t);
    int vx;
    /* the interval's own ends, for overlaps of a single point */
    if (lattice(A, &vx))
        reach(q, n->root, n->g, vx, y);
    if (lattice(B, &vx))
        reach(q, n->root, n->g, vx, y);
    if (row < 0 || row >= q->H)
        return;
    /* cells whose span meets the open interval (A, B) */
    int x = (int)floor_div(A.n, 2 * A.d);
    const int x1 = (int)(-floor_div(-B.n, 2 * B.d)) - 1;
    if (x < 0)
        x = 0;
    const int xmax = x1 < q->W - 1 ? x1 : q->W - 1;
    for (;;) {
        x = next_free(q, row, x, xmax);
        if (x > xmax)
            break;
        int L, R;
        run_of(q, row, x, &L, &R);
        /* the overlap [lo, hi] and its rays */
        rat lo = A, hi = B;
        ray rlo = n->a, rhi = n->b;
        rat rl = {2 * (int64_t)L, 1}, rr = {2 * (int64_t)R + 2, 1};
        if (cmp_rat(A, rl) < 0) {
            lo = rl;
            rlo = (ray){(int32_t)(rl.n - rx), (int32_t)t};
        }
        if (cmp_rat(B, rr) > 0) {
            hi = rr;
            rhi = (ray){(int32_t)(rr.n - rx), (int32_t)t};
        }
        if (lattice(lo, &vx))
            reach(q, n->root, n->g, vx, y);
        if (lattice(hi, &vx))
            reach(q, n->root, n->g, vx, y);
        if (row == q->gy && q->gx >= L && q->gx <= R) {
            int64_t ge = q->gy2 - ry;
            ray gr = {(int32_t)(q->gx2 - rx), (int32_t)(ge < 0 ? -ge : ge)};
            rat gp = ray_at(rx, gr, t);
            if (cmp_rat(lo, gp) <= 0 && cmp_rat(gp, hi) <= 0)
                push_goal(q, n->root, n->g);
        }
        /* the rays through the overlap at the next line, inside the run */
        rat plo = ray_at(rx, rlo, t2), phi = ray_at(rx, rhi, t2);
        ray nlo = rlo, nhi = rhi;
        if (cmp_rat(plo, rl) < 0) {
            plo = rl;
            nlo = (ray){(int32_t)(rl.n - rx), (int32_t)t2};
        }
        if (cmp_rat(phi, rr) > 0) {
            phi = rr;
            nhi = (ray){(int32_t)(rr.n - rx), (int32_t)t2};
        }
        int c = cmp_rat(plo, phi);
        if (c < 0)
            push_cone(q, n->root, n->g, next, dir, nlo, nhi);
        else if (c == 0 && lattice(plo, &vx))
            reach(q, n->root, n->g, vx, next);
        x = R + 2;
    }
}

/* From vertex (vx, y) along line y in direction d (±1) to the first
 * turning point, over edges and vertices a path may take. */
static void walk_line(aq *q, uint32_t id, double g, int vx, int y, int d) {
    for (int x = vx;;) {
        int cx = d > 0 ? x : x - 1; /* the cells beside the next edge */
        if (blocked(q, cx, y - 1) && blocked(q, cx, y))
            return;
        x += d;
        if (!vertex_ok(q, x, y))
            return;
        if (turning(q, x, y)) {
            reach(q, id, g, x, y);
            return;
        }
    }
}

/* Which way a shortest path may leave root V, reached along direction
 * (dx, dy) (doubled): it bends round V's one blocked cell, so it turns
 * only to a side of the line of arrival where part of that cell lies, or
 * goes straight on. Bit 0: left turns (cross product > 0) allowed, bit 1:
 * right turns. The start (no arrival) may leave every way. */
typedef struct turn {
    int64_t dx, dy;
    unsigned sides;
    int by; /* the blocked cell's row: -1 above V's line, +1 below */
} turn;

static int sgn(int64_t v) { return (v > 0) - (v < 0); }

static unsigned side_bit(int64_t cross) {
    return cross > 0 ? 1u : cross < 0 ? 2u : 0u;
}

static turn turn_at(const aq *q, uint32_t id, int x, int y) {
    turn t = {0, 0, 3u, 0};
    if (id == q->nv)
        return t;
    int64_t px, py;
    root_pos(q, q->m->parent[id], &px, &py);
    t.dx = 2 * (int64_t)x - px;
    t.dy = 2 * (int64_t)y - py;
    /* the blocked cell's quadrant, as its two edge directions (y down) */
    int64_t ex = blocked(q, x - 1, y - 1) || blocked(q, x - 1, y) ? -1 : 1;
    int64_t ey = blocked(q, x - 1, y - 1) || blocked(q, x, y - 1) ? -1 : 1;
    /* cross((dx, dy), (ex, 0)) and cross((dx, dy), (0, ey)) */
    t.sides = side_bit(-t.dy * ex) | side_bit(t.dx * ey);
    t.by = (int)ey;
    return t;
}

/* May a path leave along direction (ox, oy) under t? */
static int turn_allows(const turn *t, int64_t ox, int64_t oy) {
    unsigned b = side_bit(t->dx * oy - t->dy * ox);
    return !b || (t->sides & b);
}

/* The cone from a root into row r (the run through cell x, or x - 1 when
 * x is blocked), ending on line `line`, keeping the sides tn allows; and
 * the goal when it lies in that run, is allowed, and with_goal. */
static void root_cone(aq *q, uint32_t id, double g, const turn *tn, int x,
                      int r, int line, int dir, int with_goal) {
    if (r < 0 || r >= q->H)
        return;
    if (blocked(q, x, r)) {
        if (blocked(q, x - 1, r))
            return;
        x--;
    }
    int64_t rx, ry;
    root_pos(q, id, &rx, &ry);
    int L, R;
    run_of(q, r, x, &L, &R);
    int64_t t = 2 * (int64_t)line - ry;
    t = t < 0 ? -t : t;
    ray a = {(int32_t)(2 * (int64_t)L - rx), (int32_t)t};
    ray b = {(int32_t)(2 * (int64_t)R + 2 - rx), (int32_t)t};
    /* the run's whole rectangle is seen from the root, so is the goal in
     * it, even when the rays leave by its sides before `line` */
    if (with_goal && r == q->gy && q->gx >= L && q->gx <= R &&
        turn_allows(tn, q->gx2 - rx, q->gy2 - ry))
        push_goal(q, id, g);
    if (tn->sides != 3u) {
        if (tn->dy == 0) {
            /* arrival along a line: the row lies wholly on one side */
            if (!turn_allows(tn, 0, dir))
                return;
        } else {
            /* the line of arrival crosses `line` at c; right of c the
             * cross product has the sign of -dy */
            ray c = {(int32_t)(dir * sgn(tn->dy) * tn->dx),
                     (int32_t)(tn->dy < 0 ? -tn->dy : tn->dy)};
            unsigned right = side_bit(-tn->dy), left = side_bit(tn->dy);
            rat A = ray_at(rx, a, t), B = ray_at(rx, b, t);
            rat C = ray_at(rx, c, t);
            if (!(tn->sides & right) && cmp_rat(C, B) < 0)
                b = c, B = C;
            if (!(tn->sides & left) && cmp_rat(C, A) > 0)
                a = c, A = C;
            int k = cmp_rat(A, B);
            if (k > 0)
                return;
            if (k == 0) { /* straight on through a corner of the run */
                int vx;
                if (lattice(A, &vx))
                    reach(q, id, g, vx, line);
                return;
            }
        }
    }
    push_cone(q, id, g, line, dir, a, b);
}

void wf__anya_expand_root(aq *q, const anode *n) {
    int64_t rx, ry;
    root_pos(q, n->root, &rx, &ry);
    int x = (int)(rx / 2), y = (int)(ry / 2);
    turn tn = turn_at(q, n->root, x, y);
    if (n->root == q->nv) { /* the start, inside cell (x, y) */
        root_cone(q, n->root, n->g, &tn, x, y, y, -1, 1);
        root_cone(q, n->root, n->g, &tn, x, y, y + 1, 1, 0);
        return;
    }
    /* Arriving from one side of line y, the path bends round the blocked
     * cell within the angle between where it came from and where it goes:
     * into the row ahead, or along the line when the blocked cell lies in
     * the row behind; never back into the row behind, which would need
     * that angle to hold the cell's whole quadrant. */
    int ahead = sgn(tn.dy);
    if (!ahead || tn.by == -ahead) {
        if (turn_allows(&tn, 1, 0))
            walk_line(q, n->root, n->g, x, y, 1);
        if (turn_allows(&tn, -1, 0))
            walk_line(q, n->root, n->g, x, y, -1);
    }
    if (ahead >= 0)
        root_cone(q, n->root, n->g, &tn, x, y, y + 1, 1, 1);
    if (ahead <= 0)
        root_cone(q, n->root, n->g, &tn, x, y - 1, y - 1, -1, 1);
}
