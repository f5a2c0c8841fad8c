/* Outlines files: a level with names, settings, comments and CRLF; the
 * writer's round trip; every malformed line refused at its exact place;
 * the mesh's geometry errors naming the file's lines. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/io.h"

static const char level[] =
    "# a courtyard with a well and a wall\r\n"
    "wayfind-outlines 1\r\n"
    "scale 256\n"
    "cost 2.5\n"
    "\n"
    "walkable courtyard\n"
    "  0 0   20 0\n"
    "  20 10\n"
    "  0 10\n"
    "end\n"
    "obstacle\n"
    "  9 4\n  11 4\n  10 6.5\n"
    "end\n"
    "obstacle  north wall  \n"
    "  4 10\n  16 10\n  16 9\n  4 9\n"
    "end\n";

/* Parses text from a heap copy of exactly its length (no NUL after it). */
static wf_status parse(const char *text, wf_outlines *o, wf_diag *d) {
    const size_t n = strlen(text);
    char *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    memcpy(copy, text, n);
    memset(d, 0, sizeof *d);
    const wf_status s = wf_outlines_parse(copy, n, "t.outlines", NULL, o, d);
    free(copy);
    return s;
}

static void test_level(void **state) {
    (void)state;
    wf_outlines o = {0};
    wf_diag d;
    assert_int_equal(parse(level, &o, &d), WF_OK);
    assert_int_equal(o.count, 3);
    assert_string_equal(o.outlines[0].name, "'courtyard' (line 6)");
    assert_string_equal(o.outlines[1].name, "line 11");
    assert_string_equal(o.outlines[2].name, "'north wall' (line 16)");
    assert_int_equal(o.outlines[0].kind, WF_OUTLINE_WALKABLE);
    assert_int_equal(o.outlines[1].kind, WF_OUTLINE_OBSTACLE);
    assert_int_equal(o.outlines[0].count, 4);
    assert_true(o.outlines[1].points[2].x == 10 &&
                o.outlines[1].points[2].y == 6.5);
    assert_true(o.opts.scale == 256 && o.opts.cost == 2.5);
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_outlines(o.outlines, o.count, &o.opts, NULL,
                                           &m, &d),
                     WF_OK);
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    assert_true(info.scale == 256 && info.cost == 2.5 && info.pieces == 1);
    /* round the well: from below it to above it, between it and the wall */
    wf_mesh_query *q;
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    assert_int_equal(wf_mesh_path(q, m, (wf_vec2){10, 1}, (wf_vec2){10, 8}, &p),
                     WF_OK);
    const double leg1 = hypot(1, 3), leg2 = hypot(1, 4);
    assert_true(wf_test_close(p.length, leg1 + leg2));
    assert_true(wf_test_close(p.cost, 2.5 * (leg1 + leg2)));
    wf_mesh_query_destroy(q);
    wf_polyline_free(&p);
    wf_mesh_destroy(m);
    /* written and read back: the same outlines and settings */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(wf_outlines_write(f, o.outlines, o.count, &o.opts), WF_OK);
    fclose(f);
    wf_outlines back = {0};
    assert_int_equal(wf_outlines_parse(buf, len, "back", NULL, &back, &d),
                     WF_OK);
    assert_int_equal(back.count, o.count);
    assert_int_equal(back.point_count, o.point_count);
    assert_memory_equal(back.points, o.points,
                        o.point_count * sizeof *o.points);
    assert_true(back.opts.scale == 256 && back.opts.cost == 2.5);
    free(buf);
    wf_outlines_free(&back);
    wf_outlines_free(&o);
    assert_null(o.outlines);
    wf_outlines_free(NULL);
}

/* text is refused with status want at line:col, the message holding has. */
static void refused(const char *text, wf_status want, unsigned line,
                    unsigned col, const char *has) {
    wf_outlines o = {0};
    wf_diag d;
    const wf_status s = parse(text, &o, &d);
    if (s != want || d.line != line || d.column != col ||
        !strstr(d.message, has))
        fprintf(stderr, "status %d at %u:%u \"%s\"\n", s, d.line, d.column,
                d.message);
    assert_int_equal(s, want);
    assert_int_equal(d.line, line);
    assert_int_equal(d.column, col);
    assert_non_null(strstr(d.message, has));
    assert_string_equal(d.file, "t.outlines");
    assert_null(o.outlines);
}

#define HEAD "wayfind-outlines 1\n"

