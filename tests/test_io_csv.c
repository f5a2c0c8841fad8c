/* CSV tile maps and legends: the seed 000 tower-defence map, the seed 003
 * maze, and malformed input. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *heap_copy(const char *text, size_t *n) {
    *n = strlen(text);
    char *copy = malloc(*n ? *n : 1);
    assert_non_null(copy);
    memcpy(copy, text, *n);
    return copy;
}

static wf_status legend(const char *text, wf_legend *l, wf_diag *d) {
    size_t n;
    char *b = heap_copy(text, &n);
    memset(d, 0, sizeof *d);
    wf_status s = wf_legend_parse(b, n, "t.legend", l, d);
    free(b);
    return s;
}

static wf_status csv(const char *text, const wf_legend *l, wf_grid **g,
                     wf_map_marks *m, wf_diag *d) {
    size_t n;
    char *b = heap_copy(text, &n);
    memset(d, 0, sizeof *d);
    wf_status s = wf_csv_map_parse(b, n, "t.csv", l, NULL, g, m, d);
    free(b);
    return s;
}

static void check_diag(const char *text, wf_status want, wf_status got,
                       const wf_diag *d, const char *file, unsigned line,
                       unsigned col, const char *part) {
    if (got != want || d->line != line || d->column != col ||
        !strstr(d->message, part))
        print_error("input <<%s>>: got %s %u:%u '%s'\n", text,
                    wf_status_name(got), d->line, d->column, d->message);
    assert_int_equal(got, want);
    assert_string_equal(d->file, file);
    assert_int_equal(d->line, line);
    assert_int_equal(d->column, col);
    assert_non_null(strstr(d->message, part));
}

static void expect_legend_error(const char *text, wf_status want,
                                unsigned line, unsigned col,
                                const char *part) {
    wf_legend l;
    wf_diag d;
    wf_status s = legend(text, &l, &d);
    check_diag(text, want, s, &d, "t.legend", line, col, part);
    assert_int_equal(l.count, 0);
}

/* The legend the CSV error tests use. */
static const char *const simple_legend =
    "0 blocked wall\n1 cost 1 floor\n5 cost 2.5 mud\n7 start\n8 goal 3\n";

static void expect_csv_error(const char *text, wf_status want, unsigned line,
                             unsigned col, const char *part) {
    wf_legend l;
    wf_diag d;
    assert_int_equal(legend(simple_legend, &l, &d), WF_OK);
    wf_grid *g = (wf_grid *)1;
    wf_map_marks m;
    wf_status s = csv(text, &l, &g, &m, &d);
    check_diag(text, want, s, &d, "t.csv", line, col, part);
    assert_null(g);
    assert_false(m.has_start);
    assert_false(m.has_goal);
}

static void test_td_map(void **state) {
    (void)state;
    wf_legend l;
    wf_diag d;
    assert_int_equal(wf_legend_read(WF_TEST_DATA "/td.legend", NULL, &l, &d), WF_OK);
    assert_int_equal(l.count, 7);
    assert_int_equal(l.entries[0].tile, -1);
    assert_int_equal(l.entries[0].kind, WF_TILE_BLOCKED);
    assert_string_equal(l.entries[0].name, "none");
    assert_int_equal(l.entries[3].tile, 2);
    assert_int_equal(l.entries[3].kind, WF_TILE_COST);
    assert_true(l.entries[3].cost == 1.0);
    assert_string_equal(l.entries[3].name, "road");
    assert_int_equal(l.entries[4].tile, 100);
    assert_int_equal(l.entries[4].kind, WF_TILE_START);
    assert_true(l.entries[4].cost == 1.0);
    assert_string_equal(l.entries[4].name, "spawn");
    assert_int_equal(l.entries[5].kind, WF_TILE_GOAL);
    assert_string_equal(l.entries[6].name, "turret_base");

    wf_grid *g;
    wf_map_marks m;
    wf_status s =
        wf_csv_map_read(WF_TEST_DATA "/td.csv", &l, NULL, &g, &m, &d);
    if (s != WF_OK)
        print_error("%s:%u:%u: %s\n", d.file, d.line, d.column, d.message);
    assert_int_equal(s, WF_OK);
    assert_int_equal(wf_grid_width(g), 10);
    assert_int_equal(wf_grid_height(g), 7);
    assert_true(m.has_start && m.has_goal);
    assert_int_equal(m.start.x, 1);
    assert_int_equal(m.start.y, 1);
    assert_int_equal(m.goal.x, 8);
    assert_int_equal(m.goal.y, 5);
    /* terrain = legend index: -1 is 0, 1 is 1, 11 is 2, 2 is 3, 100 is 4 */
    assert_int_equal(wf_grid_get(g, 0, 0), 0);
    assert_int_equal(wf_grid_get(g, 1, 1), 4);
    assert_int_equal(wf_grid_get(g, 2, 1), 3);
    assert_int_equal(wf_grid_get(g, 5, 1), 1);
    assert_int_equal(wf_grid_get(g, 3, 2), 2);
    assert_int_equal(wf_grid_get(g, 7, 1), 6);
    assert_int_equal(wf_grid_get(g, 8, 5), 5);
    /* only the road, the start and the goal are passable */
    static const char *const walk[7] = {
        "..........", ".####.....", "....#.....", "....####..",
        ".......#..", ".......##.", "..........",
    };
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 10; x++)
            assert_int_equal(wf_grid_passable(g, x, y), walk[y][x] == '#');
    assert_int_equal(wf_grid_terrain_count(g, 3), 10);
    wf_grid_destroy(g);

    /* wf_map_load finds td.legend next to td.csv */
    assert_int_equal(wf_map_load(WF_TEST_DATA "/td.csv", NULL, NULL, &g, &m,
                                 &d),
                     WF_OK);
    assert_int_equal(m.goal.x, 8);
    assert_int_equal(wf_grid_width(g), 10);
    wf_grid_destroy(g);
}

