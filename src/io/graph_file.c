/* Graph files: "node ID [X Y [Z]]", "edge A B W", "arc A B W". */
#include <float.h>

#include "file_read.h"
#include "lexer.h"
#include "wayfind/io.h"

#define NAME_MAX_BYTES 63

typedef struct parser {
    wf__text t;
    wf_graph_builder *b;
    wf_names *names;
    int dims;           /* -1 until the first node line */
    unsigned dims_line; /* where dims was decided */
    wf_allocator alloc;
} parser;

static int word_is(const char *p, size_t n, const char *w) {
    return strlen(w) == n && memcmp(p, w, n) == 0;
}

static int name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

/* The next word, with '#' ending the line. 0 when none. */
static int next_word(wf__line *ln, const char **p, size_t *n, size_t *at) {
    if (!wf__line_word(ln, p, n, at))
        return 0;
    if ((*p)[0] == '#') { /* a comment: the rest of the line */
        ln->i = ln->n;
        return 0;
    }
    const char *hash = memchr(*p, '#', *n);
    if (hash) { /* "A#comment": the comment starts inside the word */
        *n = (size_t)(hash - *p);
        ln->i = ln->n;
    }
    return 1;
}

static wf_status expect_word(parser *ps, wf__line *ln, const char *what,
                             const char **p, size_t *n, size_t *at) {
    if (next_word(ln, p, n, at))
        return WF_OK;
    return wf__text_error(&ps->t, WF_E_PARSE, ln->no, wf__col(ln->n),
                          "expected %s, found end of line", what);
}

static wf_status check_name(parser *ps, const wf__line *ln, const char *p,
                            size_t n, size_t at) {
    char q[WF__QUOTE_SIZE];
    for (size_t i = 0; i < n; i++)
        if (!name_char(p[i])) {
            wf__quote(p, n, q, sizeof q);
            return wf__text_error(&ps->t, WF_E_PARSE, ln->no, wf__col(at + i),
                                  "unexpected character in the node name %s "
                                  "(letters, digits, '_', '-', '.')", q);
        }
    if (n > NAME_MAX_BYTES) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(&ps->t, WF_E_PARSE, ln->no, wf__col(at),
                              "node name %s is longer than %d bytes", q,
                              NAME_MAX_BYTES);
    }
    return WF_OK;
}

static wf_status take_number(parser *ps, const wf__line *ln, const char *what,
                             const char *p, size_t n, size_t at, int positive,
                             double *v) {
    if (wf__parse_num(p, n, v) && *v <= DBL_MAX && *v >= -DBL_MAX &&
        (!positive || *v > 0))
        return WF_OK;
    char q[WF__QUOTE_SIZE];
    wf__quote(p, n, q, sizeof q);
    return wf__text_error(&ps->t, WF_E_PARSE, ln->no, wf__col(at),
                          "expected %s, found %s", what, q);
}

static wf_status end_of_line(parser *ps, wf__line *ln) {
    const char *p;
    size_t n, at;
    if (!next_word(ln, &p, &n, &at))
        return WF_OK;
    char q[WF__QUOTE_SIZE];
    wf__quote(p, n, q, sizeof q);
    return wf__text_error(&ps->t, WF_E_PARSE, ln->no, wf__col(at),
                          "expected the end of the line, found %s", q);
}

static wf_status node_line(parser *ps, wf__line *ln) {
    const char *p;
    size_t n, at;
    wf_status s = expect_word(ps, ln, "a node name", &p, &n, &at);
    if (s == WF_OK)
        s = check_name(ps, ln, p, n, at);
    if (s != WF_OK)
        return s;
    if (wf_names_find(ps->names, p, n, NULL) == WF_OK) {
        char q[WF__QUOTE_SIZE];
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(&ps->t, WF_E_PARSE, ln->no, wf__col(at),
                              "node %s is declared twice", q);
    }
    const char *name = p;
    size_t name_len = n;
    double pos[3];
    int k = 0;
    static const char *const axis[] = {"the x coordinate (a number)",
                                       "the y coordinate (a number)",
                                       "the z coordinate (a number)"};
    while (k < 3 && next_word(ln, &p, &n, &at)) {
        if ((s = take_number(ps, ln, axis[k], p, n, at, 0, &pos[k])) != WF_OK)
            return s;
        k++;
    }
    if ((s = end_of_line(ps, ln)) != WF_OK)
        return s;
    if (k == 1)
        return wf__text_error(&ps->t, WF_E_PARSE, ln->no, wf__col(ln->n),
                              "expected the y coordinate, found end of line");
    if (ps->dims < 0) {
        ps->dims = k;
        ps->dims_line = ln->no;
        if ((s = wf_graph_builder_create(k, &ps->alloc, &ps->b)) != WF_OK)
            return s;
    } else if (k != ps->dims) {
        return wf__text_error(&ps->t, WF_E_PARSE, ln->no, wf__col(ln->n),
                              "this node has %d coordinates, the first node "
                              "(line %u) has %d",
                              k, ps->dims_line, ps->dims);
    }
    if ((s = wf_graph_builder_add_node(ps->b, k ? pos : NULL, NULL)) != WF_OK)
        return s;
    return wf_names_add(ps->names, name, name_len, NULL);
}

