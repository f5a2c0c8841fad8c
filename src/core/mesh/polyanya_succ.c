/* The successors of one Polyanya node. The node's root r sees polygon
 * `poly` through the interval [A, B] of one of its edges; the polygon's
 * other edges, taken from B's side round to A's, are split by the rays
 * r → B and r → A into three parts:
 *  - the part between the rays is seen from r: observable successors,
 *    same root;
 *  - the part right of r → B is hidden unless the path bends round B, which
 *    helps only when B is the edge's corner and that corner touches the
 *    boundary: successors rooted at B (likewise left of r → A, at A).
 * Each end of a new interval is a corner of the polygon or where one of
 * the rays meets an edge, kept as the ray's direction: the sides of every
 * test are exact 64-bit cross products. An edge whose line passes through
 * the root is seen edge-on: nothing beyond it is seen through it, but the
 * path may run along the line to the edge's nearer end and bend there,
 * from where the whole polygon across is seen (a fan node, fan_at; on
 * grids, where walls are straight, this is common). Edges to the boundary
 * and polygons that lead nowhere (dead ends) are skipped unless they hold
 * the goal. When the polygon entered holds the goal, the one successor is
 * the goal's node. */
#include <math.h>

#include "mesh_internal.h"

void wf__mesh_ray_point(wf__mpt r, int32_t dx, int32_t dy, wf__mpt u,
                        wf__mpt w, double *x, double *y) {
    /* u + s (w - u) on the ray: s = side(d, u) / side(d, u) - side(d, w) */
    const int64_t su = wf__side(dx, dy, r, u), sw = wf__side(dx, dy, r, w);
    const double s = su == sw ? 0 : (double)su / ((double)su - (double)sw);
    *x = u.x + s * ((double)w.x - u.x);
    *y = u.y + s * ((double)w.y - u.y);
}

void wf__polyanya_end(const wf_mesh *m, const wf__mnode *n, int a,
                      double *x, double *y) {
    const uint32_t s = m->pstart[n->poly], e = m->pstart[n->poly + 1];
    const uint32_t i = n->edge, j = i + 1 < e ? i + 1 : s;
    const wf__mpt u = m->vert[m->pvert[i]], w = m->vert[m->pvert[j]];
    if (a ? n->a_corner : n->b_corner) {
        const wf__mpt c = a ? u : w;
        *x = c.x, *y = c.y;
        return;
    }
    wf__mesh_ray_point(n->r, a ? n->adx : n->bdx, a ? n->ady : n->bdy, u, w,
                       x, y);
}

static double dist(double ax, double ay, double bx, double by) {
    return sqrt((ax - bx) * (ax - bx) + (ay - by) * (ay - by));
}

double wf__polyanya_h(const wf__mexp *x, const wf__mnode *n) {
    if (n->fan)
        return dist(n->r.x, n->r.y, x->gx, x->gy);
    double ax, ay, bx, by;
    wf__polyanya_end(x->m, n, 1, &ax, &ay);
    wf__polyanya_end(x->m, n, 0, &bx, &by);
    const double rx = n->r.x, ry = n->r.y;
    double gx = x->gx, gy = x->gy;
    /* the goal on the root's side of the edge's line: its mirror image */
    const double ex = bx - ax, ey = by - ay;
    const double side_r = ex * (ry - ay) - ey * (rx - ax);
    const double side_g = ex * (gy - ay) - ey * (gx - ax);
    if ((side_r < 0 && side_g < 0) || (side_r > 0 && side_g > 0)) {
        const double l2 = ex * ex + ey * ey;
        const double t = ((gx - ax) * ex + (gy - ay) * ey) / l2;
        const double px = ax + t * ex, py = ay + t * ey;
        gx = 2 * px - gx, gy = 2 * py - gy;
    }
    /* straight through the interval, or round the nearer end */
    const double la = (ax - rx) * (gy - ry) - (ay - ry) * (gx - rx);
    const double lb = (bx - rx) * (gy - ry) - (by - ry) * (gx - rx);
    if (la > 0)
        return dist(rx, ry, ax, ay) + dist(ax, ay, gx, gy);
    if (lb < 0)
        return dist(rx, ry, bx, by) + dist(bx, by, gx, gy);
    return dist(rx, ry, gx, gy);
}

