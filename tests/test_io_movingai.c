/* Moving AI .map and .scen: the shipped benchmark files and malformed input. */
#include "wf_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOVINGAI WF_SHARED_DIR "/movingai/"

/* Parses text from a heap copy of exactly strlen(text) bytes, so that
 * AddressSanitizer catches any read past the end. */
static wf_status parse_map(const char *text, wf_grid **g, wf_diag *d) {
    size_t n = strlen(text);
    char *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    memcpy(copy, text, n);
    memset(d, 0, sizeof *d);
    wf_status s = wf_movingai_map_parse(copy, n, "t.map", NULL, g, d);
    free(copy);
    return s;
}

/* Expects text to fail with status s at line:col, the message holding
 * `part`. */
static void expect_error(const char *text, wf_status s, unsigned line,
                         unsigned col, const char *part) {
    wf_grid *g = (wf_grid *)1;
    wf_diag d;
    wf_status got = parse_map(text, &g, &d);
    if (got != s || d.line != line || d.column != col ||
        !strstr(d.message, part))
        print_error("input <<%s>>: got %s %u:%u '%s'\n", text,
                    wf_status_name(got), d.line, d.column, d.message);
    assert_int_equal(got, s);
    assert_null(g);
    assert_string_equal(d.file, "t.map");
    assert_int_equal(d.line, line);
    assert_int_equal(d.column, col);
    assert_non_null(strstr(d.message, part));
}

static const struct {
    const char *name;
    int w, h, scen;
} shipped[] = {
    {"dao/arena.map", 49, 49, 160},
    {"dao/den011d.map", 247, 167, 780},
    {"dao/lak303d.map", 194, 194, 1060},
    {"dao/ost003d.map", 194, 194, 846},
    {"dao/hrt201n.map", 294, 305, 1210},
    {"dao/orz100d.map", 412, 395, 2419},
    {"dao/brc202d.map", 530, 481, 2519},
    {"da2/ht_chantry.map", 162, 141, 470},
    {"bg/AR0011SR.map", 512, 512, 1280},
    {"sc1/Archipelago.map", 512, 512, 2160},
    {"sc1/CatwalkAlley.map", 512, 512, 2640},
    {"mazes/maze512-1-0.map", 512, 512, 11960},
    {"mazes/maze512-32-0.map", 512, 512, 5760},
    {"random/random512-10-0.map", 512, 512, 1670},
    {"random/random512-40-0.map", 512, 512, 3060},
    {"rooms/8room_000.map", 512, 512, 1940},
    {"rooms/32room_000.map", 512, 512, 1900},
    {"street/Berlin_0_256.map", 256, 256, 930},
    {"street/Boston_0_512.map", 512, 512, 1890},
};

static const char *basename_of(const char *p) {
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

static void test_all_shipped_maps_and_scens(void **state) {
    (void)state;
    size_t total = 0;
    char path[512];
    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
        wf_diag d = {0};
        wf_grid *g = NULL;
        snprintf(path, sizeof path, MOVINGAI "%s", shipped[i].name);
        wf_status s = wf_movingai_map_read(path, NULL, &g, &d);
        if (s != WF_OK)
            print_error("%s: %s:%u:%u %s\n", path, d.file, d.line, d.column,
                        d.message);
        assert_int_equal(s, WF_OK);
        assert_int_equal(wf_grid_width(g), shipped[i].w);
        assert_int_equal(wf_grid_height(g), shipped[i].h);
        /* only '.', '@' and 'T' appear, and every cell is one of them */
        size_t cells = (size_t)shipped[i].w * (size_t)shipped[i].h;
        assert_int_equal(wf_grid_terrain_count(g, '.') + wf_grid_terrain_count(g, '@') +
                             wf_grid_terrain_count(g, 'T'),
                         cells);
        assert_true(wf_grid_terrain_count(g, '.') > 0);

        wf_scen sc = {0};
        snprintf(path, sizeof path, MOVINGAI "%s.scen", shipped[i].name);
        s = wf_scen_read(path, NULL, &sc, &d);
        if (s != WF_OK)
            print_error("%s: %s:%u:%u %s\n", path, d.file, d.line, d.column,
                        d.message);
        assert_int_equal(s, WF_OK);
        assert_int_equal(sc.count, (size_t)shipped[i].scen);
        assert_string_equal(basename_of(sc.map), basename_of(shipped[i].name));
        assert_string_equal(sc.version,
                            strstr(shipped[i].name, "AR0011SR") ? "1.0" : "1");
        s = wf_scen_check(&sc, g, &d);
        if (s != WF_OK)
            print_error("%s: %u %s\n", path, d.line, d.message);
        assert_int_equal(s, WF_OK);
        for (size_t k = 0; k < sc.count; k++) {
            assert_true(sc.entries[k].optimal > 0);
            /* bucket = floor(optimal / 4), up to the printed rounding */
            int b = (int)(sc.entries[k].optimal / 4);
            assert_true(sc.entries[k].bucket >= b - 1 &&
                        sc.entries[k].bucket <= b + 1);
        }
        total += sc.count;
        wf_scen_free(&sc);
        assert_null(sc.entries);
        wf_grid_destroy(g);
    }
    assert_int_equal(total, 44654);
}

