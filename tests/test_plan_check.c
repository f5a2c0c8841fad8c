/* The team plan container, the collision rule (against a brute-force
 * sampling of the moving squares) and the plan checker. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rule by brute force: the squares at 2001 moments of the step, in
 * exact rationals (positions scaled by 2000). Overlap of open squares. */
static int sampled_collide(wf_point a0, wf_point a1, int ka, wf_point b0,
                           wf_point b1, int kb) {
    const long S = 2000;
    for (long i = 0; i <= S; i++) {
        long ax = a0.x * S + (a1.x - a0.x) * i, ay = a0.y * S + (a1.y - a0.y) * i;
        long bx = b0.x * S + (b1.x - b0.x) * i, by = b0.y * S + (b1.y - b0.y) * i;
        if (bx < ax + ka * S && ax < bx + kb * S && by < ay + ka * S &&
            ay < by + kb * S)
            return 1;
    }
    return 0;
}

static void test_collide_matches_sampling(void **state) {
    (void)state;
    size_t pairs = 0, hits = 0;
    /* every pair of moves (9 each) of two agents placed within reach */
    for (int ka = 1; ka <= 3; ka++)
        for (int kb = 1; kb <= 3; kb++)
            for (int ox = -4; ox <= 4; ox++)
                for (int oy = -4; oy <= 4; oy++)
                    for (int ma = 0; ma < 9; ma++)
                        for (int mb = 0; mb < 9; mb++) {
                            const wf_point a0 = {10, 10},
                                           a1 = {10 + ma % 3 - 1,
                                                 10 + ma / 3 - 1};
                            const wf_point b0 = {10 + ox, 10 + oy},
                                           b1 = {b0.x + mb % 3 - 1,
                                                 b0.y + mb / 3 - 1};
                            const int c = wf_team_collide(a0, a1, ka, b0, b1, kb);
                            assert_int_equal(
                                c, sampled_collide(a0, a1, ka, b0, b1, kb));
                            /* symmetric */
                            assert_int_equal(
                                c, wf_team_collide(b0, b1, kb, a0, a1, ka));
                            pairs++;
                            hits += (size_t)c;
                        }
    printf("collision rule: %zu pairs of moves, %zu collisions, equal to "
           "sampling\n",
           pairs, hits);
    /* the cases the header names */
    const wf_point o = {0, 0}, e = {1, 0}, se = {1, 1}, s = {0, 1};
    assert_true(wf_team_collide(o, e, 1, e, o, 1));      /* swap */
    assert_true(wf_team_collide(o, se, 1, e, s, 1));     /* crossing */
    assert_true(wf_team_collide(o, se, 1, e, o, 1));     /* into the left */
    assert_false(wf_team_collide(o, e, 1, e, (wf_point){2, 0}, 1)); /* follow */
    assert_true(wf_team_collide(o, o, 1, e, o, 1));      /* one cell */
    assert_false(wf_team_collide(o, (wf_point){2, 0}, 1, e, e, 1)); /* jump */
}

static void test_plan_container(void **state) {
    (void)state;
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    assert_int_equal(wf_team_plan_length(&p, 0), 0);
    assert_int_equal(wf_team_plan_at(&p, 0, 0).x, -1);
    assert_int_equal(wf_team_plan_reset(&p, 2), WF_OK);
    const wf_point a[3] = {{0, 0}, {1, 0}, {2, 0}}, b[1] = {{5, 5}};
    assert_int_equal(wf_team_plan_push(&p, a, 3), WF_OK);
    assert_int_equal(wf_team_plan_push(&p, b, 1), WF_OK);
    assert_int_equal(wf_team_plan_push(&p, b, 1), WF_E_INVALID_ARG);
    assert_int_equal(wf_team_plan_push(NULL, b, 1), WF_E_INVALID_ARG);
    assert_int_equal(p.makespan, 2);
    assert_int_equal(wf_team_plan_length(&p, 0), 3);
    assert_int_equal(wf_team_plan_at(&p, 0, 1).x, 1);
    assert_int_equal(wf_team_plan_at(&p, 0, 99).x, 2); /* stays on its goal */
    assert_int_equal(wf_team_plan_at(&p, 1, 7).y, 5);
    assert_int_equal(wf_team_plan_at(&p, 2, 0).x, -1);
    assert_int_equal(wf_team_plan_reset(NULL, 1), WF_E_INVALID_ARG);
    wf_team_plan_free(&p);
    wf_team_plan_free(NULL);
}

/* Builds the plan of paths given as strings of moves: 'N','E','S','W',
 * 'n' (NE), 'e' (SE), 's' (SW), 'w' (NW), '.' wait. */
