/* Conflict-Based Search (plan.h): the least sum of costs over all
 * collision-free plans. The constraint tree is searched best first on the
 * sum of costs, ties to the node with fewer colliding pairs of agents,
 * then to the older node, so the plan is the same on every platform.
 *
 * A node with collisions is split on one of them, between agents a and b
 * at one step, into two children, each with one more constraint on one of
 * the two (cbs_conflict.c):
 * - when their squares overlap at the end of the step, "a's square may
 *   not cover cell v at that time" and the same for b, v being a cell both
 *   cover (for size 1: "a may not be on its cell then", and b);
 * - otherwise (they meet during the step) "a may not make its step then"
 *   and "b may not make its step then" (a wait is a step too).
 * Every collision-free plan keeps at least one of the two (with both the
 * pair collides, whatever the others do), so the children between them
 * hold every plan their parent held: the search loses no plan, and the
 * first node popped without a collision is a least-cost plan. An agent
 * stays on its goal after its path ends, so a constraint on its goal at a
 * later time makes its path go on past that time (cbs_low.c).
 *
 * Which collision: of the node's first few (each pair at its earliest
 * step, the earliest first), the first whose two children both cost more
 * than the node (a cardinal one, which raises the bound on both sides),
 * else the first with one dearer child, else the first. Any choice keeps
 * the search optimal; this one keeps the tree small (on an open 8 x 8 map,
 * 5 agents take about 100 nodes instead of over 100,000). A child that
 * costs no more than its node and collides with fewer agents is not a
 * split but a better path for the node: it replaces the node (a node with
 * the same constraints, so nothing is lost). The low level breaks ties
 * between paths of equal cost towards fewer collisions with the other
 * agents' paths. */
#include <inttypes.h>

#include "cbs_internal.h"

/* Makes room for n agents' per-node views. */
static int agents_room(const wf_allocator *a, struct wf__cbs *c, size_t n) {
    return wf__team_grow(a, (void **)&c->cur, &c->cur_cap, n, sizeof *c->cur) &&
           wf__team_grow(a, (void **)&c->cur_len, &c->len_cap, n,
                        sizeof *c->cur_len) &&
           wf__team_grow(a, (void **)&c->cur_off, &c->off_cap, n,
                        sizeof *c->cur_off) &&
           wf__team_grow(a, (void **)&c->seen, &c->seen_cap, n,
                        sizeof *c->seen);
}

/* Gathers node q's paths (its own and the nearest ancestor's for the
 * others) into c->cur_off and c->cur_len, and points c->cur at them. */
static void gather(struct wf__cbs *c, size_t n, uint32_t q) {
    for (size_t i = 0; i < n; i++)
        c->seen[i] = WF__CBS_NONE;
    for (uint32_t k = q; k != WF__CBS_NONE; k = c->node[k].parent) {
        const wf__cbs_node *d = &c->node[k];
        if (c->seen[d->agent] == WF__CBS_NONE) {
            c->seen[d->agent] = k;
            c->cur_off[d->agent] = d->off;
            c->cur_len[d->agent] = d->len;
        }
    }
    for (size_t i = 0; i < n; i++)
        c->cur[i] = c->pool + c->cur_off[i];
}

/* Node q's constraints on agent i, and `extra`, into c->cons; their count
 * in *m. */
static int constraints(const wf_allocator *a, struct wf__cbs *c, uint32_t q,
                       wf__cbs_con extra, size_t *m) {
    size_t k = 0;
    for (uint32_t p = q;; p = c->node[p].parent) {
        const wf__cbs_con con = p == WF__CBS_NONE ? extra : c->node[p].con;
        if (con.agent == extra.agent) {
            if (!wf__team_grow(a, (void **)&c->cons, &c->cons_cap, k + 1,
                              sizeof *c->cons))
                return 0;
            c->cons[k++] = con;
        }
        if (p == WF__CBS_NONE)
            break;
    }
    *m = k;
    return 1;
}

