/* Optimal any-angle search on uniform grids: intervals of grid lines seen
 * from a root, after Harabor, Grastien, Öz and Aksakalli, "Optimal
 * Any-Angle Pathfinding In Practice" (JAIR 2016).
 *
 * The answer is the Euclidean shortest path between two cell centres among
 * the blocked cells under the segment rule of wf_grid_segment_cost with
 * WF_CORNERS_ONE_FREE: a path may run along a blocked cell's edge and
 * through a single blocked cell's corner, never through a blocked interior
 * and never through a point where two blocked cells touch diagonally (a
 * pinch). Cells off the grid count as blocked.
 *
 * Such a path turns only at turning points: grid vertices with exactly one
 * blocked cell among the four round them (a vertex with two blocked cells
 * side by side is flat locally, one with a diagonal pair or more is a
 * pinch). The search is A* whose states are of three kinds:
 *  - a root: the start centre or a turning point, with its best cost g,
 *    kept per vertex in the workspace;
 *  - a cone: a root R and an interval I of a horizontal grid line, every
 *    point of I seen from R, standing for the straight rays from R through
 *    I and beyond, away from R (R is never on I's line);
 *  - the goal, reached from a root that sees it.
 * f = g(R) + the least distance from R to the goal through I (the goal
 * mirrored in I's line when it lies on R's side), which is admissible.
 *
 * Expanding a cone on line y (rays going down, say) crosses row y: for
 * each run of free cells in that row that I overlaps over a positive
 * length, the rays through the overlap O continue to line y+1 clipped to
 * the run's ends: a cone on line y+1 with the same root. Inside the run's
 * rectangle every point is legal except perhaps its four corners, and a
 * ray through a pinch would need an overlap of a single point, so pinches
 * never pass. The goal, when it lies in that run, is reached if the ray
 * from R to it crosses O. Turning points met on the way (the ends of O, of
 * I, and a corner of the run that the cone's edge hits exactly) become
 * roots with g(R) + |RV|. Expanding a root V on line y makes the cones of
 * the runs of rows y (below V) and y-1 (above it), whose whole rectangles
 * V sees, and walks along line y both ways to the first turning point,
 * over edges and vertices the rule allows. The start centre lies inside
 * its cell, so its root makes the cones of its own row's run up and down
 * (and sees the goal when it is in that run). A root reached from its
 * parent P keeps only what a taut path may do next: bend round V's blocked
 * cell or go straight on. So it keeps the side of the line P→V where that
 * cell lies (the cone clipped where the line crosses the cone's line),
 * only the row ahead when P lies off line y, and the walks only when the
 * blocked cell is in the row behind. (This is Anya's split into observable
 * successors, the same root, and non-observable ones, a new root at a
 * corner, with the non-observable ones bounded by the same argument.)
 * That every taut path is found: each of its straight legs crosses the
 * lines between its ends inside these cones, and each of its turns is at
 * a vertex one of the cases above meets; tested against an exact
 * visibility-graph oracle on thousands of maps.
 *
 * Exactness: coordinates are doubled, so cell centres and vertices are
 * integers. An interval's end is a ray from the root, (dx, |dy|) in
 * doubled units, fixed from line to line; its crossing with a line is a
 * fraction with denominator |dy| <= 2h + 1, compared by cross-multiplying
 * in 64 bits (numerators stay under 2^32 because w·h <= 2^28). Rounding
 * enters only distances, never a decision about what is seen.
 *
 * Memory: per grid vertex a cost, a parent and a generation tag (16 bytes
 * × (w+1)(h+1)), plus the nodes and open list of a query, all in the
 * workspace and reused, so a warm workspace allocates nothing. Time: each
 * cone expansion costs the cells of the runs it overlaps; the number of
 * cones is at most the lines times the turning points seen, far fewer in
 * practice. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "search_internal.h"

/* A ray from a root: dx doubled x per e doubled rows, e > 0. */
typedef struct ray {
    int32_t x, e;
} ray;

enum { K_CONE, K_ROOT, K_GOAL };

typedef struct anode {
    double g;      /* the root's cost when the node was made */
    uint32_t root; /* vertex id, or the start's */
    int32_t line;  /* the interval's grid line (cones) */
    int8_t kind;
    int8_t dir;    /* cones: +1 rays go down, -1 up */
    ray a, b;      /* cones: the interval's left and right ends */
} anode;

typedef struct hent {
    double f;
    uint32_t n;
} hent;

struct wf__anya {
    size_t vcap;       /* vertices the per-vertex arrays hold */
    uint32_t *tag;     /* generation that set gv and parent */
    double *gv;        /* best cost of each root */
    uint32_t *parent;  /* its predecessor root */
    uint32_t gen;
    anode *node;
    size_t ncap, nn;
    hent *heap;
    size_t hcap, hn;
};