/* A new node in q's array; NULL when out of memory. */
static wf__mnode *new_node(wf_mesh_query *q) {
    if (q->nn == q->cap_n) {
        const size_t cap = q->cap_n ? q->cap_n * 2 : 256;
        wf__mnode *n = wf__realloc(&q->alloc, q->node, q->cap_n * sizeof *n,
                                   cap * sizeof *n);
        if (!n)
            return NULL;
        q->node = n;
        q->cap_n = cap;
    }
    return &q->node[q->nn++];
}

/* One successor from root r (vertex root, cost g) through the part of
 * edge j of the expanded polygon between its ends: B on the side of the
 * edge's first corner P, A on the side of N; a corner flag, or the ray
 * direction from r. Returns 1 made, 0 not worth making, -1 no memory. */
typedef struct succ {
    wf__mpt r;
    uint32_t root, parent, j;
    double g;
    int a_corner, b_corner;
    int32_t adx, ady, bdx, bdy;
    int fan;
} succ;

static int emit(wf__mexp *x, const succ *s) {
    const wf_mesh *m = x->m;
    const uint32_t q = m->padj[s->j];
    if (q == WF__NONE)
        return 0;
    const int goal = x->q->goal_tag[q] == x->q->gen;
    if (!goal && m->dead[q])
        return 0;
    wf__mnode *n = new_node(x->q);
    if (!n)
        return -1;
    const uint32_t k = m->pback[s->j];
    const uint32_t k1 = k + 1 < m->pstart[q + 1] ? k + 1 : m->pstart[q];
    const wf__mpt N = m->vert[m->pvert[k]], P = m->vert[m->pvert[k1]];
    n->r = s->r, n->root = s->root, n->poly = q, n->parent = s->parent;
    n->edge = k;
    n->a_corner = (uint8_t)s->a_corner, n->b_corner = (uint8_t)s->b_corner;
    n->adx = s->a_corner ? N.x - s->r.x : s->adx;
    n->ady = s->a_corner ? N.y - s->r.y : s->ady;
    n->bdx = s->b_corner ? P.x - s->r.x : s->bdx;
    n->bdy = s->b_corner ? P.y - s->r.y : s->bdy;
    n->g = s->g;
    n->bend = 0;
    n->fan = (uint8_t)s->fan;
    n->final = (uint8_t)goal;
    n->via = 0;
    if (goal && !s->fan) {
        if (wf__side(n->adx, n->ady, n->r, x->goal) > 0)
            n->via = 1;
        else if (wf__side(n->bdx, n->bdy, n->r, x->goal) < 0)
            n->via = 2;
    }
    n->f = s->g + wf__polyanya_h(x, n);
    return 1;
}

/* May a path reaching corner v with cost g from root `from` bend there?
 * Root-level pruning: not when a path reached v more cheaply, nor as
 * cheaply from another root. A tie from the same root is the same path
 * seen through another polygon round its corner: it adds that polygon's
 * share. Ties from other roots (grids make many: two ways round a block)
 * would each be searched again from v, doubling the nodes at every
 * corner they share; one suffices, as what the other reaches through v
 * bends there the wrong way and is reached more cheaply without it.
 * Costs within a relative 1e-12 tie, so rounding does not decide. */
static int root_open(const wf_mesh_query *q, uint32_t v, double g,
                     uint32_t from) {
    if (q->root_tag[v] != q->gen)
        return 1;
    const double best = q->root_g[v], tie = best * 1e-12;
    return g < best - tie || (g <= best + tie && q->root_by[v] == from);
}

static void root_made(wf_mesh_query *q, uint32_t v, double g,
                      uint32_t from) {
    if (q->root_tag[v] == q->gen && g > q->root_g[v])
        return;
    q->root_tag[v] = q->gen;
    q->root_g[v] = g;
    q->root_by[v] = from;
}

static double len(wf__mpt a, wf__mpt b) {
    const double dx = (double)a.x - b.x, dy = (double)a.y - b.y;
    return sqrt(dx * dx + dy * dy);
}

/* Edge j (P → N) of the polygon lies on a line through v, a point the
 * path reaches at cost g: nothing beyond it is seen from v, but the path
 * may run along the line to the edge's nearer end X and bend there, seeing
 * all of the polygon across, X being one of its corners. Made when X is
 * v itself or a corner touching the boundary, and not dearer than a path
 * to X already made. */
