/* The field crowd's maps (crowd_internal.h): goals grouped by nearness,
 * one reverse Dijkstra map per group over the grid and one per agent over
 * its group's box, in double, with the overlay and the cutoff. */
#include "crowd_internal.h"

/* the directions of the movement masks: N E S W NE SE SW NW */
#define DX wf_field_flow_dx
#define DY wf_field_flow_dy

/* A binary min-heap of box cells keyed by dist; pos[c] is c's slot + 1,
 * 0 when never queued, UINT32_MAX once settled. */
typedef struct heap {
    uint32_t *at;
    uint32_t *pos;
    const double *key;
    size_t n;
} heap;

static void heap_up(heap *h, size_t i) {
    const uint32_t c = h->at[i];
    while (i > 0) {
        const size_t p = (i - 1) / 2;
        if (!(h->key[c] < h->key[h->at[p]]))
            break;
        h->at[i] = h->at[p];
        h->pos[h->at[i]] = (uint32_t)i + 1;
        i = p;
    }
    h->at[i] = c;
    h->pos[c] = (uint32_t)i + 1;
}

static uint32_t heap_pop(heap *h) {
    const uint32_t top = h->at[0];
    const uint32_t c = h->at[--h->n];
    size_t i = 0;
    for (;;) {
        size_t m = 2 * i + 1;
        if (m >= h->n)
            break;
        if (m + 1 < h->n && h->key[h->at[m + 1]] < h->key[h->at[m]])
            m++;
        if (!(h->key[h->at[m]] < h->key[c]))
            break;
        h->at[i] = h->at[m];
        h->pos[h->at[i]] = (uint32_t)i + 1;
        i = m;
    }
    if (h->n) {
        h->at[i] = c;
        h->pos[c] = (uint32_t)i + 1;
    }
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
        h.at[h.n++] = (uint32_t)c;
        heap_up(&h, h.n - 1);
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
            const int nx = x + DX[d] - b.x0, ny = y + DY[d] - b.y0;
            if (nx < 0 || ny < 0 || nx >= b.w || ny >= b.h)
                continue;
            const size_t u = (size_t)ny * bw + (size_t)nx;
            if (pos[u] == UINT32_MAX)
                continue;
            const double nd = dist[c] + (d >= 4 ? WF_SQRT2 : 1.0) * enter;
            if (!(nd < dist[u]) || nd > cutoff)
                continue;
            dist[u] = nd;
            if (!pos[u])
                h.at[h.n++] = (uint32_t)u;
            heap_up(&h, pos[u] ? pos[u] - 1 : h.n - 1);
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
    uint32_t *goals = NULL;
    f->group = wf__alloc(a, n * sizeof *f->group);
    f->loc = wf__alloc(a, n * sizeof *f->loc);
    wf_status s = WF_E_NOMEM;
    if (!at || !pos || !parent || !org || !f->group || !f->loc)
        goto done;
    memset(at, 0, cb);
    group_goals(j, at, parent, org, f);
    /* parent is done with: it counts each group's goals */
    f->box = wf__alloc(a, f->groups * sizeof *f->box);
    f->off = wf__alloc(a, f->groups * sizeof *f->off);
    size_t fields;
    s = WF_E_TOO_BIG;
    if (!wf__mul_size(f->groups, g->cells, &fields) ||
        !wf__mul_size(fields, sizeof(double), &fields))
        goto done;
    s = WF_E_NOMEM;
    if (!f->box || !f->off || !(f->field = wf__alloc(a, fields)))
        goto done;
    group_boxes(j, f, parent);
    size_t local = 0;
    for (size_t i = 0; i < n; i++) {
        const wf__crowd_box b = f->box[f->group[i]];
        f->loc[i] = parent[f->group[i]] > 1 ? local : SIZE_MAX;
        if (parent[f->group[i]] > 1)
            local += (size_t)b.w * (size_t)b.h;
    }
    s = WF_E_TOO_BIG;
    if (!wf__mul_size(local, sizeof(double), &f->local_size))
        goto done;
    s = WF_E_NOMEM;
    if (local && !(f->local = wf__alloc(a, f->local_size)))
        goto done;
    /* the group maps: their goals as sources, in agent order */
    wf_point *src = wf__alloc(a, n * sizeof *src);
    if (!src)
        goto done;
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
    /* the goals, for the box maps */
    if (!(goals = wf__alloc(a, cb)))
        goto done;
    memset(goals, 0, cb);
    for (size_t i = 0; i < n; i++)
        goals[(size_t)j->agents[i].goal.y * (size_t)g->width +
              (size_t)j->agents[i].goal.x] = (uint32_t)i + 1;
    for (size_t i = 0; i < n; i++) {
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
    s = WF_OK;
done:
    wf__free(a, at, cb);
    wf__free(a, pos, cb);
    wf__free(a, parent, n * sizeof *parent);
    wf__free(a, org, n * sizeof *org);
    wf__free(a, goals, cb);
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
