/* Outline files: walkable ground and obstacles as closed polygons in
 * world units, for wf_mesh_from_outlines (docs/formats.md, "Outlines").
 * Read in two passes over the text: the first checks everything and
 * counts, the second fills arrays of exactly that size. */
#include <stdio.h>

#include "file_read.h"
#include "lexer.h"
#include "wayfind/io.h"

#define MAGIC "wayfind-outlines"

typedef struct outline_ctx {
    wf__text *t;
    wf_outlines *out;        /* NULL in the counting pass */
    size_t outlines, points, name_bytes;
    unsigned open_line;      /* line of the outline being read, 0: none */
    size_t open_points;
    unsigned scale_line, cost_line;
} outline_ctx;

static wf_status number(outline_ctx *c, const wf__line *ln, const char *p,
                        size_t n, size_t at, const char *what, double *v) {
    char q[WF__QUOTE_SIZE];
    wf__quote(p, n, q, sizeof q);
    if (!wf__parse_num(p, n, v))
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected %s (a number), found %s", what, q);
    if (!(*v - *v == 0))
        return wf__text_error(c->t, WF_E_RANGE, ln->no, wf__col(at),
                              "%s %s is too large to be a finite number",
                              what, q);
    return WF_OK;
}

/* A line of points "X Y [X Y ...]" in the open outline. */
static wf_status points(outline_ctx *c, wf__line *ln) {
    const char *p;
    size_t n, at;
    while (wf__line_word(ln, &p, &n, &at)) {
        wf_vec2 v;
        wf_status s = number(c, ln, p, n, at, "x", &v.x);
        if (s != WF_OK)
            return s;
        if (!wf__line_word(ln, &p, &n, &at))
            return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(ln->n),
                                  "expected y after x, found end of line (a "
                                  "point is 'X Y')");
        s = number(c, ln, p, n, at, "y", &v.y);
        if (s != WF_OK)
            return s;
        if (c->out)
            c->out->points[c->points] = v;
        c->points++;
        c->open_points++;
    }
    return WF_OK;
}

/* "walkable [NAME]" or "obstacle [NAME]": opens an outline named
 * "'NAME' (line N)" or "line N" in messages. */
static wf_status open_outline(outline_ctx *c, wf__line *ln, int obstacle) {
    if (c->open_line)
        return wf__text_error(c->t, WF_E_PARSE, ln->no, 1,
                              "the outline opened at line %u is not closed: "
                              "expected 'end' before a new outline",
                              c->open_line);
    wf__line_skip_blanks(ln);
    const char *name = ln->p + ln->i;
    size_t n = ln->n - ln->i;
    while (n && (name[n - 1] == ' ' || name[n - 1] == '\t'))
        n--;
    char label[WF__QUOTE_SIZE + 32];
    if (n) {
        char q[WF__QUOTE_SIZE];
        wf__quote(name, n, q, sizeof q);
        snprintf(label, sizeof label, "%s (line %u)", q, ln->no);
    } else {
        snprintf(label, sizeof label, "line %u", ln->no);
    }
    const size_t len = strlen(label) + 1;
    if (c->out) {
        char *dst = c->out->names_buf + c->name_bytes;
        memcpy(dst, label, len);
        c->out->outlines[c->outlines] =
            (wf_outline){NULL, 0,
                         obstacle ? WF_OUTLINE_OBSTACLE : WF_OUTLINE_WALKABLE,
                         dst};
    }
    c->name_bytes += len;
    c->open_line = ln->no;
    c->open_points = 0;
    return WF_OK;
}

static wf_status close_outline(outline_ctx *c, const wf__line *ln) {
    if (!c->open_line)
        return wf__text_error(c->t, WF_E_PARSE, ln->no, 1,
                              "'end' without an outline to close");
    if (c->open_points < 3)
        return wf__text_error(c->t, WF_E_PARSE, ln->no, 1,
                              "the outline opened at line %u has %zu "
                              "point(s): an outline needs at least 3",
                              c->open_line, c->open_points);
    if (c->out) {
        wf_outline *o = &c->out->outlines[c->outlines];
        o->count = c->open_points;
        o->points = c->out->points + (c->points - c->open_points);
    }
    c->outlines++;
    c->open_line = 0;
    return WF_OK;
}

