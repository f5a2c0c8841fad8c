/* Jump table files: a round trip gives the same table, and every kind of
 * bad file (cut, extended, another map, another version, a flipped byte,
 * an entry edited by hand with its checksum made right again) is refused
 * with a message naming the problem. The checksum is recomputed here from
 * docs/formats.md, independently of the reader. */
#define _POSIX_C_SOURCE 200809L /* open_memstream, mkstemp, fdopen */

#include "wf_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wf_core_private.h"

static wf_grid *test_map(void) {
    static const char *const rows[] = {
        "......#.........",
        "..##..#...####..",
        "..#.......#.....",
        "......##..#..#..",
        "#.............#.",
    };
    return wf_test_grid(rows, 5);
}

/* The file for t, in memory. */
static unsigned char *table_bytes(const wf_jump_table *t, const wf_grid *g,
                                  size_t *len) {
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    assert_int_equal(wf_jump_table_write(f, t, g), WF_OK);
    assert_int_equal(fclose(f), 0);
    *len = n;
    return (unsigned char *)buf;
}

/* The checksum of docs/formats.md over everything after the header,
 * recomputed independently of the reader, into its place in the header. */
static void fix_checksum(unsigned char *b, size_t len) {
    wf_test_fix_checksum(b, len, 40, 32, 0xBB67AE8584CAA73Bu);
}

/* Parses b[0..len) for g: the status, and the message in *d. */
static wf_status parse(const unsigned char *b, size_t len, const wf_grid *g,
                       wf_diag *d) {
    memset(d, 0, sizeof *d);
    wf_jump_table *t = (wf_jump_table *)1;
    wf_status s = wf_jump_table_parse(b, len, "t.jump", g, NULL, &t, d);
    if (s != WF_OK)
        assert_null(t);
    wf_jump_table_destroy(t);
    return s;
}

static void expect_refused(const unsigned char *b, size_t len,
                           const wf_grid *g, const char *why) {
    wf_diag d;
    assert_int_equal(parse(b, len, g, &d), WF_E_PARSE);
    if (!strstr(d.message, why))
        fprintf(stderr, "message '%s' lacks '%s'\n", d.message, why);
    assert_non_null(strstr(d.message, why));
    assert_string_equal(d.file, "t.jump");
}

static void test_round_trip(void **state) {
    (void)state;
    wf_grid *g = test_map();
    wf_jump_table *t = NULL, *back = NULL;
    assert_int_equal(wf_jump_table_create(g, NULL, &t), WF_OK);
    char path[] = "/tmp/wf_jump_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_int_equal(wf_jump_table_write(f, t, g), WF_OK);
    fclose(f);
    wf_diag d;
    assert_int_equal(wf_jump_table_read(path, g, NULL, &back, &d), WF_OK);
    remove(path);
    assert_true(wf_jump_table_current(back, g));
    assert_memory_equal(back->dist, t->dist, g->cells * 8 * sizeof(int32_t));
    /* and a search with it is JPS+ */
    wf_search *ws = NULL;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.algo = WF_ALGO_JPS_PLUS;
    o.jumps = back;
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0},
                                    (wf_point){15, 4}, &o, &p),
                     WF_OK);
    assert_int_equal(p.stats.engine, WF_ALGO_JPS_PLUS);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_jump_table_destroy(back);
    /* a stale table is not written */
    assert_int_equal(wf_grid_set(g, 0, 0, WF_TERRAIN_WALL), WF_OK);
    char *buf = NULL;
    size_t n = 0;
    f = open_memstream(&buf, &n);
    assert_int_equal(wf_jump_table_write(f, t, g), WF_E_INVALID_ARG);
    fclose(f);
    free(buf);
    assert_int_equal(wf_jump_table_write(NULL, t, g), WF_E_INVALID_ARG);
    assert_int_equal(wf_jump_table_read(NULL, g, NULL, &back, &d),
                     WF_E_INVALID_ARG);
    assert_null(back);
    assert_int_equal(wf_jump_table_read("/nonexistent/x.jump", g, NULL,
                                        &back, &d),
                     WF_E_IO);
    assert_null(back);
    wf_jump_table_destroy(t);
    wf_grid_destroy(g);
}

