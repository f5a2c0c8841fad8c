/* Batch queries on several threads give exactly the single-thread answers. */
#include "wf_test.h"

#include <stdlib.h>
#include <string.h>

typedef struct answer {
    wf_status st;
    double cost;
    size_t count;
    uint64_t hash; /* of the path's cells */
} answer;

static void keep(void *ud, size_t i, wf_status st, const wf_path *p,
                 uint64_t ns) {
    (void)ns;
    answer *a = &((answer *)ud)[i];
    a->st = st;
    a->cost = p->cost;
    a->count = p->count;
    uint64_t h = 1469598103934665603ull;
    for (size_t k = 0; k < p->count; k++)
        h = (h ^ (uint64_t)(p->points[k].x * 65536 + p->points[k].y)) *
            1099511628211ull;
    a->hash = h;
}

static void test_threads_match(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(200, 150, NULL, &g), WF_OK);
    assert_int_equal(wf_gen_caves(g, 9, NULL, 1), WF_OK);
    enum { N = 400 };
    wf_point s[N], t[N];
    wf_place_opts po = wf_place_opts_default();
    wf_point pts[2 * N];
    wf_diag d;
    assert_int_equal(wf_place_points(g, 1, &po, 2 * N, pts, &d), WF_OK);
    for (int i = 0; i < N; i++) {
        s[i] = pts[2 * i];
        t[i] = pts[2 * i + 1];
    }
    t[N - 1].x = -5; /* one bad query: its error goes to the callback */
    static answer one[N], many[N];
    for (int algo = 0; algo < 3; algo++) {
        wf_search_opts o = wf_search_opts_default();
        o.algo = algo == 2 ? WF_ALGO_JPS : (wf_algo)algo;
        assert_int_equal(wf_search_grid_batch(g, s, t, N, &o, 1, keep, one), WF_OK);
        for (int threads = 2; threads <= 4; threads++) {
            memset(many, 0, sizeof many);
            assert_int_equal(wf_search_grid_batch(g, s, t, N, &o, threads, keep, many),
                             WF_OK);
            for (int i = 0; i < N; i++) {
                assert_int_equal(many[i].st, one[i].st);
                assert_true(many[i].cost == one[i].cost);
                assert_int_equal(many[i].count, one[i].count);
                assert_true(many[i].hash == one[i].hash);
            }
        }
        assert_int_equal(one[N - 1].st, WF_E_RANGE);
        assert_int_equal(one[0].st, WF_OK);
    }
    assert_int_equal(wf_search_grid_batch(g, s, t, N, NULL, 0, keep, one), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_grid_batch(g, s, t, N, NULL, 257, keep, one), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_grid_batch(g, s, t, N, NULL, 2, NULL, one), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_grid_batch(g, NULL, t, N, NULL, 2, keep, one), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_grid_batch(g, s, t, 0, NULL, 2, keep, one), WF_OK);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_match),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