/* Facts of single files: CRLF without a final newline, the first cells,
 * the space-separated BG file, the trailing blank lines. */
static void test_shipped_details(void **state) {
    (void)state;
    wf_diag d;
    wf_grid *g;
    assert_int_equal(wf_movingai_map_read(MOVINGAI "street/Berlin_0_256.map",
                                          NULL, &g, &d),
                     WF_OK);
    /* no '\r' survived as a cell: every cell is '.', '@' or 'T' */
    assert_int_equal(wf_grid_terrain_count(g, '\r'), 0);
    assert_int_equal(wf_grid_terrain_count(g, '.') + wf_grid_terrain_count(g, '@') +
                         wf_grid_terrain_count(g, 'T'),
                     256u * 256u);
    wf_grid_destroy(g);

    assert_int_equal(
        wf_movingai_map_read(MOVINGAI "dao/arena.map", NULL, &g, &d), WF_OK);
    assert_int_equal(wf_grid_get(g, 0, 0), 'T');
    assert_int_equal(wf_grid_get(g, 3, 1), '.');
    assert_false(wf_grid_passable(g, 0, 0));
    assert_true(wf_grid_passable(g, 3, 1));
    assert_true(wf_grid_cost(g, '.') == 1.0);
    assert_true(wf_grid_cost(g, 'T') == WF_BLOCKED);
    assert_true(wf_grid_cost(g, '@') == WF_BLOCKED);
    assert_true(wf_grid_cost(g, 'O') == WF_BLOCKED);
    assert_true(wf_grid_cost(g, 'S') == 1.0);
    assert_true(wf_grid_cost(g, 'W') == 1.0);
    assert_true(wf_grid_cost(g, 'G') == 1.0);
    wf_grid_destroy(g);

    wf_scen sc = {0};
    assert_int_equal(wf_scen_read(MOVINGAI "bg/AR0011SR.map.scen", NULL, &sc,
                                  &d),
                     WF_OK);
    assert_string_equal(sc.map, "maps/bgmaps/AR0011SR.map");
    /* 61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95 */
    assert_int_equal(sc.entries[0].bucket, 61);
    assert_int_equal(sc.entries[0].map_width, 512);
    assert_int_equal(sc.entries[0].start.x, 210);
    assert_int_equal(sc.entries[0].start.y, 395);
    assert_int_equal(sc.entries[0].goal.x, 87);
    assert_int_equal(sc.entries[0].goal.y, 201);
    assert_true(sc.entries[0].optimal == 244.95);
    wf_scen_free(&sc);

    assert_int_equal(wf_scen_read(MOVINGAI "street/Berlin_0_256.map.scen",
                                  NULL, &sc, &d),
                     WF_OK);
    assert_string_equal(sc.map, "Berlin_0_256.map");
    assert_true(sc.entries[0].optimal == 2.0);
    assert_true(sc.entries[3].optimal > 0);
    wf_scen_free(&sc);

    assert_int_equal(wf_scen_read(MOVINGAI "dao/den011d.map.scen", NULL, &sc,
                                  &d),
                     WF_OK);
    assert_int_equal(sc.count, 780);
    assert_true(sc.entries[779].optimal == 309.238);
    wf_scen_free(&sc);
}

