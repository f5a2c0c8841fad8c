/* The mesh's exact in-circle test: points near each other take a 64-bit
 * path, points far apart a 128-bit one. The test's sign does not change
 * when every point is moved or scaled up alike, so each random case is
 * also asked scaled by 2^13 (far apart: the 128-bit path) and moved, and
 * the answers must agree; cocircular lattice points (on circles through
 * Pythagorean triples) must give 0, and one unit off them the side they
 * moved to. */
#include "wf_test.h"

#include <stdio.h>

#include "core/mesh/mesh_internal.h"

static wf__mpt scaled(wf__mpt p, int32_t k, int32_t dx, int32_t dy) {
    return (wf__mpt){p.x * k + dx, p.y * k + dy};
}

/* incircle(a, b, c, d) asked near and far agree. */
static int same_far(wf__mpt a, wf__mpt b, wf__mpt c, wf__mpt d) {
    const int near = wf__incircle(a, b, c, d);
    const int32_t k = 1 << 13, dx = -(1 << 20), dy = 1 << 19;
    const int far = wf__incircle(scaled(a, k, dx, dy), scaled(b, k, dx, dy),
                                 scaled(c, k, dx, dy), scaled(d, k, dx, dy));
    if (near != far)
        fprintf(stderr, "(%d,%d) (%d,%d) (%d,%d) (%d,%d): %d near, %d far\n",
                a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y, near, far);
    return near == far;
}

static void test_near_equals_far(void **state) {
    (void)state;
    wf_test_rng r = {7};
    long n = 0, signs[3] = {0, 0, 0};
    for (int i = 0; i < wf_test_count(200000); i++) {
        /* small spans make near-degenerate cases common */
        const uint32_t span = i % 3 == 0 ? 8 : i % 3 == 1 ? 200 : 30000;
        wf__mpt p[4];
        for (int j = 0; j < 4; j++)
            p[j] = (wf__mpt){(int32_t)wf_test_rng_below(&r, span) - 15000,
                             (int32_t)wf_test_rng_below(&r, span) - 15000};
        if (wf__orient(p[0], p[1], p[2]) <= 0)
            continue; /* the test takes a, b, c counter-clockwise */
        assert_true(same_far(p[0], p[1], p[2], p[3]));
        signs[wf__incircle(p[0], p[1], p[2], p[3]) + 1]++;
        n++;
    }
    fprintf(stderr, "in-circle near and far: %ld cases agree (%ld outside, "
                    "%ld on, %ld inside)\n",
            n, signs[0], signs[1], signs[2]);
    assert_true(signs[1] > 0);
}

static void test_cocircular(void **state) {
    (void)state;
    /* (3, 4, 5) and (5, 12, 13) scaled onto one circle of radius 65 */
    static const int32_t pts[][2] = {{39, 52}, {-52, 39}, {-25, -60},
                                     {60, -25}, {65, 0},  {-33, 56}};
    long cases = 0;
    for (int32_t cx = -16000; cx <= 16000; cx += 8000)
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < 6; j++)
                for (int k = 0; k < 6; k++) {
                    const wf__mpt a = {cx + pts[i][0], pts[i][1]},
                                  b = {cx + pts[j][0], pts[j][1]},
                                  c = {cx + pts[k][0], pts[k][1]};
                    if (wf__orient(a, b, c) <= 0)
                        continue;
                    for (int l = 0; l < 6; l++) {
                        const wf__mpt d = {cx + pts[l][0], pts[l][1]};
                        assert_int_equal(wf__incircle(a, b, c, d), 0);
                        /* a unit towards the centre is inside, away out */
                        const wf__mpt in = {d.x - (pts[l][0] > 0) +
                                                (pts[l][0] < 0),
                                            d.y};
                        const wf__mpt out = {d.x + (pts[l][0] > 0) -
                                                 (pts[l][0] < 0),
                                             d.y};
                        if (pts[l][0] != 0) {
                            assert_int_equal(wf__incircle(a, b, c, in), 1);
                            assert_int_equal(wf__incircle(a, b, c, out), -1);
                        }
                        assert_true(same_far(a, b, c, d));
                        cases++;
                    }
                }
    fprintf(stderr, "in-circle on a lattice circle: %ld cases\n", cases);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_near_equals_far),
        cmocka_unit_test(test_cocircular),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
