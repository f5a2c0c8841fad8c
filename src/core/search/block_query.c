/* Would blocking a cell cut a path's start from its goal? A local search
 * around the cell answers it without a full re-plan in the common case. */
#include "search_internal.h"

#define MARK_TARGET 1u /* a cell of the path beyond the blocked one */
#define MARK_SEEN 2u

/* The unit, and the cell to be blocked. */
typedef struct footprint {
    const wf_grid *g;
    const uint8_t *pass; /* size 1: NULL, or what its filter allows */
    const uint8_t *clr;  /* size > 1: its clearance */
    unsigned k;
    wf_point cell;
} footprint;

/* Does the unit standing on (x, y) cover the cell? */
static int covers(const footprint *f, int x, int y) {
    return f->cell.x >= x && f->cell.x - x < (int)f->k && f->cell.y >= y &&
           f->cell.y - y < (int)f->k;
}

/* May the unit stand on (x, y) once the cell is blocked? */
static int stands(const footprint *f, int x, int y) {
    if (!wf_grid_contains(f->g, x, y) || covers(f, x, y))
        return 0;
    const size_t c = (size_t)y * (size_t)f->g->width + (size_t)x;
    if (f->clr)
        return wf__fits(f->clr, c, f->k);
    const uint8_t t = f->g->terrain[c];
    return f->g->passable[t] && (!f->pass || f->pass[t]);
}

/* A breadth-first search with the cell blocked, in the workspace: tags
 * in its cells, queues in the open array's id slots. */
typedef struct walk {
    footprint fp;
    const uint8_t *pass;
    int connect;
    wf_corners corners;
    wf__cell *cells;
    uint32_t *queue;
    size_t cap;         /* id slots */
    uint32_t gen;
    ptrdiff_t off[WF_DIR_COUNT];
} walk;

/* One side of the search: its queue grows up from slot 0 (the start's)
 * or down from the last slot (the goal's); the two hold distinct cells,
 * so they never overlap. */
typedef struct side {
    uint32_t mine, theirs; /* tags of its cells and of the other side's */
    size_t head, tail;     /* cells taken, cells queued */
    int down;
} side;

static void push(walk *w, side *s, uint32_t c) {
    w->cells[c].tag = s->mine;
    w->queue[s->down ? w->cap - 1 - s->tail : s->tail] = c;
    s->tail++;
}

/* Expands the next cell of side s, with the blocked cell's bit taken out
 * of its neighbours' masks so that the corner rule sees it as a wall.
 * Returns 1 when it meets the other side. */
static int step(walk *w, side *s) {
    const footprint *f = &w->fp;
    const wf_grid *g = f->g;
    const uint32_t W = (uint32_t)g->width;
    const uint32_t u = w->queue[s->down ? w->cap - 1 - s->head : s->head];
    s->head++;
    unsigned mask = f->clr ? wf__nbmask_fit(g, u, f->clr, f->k)
                           : wf__nbmask_pass(g, u, w->pass);
    const int ux = (int)(u % W), uy = (int)(u / W);
    if (ux - f->cell.x <= 1 && f->cell.x - ux <= (int)f->k &&
        uy - f->cell.y <= 1 && f->cell.y - uy <= (int)f->k)
        for (int d = 0; d < WF_DIR_COUNT; d++)
            if (covers(f, ux + wf__dir_dx[d], uy + wf__dir_dy[d]))
                mask &= ~(1u << d);
    for (unsigned m = wf__allowed_moves(mask, w->connect, w->corners); m;
         m &= m - 1) {
        const uint32_t v =
            (uint32_t)((ptrdiff_t)u + w->off[__builtin_ctz(m)]);
        const uint32_t tag = w->cells[v].tag;
        if (tag == s->theirs)
            return 1;
        if ((tag & ~0xFu) != w->gen)
            push(w, s, v);
    }
    return 0;
}

/* The checks of the arguments that need the grid: the unit's move, the
 * cell and every point of the path on it. */
static wf_status check_args(wf_search *ws, const wf_grid *g,
                            const wf_path *path, wf_point cell,
                            wf_search_opts *o) {
    if (wf__move_check(&o->move, ws->msg, sizeof ws->msg) != WF_OK)
        return WF_E_INVALID_ARG;
    if (!wf_grid_contains(g, cell.x, cell.y))
        return wf__search_fail(ws, WF_E_RANGE,
                               "cell (%d, %d) is outside the %dx%d grid",
                               cell.x, cell.y, g->width, g->height);
    /* a path from another grid would index outside this one */
    for (size_t i = 0; i < path->count; i++)
        if (!wf_grid_contains(g, path->points[i].x, path->points[i].y))
            return wf__search_fail(ws, WF_E_RANGE,
                                   "path point %zu (%d, %d) is outside the "
                                   "%dx%d grid",
                                   i, path->points[i].x, path->points[i].y,
                                   g->width, g->height);
    return WF_OK;
}

