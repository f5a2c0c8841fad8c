/* Graph files: parsing, names, errors with line:column, writing back. */
#include "wf_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static wf_status parse(const char *text, wf_graph **g, wf_names **n,
                       wf_diag *d) {
    size_t len = strlen(text);
    char *copy = malloc(len ? len : 1); /* exactly len bytes: no NUL */
    assert_non_null(copy);
    memcpy(copy, text, len);
    memset(d, 0, sizeof *d);
    wf_status s = wf_graph_file_parse(copy, len, "t.graph", NULL, g, n, d);
    free(copy);
    return s;
}

static void expect_error(const char *text, unsigned line, unsigned col,
                         const char *part) {
    wf_graph *g = (wf_graph *)1;
    wf_names *n = (wf_names *)1;
    wf_diag d;
    wf_status s = parse(text, &g, &n, &d);
    if (s != WF_E_PARSE || d.line != line || d.column != col ||
        !strstr(d.message, part))
        print_error("<<%s>>: %s %u:%u %s\n", text, wf_status_name(s), d.line,
                    d.column, d.message);
    assert_int_equal(s, WF_E_PARSE);
    assert_null(g);
    assert_null(n);
    assert_string_equal(d.file, "t.graph");
    assert_int_equal(d.line, line);
    assert_int_equal(d.column, col);
    assert_non_null(strstr(d.message, part));
}

static void test_waypoints_file(void **state) {
    (void)state;
    wf_graph *g;
    wf_names *n;
    wf_diag d;
    wf_status s = wf_graph_file_read(WF_TEST_DATA "/waypoints.graph", NULL,
                                     &g, &n, &d);
    if (s != WF_OK)
        print_error("%s:%u:%u: %s\n", d.file, d.line, d.column, d.message);
    assert_int_equal(s, WF_OK);
    assert_int_equal(wf_graph_node_count(g), 20);
    assert_int_equal(wf_names_count(n), 20);
    assert_int_equal(wf_graph_dims(g), 2);
    uint32_t rampart, drop, none = 7;
    assert_int_equal(wf_names_find(n, "rampart", 7, &rampart), WF_OK);
    assert_int_equal(wf_names_find(n, "drop", 4, &drop), WF_OK);
    assert_string_equal(wf_names_get(n, drop), "drop");
    /* One-way: down, not up. */
    assert_true(wf_graph_edge_weight(g, rampart, drop) == 22.5);
    assert_true(wf_graph_edge_weight(g, drop, rampart) == WF_BLOCKED);
    /* 21 two-way edges + 3 arcs + the bridge-hill edge. */
    assert_int_equal(wf_graph_edge_count(g), 2 * 22 + 3);
    assert_int_equal(wf_names_find(n, "nowhere", 7, &none), WF_E_RANGE);
    assert_int_equal(none, 7); /* untouched when not found */
    assert_int_equal(wf_names_find(NULL, "a", 1, &none), WF_E_INVALID_ARG);
    wf_graph_destroy(g);
    wf_names_destroy(n);
}

static void test_forms(void **state) {
    (void)state;
    wf_graph *g;
    wf_names *n;
    wf_diag d;
    /* No positions, 3-D positions, CRLF, comments after fields, no final
     * newline, self-loop and parallel arcs. */
    assert_int_equal(parse("node a\r\nnode b # a comment\r\nedge a b 2#x\r\n"
                           "arc a a 1\narc a b 1.5",
                           &g, &n, &d), WF_OK);
    assert_int_equal(wf_graph_dims(g), 0);
    assert_int_equal(wf_graph_edge_count(g), 2);
    assert_true(wf_graph_edge_weight(g, 0, 1) == 1.5);
    assert_true(wf_graph_edge_weight(g, 1, 0) == 2.0);
    wf_graph_destroy(g);
    wf_names_destroy(n);
    assert_int_equal(parse("node p 1 2 3\nnode q -1e3 0.5 7\n", &g, NULL, &d),
                     WF_OK);
    double pos[3];
    assert_int_equal(wf_graph_position(g, 1, pos), WF_OK);
    assert_true(pos[0] == -1000 && pos[1] == 0.5 && pos[2] == 7);
    wf_graph_destroy(g);
}

