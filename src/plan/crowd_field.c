/* The field crowd's maps (crowd_internal.h): goals grouped by nearness,
 * one reverse Dijkstra map per group over the grid and one per agent over
 * its group's box, in double, with the overlay and the cutoff. */
#include "crowd_internal.h"

/* A binary min-heap (wf_heap2.h) of box cells keyed by dist; pos[c] is
 * c's slot + 1, 0 when never queued, UINT32_MAX once settled. */
typedef struct heap {
    uint32_t *e;
    uint32_t *pos;
    const double *key;
    size_t n;
} heap;

#define WF_HEAP2 box_heap
#define WF_HEAP2_HEAP heap
#define WF_HEAP2_ENTRY uint32_t
#define WF_HEAP2_LESS(h, a, b) ((h)->key[a] < (h)->key[b])
#define WF_HEAP2_PLACED(h, i) ((h)->pos[(h)->e[i]] = (uint32_t)(i) + 1)
#include "wf_heap2.h"

static uint32_t heap_pop(heap *h) {
    const uint32_t top = box_heap_pop(h);
    h->pos[top] = UINT32_MAX;
    return top;
}

/* Entering another agent's goal costs this many times its price in an
 * agent's own box map: the goals fill up, so the map leads along the free
 * cells between them where there are any. */
#define WF__CROWD_DETOUR 16.0

/* dist (b.w × b.h) = the least cost of walking from each cell of box b to
 * the nearest of the n source cells, staying in b, at most the cutoff;
 * INFINITY elsewhere. With goals (per cell: an agent + 1 whose goal it
 * is, or 0), the goals but the sources cost WF__CROWD_DETOUR times more.
 * at and pos hold b's cells. Returns cells settled. */
static uint64_t box_dijkstra(const wf__team_job *j, wf__crowd_box b,
                             const wf_point *src, size_t n,
                             const uint32_t *goals, double *dist,
                             uint32_t *at, uint32_t *pos) {
    const wf_grid *g = j->g;
    const size_t W = (size_t)g->width, bw = (size_t)b.w;
    const size_t area = bw * (size_t)b.h;
    const double cutoff = j->o.cutoff > 0 ? j->o.cutoff : INFINITY;
    for (size_t c = 0; c < area; c++)
        dist[c] = INFINITY;
    memset(pos, 0, area * sizeof *pos);
    heap h = {at, pos, dist, 0};
    for (size_t i = 0; i < n; i++) {
        const size_t c = (size_t)(src[i].y - b.y0) * bw +
                         (size_t)(src[i].x - b.x0);
        if (pos[c])
            continue;
        dist[c] = 0;
        box_heap_up(&h, h.n++, (uint32_t)c);
    }
    uint64_t settled = 0;
    while (h.n) {
        const uint32_t c = heap_pop(&h);
        settled++;
        const int x = b.x0 + (int)(c % bw), y = b.y0 + (int)(c / bw);
        const size_t gc = (size_t)y * W + (size_t)x;
        /* moving from a neighbour into c pays c's price */
        double enter = wf__crowd_enter(j, gc);
        if (goals && goals[gc] && dist[c] > 0)
            enter *= WF__CROWD_DETOUR;
        if (!(enter < INFINITY))
            continue;
        for (unsigned m = wf__mover_moves(g, &j->unit, gc); m; m &= m - 1) {
            const int d = __builtin_ctz(m);
            const int nx = x + wf__dir_dx[d] - b.x0;
            const int ny = y + wf__dir_dy[d] - b.y0;
            if (nx < 0 || ny < 0 || nx >= b.w || ny >= b.h)
                continue;
            const size_t u = (size_t)ny * bw + (size_t)nx;
            if (pos[u] == UINT32_MAX)
                continue;
            const double nd = dist[c] + (d >= 4 ? WF_SQRT2 : 1.0) * enter;
            if (!(nd < dist[u]) || nd > cutoff)
                continue;
            dist[u] = nd;
            box_heap_up(&h, pos[u] ? pos[u] - 1 : h.n++, (uint32_t)u);
        }
    }
    return settled;
}