static void test_small_maps(void **state) {
    (void)state;
    wf_grid *g;
    wf_diag d;
    /* LF, CRLF, no final newline, trailing blank lines, width first */
    const char *ok[] = {
        "type octile\nheight 2\nwidth 3\nmap\n.@T\nGSW\n",
        "type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n.@T\r\nGSW\r\n",
        "type octile\nheight 2\nwidth 3\nmap\n.@T\nGSW",
        "type octile\nheight 2\nwidth 3\nmap\n.@T\nGSW\r",
        "type octile\nheight 2\nwidth 3\nmap\n.@T\nGSW\n\n\n",
        "type octile\nheight 2\nwidth 3\nmap\n.@T\nGSW\r\n \t\r\n\n",
        "type octile\nwidth 3\nheight 2\nmap\n.@T\nGSW\n",
        "type  octile \nheight\t2\nwidth 3 \nmap\t\n.@T\nGSW\n",
        "\xEF\xBB\xBFtype octile\nheight 2\nwidth 3\nmap\n.@T\nGSW\n",
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        wf_status s = parse_map(ok[i], &g, &d);
        if (s != WF_OK)
            print_error("case %zu: %u:%u %s\n", i, d.line, d.column,
                        d.message);
        assert_int_equal(s, WF_OK);
        assert_int_equal(wf_grid_width(g), 3);
        assert_int_equal(wf_grid_height(g), 2);
        assert_int_equal(wf_grid_get(g, 0, 0), '.');
        assert_int_equal(wf_grid_get(g, 1, 0), '@');
        assert_int_equal(wf_grid_get(g, 2, 0), 'T');
        assert_int_equal(wf_grid_get(g, 0, 1), 'G');
        assert_int_equal(wf_grid_get(g, 1, 1), 'S');
        assert_int_equal(wf_grid_get(g, 2, 1), 'W');
        assert_true(wf_grid_passable(g, 0, 0));
        assert_false(wf_grid_passable(g, 1, 0));
        assert_false(wf_grid_passable(g, 2, 0));
        assert_true(wf_grid_passable(g, 0, 1));
        assert_true(wf_grid_passable(g, 1, 1));
        assert_true(wf_grid_passable(g, 2, 1));
        /* the neighbour masks agree with the cells: moving into the wall
         * from (0,0) is refused, and so is the diagonal past it */
        wf_point a = {0, 0}, b = {1, 0}, c = {1, 1};
        assert_true(wf_grid_move_cost(g, a, b, wf_move_default()) ==
                    WF_BLOCKED);
        assert_true(wf_grid_move_cost(g, a, c, wf_move_default()) ==
                    WF_BLOCKED);
        wf_grid_destroy(g);
    }
}

