/* Writers read back: ASCII maps, scenario files; the scenario optimality
 * rule. */
#include "wf_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes with fn into a temporary file and returns its text (malloc'd). */
static char *slurp(FILE *f) {
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void test_ascii_round_trip(void **state) {
    (void)state;
    static const char *const rows[] = {"..3#", "9.#.", "2..."};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_map_marks m = {1, 1, {0, 0}, {3, 2}, 0};
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(wf_ascii_map_write(f, g, &m), WF_OK);
    char *text = slurp(f);
    assert_string_equal(text, "S.3#\n9.#.\n2..G\n");
    wf_grid *back;
    wf_map_marks mb;
    wf_diag d;
    assert_int_equal(wf_ascii_map_parse(text, strlen(text), "t", NULL, &back,
                                        &mb, &d), WF_OK);
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 4; x++) {
            uint8_t a = (uint8_t)wf_grid_get(g, x, y),
                    b = (uint8_t)wf_grid_get(back, x, y);
            assert_true(wf_grid_cost(g, a) == wf_grid_cost(back, b));
        }
    assert_int_equal(mb.goal.x, 3);
    free(text);
    wf_grid_destroy(back);
    /* A cost the format cannot hold. */
    assert_int_equal(wf_grid_set_cost(g, 3, 2.5), WF_OK);
    f = tmpfile();
    assert_int_equal(wf_ascii_map_write(f, g, NULL), WF_E_RANGE);
    fclose(f);
    assert_int_equal(wf_ascii_map_write(stdout, NULL, NULL), WF_E_INVALID_ARG);
    wf_grid_destroy(g);
}

static void test_scen_round_trip(void **state) {
    (void)state;
    wf_scen_entry e[2] = {
        {3, 49, 49, {1, 2}, {30, 40}, 12.82842712, 8},
        {0, 49, 49, {5, 5}, {6, 6}, 1.41421356, 8},
    };
    wf_scen s;
    memset(&s, 0, sizeof s);
    s.entries = e;
    s.count = 2;
    snprintf(s.map, sizeof s.map, "arena.map");
    FILE *f = tmpfile();
    assert_int_equal(wf_scen_write(f, &s), WF_OK);
    char *text = slurp(f);
    wf_scen r;
    memset(&r, 0, sizeof r);
    wf_diag d;
    assert_int_equal(wf_scen_parse(text, strlen(text), "t", NULL, &r, &d),
                     WF_OK);
    assert_int_equal(r.count, 2);
    assert_string_equal(r.version, "1");
    assert_string_equal(r.map, "arena.map");
    assert_int_equal(r.entries[0].goal.y, 40);
    assert_true(r.entries[1].optimal == 1.41421356);
    assert_int_equal(r.entries[1].decimals, 8);
    wf_scen_free(&r);
    free(text);
}

/* |cost − optimal| ≤ 1e-4·max(1, optimal), or half a unit in the last
 * printed decimal plus 2e-6·optimal. */
static void test_cost_rule(void **state) {
    (void)state;
    wf_scen_entry e;
    memset(&e, 0, sizeof e);
    e.optimal = 16.24; /* printed with 2 decimals; really 16.2426… */
    e.decimals = 2;
    assert_true(wf_scen_cost_ok(&e, 16.242640687));
    assert_false(wf_scen_cost_ok(&e, 16.26));
    e.decimals = 8;
    assert_false(wf_scen_cost_ok(&e, 16.242640687));
    e.optimal = 4787; /* whole numbers are exact */
    e.decimals = 0;
    assert_true(wf_scen_cost_ok(&e, 4787.3));
    assert_false(wf_scen_cost_ok(&e, 4788));
    e.optimal = 656.764; /* 521 + 96√2 = 656.7645…, printed short */
    e.decimals = 3;
    assert_true(wf_scen_cost_ok(&e, 521 + 96 * 1.4142135623730951));
    assert_false(wf_scen_cost_ok(NULL, 1.0));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ascii_round_trip),
        cmocka_unit_test(test_scen_round_trip),
        cmocka_unit_test(test_cost_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
