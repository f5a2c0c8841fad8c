/* Edits files: batches, tiles of every map format, the seed 000 turrets,
 * and every malformed line with its exact place. */
#include "wf_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The legend the CSV tests use: entry i is terrain i. */
static const char *const simple_legend =
    "0 blocked wall\n1 cost 1 floor\n-5 cost 2.5 mud\n7 start\n8 goal 3\n";

static void legend_load(wf_legend *l) {
    wf_diag d;
    assert_int_equal(wf_legend_parse(simple_legend, strlen(simple_legend),
                                     "t.legend", l, &d),
                     WF_OK);
}

/* Parses text from a heap copy of exactly its length (no NUL after it)
 * for a 4 x 3 map of @p format. */
static wf_status parse_n(const char *text, size_t n, wf_map_format format,
                         wf_edits *e, wf_diag *d) {
    char *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    memcpy(copy, text, n);
    wf_grid *g;
    assert_int_equal(wf_grid_create(4, 3, NULL, &g), WF_OK);
    wf_legend l;
    legend_load(&l);
    memset(d, 0, sizeof *d);
    wf_status s = wf_edits_parse(copy, n, "t.edits", g, format, &l, NULL, e,
                                 d);
    wf_grid_destroy(g);
    free(copy);
    return s;
}

static wf_status parse(const char *text, wf_map_format format, wf_edits *e,
                       wf_diag *d) {
    return parse_n(text, strlen(text), format, e, d);
}

static void expect_error_n(const char *text, size_t n, wf_map_format format,
                           wf_status want, unsigned line, unsigned col,
                           const char *part) {
    wf_edits e = {0};
    wf_diag d;
    wf_status s = parse_n(text, n, format, &e, &d);
    if (s != want || d.line != line || d.column != col ||
        !strstr(d.message, part))
        print_error("input <<%s>>: got %s %u:%u '%s'\n", text,
                    wf_status_name(s), d.line, d.column, d.message);
    assert_int_equal(s, want);
    assert_null(e.edits);
    assert_null(e.batches);
    assert_int_equal(e.count, 0);
    assert_int_equal(e.batch_count, 0);
    assert_string_equal(d.file, "t.edits");
    assert_int_equal(d.line, line);
    assert_int_equal(d.column, col);
    assert_non_null(strstr(d.message, part));
    wf_edits_free(&e);
}

static void expect_error(const char *text, wf_map_format format,
                         wf_status want, unsigned line, unsigned col,
                         const char *part) {
    expect_error_n(text, strlen(text), format, want, line, col, part);
}

static void check_edit(const wf_edit *e, int x, int y, int terrain,
                       unsigned line) {
    assert_int_equal(e->cell.x, x);
    assert_int_equal(e->cell.y, y);
    assert_int_equal(e->terrain, terrain);
    assert_int_equal(e->line, line);
}

static void test_batches(void **state) {
    (void)state;
    /* blank lines at both ends, two blank lines (one with blanks) between
     * batches, a comment inside a batch, tabs and trailing blanks */
    const char *text = "\n  \n# doors\n0 0 @\n  # still the first batch\n"
                       "3\t2 T \t\n\n \t\n1 1 .\n\n";
    wf_edits e = {0};
    wf_diag d;
    assert_int_equal(parse(text, WF_MAP_FORMAT_MOVINGAI, &e, &d), WF_OK);
    assert_int_equal(e.count, 3);
    assert_int_equal(e.batch_count, 2);
    assert_ptr_equal(e.batches[0].edits, e.edits);
    assert_int_equal(e.batches[0].count, 2);
    assert_ptr_equal(e.batches[1].edits, e.edits + 2);
    assert_int_equal(e.batches[1].count, 1);
    check_edit(&e.edits[0], 0, 0, '@', 4);
    check_edit(&e.edits[1], 3, 2, 'T', 6);
    check_edit(&e.edits[2], 1, 1, '.', 9);
    wf_edits_free(&e);
    assert_null(e.edits);
    assert_int_equal(e.batch_count, 0);
    wf_edits_free(&e); /* twice is harmless */
    wf_edits_free(NULL);
}

