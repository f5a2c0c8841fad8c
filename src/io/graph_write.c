/* Graph writers: the graph file format and JSON. */
#include <math.h>
#include <stdio.h>

#include "lexer.h"
#include "wayfind/io.h"

/* The name of node id: from the table, else "n<id>". */
static const char *node_name(const wf_names *names, uint32_t id,
                             char *buf, size_t size) {
    const char *s = wf_names_get(names, id);
    if (s)
        return s;
    snprintf(buf, size, "n%u", id);
    return buf;
}

wf_status wf_graph_file_write(FILE *f, const wf_graph *g,
                              const wf_names *names) {
    if (!g || !f)
        return WF_E_INVALID_ARG;
    char a[32], b[32], num[64];
    size_t n = wf_graph_node_count(g);
    int dims = wf_graph_dims(g), err = 0;
    for (uint32_t u = 0; u < n && !err; u++) {
        err |= fprintf(f, "node %s", node_name(names, u, a, sizeof a)) < 0;
        double pos[3];
        if (dims && wf_graph_position(g, u, pos) == WF_OK)
            for (int i = 0; i < dims; i++) {
                wf__format_number(pos[i], num, sizeof num);
                err |= fprintf(f, " %s", num) < 0;
            }
        err |= putc('\n', f) == EOF;
    }
    for (uint32_t u = 0; u < n && !err; u++) {
        const uint32_t *t;
        const double *w;
        size_t k = wf_graph_out_edges(g, u, &t, &w);
        for (size_t i = 0; i < k && !err; i++) {
            uint32_t v = t[i];
            int twin = wf_graph_edge_weight(g, v, u) == w[i];
            if (twin && v < u)
                continue; /* written as an edge from v */
            wf__format_number(w[i], num, sizeof num);
            err |= fprintf(f, "%s %s %s %s\n", twin ? "edge" : "arc",
                           node_name(names, u, a, sizeof a),
                           node_name(names, v, b, sizeof b), num) < 0;
        }
    }
    return err || fflush(f) != 0 || ferror(f) ? WF_E_IO : WF_OK;
}

/* Node names are plain words (see the parser), so they need no JSON
 * escaping. */
wf_status wf_json_write_graph(FILE *f, const wf_graph *g,
                              const wf_names *names) {
    if (!g || !f)
        return WF_E_INVALID_ARG;
    char a[32], num[64];
    size_t n = wf_graph_node_count(g);
    int dims = wf_graph_dims(g), err = fputs("{\"nodes\":[", f) == EOF;
    for (uint32_t u = 0; u < n && !err; u++) {
        err |= fprintf(f, "%s{\"id\":\"%s\"", u ? "," : "",
                       node_name(names, u, a, sizeof a)) < 0;
        double pos[3];
        if (dims && wf_graph_position(g, u, pos) == WF_OK) {
            err |= fputs(",\"pos\":[", f) == EOF;
            for (int i = 0; i < dims; i++) {
                wf__format_number(pos[i], num, sizeof num);
                err |= fprintf(f, "%s%s", i ? "," : "", num) < 0;
            }
            err |= putc(']', f) == EOF;
        }
        err |= putc('}', f) == EOF;
    }
    err |= fputs("],\"arcs\":[", f) == EOF;
    int first = 1;
    for (uint32_t u = 0; u < n && !err; u++) {
        const uint32_t *t;
        const double *w;
        size_t k = wf_graph_out_edges(g, u, &t, &w);
        for (size_t i = 0; i < k && !err; i++, first = 0) {
            wf__format_number(w[i], num, sizeof num);
            err |= fprintf(f, "%s[%u,%u,%s]", first ? "" : ",", u, t[i],
                           num) < 0;
        }
    }
    err |= fputs("]}\n", f) == EOF;
    return err || fflush(f) != 0 || ferror(f) ? WF_E_IO : WF_OK;
}