static int fan_at(wf__mexp *x, uint32_t idx, wf__mpt v, uint32_t vid,
                  double g, uint32_t j, uint32_t P, uint32_t N) {
    const wf_mesh *m = x->m;
    if (m->padj[j] == WF__NONE)
        return 0;
    const wf__mpt p = m->vert[P], n = m->vert[N];
    const int64_t dp = ((int64_t)p.x - v.x) * (p.x - v.x) +
                       ((int64_t)p.y - v.y) * (p.y - v.y);
    const int64_t dn = ((int64_t)n.x - v.x) * (n.x - v.x) +
                       ((int64_t)n.y - v.y) * (n.y - v.y);
    const uint32_t X = dp <= dn ? P : N;
    if (X != vid && !m->corner[X])
        return 0;
    const double gx = g + len(v, m->vert[X]);
    /* X = v: the same root, turning on round its corner */
    if (X != vid && !root_open(x->q, X, gx, vid))
        return 0;
    uint32_t parent = idx;
    if (X != vid && vid != x->q->node[idx].root) {
        /* the path bends at v on its way to X: a node to say so */
        wf__mnode *b = new_node(x->q);
        if (!b)
            return -1;
        *b = x->q->node[idx];
        b->r = v, b->root = vid, b->parent = idx, b->g = g, b->bend = 1;
        parent = (uint32_t)(x->q->nn - 1);
    }
    const succ s = {m->vert[X], X, parent, j, gx, 1, 1, 0, 0, 0, 0, 1};
    const int k = emit(x, &s);
    if (k > 0 && X != vid)
        root_made(x->q, X, gx, vid);
    return k;
}

/* A fan node: every edge of the polygon is seen whole from the root, a
 * corner of it; an edge the root ends goes on round the root. */
static int expand_fan(wf__mexp *x, uint32_t idx, const wf__mnode *n) {
    const wf_mesh *m = x->m;
    const uint32_t s = m->pstart[n->poly], e = m->pstart[n->poly + 1];
    int made = 0;
    for (uint32_t j = s; j < e; j++) {
        const uint32_t j1 = j + 1 < e ? j + 1 : s;
        if (j == n->edge || m->padj[j] == WF__NONE)
            continue;
        const uint32_t P = m->pvert[j], N = m->pvert[j1];
        int k;
        if (wf__orient(m->vert[P], m->vert[N], n->r) == 0) {
            k = fan_at(x, idx, n->r, n->root, n->g, j, P, N);
        } else {
            const succ v = {n->r, n->root, idx, j, n->g, 1, 1,
                            0, 0, 0, 0, 0};
            k = emit(x, &v);
        }
        if (k < 0)
            return -1;
        made += k;
    }
    return made;
}

/* The successors through edge j (P → N) of a node's polygon, seen from
 * root r through [A, B]: observable from r; hidden, round B or A. */
typedef struct view {
    const wf__mnode *n;
    uint32_t idx, L, R;
    wf__mpt Lp, Rp;
    int open_a, open_b;
    double ga, gb;
} view;

static int through(wf__mexp *x, const view *w, uint32_t j, uint32_t P,
                   uint32_t N, int *made_a, int *made_b) {
    const wf_mesh *m = x->m;
    const wf__mnode *n = w->n;
    const wf__mpt r = n->r, p = m->vert[P], q = m->vert[N];
    const int64_t sPB = wf__side(n->bdx, n->bdy, r, p),
                  sNB = wf__side(n->bdx, n->bdy, r, q);
    const int64_t sPA = wf__side(n->adx, n->ady, r, p),
                  sNA = wf__side(n->adx, n->ady, r, q);
    int k = 0, k2;
    if (wf__orient(p, q, r) == 0) {
        /* on a boundary ray of the view: along it, then round an end
           (the same fan as round B or A when that is the way) */
        const int on_b = sPB == 0 && sNB == 0, on_a = sPA == 0 && sNA == 0;
        if ((on_b && !(w->open_b && P == w->R)) ||
            (on_a && !(w->open_a && N == w->L)))
            k = fan_at(x, w->idx, r, n->root, n->g, j, P, N);
    } else if (sNB > 0 && sPA < 0) {
        const succ v = {r, n->root, w->idx, j, n->g, sNA <= 0, sPB >= 0,
                        n->adx, n->ady, n->bdx, n->bdy, 0};
        k = emit(x, &v);
    }
    if (k >= 0 && w->open_b && (sPB < 0 || (P == w->R && sNB <= 0))) {
        if (wf__orient(p, q, w->Rp) == 0) {
            k2 = fan_at(x, w->idx, w->Rp, w->R, w->gb, j, P, N);
            *made_b += k2 > 0;
        } else {
            const succ v = {w->Rp, w->R, w->idx, j, w->gb, sNB <= 0, 1,
                            n->bdx, n->bdy, 0, 0, 0};
            k2 = emit(x, &v);
            *made_b += k2 > 0;
        }
        k = k2 < 0 ? -1 : k + k2;
    }
    if (k >= 0 && w->open_a && (sNA > 0 || (N == w->L && sPA >= 0))) {
        if (wf__orient(p, q, w->Lp) == 0) {
            k2 = fan_at(x, w->idx, w->Lp, w->L, w->ga, j, P, N);
            *made_a += k2 > 0;
        } else {
            const succ v = {w->Lp, w->L, w->idx, j, w->ga, 1, sPA >= 0,
                            0, 0, n->adx, n->ady, 0};
            k2 = emit(x, &v);
            *made_a += k2 > 0;
        }
        k = k2 < 0 ? -1 : k + k2;
    }
    return k;
}

