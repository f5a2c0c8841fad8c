/* The name tables (names.h, plan.h): every value has one name that parses
 * back to it, in the order of its enum; unknown names and values are
 * refused; the spellings are the ones the command line documents. */
#include "wf_test.h"

#include <string.h>

#include "wayfind/names.h"
#include "wayfind/plan.h"

/* Every row of a table: its name parses back to its value, rows follow
 * the enum one by one from `first`, and what lies beyond has no name. */
#define CHECK_TABLE(LIST, T, name_fn, parse_fn, first)                         \
    do {                                                                       \
        int next = (first), rows = 0;                                          \
        LIST(CHECK_ROW_##T)                                                    \
        assert_null(name_fn((T)next));                                         \
        assert_null(name_fn((T)((first) - 1)));                                \
        T v = (T)(first);                                                      \
        assert_int_equal(parse_fn("nonsense", &v), WF_E_INVALID_ARG);          \
        assert_int_equal(parse_fn(NULL, &v), WF_E_INVALID_ARG);                \
        assert_int_equal(v, (first));                                          \
        assert_int_equal(parse_fn(name_fn((T)(first)), NULL),                  \
                         WF_E_INVALID_ARG);                                    \
        print_message("%d names from %s\n", rows, #LIST);                      \
    } while (0)

#define ROW_CHECK(T, name_fn, parse_fn, value, text)                           \
    {                                                                          \
        assert_int_equal((int)(value), next);                                  \
        assert_string_equal(name_fn(value), text);                             \
        T got;                                                                 \
        assert_int_equal(parse_fn(text, &got), WF_OK);                         \
        assert_int_equal(got, (value));                                        \
        next++;                                                                \
        rows++;                                                                \
    }
#define CHECK_ROW_wf_algo(v, n) ROW_CHECK(wf_algo, wf_algo_name, wf_algo_parse, v, n)
#define CHECK_ROW_wf_heuristic(v, n)                                           \
    ROW_CHECK(wf_heuristic, wf_heuristic_name, wf_heuristic_parse, v, n)
#define CHECK_ROW_wf_corners(v, n)                                             \
    ROW_CHECK(wf_corners, wf_corners_name, wf_corners_parse, v, n)
#define CHECK_ROW_wf_any_angle(v, n)                                           \
    ROW_CHECK(wf_any_angle, wf_any_angle_name, wf_any_angle_parse, v, n)
#define CHECK_ROW_wf_team_algo(v, n)                                           \
    ROW_CHECK(wf_team_algo, wf_team_algo_name, wf_team_algo_parse, v, n)

static void test_tables(void **state) {
    (void)state;
    CHECK_TABLE(WF_ALGO_NAMES, wf_algo, wf_algo_name, wf_algo_parse, 0);
    CHECK_TABLE(WF_HEURISTIC_NAMES, wf_heuristic, wf_heuristic_name,
                wf_heuristic_parse, 0);
    CHECK_TABLE(WF_CORNERS_NAMES, wf_corners, wf_corners_name,
                wf_corners_parse, 0);
    CHECK_TABLE(WF_ANY_ANGLE_NAMES, wf_any_angle, wf_any_angle_name,
                wf_any_angle_parse, 1);
    CHECK_TABLE(WF_TEAM_ALGO_NAMES, wf_team_algo, wf_team_algo_name,
                wf_team_algo_parse, 0);
}

/* The spellings users type, fixed here so that a rename is deliberate. */
static void test_spellings(void **state) {
    (void)state;
    assert_string_equal(wf_algo_name(WF_ALGO_JPS_PLUS), "jps+");
    assert_string_equal(wf_algo_name(WF_ALGO_JPSW), "jpsw");
    assert_string_equal(wf_algo_name(WF_ALGO_BIDIR), "bidir");
    assert_string_equal(wf_corners_name(WF_CORNERS_ONE_FREE), "one-free");
    assert_string_equal(wf_heuristic_name(WF_H_OCTILE), "octile");
    assert_null(wf_heuristic_name(WF_H_CUSTOM)); /* a callback: no name */
    assert_string_equal(wf_any_angle_name(WF_ANY_ANGLE_LAZY_THETA),
                        "lazy-theta");
    assert_string_equal(wf_team_algo_name(WF_TEAM_FIELD), "field");
    wf_algo a;
    assert_int_equal(wf_algo_parse("ASTAR", &a), WF_E_INVALID_ARG);
    assert_int_equal(wf_algo_parse("astar ", &a), WF_E_INVALID_ARG);
    assert_int_equal(wf_algo_parse("", &a), WF_E_INVALID_ARG);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables),
        cmocka_unit_test(test_spellings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