/* Seed 003: the same maze as ASCII and as CSV has the same passability. */
static void test_maze_forms_agree(void **state) {
    (void)state;
    wf_grid *a, *c;
    wf_map_marks ma, mc;
    wf_diag d;
    assert_int_equal(wf_map_load(WF_TEST_DATA "/maze10.txt", NULL, NULL, &a,
                                 &ma, &d),
                     WF_OK);
    wf_status s = wf_map_load(WF_TEST_DATA "/maze10.csv",
                              WF_TEST_DATA "/maze10.legend", NULL, &c, &mc, &d);
    if (s != WF_OK)
        print_error("%s:%u:%u: %s\n", d.file, d.line, d.column, d.message);
    assert_int_equal(s, WF_OK);
    assert_int_equal(wf_grid_width(a), wf_grid_width(c));
    assert_int_equal(wf_grid_height(a), wf_grid_height(c));
    int open = 0;
    for (int y = 0; y < 10; y++)
        for (int x = 0; x < 10; x++) {
            assert_int_equal(wf_grid_passable(a, x, y),
                             wf_grid_passable(c, x, y));
            open += wf_grid_passable(a, x, y);
        }
    assert_int_equal(open, 65);
    assert_true(ma.has_start && ma.has_goal);
    assert_false(mc.has_start || mc.has_goal);
    wf_grid_destroy(a);
    wf_grid_destroy(c);
}

static void test_legend_forms(void **state) {
    (void)state;
    wf_legend l;
    wf_diag d;
    const char *text = "# header comment\n"
                       "\n"
                       "  -5\tblocked   # trailing comment\n"
                       "+7 cost 0.25 swamp-edge\n"
                       "9 start\n"
                       "10 goal 2.5 exit\r\n"
                       "11 cost 1e1\n"
                       "-9223372036854775808 blocked min_tile\n"
                       "12 cost 3#no space before the comment\n";
    wf_status s = legend(text, &l, &d);
    if (s != WF_OK)
        print_error("%u:%u %s\n", d.line, d.column, d.message);
    assert_int_equal(s, WF_OK);
    assert_int_equal(l.count, 7);
    assert_int_equal(l.entries[0].tile, -5);
    assert_true(l.entries[0].cost == WF_BLOCKED);
    assert_string_equal(l.entries[0].name, "");
    assert_int_equal(l.entries[1].tile, 7);
    assert_true(l.entries[1].cost == 0.25);
    assert_string_equal(l.entries[1].name, "swamp-edge");
    assert_int_equal(l.entries[2].kind, WF_TILE_START);
    assert_true(l.entries[2].cost == 1.0);
    assert_int_equal(l.entries[3].kind, WF_TILE_GOAL);
    assert_true(l.entries[3].cost == 2.5);
    assert_string_equal(l.entries[3].name, "exit");
    assert_true(l.entries[4].cost == 10.0);
    assert_true(l.entries[6].cost == 3.0);
}

