/*
 * wf_bench_team: many agents planned together on the 512 x 512 Moving AI
 * maps (8-connected, no-cut, size 1).
 *
 * For each map and team size, agents are placed at random (seeded,
 * wf_place_agents) in the largest region, planned with WHCA* (window 16)
 * and, for the small teams, with CBS; the field crowd heads for goals
 * packed round one place. Each plan is checked with wf_team_check outside
 * the timed call; the table gives the planning time, the makespan, the sum
 * of costs and its overhead over the sum of the agents' own optimal costs
 * (each alone, A*), or why the planner gave up. Exit status: 0 every plan
 * it made was sound, 1 one was not, 2 usage, 3 bad input.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/gen.h>
#include <wayfind/io.h>
#include <wayfind/plan.h>

#define PROG "wf_bench_team"

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static const char *algo_name(wf_team_algo a) {
    return a == WF_TEAM_CBS ? "CBS" : a == WF_TEAM_FIELD ? "field" : "WHCA*";
}

/* The sum of each agent's own least cost. */
static double independent(wf_search *ws, const wf_grid *g, const wf_agent *v,
                          size_t n) {
    wf_path p;
    wf_path_init(&p, NULL);
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        if (wf_search_grid(ws, g, v[i].start, v[i].goal, NULL, &p) == WF_OK)
            sum += p.cost;
    wf_path_free(&p);
    return sum;
}

/* One row: n agents on g with algo. Returns 0, 1 on an unsound plan. */
static int row(const char *label, const wf_grid *g, wf_team *team,
               wf_search *ws, wf_team_algo algo, size_t n, uint64_t seed) {
    wf_agent *v = malloc(n * sizeof *v);
    if (!v)
        return 1;
    wf_diag d;
    memset(&d, 0, sizeof d);
    if (wf_place_agents(g, seed, wf_move_default(), NULL, n,
                        algo == WF_TEAM_FIELD, v, &d) != WF_OK) {
        printf("| %s | %s | %zu | placement: %s | | | | |\n", label,
               algo_name(algo), n, d.message);
        free(v);
        return 0;
    }
    wf_team_opts o = wf_team_opts_default();
    o.algo = algo;
    o.max_nodes = 500;
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    const uint64_t t0 = clock_ns();
    const wf_status s = wf_team_plan_grid(team, g, v, n, &o, &p);
    const double ms = (double)(clock_ns() - t0) / 1e6;
    int bad = 0;
    if (s == WF_OK) {
        wf_team_fault_info f;
        double sum;
        if (wf_team_check(g, v, n, &p, wf_move_default(), NULL, 0, &sum, &f) !=
            WF_OK) {
            fprintf(stderr, PROG ": %s %s %zu agents: fault %d (agents %zu, "
                            "%zu, step %u)\n",
                    label, algo_name(algo), n, (int)f.kind, f.a, f.b, f.t);
            bad = 1;
        }
        const double ind = independent(ws, g, v, n);
        double over = ind > 0 ? 100 * (p.sum_of_costs - ind) / ind : 0;
        if (over > -0.005 && over < 0.005)
            over = 0; /* not "-0.00": the sums agree to rounding */
        printf("| %s | %s | %zu | %.1f | %u | %.1f | %.1f | +%.2f %% | %llu "
               "|\n",
               label, algo_name(algo), n, ms, p.makespan, p.sum_of_costs, ind,
               over,
               (unsigned long long)(algo == WF_TEAM_CBS ? p.nodes
                                                        : p.expanded));
    } else {
        printf("| %s | %s | %zu | %.1f | gave up: %s | | | | |\n", label,
               algo_name(algo), n, ms, wf_team_message(team));
    }
    fflush(stdout);
    wf_team_plan_free(&p);
    free(v);
    return bad;
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : WF_BENCH_DEFAULT_DIR;
    if (argc > 2 || (argc > 1 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: " PROG " [MOVINGAI_DIR]\n");
        return 2;
    }
    /* the 512 x 512 maps of four kinds; the mazes' paths of 2000 steps
     * make CBS's low level too slow for make bench */
    static const char *const maps[] = {
        "bg/AR0011SR", "random/random512-10-0", "rooms/32room_000",
        "sc1/Archipelago",
    };
    wf_team *team;
    wf_search *ws;
    if (wf_team_create(NULL, &team) != WF_OK ||
        wf_search_create(NULL, &ws) != WF_OK)
        return 4;
    printf("Teams on 512 x 512 Moving AI maps (8-connected, no-cut), agents "
           "placed at random in the largest region (seed 1); WHCA* window "
           "16, CBS at most 500 nodes; every plan checked collision-free:\n\n"
           "| map | planner | agents | ms | makespan | sum of costs | each "
           "alone | overhead | expanded (CBS: nodes) |\n"
           "|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    int code = 0;
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.map", dir, maps[m]);
        wf_grid *g;
        wf_diag d;
        memset(&d, 0, sizeof d);
        if (wf_movingai_map_read(path, NULL, &g, &d) != WF_OK) {
            fprintf(stderr, PROG ": %s: %s\n", path, d.message);
            code = 3;
            continue;
        }
        static const size_t whca[] = {100, 500, 1000}, cbs[] = {10, 15, 20};
        for (size_t i = 0; i < 3; i++)
            code |= row(maps[m], g, team, ws, WF_TEAM_WHCA, whca[i], 1);
        for (size_t i = 0; i < 3; i++) {
            code |= row(maps[m], g, team, ws, WF_TEAM_CBS, cbs[i], 1);
            code |= row(maps[m], g, team, ws, WF_TEAM_WHCA, cbs[i], 1);
        }
        code |= row(maps[m], g, team, ws, WF_TEAM_FIELD, 1000, 1);
        wf_grid_destroy(g);
    }
    wf_search_destroy(ws);
    wf_team_destroy(team);
    return code;
}
