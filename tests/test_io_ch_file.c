/* Hierarchy files: a round trip answers every query as the hierarchy it
 * was written from, and every kind of bad file (cut, extended, another
 * map, an edited map, another unit, another version, a flipped byte, an
 * array edited by hand with its checksum made right again) is refused
 * with a message naming the problem, never a wrong path. The checksum is
 * recomputed here from docs/formats.md, independently of the reader. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Islands priced for ships: deep sea 1, shallow 2, land blocked. */
static wf_grid *test_map(void) {
    wf_grid *g = NULL;
    assert_int_equal(wf_grid_create(40, 30, NULL, &g), WF_OK);
    assert_int_equal(wf_gen_islands(g, 11, NULL), WF_OK);
    return g;
}

/* The file for c, in memory. */
static unsigned char *file_bytes(const wf_ch *c, const wf_grid *g,
                                 size_t *len) {
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    assert_int_equal(wf_ch_write(f, c, g), WF_OK);
    assert_int_equal(fclose(f), 0);
    *len = n;
    return (unsigned char *)buf;
}

/* The checksum of docs/formats.md over everything after the header,
 * recomputed independently of the reader, into its place in the header. */
static void fix_checksum(unsigned char *b, size_t len) {
    wf_test_fix_checksum(b, len, 64, 48, 0xA54FF53A5F1D36F1u);
}

/* Parses b[0..len) for g and the default unit with filter f: the status,
 * and the message in *d. */
static wf_status parse(const unsigned char *b, size_t len, const wf_grid *g,
                       const wf_filter *f, wf_diag *d) {
    memset(d, 0, sizeof *d);
    wf_ch *c = (wf_ch *)1;
    wf_status s = wf_ch_parse(b, len, "t.ch", g, NULL, f, NULL, &c, d);
    if (s != WF_OK)
        assert_null(c);
    wf_ch_free(c);
    return s;
}

static void expect_refused(const unsigned char *b, size_t len,
                           const wf_grid *g, const char *why) {
    wf_diag d;
    assert_int_equal(parse(b, len, g, NULL, &d), WF_E_PARSE);
    if (!strstr(d.message, why))
        fprintf(stderr, "message '%s' lacks '%s'\n", d.message, why);
    assert_non_null(strstr(d.message, why));
    assert_string_equal(d.file, "t.ch");
}

/* Every query of a few sources answered alike by a and b. */
static void same_answers(const wf_ch *a, const wf_ch *b, const wf_grid *g) {
    wf_ch_query *qa = NULL, *qb = NULL;
    assert_int_equal(wf_ch_query_create(a, NULL, &qa), WF_OK);
    assert_int_equal(wf_ch_query_create(b, NULL, &qb), WF_OK);
    wf_path pa, pb;
    wf_path_init(&pa, NULL);
    wf_path_init(&pb, NULL);
    wf_test_rng r = {5};
    for (int k = 0; k < 200; k++) {
        const wf_point s = wf_test_random_cell(&r, g);
        const wf_point t = wf_test_random_cell(&r, g);
        assert_int_equal(wf_ch_path(qa, g, s, t, &pa),
                         wf_ch_path(qb, g, s, t, &pb));
        assert_int_equal(pa.count, pb.count);
        assert_true(pa.cost == pb.cost);
        for (size_t i = 0; i < pa.count; i++) {
            assert_int_equal(pa.points[i].x, pb.points[i].x);
            assert_int_equal(pa.points[i].y, pb.points[i].y);
        }
    }
    wf_path_free(&pa);
    wf_path_free(&pb);
    wf_ch_query_free(qa);
    wf_ch_query_free(qb);
}

