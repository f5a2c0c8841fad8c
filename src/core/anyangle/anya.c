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

#include "anya_internal.h"

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
    wf__free(&ws->alloc, m->open.e, m->hcap * sizeof *m->open.e);
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
        ws->anya_free = wf__anya_free;
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

#define WF_HEAP2 open_heap
#define WF_HEAP2_HEAP aopen
#define WF_HEAP2_ENTRY hent
#define WF_HEAP2_LESS(h, a, b) ((a).f < (b).f)
#include "wf_heap2.h"

static void heap_push(aq *q, double f, uint32_t n) {
    struct wf__anya *m = q->m;
    if (!grow(q, (void **)&m->open.e, &m->hcap, m->open.n + 1,
              sizeof *m->open.e))
        return;
    open_heap_up(&m->open, m->open.n++, (hent){f, n});
    q->heap_ops++;
}

static hent heap_pop(aq *q) {
    q->heap_ops++;
    return open_heap_pop(&q->m->open);
}

void wf__anya_push(aq *q, const anode *nd, double f) {
    struct wf__anya *m = q->m;
    if (!grow(q, (void **)&m->node, &m->ncap, m->nn + 1, sizeof *m->node))
        return;
    m->node[m->nn] = *nd;
    heap_push(q, f, (uint32_t)m->nn);
    m->nn++;
    q->generated++;
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

/* The options' checks: any-angle search is optimal (weight 1) and needs
 * a uniform cost (applies()); *cost that cost. */
static wf_status check_opts(wf_search *ws, const wf_grid *g,
                            wf_search_opts *o, double costs[256],
                            uint8_t pass[256], double *cost) {
    wf_status s = wf__opts_check(ws, o);
    if (s != WF_OK)
        return s;
    if (o->weight != 1.0)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "any-angle search is optimal: weight must "
                               "be 1, got %g",
                               o->weight);
    char why[WF__MSG_SIZE];
    const char *no = applies(g, o, costs, pass, cost, why, sizeof why);
    if (no)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "%s", no);
    return WF_OK;
}

/* Fills q for a query from start to goal on g's nv vertices for a unit
 * with options o: what it may stand on (the terrains pass allows, costs
 * and pass as wf__filter_costs fills them; for size k > 1 its clearance)
 * and the bit plane of the cells it may stand on when there is one. */
static wf_status query_init(aq *q, wf_search *ws, const wf_grid *g,
                            wf_point start, wf_point goal,
                            const wf_search_opts *o, double costs[256],
                            uint8_t pass[256], size_t nv) {
    memset(q, 0, sizeof *q);
    q->g = g;
    q->pass = pass;
    q->m = ws->anya;
    q->ws = ws;
    q->W = g->width;
    q->H = g->height;
    q->nv = (uint32_t)nv;
    const int forbids = wf__filter_costs(g, o->filter, costs, pass);
    q->k = (unsigned)o->move.size;
    if (q->k > 1) {
        /* the cells the unit may stand on are the free cells */
        const wf__planes *fit = NULL;
        const uint8_t *mask;
        wf_status s;
        if (forbids) {
            s = wf__unit_clearance(ws, g, pass, &q->clr);
        } else {
            q->clr = g->clear;
            s = wf__jps_fit(ws, g, q->k, &fit, &mask);
        }
        if (s != WF_OK)
            return wf__search_fail(ws, s, "out of memory");
        if (fit) {
            q->rows = fit->rowbits;
            q->rw = fit->row_words;
        }
    } else if (!forbids) {
        q->rows = g->planes.rowbits;
        q->rw = g->planes.row_words;
    }
    q->sx2 = 2 * (int64_t)start.x + 1;
    q->sy2 = 2 * (int64_t)start.y + 1;
    q->gx2 = 2 * (int64_t)goal.x + 1;
    q->gy2 = 2 * (int64_t)goal.y + 1;
    q->gx = goal.x;
    q->gy = goal.y;
    q->err = WF_OK;
    return WF_OK;
}

/* A new query on the per-vertex memory: the next generation (clearing the
 * tags when the counter wraps), no nodes, the start root at cost 0. */
static void query_begin(aq *q) {
    struct wf__anya *m = q->m;
    if (++m->gen >= UINT32_MAX) {
        memset(m->tag, 0, m->vcap * sizeof *m->tag);
        m->gen = 1;
    }
    m->nn = m->open.n = 0;
    m->tag[q->nv] = m->gen;
    m->gv[q->nv] = 0;
}

/* The search from the start root: WF_OK with the path in out, WF_PARTIAL
 * (the expansion limit; the path to the expanded root nearest the goal)
 * or WF_NO_PATH. *emitted: what writing the path returned. Every path
 * costs its length × cost. */
static wf_status run(aq *q, uint64_t max_expansions, double cost,
                     wf_polyline *out, wf_status *emitted) {
    struct wf__anya *m = q->m;
    anode s0 = {0, q->nv, 0, K_ROOT, 0, {0, 1}, {0, 1}};
    wf__anya_push(q, &s0, 0);
    uint32_t best = q->nv; /* expanded root nearest the goal */
    double best_d = INFINITY;
    while (m->open.n && q->err == WF_OK) {
        hent e = heap_pop(q);
        const anode n = m->node[e.n];
        if (n.g > m->gv[n.root])
            continue; /* its root has since been reached more cheaply */
        if (n.kind == K_GOAL) {
            *emitted = emit(q, n.root, 1, cost, out);
            return WF_OK;
        }
        if (max_expansions && q->expanded >= max_expansions) {
            *emitted = emit(q, best, 0, cost, out);
            return WF_PARTIAL;
        }
        q->expanded++;
        if (n.kind == K_ROOT) {
            int64_t x, y;
            root_pos(q, n.root, &x, &y);
            double d = dist2((double)x, (double)y, (double)q->gx2,
                             (double)q->gy2);
            if (d < best_d) {
                best_d = d;
                best = n.root;
            }
            wf__anya_expand_root(q, &n);
        } else {
            wf__anya_expand_cone(q, &n);
        }
    }
    return WF_NO_PATH;
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
    double costs[256], cost = 0; /* check_opts sets it */
    uint8_t pass[256];
    wf_status s = check_opts(ws, g, &o, costs, pass, &cost);
    if (s != WF_OK)
        return s;
    if ((s = wf__ends_check(ws, g, start, goal)) != WF_OK)
        return s;
    size_t nv = ((size_t)g->width + 1) * ((size_t)g->height + 1);
    if ((s = vertices_reserve(ws, nv + 1)) != WF_OK)
        return wf__search_fail(ws, s, "cannot size the workspace for %zu "
                                      "vertices",
                               nv);
    aq q;
    s = query_init(&q, ws, g, start, goal, &o, costs, pass, nv);
    if (s != WF_OK)
        return s;
    out->stats.engine = WF_ALGO_ASTAR;
    const int start_open = !blocked(&q, start.x, start.y);
    const int goal_open = !blocked(&q, goal.x, goal.y);
    if (q.clr)
        wf__size_message(ws, g, q.clr, q.k, start, goal, start_open,
                         goal_open);
    if (!start_open || !goal_open)
        return WF_NO_PATH;
    query_begin(&q);
    if (start.x == goal.x && start.y == goal.y)
        return emit(&q, q.nv, 0, cost, out);
    wf_status res = run(&q, o.max_expansions, cost, out, &s);
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
