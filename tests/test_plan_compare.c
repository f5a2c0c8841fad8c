/* The planners against each other on the same teams: CBS's sum of costs is
 * the least there is, so WHCA* and the field crowd are never below it, and
 * every plan of any of them is sound by wf_team_check. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const wf_corners corner_rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ALWAYS,
                                           WF_CORNERS_ONE_FREE};

static void test_never_below_cbs(void **state) {
    (void)state;
    wf_test_rng r = {1515};
    wf_team *t;
    assert_int_equal(wf_team_create(NULL, &t), WF_OK);
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    size_t teams = 0, compared[3] = {0}, planned[3] = {0}, strictly = 0;
    for (int m = 0; m < wf_test_count(500); m++) {
        wf_grid *g = wf_test_random_map(&r, 10, (int)wf_test_rng_below(&r, 2));
        wf_move mv = wf_move_default();
        mv.connect = wf_test_rng_below(&r, 3) ? 8 : 4;
        mv.corners = corner_rules[wf_test_rng_below(&r, 3)];
        const size_t n = 2 + wf_test_rng_below(&r, 4);
        wf_agent ag[5];
        if (wf_place_agents(g, (uint64_t)m, mv, NULL, n, 0, ag, NULL) !=
            WF_OK) {
            wf_grid_destroy(g);
            continue;
        }
        teams++;
        double soc[3];
        int ok[3];
        for (int a = 0; a < 3; a++) {
            wf_team_opts o = wf_team_opts_default();
            o.algo = (wf_team_algo)a;
            o.move = mv;
            o.max_nodes = 2000;
            o.max_steps = 200;
            ok[a] = wf_team_plan_grid(t, g, ag, n, &o, &p) == WF_OK;
            if (!ok[a])
                continue;
            planned[a]++;
            double sum;
            wf_team_fault_info f;
            assert_int_equal(wf_team_check(g, ag, n, &p, mv, NULL, 0, &sum, &f),
                             WF_OK);
            assert_true(wf_test_close(sum, p.sum_of_costs));
            soc[a] = p.sum_of_costs;
        }
        static const int others[2] = {WF_TEAM_WHCA, WF_TEAM_FIELD};
        for (int i = 0; i < 2; i++) {
            const int a = others[i];
            if (!ok[a] || !ok[WF_TEAM_CBS])
                continue;
            assert_true(soc[a] >= soc[WF_TEAM_CBS] - 1e-9 * soc[WF_TEAM_CBS]);
            compared[a]++;
            strictly += soc[a] > soc[WF_TEAM_CBS] + 1e-9;
        }
        wf_grid_destroy(g);
    }
    printf("%zu teams: CBS planned %zu, WHCA* %zu, field %zu; WHCA* never "
           "below CBS on %zu, the field crowd on %zu (%zu dearer)\n",
           teams, planned[WF_TEAM_CBS], planned[WF_TEAM_WHCA],
           planned[WF_TEAM_FIELD], compared[WF_TEAM_WHCA],
           compared[WF_TEAM_FIELD], strictly);
    assert_true(compared[WF_TEAM_WHCA] > (size_t)wf_test_count(500) / 10);
    wf_team_plan_free(&p);
    wf_team_destroy(t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_never_below_cbs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