/* Appends a node for agent i's path in c->path (cost pc). */
static int add_node(const wf_allocator *a, struct wf__cbs *c,
                    wf__cbs_node d) {
    if (!wf__team_grow(a, (void **)&c->node, &c->node_cap, c->node_n + 1,
                      sizeof *c->node) ||
        !wf__team_grow(a, (void **)&c->pool, &c->pool_cap,
                      c->pool_n + c->path_n, sizeof *c->pool) ||
        c->node_n + 1 >= WF__CBS_NONE)
        return 0;
    d.off = c->pool_n;
    d.len = (uint32_t)c->path_n;
    memcpy(c->pool + c->pool_n, c->path, c->path_n * sizeof *c->pool);
    c->pool_n += c->path_n;
    c->node[c->node_n++] = d;
    return 1;
}

static wf__cbs_paths view(const struct wf__cbs *c, size_t n) {
    return (wf__cbs_paths){c->cur, c->cur_len, n};
}

/* The root: every agent's own least-cost path, one node each in a chain. */
static wf_status root(wf_team *t, struct wf__cbs *c, const wf__team_job *j,
                      wf_team_plan *out) {
    const wf_allocator *a = &t->alloc;
    double sum = 0;
    for (size_t i = 0; i < j->n; i++)
        c->cur_len[i] = 0;
    for (size_t i = 0; i < j->n; i++) {
        double pc;
        const wf__cbs_paths p = view(c, j->n);
        const wf_status s = wf__cbs_low(a, c, j, (uint32_t)i, NULL, 0, &p,
                                        &pc, &out->expanded);
        if (s == WF_E_UNSATISFIABLE)
            return wf__team_fail(t, s,
                                 "CBS: agent %zu has no path within %" PRIu32
                                 " steps",
                                 i, j->max_steps);
        if (s != WF_OK)
            return s;
        sum += pc;
        const wf__cbs_node d = {sum, pc, 0, 0, (uint32_t)i,
                                i ? (uint32_t)i - 1 : WF__CBS_NONE, 0,
                                {WF__CBS_NONE, 0, 0, 0}};
        if (!add_node(a, c, d))
            return WF_E_NOMEM;
        /* the paths so far guide the next agent's ties */
        for (size_t k = 0; k <= i; k++) {
            c->cur[k] = c->pool + c->node[k].off;
            c->cur_len[k] = c->node[k].len;
        }
    }
    const uint32_t r = (uint32_t)j->n - 1;
    gather(c, j->n, r);
    const wf__cbs_paths p = view(c, j->n);
    uint32_t pairs = 0;
    for (size_t i = 0; i < j->n; i++)
        pairs += wf__cbs_conflicts_of(j, &p, i, c->cur[i], c->cur_len[i]);
    c->node[r].conflicts = pairs / 2;
    if (!wf__team_heap_push(a, &c->tree, (wf__team_entry){sum, pairs / 2, 0, r}))
        return WF_E_NOMEM;
    return WF_OK;
}

/* Adds (unpushed) the child of node q with constraint con, if its agent
 * has a path: its id in *id (WF__CBS_NONE when it has none). */
static wf_status child(wf_team *t, struct wf__cbs *c, const wf__team_job *j,
                       uint32_t q, wf__cbs_con con, wf_team_plan *out,
                       uint32_t *id) {
    const wf_allocator *a = &t->alloc;
    size_t m;
    double pc;
    *id = WF__CBS_NONE;
    if (!constraints(a, c, q, con, &m))
        return WF_E_NOMEM;
    gather(c, j->n, q);
    const wf__cbs_paths p = view(c, j->n);
    const wf_status s = wf__cbs_low(a, c, j, con.agent, c->cons, m, &p, &pc,
                                    &out->expanded);
    if (s != WF_OK)
        return s == WF_E_UNSATISFIABLE ? WF_OK : s;
    const size_t i = con.agent;
    const double old = c->node[c->seen[i]].path_cost;
    const uint32_t conflicts =
        c->node[q].conflicts -
        wf__cbs_conflicts_of(j, &p, i, c->cur[i], c->cur_len[i]) +
        wf__cbs_conflicts_of(j, &p, i, c->path, (uint32_t)c->path_n);
    const wf__cbs_node d = {c->node[q].cost - old + pc, pc, 0, 0,
                            (uint32_t)i, q, conflicts, con};
    if (!add_node(a, c, d))
        return WF_E_NOMEM;
    *id = (uint32_t)c->node_n - 1;
    return WF_OK;
}

