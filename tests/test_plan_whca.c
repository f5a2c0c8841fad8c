/* WHCA* (wf_team_plan_grid with WF_TEAM_WHCA): every plan it returns is
 * sound under wf_team_check and costs each agent at least its own
 * shortest path, on random maps under every movement model, sizes 1 and
 * 2, with and without a filter; hand-made squeezes (a swap in a corridor
 * with a pocket, an agent parked in the way, a crowd through a door);
 * determinism; bad options, the step bound and allocation failure. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Agent i's cost alone: its path as a team of one, priced by the
 * checker. */
static double agent_cost(const wf_grid *g, const wf_agent *ag,
                         const wf_team_plan *p, size_t i,
                         const wf_team_opts *o) {
    wf_team_plan one;
    wf_team_plan_init(&one, NULL);
    assert_int_equal(wf_team_plan_reset(&one, 1), WF_OK);
    assert_int_equal(wf_team_plan_push(&one, p->cells + p->offset[i],
                                       wf_team_plan_length(p, i)),
                     WF_OK);
    double sum = -1;
    assert_int_equal(wf_team_check(g, &ag[i], 1, &one, o->move, o->filter,
                                   o->wait_cost, &sum, NULL),
                     WF_OK);
    wf_team_plan_free(&one);
    return sum;
}

/* Plans and checks: a sound plan whose sum is the checker's, every agent
 * at least as dear as alone (alone[i]). Returns the status. */
static wf_status plan_checked(wf_team *t, const wf_grid *g,
                              const wf_agent *ag, size_t n,
                              const wf_team_opts *o, const double *alone,
                              wf_team_plan *p) {
    const wf_status s = wf_team_plan_grid(t, g, ag, n, o, p);
    if (s != WF_OK)
        return s;
    wf_team_fault_info f;
    double sum = -1;
    const wf_status c =
        wf_team_check(g, ag, n, p, o->move, o->filter, o->wait_cost, &sum, &f);
    if (c != WF_OK)
        fprintf(stderr, "fault %d: agents %zu, %zu at step %u\n", (int)f.kind,
                f.a, f.b, f.t);
    assert_int_equal(c, WF_OK);
    assert_true(wf_test_close(sum, p->sum_of_costs));
    size_t moving = 0;
    for (size_t i = 0; i < n; i++)
        moving += ag[i].start.x != ag[i].goal.x ||
                  ag[i].start.y != ag[i].goal.y;
    assert_true(p->expanded > 0 || !moving);
    for (size_t i = 0; alone && i < n; i++)
        assert_true(agent_cost(g, ag, p, i, o) >= alone[i] - 1e-9);
    return s;
}

/* Up to n agents with random ends that do not overlap (squares of side
 * k) and that the unit can walk between alone, their lone costs in
 * alone. Returns how many were placed. */
static size_t random_team(wf_test_rng *r, wf_search *ws, const wf_grid *g,
                          const wf_search_opts *so, size_t n, wf_agent *ag,
                          double *alone) {
    const int k = so->move.size > 1 ? so->move.size : 1;
    wf_path path;
    wf_path_init(&path, NULL);
    size_t placed = 0;
    for (int tries = 0; placed < n && tries < 200; tries++) {
        const wf_point s = wf_test_random_cell(r, g),
                       e = wf_test_random_cell(r, g);
        int clash = 0;
        for (size_t i = 0; i < placed && !clash; i++)
            clash = (abs(ag[i].start.x - s.x) < k &&
                     abs(ag[i].start.y - s.y) < k) ||
                    (abs(ag[i].goal.x - e.x) < k &&
                     abs(ag[i].goal.y - e.y) < k);
        if (clash || wf_search_grid(ws, g, s, e, so, &path) != WF_OK)
            continue;
        ag[placed] = (wf_agent){s, e};
        alone[placed++] = path.cost;
    }
    wf_path_free(&path);
    return placed;
}

/* Cells an agent of size 1 may stand on. */
static size_t open_cells(const wf_grid *g) {
    size_t c = 0;
    for (int y = 0; y < wf_grid_height(g); y++)
        for (int x = 0; x < wf_grid_width(g); x++)
            c += wf_grid_cost(g, (uint8_t)wf_grid_get(g, x, y)) != WF_BLOCKED;
    return c;
}