static void test_errors(void **state) {
    (void)state;
    expect_error("", 1, 1, "at least one node");
    expect_error("# only a comment\n", 2, 1, "at least one node");
    expect_error("edge a b 1\n", 1, 1, "before any node");
    expect_error("node a\nnode a\n", 2, 6, "declared twice");
    expect_error("node a\nedge a b 1\n", 2, 8, "unknown node 'b'");
    expect_error("node a\nnode b\nedge a b 0\n", 3, 10, "weight");
    expect_error("node a\nnode b\nedge a b -2\n", 3, 10, "weight");
    expect_error("node a\nnode b\nedge a b nan\n", 3, 10, "weight");
    expect_error("node a\nnode b\nedge a b 1e999\n", 3, 10, "weight");
    expect_error("node a\nnode b\nedge a b\n", 3, 9, "the weight");
    expect_error("node a\nnode b\nedge a b 1 extra\n", 3, 12, "end of the line");
    expect_error("node a 1 2\nnode b\n", 2, 7, "first node (line 1) has 2");
    expect_error("node a 1\n", 1, 9, "y coordinate");
    expect_error("node a 1 x\n", 1, 10, "y coordinate");
    expect_error("node a 1 2 3 4\n", 1, 14, "end of the line");
    expect_error("node a$b\n", 1, 7, "unexpected character");
    expect_error("vertex a\n", 1, 1, "expected 'node', 'edge' or 'arc'");
    expect_error("node\n", 1, 5, "a node name");
    expect_error("node a\x01\n", 1, 7, "unexpected character");
}

static char *write_to_string(const wf_graph *g, const wf_names *n,
                             int json) {
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(json ? wf_json_write_graph(f, g, n)
                          : wf_graph_file_write(f, g, n), WF_OK);
    long len = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)len + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
    buf[len] = '\0';
    fclose(f);
    return buf;
}

/* Writing and reading back gives the same graph, arc for arc. */
static void test_round_trip(void **state) {
    (void)state;
    wf_graph *g, *h;
    wf_names *n, *m;
    wf_diag d;
    assert_int_equal(wf_graph_file_read(WF_TEST_DATA "/waypoints.graph",
                                        NULL, &g, &n, &d), WF_OK);
    char *text = write_to_string(g, n, 0);
    assert_non_null(strstr(text, "arc rampart drop 22.5\n"));
    assert_non_null(strstr(text, "edge gate road1 10\n"));
    assert_int_equal(parse(text, &h, &m, &d), WF_OK);
    assert_int_equal(wf_graph_node_count(h), wf_graph_node_count(g));
    assert_int_equal(wf_graph_edge_count(h), wf_graph_edge_count(g));
    for (uint32_t u = 0; u < wf_graph_node_count(g); u++) {
        const uint32_t *t1, *t2;
        const double *w1, *w2;
        size_t k = wf_graph_out_edges(g, u, &t1, &w1);
        assert_int_equal(wf_graph_out_edges(h, u, &t2, &w2), k);
        for (size_t i = 0; i < k; i++)
            assert_true(t1[i] == t2[i] && w1[i] == w2[i]);
        assert_string_equal(wf_names_get(n, u), wf_names_get(m, u));
    }
    char *json = write_to_string(g, n, 1);
    assert_non_null(strstr(json, "{\"nodes\":[{\"id\":\"gate\",\"pos\":[0,0]}"));
    assert_non_null(strstr(json, "\"arcs\":[[0,1,10],"));
    /* Without names: nID. */
    char *plain = write_to_string(g, NULL, 0);
    assert_non_null(strstr(plain, "node n19 70 -30\n"));
    free(text);
    free(json);
    free(plain);
    wf_graph_destroy(g);
    wf_graph_destroy(h);
    wf_names_destroy(n);
    wf_names_destroy(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_waypoints_file),
        cmocka_unit_test(test_forms),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
