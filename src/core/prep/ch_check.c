/* Checking a contraction hierarchy that came from outside (a file): every
 * array against the grid, the unit and the rest of the hierarchy, so that
 * whatever the bytes were, a query either is refused here or returns a
 * path of legal moves whose cost is their sum (ch.h). */
#include <inttypes.h>
#include <math.h>

#include "ch_internal.h"

#define FAIL(...) wf__refuse(msg, size, __VA_ARGS__)

/* Every node a cell the unit may stand on, each such cell once. Fills
 * rank_of. */
static int check_cells(wf_ch *c, const wf_grid *g, char *msg, size_t size) {
    if (c->nodes != c->unit.nodes)
        return FAIL("%u nodes, the unit may stand on %zu cells of this map",
                    c->nodes, c->unit.nodes);
    for (size_t i = 0; i < c->unit.cells; i++)
        c->rank_of[i] = WF__CH_NONE;
    for (uint32_t r = 0; r < c->nodes; r++) {
        const uint32_t cell = c->cell_of[r];
        if (cell >= c->unit.cells)
            return FAIL("node %u is cell %u, off the map", r, cell);
        if (!(c->unit.cost[g->terrain[cell]] < INFINITY))
            return FAIL("node %u is cell (%u, %u), where the unit cannot "
                        "stand", r, cell % (uint32_t)g->width,
                        cell / (uint32_t)g->width);
        if (c->rank_of[cell] != WF__CH_NONE)
            return FAIL("cell (%u, %u) is two nodes, %u and %u",
                        cell % (uint32_t)g->width, cell / (uint32_t)g->width,
                        c->rank_of[cell], r);
        c->rank_of[cell] = r;
    }
    return 0;
}

/* The list offsets: from 0, never falling, ending at the last arc. */
static int check_lists(const wf_ch *c, char *msg, size_t size) {
    if (c->first[0] != 0)
        return FAIL("node 0's arcs start at %u, not 0", c->first[0]);
    for (uint32_t r = 0; r < c->nodes; r++)
        if (c->first[r + 1] < c->first[r] || c->first[r + 1] > c->arc_count)
            return FAIL("node %u's arcs end at %u, outside %u..%zu", r,
                        c->first[r + 1], c->first[r], c->arc_count);
    if (c->first[c->nodes] != c->arc_count)
        return FAIL("the lists hold %u arcs, the hierarchy %zu",
                    c->first[c->nodes], c->arc_count);
    return 0;
}

/* The cost of the single move from node a to node b for the unit, or -1
 * when it may not make it. */
static double move_cost(const wf_ch *c, const wf_grid *g, uint32_t a,
                        uint32_t b) {
    const uint32_t W = (uint32_t)g->width;
    const uint32_t ca = c->cell_of[a], cb = c->cell_of[b];
    const int dx = (int)(cb % W) - (int)(ca % W);
    const int dy = (int)(cb / W) - (int)(ca / W);
    for (int d = 0; d < WF_DIR_COUNT; d++) {
        if (wf__dir_dx[d] != dx || wf__dir_dy[d] != dy)
            continue;
        const unsigned m = wf__allowed_moves(
            wf__nbmask_pass(g, ca, c->unit.forbids ? c->unit.pass : NULL),
            c->unit.move.connect, c->unit.move.corners);
        if (!((m >> d) & 1u))
            return -1;
        return (d < 4 ? 1.0 : WF_SQRT2) * c->unit.cost[g->terrain[cb]];
    }
    return -1;
}

/* One direction of arc k, from node a to node b at cost `cost` (via x). */
static int check_way(const wf_ch *c, const wf_grid *g, size_t k, int dir,
                     uint32_t a, uint32_t b, double cost, char *msg,
                     size_t size) {
    const wf__ch_via *x = &c->via[2 * k + (size_t)dir];
    const char *way = dir ? "in" : "out";
    if (isnan(cost))
        return FAIL("arc %zu (%s) costs NaN", k, way);
    if (!(cost < INFINITY)) {
        if (x->mid != WF__CH_NONE)
            return FAIL("arc %zu (%s) has no cost but a middle node", k, way);
        return 0;
    }
    if (!(cost >= 0)) /* 0: a cost that underflowed, as the build allows */
        return FAIL("arc %zu (%s) costs %g", k, way, cost);
    if (x->mid == WF__CH_NONE) {
        const double want = move_cost(c, g, a, b);
        if (want < 0)
            return FAIL("arc %zu (%s) is a move from node %u to node %u "
                        "the unit cannot make", k, way, a, b);
        if (cost != want)
            return FAIL("arc %zu (%s) costs %.17g, the move %.17g", k, way,
                        cost, want);
        return 0;
    }
    const uint32_t m = x->mid;
    if (m >= a || m >= b)
        return FAIL("arc %zu (%s) passes through node %u, not below both "
                    "its ends %u and %u", k, way, m, a, b);
    const uint32_t lo = c->first[m], hi = c->first[m + 1];
    if (x->first < lo || x->first >= hi || x->second < lo || x->second >= hi)
        return FAIL("arc %zu (%s): its halves are not arcs of node %u", k,
                    way, m);
    const wf__ch_arc *h1 = &c->arcs[x->first], *h2 = &c->arcs[x->second];
    if (h1->to != a || h2->to != b)
        return FAIL("arc %zu (%s): its halves do not join %u to %u "
                    "through %u", k, way, a, b, m);
    if (!(h1->in < INFINITY && h2->out < INFINITY) ||
        h1->in + h2->out != cost)
        return FAIL("arc %zu (%s) costs %.17g, its halves add up to %.17g",
                    k, way, cost, h1->in + h2->out);
    return 0;
}