static void test_line_forms(void **state) {
    (void)state;
    /* CRLF, a byte order mark, no final newline, signs, leading zeros: all
     * read the same as the plain file */
    const char *forms[] = {
        "1 2 W\n\n3 0 S\n",
        "1 2 W\r\n\r\n3 0 S\r\n",
        /* (split so that \xBF does not swallow the digit after it) */
        ("\xEF\xBB\xBF"
         "1 2 W\n\n3 0 S"),
        "+1 002 W\n\n\n\n3 -0 S\n\n",
        "# a comment first\n1 2 W\n# a comment\n\n3 0 S\n# last\n",
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        wf_edits e = {0};
        wf_diag d;
        wf_status s = parse(forms[i], WF_MAP_FORMAT_MOVINGAI, &e, &d);
        if (s != WF_OK)
            print_error("form %zu: %s\n", i, d.message);
        assert_int_equal(s, WF_OK);
        assert_int_equal(e.count, 2);
        assert_int_equal(e.batch_count, 2);
        assert_int_equal(e.edits[0].cell.x, 1);
        assert_int_equal(e.edits[0].cell.y, 2);
        assert_int_equal(e.edits[0].terrain, 'W');
        assert_int_equal(e.edits[1].cell.x, 3);
        assert_int_equal(e.edits[1].cell.y, 0);
        assert_int_equal(e.edits[1].terrain, 'S');
        wf_edits_free(&e);
    }
}

/* Every map character of a format gives the code the map loader gives. */
static void test_map_characters(void **state) {
    (void)state;
    const char *movingai = ".GSW@OT";
    const char *ascii = ".#123456789";
    for (int f = 0; f < 2; f++) {
        const char *chars = f ? ascii : movingai;
        for (const char *c = chars; *c; c++) {
            char line[16];
            snprintf(line, sizeof line, "2 1 %c\n", *c);
            wf_edits e = {0};
            wf_diag d;
            assert_int_equal(parse(line, f ? WF_MAP_FORMAT_ASCII
                                           : WF_MAP_FORMAT_MOVINGAI,
                                   &e, &d),
                             WF_OK);
            check_edit(&e.edits[0], 2, 1, (unsigned char)*c, 1);
            wf_edits_free(&e);
        }
    }
    /* the same terrain codes as the loaders: an ASCII '3' edit on an ASCII
     * map costs 3, a Moving AI 'T' edit on a Moving AI map is blocked */
    wf_grid *g;
    wf_diag d;
    assert_int_equal(wf_ascii_map_parse("..\n..\n", 6, "t.txt", NULL, &g,
                                        NULL, &d),
                     WF_OK);
    wf_edits e = {0};
    assert_int_equal(wf_edits_parse("1 0 3\n", 6, "t.edits", g,
                                    WF_MAP_FORMAT_ASCII, NULL, NULL, &e, &d),
                     WF_OK);
    assert_int_equal(wf_grid_cost(g, e.edits[0].terrain), 3.0);
    wf_edits_free(&e);
    wf_grid_destroy(g);
    const char *map = "type octile\nheight 1\nwidth 2\nmap\n..\n";
    assert_int_equal(wf_movingai_map_parse(map, strlen(map), "t.map", NULL,
                                           &g, &d),
                     WF_OK);
    assert_int_equal(wf_edits_parse("1 0 T", 5, "t.edits", g,
                                    WF_MAP_FORMAT_MOVINGAI, NULL, NULL, &e,
                                    &d),
                     WF_OK);
    assert_true(wf_grid_cost(g, e.edits[0].terrain) == WF_BLOCKED);
    wf_edits_free(&e);
    wf_grid_destroy(g);
}

static void test_csv_tiles(void **state) {
    (void)state;
    wf_edits e = {0};
    wf_diag d;
    assert_int_equal(parse("0 0 8\n1 0 -5\n\n2 0 +0\n3 2 7\n",
                           WF_MAP_FORMAT_CSV, &e, &d),
                     WF_OK);
    assert_int_equal(e.batch_count, 2);
    check_edit(&e.edits[0], 0, 0, 4, 1);
    check_edit(&e.edits[1], 1, 0, 2, 2);
    check_edit(&e.edits[2], 2, 0, 0, 4);
    check_edit(&e.edits[3], 3, 2, 3, 5);
    wf_edits_free(&e);
}

