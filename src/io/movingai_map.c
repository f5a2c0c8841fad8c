/* Moving AI .map reader: "type octile", "height H", "width W", "map", then
 * H rows of W characters. */
#include "file_read.h"
#include "lexer.h"
#include "map_chars.h"
#include "wayfind/io.h"

/* The map characters and what each one means. */
int wf__movingai_char_class(unsigned char c) {
    switch (c) {
    case '.': case 'G': case 'S': case 'W':
        return 1; /* passable, cost 1 */
    case '@': case 'O': case 'T':
        return 2; /* blocked */
    default:
        return 0;
    }
}

static const char map_chars[] = ".GSW@OT";

wf_status wf_movingai_set_costs(wf_grid *g) {
    if (!g)
        return WF_E_INVALID_ARG;
    for (const char *c = map_chars; *c; c++) {
        double cost =
            wf__movingai_char_class((unsigned char)*c) == 1 ? 1.0 : WF_BLOCKED;
        wf_status s = wf_grid_set_cost(g, (uint8_t)*c, cost);
        if (s != WF_OK)
            return s;
    }
    return WF_OK;
}

/* Word equality with a C string. */
static int word_is(const char *p, size_t n, const char *w) {
    return strlen(w) == n && memcmp(p, w, n) == 0;
}

/* Parses "KEY N" with N in 1..WF_GRID_MAX_SIDE from a header line whose
 * first word (already read) was KEY. */
static wf_status header_size(wf__text *t, wf__line *ln, const char *key,
                             int *out) {
    const char *p;
    size_t n, at;
    char q[WF__QUOTE_SIZE];
    if (!wf__line_word(ln, &p, &n, &at))
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(ln->n),
                              "expected '%s N', found end of line after '%s'",
                              key, key);
    long long v = 0;
    int r = wf__parse_int(p, n, 1, WF_GRID_MAX_SIDE, &v);
    wf__quote(p, n, q, sizeof q);
    if (r == WF__NUM_BAD)
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected an integer after '%s', found %s", key,
                              q);
    if (r == WF__NUM_LOW)
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                              "%s must be at least 1, found %s", key, q);
    if (r == WF__NUM_HIGH)
        return wf__text_error(t, WF_E_TOO_BIG, ln->no, wf__col(at),
                              "%s %s is larger than the limit %d", key, q,
                              WF_GRID_MAX_SIDE);
    size_t at2;
    if (wf__line_word(ln, &p, &n, &at2)) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at2),
                              "expected end of line after '%s N', found %s",
                              key, q);
    }
    *out = (int)v;
    return WF_OK;
}

/* Reports what a header line holds when it is not what was expected. */
static wf_status header_unexpected(wf__text *t, const wf__line *ln,
                                   const char *p, size_t n, size_t at,
                                   const char *expected) {
    char q[WF__QUOTE_SIZE];
    if (!p)
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(ln->n),
                              "expected %s, found an empty line", expected);
    wf__quote(p, n, q, sizeof q);
    return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(at),
                          "expected %s, found %s", expected, q);
}

/* Reads the four header lines into *w and *h. */
static wf_status parse_header(wf__text *t, int *w, int *h) {
    wf__line ln;
    const char *p = NULL;
    size_t n = 0, at = 0;
    char q[WF__QUOTE_SIZE];
    int got_w = 0, got_h = 0;

    if (!wf__text_next(t, &ln))
        return wf__text_expected_eof(t, "'type octile'");
    if (!wf__line_word(&ln, &p, &n, &at) || !word_is(p, n, "type"))
        return header_unexpected(t, &ln, wf__line_blank(&ln) ? NULL : p, n,
                                 at, "'type octile'");
    if (!wf__line_word(&ln, &p, &n, &at))
        return wf__text_error(t, WF_E_PARSE, ln.no, wf__col(ln.n),
                              "expected 'type octile', found end of line "
                              "after 'type'");
    if (!word_is(p, n, "octile")) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(t, WF_E_PARSE, ln.no, wf__col(at),
                              "unsupported map type %s, expected 'octile'", q);
    }
    if (wf__line_word(&ln, &p, &n, &at))
        return header_unexpected(t, &ln, p, n, at,
                                 "end of line after 'type octile'");

    /* height and width, in either order, then "map" */
    for (;;) {
        const char *expected = !got_h   ? "'height N'"
                               : !got_w ? "'width N'"
                                        : "'map'";
        if (!wf__text_next(t, &ln))
            return wf__text_expected_eof(t, expected);
        if (!wf__line_word(&ln, &p, &n, &at))
            return header_unexpected(t, &ln, NULL, 0, 0, expected);
        wf_status s;
        int is_h = word_is(p, n, "height"), is_w = word_is(p, n, "width");
        if ((is_h && got_h) || (is_w && got_w)) {
            return wf__text_error(t, WF_E_PARSE, ln.no, wf__col(at),
                                  "expected %s, found a second '%s' line",
                                  expected, is_h ? "height" : "width");
        } else if (is_h) {
            if ((s = header_size(t, &ln, "height", h)) != WF_OK)
                return s;
            got_h = 1;
        } else if (is_w) {
            if ((s = header_size(t, &ln, "width", w)) != WF_OK)
                return s;
            got_w = 1;
        } else if (word_is(p, n, "map") && got_w && got_h) {
            if (wf__line_word(&ln, &p, &n, &at))
                return header_unexpected(t, &ln, p, n, at,
                                         "end of line after 'map'");
            break;
        } else {
            return header_unexpected(t, &ln, p, n, at, expected);
        }
        size_t cells;
        if ((is_h || is_w) && got_w && got_h &&
            (!wf__mul_size((size_t)*w, (size_t)*h, &cells) ||
             cells > WF_GRID_MAX_CELLS))
            return wf__text_error(t, WF_E_TOO_BIG, ln.no, 1,
                                  "map of %d x %d cells is larger than the "
                                  "limit of %zu cells",
                                  *w, *h, (size_t)WF_GRID_MAX_CELLS);
    }
    return WF_OK;
}