/* Does child `id` of node q cost more than q? (No child: as if it did.) */
static int dearer(const struct wf__cbs *c, uint32_t q, uint32_t id) {
    if (id == WF__CBS_NONE)
        return 1;
    const double p = c->node[q].cost;
    return c->node[id].cost > p + 1e-9 * (p > 1 ? p : 1);
}

/* Splits node q on one of its first collisions (*found 0 when it has
 * none): the first of them whose two children both cost more than q (a
 * cardinal collision: it raises the bound on both sides), else the first
 * with one such child, else the first. */
static wf_status expand(wf_team *t, struct wf__cbs *c, const wf__team_job *j,
                        uint32_t q, wf_team_plan *out, int *found) {
    gather(c, j->n, q);
    const wf__cbs_paths p = view(c, j->n);
    wf__cbs_con con[2 * WF__CBS_PROBES];
    uint32_t when[WF__CBS_PROBES];
    const size_t n = wf__cbs_conflicts(j, &p, con, when, WF__CBS_PROBES);
    *found = n > 0;
    if (!n)
        return WF_OK;
    int best_rank = -1;
    size_t best = 0, k = 0;
    uint32_t id[2] = {WF__CBS_NONE, WF__CBS_NONE};
    for (; k < n; k++) {
        const size_t nodes = c->node_n, pool = c->pool_n;
        wf_status s = child(t, c, j, q, con[2 * k], out, &id[0]);
        if (s == WF_OK)
            s = child(t, c, j, q, con[2 * k + 1], out, &id[1]);
        if (s != WF_OK)
            return s;
        for (int side = 0; side < 2; side++) {
            const uint32_t b = id[side];
            if (b == WF__CBS_NONE || dearer(c, q, b) ||
                c->node[b].conflicts >= c->node[q].conflicts)
                continue;
            /* a path as cheap with fewer collisions: q takes it (a node
             * with q's constraints and that path) instead of splitting */
            wf__cbs_node d = c->node[b];
            d.con.agent = WF__CBS_NONE;
            c->node_n = nodes;
            c->node[c->node_n++] = d;
            return wf__team_heap_push(&t->alloc, &c->tree,
                                (wf__team_entry){d.cost, d.conflicts, 0,
                                                (uint32_t)nodes})
                       ? WF_OK
                       : WF_E_NOMEM;
        }
        const int rank = dearer(c, q, id[0]) + dearer(c, q, id[1]);
        if (rank > best_rank) {
            best_rank = rank;
            best = k;
        }
        if (rank == 2 || (k + 1 == n && best == k))
            break; /* keep these children */
        c->node_n = nodes;
        c->pool_n = pool;
    }
    if (k == n) {
        /* the best was an earlier one: make its children again */
        wf_status s = child(t, c, j, q, con[2 * best], out, &id[0]);
        if (s == WF_OK)
            s = child(t, c, j, q, con[2 * best + 1], out, &id[1]);
        if (s != WF_OK)
            return s;
    }
    for (int side = 0; side < 2; side++)
        if (id[side] != WF__CBS_NONE &&
            !wf__team_heap_push(&t->alloc, &c->tree,
                          (wf__team_entry){c->node[id[side]].cost,
                                          c->node[id[side]].conflicts, 0,
                                          id[side]}))
            return WF_E_NOMEM;
    return WF_OK;
}