/* The seed 000 tower-defence map: turrets placed one by one, one sold. */
static void test_td_turrets(void **state) {
    (void)state;
    wf_legend l;
    wf_diag d;
    assert_int_equal(wf_legend_read(WF_TEST_DATA "/td.legend", NULL, &l, &d),
                     WF_OK);
    wf_grid *g;
    assert_int_equal(wf_csv_map_read(WF_TEST_DATA "/td.csv", &l, NULL, &g,
                                     NULL, &d),
                     WF_OK);
    wf_edits e = {0};
    assert_int_equal(wf_edits_read(WF_TEST_DATA "/td.edits", g,
                                   WF_MAP_FORMAT_CSV, &l, NULL, &e, &d),
                     WF_OK);
    assert_int_equal(e.batch_count, 3);
    assert_int_equal(e.batches[0].count, 1);
    assert_int_equal(e.batches[1].count, 2);
    assert_int_equal(e.batches[2].count, 1);
    /* legend order: none ground selected_ground road spawn base turret */
    check_edit(&e.edits[0], 5, 3, 6, 2);
    check_edit(&e.edits[1], 6, 3, 6, 4);
    check_edit(&e.edits[2], 7, 4, 6, 5);
    check_edit(&e.edits[3], 5, 3, 3, 9);
    /* a turret goes where the road was, and makes the cell blocked */
    assert_int_equal(wf_grid_get(g, 5, 3), 3);
    for (size_t i = 0; i < e.batches[0].count; i++) {
        const wf_edit *x = &e.batches[0].edits[i];
        assert_int_equal(wf_grid_set(g, x->cell.x, x->cell.y, x->terrain),
                         WF_OK);
    }
    assert_false(wf_grid_passable(g, 5, 3));
    wf_edits_free(&e);
    wf_grid_destroy(g);
}