static void test_header_errors(void **state) {
    (void)state;
    expect_error("", WF_E_PARSE, 1, 1,
                 "expected 'type octile', found end of file");
    expect_error("\n", WF_E_PARSE, 1, 1, "expected 'type octile'");
    expect_error("typo octile\n", WF_E_PARSE, 1, 1,
                 "expected 'type octile', found 'typo'");
    expect_error("type\n", WF_E_PARSE, 1, 5, "found end of line");
    expect_error("type octile-corner\n", WF_E_PARSE, 1, 6,
                 "unsupported map type 'octile-corner'");
    expect_error("type octile x\n", WF_E_PARSE, 1, 13, "found 'x'");
    expect_error("type octile\n", WF_E_PARSE, 2, 1,
                 "expected 'height N', found end of file");
    expect_error("type octile\nheigth 4\nwidth 4\nmap\n", WF_E_PARSE, 2, 1,
                 "expected 'height N', found 'heigth'");
    expect_error("type octile\nheight\n", WF_E_PARSE, 2, 7,
                 "expected 'height N', found end of line");
    expect_error("type octile\nheight four\n", WF_E_PARSE, 2, 8,
                 "expected an integer after 'height', found 'four'");
    expect_error("type octile\nheight 4x\n", WF_E_PARSE, 2, 8, "'4x'");
    expect_error("type octile\nheight 4 4\n", WF_E_PARSE, 2, 10,
                 "expected end of line");
    expect_error("type octile\nheight -3\nwidth 4\nmap\n", WF_E_PARSE, 2, 8,
                 "height must be at least 1, found '-3'");
    expect_error("type octile\nheight 0\n", WF_E_PARSE, 2, 8, "at least 1");
    expect_error("type octile\nheight 99999999999999999999999999\n",
                 WF_E_TOO_BIG, 2, 8, "larger than the limit");
    expect_error("type octile\nheight 4\nwidth 1048577\n", WF_E_TOO_BIG, 3,
                 7, "width '1048577' is larger than the limit 1048576");
    expect_error("type octile\nheight 16384\nwidth 16385\nmap\n",
                 WF_E_TOO_BIG, 3, 1, "larger than the limit of 268435456");
    expect_error("type octile\nwidth 16385\nheight 16385\n", WF_E_TOO_BIG, 3,
                 1, "map of 16385 x 16385 cells");
    expect_error("type octile\nheight 1048576\nwidth 1048576\nmap\n",
                 WF_E_TOO_BIG, 3, 1, "larger than the limit");
    expect_error("type octile\nheight 4\nheight 4\n", WF_E_PARSE, 3, 1,
                 "found a second 'height' line");
    expect_error("type octile\nheight 4\nmap\n", WF_E_PARSE, 3, 1,
                 "expected 'width N', found 'map'");
    expect_error("type octile\nheight 4\n\nwidth 4\n", WF_E_PARSE, 3, 1,
                 "expected 'width N', found an empty line");
    expect_error("type octile\nheight 4\nwidth 4\nmap x\n", WF_E_PARSE, 4, 5,
                 "found 'x'");
    expect_error("type octile\nheight 4\nwidth 4\nmapp\n", WF_E_PARSE, 4, 1,
                 "expected 'map', found 'mapp'");
    expect_error("type octile\nheight 4\nwidth 4\n", WF_E_PARSE, 4, 1,
                 "expected 'map', found end of file");
}

static void test_body_errors(void **state) {
    (void)state;
    const char *h = "type octile\nheight 3\nwidth 4\nmap\n";
    char buf[256];
#define BODY(s) (snprintf(buf, sizeof buf, "%s%s", h, s), buf)
    expect_error(BODY("....\n...\n....\n"), WF_E_PARSE, 6, 4,
                 "row 2 has 3 cells, expected 4");
    expect_error(BODY("....\n.....\n....\n"), WF_E_PARSE, 6, 5,
                 "row 2 has 5 cells, expected 4");
    expect_error(BODY("....\n\n....\n"), WF_E_PARSE, 6, 1,
                 "row 2 has 0 cells, expected 4");
    expect_error(BODY("....\n"), WF_E_PARSE, 6, 1,
                 "expected 3 map rows, found 1 (end of file)");
    expect_error(BODY("....\n...."), WF_E_PARSE, 6, 5,
                 "expected 3 map rows, found 2");
    expect_error(BODY(""), WF_E_PARSE, 5, 1, "expected 3 map rows, found 0");
    expect_error(BODY("....\n..x.\n....\n"), WF_E_PARSE, 6, 3,
                 "unknown map character 'x' (0x78)");
    expect_error(BODY("....\n..\r.\n....\n"), WF_E_PARSE, 6, 3,
                 "unknown map character byte 0x0d");
    expect_error(BODY("....\n....\n....\nx\n"), WF_E_PARSE, 8, 1,
                 "expected end of file after 3 map rows, found 'x'");
    expect_error(BODY("....\n....\n....\n\n  ....\n"), WF_E_PARSE, 9, 3,
                 "expected end of file");
    expect_error(BODY("....\n....\n....\r\r\n"), WF_E_PARSE, 7, 5,
                 "row 3 has 5 cells");
#undef BODY
    /* a NUL byte: the buffer is length-delimited, so it is just a byte */
    static const char nul[] = "type octile\nheight 1\nwidth 3\nmap\n.\0.\n";
    wf_grid *g = NULL;
    wf_diag d;
    char *copy = malloc(sizeof nul - 1);
    memcpy(copy, nul, sizeof nul - 1);
    assert_int_equal(wf_movingai_map_parse(copy, sizeof nul - 1, "t.map",
                                           NULL, &g, &d),
                     WF_E_PARSE);
    assert_int_equal(d.line, 5);
    assert_int_equal(d.column, 2);
    assert_non_null(strstr(d.message, "byte 0x00"));
    /* a NUL in the header */
    memcpy(copy, "type\0", 5);
    assert_int_equal(wf_movingai_map_parse(copy, sizeof nul - 1, NULL, NULL,
                                           &g, &d),
                     WF_E_PARSE);
    assert_int_equal(d.line, 1);
    assert_string_equal(d.file, "");
    free(copy);
}

