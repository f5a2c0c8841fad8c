/* Moving AI .scen reader: an optional "version 1" / "version 1.0" line, then
 * one scenario per line in nine blank-separated fields. */
#include <float.h>

#include "file_read.h"
#include "lexer.h"
#include "wayfind/io.h"

#define SCEN_FIELDS 9

static const char *const field_what[SCEN_FIELDS] = {
    "the bucket (an integer >= 0)",
    "the map name",
    "the map width (an integer 1..1048576)",
    "the map height (an integer 1..1048576)",
    "the start x (an integer >= 0)",
    "the start y (an integer >= 0)",
    "the goal x (an integer >= 0)",
    "the goal y (an integer >= 0)",
    "the optimal length (a number >= 0)",
};

typedef struct scen_builder {
    wf_scen *out;
    size_t cap;
} scen_builder;

static int push_entry(scen_builder *b, const wf_scen_entry *e) {
    wf_scen *s = b->out;
    if (s->count == b->cap) {
        size_t ncap = b->cap ? b->cap * 2 : 64, bytes, old;
        if (!wf__mul_size(ncap, sizeof *e, &bytes))
            return 0;
        old = b->cap * sizeof *e;
        wf_scen_entry *p = wf__realloc(&s->alloc, s->entries, old, bytes);
        if (!p)
            return 0;
        s->entries = p;
        b->cap = ncap;
    }
    s->entries[s->count++] = *e;
    return 1;
}

static wf_status field_error(wf__text *t, const wf__line *ln, int field,
                             const char *p, size_t n, size_t at,
                             const char *why) {
    char q[WF__QUOTE_SIZE];
    wf__quote(p, n, q, sizeof q);
    return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                          "expected %s, found %s%s", field_what[field], q,
                          why);
}

/* Digits printed after the decimal point of the number p[0..n). */
static int decimals_in(const char *p, size_t n) {
    const char *dot = memchr(p, '.', n);
    int d = 0;
    if (dot)
        for (const char *q = dot + 1; q < p + n && *q >= '0' && *q <= '9'; q++)
            d++;
    return d;
}

static wf_status parse_int_field(wf__text *t, const wf__line *ln, int field,
                                 const char *p, size_t n, size_t at,
                                 long long min, long long max, int *out) {
    long long v = 0;
    int r = wf__parse_int(p, n, min, max, &v);
    if (r != WF__NUM_OK)
        return field_error(t, ln, field, p, n, at,
                           r == WF__NUM_BAD ? "" : " (out of range)");
    *out = (int)v;
    return WF_OK;
}

/* Parses the version line, whose first word "version" was read. */
static wf_status parse_version(wf__text *t, wf__line *ln, wf_scen *out) {
    const char *p;
    size_t n, at;
    char q[WF__QUOTE_SIZE];
    if (!wf__line_word(ln, &p, &n, &at))
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(ln->n),
                              "expected 'version 1' or 'version 1.0', found "
                              "end of line after 'version'");
    if (!((n == 1 && p[0] == '1') || (n == 3 && memcmp(p, "1.0", 3) == 0))) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "unsupported scenario version %s, expected 1 "
                              "or 1.0", q);
    }
    memcpy(out->version, p, n);
    out->version[n] = '\0';
    if (wf__line_word(ln, &p, &n, &at)) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected end of line after the version, "
                              "found %s", q);
    }
    return WF_OK;
}