static void test_round_trip(void **state) {
    (void)state;
    wf_grid *g = test_map();
    wf_ch *c = NULL, *back = NULL;
    assert_int_equal(wf_ch_build(g, NULL, NULL, NULL, &c), WF_OK);
    size_t len;
    unsigned char *b = file_bytes(c, g, &len);
    wf_diag d = {0};
    assert_int_equal(wf_ch_parse(b, len, "t.ch", g, NULL, NULL, NULL, &back,
                                 &d),
                     WF_OK);
    wf_ch_info i1, i2;
    assert_int_equal(wf_ch_describe(c, &i1), WF_OK);
    assert_int_equal(wf_ch_describe(back, &i2), WF_OK);
    assert_int_equal(i1.nodes, i2.nodes);
    assert_int_equal(i1.arcs, i2.arcs);
    assert_int_equal(i1.shortcuts, i2.shortcuts);
    same_answers(c, back, g);
    wf_ch_free(back);
    /* a hierarchy of a stale grid is not written */
    const uint8_t t0 = wf_grid_get(g, 0, 0);
    assert_int_equal(wf_grid_set(g, 0, 0, (uint8_t)(t0 ^ 1)), WF_OK);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(wf_ch_write(f, c, g), WF_E_INVALID_ARG);
    fclose(f);
    assert_int_equal(wf_ch_write(NULL, c, g), WF_E_INVALID_ARG);
    free(b);
    wf_ch_free(c);
    wf_grid_destroy(g);
}

/* A 4-connected unit with a filter: written and read back for the same
 * unit, refused for another. */
static void test_units(void **state) {
    (void)state;
    wf_grid *g = test_map();
    wf_move four = wf_move_default();
    four.connect = 4;
    wf_filter f;
    wf_filter_init(&f);
    wf_filter_set(&f, 1, 1.5); /* whatever terrain 1 is, dearer */
    wf_ch *c = NULL, *back = NULL;
    assert_int_equal(wf_ch_build(g, &four, &f, NULL, &c), WF_OK);
    size_t len;
    unsigned char *b = file_bytes(c, g, &len);
    wf_diag d = {0};
    assert_int_equal(wf_ch_parse(b, len, "t.ch", g, &four, &f, NULL, &back,
                                 &d),
                     WF_OK);
    same_answers(c, back, g);
    wf_ch_free(back);
    /* the default unit: another movement model */
    wf_filter none;
    wf_filter_init(&none);
    assert_int_equal(wf_ch_parse(b, len, "t.ch", g, NULL, &f, NULL, &back, &d),
                     WF_E_PARSE);
    assert_non_null(strstr(d.message, "made for another unit"));
    /* the same moves, another filter */
    assert_int_equal(wf_ch_parse(b, len, "t.ch", g, &four, &none, NULL, &back,
                                 &d),
                     WF_E_PARSE);
    assert_non_null(strstr(d.message, "costs"));
    free(b);
    wf_ch_free(c);
    wf_grid_destroy(g);
}

