/* Moving AI .scen parsing and wf_scen_check. */
#include "wf_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parses text from a heap copy of exactly its length (no NUL after it). */
static wf_status parse(const char *text, wf_scen *sc, wf_diag *d) {
    size_t n = strlen(text);
    char *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    memcpy(copy, text, n);
    memset(d, 0, sizeof *d);
    wf_status s = wf_scen_parse(copy, n, "t.scen", NULL, sc, d);
    free(copy);
    return s;
}

static void expect_error(const char *text, unsigned line, unsigned col,
                         const char *part) {
    wf_scen sc = {0};
    wf_diag d;
    wf_status s = parse(text, &sc, &d);
    if (s != WF_E_PARSE || d.line != line || d.column != col ||
        !strstr(d.message, part))
        print_error("input <<%s>>: got %s %u:%u '%s'\n", text,
                    wf_status_name(s), d.line, d.column, d.message);
    assert_int_equal(s, WF_E_PARSE);
    assert_null(sc.entries);
    assert_int_equal(sc.count, 0);
    assert_string_equal(d.file, "t.scen");
    assert_int_equal(d.line, line);
    assert_int_equal(d.column, col);
    assert_non_null(strstr(d.message, part));
}

static void test_forms(void **state) {
    (void)state;
    const char *ok[] = {
        "version 1\n0\tmaps/a.map\t4\t3\t0\t0\t3\t2\t3.82842712\n"
        "1\tmaps/a.map\t4\t3\t3\t2\t0\t0\t4\n",
        "version 1.0\n0 maps/a.map 4 3 0 0 3 2 3.82842712\n"
        "1 maps/a.map 4 3 3 2 0 0 4\n\n\n",
        "0\tmaps/a.map\t4\t3\t0\t0\t3\t2\t3.82842712\r\n"
        "1\tmaps/a.map  4 \t 3\t3\t2\t0\t0\t4.0e0",
        "\n\nversion 1\r\n\r\n0 maps/a.map 4 3 0 0 3 2 3.82842712\n \t\n"
        "1 maps/a.map 4 3 3 2 0 0 4\n",
    };
    const char *version[] = {"1", "1.0", "", "1"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        wf_scen sc = {0};
        wf_diag d;
        wf_status s = parse(ok[i], &sc, &d);
        if (s != WF_OK)
            print_error("case %zu: %u:%u %s\n", i, d.line, d.column,
                        d.message);
        assert_int_equal(s, WF_OK);
        assert_int_equal(sc.count, 2);
        assert_string_equal(sc.version, version[i]);
        assert_string_equal(sc.map, "maps/a.map");
        wf_scen_entry *e = sc.entries;
        assert_int_equal(e[0].bucket, 0);
        assert_int_equal(e[0].map_width, 4);
        assert_int_equal(e[0].map_height, 3);
        assert_int_equal(e[0].start.x, 0);
        assert_int_equal(e[0].start.y, 0);
        assert_int_equal(e[0].goal.x, 3);
        assert_int_equal(e[0].goal.y, 2);
        assert_true(e[0].optimal == 3.82842712);
        assert_int_equal(e[1].bucket, 1);
        assert_int_equal(e[1].start.x, 3);
        assert_int_equal(e[1].goal.y, 0);
        assert_true(e[1].optimal == 4.0);
        wf_scen_free(&sc);
        assert_null(sc.entries);
        assert_int_equal(sc.count, 0);
        wf_scen_free(&sc); /* twice is harmless */
    }
    /* nothing but a version line, or nothing at all: no scenarios */
    const char *empty[] = {"", "version 1\n", "\n\n"};
    for (size_t i = 0; i < 3; i++) {
        wf_scen sc = {0};
        wf_diag d;
        assert_int_equal(parse(empty[i], &sc, &d), WF_OK);
        assert_int_equal(sc.count, 0);
        assert_null(sc.entries);
        wf_scen_free(&sc);
    }
    wf_scen_free(NULL);
}

