/* ASCII maps: '.', '#', '1'-'9', 'S', 'G'; the seed 003 maze. */
#include "wf_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The seed 003 maze: 1 = floor, 0 = wall. */
static const char *const maze[10] = {
    "1011111101", "1010101111", "1110101001", "1001111101", "1011001101",
    "1101111101", "0101010000", "0101101111", "0101111101", "1100101101",
};

/* Parses text from a heap copy of exactly its length. */
static wf_status parse(const char *text, wf_grid **g, wf_map_marks *m,
                       wf_diag *d) {
    size_t n = strlen(text);
    char *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    memcpy(copy, text, n);
    memset(d, 0, sizeof *d);
    wf_status s = wf_ascii_map_parse(copy, n, "t.txt", NULL, g, m, d);
    free(copy);
    return s;
}

static void expect_error(const char *text, wf_status want, unsigned line,
                         unsigned col, const char *part) {
    wf_grid *g = (wf_grid *)1;
    wf_map_marks m;
    wf_diag d;
    wf_status s = parse(text, &g, &m, &d);
    if (s != want || d.line != line || d.column != col ||
        !strstr(d.message, part))
        print_error("input <<%s>>: got %s %u:%u '%s'\n", text,
                    wf_status_name(s), d.line, d.column, d.message);
    assert_int_equal(s, want);
    assert_null(g);
    assert_int_equal(m.has_start, 0);
    assert_int_equal(m.has_goal, 0);
    assert_string_equal(d.file, "t.txt");
    assert_int_equal(d.line, line);
    assert_int_equal(d.column, col);
    assert_non_null(strstr(d.message, part));
}

static void test_maze_file(void **state) {
    (void)state;
    wf_grid *g;
    wf_map_marks m;
    wf_diag d;
    wf_status s = wf_ascii_map_read(WF_TEST_DATA "/maze10.txt", NULL, &g, &m,
                                    &d);
    if (s != WF_OK)
        print_error("%s:%u:%u: %s\n", d.file, d.line, d.column, d.message);
    assert_int_equal(s, WF_OK);
    assert_int_equal(wf_grid_width(g), 10);
    assert_int_equal(wf_grid_height(g), 10);
    assert_true(m.has_start);
    assert_true(m.has_goal);
    assert_int_equal(m.start.x, 0);
    assert_int_equal(m.start.y, 0);
    assert_int_equal(m.goal.x, 9);
    assert_int_equal(m.goal.y, 9);
    for (int y = 0; y < 10; y++)
        for (int x = 0; x < 10; x++) {
            assert_int_equal(wf_grid_passable(g, x, y), maze[y][x] == '1');
            assert_int_equal(wf_grid_get(g, x, y),
                             maze[y][x] == '1' ? '.' : '#');
        }
    /* the start and goal cells are plain floor */
    assert_int_equal(wf_grid_terrain_count(g, 'S'), 0);
    assert_int_equal(wf_grid_terrain_count(g, 'G'), 0);
    wf_grid_destroy(g);
}

static void test_forms(void **state) {
    (void)state;
    const char *ok[] = {
        "S.#\n192\n..G\n", "S.#\r\n192\r\n..G\r\n", "S.#\n192\n..G",
        "S.#\n192\n..G\n\n\n", "S.#\n192\n..G\r\n\r\n \t\n",
        "\xEF\xBB\xBFS.#\n192\n..G\n",
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        wf_grid *g;
        wf_map_marks m;
        wf_diag d;
        wf_status s = parse(ok[i], &g, &m, &d);
        if (s != WF_OK)
            print_error("case %zu: %u:%u %s\n", i, d.line, d.column,
                        d.message);
        assert_int_equal(s, WF_OK);
        assert_int_equal(wf_grid_width(g), 3);
        assert_int_equal(wf_grid_height(g), 3);
        assert_int_equal(wf_grid_get(g, 0, 0), '.');
        assert_int_equal(wf_grid_get(g, 2, 0), '#');
        assert_int_equal(wf_grid_get(g, 0, 1), '1');
        assert_int_equal(wf_grid_get(g, 1, 1), '9');
        assert_int_equal(wf_grid_get(g, 2, 2), '.');
        assert_false(wf_grid_passable(g, 2, 0));
        assert_true(wf_grid_cost(g, '.') == 1.0);
        assert_true(wf_grid_cost(g, '#') == WF_BLOCKED);
        for (int k = 1; k <= 9; k++)
            assert_true(wf_grid_cost(g, (uint8_t)('0' + k)) == k);
        assert_true(m.has_start && m.has_goal);
        assert_int_equal(m.start.x, 0);
        assert_int_equal(m.start.y, 0);
        assert_int_equal(m.goal.x, 2);
        assert_int_equal(m.goal.y, 2);
        wf_grid_destroy(g);
    }
    /* no marks at all; marks may be NULL */
    wf_grid *g;
    wf_diag d;
    assert_int_equal(wf_ascii_map_parse("..", 2, NULL, NULL, &g, NULL, &d),
                     WF_OK);
    assert_int_equal(wf_grid_width(g), 2);
    assert_int_equal(wf_grid_height(g), 1);
    wf_grid_destroy(g);
}