/* Parses one scenario line into *e; the first line also sets out->map. */
static wf_status parse_entry(wf__text *t, wf__line *ln, wf_scen *out,
                             unsigned *map_line, wf_scen_entry *e) {
    const char *p;
    size_t n, at;
    char q[WF__QUOTE_SIZE], b[16];
    int *ints[SCEN_FIELDS] = {&e->bucket, NULL, &e->map_width,
                              &e->map_height, &e->start.x, &e->start.y,
                              &e->goal.x, &e->goal.y, NULL};
    for (int f = 0; f < SCEN_FIELDS; f++) {
        if (!wf__line_word(ln, &p, &n, &at))
            return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(ln->n),
                                  "expected %s, found end of line (a "
                                  "scenario has 9 fields, this line %d)",
                                  field_what[f], f);
        wf_status s = WF_OK;
        if (f == 0) {
            s = parse_int_field(t, ln, f, p, n, at, 0, INT32_MAX, ints[f]);
        } else if (f == 2 || f == 3) {
            s = parse_int_field(t, ln, f, p, n, at, 1, WF_GRID_MAX_SIDE,
                                ints[f]);
        } else if (f >= 4 && f <= 7) {
            s = parse_int_field(t, ln, f, p, n, at, 0, WF_GRID_MAX_SIDE - 1,
                                ints[f]);
        } else if (f == 8) {
            double v;
            if (!wf__parse_num(p, n, &v))
                s = field_error(t, ln, f, p, n, at, "");
            else if (!(v >= 0.0) || v > DBL_MAX)
                s = field_error(t, ln, f, p, n, at, " (out of range)");
            else {
                e->optimal = v;
                e->decimals = decimals_in(p, n);
            }
        } else { /* the map name */
            for (size_t i = 0; i < n; i++)
                if ((unsigned char)p[i] < 0x20 || p[i] == 0x7F)
                    return wf__text_error(
                        t, WF_E_PARSE, ln->no, wf__col(at + i),
                        "unexpected %s in the map name",
                        wf__byte_desc((unsigned char)p[i], b, sizeof b));
            if (n >= sizeof out->map)
                return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                                      "map name is longer than %zu bytes",
                                      sizeof out->map - 1);
            if (!*map_line) {
                memcpy(out->map, p, n);
                out->map[n] = '\0';
                *map_line = ln->no;
            } else if (strlen(out->map) != n || memcmp(out->map, p, n) != 0) {
                wf__quote(p, n, q, sizeof q);
                return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                                      "map %s differs from '%s' named on "
                                      "line %u", q, out->map, *map_line);
            }
        }
        if (s != WF_OK)
            return s;
    }
    if (wf__line_word(ln, &p, &n, &at)) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected end of line after 9 fields, found %s",
                              q);
    }
    return WF_OK;
}

static wf_status parse_all(wf__text *t, scen_builder *b) {
    wf_scen *out = b->out;
    wf__line ln;
    int first = 1;
    unsigned map_line = 0;
    while (wf__text_next(t, &ln)) {
        if (wf__line_blank(&ln))
            continue;
        if (first) {
            first = 0;
            wf__line probe = ln;
            const char *p = NULL;
            size_t n = 0, at = 0;
            wf__line_word(&probe, &p, &n, &at);
            if (n == 7 && memcmp(p, "version", 7) == 0) {
                wf_status s = parse_version(t, &probe, out);
                if (s != WF_OK)
                    return s;
                continue;
            }
        }
        wf_scen_entry e;
        memset(&e, 0, sizeof e);
        wf_status s = parse_entry(t, &ln, out, &map_line, &e);
        if (s != WF_OK)
            return s;
        if (!push_entry(b, &e))
            return WF_E_NOMEM;
    }
    return WF_OK;
}

wf_status wf_scen_parse(const char *buf, size_t len, const char *name,
                        const wf_allocator *alloc, wf_scen *out,
                        wf_diag *diag) {
    if (!out)
        return WF_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    out->alloc = wf__allocator(alloc);
    if (!buf && len)
        return WF_E_INVALID_ARG;
    wf__text t;
    wf__text_init(&t, buf, len, name, diag);
    scen_builder b = {out, 0};
    wf_status s = parse_all(&t, &b);
    if (s == WF_OK && b.cap != out->count) {
        /* wf_scen_free releases count entries: make that the size held */
        if (out->count == 0) {
            wf__free(&out->alloc, out->entries, b.cap * sizeof *out->entries);
            out->entries = NULL;
            b.cap = 0;
        } else {
            wf_scen_entry *p = wf__realloc(
                &out->alloc, out->entries, b.cap * sizeof *out->entries,
                out->count * sizeof *out->entries);
            if (!p) {
                s = WF_E_NOMEM;
            } else {
                out->entries = p;
                b.cap = out->count;
            }
        }
    }
    if (s != WF_OK) {
        wf__free(&out->alloc, out->entries, b.cap * sizeof *out->entries);
        out->entries = NULL;
        out->count = 0;
        out->version[0] = '\0';
        out->map[0] = '\0';
    }
    return s;
}

typedef struct read_ctx {
    const wf_allocator *alloc;
    wf_scen *out;
} read_ctx;

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    read_ctx *c = ctx;
    return wf_scen_parse(buf, len, name, c->alloc, c->out, diag);
}

wf_status wf_scen_read(const char *path, const wf_allocator *alloc,
                       wf_scen *out, wf_diag *diag) {
    if (!path || !out)
        return WF_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    out->alloc = wf__allocator(alloc);
    read_ctx c = {alloc, out};
    return wf__read_parse(path, WF_SCEN_FILE_MAX, "a scenario file", alloc,
                          parse_read, &c, diag);
}

void wf_scen_free(wf_scen *s) {
    if (!s)
        return;
    if (s->entries) {
        wf_allocator a = wf__allocator(&s->alloc);
        wf__free(&a, s->entries, s->count * sizeof *s->entries);
    }
    s->entries = NULL;
    s->count = 0;
}
