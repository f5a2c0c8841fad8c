/* Units that move (steer.h): the standard crowd scenarios with their
 * figures printed (arrivals, steps, worst separation, worst wall overlap)
 * and held to the bounds; 1 thread against 2 bit for bit; bad
 * input refused or recovered from; walls from a mesh. The larger runs
 * (1,000 agents on a circle, 1,000 units over a map) are the bench's: here
 * sizes fit a sanitizer build's budget. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crowd_scen.h"

/* Runs s, prints its figures and checks them. */
static void run_scenario(const char *name, wf_crowd_scen *s, wf_pool *pool) {
    wf_crowd_report rep;
    assert_int_equal(wf_cscen_run(s, pool, 1, &rep), WF_OK);
    printf("%-22s agents %5zu  arrived %5zu  steps %5ld (bound %ld)  "
           "min separation %.4f  max wall overlap %.4f  %.2f ms/step\n",
           name, s->n, rep.arrived, rep.steps, s->max_steps, rep.min_sep,
           rep.max_wall, rep.ms_per_step);
    fflush(stdout);
    assert_int_equal(rep.arrived, s->n);
    assert_true(rep.steps < s->max_steps);
    assert_true(rep.min_sep >= 0.99);
    assert_true(rep.max_wall <= 0.01);
}

static void test_circle(void **state) {
    (void)state;
    wf_crowd_scen s;
    assert_int_equal(wf_cscen_circle(&s, 100, 0.5), WF_OK);
    run_scenario("circle 100", &s, NULL);
    wf_cscen_free(&s);
}

static void test_crossing(void **state) {
    (void)state;
    wf_crowd_scen s;
    assert_int_equal(wf_cscen_crossing(&s, 200, 0.4), WF_OK);
    run_scenario("crossing 2 x 100", &s, NULL);
    wf_cscen_free(&s);
}

static void test_door(void **state) {
    (void)state;
    wf_crowd_scen s;
    assert_int_equal(wf_cscen_door(&s, 64, 0.4), WF_OK);
    run_scenario("door 64", &s, NULL);
    wf_cscen_free(&s);
}

static void test_rts(void **state) {
    (void)state;
    wf_crowd_scen s;
    assert_int_equal(wf_cscen_rts(&s, WF_SHARED_DIR "/movingai/street/Berlin_0_256.map",
                                 300, 0.4, 7), WF_OK);
    run_scenario("Berlin_0_256 300", &s, NULL);
    wf_cscen_free(&s);
}

/* 1 thread and 2 threads give the same bits. */
static void test_threads(void **state) {
    (void)state;
    wf_pool *pool;
    assert_int_equal(wf_pool_create(2, NULL, &pool), WF_OK);
    wf_crowd_scen a, b;
    assert_int_equal(wf_cscen_door(&a, 100, 0.4), WF_OK);
    assert_int_equal(wf_cscen_door(&b, 100, 0.4), WF_OK);
    size_t differ = 0;
    wf_vec2 pa[100], pb[100], va[100], vb[100];
    for (int k = 0; k < 300; k++) {
        assert_int_equal(wf_crowd_step(a.crowd, NULL), WF_OK);
        assert_int_equal(wf_crowd_step(b.crowd, pool), WF_OK);
        assert_int_equal(wf_crowd_export(a.crowd, NULL, pa, va, 100), 100);
        assert_int_equal(wf_crowd_export(b.crowd, NULL, pb, vb, 100), 100);
        if (memcmp(pa, pb, sizeof pa) || memcmp(va, vb, sizeof va))
            differ++;
    }
    printf("threads: 300 steps of 100 agents, 1 thread vs 2: %zu steps differ\n",
           differ);
    assert_int_equal(differ, 0);
    wf_cscen_free(&a);
    wf_cscen_free(&b);
    wf_pool_destroy(pool);
}

static wf_agent_id add_at(wf_crowd *c, double x, double y, wf_status want) {
    wf_agent_opts a = wf_agent_opts_default();
    a.position = (wf_vec2){x, y};
    wf_agent_id id = 0;
    assert_int_equal(wf_crowd_add(c, &a, &id), want);
    return id;
}