static void test_errors(void **state) {
    (void)state;
    expect_error("", WF_E_PARSE, 1, 1, "expected a map row, found end of file");
    expect_error("\n\n", WF_E_PARSE, 3, 1, "found end of file");
    expect_error("\n..\n", WF_E_PARSE, 1, 1,
                 "expected a map row, found an empty line");
    expect_error("..........\n..........\n.......\n", WF_E_PARSE, 3, 8,
                 "row 3 has 7 cells, expected 10");
    expect_error("...\n....\n", WF_E_PARSE, 2, 4,
                 "row 2 has 4 cells, expected 3");
    expect_error("...\n\n...\n", WF_E_PARSE, 2, 1,
                 "row 2 is empty, expected 3 cells");
    expect_error("...\n.x.\n", WF_E_PARSE, 2, 2,
                 "unknown map character 'x' (0x78)");
    expect_error("...\n.0.\n", WF_E_PARSE, 2, 2, "'0' (0x30)");
    expect_error("... \n", WF_E_PARSE, 1, 4, "' ' (0x20)");
    expect_error(".S.\n..S\n", WF_E_PARSE, 2, 3,
                 "a second start 'S' (the first is at 1:2)");
    expect_error("G..\n..G\n", WF_E_PARSE, 2, 3,
                 "a second goal 'G' (the first is at 1:1)");
    expect_error("...\r\r\n", WF_E_PARSE, 1, 4, "byte 0x0d");
    /* a NUL byte is just an unknown character */
    wf_grid *g = (wf_grid *)1;
    wf_diag d;
    char nul[4] = {'.', '\0', '.', '\n'};
    char *b = malloc(4);
    memcpy(b, nul, 4);
    assert_int_equal(wf_ascii_map_parse(b, 4, "n", NULL, &g, NULL, &d),
                     WF_E_PARSE);
    assert_null(g);
    assert_int_equal(d.column, 2);
    assert_non_null(strstr(d.message, "byte 0x00"));
    free(b);
}

static void test_too_big(void **state) {
    (void)state;
    /* a row longer than WF_GRID_MAX_SIDE */
    size_t n = (size_t)WF_GRID_MAX_SIDE + 2;
    char *b = malloc(n);
    memset(b, '.', n);
    wf_grid *g;
    wf_diag d;
    assert_int_equal(wf_ascii_map_parse(b, n, "w", NULL, &g, NULL, &d),
                     WF_E_TOO_BIG);
    assert_int_equal(d.line, 1);
    assert_int_equal(d.column, WF_GRID_MAX_SIDE + 1);
    free(b);
    /* more than WF_GRID_MAX_CELLS cells: 2^20 rows of 257 cells, found
     * without allocating the grid */
    size_t rows = 1u << 20, w = 257;
    n = rows * (w + 1);
    b = malloc(n);
    for (size_t r = 0; r < rows; r++) {
        memset(b + r * (w + 1), '.', w);
        b[r * (w + 1) + w] = '\n';
    }
    assert_int_equal(wf_ascii_map_parse(b, n, "h", NULL, &g, NULL, &d),
                     WF_E_TOO_BIG);
    assert_null(g);
    assert_int_equal(d.line, (1u << 28) / 257 + 1);
    assert_non_null(strstr(d.message, "larger than the limit"));
    free(b);
}

static void test_mutations(void **state) {
    (void)state;
    const char *base = "S.#..\r\n19...\n....G\n#####\n";
    size_t n = strlen(base);
    wf_test_rng rng = {3};
    for (int iter = 0; iter < 5000; iter++) {
        char *b = malloc(n);
        memcpy(b, base, n);
        size_t len = n;
        for (int j = 0; j < 3; j++) {
            static const char pool[] = "\0\n\r .#SG5x";
            b[wf_test_rng_below(&rng, (uint32_t)n)] =
                pool[wf_test_rng_below(&rng, sizeof pool - 1)];
        }
        if (wf_test_rng_below(&rng, 4) == 0)
            len = wf_test_rng_below(&rng, (uint32_t)n + 1);
        wf_grid *g = NULL;
        wf_map_marks m;
        wf_diag d = {0};
        wf_status s = wf_ascii_map_parse(b, len, "m", NULL, &g, &m, &d);
        if (s == WF_OK) {
            if (m.has_start)
                assert_true(wf_grid_passable(g, m.start.x, m.start.y));
            wf_grid_destroy(g);
        } else {
            assert_int_equal(s, WF_E_PARSE);
            assert_null(g);
            assert_true(d.line >= 1 && d.column >= 1);
        }
        free(b);
    }
}

static void test_bad_arguments(void **state) {
    (void)state;
    wf_grid *g;
    wf_map_marks m;
    assert_int_equal(wf_ascii_map_parse(".", 1, NULL, NULL, NULL, &m, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_ascii_map_parse(NULL, 1, NULL, NULL, &g, &m, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_ascii_map_read(NULL, NULL, &g, &m, NULL),
                     WF_E_INVALID_ARG);
    wf_diag d;
    assert_int_equal(
        wf_ascii_map_read(WF_TEST_DATA "/nope.txt", NULL, &g, &m, &d),
        WF_E_IO);
    assert_null(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_maze_file),
        cmocka_unit_test(test_forms),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_too_big),
        cmocka_unit_test(test_mutations),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