/* How many moves each direction of each arc unpacks into, in rank order
 * (a shortcut's halves belong to a lower node, so are counted first):
 * fewer than there are nodes, as a path that visits no node twice. */
static wf_status check_lengths(const wf_ch *c, char *msg, size_t size) {
    const size_t n = 2 * c->arc_count + 1;
    uint32_t *moves = wf__alloc(&c->alloc, n * sizeof *moves);
    if (!moves)
        return WF_E_NOMEM;
    int bad = 0;
    for (uint32_t r = 0; r < c->nodes && !bad; r++)
        for (size_t k = c->first[r]; k < c->first[r + 1] && !bad; k++)
            for (int dir = 0; dir < 2 && !bad; dir++) {
                const wf__ch_via *x = &c->via[2 * k + (size_t)dir];
                const double cost = dir ? c->arcs[k].in : c->arcs[k].out;
                /* in: a → mid is the in way of its first half */
                const uint64_t m =
                    !(cost < INFINITY)      ? 0
                    : x->mid == WF__CH_NONE ? 1
                                            : (uint64_t)moves[2 * (size_t)x->first + 1] +
                                                  moves[2 * (size_t)x->second];
                if (m >= c->nodes)
                    bad = FAIL("arc %zu (%s) unpacks into %" PRIu64 " moves or "
                               "more, a path through all %u nodes makes %u",
                               k, dir ? "in" : "out", m, c->nodes,
                               c->nodes - 1);
                moves[2 * k + (size_t)dir] = (uint32_t)m;
            }
    wf__free(&c->alloc, moves, n * sizeof *moves);
    return bad ? WF_E_PARSE : WF_OK;
}

/* Every node but the highest of its region has an arc up that it may
 * take and one it may come down: following such arcs up from any node
 * ends at its region's highest, so a query meets wherever the grid has a
 * path. */
static wf_status check_reach(const wf_ch *c, const wf_grid *g, char *msg,
                             size_t size) {
    const size_t cells = c->unit.cells;
    uint32_t *label = wf__alloc(&c->alloc, cells * sizeof *label);
    uint8_t *up = wf__alloc(&c->alloc, c->nodes + 1);
    uint32_t count = 0;
    wf_status st = label && up ? WF_OK : WF_E_NOMEM;
    if (st == WF_OK)
        st = wf__grid_regions_pass(g, c->unit.move,
                                   c->unit.forbids ? c->unit.pass : NULL,
                                   label, &count);
    uint32_t *top = NULL;
    if (st == WF_OK &&
        !(top = wf__alloc(&c->alloc, ((size_t)count + 1) * sizeof *top)))
        st = WF_E_NOMEM;
    if (st == WF_OK) {
        for (size_t i = 0; i <= count; i++)
            top[i] = WF__CH_NONE;
        for (uint32_t r = 0; r < c->nodes; r++) {
            top[label[c->cell_of[r]]] = r; /* ranks rise: the last is top */
            up[r] = 0;
            for (size_t k = c->first[r]; k < c->first[r + 1]; k++)
                up[r] |= (uint8_t)((c->arcs[k].out < INFINITY) |
                                   (c->arcs[k].in < INFINITY) << 1);
        }
        for (uint32_t r = 0; r < c->nodes && st == WF_OK; r++) {
            const uint32_t cell = c->cell_of[r];
            if (up[r] != 3 && top[label[cell]] != r) {
                FAIL("node %u, cell (%u, %u), has no arc up %s, below node "
                     "%u of its region: a query from or to it would miss "
                     "paths", r, cell % (uint32_t)g->width,
                     cell / (uint32_t)g->width,
                     up[r] & 1 ? "it may come down" : "it may take",
                     top[label[cell]]);
                st = WF_E_PARSE;
            }
        }
    }
    wf__free(&c->alloc, top, ((size_t)count + 1) * sizeof *top);
    wf__free(&c->alloc, up, c->nodes + 1);
    wf__free(&c->alloc, label, cells * sizeof *label);
    return st;
}

/* Every arc going up, with a cost at least one way, each way legal. */
static int check_arcs(const wf_ch *c, const wf_grid *g, char *msg,
                      size_t size) {
    for (uint32_t r = 0; r < c->nodes; r++)
        for (size_t k = c->first[r]; k < c->first[r + 1]; k++) {
            const wf__ch_arc *e = &c->arcs[k];
            if (e->to <= r || e->to >= c->nodes)
                return FAIL("arc %zu of node %u goes to node %u, not above "
                            "it", k, r, e->to);
            if (!(e->out < INFINITY) && !(e->in < INFINITY))
                return FAIL("arc %zu of node %u has no cost either way", k,
                            r);
            if (check_way(c, g, k, 0, r, e->to, e->out, msg, size) ||
                check_way(c, g, k, 1, e->to, r, e->in, msg, size))
                return 1;
        }
    return 0;
}

wf_status wf__ch_check(wf_ch *c, const wf_grid *g, char *msg, size_t size) {
    if (wf__made_for_current(&c->unit, g) != WF_OK)
        return FAIL("made for another grid"), WF_E_PARSE;
    if (check_cells(c, g, msg, size) || check_lists(c, msg, size) ||
        check_arcs(c, g, msg, size))
        return WF_E_PARSE;
    wf_status st = check_lengths(c, msg, size);
    if (st == WF_OK)
        st = check_reach(c, g, msg, size);
    if (st == WF_OK)
        wf__ch_finish(c);
    return st;
}