/* A rational n / d, d > 0, in doubled units. */
typedef struct rat {
    int64_t n, d;
} rat;

typedef struct aq {
    const wf_grid *g;
    const uint8_t *pass;
    struct wf__anya *m;
    wf_search *ws;
    int W, H;
    const uint64_t *rows; /* the grid's row plane, NULL when a filter
                             forbids a terrain the grid has */
    size_t rw;            /* its words a line */
    uint32_t nv;          /* vertices; the start's id */
    int64_t sx2, sy2;     /* doubled start centre */
    int64_t gx2, gy2;     /* doubled goal centre */
    int gx, gy;
    wf_status err;
    uint64_t expanded, generated, heap_ops;
} aq;

static int64_t floor_div(int64_t n, int64_t d) {
    int64_t q = n / d;
    return q * d > n ? q - 1 : q;
}

static int cmp_rat(rat a, rat b) {
    int64_t l = a.n * b.d, r = b.n * a.d;
    return (l > r) - (l < r);
}

WF_INLINE int blocked(const aq *q, int x, int y) {
    if (x < 0 || y < 0 || x >= q->W || y >= q->H)
        return 1;
    return !q->pass[q->g->terrain[(size_t)y * (size_t)q->W + (size_t)x]];
}

/* Exactly one blocked cell round vertex (x, y). */
static int turning(const aq *q, int x, int y) {
    return blocked(q, x - 1, y - 1) + blocked(q, x, y - 1) +
               blocked(q, x - 1, y) + blocked(q, x, y) == 1;
}

/* May a path pass through vertex (x, y)? (No pinch, not all blocked.) */
static int vertex_ok(const aq *q, int x, int y) {
    int nw = blocked(q, x - 1, y - 1), ne = blocked(q, x, y - 1);
    int sw = blocked(q, x - 1, y), se = blocked(q, x, y);
    return !(nw && se) && !(ne && sw);
}

static void root_pos(const aq *q, uint32_t id, int64_t *x, int64_t *y) {
    if (id == q->nv) {
        *x = q->sx2;
        *y = q->sy2;
    } else {
        *x = 2 * (int64_t)(id % (uint32_t)(q->W + 1));
        *y = 2 * (int64_t)(id / (uint32_t)(q->W + 1));
    }
}

/* Where ray r from root (rx, ry) crosses the line whose doubled distance
 * from the root is t. */
WF_INLINE rat ray_at(int64_t rx, ray r, int64_t t) {
    rat v = {rx * r.e + (int64_t)r.x * t, r.e};
    return v;
}

static double dist2(double ax, double ay, double bx, double by) {
    double dx = ax - bx, dy = ay - by; /* exact: both below 2^22 */
    return sqrt(dx * dx + dy * dy) / 2; /* doubled units to cells */
}

/* ---- memory ------------------------------------------------------------ */

static int grow(aq *q, void **p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap)
        return 1;
    size_t n = *cap ? *cap : 256;
    while (n < need)
        n *= 2;
    void *np = wf__realloc(&q->ws->alloc, *p, *cap * size, n * size);
    if (!np) {
        q->err = WF_E_NOMEM;
        return 0;
    }
    *p = np;
    *cap = n;
    return 1;
}

void wf__anya_free(wf_search *ws) {
    struct wf__anya *m = ws->anya;
    if (!m)
        return;
    wf__free(&ws->alloc, m->tag, m->vcap * sizeof *m->tag);
    wf__free(&ws->alloc, m->gv, m->vcap * sizeof *m->gv);
    wf__free(&ws->alloc, m->parent, m->vcap * sizeof *m->parent);
    wf__free(&ws->alloc, m->node, m->ncap * sizeof *m->node);
    wf__free(&ws->alloc, m->heap, m->hcap * sizeof *m->heap);
    wf__free(&ws->alloc, m, sizeof *m);
    ws->anya = NULL;
}