static void test_bad_files(void **state) {
    (void)state;
    wf_grid *g = test_map();
    wf_ch *c = NULL;
    assert_int_equal(wf_ch_build(g, NULL, NULL, NULL, &c), WF_OK);
    size_t len;
    unsigned char *b = file_bytes(c, g, &len);
    unsigned char *x = malloc(len + 16);
    assert_non_null(x);
    const uint32_t nodes = wf_test_get32(b + 28);

    expect_refused(b, 10, g, "truncated");
    expect_refused(b, 100, g, "truncated"); /* the header, not the costs */
    expect_refused(b, len - 1, g, "truncated");
    memcpy(x, b, len);
    memset(x + len, 0, 16);
    expect_refused(x, len + 8, g, "data after the arrays");
    memcpy(x, b, len);
    x[0] = 'X';
    expect_refused(x, len, g, "not a hierarchy file");
    memcpy(x, b, len);
    wf_test_put32(x + 8, 9);
    expect_refused(x, len, g, "version 9");
    memcpy(x, b, len);
    x[len / 2] ^= 0x10;
    expect_refused(x, len, g, "checksum");

    /* an array edited by hand, its checksum made right again */
    const size_t cells = 64 + 256 * 8;
    const size_t firsts = cells + 4 * (size_t)nodes;
    const size_t arcs = firsts + 4 * ((size_t)nodes + 1);
    memcpy(x, b, len);
    /* one cell twice */
    wf_test_put32(x + cells, wf_test_get32(x + cells + 4));
    fix_checksum(x, len);
    expect_refused(x, len, g, "two nodes");
    memcpy(x, b, len);
    wf_test_put32(x + arcs, 0); /* an arc of node 0 going down to node 0 */
    fix_checksum(x, len);
    expect_refused(x, len, g, "not above");
    memcpy(x, b, len);
    x[arcs + 4 + 7] ^= 0x01; /* the first arc's out cost, changed a bit */
    fix_checksum(x, len);
    expect_refused(x, len, g, "corrupted: arc 0");
    memcpy(x, b, len);
    /* node 0's list takes node 1's first arc */
    wf_test_put32(x + firsts + 4, wf_test_get32(x + firsts + 4) + 1);
    fix_checksum(x, len);
    expect_refused(x, len, g, "corrupted: arc");
    memcpy(x, b, len);
    wf_test_put32(x + firsts + 4 * (size_t)nodes, /* the lists stop short */
                  wf_test_get32(x + firsts + 4 * (size_t)nodes) - 1);
    fix_checksum(x, len);
    expect_refused(x, len, g, "arcs end at");

    /* another map, and this map edited */
    wf_grid *other = NULL;
    assert_int_equal(wf_grid_create(40, 31, NULL, &other), WF_OK);
    expect_refused(b, len, other, "made for another map");
    wf_grid_destroy(other);
    const uint8_t t0 = wf_grid_get(g, 5, 5);
    assert_int_equal(wf_grid_set(g, 5, 5, (uint8_t)(t0 ^ 1)), WF_OK);
    expect_refused(b, len, g, "made for another map");

    /* everything NULL or empty */
    wf_ch *out = NULL;
    assert_int_equal(wf_ch_parse(b, len, "t.ch", NULL, NULL, NULL, NULL, &out,
                                 NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_parse(NULL, 0, "t.ch", g, NULL, NULL, NULL, &out,
                                 NULL),
                     WF_E_PARSE);
    assert_int_equal(wf_ch_read("/nonexistent/t.ch", g, NULL, NULL, NULL,
                                &out, NULL),
                     WF_E_IO);
    free(x);
    free(b);
    wf_ch_free(c);
    wf_grid_destroy(g);
}

/* ---- forged hierarchies --------------------------------------------------
 * A 3 x 2 map, 8-connected, corners always, every move costing 1 or √2:
 *
 *     A M B      cells 0 1 2
 *     E n E      cells 3 4 5
 *
 * A hand-made hierarchy in which every array passes the cell, list and
 * arc checks, but whose shortcut A → B unpacks into A n M n B: a path
 * through n twice. With the E cells blocked it is 4 moves among 4 nodes;
 * with them free, 4 moves among 6. */

#define R2 1.4142135623730951
#define NONE 0xFFFFFFFFu

typedef struct forged_arc {
    uint32_t from, to;   /* nodes, by rank */
    double out, in;
    uint32_t via[2][3];  /* out, in: mid, first, second */
} forged_arc;

static void put64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t bits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static wf_grid *forge_map(int free_e) {
    wf_grid *g = NULL;
    assert_int_equal(wf_grid_create(3, 2, NULL, &g), WF_OK);
    if (!free_e) {
        assert_int_equal(wf_grid_set(g, 0, 1, 1), WF_OK);
        assert_int_equal(wf_grid_set(g, 2, 1, 1), WF_OK);
        assert_int_equal(wf_grid_set_cost(g, 1, WF_BLOCKED), WF_OK);
    }
    return g;
}

/* The file of the hierarchy given by its nodes' cells and arcs (in rank
 * order of their lower end), with the header and costs of a real file
 * for g and unit mv. */
static unsigned char *forge(const wf_grid *g, const wf_move *mv,
                            const uint32_t *cell_of, uint32_t nodes,
                            const forged_arc *arcs, uint32_t n,
                            size_t *len) {
    wf_ch *real = NULL;
    assert_int_equal(wf_ch_build(g, mv, NULL, NULL, &real), WF_OK);
    size_t real_len;
    unsigned char *head = file_bytes(real, g, &real_len);
    wf_ch_free(real);
    assert_int_equal(wf_test_get32(head + 28), nodes);
    const size_t top = 64 + 256 * 8;
    *len = top + 4 * (2 * (size_t)nodes + 1) + (size_t)n * (20 + 24);
    unsigned char *b = calloc(1, *len);
    assert_non_null(b);
    memcpy(b, head, top);
    free(head);
    put64(b + 32, n);
    unsigned char *q = b + top;
    for (uint32_t r = 0; r < nodes; r++, q += 4)
        wf_test_put32(q, cell_of[r]);
    for (uint32_t r = 0, k = 0; r <= nodes; r++, q += 4) {
        while (k < n && arcs[k].from < r)
            k++;
        wf_test_put32(q, k);
    }
    for (uint32_t k = 0; k < n; k++, q += 20) {
        wf_test_put32(q, arcs[k].to);
        put64(q + 4, bits(arcs[k].out));
        put64(q + 12, bits(arcs[k].in));
    }
    for (uint32_t k = 0; k < n; k++)
        for (int d = 0; d < 2; d++, q += 12)
            for (int i = 0; i < 3; i++)
                wf_test_put32(q + 4 * i, arcs[k].via[d][i]);
    fix_checksum(b, *len);
    return b;
}

static void test_forged_hierarchies(void **state) {
    (void)state;
    const wf_move mv = wf_move_make(8, WF_CORNERS_ALWAYS);
    const double am = R2 + 1, mb = 1 + R2;
    /* 4 nodes: n 0, M 1, A 2, B 3 */
    {
        wf_grid *g = forge_map(0);
        const uint32_t cells[] = {4, 1, 0, 2};
        const forged_arc arcs[] = {
            {0, 1, 1, 1, {{NONE, NONE, NONE}, {NONE, NONE, NONE}}},
            {0, 2, R2, R2, {{NONE, NONE, NONE}, {NONE, NONE, NONE}}},
            {0, 3, R2, R2, {{NONE, NONE, NONE}, {NONE, NONE, NONE}}},
            {1, 2, 1 + R2, R2 + 1, {{0, 0, 1}, {0, 1, 0}}},
            {1, 3, 1 + R2, R2 + 1, {{0, 0, 2}, {0, 2, 0}}},
            {2, 3, am + mb, mb + am, {{1, 3, 4}, {1, 4, 3}}},
        };
        size_t len;
        unsigned char *b = forge(g, &mv, cells, 4, arcs, 6, &len);
        wf_diag d;
        memset(&d, 0, sizeof d);
        wf_ch *c = NULL;
        assert_int_equal(wf_ch_parse(b, len, "f.ch", g, &mv, NULL, NULL, &c,
                                     &d),
                         WF_E_PARSE);
        assert_null(c);
        print_message("4 nodes: %s\n", d.message);
        assert_non_null(strstr(d.message, "arc 5 (out) unpacks into 4 moves"));
        free(b);
        wf_grid_destroy(g);
    }
    /* 6 nodes: n 0, E 1, E 2, M 3, A 4, B 5 */
    wf_grid *g = forge_map(1);
    const uint32_t cells[] = {4, 3, 5, 1, 0, 2};
    forged_arc arcs[] = {
        {0, 3, 1, 1, {{NONE, NONE, NONE}, {NONE, NONE, NONE}}},
        {0, 4, R2, R2, {{NONE, NONE, NONE}, {NONE, NONE, NONE}}},
        {0, 5, R2, R2, {{NONE, NONE, NONE}, {NONE, NONE, NONE}}},
        {1, 4, 1, 1, {{NONE, NONE, NONE}, {NONE, NONE, NONE}}},
        {2, 5, 1, 1, {{NONE, NONE, NONE}, {NONE, NONE, NONE}}},
        {3, 4, 1 + R2, R2 + 1, {{0, 0, 1}, {0, 1, 0}}},
        {3, 5, 1 + R2, R2 + 1, {{0, 0, 2}, {0, 2, 0}}},
        {4, 5, am + mb, mb + am, {{3, 5, 6}, {3, 6, 5}}},
    };
    size_t len;
    unsigned char *b = forge(g, &mv, cells, 6, arcs, 8, &len);
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_ch *c = NULL;
    /* the reader takes it (4 moves < 6 nodes); the query finds the path
     * passes n twice and says the hierarchy is inconsistent */
    assert_int_equal(wf_ch_parse(b, len, "f.ch", g, &mv, NULL, NULL, &c, &d),
                     WF_OK);
    wf_ch_query *q = NULL;
    assert_int_equal(wf_ch_query_create(c, NULL, &q), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_ch_path(q, g, (wf_point){0, 0}, (wf_point){2, 0}, &p),
                     WF_E_CORRUPT);
    assert_int_equal(p.count, 0);
    /* queries that unpack cleanly still answer */
    assert_int_equal(wf_ch_path(q, g, (wf_point){1, 1}, (wf_point){2, 0}, &p),
                     WF_OK);
    assert_int_equal(p.count, 2);
    wf_path_free(&p);
    wf_ch_query_free(q);
    wf_ch_free(c);
    free(b);

    /* E at (0, 1) with no arc up: a query from it would find no path
     * where the map has one */
    forged_arc cut[7];
    memcpy(cut, arcs, 3 * sizeof *arcs);
    memcpy(cut + 3, arcs + 4, 4 * sizeof *arcs);
    for (int k = 4; k < 7; k++)
        for (int w = 0; w < 2; w++)
            for (int i = 1; i < 3; i++)
                if (cut[k].via[w][i] != NONE && cut[k].via[w][i] > 3)
                    cut[k].via[w][i]--;
    b = forge(g, &mv, cells, 6, cut, 7, &len);
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_ch_parse(b, len, "f.ch", g, &mv, NULL, NULL, &c, &d),
                     WF_E_PARSE);
    print_message("arc removed: %s\n", d.message);
    assert_non_null(strstr(d.message, "node 1, cell (0, 1), has no arc up"));
    free(b);
    wf_grid_destroy(g);
}