static void test_malformed(void **state) {
    (void)state;
    refused("", WF_E_PARSE, 1, 1, "expected 'wayfind-outlines 1'");
    refused("wayfind-map 1\n", WF_E_PARSE, 1, 1, "not an outlines file");
    refused("wayfind-outlines 2\n", WF_E_PARSE, 1, 18, "version 1 only");
    refused(HEAD, WF_E_PARSE, 2, 1, "expected an outline");
    refused(HEAD "walkable\n0 0\n1 0\n1 1\n", WF_E_PARSE, 6, 1,
            "opened at line 2 is not closed (no 'end'");
    refused(HEAD "walkable\n0 0\n1 0\nwalkable\n", WF_E_PARSE, 5, 1,
            "opened at line 2 is not closed: expected 'end'");
    refused(HEAD "walkable\n0 0\n1 0\nend\n", WF_E_PARSE, 5, 1,
            "has 2 point(s)");
    refused(HEAD "end\n", WF_E_PARSE, 2, 1, "'end' without an outline");
    refused(HEAD "0 0\n", WF_E_PARSE, 2, 1, "found '0' (points go between");
    refused(HEAD "walkable\n0 0 1\n", WF_E_PARSE, 3, 6, "expected y after x");
    refused(HEAD "walkable\n0 zero\n", WF_E_PARSE, 3, 3,
            "expected y (a number), found 'zero'");
    refused(HEAD "walkable\nnan 0\n", WF_E_PARSE, 3, 1, "found 'nan'");
    refused(HEAD "walkable\n1e999 0\n", WF_E_RANGE, 3, 1,
            "too large to be a finite number");
    refused(HEAD "scale 0\n", WF_E_RANGE, 2, 7, "must be above 0");
    refused(HEAD "scale\n", WF_E_PARSE, 2, 6, "expected the scale");
    refused(HEAD "cost 1 2\n", WF_E_PARSE, 2, 8, "expected end of line");
    refused(HEAD "cost 1\ncost 2\n", WF_E_PARSE, 3, 1,
            "cost is given twice (first at line 2)");
    refused(HEAD "walkable\n0 0 1 0 1 1\nend\nscale 2\n", WF_E_PARSE, 5, 1,
            "before the first outline");
    refused(HEAD "door\n", WF_E_PARSE, 2, 1, "found 'door'");
    fprintf(stderr, "malformed outlines files: 19 refused at their place\n");
}

/* The geometry's errors name the file's lines. */
static void test_geometry_errors(void **state) {
    (void)state;
    static const char *const bad[][2] = {
        {HEAD "walkable\n0 0 10 0 0 10 10 10\nend\n",
         "line 2 crosses itself near (5, 5)"},
        {HEAD "walkable\n0 0 1 1 2 2\nend\n", "line 2 has no area"},
        {HEAD "walkable\n0 0 10 0 10 10 0 10\nend\n"
              "obstacle rock\n2 2 6 2 2 6 6 6\nend\n",
         "'rock' (line 5) crosses itself near (4, 4)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        wf_outlines o = {0};
        wf_diag d;
        assert_int_equal(parse(bad[i][0], &o, &d), WF_OK);
        wf_mesh *m;
        assert_int_equal(wf_mesh_from_outlines(o.outlines, o.count, &o.opts,
                                               NULL, &m, &d),
                         WF_E_INVALID_ARG);
        if (!strstr(d.message, bad[i][1]))
            fprintf(stderr, "\"%s\"\n", d.message);
        assert_non_null(strstr(d.message, bad[i][1]));
        wf_outlines_free(&o);
    }
}

static void test_files(void **state) {
    (void)state;
    char path[] = "/tmp/wf_outlines_XXXXXX";
    FILE *w = fdopen(mkstemp(path), "wb");
    assert_non_null(w);
    assert_int_equal(fwrite(level, 1, strlen(level), w), strlen(level));
    assert_int_equal(fclose(w), 0);
    wf_outlines o = {0};
    wf_diag d;
    assert_int_equal(wf_outlines_read(path, NULL, &o, &d), WF_OK);
    assert_int_equal(o.count, 3);
    wf_outlines_free(&o);
    remove(path);
    assert_int_equal(wf_outlines_read("/no/such/file", NULL, &o, &d), WF_E_IO);
    assert_int_equal(wf_outlines_read("/dev/zero", NULL, &o, &d),
                     WF_E_TOO_BIG);
    assert_non_null(strstr(d.message, "outlines file"));
    assert_int_equal(wf_outlines_read(NULL, NULL, &o, &d), WF_E_INVALID_ARG);
    assert_int_equal(wf_outlines_parse(NULL, 3, "x", NULL, &o, &d),
                     WF_E_INVALID_ARG);
    const wf_vec2 nan[] = {{0, 0}, {NAN, 0}, {1, 1}};
    const wf_outline bad = {nan, 3, WF_OUTLINE_WALKABLE, NULL};
    FILE *f = fopen("/dev/null", "w");
    assert_int_equal(wf_outlines_write(f, &bad, 1, NULL), WF_E_INVALID_ARG);
    fclose(f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_geometry_errors),
        cmocka_unit_test(test_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