static void test_legend_errors(void **state) {
    (void)state;
    expect_legend_error("", WF_E_PARSE, 1, 1,
                        "expected a legend line 'TILE KIND ...', found end "
                        "of file");
    expect_legend_error("# only a comment\n", WF_E_PARSE, 2, 1, "end of file");
    expect_legend_error("road cost 1\n", WF_E_PARSE, 1, 1,
                        "expected a tile code (an integer), found 'road'");
    expect_legend_error("99999999999999999999 blocked\n", WF_E_PARSE, 1, 1,
                        "that fits a long");
    expect_legend_error("1\n", WF_E_PARSE, 1, 2,
                        "expected 'blocked', 'cost', 'start' or 'goal' after "
                        "the tile code, found end of line");
    expect_legend_error("1 walkable\n", WF_E_PARSE, 1, 3, "found 'walkable'");
    expect_legend_error("1 cost\n", WF_E_PARSE, 1, 7,
                        "expected a cost (a finite number > 0) after 'cost'");
    expect_legend_error("1 cost 0\n", WF_E_PARSE, 1, 8,
                        "expected a cost (a finite number > 0), found '0'");
    expect_legend_error("1 cost -2\n", WF_E_PARSE, 1, 8, "found '-2'");
    expect_legend_error("1 cost nan\n", WF_E_PARSE, 1, 8, "found 'nan'");
    expect_legend_error("1 cost 1e400\n", WF_E_PARSE, 1, 8, "'1e400'");
    expect_legend_error("1 cost road\n", WF_E_PARSE, 1, 8, "found 'road'");
    expect_legend_error("1 start -1\n", WF_E_PARSE, 1, 9, "found '-1'");
    expect_legend_error("1 blocked 2wall\n", WF_E_PARSE, 1, 11,
                        "expected a name (a letter or '_' first)");
    expect_legend_error("1 blocked wa!ll\n", WF_E_PARSE, 1, 13,
                        "unexpected character in the name 'wa!ll'");
    expect_legend_error("1 blocked abcdefghijabcdefghijabcdefghijab\n",
                        WF_E_PARSE, 1, 11, "longer than 31 characters");
    expect_legend_error("1 blocked wall extra\n", WF_E_PARSE, 1, 16,
                        "expected end of line, found 'extra'");
    expect_legend_error("1 blocked\n2 cost 1\n1 cost 2\n", WF_E_PARSE, 3, 1,
                        "tile 1 is already defined on line 1");
    expect_legend_error("1 start\n2 cost 1\n3 start\n", WF_E_PARSE, 3, 1,
                        "a second start tile (tile 1 on line 1 is the first)");
    expect_legend_error("1 goal\n3 goal\n", WF_E_PARSE, 2, 1,
                        "a second goal tile");
    /* 257 tiles */
    char *big = malloc(257 * 16);
    size_t o = 0;
    for (int i = 0; i < 257; i++)
        o += (size_t)sprintf(big + o, "%d cost 1\n", i);
    expect_legend_error(big, WF_E_TOO_BIG, 257, 1,
                        "more than 256 tiles in the legend");
    /* 256 is fine */
    big[o - strlen("256 cost 1\n")] = '\0';
    wf_legend l;
    wf_diag d;
    assert_int_equal(legend(big, &l, &d), WF_OK);
    assert_int_equal(l.count, 256);
    free(big);
}

static void test_csv_forms(void **state) {
    (void)state;
    wf_legend l;
    wf_diag d;
    assert_int_equal(legend(simple_legend, &l, &d), WF_OK);
    const char *ok[] = {
        "7,1,0\n1,5,8\n",
        "7, 1 ,0\r\n 1,\t5, 8\r\n",
        "7,1,0,\n1,5,8,\n",   /* Tiled's trailing commas */
        "7,1,0,\n1,5,8",
        "7,1,0\n1,5,8\n\n \n",
        "\xEF\xBB\xBF\x37,+1,0\n1,05,8\n", /* BOM then "7,..." */
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        wf_grid *g;
        wf_map_marks m;
        wf_status s = csv(ok[i], &l, &g, &m, &d);
        if (s != WF_OK)
            print_error("case %zu: %u:%u %s\n", i, d.line, d.column,
                        d.message);
        assert_int_equal(s, WF_OK);
        assert_int_equal(wf_grid_width(g), 3);
        assert_int_equal(wf_grid_height(g), 2);
        assert_int_equal(wf_grid_get(g, 0, 0), 3);
        assert_int_equal(wf_grid_get(g, 1, 0), 1);
        assert_int_equal(wf_grid_get(g, 2, 0), 0);
        assert_int_equal(wf_grid_get(g, 1, 1), 2);
        assert_false(wf_grid_passable(g, 2, 0));
        assert_true(wf_grid_cost(g, 2) == 2.5);
        assert_true(wf_grid_cost(g, 4) == 3.0);
        assert_true(m.has_start && m.has_goal);
        assert_int_equal(m.start.x, 0);
        assert_int_equal(m.start.y, 0);
        assert_int_equal(m.goal.x, 2);
        assert_int_equal(m.goal.y, 1);
        wf_grid_destroy(g);
    }
}