/* Writes node q's paths into out. */
static wf_status emit(wf_team *t, struct wf__cbs *c, const wf__team_job *j,
                      uint32_t q, wf_team_plan *out) {
    gather(c, j->n, q);
    const uint32_t W = (uint32_t)j->g->width;
    for (size_t i = 0; i < j->n; i++) {
        const uint32_t len = c->cur_len[i];
        if (!wf__team_grow(&t->alloc, (void **)&c->pts, &c->pts_cap, len,
                          sizeof *c->pts))
            return WF_E_NOMEM;
        for (uint32_t k = 0; k < len; k++)
            c->pts[k] = (wf_point){(int)(c->cur[i][k] % W),
                                   (int)(c->cur[i][k] / W)};
        const wf_status s = wf_team_plan_push(out, c->pts, len);
        if (s != WF_OK)
            return s;
    }
    return WF_OK;
}

wf_status wf__team_cbs(wf_team *t, const wf__team_job *j, wf_team_plan *out) {
    const wf_allocator *a = &t->alloc;
    if (!t->cbs) {
        t->cbs = wf__alloc(a, sizeof *t->cbs);
        if (!t->cbs)
            return WF_E_NOMEM;
        memset(t->cbs, 0, sizeof *t->cbs);
    }
    struct wf__cbs *c = t->cbs;
    c->node_n = c->pool_n = c->tree.n = 0;
    wf_status s = agents_room(a, c, j->n) ? wf__cbs_distances(a, c, j)
                                          : WF_E_NOMEM;
    if (s == WF_OK)
        s = root(t, c, j, out);
    while (s == WF_OK) {
        if (!c->tree.n)
            return wf__team_fail(t, WF_E_UNSATISFIABLE,
                                 "CBS: no collision-free plan within %" PRIu32
                                 " steps (%" PRIu64 " constraint-tree nodes)",
                                 j->max_steps, out->nodes);
        if (out->nodes >= j->o.max_nodes)
            return wf__team_fail(t, WF_E_UNSATISFIABLE,
                                 "CBS: gave up at the limit of %" PRIu64
                                 " constraint-tree nodes (max_nodes); a plan "
                                 "would cost at least %.17g",
                                 out->nodes, c->tree.e[0].a);
        const uint32_t q = wf__team_heap_pop(&c->tree).id;
        out->nodes++;
        int found;
        s = expand(t, c, j, q, out, &found);
        if (s == WF_OK && !found)
            return emit(t, c, j, q, out);
    }
    return s;
}

void wf__cbs_free(wf_team *t) {
    struct wf__cbs *c = t->cbs;
    if (!c)
        return;
    const wf_allocator *a = &t->alloc;
    wf__free(a, c->node, c->node_cap * sizeof *c->node);
    wf__free(a, c->pool, c->pool_cap * sizeof *c->pool);
    wf__free(a, c->tree.e, c->tree.cap * sizeof *c->tree.e);
    wf__free(a, c->cur, c->cur_cap * sizeof *c->cur);
    wf__free(a, c->cur_len, c->len_cap * sizeof *c->cur_len);
    wf__free(a, c->cur_off, c->off_cap * sizeof *c->cur_off);
    wf__free(a, c->seen, c->seen_cap * sizeof *c->seen);
    wf__free(a, c->cons, c->cons_cap * sizeof *c->cons);
    wf__free(a, c->pts, c->pts_cap * sizeof *c->pts);
    wf__free(a, c->h, c->h_cap * sizeof *c->h);
    wf__free(a, c->st, c->st_cap * sizeof *c->st);
    wf__free(a, c->hash, c->hash_cap * sizeof *c->hash);
    wf__free(a, c->open.e, c->open.cap * sizeof *c->open.e);
    wf__free(a, c->mark, c->mark_cap);
    wf__free(a, c->path, c->path_cap * sizeof *c->path);
    wf__free(a, c, sizeof *c);
    t->cbs = NULL;
}