/* Reading stops at the length the header and the map allow: an endless
 * stream costs the header, and a file that runs on past its arrays is
 * read no further than one byte past them. */
static void test_read_stops_early(void **state) {
    (void)state;
    wf_grid *g = test_map();
    wf_test_alloc ta;
    wf_allocator a = wf_test_alloc_init(&ta, 0);
    wf_ch *c = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_ch_read("/dev/zero", g, NULL, NULL, &a, &c, &d),
                     WF_E_PARSE);
    assert_non_null(strstr(d.message, "not a hierarchy file"));
    print_message("/dev/zero: %zu bytes allocated\n", (size_t)ta.bytes);
    assert_true(ta.bytes < 64 * 1024);
    /* a real file followed by 64 MiB of (sparse) zeros */
    assert_int_equal(wf_ch_build(g, NULL, NULL, NULL, &c), WF_OK);
    size_t len;
    unsigned char *b = file_bytes(c, g, &len);
    wf_ch_free(c);
    char path[] = "/tmp/wf_test_ch_XXXXXX";
    wf_test_write_padded(path, b, len, 64L << 20);
    a = wf_test_alloc_init(&ta, 0);
    memset(&d, 0, sizeof d);
    c = NULL;
    assert_int_equal(wf_ch_read(path, g, NULL, NULL, &a, &c, &d), WF_E_PARSE);
    print_message("%zu-byte file + 64 MiB: %s (%zu bytes allocated)\n", len,
                  d.message, (size_t)ta.bytes);
    assert_non_null(strstr(d.message, "data after the arrays"));
    assert_true(ta.bytes < 3 * len);
    remove(path);
    free(b);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_units),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_forged_hierarchies),
        cmocka_unit_test(test_read_stops_early),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