static void test_bad_arguments(void **state) {
    (void)state;
    wf_grid *g = (wf_grid *)1;
    assert_int_equal(wf_movingai_map_parse(NULL, 3, NULL, NULL, &g, NULL),
                     WF_E_INVALID_ARG);
    assert_null(g);
    assert_int_equal(wf_movingai_map_parse("x", 1, NULL, NULL, NULL, NULL),
                     WF_E_INVALID_ARG);
    /* NULL with length 0 is the empty file */
    assert_int_equal(wf_movingai_map_parse(NULL, 0, NULL, NULL, &g, NULL),
                     WF_E_PARSE);
    assert_int_equal(wf_movingai_map_read(NULL, NULL, &g, NULL),
                     WF_E_INVALID_ARG);
    wf_diag d;
    assert_int_equal(wf_movingai_map_read(WF_TEST_DATA "/no-such.map", NULL,
                                          &g, &d),
                     WF_E_IO);
    assert_non_null(strstr(d.file, "no-such.map"));
    assert_int_equal(wf_movingai_map_write(stdout, NULL), WF_E_INVALID_ARG);
}

/* Random byte damage to a valid map never crashes and always gives a
 * grid or a located diagnostic. */
static void test_mutations(void **state) {
    (void)state;
    const char *base =
        "type octile\r\nheight 4\nwidth 5\nmap\n.@T..\nGSW..\n.....\n@@@@@\n";
    size_t n = strlen(base);
    wf_test_rng rng = {42};
    for (int iter = 0; iter < 5000; iter++) {
        char *b = malloc(n);
        memcpy(b, base, n);
        size_t len = n;
        int k = 1 + (int)wf_test_rng_below(&rng, 4);
        for (int j = 0; j < k; j++) {
            size_t at = wf_test_rng_below(&rng, (uint32_t)len);
            static const char pool[] = "\0\n\r .@T9x-";
            b[at] = wf_test_rng_below(&rng, 2)
                        ? (char)wf_test_rng_below(&rng, 256)
                        : pool[wf_test_rng_below(&rng, sizeof pool - 1)];
        }
        if (wf_test_rng_below(&rng, 4) == 0)
            len = wf_test_rng_below(&rng, (uint32_t)len + 1);
        wf_grid *g = NULL;
        wf_diag d = {0};
        wf_status s = wf_movingai_map_parse(b, len, "m", NULL, &g, &d);
        if (s == WF_OK) {
            assert_non_null(g);
            wf_grid_destroy(g);
        } else {
            assert_true(s == WF_E_PARSE || s == WF_E_TOO_BIG);
            assert_null(g);
            assert_true(d.line >= 1);
            assert_true(d.column >= 1);
            assert_true(d.message[0] != '\0');
        }
        free(b);
    }
}