/* Sizes the per-vertex arrays for nv vertices. */
static wf_status vertices_reserve(wf_search *ws, size_t nv) {
    if (!ws->anya) {
        ws->anya = wf__alloc(&ws->alloc, sizeof *ws->anya);
        if (!ws->anya)
            return WF_E_NOMEM;
        memset(ws->anya, 0, sizeof *ws->anya);
    }
    struct wf__anya *m = ws->anya;
    if (nv <= m->vcap)
        return WF_OK;
    uint32_t *tag = wf__alloc(&ws->alloc, nv * sizeof *tag);
    double *gv = tag ? wf__alloc(&ws->alloc, nv * sizeof *gv) : NULL;
    uint32_t *par = gv ? wf__alloc(&ws->alloc, nv * sizeof *par) : NULL;
    if (!par) {
        wf__free(&ws->alloc, gv, nv * sizeof *gv);
        wf__free(&ws->alloc, tag, nv * sizeof *tag);
        return WF_E_NOMEM;
    }
    memset(tag, 0, nv * sizeof *tag);
    wf__free(&ws->alloc, m->tag, m->vcap * sizeof *m->tag);
    wf__free(&ws->alloc, m->gv, m->vcap * sizeof *m->gv);
    wf__free(&ws->alloc, m->parent, m->vcap * sizeof *m->parent);
    m->tag = tag;
    m->gv = gv;
    m->parent = par;
    m->vcap = nv;
    m->gen = 0;
    return WF_OK;
}

/* ---- open list: a binary heap on f ------------------------------------- */

static void heap_push(aq *q, double f, uint32_t n) {
    struct wf__anya *m = q->m;
    if (!grow(q, (void **)&m->heap, &m->hcap, m->hn + 1, sizeof *m->heap))
        return;
    size_t i = m->hn++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!(f < m->heap[p].f))
            break;
        m->heap[i] = m->heap[p];
        i = p;
    }
    m->heap[i].f = f;
    m->heap[i].n = n;
    q->heap_ops++;
}

static hent heap_pop(aq *q) {
    struct wf__anya *m = q->m;
    hent top = m->heap[0];
    hent last = m->heap[--m->hn];
    size_t i = 0, n = m->hn;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && m->heap[c + 1].f < m->heap[c].f)
            c++;
        if (!(m->heap[c].f < last.f))
            break;
        m->heap[i] = m->heap[c];
        i = c;
    }
    if (n)
        m->heap[i] = last;
    q->heap_ops++;
    return top;
}

static void push(aq *q, const anode *nd, double f) {
    struct wf__anya *m = q->m;
    if (!grow(q, (void **)&m->node, &m->ncap, m->nn + 1, sizeof *m->node))
        return;
    m->node[m->nn] = *nd;
    heap_push(q, f, (uint32_t)m->nn);
    m->nn++;
    q->generated++;
}

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
    push(q, &nd, g + h);
}