static void test_csv_errors(void **state) {
    (void)state;
    expect_csv_error("", WF_E_PARSE, 1, 1,
                     "expected a row of tile codes, found end of file");
    expect_csv_error("\n1,1\n", WF_E_PARSE, 1, 1,
                     "expected a row of tile codes, found an empty line");
    expect_csv_error("1,1,1\n1,4,1\n", WF_E_PARSE, 2, 3,
                     "tile '4' is not in the legend");
    expect_csv_error("1,1,1\n1,x,1\n", WF_E_PARSE, 2, 3,
                     "expected a tile code (an integer), found 'x'");
    expect_csv_error("1,1.5,1\n", WF_E_PARSE, 1, 3, "found '1.5'");
    expect_csv_error("1,99999999999999999999999,1\n", WF_E_PARSE, 1, 3,
                     "not in the legend");
    expect_csv_error("1,,1\n", WF_E_PARSE, 1, 3,
                     "expected a tile code (an integer), found ','");
    expect_csv_error(",1\n", WF_E_PARSE, 1, 1, "found ','");
    expect_csv_error("1,1,,\n", WF_E_PARSE, 1, 5, "found ','");
    expect_csv_error("1 1\n", WF_E_PARSE, 1, 3,
                     "expected ',' or end of line after a tile code, "
                     "found '1'");
    expect_csv_error("1;1\n", WF_E_PARSE, 1, 1, "found '1;1'");
    expect_csv_error("1,1,1\n1,1\n", WF_E_PARSE, 2, 4,
                     "row 2 has 2 cells, expected 3");
    expect_csv_error("1,1,1\n1,1,1,0,0\n", WF_E_PARSE, 2, 7,
                     "row 2 has 5 cells, expected 3");
    expect_csv_error("1,1\n\n1,1\n", WF_E_PARSE, 2, 1,
                     "row 2 is empty, expected 2 cells");
    expect_csv_error("7,1\n1,7\n", WF_E_PARSE, 2, 3,
                     "a second start tile (the first is at 1:1)");
    expect_csv_error("8,1\n1, 8\n", WF_E_PARSE, 2, 4,
                     "a second goal tile (the first is at 1:1)");
    expect_csv_error("1,1\r\r\n", WF_E_PARSE, 1, 3, "'1\\x0d'");
    /* NUL bytes: the buffers are length-delimited */
    wf_legend l;
    wf_diag d;
    wf_grid *g = (wf_grid *)1;
    char *b = malloc(8);
    memcpy(b, "1,1\0,1\n", 7);
    assert_int_equal(legend(simple_legend, &l, &d), WF_OK);
    assert_int_equal(wf_csv_map_parse(b, 7, "n", &l, NULL, &g, NULL, &d),
                     WF_E_PARSE);
    assert_null(g);
    assert_int_equal(d.column, 3);
    assert_non_null(strstr(d.message, "'1\\x00'"));
    memcpy(b, "1 blo\0ck", 8);
    assert_int_equal(wf_legend_parse(b, 8, "n", &l, &d), WF_E_PARSE);
    assert_int_equal(d.column, 3);
    assert_non_null(strstr(d.message, "'blo\\x00ck'"));
    free(b);
}