static void test_write_round_trip(void **state) {
    (void)state;
    wf_grid *g, *h;
    wf_diag d;
    assert_int_equal(
        wf_movingai_map_read(MOVINGAI "dao/arena.map", NULL, &g, &d), WF_OK);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(wf_movingai_map_write(f, g), WF_OK);
    long n = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)n);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    assert_int_equal(wf_movingai_map_parse(buf, (size_t)n, "w", NULL, &h, &d),
                     WF_OK);
    assert_memory_equal(wf_grid_cells(g), wf_grid_cells(h), 49 * 49);
    /* the shipped file is exactly what the writer produces */
    char *orig;
    size_t olen;
    assert_int_equal(
        wf_file_read(MOVINGAI "dao/arena.map", WF_MAP_FILE_MAX, NULL, &orig,
                     &olen, &d),
        WF_OK);
    assert_int_equal(olen, (size_t)n);
    assert_memory_equal(orig, buf, olen);
    wf_file_free(orig, olen, NULL);
    free(buf);
    wf_grid_destroy(h);

    /* codes that are not Moving AI characters become '.' or '@' */
    assert_int_equal(wf_grid_set(g, 3, 1, 7), WF_OK);
    assert_int_equal(wf_grid_set(g, 4, 1, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_grid_set_cost(g, 'T', 2.0), WF_OK);
    f = tmpfile();
    assert_int_equal(wf_movingai_map_write(f, g), WF_OK);
    rewind(f);
    char line[64];
    for (int i = 0; i < 6; i++)
        assert_non_null(fgets(line, sizeof line, f));
    assert_memory_equal(line, "...", 3); /* 'T' now passable: '.' */
    assert_int_equal(line[3], '.');
    assert_int_equal(line[4], '@');
    fclose(f);
    wf_grid_destroy(g);
}

/* A larger map, to see that loading stays linear. */
static void test_big_map(void **state) {
    (void)state;
    const int w = 2048, h = 2048;
    const char *hdr = "type octile\nheight 2048\nwidth 2048\nmap\n";
    size_t hl = strlen(hdr), n = hl + (size_t)(w + 1) * (size_t)h;
    char *b = malloc(n);
    memcpy(b, hdr, hl);
    char *p = b + hl;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++)
            *p++ = (x * 7 + y * 13) % 5 == 0 ? '@' : '.';
        *p++ = '\n';
    }
    wf_grid *g;
    wf_diag d;
    assert_int_equal(wf_movingai_map_parse(b, n, "big", NULL, &g, &d), WF_OK);
    assert_int_equal(wf_grid_get(g, 0, 0), '@');
    assert_int_equal(wf_grid_get(g, 1, 0), '.');
    assert_int_equal(wf_grid_terrain_count(g, '@') + wf_grid_terrain_count(g, '.'),
                     (size_t)w * h);
    wf_grid_destroy(g);
    free(b);
}

/* An allocator that fails the n-th allocation and counts live bytes. */
typedef struct fail_alloc {
    int left;
    long live;
} fail_alloc;

static void *failing(void *ud, void *ptr, size_t old, size_t size) {
    fail_alloc *f = ud;
    if (size == 0) {
        if (ptr)
            f->live -= (long)old;
        free(ptr);
        return NULL;
    }
    if (f->left-- == 0)
        return NULL;
    void *p = realloc(ptr, size);
    if (p)
        f->live += (long)size - (long)(ptr ? old : 0);
    return p;
}

static void test_alloc_failure(void **state) {
    (void)state;
    int ok = 0;
    for (int n = 0; n < 100 && !ok; n++) {
        fail_alloc fa = {n, 0};
        wf_allocator a = {failing, &fa};
        wf_grid *g = NULL;
        wf_scen sc = {0};
        wf_status s =
            wf_movingai_map_read(MOVINGAI "dao/arena.map", &a, &g, NULL);
        if (s == WF_OK)
            s = wf_scen_read(MOVINGAI "dao/arena.map.scen", &a, &sc, NULL);
        ok = s == WF_OK;
        if (!ok) {
            assert_int_equal(s, WF_E_NOMEM);
            assert_null(sc.entries);
        }
        wf_scen_free(&sc);
        wf_grid_destroy(g);
        assert_int_equal(fa.live, 0);
    }
    assert_true(ok);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_shipped_maps_and_scens),
        cmocka_unit_test(test_shipped_details),
        cmocka_unit_test(test_small_maps),
        cmocka_unit_test(test_header_errors),
        cmocka_unit_test(test_body_errors),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_mutations),
        cmocka_unit_test(test_write_round_trip),
        cmocka_unit_test(test_big_map),
        cmocka_unit_test(test_alloc_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