/* Steps path[i] → path[i+1] that blocking the cell breaks: those into and
 * out of positions it covers, and diagonal steps that pass beside one when
 * the corner rule then forbids them. Returns 1 when it covers the start or
 * the goal (which then have no path); else 0 with the first and last
 * broken steps in *first and *last (*first = path->count: none). */
static int broken_steps(const footprint *fp, const wf_path *path,
                        wf_corners corners, size_t *first, size_t *last) {
    *first = path->count;
    *last = 0;
    for (size_t i = 0; i < path->count; i++) {
        wf_point a = path->points[i];
        if (covers(fp, a.x, a.y)) {
            if (i == 0 || i + 1 == path->count)
                return 1;
            if (i - 1 < *first)
                *first = i - 1;
            *last = i;
            continue;
        }
        if (i + 1 == path->count)
            break;
        wf_point b = path->points[i + 1];
        if (a.x == b.x || a.y == b.y || corners == WF_CORNERS_ALWAYS)
            continue;
        int beside1 = covers(fp, b.x, a.y);
        int beside2 = covers(fp, a.x, b.y);
        if (!beside1 && !beside2)
            continue;
        if (corners == WF_CORNERS_ONE_FREE && !(beside1 && beside2) &&
            (beside1 ? stands(fp, a.x, b.y) : stands(fp, b.x, a.y)))
            continue;
        if (i < *first)
            *first = i;
        if (i > *last)
            *last = i;
    }
    return 0;
}

/* Does the position before the first broken step still reach the path
 * beyond the last one? both: search from both sides in turn, so that a
 * cut costs the smaller one (else only the start's side moves). */
static int rejoins(walk *w, const wf_path *path, size_t first, size_t last,
                   int both) {
    const uint32_t W = (uint32_t)w->fp.g->width;
    side a = {w->gen | MARK_SEEN, w->gen | MARK_TARGET, 0, 0, 0};
    side b = {w->gen | MARK_TARGET, w->gen | MARK_SEEN, 0, 0, 1};
    for (size_t i = last + 1; i < path->count; i++) {
        const uint32_t c =
            (uint32_t)path->points[i].y * W + (uint32_t)path->points[i].x;
        if (w->cells[c].tag != b.mine)
            push(w, &b, c);
    }
    const wf_point from = path->points[first];
    push(w, &a, (uint32_t)from.y * W + (uint32_t)from.x);
    if (!both) {
        while (a.head < a.tail)
            if (step(w, &a))
                return 1;
    } else {
        while (a.head < a.tail && b.head < b.tail)
            if (step(w, &a) || step(w, &b))
                return 1;
    }
    return 0;
}

wf_status wf_grid_block_disconnects(wf_search *ws, const wf_grid *g,
                                    const wf_path *path, wf_point cell,
                                    const wf_search_opts *opts,
                                    int *disconnects) {
    if (!ws || !g || !path || !disconnects || path->count == 0 ||
        !path->points)
        return WF_E_INVALID_ARG;
    ws->msg[0] = '\0';
    wf_search_opts o = opts ? *opts : wf_search_opts_default();
    wf_status s = check_args(ws, g, path, cell, &o);
    if (s != WF_OK)
        return s;
    /* With a connectivity index, ends already apart stay apart: O(1). */
    if ((s = wf__conn_opts_check(ws, g, &o)) != WF_OK)
        return s;
    if (o.conn && !wf_conn_reachable(o.conn, path->points[0],
                                     path->points[path->count - 1])) {
        *disconnects = 1;
        return WF_OK;
    }
    /* the unit's filter: terrains it may not enter are walls here too */
    double fcost[256];
    uint8_t fpass[256];
    const uint8_t *pass =
        o.filter && wf__filter_costs(g, o.filter, fcost, fpass) ? fpass : NULL;
    /* an agent of size k: the cell blocks every position whose k × k
     * square holds it, and the rest follows the derived passability */
    const unsigned k = (unsigned)o.move.size;
    const uint8_t *clr = NULL;
    if (k > 1) {
        s = wf__unit_clearance(ws, g, pass, &clr);
        if (s != WF_OK)
            return wf__search_fail(ws, s, "cannot size the workspace for "
                                          "the unit's clearance");
    }
    const footprint fp = {g, pass, clr, k, cell};
    /* The path stands when no step is broken; otherwise start and goal
     * stay joined exactly when the position before the first broken step
     * still reaches the path after the last one. */
    size_t first, last;
    *disconnects = broken_steps(&fp, path, o.move.corners, &first, &last);
    if (*disconnects || first == path->count)
        return WF_OK;
    if ((s = wf_search_reserve(ws, g->cells)) != WF_OK)
        return s;
    walk w = {fp, pass, o.move.connect, o.move.corners, ws->cells, ws->id,
              ws->capacity, wf__search_begin(ws), {0}};
    wf__dir_offsets(g->width, w.off);
    /* a unit whose map is edited live (one with a connectivity index):
     * cuts are common, so both sides move */
    *disconnects = !rejoins(&w, path, first, last, o.conn != NULL);
    return WF_OK;
}