static void test_errors(void **state) {
    (void)state;
    const wf_map_format M = WF_MAP_FORMAT_MOVINGAI, A = WF_MAP_FORMAT_ASCII,
                        C = WF_MAP_FORMAT_CSV;
    /* no edit at all */
    expect_error("", M, WF_E_PARSE, 1, 1, "expected an edit 'X Y TILE', "
                                          "found end of file");
    expect_error("\n\n", M, WF_E_PARSE, 3, 1, "found end of file");
    expect_error("# only a comment\n\n  ", M, WF_E_PARSE, 3, 3,
                 "found end of file");
    expect_error("\xEF\xBB\xBF", M, WF_E_PARSE, 1, 1, "found end of file");
    /* missing and extra fields */
    expect_error("1", M, WF_E_PARSE, 1, 2,
                 "expected y (an integer), found end of line");
    expect_error("1 2\n", M, WF_E_PARSE, 1, 4,
                 "expected the tile, found end of line");
    expect_error("1 2 .\n1 2  \n", M, WF_E_PARSE, 2, 6,
                 "expected the tile, found end of line");
    expect_error("1 2 . .\n", M, WF_E_PARSE, 1, 7,
                 "expected end of line after the tile, found '.'");
    expect_error("1 2 @ # a wall\n", M, WF_E_PARSE, 1, 7,
                 "expected end of line after the tile, found '#'");
    /* not integers */
    expect_error("a 2 .\n", M, WF_E_PARSE, 1, 1,
                 "expected x (an integer), found 'a'");
    expect_error("1 2.5 .\n", M, WF_E_PARSE, 1, 3,
                 "expected y (an integer), found '2.5'");
    expect_error("1,2 .\n", M, WF_E_PARSE, 1, 1,
                 "expected x (an integer), found '1,2'");
    expect_error("0x1 2 .\n", M, WF_E_PARSE, 1, 1, "found '0x1'");
    expect_error("- 2 .\n", M, WF_E_PARSE, 1, 1, "found '-'");
    expect_error_n("1\0 2 .\n", 7, M, WF_E_PARSE, 1, 1, "found '1\\x00'");
    expect_error("1\r2 .\n", M, WF_E_PARSE, 1, 1, "found '1\\x0d2'");
    /* off the map (4 x 3), negative and huge included */
    expect_error("4 0 .\n", M, WF_E_RANGE, 1, 1,
                 "x '4' is off the map, which is 4 x 3 cells (x 0..3)");
    expect_error("0 3 .\n", M, WF_E_RANGE, 1, 3,
                 "y '3' is off the map, which is 4 x 3 cells (y 0..2)");
    expect_error("-1 0 .\n", M, WF_E_RANGE, 1, 1, "x '-1' is off the map");
    expect_error("0  -7 .\n", A, WF_E_RANGE, 1, 4, "y '-7' is off the map");
    expect_error("0 0 .\n\n99999999999999999999999 0 .\n", M, WF_E_RANGE, 3,
                 1, "x '99999999999999999999999' is off the map");
    expect_error("0 -99999999999999999999999 .\n", C, WF_E_RANGE, 1, 3,
                 "is off the map, which is 4 x 3 cells");
    /* map characters */
    expect_error("0 0 ..\n", M, WF_E_PARSE, 1, 5,
                 "expected one map character as the tile (. G S W @ O T), "
                 "found '..'");
    expect_error("0 0 10\n", A, WF_E_PARSE, 1, 5,
                 "expected one map character as the tile (. # 1-9), found "
                 "'10'");
    expect_error("0 0 #\n", M, WF_E_PARSE, 1, 5,
                 "unknown tile '#' (0x23), expected one of . G S W @ O T");
    expect_error("0 0 x\n", M, WF_E_PARSE, 1, 5, "unknown tile 'x' (0x78)");
    expect_error("0 0 @\n", A, WF_E_PARSE, 1, 5,
                 "unknown tile '@' (0x40), expected one of . # 1-9");
    expect_error("0 0 0\n", A, WF_E_PARSE, 1, 5, "unknown tile '0' (0x30)");
    expect_error("0 0 \x7f\n", A, WF_E_PARSE, 1, 5,
                 "unknown tile byte 0x7f");
    expect_error("0 0 S\n", A, WF_E_PARSE, 1, 5,
                 "'S' marks the start of an ASCII map, not a terrain");
    expect_error("0 0 .\n1 1 G\n", A, WF_E_PARSE, 2, 5,
                 "'G' marks the goal of an ASCII map, not a terrain");
    /* legend tiles */
    expect_error("0 0 5\n", C, WF_E_PARSE, 1, 5,
                 "tile '5' is not in the legend");
    expect_error("0 0 1.0\n", C, WF_E_PARSE, 1, 5,
                 "expected a tile number (an integer), found '1.0'");
    expect_error("0 0 .\n", C, WF_E_PARSE, 1, 5,
                 "expected a tile number (an integer), found '.'");
    expect_error("0 0 99999999999999999999\n", C, WF_E_PARSE, 1, 5,
                 "tile '99999999999999999999' is not in the legend");
    /* the first error wins, after CRLF lines and a byte order mark */
    expect_error("\xEF\xBB\xBF" "1 1 .\r\n\r\n2 2 ?\r\n3 3 ?\r\n", M,
                 WF_E_PARSE, 3, 5, "unknown tile '?'");
}