static void push_goal(aq *q, uint32_t root, double g) {
    int64_t rx, ry;
    root_pos(q, root, &rx, &ry);
    anode nd = {g, root, 0, K_GOAL, 0, {0, 1}, {0, 1}};
    push(q, &nd, g + dist2((double)rx, (double)ry, (double)q->gx2,
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
    push(q, &nd, ng + dist2(2.0 * x, 2.0 * y, (double)q->gx2,
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
static void expand_cone(aq *q, const anode *n) {
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

static void expand_root(aq *q, const anode *n) {
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

/* ---- the query --------------------------------------------------------- */

/* Writes start → ... → root `last` (→ goal when with_goal) into out. */
static wf_status emit(aq *q, uint32_t last, int with_goal, double cost,
                      wf_polyline *out) {
    struct wf__anya *m = q->m;
    size_t k = 1 + (size_t)with_goal;
    for (uint32_t v = last; v != q->nv; v = m->parent[v])
        k++;
    wf_status s = wf_polyline_reserve(out, k);
    if (s != WF_OK)
        return s;
    out->count = k;
    size_t i = k;
    if (with_goal)
        out->points[--i] = (wf_vec2){(double)q->gx2 / 2, (double)q->gy2 / 2};
    for (uint32_t v = last;; v = m->parent[v]) {
        int64_t x, y;
        root_pos(q, v, &x, &y);
        out->points[--i] = (wf_vec2){(double)x / 2, (double)y / 2};
        if (v == q->nv)
            break;
    }
    double len = 0;
    for (size_t j = 1; j < k; j++)
        len += hypot(out->points[j].x - out->points[j - 1].x,
                     out->points[j].y - out->points[j - 1].y);
    out->length = len;
    out->cost = len * cost;
    return WF_OK;
}

/* NULL when the grid and options suit the search (*cost the uniform cost),
 * else why not, in buf. */
static const char *applies(const wf_grid *g, const wf_search_opts *o,
                           double costs[256], uint8_t pass[256],
                           double *cost, char *buf, size_t size) {
    if (o->overlay.values)
        return "any-angle search takes no cost overlay";
    if (o->move_cost)
        return "any-angle search takes no move-cost callback";
    if (o->goal_fallback != WF_FALLBACK_NONE)
        return "any-angle search has no goal fallback";
    wf__filter_costs(g, o->filter, costs, pass);
    int first = -1;
    for (int t = 0; t < 256; t++) {
        if (!pass[t] || !g->count[t])
            continue;
        if (first < 0) {
            first = t;
        } else if (costs[t] != costs[first]) {
            snprintf(buf, size,
                     "any-angle search needs a grid of uniform cost: "
                     "terrain %d costs %g and terrain %d costs %g",
                     first, costs[first], t, costs[t]);
            return buf;
        }
    }
    *cost = first < 0 ? 1.0 : costs[first];
    return NULL;
}

wf_status wf__anya_search(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *opts,
                          wf_polyline *out) {
    if (!ws)
        return WF_E_INVALID_ARG;
    ws->mode = WF__IDLE;
    ws->msg[0] = '\0';
    if (!g)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "grid is NULL");
    if (!out)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "polyline is NULL");
    out->count = 0;
    out->length = out->cost = 0;
    memset(&out->stats, 0, sizeof out->stats);
    wf_search_opts o = opts ? *opts : wf_search_opts_default();
    wf_status s = wf__opts_check(ws, &o);
    if (s != WF_OK)
        return s;
    if (o.weight != 1.0)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "any-angle search is optimal: weight must "
                               "be 1, got %g",
                               o.weight);
    double costs[256], cost;
    uint8_t pass[256];
    char why[WF__MSG_SIZE];
    const char *no = applies(g, &o, costs, pass, &cost, why, sizeof why);
    if (no)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "%s", no);
    if ((s = wf__ends_check(ws, g, start, goal)) != WF_OK)
        return s;
    size_t nv = ((size_t)g->width + 1) * ((size_t)g->height + 1);
    if ((s = vertices_reserve(ws, nv + 1)) != WF_OK)
        return wf__search_fail(ws, s, "cannot size the workspace for %zu "
                                      "vertices",
                               nv);
    aq q;
    memset(&q, 0, sizeof q);
    q.g = g;
    q.pass = pass;
    q.m = ws->anya;
    q.ws = ws;
    q.W = g->width;
    q.H = g->height;
    q.nv = (uint32_t)nv;
    if (!wf__filter_costs(g, o.filter, costs, pass)) {
        q.rows = g->rowbits;
        q.rw = g->row_words;
    }
    q.sx2 = 2 * (int64_t)start.x + 1;
    q.sy2 = 2 * (int64_t)start.y + 1;
    q.gx2 = 2 * (int64_t)goal.x + 1;
    q.gy2 = 2 * (int64_t)goal.y + 1;
    q.gx = goal.x;
    q.gy = goal.y;
    q.err = WF_OK;
    out->stats.engine = WF_ALGO_ASTAR;
    if (blocked(&q, start.x, start.y) || blocked(&q, goal.x, goal.y))
        return WF_NO_PATH;
    struct wf__anya *m = ws->anya;
    if (++m->gen >= UINT32_MAX) {
        memset(m->tag, 0, m->vcap * sizeof *m->tag);
        m->gen = 1;
    }
    m->nn = m->hn = 0;
    m->tag[q.nv] = m->gen;
    m->gv[q.nv] = 0;
    if (start.x == goal.x && start.y == goal.y)
        return emit(&q, q.nv, 0, cost, out);
    anode s0 = {0, q.nv, 0, K_ROOT, 0, {0, 1}, {0, 1}};
    push(&q, &s0, 0);
    uint32_t best = q.nv; /* expanded root nearest the goal */
    double best_d = INFINITY;
    wf_status res = WF_NO_PATH;
    while (m->hn && q.err == WF_OK) {
        hent e = heap_pop(&q);
        const anode n = m->node[e.n];
        if (n.g > m->gv[n.root])
            continue; /* its root has since been reached more cheaply */
        if (n.kind == K_GOAL) {
            res = WF_OK;
            s = emit(&q, n.root, 1, cost, out);
            break;
        }
        if (o.max_expansions && q.expanded >= o.max_expansions) {
            res = WF_PARTIAL;
            s = emit(&q, best, 0, cost, out);
            break;
        }
        q.expanded++;
        if (n.kind == K_ROOT) {
            int64_t x, y;
            root_pos(&q, n.root, &x, &y);
            double d = dist2((double)x, (double)y, (double)q.gx2,
                             (double)q.gy2);
            if (d < best_d) {
                best_d = d;
                best = n.root;
            }
            expand_root(&q, &n);
        } else {
            expand_cone(&q, &n);
        }
    }
    out->stats.expanded = q.expanded;
    out->stats.generated = q.generated;
    out->stats.heap_ops = q.heap_ops;
    if (q.err != WF_OK)
        return wf__search_fail(ws, q.err, "out of memory in any-angle "
                                          "search");
    if (res != WF_NO_PATH && s != WF_OK)
        return wf__search_fail(ws, s, "cannot grow the polyline");
    return res;
}