int wf__polyanya_expand(wf__mexp *x, uint32_t idx) {
    const wf_mesh *m = x->m;
    const wf__mnode n = x->q->node[idx];
    if (n.fan)
        return expand_fan(x, idx, &n);
    const uint32_t s = m->pstart[n.poly], e = m->pstart[n.poly + 1];
    const uint32_t deg = e - s;
    view w = {&n, idx, m->pvert[n.edge],
              m->pvert[n.edge + 1 < e ? n.edge + 1 : s], {0, 0}, {0, 0},
              0, 0, 0, 0};
    w.Lp = m->vert[w.L], w.Rp = m->vert[w.R];
    /* may the path bend round B (the right corner) or A (the left)? */
    if (n.b_corner && m->corner[w.R]) {
        w.gb = n.g + len(n.r, w.Rp);
        w.open_b = root_open(x->q, w.R, w.gb, n.root);
    }
    if (n.a_corner && m->corner[w.L]) {
        w.ga = n.g + len(n.r, w.Lp);
        w.open_a = root_open(x->q, w.L, w.ga, n.root);
    }
    int made = 0, made_a = 0, made_b = 0;
    for (uint32_t t = 1; t < deg; t++) {
        const uint32_t j = s + (n.edge - s + t) % deg;
        const uint32_t j1 = j + 1 < e ? j + 1 : s;
        if (m->padj[j] == WF__NONE)
            continue;
        const int k = through(x, &w, j, m->pvert[j], m->pvert[j1], &made_a,
                              &made_b);
        if (k < 0)
            return -1;
        made += k;
    }
    if (made_b)
        root_made(x->q, w.R, w.gb, n.root);
    if (made_a)
        root_made(x->q, w.L, w.ga, n.root);
    return made;
}

int wf__polyanya_seed(wf__mexp *x, wf__mpt s, uint32_t poly, uint32_t j) {
    const wf_mesh *m = x->m;
    const uint32_t j1 = j + 1 < m->pstart[poly + 1] ? j + 1 : m->pstart[poly];
    const uint32_t P = m->pvert[j], N = m->pvert[j1];
    const wf__mpt p = m->vert[P], n = m->vert[N];
    if (wf__orient(p, n, s) != 0) {
        const succ v = {s, WF__NONE, WF__NONE, j, 0, 1, 1, 0, 0, 0, 0, 0};
        return emit(x, &v);
    }
    /* on the edge: the polygon across holds s too; on its line beyond an
       end: along the line to that end, round it */
    const int64_t dot = ((int64_t)p.x - s.x) * ((int64_t)n.x - s.x) +
                        ((int64_t)p.y - s.y) * ((int64_t)n.y - s.y);
    if (dot <= 0 || m->padj[j] == WF__NONE)
        return 0;
    wf__mnode *b = new_node(x->q);
    if (!b)
        return -1;
    memset(b, 0, sizeof *b);
    b->r = s, b->root = WF__NONE, b->parent = WF__NONE, b->bend = 1;
    return fan_at(x, (uint32_t)(x->q->nn - 1), s, WF__NONE, 0, j, P, N);
}