/* Every bad input gets an error; overlaps are pushed apart, never NaN. */
static void test_bad_input(void **state) {
    (void)state;
    wf_crowd *c;
    wf_crowd_opts o = wf_crowd_opts_default();
    o.dt = 0;
    assert_int_equal(wf_crowd_create(&o, NULL, &c), WF_OK); /* 0: default */
    wf_crowd_destroy(c);
    o.dt = -1;
    assert_int_equal(wf_crowd_create(&o, NULL, &c), WF_E_INVALID_ARG);
    o.dt = NAN;
    assert_int_equal(wf_crowd_create(&o, NULL, &c), WF_E_INVALID_ARG);
    o = wf_crowd_opts_default();
    o.max_neighbours = 5000;
    assert_int_equal(wf_crowd_create(&o, NULL, &c), WF_E_INVALID_ARG);
    assert_int_equal(wf_crowd_create(NULL, NULL, NULL), WF_E_INVALID_ARG);
    static const char *const rows[] = {"......", ".####.", "......"};
    wf_grid *g = wf_test_grid(rows, 3);
    o = wf_crowd_opts_default();
    o.grid = g;
    assert_int_equal(wf_crowd_create(&o, NULL, &c), WF_OK);
    wf_agent_opts a = wf_agent_opts_default();
    wf_agent_id id;
    double bad[] = {0.0, -1.0, NAN, INFINITY};
    for (int k = 0; k < 4; k++) {
        a = wf_agent_opts_default();
        a.position = (wf_vec2){0.5, 0.5};
        a.radius = bad[k];
        assert_int_equal(wf_crowd_add(c, &a, &id), WF_E_INVALID_ARG);
        a.radius = 0.4;
        a.max_speed = bad[k];
        assert_int_equal(wf_crowd_add(c, &a, &id), WF_E_INVALID_ARG);
        a.max_speed = 1;
        a.position.x = bad[k] > -2.0 && bad[k] < 1.0 ? NAN : bad[k];
        assert_int_equal(wf_crowd_add(c, &a, &id), WF_E_INVALID_ARG);
    }
    add_at(c, 2.5, 1.5, WF_E_RANGE);  /* inside a wall */
    add_at(c, -1.0, 0.5, WF_E_RANGE); /* off the grid */
    /* three agents on one spot and one overlapping a wall */
    wf_agent_id ids[4] = {add_at(c, 0.5, 0.5, WF_OK), add_at(c, 0.5, 0.5, WF_OK),
                          add_at(c, 0.5, 0.5, WF_OK), add_at(c, 3.5, 0.8, WF_OK)};
    assert_int_equal(wf_crowd_set_goal(c, ids[0], (wf_vec2){NAN, 0}),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_crowd_set_velocity(c, 12345, (wf_vec2){0, 0}),
                     WF_E_INVALID_ARG);
    for (int k = 0; k < 100; k++)
        assert_int_equal(wf_crowd_step(c, NULL), WF_OK);
    wf_crowd_scen s = {.crowd = c, .grid = g, .ids = ids, .n = 4,
                 .radius = (double[]){0.4, 0.4, 0.4, 0.4}};
    wf_crowd_report rep = {.min_sep = INFINITY};
    wf_cscen_measure(&s, &rep);
    printf("bad input: 3 agents on one spot and 1 in a wall, after 100 steps: "
           "min separation %.4f, max wall overlap %.4f\n", rep.min_sep,
           rep.max_wall);
    assert_true(rep.min_sep >= 0.99 && rep.max_wall <= 0.01);
    /* a removed handle is dead, its slot reused under a new one */
    assert_int_equal(wf_crowd_remove(c, ids[1]), WF_OK);
    assert_int_equal(wf_crowd_remove(c, ids[1]), WF_E_INVALID_ARG);
    wf_agent_id again = add_at(c, 5.5, 2.5, WF_OK);
    assert_true(again != ids[1]);
    assert_int_equal(wf_crowd_count(c), 4);
    wf_crowd_destroy(c);
    wf_crowd_destroy(NULL);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_input), cmocka_unit_test(test_circle),
        cmocka_unit_test(test_crossing),  cmocka_unit_test(test_door),
        cmocka_unit_test(test_rts),       cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