/* Reads the h rows of w cells after the header, then checks that only blank
 * lines follow. With g NULL it only checks; with g it also fills the grid
 * (the text then is known to be valid). */
static wf_status parse_rows(wf__text *t, int w, int h, wf_grid *g) {
    wf__line ln;
    char b[16], q[WF__QUOTE_SIZE];
    unsigned el, ec;
    for (int y = 0; y < h; y++) {
        if (!wf__text_next(t, &ln)) {
            wf__text_eof(t, &el, &ec);
            return wf__text_error(t, WF_E_PARSE, el, ec,
                                  "expected %d map rows, found %d (end of "
                                  "file)", h, y);
        }
        size_t m = ln.n < (size_t)w ? ln.n : (size_t)w;
        const unsigned char *row = (const unsigned char *)ln.p;
        if (!g) {
            for (size_t x = 0; x < m; x++)
                if (!wf__movingai_char_class(row[x]))
                    return wf__text_error(
                        t, WF_E_PARSE, ln.no, wf__col(x),
                        "unknown map character %s",
                        wf__byte_desc(row[x], b, sizeof b));
            if (ln.n != (size_t)w)
                return wf__text_error(t, WF_E_PARSE, ln.no, wf__col(m),
                                      "row %d has %zu cells, expected %d",
                                      y + 1, ln.n, w);
        } else {
            for (int x = 0; x < w; x++)
                wf__grid_poke(g, x, y, row[x]);
        }
    }
    while (wf__text_next(t, &ln)) {
        if (wf__line_blank(&ln))
            continue;
        const char *p;
        size_t n, at;
        wf__line_word(&ln, &p, &n, &at);
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(t, WF_E_PARSE, ln.no, wf__col(at),
                              "expected end of file after %d map rows, "
                              "found %s", h, q);
    }
    return WF_OK;
}

wf_status wf_movingai_map_parse(const char *buf, size_t len, const char *name,
                                const wf_allocator *alloc, wf_grid **out,
                                wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!out || (!buf && len))
        return WF_E_INVALID_ARG;
    wf__text t;
    wf__text_init(&t, buf, len, name, diag);
    int w = 0, h = 0;
    wf_status s = parse_header(&t, &w, &h);
    if (s != WF_OK)
        return s;
    /* Check the whole body before allocating: a short file must not make
     * us allocate what its header claims. */
    wf__text body = t;
    if ((s = parse_rows(&t, w, h, NULL)) != WF_OK)
        return s;
    wf_grid *g;
    if ((s = wf_grid_create(w, h, alloc, &g)) != WF_OK)
        return s;
    if ((s = wf_movingai_set_costs(g)) != WF_OK) {
        wf_grid_destroy(g);
        return s;
    }
    /* the cells, then what searches read of them, built once */
    parse_rows(&body, w, h, g);
    wf_grid_set_cells(g, wf_grid_cells(g));
    *out = g;
    return WF_OK;
}

typedef struct read_ctx {
    const wf_allocator *alloc;
    wf_grid **out;
} read_ctx;

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    read_ctx *c = ctx;
    return wf_movingai_map_parse(buf, len, name, c->alloc, c->out, diag);
}

wf_status wf_movingai_map_read(const char *path, const wf_allocator *alloc,
                               wf_grid **out, wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!path || !out)
        return WF_E_INVALID_ARG;
    read_ctx c = {alloc, out};
    return wf__read_parse(path, WF_MAP_FILE_MAX, "a map file", alloc,
                          parse_read, &c, diag);
}