static uint32_t find(uint32_t *parent, uint32_t i) {
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/* Goals this many cells beyond the unit's size apart still join a group:
 * a crowd's goals handed out with room between them share their maps. */
#define WF__CROWD_JOIN 3

/* Unions the goals within the unit's size + WF__CROWD_JOIN of each other;
 * with tile, only those in one tile
 * of WF__CROWD_TILE cells a side counted from their component's corner
 * (org: per agent, the corner of its component). */
static void join_goals(const wf__team_job *j, const uint32_t *goal_at,
                       uint32_t *parent, const wf_point *org) {
    const wf_grid *g = j->g;
    const size_t W = (size_t)g->width;
    const int k = (int)j->unit.k + WF__CROWD_JOIN;
    for (size_t i = 0; i < j->n; i++)
        parent[i] = (uint32_t)i;
    for (size_t i = 0; i < j->n; i++) {
        const wf_point p = j->agents[i].goal;
        for (int y = p.y - k; y <= p.y + k; y++)
            for (int x = p.x - k; x <= p.x + k; x++) {
                if (!wf_grid_contains(g, x, y))
                    continue;
                const uint32_t o = goal_at[(size_t)y * W + (size_t)x];
                if (!o || o - 1 == i)
                    continue;
                if (org && ((org[i].x != org[o - 1].x ||
                             org[i].y != org[o - 1].y) ||
                            (x - org[i].x) / WF__CROWD_TILE !=
                                (p.x - org[i].x) / WF__CROWD_TILE ||
                            (y - org[i].y) / WF__CROWD_TILE !=
                                (p.y - org[i].y) / WF__CROWD_TILE))
                    continue;
                const uint32_t a = find(parent, (uint32_t)i),
                               b = find(parent, o - 1);
                parent[a > b ? a : b] = a > b ? b : a; /* root: least */
            }
    }
}

/* Groups: goals near each other, cut into tiles when their component is
 * large; numbered in the order of their first agent. */
static void group_goals(const wf__team_job *j, uint32_t *goal_at,
                        uint32_t *parent, wf_point *org,
                        wf__crowd_fields *f) {
    const size_t W = (size_t)j->g->width;
    for (size_t i = 0; i < j->n; i++) {
        const wf_point p = j->agents[i].goal;
        goal_at[(size_t)p.y * W + (size_t)p.x] = (uint32_t)i + 1;
    }
    join_goals(j, goal_at, parent, NULL);
    for (size_t i = 0; i < j->n; i++)
        org[i] = j->agents[i].goal;
    for (size_t i = 0; i < j->n; i++) {
        wf_point *o = &org[find(parent, (uint32_t)i)];
        const wf_point p = j->agents[i].goal;
        o->x = p.x < o->x ? p.x : o->x;
        o->y = p.y < o->y ? p.y : o->y;
    }
    for (size_t i = 0; i < j->n; i++)
        org[i] = org[find(parent, (uint32_t)i)];
    join_goals(j, goal_at, parent, org);
    /* goal_at is done with: reuse it as root -> group number + 1 */
    for (size_t i = 0; i < j->n; i++) {
        const wf_point p = j->agents[i].goal;
        goal_at[(size_t)p.y * W + (size_t)p.x] = 0;
    }
    f->groups = 0;
    for (size_t i = 0; i < j->n; i++) {
        const uint32_t r = find(parent, (uint32_t)i);
        if (r == i)
            goal_at[i] = (uint32_t)++f->groups;
        f->group[i] = goal_at[r] - 1;
    }
}

/* Each group's box: its goals' bounds grown by the size + 2, clipped; the
 * number of goals in it in box[].x0 scratch is not kept. */
static void group_boxes(const wf__team_job *j, wf__crowd_fields *f,
                        uint32_t *members) {
    const int m = (int)j->unit.k + 2;
    for (size_t gr = 0; gr < f->groups; gr++) {
        f->box[gr] = (wf__crowd_box){INT32_MAX, INT32_MAX, INT32_MIN,
                                     INT32_MIN};
        members[gr] = 0;
    }
    for (size_t i = 0; i < j->n; i++) {
        wf__crowd_box *b = &f->box[f->group[i]];
        const wf_point p = j->agents[i].goal;
        members[f->group[i]]++;
        b->x0 = p.x < b->x0 ? p.x : b->x0;
        b->y0 = p.y < b->y0 ? p.y : b->y0;
        b->w = p.x > b->w ? p.x : b->w; /* the max x, for now */
        b->h = p.y > b->h ? p.y : b->h;
    }
    for (size_t gr = 0; gr < f->groups; gr++) {
        wf__crowd_box *b = &f->box[gr];
        const int x0 = b->x0 - m < 0 ? 0 : b->x0 - m;
        const int y0 = b->y0 - m < 0 ? 0 : b->y0 - m;
        const int x1 = b->w + m >= j->g->width ? j->g->width - 1 : b->w + m;
        const int y1 = b->h + m >= j->g->height ? j->g->height - 1 : b->h + m;
        *b = (wf__crowd_box){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    }
}

/* The maps' memory: per group its box (group_boxes; members[gr] the
 * group's goals) and a map over the grid; per agent of a group of several
 * goals its place in `local`, which holds their box maps. */
static wf_status alloc_maps(const wf_allocator *a, const wf__team_job *j,
                            wf__crowd_fields *f, uint32_t *members) {
    const wf_grid *g = j->g;
    f->box = wf__alloc(a, f->groups * sizeof *f->box);
    f->off = wf__alloc(a, f->groups * sizeof *f->off);
    size_t fields;
    if (!wf__mul_size(f->groups, g->cells, &fields) ||
        !wf__mul_size(fields, sizeof(double), &fields))
        return WF_E_TOO_BIG;
    if (!f->box || !f->off || !(f->field = wf__alloc(a, fields)))
        return WF_E_NOMEM;
    group_boxes(j, f, members);
    size_t local = 0;
    for (size_t i = 0; i < j->n; i++) {
        const wf__crowd_box b = f->box[f->group[i]];
        f->loc[i] = members[f->group[i]] > 1 ? local : SIZE_MAX;
        if (members[f->group[i]] > 1)
            local += (size_t)b.w * (size_t)b.h;
    }
    if (!wf__mul_size(local, sizeof(double), &f->local_size))
        return WF_E_TOO_BIG;
    if (local && !(f->local = wf__alloc(a, f->local_size)))
        return WF_E_NOMEM;
    return WF_OK;
}

/* The group maps over the whole grid: their goals as sources, in agent
 * order. at and pos: a cell's worth of scratch each. */
static wf_status group_maps(const wf_allocator *a, const wf__team_job *j,
                            wf__crowd_fields *f, uint32_t *at,
                            uint32_t *pos) {
    const wf_grid *g = j->g;
    const size_t n = j->n;
    wf_point *src = wf__alloc(a, n * sizeof *src);
    if (!src)
        return WF_E_NOMEM;
    const wf__crowd_box whole = {0, 0, g->width, g->height};
    for (size_t gr = 0; gr < f->groups; gr++) {
        size_t ns = 0;
        for (size_t i = 0; i < n; i++)
            if (f->group[i] == gr)
                src[ns++] = j->agents[i].goal;
        f->settled += box_dijkstra(j, whole, src, ns, NULL,
                                   f->field + gr * g->cells, at, pos);
        f->off[gr] = 0;
    }
    wf__free(a, src, n * sizeof *src);
    return WF_OK;
}

/* Each agent's map to its own goal over its group's box (groups of several
 * goals), the other goals dearer; the group's offset above them all. */
static wf_status agent_maps(const wf_allocator *a, const wf__team_job *j,
                            wf__crowd_fields *f, uint32_t *at,
                            uint32_t *pos) {
    const wf_grid *g = j->g;
    const size_t bytes = g->cells * sizeof(uint32_t);
    uint32_t *goals = wf__alloc(a, bytes);
    if (!goals)
        return WF_E_NOMEM;
    memset(goals, 0, bytes);
    for (size_t i = 0; i < j->n; i++)
        goals[(size_t)j->agents[i].goal.y * (size_t)g->width +
              (size_t)j->agents[i].goal.x] = (uint32_t)i + 1;
    for (size_t i = 0; i < j->n; i++) {
        if (f->loc[i] == SIZE_MAX)
            continue;
        const uint32_t gr = f->group[i];
        const wf__crowd_box b = f->box[gr];
        double *d = f->local + f->loc[i];
        f->settled +=
            box_dijkstra(j, b, &j->agents[i].goal, 1, goals, d, at, pos);
        for (size_t c = 0; c < (size_t)b.w * (size_t)b.h; c++)
            if (d[c] < INFINITY && d[c] + 1 > f->off[gr])
                f->off[gr] = d[c] + 1;
    }
    wf__free(a, goals, bytes);
    return WF_OK;
}

wf_status wf__crowd_fields_build(const wf_allocator *a, const wf__team_job *j,
                                 wf__crowd_fields *f) {
    const wf_grid *g = j->g;
    const size_t n = j->n;
    memset(f, 0, sizeof *f);
    f->cells = g->cells;
    size_t cb;
    if (!wf__mul_size(g->cells, sizeof(uint32_t), &cb))
        return WF_E_TOO_BIG;
    uint32_t *at = wf__alloc(a, cb), *pos = wf__alloc(a, cb);
    uint32_t *parent = wf__alloc(a, n * sizeof *parent);
    wf_point *org = wf__alloc(a, n * sizeof *org);
    f->group = wf__alloc(a, n * sizeof *f->group);
    f->loc = wf__alloc(a, n * sizeof *f->loc);
    wf_status s = WF_E_NOMEM;
    if (!at || !pos || !parent || !org || !f->group || !f->loc)
        goto done;
    memset(at, 0, cb);
    group_goals(j, at, parent, org, f);
    /* parent is done with: it counts each group's goals */
    if ((s = alloc_maps(a, j, f, parent)) != WF_OK ||
        (s = group_maps(a, j, f, at, pos)) != WF_OK)
        goto done;
    s = agent_maps(a, j, f, at, pos);
done:
    wf__free(a, at, cb);
    wf__free(a, pos, cb);
    wf__free(a, parent, n * sizeof *parent);
    wf__free(a, org, n * sizeof *org);
    return s;
}

void wf__crowd_fields_free(const wf_allocator *a, size_t agents,
                           wf__crowd_fields *f) {
    wf__free(a, f->group, agents * sizeof *f->group);
    wf__free(a, f->loc, agents * sizeof *f->loc);
    wf__free(a, f->box, f->groups * sizeof *f->box);
    wf__free(a, f->off, f->groups * sizeof *f->off);
    wf__free(a, f->field, f->field ? f->groups * f->cells * sizeof(double)
                                   : 0);
    wf__free(a, f->local, f->local_size);
    memset(f, 0, sizeof *f);
}