static void test_bad_files(void **state) {
    (void)state;
    wf_grid *g = test_map();
    wf_jump_table *t = NULL;
    assert_int_equal(wf_jump_table_create(g, NULL, &t), WF_OK);
    size_t len;
    unsigned char *good = table_bytes(t, g, &len);
    assert_int_equal(len, 40 + g->cells * 32);
    wf_diag d;
    assert_int_equal(parse(good, len, g, &d), WF_OK);
    unsigned char *b = malloc(len + 8);
    assert_non_null(b);

    /* cut anywhere, or extended */
    for (size_t n = 0; n < len; n += 1 + n / 3)
        expect_refused(good, n, g, "truncated");
    memcpy(b, good, len);
    b[len] = 0;
    expect_refused(b, len + 1, g, "data after the entries");
    /* not a jump table */
    memcpy(b, good, len);
    b[0] = 'X';
    expect_refused(b, len, g, "not a jump table file");
    /* another version, another entry size */
    memcpy(b, good, len);
    b[8] = 2;
    expect_refused(b, len, g, "version 2, this build reads version 1");
    memcpy(b, good, len);
    b[20] = 2;
    expect_refused(b, len, g, "entries of 2 bytes");
    /* another map: another size, or the same size and other walls */
    wf_grid *other = NULL;
    assert_int_equal(wf_grid_create(15, 5, NULL, &other), WF_OK);
    expect_refused(good, len, other, "made for another map: a 16x5 one");
    wf_grid_destroy(other);
    assert_int_equal(wf_grid_clone(g, &other), WF_OK);
    assert_int_equal(wf_grid_set(other, 7, 2, WF_TERRAIN_WALL), WF_OK);
    expect_refused(good, len, other, "passability digest differs");
    wf_grid_destroy(other);
    /* a flipped bit in the entries */
    for (size_t i = 40; i < len; i += 97) {
        memcpy(b, good, len);
        b[i] ^= 0x10;
        expect_refused(b, len, g, "checksum");
    }
    /* an entry edited by hand, the checksum made right again: each kind
     * of lie is still caught, at the entry */
    const int32_t lies[] = {1, -1, 2, 0, 100, -100, INT32_MAX, INT32_MIN};
    for (size_t e = 0; e < g->cells * 8; e += 7) {
        const int32_t was = t->dist[e];
        for (size_t k = 0; k < sizeof lies / sizeof *lies; k++) {
            const int32_t v = lies[k] == was ? was + 1 : lies[k];
            memcpy(b, good, len);
            for (int i = 0; i < 4; i++)
                b[40 + 4 * e + (size_t)i] =
                    (unsigned char)((uint32_t)v >> (8 * i));
            fix_checksum(b, len);
            expect_refused(b, len, g, "the map gives");
        }
    }
    /* and the same file, untouched, still reads */
    memcpy(b, good, len);
    fix_checksum(b, len);
    assert_int_equal(parse(b, len, g, &d), WF_OK);
    /* arguments */
    wf_jump_table *out = NULL;
    assert_int_equal(wf_jump_table_parse(good, len, NULL, NULL, NULL, &out,
                                         NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_jump_table_parse(NULL, 5, NULL, g, NULL, &out, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_jump_table_parse(good, len, NULL, g, NULL, NULL, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_jump_table_parse(NULL, 0, NULL, g, NULL, &out, NULL),
                     WF_E_PARSE);
    free(b);
    free(good);
    wf_jump_table_destroy(t);
    wf_grid_destroy(g);
}

/* An endless stream (/dev/zero) is refused after its header, not after
 * the 2 GiB file limit; a file longer than the map allows is read one
 * byte past that length and no further. */
static void test_read_stops_early(void **state) {
    (void)state;
    wf_grid *g = test_map();
    wf_test_alloc ta;
    wf_allocator a = wf_test_alloc_init(&ta, 0);
    wf_jump_table *t = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_jump_table_read("/dev/zero", g, &a, &t, &d),
                     WF_E_PARSE);
    assert_non_null(strstr(d.message, "not a jump table file"));
    print_message("/dev/zero: %zu bytes allocated\n", (size_t)ta.bytes);
    assert_true(ta.bytes < 64 * 1024);
    /* a valid header, then zeros for ever: a sparse 64 MiB file */
    assert_int_equal(wf_jump_table_create(g, NULL, &t), WF_OK);
    char *b = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&b, &len);
    assert_non_null(f);
    assert_int_equal(wf_jump_table_write(f, t, g), WF_OK);
    assert_int_equal(fclose(f), 0);
    wf_jump_table_destroy(t);
    char path[] = "/tmp/wf_test_jump_XXXXXX";
    wf_test_write_padded(path, b, len, 64L << 20);
    free(b);
    a = wf_test_alloc_init(&ta, 0);
    memset(&d, 0, sizeof d);
    t = NULL;
    assert_int_equal(wf_jump_table_read(path, g, &a, &t, &d), WF_E_PARSE);
    print_message("%zu-byte file + 64 MiB: %s (%zu bytes allocated)\n", len,
                  d.message, (size_t)ta.bytes);
    assert_non_null(strstr(d.message, "data after the entries"));
    assert_true(ta.bytes < 3 * len);
    remove(path);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_read_stops_early),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