static void test_csv_bad_arguments(void **state) {
    (void)state;
    wf_legend l;
    wf_diag d;
    wf_grid *g = (wf_grid *)1;
    assert_int_equal(legend(simple_legend, &l, &d), WF_OK);
    assert_int_equal(wf_csv_map_parse("1", 1, NULL, NULL, NULL, &g, NULL, &d),
                     WF_E_INVALID_ARG);
    assert_null(g);
    assert_int_equal(wf_csv_map_parse("1", 1, NULL, &l, NULL, NULL, NULL, &d),
                     WF_E_INVALID_ARG);
    /* a hand-built legend that breaks the rules */
    wf_legend bad = l;
    bad.entries[1].cost = 0;
    assert_int_equal(wf_csv_map_parse("1", 1, NULL, &bad, NULL, &g, NULL, &d),
                     WF_E_INVALID_ARG);
    bad = l;
    bad.entries[1].tile = 0;
    assert_int_equal(wf_csv_map_parse("1", 1, NULL, &bad, NULL, &g, NULL, &d),
                     WF_E_INVALID_ARG);
    bad = l;
    bad.entries[1].kind = WF_TILE_START;
    assert_int_equal(wf_csv_map_parse("1", 1, NULL, &bad, NULL, &g, NULL, &d),
                     WF_E_INVALID_ARG);
    bad.count = 0;
    assert_int_equal(wf_csv_map_parse("1", 1, NULL, &bad, NULL, &g, NULL, &d),
                     WF_E_INVALID_ARG);
    bad = l;
    bad.entries[2].cost = NAN;
    assert_int_equal(wf_csv_map_parse("1", 1, NULL, &bad, NULL, &g, NULL, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_legend_parse(NULL, 1, NULL, &l, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_legend_parse("1 blocked", 9, NULL, NULL, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_legend_read(WF_TEST_DATA "/none.legend", NULL, &l, &d),
                     WF_E_IO);
}

static void test_csv_too_big(void **state) {
    (void)state;
    wf_legend l;
    wf_diag d;
    assert_int_equal(legend(simple_legend, &l, &d), WF_OK);
    /* a row of WF_GRID_MAX_SIDE + 1 values */
    size_t cells = (size_t)WF_GRID_MAX_SIDE + 1, n = cells * 2;
    char *b = malloc(n);
    for (size_t i = 0; i < cells; i++) {
        b[2 * i] = '1';
        b[2 * i + 1] = ',';
    }
    wf_grid *g = (wf_grid *)1;
    assert_int_equal(wf_csv_map_parse(b, n, "w", &l, NULL, &g, NULL, &d),
                     WF_E_TOO_BIG);
    assert_null(g);
    assert_int_equal(d.line, 1);
    assert_int_equal(d.column, 2 * WF_GRID_MAX_SIDE + 1);
    assert_non_null(strstr(d.message, "row 1 has more than 1048576 cells"));
    free(b);
}

static void test_mutations(void **state) {
    (void)state;
    wf_legend l;
    wf_diag d;
    assert_int_equal(legend(simple_legend, &l, &d), WF_OK);
    const char *base = "7, 1,0,5\r\n1,5,8,0\n0,0,0,1,\n";
    size_t n = strlen(base);
    wf_test_rng rng = {11};
    for (int iter = 0; iter < 5000; iter++) {
        char *b = malloc(n);
        memcpy(b, base, n);
        size_t len = n;
        for (int j = 0; j < 3; j++) {
            static const char pool[] = "\0\n\r ,-0178x9";
            b[wf_test_rng_below(&rng, (uint32_t)n)] =
                pool[wf_test_rng_below(&rng, sizeof pool - 1)];
        }
        if (wf_test_rng_below(&rng, 4) == 0)
            len = wf_test_rng_below(&rng, (uint32_t)n + 1);
        wf_grid *g = NULL;
        wf_map_marks m;
        wf_status s = wf_csv_map_parse(b, len, "m", &l, NULL, &g, &m, &d);
        if (s == WF_OK) {
            wf_grid_destroy(g);
        } else {
            assert_int_equal(s, WF_E_PARSE);
            assert_null(g);
            assert_true(d.line >= 1 && d.column >= 1);
        }
        wf_legend l2;
        s = wf_legend_parse(b, len, "m", &l2, &d);
        assert_true(s == WF_OK || s == WF_E_PARSE);
        free(b);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_td_map),
        cmocka_unit_test(test_maze_forms_agree),
        cmocka_unit_test(test_legend_forms),
        cmocka_unit_test(test_legend_errors),
        cmocka_unit_test(test_csv_forms),
        cmocka_unit_test(test_csv_errors),
        cmocka_unit_test(test_csv_bad_arguments),
        cmocka_unit_test(test_csv_too_big),
        cmocka_unit_test(test_mutations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