static wf_status edge_line(parser *ps, wf__line *ln, int two_way) {
    const char *p;
    size_t n, at;
    uint32_t id[2];
    static const char *const what[] = {"the first node", "the second node"};
    for (int i = 0; i < 2; i++) {
        wf_status s = expect_word(ps, ln, what[i], &p, &n, &at);
        if (s != WF_OK)
            return s;
        if (wf_names_find(ps->names, p, n, &id[i]) != WF_OK) {
            char q[WF__QUOTE_SIZE];
            wf__quote(p, n, q, sizeof q);
            return wf__text_error(&ps->t, WF_E_PARSE, ln->no, wf__col(at),
                                  "unknown node %s (declare it with a node "
                                  "line before the edges that use it)", q);
        }
    }
    double w;
    wf_status s = expect_word(ps, ln, "the weight", &p, &n, &at);
    if (s == WF_OK)
        s = take_number(ps, ln, "the weight (a finite number > 0)", p, n, at,
                        1, &w);
    if (s == WF_OK)
        s = end_of_line(ps, ln);
    if (s == WF_OK)
        s = wf_graph_builder_add_edge(ps->b, id[0], id[1], w, two_way);
    return s;
}

wf_status wf_graph_file_parse(const char *buf, size_t len, const char *name,
                              const wf_allocator *alloc, wf_graph **out,
                              wf_names **names, wf_diag *diag) {
    if (out)
        *out = NULL;
    if (names)
        *names = NULL;
    if (!out || (!buf && len))
        return WF_E_INVALID_ARG;
    parser ps;
    memset(&ps, 0, sizeof ps);
    ps.dims = -1;
    ps.alloc = wf__allocator(alloc);
    wf__text_init(&ps.t, buf, len, name, diag);
    wf_status s = wf_names_create(&ps.alloc, &ps.names);
    wf__line ln;
    while (s == WF_OK && wf__text_next(&ps.t, &ln)) {
        const char *p;
        size_t n, at;
        if (!next_word(&ln, &p, &n, &at))
            continue;
        if (word_is(p, n, "node"))
            s = node_line(&ps, &ln);
        else if (ps.dims < 0 && (word_is(p, n, "edge") || word_is(p, n, "arc")))
            s = wf__text_error(&ps.t, WF_E_PARSE, ln.no, wf__col(at),
                               "an edge before any node line");
        else if (word_is(p, n, "edge") || word_is(p, n, "arc"))
            s = edge_line(&ps, &ln, p[0] == 'e');
        else {
            char q[WF__QUOTE_SIZE];
            wf__quote(p, n, q, sizeof q);
            s = wf__text_error(&ps.t, WF_E_PARSE, ln.no, wf__col(at),
                               "expected 'node', 'edge' or 'arc', found %s", q);
        }
        if (s == WF_E_NOMEM || s == WF_E_TOO_BIG)
            wf__text_error(&ps.t, s, ln.no, 0, "%s", wf_strerror(s));
    }
    if (s == WF_OK && ps.dims < 0) {
        unsigned l, c;
        wf__text_eof(&ps.t, &l, &c);
        s = wf__text_error(&ps.t, WF_E_PARSE, l, c,
                           "expected at least one node line");
    }
    if (s == WF_OK)
        s = wf_graph_build(ps.b, out);
    wf_graph_builder_destroy(ps.b);
    if (s == WF_OK && names)
        *names = ps.names;
    else
        wf_names_destroy(ps.names);
    return s;
}

typedef struct read_ctx {
    const wf_allocator *alloc;
    wf_graph **out;
    wf_names **names;
} read_ctx;

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    read_ctx *c = ctx;
    return wf_graph_file_parse(buf, len, name, c->alloc, c->out, c->names,
                               diag);
}

wf_status wf_graph_file_read(const char *path, const wf_allocator *alloc,
                             wf_graph **out, wf_names **names,
                             wf_diag *diag) {
    if (out)
        *out = NULL;
    if (names)
        *names = NULL;
    if (!path || !out)
        return WF_E_INVALID_ARG;
    read_ctx c = {alloc, out, names};
    return wf__read_parse(path, WF_GRAPH_FILE_MAX, "a graph file", alloc,
                          parse_read, &c, diag);
}
