/* JSON output of a query result. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text written to f (a tmpfile), which is closed (free the text). */
static char *text_of(FILE *f) {
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = '\0';
    fclose(f);
    return s;
}

/* Writes the result to a temporary file and returns its text (free it). */
static char *json_of(wf_status status, const wf_path *p) {
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(wf_json_write_path(f, status, p), WF_OK);
    return text_of(f);
}

static void test_found(void **state) {
    (void)state;
    wf_point pts[3] = {{0, 0}, {1, 1}, {2, 1}};
    wf_path p = {0};
    p.points = pts;
    p.count = 3;
    p.capacity = 3;
    p.cost = 1.0 + 1.4142135623730951;
    p.stats.expanded = 5;
    p.stats.generated = 12;
    p.stats.heap_ops = 20;
    p.stats.reopened = 1;
    char *s = json_of(WF_OK, &p);
    assert_string_equal(s, "{\"status\":\"ok\",\"cost\":2.4142135623730949,"
                           "\"length\":3,\"expanded\":5,\"generated\":12,"
                           "\"heap_ops\":20,\"path\":[[0,0],[1,1],[2,1]]}\n");
    free(s);

    /* a partial path with a cost that needs all 17 digits, and big counts */
    wf_point one[1] = {{-1, 2147483647}};
    p.points = one;
    p.count = 1;
    p.cost = 0.1;
    p.stats.expanded = UINT64_MAX;
    s = json_of(WF_PARTIAL, &p);
    assert_string_equal(s, "{\"status\":\"partial\","
                           "\"cost\":0.10000000000000001,"
                           "\"length\":1,\"expanded\":18446744073709551615,"
                           "\"generated\":12,\"heap_ops\":20,"
                           "\"path\":[[-1,2147483647]]}\n");
    free(s);
}

/* The text of a polyline (smoothed: with its grid path p). */
static char *json_of_line(wf_status status, const wf_path *p,
                          const wf_polyline *l) {
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(p ? wf_json_write_smoothed(f, status, p, l)
                       : wf_json_write_polyline(f, status, l),
                     WF_OK);
    return text_of(f);
}

static void test_polyline(void **state) {
    (void)state;
    wf_vec2 pts[3] = {{0.5, 0.5}, {3, 1.5}, {16383.5, 2.5}};
    wf_polyline l = {0};
    l.points = pts;
    l.count = 3;
    l.capacity = 3;
    l.cost = 0.1;
    l.length = 7.25;
    l.stats.expanded = 4;
    l.stats.generated = 9;
    l.stats.heap_ops = 11;
    char *s = json_of_line(WF_OK, NULL, &l);
    assert_string_equal(s, "{\"status\":\"ok\",\"cost\":0.10000000000000001,"
                           "\"length\":7.25,\"expanded\":4,\"generated\":9,"
                           "\"heap_ops\":11,\"polyline\":[[0.5,0.5],[3,1.5],"
                           "[16383.5,2.5]]}\n");
    free(s);
    wf_point cells[2] = {{0, 0}, {1, 1}};
    wf_path p = {0};
    p.points = cells;
    p.count = 2;
    p.cost = 1.5;
    l.count = 2;
    s = json_of_line(WF_PARTIAL, &p, &l);
    assert_string_equal(s, "{\"status\":\"partial\",\"cost\":1.5,"
                           "\"length\":2,\"expanded\":0,\"generated\":0,"
                           "\"heap_ops\":0,\"path\":[[0,0],[1,1]],"
                           "\"smoothed\":{\"cost\":0.10000000000000001,"
                           "\"length\":7.25,\"polyline\":[[0.5,0.5],"
                           "[3,1.5]]}}\n");
    free(s);
    l.points = NULL;
    assert_int_equal(wf_json_write_polyline(stdout, WF_OK, &l),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_json_write_smoothed(stdout, WF_OK, &p, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_json_write_polyline(NULL, WF_OK, &l),
                     WF_E_INVALID_ARG);
}

static void test_no_path(void **state) {
    (void)state;
    wf_path p;
    wf_path_init(&p, NULL);
    char *s = json_of(WF_NO_PATH, &p);
    assert_string_equal(s, "{\"status\":\"no_path\",\"cost\":0,\"length\":0,"
                           "\"expanded\":0,\"generated\":0,\"heap_ops\":0,"
                           "\"path\":[]}\n");
    free(s);
    /* JSON has no infinity or NaN: they are written as null */
    p.cost = INFINITY;
    s = json_of(WF_E_RANGE, &p);
    assert_string_equal(s, "{\"status\":\"e_range\",\"cost\":null,\"length\":0,"
                           "\"expanded\":0,\"generated\":0,\"heap_ops\":0,"
                           "\"path\":[]}\n");
    free(s);
    p.cost = NAN;
    s = json_of((wf_status)7, &p);
    assert_non_null(strstr(s, "\"status\":\"unknown\",\"cost\":null,"));
    free(s);
    wf_path_free(&p);
}

static void test_errors(void **state) {
    (void)state;
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_json_write_path(NULL, WF_OK, &p), WF_E_INVALID_ARG);
    assert_int_equal(wf_json_write_path(stdout, WF_OK, NULL),
                     WF_E_INVALID_ARG);
    p.count = 2; /* points missing */
    assert_int_equal(wf_json_write_path(stdout, WF_OK, &p), WF_E_INVALID_ARG);
    /* a stream that cannot be written to */
    FILE *f = fopen(WF_TEST_DATA "/maze10.txt", "rb");
    assert_non_null(f);
    p.count = 0;
    assert_int_equal(wf_json_write_path(f, WF_OK, &p), WF_E_IO);
    fclose(f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_found),
        cmocka_unit_test(test_no_path),
        cmocka_unit_test(test_polyline),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
