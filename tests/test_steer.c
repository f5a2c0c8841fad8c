/* Units that move (steer.h): the standard crowd scenarios with their
 * figures printed (arrivals, steps, worst separation, worst wall overlap)
 * and held to the bounds; 1 thread against 2 bit for bit; bad
 * input refused or recovered from (walls from a mesh: test_steer_mesh.c).
 * The larger runs (1,000 agents on a circle, 1,000 units over a map) are
 * the bench's: here sizes fit a sanitizer build's budget. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crowd_scen.h"

static wf_agent_id add_at(wf_crowd *c, double x, double y, wf_status want) {
    wf_agent_opts a = wf_agent_opts_default();
    a.position = (wf_vec2){x, y};
    wf_agent_id id = 0;
    assert_int_equal(wf_crowd_add(c, &a, &id), want);
    return id;
}

/* Runs s, prints its figures and checks them: every agent arrived, all
 * were in their places at once before the bound, the separation and the
 * wall overlap held. */
static void run_scenario(const char *name, wf_crowd_scen *s, wf_pool *pool) {
    wf_crowd_report rep;
    assert_int_equal(wf_cscen_run(s, pool, 1, &rep), WF_OK);
    printf("%-22s agents %5zu  arrived %5zu  last %5ld  steps %5ld (bound %ld)"
           "  min separation %.4f  max wall overlap %.4f  %.2f ms/step\n",
           name, s->n, rep.arrived, rep.last_arrival, rep.steps, s->max_steps,
           rep.min_sep, rep.max_wall, rep.ms_per_step);
    fflush(stdout);
    assert_int_equal(rep.arrived, s->n);
    assert_true(rep.last_arrival < s->max_steps);
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

/* Small rings: a few agents meet in the middle in a tight, symmetric
 * knot that ORCA alone never leaves (RVO2 keeps a ring of 20 still for
 * 3,000 steps). Every size and radius here must come apart. */
static void test_small_circles(void **state) {
    (void)state;
    static const size_t ns[] = {3, 5, 8, 12, 16, 20, 24, 32, 40};
    static const double rs[] = {0.25, 0.5, 1.0};
    long worst = 0;
    double sep = INFINITY;
    for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
        for (size_t j = 0; j < sizeof rs / sizeof *rs; j++) {
            wf_crowd_scen s;
            wf_crowd_report rep;
            assert_int_equal(wf_cscen_circle(&s, ns[i], rs[j]), WF_OK);
            assert_int_equal(wf_cscen_run(&s, NULL, 1, &rep), WF_OK);
            if (rep.arrived != s.n || rep.steps >= s.max_steps)
                printf("circle %zu, radius %g: %zu arrived in %ld steps "
                       "(bound %ld)\n", ns[i], rs[j], rep.arrived, rep.steps,
                       s.max_steps);
            assert_int_equal(rep.arrived, s.n);
            assert_true(rep.steps < s.max_steps);
            assert_true(rep.min_sep >= 0.99);
            worst = rep.steps > worst ? rep.steps : worst;
            sep = fmin(sep, rep.min_sep);
            wf_cscen_free(&s);
        }
    printf("small circles: 27 rings of 3-40 agents, radii 0.25-1: all "
           "arrived, slowest %ld steps, min separation %.4f\n", worst, sep);
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

/* A scenario of n agents made here: the crowd, handles and radii. */
static void own_scen(wf_crowd_scen *s, size_t n, long bound) {
    memset(s, 0, sizeof *s);
    assert_int_equal(wf_crowd_create(NULL, NULL, &s->crowd), WF_OK);
    s->ids = calloc(n, sizeof *s->ids);
    s->radius = calloc(n, sizeof *s->radius);
    assert_non_null(s->ids);
    assert_non_null(s->radius);
    for (size_t i = 0; i < n; i++)
        s->radius[i] = 0.4;
    s->n = n;
    s->max_steps = bound;
}

/* 49 agents packed on a 7 x 7 square (gaps of half a radius), each going
 * to its mirror image through the middle: a hard start for the no-touch
 * guarantee (every agent has neighbours on all sides, all must pass each
 * other). With gaps of a quarter radius the last few do not find their
 * holes (a known limit). */
static void test_packed(void **state) {
    (void)state;
    wf_crowd_scen s;
    own_scen(&s, 49, 1500);
    for (size_t i = 0; i < 49; i++) {
        double x = 1.0 * (double)(i % 7), y = 1.0 * (double)(i / 7);
        s.ids[i] = add_at(s.crowd, x, y, WF_OK);
        assert_int_equal(wf_crowd_set_goal(s.crowd, s.ids[i],
                                           (wf_vec2){6.0 - x, 6.0 - y}),
                         WF_OK);
    }
    run_scenario("packed 7 x 7 mirror", &s, NULL);
    wf_cscen_free(&s);
}

/* Two agents at p0 and p1, for a run of at most bound steps. */
static void own_pair(wf_crowd_scen *s, wf_vec2 p0, wf_vec2 p1, long bound) {
    own_scen(s, 2, bound);
    s->ids[0] = add_at(s->crowd, p0.x, p0.y, WF_OK);
    s->ids[1] = add_at(s->crowd, p1.x, p1.y, WF_OK);
}

/* An agent in its place steps aside for one whose way runs through it and
 * goes back: both end in their places. */
static void test_yield(void **state) {
    (void)state;
    wf_crowd_scen s;
    own_pair(&s, (wf_vec2){5, 5}, (wf_vec2){0, 5}, 400);
    assert_int_equal(wf_crowd_set_goal(s.crowd, s.ids[0], (wf_vec2){5, 5}),
                     WF_OK);
    assert_int_equal(wf_crowd_set_goal(s.crowd, s.ids[1], (wf_vec2){10, 5}),
                     WF_OK);
    run_scenario("yield: one through one", &s, NULL);
    wf_agent_state a;
    assert_int_equal(wf_crowd_get(s.crowd, s.ids[0], &a), WF_OK);
    printf("yield: the one in its place ends %.4f from it\n",
           hypot(a.position.x - 5.0, a.position.y - 5.0));
    assert_true(a.arrived);
    wf_cscen_free(&s);
}

/* Two agents in a file heading for two places in line: the one ahead
 * gets the far place, so neither passes the other. */
static void test_file(void **state) {
    (void)state;
    wf_crowd_scen s;
    own_pair(&s, (wf_vec2){0, 0}, (wf_vec2){1, 0}, 200);
    const wf_vec2 goals[2] = {{9.0, 0.0}, {10.0, 0.0}};
    assert_int_equal(wf_crowd_assign_goals(s.crowd, s.ids, goals, 2, NULL),
                     WF_OK);
    wf_agent_state a, b;
    assert_int_equal(wf_crowd_get(s.crowd, s.ids[0], &a), WF_OK);
    assert_int_equal(wf_crowd_get(s.crowd, s.ids[1], &b), WF_OK);
    printf("file: behind -> %.0f, ahead -> %.0f\n", a.goal.x, b.goal.x);
    assert_true(a.goal.x == 9.0 && b.goal.x == 10.0);
    run_scenario("file of two", &s, NULL);
    wf_cscen_free(&s);
}

/* The 1,000-agent runs (minutes under sanitizers): with WF_STEER_LARGE
 * set; the bench prints them on every run, Berlin on seeds 1-32. */
static void test_large(void **state) {
    (void)state;
    if (!getenv("WF_STEER_LARGE")) {
        printf("large runs: set WF_STEER_LARGE=1 (the bench prints them)\n");
        return;
    }
    wf_crowd_scen s;
    assert_int_equal(wf_cscen_circle(&s, 1000, 0.5), WF_OK);
    run_scenario("circle 1000", &s, NULL);
    wf_cscen_free(&s);
    assert_int_equal(wf_cscen_rts(&s, WF_SHARED_DIR "/movingai/street/Berlin_0_256.map",
                                 1000, 0.4, 1), WF_OK);
    run_scenario("Berlin_0_256 1000", &s, NULL);
    wf_cscen_free(&s);
}

/* A small crowd's life with an allocator: walls from a grid, agents
 * added, a group given goals, a path, steps; everything freed. */
static wf_status crowd_life(const wf_allocator *al, void *ctx) {
    const wf_grid *g = ctx;
    wf_crowd_opts o = wf_crowd_opts_default();
    o.grid = g;
    o.replan_dist = 0; /* a failed re-plan keeps the old path: not counted */
    wf_crowd *c;
    wf_status st = wf_crowd_create(&o, al, &c);
    if (st != WF_OK)
        return st;
    wf_agent_id ids[12];
    wf_vec2 goals[12];
    for (int i = 0; i < 12 && st == WF_OK; i++) {
        wf_agent_opts a = wf_agent_opts_default();
        a.position = (wf_vec2){0.5 + i % 3, 0.5 + i / 3};
        goals[i] = (wf_vec2){7.5 - i % 3, 0.5 + i / 3};
        st = wf_crowd_add(c, &a, &ids[i]);
    }
    if (st == WF_OK)
        st = wf_crowd_assign_goals(c, ids, goals, 11, NULL);
    const wf_vec2 path[3] = {{0.5, 4.5}, {4.5, 5.5}, {7.5, 5.5}};
    if (st == WF_OK)
        st = wf_crowd_set_path(c, ids[11], path, 3);
    for (int k = 0; k < 20 && st == WF_OK; k++)
        st = wf_crowd_step(c, NULL);
    wf_crowd_destroy(c);
    return st;
}

static void test_alloc_fail(void **state) {
    (void)state;
    static const char *const rows[] = {"........", "........", "...##...",
                                       "........", "........", "........"};
    wf_grid *g = wf_test_grid(rows, 6);
    assert_true(wf_test_each_refusal("crowd", crowd_life, g) > 0);
    wf_grid_destroy(g);
}

/* Extreme but valid agents (radii and speeds from 1e-6 to 1e6, places up
 * to 1e15, some on one spot, dt tiny and huge): steps never write a NaN
 * or an infinity into the state. */
static void test_extremes(void **state) {
    (void)state;
    static const double scale[] = {1e-6, 1e-3, 1.0, 1e3, 1e6};
    static const double dts[] = {1e-6, 0.1, 1e3};
    for (int d = 0; d < 3; d++) {
        wf_crowd_opts o = wf_crowd_opts_default();
        o.dt = dts[d];
        wf_crowd *c;
        assert_int_equal(wf_crowd_create(&o, NULL, &c), WF_OK);
        wf_agent_id ids[40];
        for (int i = 0; i < 40; i++) {
            wf_agent_opts a = wf_agent_opts_default();
            a.radius = scale[i % 5];
            a.max_speed = scale[(i / 5) % 5];
            a.max_accel = i % 3 ? INFINITY : scale[i % 4];
            double far = i % 7 == 0 ? 1e15 : 1.0;
            a.position = (wf_vec2){far * (i % 4), i < 8 ? 0.0 : -far * i};
            ids[i] = add_at(c, 0, 0, WF_OK);
            assert_int_equal(wf_crowd_remove(c, ids[i]), WF_OK);
            assert_int_equal(wf_crowd_add(c, &a, &ids[i]), WF_OK);
            assert_int_equal(wf_crowd_set_goal(c, ids[i],
                                               (wf_vec2){-a.position.x, 1e12}),
                             WF_OK);
        }
        for (int k = 0; k < 30; k++)
            assert_int_equal(wf_crowd_step(c, NULL), WF_OK);
        wf_vec2 p[40], v[40];
        assert_int_equal(wf_crowd_export(c, NULL, p, v, 40), 40);
        for (int i = 0; i < 40; i++)
            assert_true(isfinite(p[i].x) && isfinite(p[i].y) &&
                        isfinite(v[i].x) && isfinite(v[i].y));
        wf_crowd_destroy(c);
    }
    printf("extremes: 3 time steps x 40 agents of radii and speeds 1e-6..1e6, "
           "30 steps: all finite\n");
}

/* 1 thread and 2 threads give the same bits. */
/* Steps a and b (the same scenario of n agents) k times, a on one thread
 * and b on pool: the number of steps after which they differ. */
static size_t steps_differ(wf_crowd_scen *a, wf_crowd_scen *b, wf_pool *pool,
                           size_t n, int k) {
    size_t differ = 0, bytes = n * sizeof(wf_vec2);
    wf_vec2 *pa = malloc(bytes), *pb = malloc(bytes), *va = malloc(bytes),
            *vb = malloc(bytes);
    assert_true(pa && pb && va && vb);
    for (int s = 0; s < k; s++) {
        assert_int_equal(wf_crowd_step(a->crowd, NULL), WF_OK);
        assert_int_equal(wf_crowd_step(b->crowd, pool), WF_OK);
        assert_int_equal(wf_crowd_export(a->crowd, NULL, pa, va, n), n);
        assert_int_equal(wf_crowd_export(b->crowd, NULL, pb, vb, n), n);
        if (memcmp(pa, pb, bytes) || memcmp(va, vb, bytes))
            differ++;
    }
    free(pa);
    free(pb);
    free(va);
    free(vb);
    return differ;
}

/* One thread against two, bit for bit: a door (a flow field, walls), a
 * ring meeting in its middle (a knot) and units across a map (fields,
 * paths of their own, goal swaps). */
static void test_threads(void **state) {
    (void)state;
    wf_pool *pool;
    assert_int_equal(wf_pool_create(2, NULL, &pool), WF_OK);
    wf_crowd_scen a, b;
    assert_int_equal(wf_cscen_door(&a, 100, 0.4), WF_OK);
    assert_int_equal(wf_cscen_door(&b, 100, 0.4), WF_OK);
    size_t differ = steps_differ(&a, &b, pool, 100, 300);
    printf("threads: 300 steps of 100 agents at a door, 1 thread vs 2: %zu "
           "steps differ\n", differ);
    assert_int_equal(differ, 0);
    wf_cscen_free(&a);
    wf_cscen_free(&b);
    assert_int_equal(wf_cscen_circle(&a, 100, 0.5), WF_OK);
    assert_int_equal(wf_cscen_circle(&b, 100, 0.5), WF_OK);
    differ = steps_differ(&a, &b, pool, 100, 700);
    printf("threads: 700 steps of a ring of 100 (its knot), 1 thread vs 2: "
           "%zu steps differ\n", differ);
    assert_int_equal(differ, 0);
    wf_cscen_free(&a);
    wf_cscen_free(&b);
    const char *map = WF_SHARED_DIR "/movingai/street/Berlin_0_256.map";
    assert_int_equal(wf_cscen_rts(&a, map, 300, 0.4, 7), WF_OK);
    assert_int_equal(wf_cscen_rts(&b, map, 300, 0.4, 7), WF_OK);
    differ = steps_differ(&a, &b, pool, 300, 1000);
    printf("threads: 1000 steps of 300 units across Berlin_0_256, 1 thread "
           "vs 2: %zu steps differ\n", differ);
    assert_int_equal(differ, 0);
    wf_cscen_free(&a);
    wf_cscen_free(&b);
    wf_pool_destroy(pool);
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
        cmocka_unit_test(test_small_circles),
        cmocka_unit_test(test_crossing),  cmocka_unit_test(test_door),
        cmocka_unit_test(test_rts),       cmocka_unit_test(test_threads),
        cmocka_unit_test(test_packed),    cmocka_unit_test(test_yield),
        cmocka_unit_test(test_file),      cmocka_unit_test(test_large),
        cmocka_unit_test(test_alloc_fail), cmocka_unit_test(test_extremes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