/* "scale S" or "cost C", once each, before the first outline. */
static wf_status setting(outline_ctx *c, wf__line *ln, int cost) {
    unsigned *seen = cost ? &c->cost_line : &c->scale_line;
    const char *what = cost ? "cost" : "scale";
    if (*seen)
        return wf__text_error(c->t, WF_E_PARSE, ln->no, 1,
                              "%s is given twice (first at line %u)", what,
                              *seen);
    if (c->open_line || c->outlines)
        return wf__text_error(c->t, WF_E_PARSE, ln->no, 1,
                              "%s must come before the first outline", what);
    const char *p;
    size_t n, at;
    double v;
    if (!wf__line_word(ln, &p, &n, &at))
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(ln->n),
                              "expected the %s (a number) after '%s'", what,
                              what);
    wf_status s = number(c, ln, p, n, at, what, &v);
    if (s == WF_OK && !(v > 0))
        s = wf__text_error(c->t, WF_E_RANGE, ln->no, wf__col(at),
                           "the %s must be above 0, not %g", what, v);
    if (s == WF_OK && wf__line_word(ln, &p, &n, &at))
        s = wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                           "expected end of line after the %s", what);
    if (s == WF_OK && c->out)
        *(cost ? &c->out->opts.cost : &c->out->opts.scale) = v;
    *seen = ln->no;
    return s;
}

static int word_is(const char *p, size_t n, const char *w) {
    return n == strlen(w) && memcmp(p, w, n) == 0;
}

/* The first line: "wayfind-outlines 1". */
static wf_status header(outline_ctx *c, wf__line *ln) {
    const char *p;
    size_t n, at;
    long long v = 0;
    if (!wf__line_word(ln, &p, &n, &at) || !word_is(p, n, MAGIC))
        return wf__text_error(c->t, WF_E_PARSE, ln->no, 1,
                              "not an outlines file: expected '" MAGIC
                              " 1' on the first line");
    if (!wf__line_word(ln, &p, &n, &at) ||
        wf__parse_int(p, n, 1, 1, &v) != WF__NUM_OK ||
        wf__line_word(ln, &p, &n, &at))
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected version 1 after '" MAGIC
                              "' (this reads version 1 only)");
    return WF_OK;
}

static wf_status one_line(outline_ctx *c, wf__line *ln) {
    const char *p;
    size_t n, at;
    const size_t start = ln->i;
    wf__line_word(ln, &p, &n, &at);
    if (word_is(p, n, "walkable") || word_is(p, n, "obstacle"))
        return open_outline(c, ln, p[0] == 'o');
    if (word_is(p, n, "end"))
        return close_outline(c, ln);
    if (word_is(p, n, "scale") || word_is(p, n, "cost"))
        return setting(c, ln, p[0] == 'c');
    if (c->open_line) {
        ln->i = start;
        return points(c, ln);
    }
    char q[WF__QUOTE_SIZE];
    wf__quote(p, n, q, sizeof q);
    return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                          "expected 'walkable', 'obstacle', 'scale' or "
                          "'cost', found %s (points go between 'walkable' "
                          "or 'obstacle' and 'end')",
                          q);
}

static wf_status parse_all(outline_ctx *c) {
    wf__line ln;
    int seen_header = 0;
    while (wf__text_next(c->t, &ln)) {
        wf__line_skip_blanks(&ln);
        if (ln.i == ln.n || ln.p[ln.i] == '#')
            continue;
        wf_status s = seen_header ? one_line(c, &ln) : header(c, &ln);
        if (s != WF_OK)
            return s;
        seen_header = 1;
    }
    if (!seen_header)
        return wf__text_expected_eof(c->t, "'" MAGIC " 1'");
    if (c->open_line) {
        unsigned line, col;
        wf__text_eof(c->t, &line, &col);
        return wf__text_error(c->t, WF_E_PARSE, line, col,
                              "the outline opened at line %u is not closed "
                              "(no 'end' before the end of the file)",
                              c->open_line);
    }
    if (!c->outlines)
        return wf__text_expected_eof(c->t, "an outline ('walkable' or "
                                           "'obstacle')");
    return WF_OK;
}

