/* ASCII map reader: rows of '.', '#', '1'-'9', 'S' and 'G'. */
#include "file_read.h"
#include "lexer.h"
#include "map_chars.h"
#include "wayfind/io.h"

/* Terrain code of map character c ('S' and 'G' stand on '.'), 0 when c is
 * not a map character. */
uint8_t wf__ascii_code(unsigned char c) {
    switch (c) {
    case '.': case 'S': case 'G':
        return '.';
    case '#':
        return '#';
    default:
        return c >= '1' && c <= '9' ? c : 0;
    }
}

static wf_status set_table(wf_grid *g) {
    wf_status s = wf_grid_set_cost(g, '.', 1.0);
    if (s == WF_OK)
        s = wf_grid_set_cost(g, '#', WF_BLOCKED);
    for (int d = 1; d <= 9 && s == WF_OK; d++)
        s = wf_grid_set_cost(g, (uint8_t)('0' + d), (double)d);
    return s;
}

/* Start or goal at (x, y) of line ln: records it, or fails on a second. */
static wf_status mark(wf__text *t, const wf__line *ln, size_t x, int y,
                      char c, wf_map_marks *m, unsigned pos[2][2]) {
    int goal = c == 'G';
    int *has = goal ? &m->has_goal : &m->has_start;
    wf_point *p = goal ? &m->goal : &m->start;
    unsigned *first = pos[goal];
    if (*has)
        return wf__text_error(t, WF_E_PARSE, ln->no, wf__col(x),
                              "a second %s '%c' (the first is at %u:%u)",
                              goal ? "goal" : "start", c, first[0], first[1]);
    *has = 1;
    p->x = (int)x;
    p->y = y;
    first[0] = ln->no;
    first[1] = wf__col(x);
    return WF_OK;
}

/* First pass: checks every row and finds the size and the marks. */
static wf_status check_rows(wf__text *t, int *w_out, int *h_out,
                            wf_map_marks *m) {
    wf__line ln;
    char b[16];
    unsigned pos[2][2] = {{0, 0}, {0, 0}};
    unsigned blank_line = 0;
    size_t w = 0;
    int h = 0;
    while (wf__text_next(t, &ln)) {
        if (wf__line_blank(&ln)) {
            if (!blank_line)
                blank_line = ln.no;
            continue;
        }
        if (blank_line) {
            if (h == 0)
                return wf__text_error(t, WF_E_PARSE, blank_line, 1,
                                      "expected a map row, found an empty "
                                      "line");
            return wf__text_error(t, WF_E_PARSE, blank_line, 1,
                                  "row %d is empty, expected %zu cells",
                                  h + 1, w);
        }
        if (h == 0) {
            w = ln.n;
            if (w > (size_t)WF_GRID_MAX_SIDE)
                return wf__text_error(t, WF_E_TOO_BIG, ln.no,
                                      wf__col(WF_GRID_MAX_SIDE),
                                      "row 1 is longer than the limit of %d "
                                      "cells", WF_GRID_MAX_SIDE);
        }
        size_t lim = ln.n < w ? ln.n : w;
        for (size_t x = 0; x < lim; x++) {
            unsigned char c = (unsigned char)ln.p[x];
            if (!wf__ascii_code(c))
                return wf__text_error(t, WF_E_PARSE, ln.no, wf__col(x),
                                      "unknown map character %s, expected "
                                      "one of . # 1-9 S G",
                                      wf__byte_desc(c, b, sizeof b));
            if (c == 'S' || c == 'G') {
                wf_status s = mark(t, &ln, x, h, (char)c, m, pos);
                if (s != WF_OK)
                    return s;
            }
        }
        if (ln.n != w)
            return wf__text_error(t, WF_E_PARSE, ln.no, wf__col(lim),
                                  "row %d has %zu cells, expected %zu", h + 1,
                                  ln.n, w);
        if (h == WF_GRID_MAX_SIDE)
            return wf__text_error(t, WF_E_TOO_BIG, ln.no, 1,
                                  "more than %d rows", WF_GRID_MAX_SIDE);
        h++;
        size_t cells;
        if (!wf__mul_size(w, (size_t)h, &cells) || cells > WF_GRID_MAX_CELLS)
            return wf__text_error(t, WF_E_TOO_BIG, ln.no, 1,
                                  "map of %zu x %d cells is larger than the "
                                  "limit of %zu cells",
                                  w, h, (size_t)WF_GRID_MAX_CELLS);
    }
    if (h == 0)
        return wf__text_expected_eof(t, "a map row");
    *w_out = (int)w;
    *h_out = h;
    return WF_OK;
}

/* Second pass over text already checked: fills the grid. */
static void fill_rows(wf__text *t, wf_grid *g) {
    wf__line ln;
    const int w = wf_grid_width(g), h = wf_grid_height(g);
    int y = 0;
    while (y < h && wf__text_next(t, &ln)) {
        if (wf__line_blank(&ln))
            continue;
        for (int x = 0; x < w; x++)
            wf__grid_poke(g, x, y, wf__ascii_code((unsigned char)ln.p[x]));
        y++;
    }
    /* what searches read of the cells, built once */
    wf_grid_set_cells(g, wf_grid_cells(g));
}

wf_status wf_ascii_map_parse(const char *buf, size_t len, const char *name,
                             const wf_allocator *alloc, wf_grid **out,
                             wf_map_marks *marks, wf_diag *diag) {
    wf_map_marks m;
    memset(&m, 0, sizeof m);
    if (marks)
        *marks = m;
    if (out)
        *out = NULL;
    if (!out || (!buf && len))
        return WF_E_INVALID_ARG;
    wf__text t, body;
    wf__text_init(&t, buf, len, name, diag);
    body = t;
    int w = 0, h = 0;
    wf_status s = check_rows(&t, &w, &h, &m);
    if (s != WF_OK)
        return s;
    wf_grid *g;
    if ((s = wf_grid_create(w, h, alloc, &g)) != WF_OK)
        return s;
    if ((s = set_table(g)) != WF_OK) {
        wf_grid_destroy(g);
        return s;
    }
    fill_rows(&body, g);
    if (marks)
        *marks = m;
    *out = g;
    return WF_OK;
}

typedef struct read_ctx {
    const wf_allocator *alloc;
    wf_grid **out;
    wf_map_marks *marks;
} read_ctx;

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    read_ctx *c = ctx;
    return wf_ascii_map_parse(buf, len, name, c->alloc, c->out, c->marks,
                              diag);
}

wf_status wf_ascii_map_read(const char *path, const wf_allocator *alloc,
                            wf_grid **out, wf_map_marks *marks,
                            wf_diag *diag) {
    if (out)
        *out = NULL;
    if (marks)
        memset(marks, 0, sizeof *marks);
    if (!path || !out)
        return WF_E_INVALID_ARG;
    read_ctx c = {alloc, out, marks};
    return wf__read_parse(path, WF_MAP_FILE_MAX, "a map file", alloc,
                          parse_read, &c, diag);
}