static void plan_of(wf_team_plan *p, const wf_agent *ag, const char **moves,
                    size_t n) {
    assert_int_equal(wf_team_plan_reset(p, n), WF_OK);
    for (size_t i = 0; i < n; i++) {
        wf_point c[64];
        size_t len = 0;
        c[len++] = ag[i].start;
        for (const char *m = moves[i]; *m; m++) {
            wf_point q = c[len - 1];
            switch (*m) {
            case 'N': q.y--; break;
            case 'E': q.x++; break;
            case 'S': q.y++; break;
            case 'W': q.x--; break;
            case 'n': q.x++, q.y--; break;
            case 'e': q.x++, q.y++; break;
            case 's': q.x--, q.y++; break;
            case 'w': q.x--, q.y--; break;
            default: break;
            }
            c[len++] = q;
        }
        assert_int_equal(wf_team_plan_push(p, c, len), WF_OK);
    }
}

static void test_check(void **state) {
    (void)state;
    const char *rows[] = {"......", "..#...", "......"};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    wf_team_fault_info f;
    double sum;
    const wf_move mv = wf_move_default();
    /* two agents swapping ends of row 0: the second steps down and goes
     * round below the wall while the first walks the row */
    const wf_agent ag[2] = {{{0, 0}, {5, 0}}, {{5, 0}, {0, 0}}};
    const char *round[2] = {"EEEEE", "SsWWWwN"};
    plan_of(&p, ag, round, 2);
    assert_int_equal(wf_team_check(g, ag, 2, &p, mv, NULL, 0, &sum, &f),
                     WF_OK);
    assert_int_equal(f.kind, WF_TEAM_OK);
    assert_true(wf_test_close(sum, 10 + 2 * sqrt(2.0)));
    /* head-on in one row: they meet between steps 2 and 3 */
    const char *head_on[2] = {"EEEEE", "WWWWW"};
    plan_of(&p, ag, head_on, 2);
    assert_int_equal(wf_team_check(g, ag, 2, &p, mv, NULL, 0, &sum, &f),
                     WF_E_UNSATISFIABLE);
    assert_int_equal(f.kind, WF_TEAM_COLLISION);
    assert_int_equal(f.a, 0);
    assert_int_equal(f.b, 1);
    assert_int_equal(f.t, 2);
    /* the first arrives and stays on its goal; the second, later, walks
     * through that goal cell: a collision after the first's path ended */
    const wf_agent ag2[2] = {{{0, 2}, {2, 2}}, {{5, 2}, {0, 2}}};
    const char *through[2] = {"EE", ".WWWWW"};
    plan_of(&p, ag2, through, 2);
    assert_int_equal(wf_team_check(g, ag2, 2, &p, mv, NULL, 0, &sum, &f),
                     WF_E_UNSATISFIABLE);
    assert_int_equal(f.kind, WF_TEAM_COLLISION);
    assert_true(f.t >= 2);
    /* a plan through the wall */
    const wf_agent ag3[1] = {{{1, 1}, {3, 1}}};
    const char *wall[1] = {"EE"};
    plan_of(&p, ag3, wall, 1);
    assert_int_equal(wf_team_check(g, ag3, 1, &p, mv, NULL, 0, &sum, &f),
                     WF_E_UNSATISFIABLE);
    assert_int_equal(f.kind, WF_TEAM_BAD_MOVE);
    /* a path that does not end on the goal */
    const wf_agent ag4[1] = {{{0, 2}, {3, 2}}};
    const char *short_[1] = {"EE"};
    plan_of(&p, ag4, short_, 1);
    assert_int_equal(wf_team_check(g, ag4, 1, &p, mv, NULL, 0, &sum, &f),
                     WF_E_UNSATISFIABLE);
    assert_int_equal(f.kind, WF_TEAM_BAD_ENDS);
    /* a sound one with a wait: its cost counts the wait at the wait cost */
    const char *fine[1] = {"E.EE"};
    const wf_agent ag5[1] = {{{0, 2}, {3, 2}}};
    plan_of(&p, ag5, fine, 1);
    assert_int_equal(wf_team_check(g, ag5, 1, &p, mv, NULL, 0, &sum, &f),
                     WF_OK);
    assert_int_equal(f.kind, WF_TEAM_OK);
    assert_true(wf_test_close(sum, 4));
    assert_int_equal(wf_team_check(g, ag5, 1, &p, mv, NULL, 0.5, &sum, &f),
                     WF_OK);
    assert_true(wf_test_close(sum, 3.5));
    /* bad arguments */
    assert_int_equal(wf_team_check(NULL, ag5, 1, &p, mv, NULL, 0, NULL, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_team_check(g, ag5, 2, &p, mv, NULL, 0, NULL, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_team_check(g, ag5, 1, &p, mv, NULL, -1, NULL, NULL),
                     WF_E_INVALID_ARG);
    wf_team_plan_free(&p);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_collide_matches_sampling),
        cmocka_unit_test(test_plan_container),
        cmocka_unit_test(test_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
