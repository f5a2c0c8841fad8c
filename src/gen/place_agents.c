/* Starts and goals for a team (wf_place_agents): random places in the
 * unit's largest region, or goals packed round one place. */
#include <math.h>
#include <stdlib.h>

#include "wayfind/field.h"
#include "gen_internal.h"

typedef struct near_cell {
    float d;
    uint32_t c;
} near_cell;

static int by_distance(const void *x, const void *y) {
    const near_cell *a = x, *b = y;
    if (a->d != b->d)
        return a->d < b->d ? -1 : 1;
    return (a->c > b->c) - (a->c < b->c);
}

/* The n places nearest centre by the unit's walking distance (so in its
 * region, where it may stand), nearest first, each with a free cell all
 * round it (no two squares of side k touching), into the agents' goals: the nearest goal to the agent that
 * starts nearest, and so on, so that the crowd fills its goals from the
 * inside out and no early arrival walls in a goal still to be reached. */
static wf_status pack_goals(const wf_grid *g, wf_move move,
                            const wf_filter *f, wf_point centre, wf_agent *v,
                            size_t n, wf_diag *diag) {
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    const size_t cells = (size_t)W * (size_t)H;
    const int k = move.size > 1 ? move.size : 1;
    const wf_allocator *al = wf__grid_allocator(g);
    float *dist = wf__alloc(al, cells * sizeof *dist);
    near_cell *order = wf__alloc(al, cells * sizeof *order);
    uint8_t *taken = wf__alloc(al, cells);
    wf_search *ws = NULL;
    const wf_field_source src = {centre, 0};
    wf_status s = WF_E_NOMEM;
    if (dist && order && taken &&
        (s = wf_search_create(al, &ws)) == WF_OK &&
        (s = wf_field_dijkstra_grid(ws, g, &src, 1, move, f, dist)) == WF_OK) {
        memset(taken, 0, cells);
        size_t m = 0;
        for (size_t c = 0; c < cells; c++)
            if (dist[c] < INFINITY)
                order[m++] = (near_cell){dist[c], (uint32_t)c};
        qsort(order, m, sizeof *order, by_distance);
        /* the agents by their start's distance: rank[j] is the j-th */
        near_cell *rank = wf__alloc(al, n * sizeof *rank);
        if (!rank) {
            s = WF_E_NOMEM;
            goto out;
        }
        for (size_t i = 0; i < n; i++)
            rank[i] = (near_cell){dist[(size_t)v[i].start.y * W +
                                       (size_t)v[i].start.x],
                                  (uint32_t)i};
        qsort(rank, n, sizeof *rank, by_distance);
        size_t got = 0;
        for (size_t i = 0; i < m && got < n; i++) {
            const int x = (int)(order[i].c % (uint32_t)W),
                      y = (int)(order[i].c / (uint32_t)W);
            int open = x + k <= W && y + k <= H;
            for (int dy = 0; dy < k && open; dy++)
                for (int dx = 0; dx < k && open; dx++)
                    open = !taken[(size_t)(y + dy) * W + (size_t)(x + dx)];
            if (!open)
                continue;
            /* a free ring round each goal: a crowd can walk between the
             * goals of those who arrived first */
            for (int dy = -1; dy <= k; dy++)
                for (int dx = -1; dx <= k; dx++)
                    if (x + dx >= 0 && y + dy >= 0 && x + dx < W &&
                        y + dy < H)
                        taken[(size_t)(y + dy) * W + (size_t)(x + dx)] = 1;
            v[rank[got++].c].goal = (wf_point){x, y};
        }
        wf__free(al, rank, n * sizeof *rank);
        if (got < n) {
            wf__diag_set(diag, NULL, 0, 0,
                         "only %zu of %zu goals fit round (%d, %d)", got, n,
                         centre.x, centre.y);
            s = WF_E_UNSATISFIABLE;
        }
    }
out:
    wf_search_destroy(ws);
    wf__free(al, dist, cells * sizeof *dist);
    wf__free(al, order, cells * sizeof *order);
    wf__free(al, taken, cells);
    return s;
}

wf_status wf_place_agents(const wf_grid *g, uint64_t seed, wf_move move,
                          const wf_filter *filter, size_t n, int packed,
                          wf_agent *out, wf_diag *diag) {
    if (!g || (n && !out) || n > SIZE_MAX / 2 / sizeof(wf_point) ||
        wf__move_check(&move, diag ? diag->message : NULL,
                       diag ? sizeof diag->message : 0) != WF_OK ||
        wf_filter_check(filter, diag ? diag->message : NULL,
                        diag ? sizeof diag->message : 0) != WF_OK)
        return WF_E_INVALID_ARG;
    if (!n)
        return WF_OK;
    wf_place_opts po = wf_place_opts_default();
    po.move = move;
    const int k = move.size;
    /* squares of side k apart: a Euclidean distance of k√2 keeps the
     * larger of |dx|, |dy| at k or more; size 1 needs only distinct
     * cells, which the shuffle gives */
    po.min_distance = k > 1 ? k * sqrt(2.0) : 0;
    for (int t = 0; t < 256; t++)
        if (wf_grid_cost(g, (uint8_t)t) > 0 &&
            (!filter || (filter->mult[t] > 0 && filter->mult[t] < INFINITY)))
            wf_place_opts_allow(&po, (uint8_t)t);
    const wf_allocator *al = wf__grid_allocator(g);
    wf_point *pts = wf__alloc(al, 2 * n * sizeof *pts);
    if (!pts)
        return WF_E_NOMEM;
    wf_status s = wf_place_points(g, seed, &po, 2 * n, pts, diag);
    if (s == WF_E_UNSATISFIABLE && diag) {
        char why[sizeof diag->message];
        memcpy(why, diag->message, sizeof why);
        wf__diag_set(diag, NULL, 0, 0, "a start and a goal for each: %s",
                     why);
    }
    if (s == WF_OK) {
        for (size_t i = 0; i < n; i++)
            out[i] = (wf_agent){pts[i], pts[n + i]};
        if (packed)
            s = pack_goals(g, move, filter, pts[n], out, n, diag);
    }
    wf__free(al, pts, 2 * n * sizeof *pts);
    return s;
}