static void test_errors(void **state) {
    (void)state;
    const char *l = "0\tm.map\t4\t3\t0\t0\t3\t2\t3.5\n";
    char buf[256];
    expect_error("version 2\n", 1, 9,
                 "unsupported scenario version '2', expected 1 or 1.0");
    expect_error("version\n", 1, 8, "found end of line after 'version'");
    expect_error("version 1 x\n", 1, 11, "found 'x'");
    /* "version" is only a header on the first line */
    snprintf(buf, sizeof buf, "%sversion 1\n", l);
    expect_error(buf, 2, 1, "expected the bucket (an integer >= 0), found "
                            "'version'");
    expect_error("0\tm.map\t4\t3\t0\t0\t3\t2\n", 1, 20,
                 "expected the optimal length (a number >= 0), found end of "
                 "line (a scenario has 9 fields, this line 8)");
    expect_error("0 m.map\n", 1, 8, "expected the map width");
    expect_error("0\tm.map\t4\t3\t0\t0\t3\t2\t3.5\t9\n", 1, 25,
                 "expected end of line after 9 fields, found '9'");
    expect_error("x\tm.map\t4\t3\t0\t0\t3\t2\t3.5\n", 1, 1,
                 "expected the bucket (an integer >= 0), found 'x'");
    expect_error("-1\tm.map\t4\t3\t0\t0\t3\t2\t3.5\n", 1, 1,
                 "found '-1' (out of range)");
    expect_error("0\tm.map\t0\t3\t0\t0\t3\t2\t3.5\n", 1, 9,
                 "expected the map width (an integer 1..1048576), found '0'");
    expect_error("0\tm.map\t4\t99999999999999999999\t0\t0\t3\t2\t3.5\n", 1,
                 11, "expected the map height");
    expect_error("0\tm.map\t4\t3\t-1\t0\t3\t2\t3.5\n", 1, 13,
                 "expected the start x (an integer >= 0), found '-1'");
    expect_error("0\tm.map\t4\t3\t0\t0.5\t3\t2\t3.5\n", 1, 15,
                 "expected the start y");
    expect_error("0\tm.map\t4\t3\t0\t0\t3\t2\t-3.5\n", 1, 21,
                 "expected the optimal length (a number >= 0), found '-3.5' "
                 "(out of range)");
    expect_error("0\tm.map\t4\t3\t0\t0\t3\t2\tnan\n", 1, 21,
                 "found 'nan'");
    expect_error("0\tm.map\t4\t3\t0\t0\t3\t2\tinf\n", 1, 21,
                 "found 'inf'");
    expect_error("0\tm.map\t4\t3\t0\t0\t3\t2\t1e999\n", 1, 21,
                 "found '1e999' (out of range)");
    expect_error("0\tm.map\t4\t3\t0\t0\t3\t2\t0x10\n", 1, 21,
                 "found '0x10'");
    snprintf(buf, sizeof buf, "version 1\n%s0\tn.map\t4\t3\t0\t0\t3\t2\t3.5\n",
             l);
    expect_error(buf, 3, 3,
                 "map 'n.map' differs from 'm.map' named on line 2");
    expect_error("0\tm\001.map\t4\t3\t0\t0\t3\t2\t3.5\n", 1, 4,
                 "unexpected byte 0x01 in the map name");
    char longname[400];
    memset(longname, 'a', 300);
    snprintf(longname + 300, 100, "\t4\t3\t0\t0\t3\t2\t3.5\n");
    char big[512];
    snprintf(big, sizeof big, "0\t%s", longname);
    expect_error(big, 1, 3, "map name is longer than 255 bytes");
}

static void test_binary_garbage(void **state) {
    (void)state;
    wf_test_rng rng = {7};
    for (int iter = 0; iter < 2000; iter++) {
        size_t n = wf_test_rng_below(&rng, 200);
        char *b = malloc(n ? n : 1);
        for (size_t i = 0; i < n; i++)
            b[i] = (char)(wf_test_rng_below(&rng, 3) == 0
                              ? "0123456789 \t\n.-emap"[wf_test_rng_below(
                                    &rng, 20)]
                              : (int)wf_test_rng_below(&rng, 256));
        wf_scen sc = {0};
        wf_diag d = {0};
        wf_status s = wf_scen_parse(b, n, "g", NULL, &sc, &d);
        assert_true(s == WF_OK || s == WF_E_PARSE);
        if (s == WF_E_PARSE) {
            assert_null(sc.entries);
            assert_true(d.line >= 1 && d.column >= 1);
        }
        wf_scen_free(&sc);
        free(b);
    }
}

static void test_check(void **state) {
    (void)state;
    static const char *const rows[] = {"..#.", "....", "#..."};
    wf_grid *g = wf_test_grid(rows, 3);
    struct {
        const char *text;
        wf_status want;
        unsigned line;
        const char *part;
    } cases[] = {
        {"0 m 4 3 0 0 3 2 1\n1 m 4 3 3 2 1 0 1\n", WF_OK, 0, ""},
        {"0 m 4 3 0 0 3 2 1\n1 m 5 3 3 2 1 0 1\n", WF_E_RANGE, 2,
         "scenario 2: map size 5 x 3 differs from the grid's 4 x 3"},
        {"0 m 4 3 0 0 3 2 1\n0 m 4 3 0 0 3 2 1\n0 m 4 3 2 0 3 2 1\n",
         WF_E_RANGE, 3, "scenario 3: start (2, 0) is blocked"},
        {"0 m 4 3 0 0 0 2 1\n", WF_E_RANGE, 1, "goal (0, 2) is blocked"},
        {"0 m 4 3 0 0 4 2 1\n", WF_E_RANGE, 1,
         "goal (4, 2) is outside the 4 x 3 grid"},
        {"0 m 4 3 0 3 1 1 1\n", WF_E_RANGE, 1, "start (0, 3) is outside"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wf_scen sc = {0};
        wf_diag d;
        assert_int_equal(parse(cases[i].text, &sc, &d), WF_OK);
        memset(&d, 0, sizeof d);
        wf_status s = wf_scen_check(&sc, g, &d);
        assert_int_equal(s, cases[i].want);
        assert_int_equal(d.line, cases[i].line);
        if (s != WF_OK)
            assert_non_null(strstr(d.message, cases[i].part));
        wf_scen_free(&sc);
    }
    wf_scen empty = {0};
    assert_int_equal(wf_scen_check(&empty, g, NULL), WF_OK);
    assert_int_equal(wf_scen_check(NULL, g, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_scen_check(&empty, NULL, NULL), WF_E_INVALID_ARG);
    wf_grid_destroy(g);
}

static void test_bad_arguments(void **state) {
    (void)state;
    wf_scen sc = {0};
    assert_int_equal(wf_scen_parse("x", 1, NULL, NULL, NULL, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_scen_parse(NULL, 1, NULL, NULL, &sc, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_scen_parse(NULL, 0, NULL, NULL, &sc, NULL), WF_OK);
    assert_int_equal(wf_scen_read(NULL, NULL, &sc, NULL), WF_E_INVALID_ARG);
    wf_diag d;
    assert_int_equal(wf_scen_read(WF_TEST_DATA "/missing.scen", NULL, &sc,
                                  &d),
                     WF_E_IO);
    assert_non_null(strstr(d.message, "cannot open"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forms),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_binary_garbage),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
