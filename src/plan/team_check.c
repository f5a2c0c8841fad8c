/* wf_team_check (plan.h): every path legal for its agent, and no two
 * agents colliding at any step. Agents are put in a bucket per cell at
 * each step, so a step costs the agents times the few cells around each,
 * not the agents squared. */
#include <math.h>
#include <stdlib.h>

#include "plan_internal.h"

static void fault_at(wf_team_fault_info *f, wf_team_fault kind, size_t a,
                     size_t b, uint32_t t) {
    if (f)
        *f = (wf_team_fault_info){kind, a, b, t};
}

double wf__team_wait_cost(const wf_grid *g, const wf_filter *filter,
                          double wait_cost) {
    if (wait_cost > 0)
        return wait_cost;
    double cost[256];
    uint8_t pass[256];
    wf__filter_costs(g, filter, cost, pass);
    double m = INFINITY;
    for (int t = 0; t < 256; t++)
        if (pass[t] && wf_grid_terrain_count(g, (uint8_t)t) && cost[t] < m)
            m = cost[t];
    return m < INFINITY ? m : 1.0;
}

/* Each path: its ends, its moves, its cost. */
static wf_status check_paths(const wf_grid *g, const wf_agent *agents,
                             size_t n, const wf_team_plan *p,
                             const wf_search_opts *o, const uint8_t *clr,
                             double wait, double *sum,
                             wf_team_fault_info *fault) {
    double total = 0;
    for (size_t i = 0; i < n; i++) {
        const size_t len = wf_team_plan_length(p, i);
        const wf_point *c = p->cells + p->offset[i];
        if (!len || c[0].x != agents[i].start.x ||
            c[0].y != agents[i].start.y || c[len - 1].x != agents[i].goal.x ||
            c[len - 1].y != agents[i].goal.y) {
            fault_at(fault, WF_TEAM_BAD_ENDS, i, i, 0);
            return WF_E_UNSATISFIABLE;
        }
        for (size_t t = 0; t + 1 < len; t++) {
            if (c[t].x == c[t + 1].x && c[t].y == c[t + 1].y) {
                total += wait;
                continue;
            }
            const double m = wf__step_cost(g, c[t], c[t + 1], o, clr);
            if (m < 0) {
                fault_at(fault, WF_TEAM_BAD_MOVE, i, i, (uint32_t)t);
                return WF_E_UNSATISFIABLE;
            }
            total += m;
        }
        if (len == 1 && !wf_grid_contains(g, c[0].x, c[0].y)) {
            fault_at(fault, WF_TEAM_BAD_MOVE, i, i, 0);
            return WF_E_UNSATISFIABLE;
        }
    }
    if (sum)
        *sum = total;
    return WF_OK;
}

/* No two agents collide: at each step the agents go into a bucket per
 * cell at their position, and each looks at the buckets within reach. */
static wf_status check_collisions(const wf_grid *g, size_t n,
                                  const wf_team_plan *p, int k,
                                  uint32_t *head, uint32_t *next,
                                  wf_team_fault_info *fault) {
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    const int reach = k + 1; /* two squares of side k moving a cell each */
    for (uint32_t t = 0; t <= p->makespan; t++) {
        for (size_t i = 0; i < n; i++) {
            const wf_point c = wf_team_plan_at(p, i, t);
            const size_t cell = (size_t)c.y * (size_t)W + (size_t)c.x;
            next[i] = head[cell];
            head[cell] = (uint32_t)i;
        }
        wf_status s = WF_OK;
        for (size_t i = 0; i < n && s == WF_OK; i++) {
            const wf_point a0 = wf_team_plan_at(p, i, t);
            const wf_point a1 = wf_team_plan_at(p, i, t + 1);
            for (int y = a0.y - reach; y <= a0.y + reach && s == WF_OK; y++)
                for (int x = a0.x - reach; x <= a0.x + reach; x++) {
                    if (x < 0 || y < 0 || x >= W || y >= H)
                        continue;
                    for (uint32_t j = head[(size_t)y * (size_t)W + (size_t)x];
                         j != UINT32_MAX; j = next[j]) {
                        if (j <= i)
                            continue;
                        /* the step t -> t + 1; the last step also checks
                         * where everyone stays for ever */
                        if (wf_team_collide(a0, a1, k,
                                            wf_team_plan_at(p, j, t),
                                            wf_team_plan_at(p, j, t + 1),
                                            k)) {
                            fault_at(fault, WF_TEAM_COLLISION, i, j, t);
                            s = WF_E_UNSATISFIABLE;
                            break;
                        }
                    }
                    if (s != WF_OK)
                        break;
                }
        }
        for (size_t i = 0; i < n; i++) {
            const wf_point c = wf_team_plan_at(p, i, t);
            head[(size_t)c.y * (size_t)W + (size_t)c.x] = UINT32_MAX;
        }
        if (s != WF_OK)
            return s;
    }
    return WF_OK;
}

wf_status wf_team_check(const wf_grid *g, const wf_agent *agents, size_t n,
                        const wf_team_plan *p, wf_move move,
                        const wf_filter *filter, double wait_cost,
                        double *sum, wf_team_fault_info *fault) {
    fault_at(fault, WF_TEAM_OK, 0, 0, 0);
    if (!g || (!agents && n) || !p || p->agents != n || p->pushed != n ||
        !(wait_cost >= 0 && wait_cost < INFINITY) || n >= UINT32_MAX ||
        wf__move_check(&move, NULL, 0) != WF_OK ||
        wf_filter_check(filter, NULL, 0) != WF_OK)
        return WF_E_INVALID_ARG;
    const wf_allocator *al = wf__grid_allocator(g);
    const size_t cells = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    wf_search_opts o = wf_search_opts_default();
    o.move = move;
    o.filter = filter;
    /* an agent of size > 1 stands where its square fits its terrains */
    uint8_t *clr = NULL;
    if (move.size > 1) {
        double cost[256];
        uint8_t pass[256];
        wf__filter_costs(g, filter, cost, pass);
        clr = wf__alloc(al, cells);
        if (!clr)
            return WF_E_NOMEM;
        wf__clearance_build(g, pass, clr);
    }
    wf_status s = check_paths(g, agents, n, p, &o, clr,
                              wf__team_wait_cost(g, filter, wait_cost), sum,
                              fault);
    wf__free(al, clr, move.size > 1 ? cells : 0);
    if (s != WF_OK || n < 2)
        return s;
    size_t hb, nb;
    if (!wf__mul_size(cells, sizeof(uint32_t), &hb) ||
        !wf__mul_size(n, sizeof(uint32_t), &nb))
        return WF_E_TOO_BIG;
    uint32_t *head = wf__alloc(al, hb), *next = wf__alloc(al, nb);
    if (head && next) {
        memset(head, 0xff, hb);
        s = check_collisions(g, n, p, move.size, head, next, fault);
    } else {
        s = WF_E_NOMEM;
    }
    wf__free(al, head, hb);
    wf__free(al, next, nb);
    return s;
}
