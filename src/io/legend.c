/* Legend files: what each integer tile code of a CSV tile map means. */
#include <float.h>
#include <limits.h>

#include "file_read.h"
#include "lexer.h"
#include "wayfind/io.h"

#define LEGEND_MAX 256
#define NAME_MAX_LEN (sizeof(((wf_legend_entry *)0)->name) - 1)

static int word_is(const char *p, size_t n, const char *w) {
    return strlen(w) == n && memcmp(p, w, n) == 0;
}

static int is_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_name_char(char c) {
    return is_alpha(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

/* Validates a NAME word and copies it into e->name. */
static wf_status take_name(wf__text *t, const wf__line *ln, const char *p,
                           size_t n, size_t at, wf_legend_entry *e) {
    char q[WF__QUOTE_SIZE];
    wf__quote(p, n, q, sizeof q);
    if (!is_alpha(p[0]))
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected a name (a letter or '_' first), "
                              "found %s", q);
    for (size_t i = 1; i < n; i++)
        if (!is_name_char(p[i]))
            return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at + i),
                                  "unexpected character in the name %s", q);
    if (n > NAME_MAX_LEN)
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "name %s is longer than %zu characters", q,
                              (size_t)NAME_MAX_LEN);
    memcpy(e->name, p, n);
    e->name[n] = '\0';
    return WF_OK;
}

/* Parses the cost word of "cost C" or "start C". */
static wf_status take_cost(wf__text *t, const wf__line *ln, const char *p,
                           size_t n, size_t at, wf_legend_entry *e) {
    char q[WF__QUOTE_SIZE];
    double v;
    if (!wf__parse_num(p, n, &v) || !(v > 0.0) || v > DBL_MAX) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected a cost (a finite number > 0), found "
                              "%s", q);
    }
    e->cost = v;
    return WF_OK;
}

static int looks_numeric(char c) {
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}

/* Parses one legend line (comment already cut off) into *e. */
static wf_status parse_line(wf__text *t, wf__line *ln, wf_legend_entry *e) {
    const char *p;
    size_t n, at;
    char q[WF__QUOTE_SIZE];
    long long tile = 0;
    wf__line_word(ln, &p, &n, &at);
    int r = wf__parse_int(p, n, LONG_MIN, LONG_MAX, &tile);
    if (r != WF__NUM_OK) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected a tile code (an integer%s), found %s",
                              r == WF__NUM_BAD ? "" : " that fits a long", q);
    }
    e->tile = (long)tile;
    if (!wf__line_word(ln, &p, &n, &at))
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(ln->n),
                              "expected 'blocked', 'cost', 'start' or "
                              "'goal' after the tile code, found end of line");
    wf_status s = WF_OK;
    if (word_is(p, n, "blocked")) {
        e->kind = WF_TILE_BLOCKED;
        e->cost = WF_BLOCKED;
    } else if (word_is(p, n, "cost")) {
        e->kind = WF_TILE_COST;
        if (!wf__line_word(ln, &p, &n, &at))
            return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(ln->n),
                                  "expected a cost (a finite number > 0) "
                                  "after 'cost', found end of line");
        s = take_cost(t, ln, p, n, at, e);
    } else if (word_is(p, n, "start") || word_is(p, n, "goal")) {
        e->kind = p[0] == 's' ? WF_TILE_START : WF_TILE_GOAL;
        e->cost = 1.0;
        size_t save = ln->i;
        if (wf__line_word(ln, &p, &n, &at)) {
            if (looks_numeric(p[0]))
                s = take_cost(t, ln, p, n, at, e);
            else
                ln->i = save; /* it is the name */
        }
    } else {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected 'blocked', 'cost', 'start' or "
                              "'goal' after the tile code, found %s", q);
    }
    if (s != WF_OK)
        return s;
    if (wf__line_word(ln, &p, &n, &at) &&
        (s = take_name(t, ln, p, n, at, e)) != WF_OK)
        return s;
    if (wf__line_word(ln, &p, &n, &at)) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected end of line, found %s", q);
    }
    return WF_OK;
}

wf_status wf_legend_parse(const char *buf, size_t len, const char *name,
                          wf_legend *out, wf_diag *diag) {
    if (!out)
        return WF_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    if (!buf && len)
        return WF_E_INVALID_ARG;
    wf__text t;
    wf__text_init(&t, buf, len, name, diag);
    wf__line ln;
    unsigned lines[LEGEND_MAX];
    int start = -1, goal = -1;
    while (wf__text_next(&t, &ln)) {
        const char *hash = ln.n ? memchr(ln.p, '#', ln.n) : NULL;
        if (hash)
            ln.n = (size_t)(hash - ln.p);
        if (wf__line_blank(&ln))
            continue;
        if (out->count == LEGEND_MAX) {
            out->count = 0;
            return wf__text_error(&t, WF_E_TOO_BIG, ln.no, 1,
                                  "more than %d tiles in the legend",
                                  LEGEND_MAX);
        }
        wf_legend_entry e;
        memset(&e, 0, sizeof e);
        wf_status s = parse_line(&t, &ln, &e);
        for (int i = 0; s == WF_OK && i < out->count; i++)
            if (out->entries[i].tile == e.tile)
                s = wf__text_error(&t, WF_E_PARSE, ln.no, 1,
                                   "tile %ld is already defined on line %u",
                                   e.tile, lines[i]);
        int *first = e.kind == WF_TILE_START  ? &start
                     : e.kind == WF_TILE_GOAL ? &goal
                                              : NULL;
        if (s == WF_OK && first && *first >= 0)
            s = wf__text_error(&t, WF_E_PARSE, ln.no, 1,
                               "a second %s tile (tile %ld on line %u is "
                               "the first)",
                               first == &start ? "start" : "goal",
                               out->entries[*first].tile, lines[*first]);
        if (s != WF_OK) {
            out->count = 0;
            return s;
        }
        if (first)
            *first = out->count;
        lines[out->count] = ln.no;
        out->entries[out->count++] = e;
    }
    if (out->count == 0)
        return wf__text_expected_eof(&t, "a legend line 'TILE KIND ...'");
    return WF_OK;
}

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    return wf_legend_parse(buf, len, name, ctx, diag);
}

wf_status wf_legend_read(const char *path, const wf_allocator *alloc,
                         wf_legend *out, wf_diag *diag) {
    if (!path || !out)
        return WF_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    return wf__read_parse(path, WF_LEGEND_FILE_MAX, "a legend file", alloc,
                          parse_read, out, diag);
}
