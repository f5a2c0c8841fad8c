/* Fuzzes wf_graph_file_parse. A graph that parses must agree with its name
 * table, be searchable from its first node to its last (A* and Dijkstra
 * giving the same cost along arcs that exist), and survive
 * wf_graph_file_write + wf_graph_file_parse unchanged (numbers to within a few
 * units in the last place: see fuzz_near). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static void check_names(const wf_graph *g, const wf_names *names) {
    size_t n = wf_graph_node_count(g);
    FUZZ_CHECK(wf_names_count(names) == n);
    for (size_t i = 0; i < n; i++) {
        const char *s = wf_names_get(names, (uint32_t)i);
        FUZZ_CHECK(s != NULL && s[0] != '\0');
        uint32_t id = UINT32_MAX;
        FUZZ_CHECK(wf_names_find(names, s, strlen(s), &id) == WF_OK &&
                   id == i);
    }
}

static void check_node_path(const wf_graph *g, uint32_t s, uint32_t t,
                            wf_status st, const wf_node_path *p) {
    FUZZ_CHECK(st == WF_OK || st == WF_NO_PATH);
    if (st == WF_NO_PATH) {
        FUZZ_CHECK(p->count == 0);
        return;
    }
    FUZZ_CHECK(p->count >= 1 && p->nodes[0] == s &&
               p->nodes[p->count - 1] == t);
    double sum = 0;
    for (size_t i = 1; i < p->count; i++) {
        double w = wf_graph_edge_weight(g, p->nodes[i - 1], p->nodes[i]);
        FUZZ_CHECK(w != WF_BLOCKED);
        sum += w;
    }
    FUZZ_CHECK(fuzz_close(sum, p->cost));
}

static void check_search(const wf_graph *g) {
    uint32_t s = 0, t = (uint32_t)(wf_graph_node_count(g) - 1);
    wf_search *ws;
    wf_node_path a, d;
    FUZZ_CHECK(wf_search_create(NULL, &ws) == WF_OK);
    wf_node_path_init(&a, NULL);
    wf_node_path_init(&d, NULL);
    wf_search_opts o = wf_search_opts_default();
    wf_status sa = wf_search_graph(ws, g, s, t, &o, &a);
    check_node_path(g, s, t, sa, &a);
    o.algo = WF_ALGO_DIJKSTRA;
    wf_status sd = wf_search_graph(ws, g, s, t, &o, &d);
    check_node_path(g, s, t, sd, &d);
    FUZZ_CHECK(sa == sd);
    FUZZ_CHECK(fuzz_close(a.cost, d.cost));
    wf_node_path_free(&a);
    wf_node_path_free(&d);
    wf_search_destroy(ws);
}

static void check_same(const wf_graph *a, const wf_graph *b) {
    size_t n = wf_graph_node_count(a);
    FUZZ_CHECK(wf_graph_node_count(b) == n);
    FUZZ_CHECK(wf_graph_edge_count(b) == wf_graph_edge_count(a));
    FUZZ_CHECK(wf_graph_dims(b) == wf_graph_dims(a));
    for (uint32_t v = 0; v < n; v++) {
        const uint32_t *ta, *tb;
        const double *wa, *wb;
        size_t k = wf_graph_out_edges(a, v, &ta, &wa);
        FUZZ_CHECK(wf_graph_out_edges(b, v, &tb, &wb) == k);
        for (size_t i = 0; i < k; i++)
            FUZZ_CHECK(ta[i] == tb[i] && fuzz_near(wa[i], wb[i]));
        if (wf_graph_dims(a)) {
            double pa[3], pb[3];
            FUZZ_CHECK(wf_graph_position(a, v, pa) == WF_OK);
            FUZZ_CHECK(wf_graph_position(b, v, pb) == WF_OK);
            for (int i = 0; i < 3; i++)
                FUZZ_CHECK(fuzz_near(pa[i], pb[i]));
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_graph *g = (wf_graph *)&g;
    wf_names *names = (wf_names *)&names;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_graph_file_parse((const char *)data, size, "f.graph",
                                      NULL, &g, &names, &d);
    if (s != WF_OK) {
        FUZZ_CHECK(g == NULL && names == NULL);
        FUZZ_CHECK(s == WF_E_PARSE || s == WF_E_TOO_BIG);
        FUZZ_CHECK(d.line > 0 && d.message[0] != '\0');
        return 0;
    }
    FUZZ_CHECK(wf_graph_node_count(g) >= 1);
    check_names(g, names);
    check_search(g);

    fuzz_out o;
    fuzz_out_open(&o);
    FUZZ_CHECK(wf_graph_file_write(o.f, g, names) == WF_OK);
    fuzz_out_close(&o);
    wf_graph *g2 = NULL;
    wf_names *n2 = NULL;
    FUZZ_CHECK(wf_graph_file_parse(o.buf, o.len, "back.graph", NULL, &g2, &n2,
                                   &d) == WF_OK);
    check_same(g, g2);
    free(o.buf);
    wf_names_destroy(n2);
    wf_graph_destroy(g2);
    wf_names_destroy(names);
    wf_graph_destroy(g);
    return 0;
}