static void test_random_maps(void **state) {
    (void)state;
    wf_test_rng r = {0x5eed15};
    wf_team *t;
    assert_int_equal(wf_team_create(NULL, &t), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    const int maps = wf_test_count(1200);
    size_t teams = 0, ok = 0, agents = 0, stalled = 0;
    size_t model[2][2][3][2] = {{{{0}}}}; /* [4-conn][size 2][corners][ok] */
    size_t crowd[3][2] = {{0}}, window[4][2] = {{0}};
    for (int m = 0; m < maps; m++) {
        wf_grid *g = wf_test_random_map(&r, 14, 0);
        wf_filter f;
        wf_search_opts so = wf_test_random_opts(&r, 0, &f);
        so.move.size = 1 + (int)wf_test_rng_below(&r, 4) / 3; /* 1 in 4: 2 */
        wf_agent ag[30];
        double alone[30];
        const size_t want = 2 + wf_test_rng_below(&r, 29);
        const size_t n = random_team(&r, ws, g, &so, want, ag, alone);
        if (n < 2) {
            wf_grid_destroy(g);
            continue;
        }
        wf_team_opts o = wf_team_opts_default();
        o.move = so.move;
        o.filter = so.filter;
        o.window = 2 + (int)wf_test_rng_below(&r, 4) * 4; /* 2, 6, 10, 14 */
        o.max_steps = 100;
        const wf_status s = plan_checked(t, g, ag, n, &o, alone, &p);
        assert_true(s == WF_OK || s == WF_E_UNSATISFIABLE);
        if (s != WF_OK) {
            /* gave up at max_steps, or earlier on a jam */
            assert_true(strstr(wf_team_message(t), "max_steps (100)") ||
                        strstr(wf_team_message(t), "stalled"));
            stalled += strstr(wf_team_message(t), "stalled") != NULL;
        }
        const int good = s == WF_OK;
        const size_t share = 10 * n * so.move.size * so.move.size /
                             open_cells(g); /* tenths of the open cells */
        model[o.move.connect == 4][o.move.size > 1][o.move.corners][good]++;
        crowd[share < 1 ? 0 : share < 3 ? 1 : 2][good]++;
        window[o.window / 4][good]++;
        teams++;
        ok += (size_t)good;
        agents += n;
        wf_grid_destroy(g);
    }
    printf("WHCA*: %zu random teams (%zu agents): %zu planned, all sound; "
           "%zu gave up (%zu stalled in a jam, the rest at max_steps)\n",
           teams, agents, ok, teams - ok, stalled);
    for (int c = 0; c < 2; c++)
        for (int sz = 0; sz < 2; sz++)
            for (int k = 0; k < 3; k++)
                printf("  %d-connected, corners %d, size %d: %zu of %zu\n",
                       c ? 4 : 8, k, sz + 1, model[c][sz][k][1],
                       model[c][sz][k][0] + model[c][sz][k][1]);
    static const char *const share_name[3] = {"< 10 %", "10-30 %", ">= 30 %"};
    for (int b = 0; b < 3; b++)
        printf("  agents' squares over open cells %s: %zu of %zu\n",
               share_name[b], crowd[b][1], crowd[b][0] + crowd[b][1]);
    for (int b = 0; b < 4; b++)
        printf("  window %d: %zu of %zu\n", 2 + 4 * b, window[b][1],
               window[b][0] + window[b][1]);
    /* random maps often have no plan at all (two agents facing each other
     * in a dead-end corridor); sparse teams mostly get through */
    assert_true(crowd[0][1] * 2 >= crowd[0][0] + crowd[0][1]);
    assert_true(ok * 4 >= teams);
    wf_team_plan_free(&p);
    wf_search_destroy(ws);
    wf_team_destroy(t);
}

/* A workspace and an empty plan for a hand-made case. */
static wf_team *team_new(wf_team_plan *p) {
    wf_team *t;
    assert_int_equal(wf_team_create(NULL, &t), WF_OK);
    wf_team_plan_init(p, NULL);
    return t;
}

static void team_done(wf_team *t, wf_team_plan *p, wf_grid *g) {
    wf_team_plan_free(p);
    wf_team_destroy(t);
    wf_grid_destroy(g);
}

/* Two agents swapping ends of a corridor with a pocket in its middle;
 * and one parked on its goal in the corridor while another walks
 * through: the parked one must step into the pocket and come back. */
static void test_corridor(void **state) {
    (void)state;
    const char *rows[] = {".......", "###.###"};
    wf_grid *g = wf_test_grid(rows, 2);
    wf_team_plan p;
    wf_team *t = team_new(&p);
    for (int connect = 4; connect <= 8; connect += 4) {
        wf_team_opts o = wf_team_opts_default();
        o.move = wf_move_make(connect, WF_CORNERS_NO_CUT);
        const wf_agent swap[2] = {{{0, 0}, {6, 0}}, {{6, 0}, {0, 0}}};
        const double alone[2] = {6, 6};
        assert_int_equal(plan_checked(t, g, swap, 2, &o, alone, &p), WF_OK);
        /* one of them visits the pocket */
        int pocket = 0;
        for (uint32_t s = 0; s <= p.makespan; s++)
            for (size_t i = 0; i < 2; i++)
                pocket |= wf_team_plan_at(&p, i, s).y == 1;
        assert_true(pocket);
        const wf_agent parked[2] = {{{3, 0}, {3, 0}}, {{0, 0}, {6, 0}}};
        const double alone2[2] = {0, 6};
        assert_int_equal(plan_checked(t, g, parked, 2, &o, alone2, &p), WF_OK);
        /* it stepped into the pocket and came back */
        assert_true(wf_team_plan_length(&p, 0) > 2);
        int aside = 0;
        for (uint32_t s = 0; s <= p.makespan; s++)
            aside |= wf_team_plan_at(&p, 0, s).y == 1;
        assert_true(aside);
    }
    team_done(t, &p, g);
}

/* Eight agents from the left room to the right one through a one-cell
 * door. */
static void test_door(void **state) {
    (void)state;
    const char *rows[] = {"....#....", "....#....", ".........",
                          "....#....", "....#...."};
    wf_grid *g = wf_test_grid(rows, 5);
    wf_team_plan p;
    wf_team *t = team_new(&p);
    wf_agent ag[8];
    for (int i = 0; i < 8; i++)
        ag[i] = (wf_agent){{i / 4, i % 4 + (i % 4 >= 2)},
                           {8 - i / 4, (i + 1) % 4 + ((i + 1) % 4 >= 2)}};
    for (int connect = 4; connect <= 8; connect += 4) {
        wf_team_opts o = wf_team_opts_default();
        o.move = wf_move_make(connect, WF_CORNERS_ONE_FREE);
        o.window = 8;
        const wf_status s = plan_checked(t, g, ag, 8, &o, NULL, &p);
        if (s != WF_OK)
            printf("door: %s\n", wf_team_message(t));
        assert_int_equal(s, WF_OK);
        /* one agent through the door per step at most */
        assert_true(p.makespan >= 3 + 7 + 3);
        printf("door, %d-connected: makespan %u, sum of costs %.2f\n",
               connect, p.makespan, p.sum_of_costs);
    }
    team_done(t, &p, g);
}

/* The same request twice, on the same workspace and on a fresh one: the
 * same plan. */
static void test_deterministic(void **state) {
    (void)state;
    wf_test_rng r = {77};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    for (int m = 0; m < 20; m++) {
        wf_grid *g = wf_test_random_map(&r, 16, 0);
        wf_filter f;
        wf_search_opts so = wf_test_random_opts(&r, 0, &f);
        wf_agent ag[20];
        double alone[20];
        const size_t n = random_team(&r, ws, g, &so, 20, ag, alone);
        wf_team_opts o = wf_team_opts_default();
        o.move = so.move;
        o.filter = so.filter;
        o.max_steps = 200;
        wf_team *t1, *t2;
        assert_int_equal(wf_team_create(NULL, &t1), WF_OK);
        assert_int_equal(wf_team_create(NULL, &t2), WF_OK);
        wf_team_plan a, b, c;
        wf_team_plan_init(&a, NULL);
        wf_team_plan_init(&b, NULL);
        wf_team_plan_init(&c, NULL);
        const wf_status sa = wf_team_plan_grid(t1, g, ag, n, &o, &a);
        assert_int_equal(wf_team_plan_grid(t1, g, ag, n, &o, &b), sa);
        assert_int_equal(wf_team_plan_grid(t2, g, ag, n, &o, &c), sa);
        if (sa == WF_OK) {
            assert_int_equal(a.offset[n], b.offset[n]);
            assert_int_equal(a.offset[n], c.offset[n]);
            assert_memory_equal(a.cells, b.cells,
                                a.offset[n] * sizeof *a.cells);
            assert_memory_equal(a.cells, c.cells,
                                a.offset[n] * sizeof *a.cells);
            assert_true(a.expanded == b.expanded && a.expanded == c.expanded);
        } else {
            assert_string_equal(wf_team_message(t1), wf_team_message(t2));
        }
        wf_team_plan_free(&a);
        wf_team_plan_free(&b);
        wf_team_plan_free(&c);
        wf_team_destroy(t1);
        wf_team_destroy(t2);
        wf_grid_destroy(g);
    }
    wf_search_destroy(ws);
}

/* A window of 1 is refused; too few steps allowed: unsatisfiable, the
 * message naming the agents still away. */
static void test_bad_options(void **state) {
    (void)state;
    const char *rows[] = {".......", "###.###"};
    wf_grid *g = wf_test_grid(rows, 2);
    wf_team_plan p;
    wf_team *t = team_new(&p);
    const wf_agent swap[2] = {{{0, 0}, {6, 0}}, {{6, 0}, {0, 0}}};
    wf_team_opts o = wf_team_opts_default();
    o.window = 1;
    assert_int_equal(wf_team_plan_grid(t, g, swap, 2, &o, &p),
                     WF_E_INVALID_ARG);
    assert_true(strstr(wf_team_message(t), "window") != NULL);
    o.window = 4;
    o.max_steps = 5;
    assert_int_equal(wf_team_plan_grid(t, g, swap, 2, &o, &p),
                     WF_E_UNSATISFIABLE);
    printf("max_steps: %s\n", wf_team_message(t));
    assert_true(strstr(wf_team_message(t), "max_steps (5)") != NULL);
    assert_true(strstr(wf_team_message(t), "2 of 2 agents") != NULL);
    /* enough steps and a window to see the pocket in: fine, and the
     * message is cleared */
    o.window = 0;
    o.max_steps = 100;
    assert_int_equal(wf_team_plan_grid(t, g, swap, 2, &o, &p), WF_OK);
    assert_string_equal(wf_team_message(t), "");
    /* agents already on their goals: paths of one cell */
    const wf_agent home[2] = {{{0, 0}, {0, 0}}, {{3, 1}, {3, 1}}};
    assert_int_equal(wf_team_plan_grid(t, g, home, 2, &o, &p), WF_OK);
    assert_int_equal(wf_team_plan_length(&p, 0), 1);
    assert_int_equal(wf_team_plan_length(&p, 1), 1);
    team_done(t, &p, g);
}

/* Fail the N-th allocation for every N: WF_E_NOMEM (or WF_OK when the
 * refusal fell outside the plan), nothing leaked, and the workspace
 * still plans correctly afterwards. */
static void test_alloc_fail(void **state) {
    (void)state;
    const char *rows[] = {"....#....", "....#....", ".........",
                          "....#....", "....#...."};
    wf_grid *g = wf_test_grid(rows, 5);
    wf_agent ag[6];
    for (int i = 0; i < 6; i++)
        ag[i] = (wf_agent){{i / 3, i % 3}, {8 - i / 3, 4 - i % 3}};
    wf_team_opts o = wf_team_opts_default();
    o.window = 8;
    size_t refused = 0;
    for (size_t n = 1;; n++) {
        wf_test_alloc ta;
        const wf_allocator al = wf_test_alloc_init(&ta, n);
        wf_team *t = NULL;
        wf_team_plan p;
        wf_team_plan_init(&p, NULL);
        wf_status s = wf_team_create(&al, &t);
        if (s == WF_OK) {
            s = wf_team_plan_grid(t, g, ag, 6, &o, &p);
            if (s == WF_E_NOMEM) /* the workspace recovers */
                assert_int_equal(plan_checked(t, g, ag, 6, &o, NULL, &p),
                                 WF_OK);
        }
        assert_true(s == WF_OK || s == WF_E_NOMEM);
        wf_team_destroy(t);
        wf_team_plan_free(&p);
        assert_int_equal(ta.live, 0);
        if (!ta.refused)
            break;
        refused++;
    }
    printf("allocation failure: %zu allocations refused one by one\n",
           refused);
    assert_true(refused > 5);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_maps),
        cmocka_unit_test(test_corridor),
        cmocka_unit_test(test_door),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_alloc_fail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
