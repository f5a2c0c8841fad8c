/* wf_place_agents: starts and goals where the unit may stand, in one
 * region, squares apart, the same for the same seed; packed goals nearest
 * one place; and the requests that cannot be met. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Squares of side k at a and b overlap? */
static int overlap(wf_point a, wf_point b, int k) {
    return abs(a.x - b.x) < k && abs(a.y - b.y) < k;
}

static void test_random_teams(void **state) {
    (void)state;
    wf_test_rng r = {31};
    size_t teams = 0, agents = 0;
    for (int m = 0; m < wf_test_count(300); m++) {
        wf_grid *g = wf_test_random_map(&r, 30, 0);
        wf_move mv = wf_move_default();
        mv.size = 1 + (int)wf_test_rng_below(&r, 2);
        const size_t n = 1 + wf_test_rng_below(&r, 12);
        const int packed = (int)wf_test_rng_below(&r, 2);
        wf_agent v[12], w[12];
        wf_diag d;
        wf_status s = wf_place_agents(g, 7, mv, NULL, n, packed, v, &d);
        if (s == WF_E_UNSATISFIABLE) {
            assert_true(d.message[0] != '\0');
            wf_grid_destroy(g);
            continue;
        }
        assert_int_equal(s, WF_OK);
        assert_int_equal(wf_place_agents(g, 7, mv, NULL, n, packed, w, &d),
                         WF_OK);
        assert_memory_equal(v, w, n * sizeof *v); /* same seed, same team */
        uint32_t *labels = malloc((size_t)wf_grid_width(g) *
                                  (size_t)wf_grid_height(g) * sizeof *labels);
        uint32_t count;
        assert_int_equal(wf_grid_regions(g, mv, labels, &count), WF_OK);
        const size_t W = (size_t)wf_grid_width(g);
        const uint32_t region =
            labels[(size_t)v[0].start.y * W + (size_t)v[0].start.x];
        assert_true(region != 0);
        for (size_t i = 0; i < n; i++) {
            assert_int_equal(
                labels[(size_t)v[i].start.y * W + (size_t)v[i].start.x],
                region);
            assert_int_equal(
                labels[(size_t)v[i].goal.y * W + (size_t)v[i].goal.x], region);
            for (size_t j = 0; j < i; j++) {
                assert_false(overlap(v[i].start, v[j].start, mv.size));
                assert_false(overlap(v[i].goal, v[j].goal, mv.size));
            }
        }
        free(labels);
        teams++;
        agents += n;
        wf_grid_destroy(g);
    }
    printf("placed %zu teams, %zu agents\n", teams, agents);
    assert_true(teams > (size_t)wf_test_count(300) / 3);
}

static void test_packed_goals_are_nearest(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(20, 20, NULL, &g), WF_OK);
    wf_agent v[9];
    assert_int_equal(
        wf_place_agents(g, 3, wf_move_default(), NULL, 9, 1, v, NULL), WF_OK);
    /* on an open map the 9 goals are the nearest places round the centre
     * with a free cell round each: a 5 x 5 block or so, no two touching */
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < i; j++) {
            assert_true(abs(v[i].goal.x - v[j].goal.x) <= 6 &&
                        abs(v[i].goal.y - v[j].goal.y) <= 6);
            assert_true(abs(v[i].goal.x - v[j].goal.x) >= 2 ||
                        abs(v[i].goal.y - v[j].goal.y) >= 2);
        }
    /* too many, bad arguments */
    wf_agent big[1];
    wf_diag d;
    const char *rows[] = {"..#", "###"};
    wf_grid *h = wf_test_grid(rows, 2);
    wf_agent two[2];
    assert_int_equal(wf_place_agents(h, 1, wf_move_default(), NULL, 2, 0, two,
                                     &d),
                     WF_E_UNSATISFIABLE);
    assert_non_null(strstr(d.message, "fit"));
    assert_int_equal(wf_place_agents(NULL, 1, wf_move_default(), NULL, 1, 0,
                                     big, NULL),
                     WF_E_INVALID_ARG);
    wf_move bad = wf_move_default();
    bad.connect = 5;
    assert_int_equal(wf_place_agents(g, 1, bad, NULL, 1, 0, big, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_place_agents(g, 1, wf_move_default(), NULL, 0, 0,
                                     NULL, NULL),
                     WF_OK);
    wf_grid_destroy(h);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_teams),
        cmocka_unit_test(test_packed_goals_are_nearest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