static void test_bad_arguments(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(4, 3, NULL, &g), WF_OK);
    wf_edits e = {0};
    wf_diag d;
    wf_legend l;
    legend_load(&l);
    const wf_map_format M = WF_MAP_FORMAT_MOVINGAI;
    assert_int_equal(wf_edits_parse("0 0 .", 5, "t", g, M, NULL, NULL, NULL,
                                    &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_edits_parse("0 0 .", 5, "t", NULL, M, NULL, NULL, &e,
                                    &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_edits_parse(NULL, 5, "t", g, M, NULL, NULL, &e, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_edits_parse("0 0 .", 5, "t", g, (wf_map_format)0,
                                    NULL, NULL, &e, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_edits_parse("0 0 1", 5, "t", g, WF_MAP_FORMAT_CSV,
                                    NULL, NULL, &e, &d),
                     WF_E_INVALID_ARG);
    l.count = 0;
    assert_int_equal(wf_edits_parse("0 0 1", 5, "t", g, WF_MAP_FORMAT_CSV,
                                    &l, NULL, &e, &d),
                     WF_E_INVALID_ARG);
    l.count = 257;
    assert_int_equal(wf_edits_parse("0 0 1", 5, "t", g, WF_MAP_FORMAT_CSV,
                                    &l, NULL, &e, &d),
                     WF_E_INVALID_ARG);
    assert_null(e.edits);
    /* a NULL name and a NULL diag are fine */
    assert_int_equal(wf_edits_parse("0 0 .", 5, NULL, g, M, NULL, NULL, &e,
                                    NULL),
                     WF_OK);
    wf_edits_free(&e);
    assert_int_equal(wf_edits_parse("0 0 ?", 5, NULL, g, M, NULL, NULL, &e,
                                    NULL),
                     WF_E_PARSE);
    /* the readers */
    assert_int_equal(wf_edits_read(NULL, g, M, NULL, NULL, &e, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_edits_read(WF_TEST_DATA "/td.edits", NULL, M, NULL,
                                   NULL, &e, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_edits_read(WF_TEST_DATA "/td.edits", g, M, NULL,
                                   NULL, NULL, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_edits_read(WF_TEST_DATA "/missing.edits", g, M, NULL,
                                   NULL, &e, &d),
                     WF_E_IO);
    assert_non_null(strstr(d.file, "missing.edits"));
    assert_null(e.edits);
    /* td.edits names tiles by number: as Moving AI characters it fails */
    assert_int_equal(wf_edits_read(WF_TEST_DATA "/td.edits", g, M, NULL,
                                   NULL, &e, &d),
                     WF_E_RANGE);
    assert_int_equal(d.line, 2);
    wf_grid_destroy(g);
}

/* Failing the N-th allocation for every N: no leak, the output empty. */
static void test_alloc_fail(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(4, 3, NULL, &g), WF_OK);
    const char *text = "0 0 .\n\n1 1 @\n2 2 T\n";
    for (size_t n = 1;; n++) {
        wf_test_alloc ta;
        wf_allocator a = wf_test_alloc_init(&ta, n);
        wf_edits e = {0};
        wf_status s = wf_edits_parse(text, strlen(text), "t", g,
                                     WF_MAP_FORMAT_MOVINGAI, NULL, &a, &e,
                                     NULL);
        if (s == WF_OK) {
            assert_int_equal(e.count, 3);
            assert_int_equal(e.batch_count, 2);
            wf_edits_free(&e);
            assert_int_equal(ta.live, 0);
            assert_true(n > 2);
            break;
        }
        assert_int_equal(s, WF_E_NOMEM);
        assert_null(e.edits);
        assert_null(e.batches);
        assert_int_equal(ta.live, 0);
    }
    wf_grid_destroy(g);
}

static void test_map_format_of(void **state) {
    (void)state;
    const char *mai = "type octile\nheight 1\nwidth 1\nmap\n.\n";
    assert_int_equal(wf_map_format_of("a.map", mai, strlen(mai)),
                     WF_MAP_FORMAT_MOVINGAI);
    /* content first: a Moving AI map named .csv is still one */
    assert_int_equal(wf_map_format_of("a.CSV", mai, strlen(mai)),
                     WF_MAP_FORMAT_MOVINGAI);
    assert_int_equal(wf_map_format_of("a.map", "\xEF\xBB\xBF \r\n\ttype", 11),
                     WF_MAP_FORMAT_MOVINGAI);
    assert_int_equal(wf_map_format_of("a.Csv", "1,2\n", 4), WF_MAP_FORMAT_CSV);
    assert_int_equal(wf_map_format_of("a.txt", "types\n", 6),
                     WF_MAP_FORMAT_ASCII);
    assert_int_equal(wf_map_format_of("csv", "..\n", 3), WF_MAP_FORMAT_ASCII);
    assert_int_equal(wf_map_format_of(NULL, NULL, 0), WF_MAP_FORMAT_ASCII);
    assert_int_equal(wf_map_format_of("x.csv", NULL, 0), WF_MAP_FORMAT_CSV);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_batches),
        cmocka_unit_test(test_line_forms),
        cmocka_unit_test(test_map_characters),
        cmocka_unit_test(test_csv_tiles),
        cmocka_unit_test(test_td_turrets),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_alloc_fail),
        cmocka_unit_test(test_map_format_of),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