static int alloc_arrays(wf_outlines *o, size_t outlines, size_t points,
                        size_t name_bytes) {
    o->outlines = wf__alloc(&o->alloc, outlines * sizeof *o->outlines);
    o->points = wf__alloc(&o->alloc, points * sizeof *o->points);
    o->names_buf = wf__alloc(&o->alloc, name_bytes);
    o->count = outlines;
    o->point_count = points;
    o->names_size = name_bytes;
    return o->outlines && o->points && o->names_buf;
}

wf_status wf_outlines_parse(const char *buf, size_t len, const char *name,
                            const wf_allocator *alloc, wf_outlines *out,
                            wf_diag *diag) {
    if (!out)
        return WF_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    out->alloc = wf__allocator(alloc);
    if (!buf && len)
        return WF_E_INVALID_ARG;
    wf__text t;
    wf__text_init(&t, buf, len, name, diag);
    wf__text again = t;
    outline_ctx c = {&t, NULL, 0, 0, 0, 0, 0, 0, 0};
    wf_status s = parse_all(&c);
    if (s != WF_OK)
        return s;
    if (!alloc_arrays(out, c.outlines, c.points, c.name_bytes)) {
        wf_outlines_free(out);
        return WF_E_NOMEM;
    }
    outline_ctx fill = {&again, out, 0, 0, 0, 0, 0, 0, 0};
    return parse_all(&fill);
}

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    wf_outlines *out = ctx;
    return wf_outlines_parse(buf, len, name, &out->alloc, out, diag);
}

wf_status wf_outlines_read(const char *path, const wf_allocator *alloc,
                           wf_outlines *out, wf_diag *diag) {
    if (!out)
        return WF_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    out->alloc = wf__allocator(alloc);
    if (!path)
        return WF_E_INVALID_ARG;
    return wf__read_parse(path, WF_OUTLINES_FILE_MAX, "an outlines file",
                          alloc, parse_read, out, diag);
}

void wf_outlines_free(wf_outlines *o) {
    if (!o)
        return;
    wf_allocator a = wf__allocator(&o->alloc);
    wf__free(&a, o->outlines, o->count * sizeof *o->outlines);
    wf__free(&a, o->points, o->point_count * sizeof *o->points);
    wf__free(&a, o->names_buf, o->names_size);
    const wf_allocator keep = o->alloc;
    memset(o, 0, sizeof *o);
    o->alloc = keep;
}

wf_status wf_outlines_write(FILE *f, const wf_outline *o, size_t n,
                            const wf_mesh_opts *opts) {
    if (!f || (!o && n))
        return WF_E_INVALID_ARG;
    char x[32], y[32];
    fprintf(f, MAGIC " 1\n");
    if (opts && opts->scale > 0) {
        wf__format_number(opts->scale, x, sizeof x);
        fprintf(f, "scale %s\n", x);
    }
    if (opts && opts->cost > 0) {
        wf__format_number(opts->cost, x, sizeof x);
        fprintf(f, "cost %s\n", x);
    }
    for (size_t i = 0; i < n; i++) {
        if (!o[i].points && o[i].count)
            return WF_E_INVALID_ARG;
        fprintf(f, "%s\n",
                o[i].kind == WF_OUTLINE_OBSTACLE ? "obstacle" : "walkable");
        for (size_t j = 0; j < o[i].count; j++) {
            if (!(o[i].points[j].x - o[i].points[j].x == 0) ||
                !(o[i].points[j].y - o[i].points[j].y == 0))
                return WF_E_INVALID_ARG;
            wf__format_number(o[i].points[j].x, x, sizeof x);
            wf__format_number(o[i].points[j].y, y, sizeof y);
            fprintf(f, "%s %s\n", x, y);
        }
        fprintf(f, "end\n");
    }
    return ferror(f) ? WF_E_IO : WF_OK;
}
