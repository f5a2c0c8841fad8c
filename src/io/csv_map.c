/* CSV tile maps: rows of integer tile codes, each one looked up in a
 * legend; terrain code = index of the tile's legend entry. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "file_read.h"
#include "lexer.h"
#include "wayfind/io.h"

/* A tile code and its legend index, sorted by tile for binary search. */
typedef struct tile_index {
    long tile;
    int index;
} tile_index;

typedef struct csv_ctx {
    wf__text *t;
    const wf_legend *legend;
    tile_index sorted[256];
    int last;               /* sorted[] slot of the last hit */
    wf_grid *g;             /* NULL in the checking pass */
    wf_map_marks marks;
    unsigned mark_pos[2][2];
    size_t width;           /* cells per row, set by the first row */
    int rows;
} csv_ctx;

static int cmp_tile(const void *a, const void *b) {
    long x = ((const tile_index *)a)->tile, y = ((const tile_index *)b)->tile;
    return (x > y) - (x < y);
}

/* Legend index of tile v, or -1. */
static int lookup(csv_ctx *c, long v) {
    const tile_index *s = c->sorted;
    if (s[c->last].tile == v)
        return s[c->last].index;
    int lo = 0, hi = c->legend->count - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (s[mid].tile == v) {
            c->last = mid;
            return s[mid].index;
        }
        if (s[mid].tile < v)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* A legend built by hand must obey what wf_legend_parse guarantees. */
static int legend_ok(const wf_legend *l) {
    if (l->count < 1 || l->count > 256)
        return 0;
    int starts = 0, goals = 0;
    for (int i = 0; i < l->count; i++) {
        const wf_legend_entry *e = &l->entries[i];
        if (e->kind == WF_TILE_BLOCKED)
            continue;
        if (e->kind != WF_TILE_COST && e->kind != WF_TILE_START &&
            e->kind != WF_TILE_GOAL)
            return 0;
        if (!(isfinite(e->cost) && e->cost > 0))
            return 0;
        starts += e->kind == WF_TILE_START;
        goals += e->kind == WF_TILE_GOAL;
    }
    return starts <= 1 && goals <= 1;
}

/* Start or goal tile found at column x of the current row. */
static wf_status mark(csv_ctx *c, const wf__line *ln, size_t at, int x,
                      wf_tile_kind kind) {
    int goal = kind == WF_TILE_GOAL;
    int *has = goal ? &c->marks.has_goal : &c->marks.has_start;
    unsigned *first = c->mark_pos[goal];
    if (*has)
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                              "a second %s tile (the first is at %u:%u)",
                              goal ? "goal" : "start", first[0], first[1]);
    *has = 1;
    wf_point p = {x, c->rows};
    if (goal)
        c->marks.goal = p;
    else
        c->marks.start = p;
    first[0] = ln->no;
    first[1] = wf__col(at);
    return WF_OK;
}

static int is_blank(char ch) { return ch == ' ' || ch == '\t'; }

/* One row: checks it (and, in the filling pass, stores it as row c->rows). */
static wf_status parse_row(csv_ctx *c, const wf__line *ln) {
    const char *p = ln->p;
    size_t n = ln->n, i = 0, cells = 0;
    unsigned extra_at = 0;
    char q[WF__QUOTE_SIZE];
    for (;;) {
        while (i < n && is_blank(p[i]))
            i++;
        size_t at = i;
        while (i < n && p[i] != ',' && !is_blank(p[i]))
            i++;
        size_t tn = i - at;
        while (i < n && is_blank(p[i]))
            i++;
        if (tn == 0) {
            /* one comma may end a row, as Tiled writes them */
            if (i == n && cells > 0)
                break;
            if (i < n) {
                wf__quote(p + i, 1, q, sizeof q);
                return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(i),
                                      "expected a tile code (an integer), "
                                      "found %s", q);
            }
            return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(n),
                                  "expected a tile code (an integer), found "
                                  "end of line");
        }
        long long v = 0;
        int r = wf__parse_int(p + at, tn, LONG_MIN, LONG_MAX, &v);
        int idx = r == WF__NUM_OK ? lookup(c, (long)v) : -1;
        if (idx < 0) {
            wf__quote(p + at, tn, q, sizeof q);
            return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                                  r == WF__NUM_BAD
                                      ? "expected a tile code (an integer), "
                                        "found %s"
                                      : "tile %s is not in the legend",
                                  q);
        }
        if (c->rows > 0 && cells == c->width && !extra_at)
            extra_at = wf__col(at);
        if (cells >= (size_t)WF_GRID_MAX_SIDE)
            return wf__text_error(c->t, WF_E_TOO_BIG, ln->no, wf__col(at),
                                  "row %d has more than %d cells",
                                  c->rows + 1, WF_GRID_MAX_SIDE);
        wf_tile_kind kind = c->legend->entries[idx].kind;
        if (!extra_at && (kind == WF_TILE_START || kind == WF_TILE_GOAL)) {
            wf_status s = mark(c, ln, at, (int)cells, kind);
            if (s != WF_OK)
                return s;
        }
        if (c->g && !extra_at)
            wf__grid_poke(c->g, (int)cells, c->rows, (uint8_t)idx);
        cells++;
        if (i == n)
            break;
        if (p[i] != ',') {
            wf__quote(p + i, 1, q, sizeof q);
            return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(i),
                                  "expected ',' or end of line after a tile "
                                  "code, found %s", q);
        }
        i++;
    }
    if (c->rows == 0)
        c->width = cells;
    if (cells != c->width)
        return wf__text_error(c->t, WF_E_PARSE, ln->no,
                              extra_at ? extra_at : wf__col(n),
                              "row %d has %zu cells, expected %zu",
                              c->rows + 1, cells, c->width);
    return WF_OK;
}

/* Every line: with c->g NULL it checks and sizes the map, with c->g set it
 * fills the grid. */
static wf_status parse_rows(csv_ctx *c) {
    wf__line ln;
    unsigned blank_line = 0;
    while (wf__text_next(c->t, &ln)) {
        if (wf__line_blank(&ln)) {
            if (!blank_line)
                blank_line = ln.no;
            continue;
        }
        if (blank_line) {
            if (c->rows == 0)
                return wf__text_error(c->t, WF_E_PARSE, blank_line, 1,
                                      "expected a row of tile codes, found "
                                      "an empty line");
            return wf__text_error(c->t, WF_E_PARSE, blank_line, 1,
                                  "row %d is empty, expected %zu cells",
                                  c->rows + 1, c->width);
        }
        wf_status s = parse_row(c, &ln);
        if (s != WF_OK)
            return s;
        if (c->rows == WF_GRID_MAX_SIDE)
            return wf__text_error(c->t, WF_E_TOO_BIG, ln.no, 1,
                                  "more than %d rows", WF_GRID_MAX_SIDE);
        c->rows++;
        size_t cells;
        if (!wf__mul_size(c->width, (size_t)c->rows, &cells) ||
            cells > WF_GRID_MAX_CELLS)
            return wf__text_error(c->t, WF_E_TOO_BIG, ln.no, 1,
                                  "map of %zu x %d cells is larger than the "
                                  "limit of %zu cells",
                                  c->width, c->rows,
                                  (size_t)WF_GRID_MAX_CELLS);
    }
    if (c->rows == 0)
        return wf__text_expected_eof(c->t, "a row of tile codes");
    return WF_OK;
}

static wf_status set_table(wf_grid *g, const wf_legend *l) {
    for (int i = 0; i < l->count; i++) {
        const wf_legend_entry *e = &l->entries[i];
        double cost = e->kind == WF_TILE_BLOCKED ? WF_BLOCKED : e->cost;
        wf_status s = wf_grid_set_cost(g, (uint8_t)i, cost);
        if (s != WF_OK)
            return s;
    }
    return WF_OK;
}

wf_status wf_csv_map_parse(const char *buf, size_t len, const char *name,
                           const wf_legend *legend, const wf_allocator *alloc,
                           wf_grid **out, wf_map_marks *marks,
                           wf_diag *diag) {
    if (marks)
        memset(marks, 0, sizeof *marks);
    if (out)
        *out = NULL;
    if (!out || !legend || (!buf && len) || !legend_ok(legend))
        return WF_E_INVALID_ARG;
    wf__text t;
    wf__text_init(&t, buf, len, name, diag);
    wf__text body = t;
    csv_ctx c;
    memset(&c, 0, sizeof c);
    c.t = &t;
    c.legend = legend;
    for (int i = 0; i < legend->count; i++) {
        c.sorted[i].tile = legend->entries[i].tile;
        c.sorted[i].index = i;
    }
    qsort(c.sorted, (size_t)legend->count, sizeof c.sorted[0], cmp_tile);
    for (int i = 1; i < legend->count; i++)
        if (c.sorted[i].tile == c.sorted[i - 1].tile)
            return WF_E_INVALID_ARG;
    wf_status s = parse_rows(&c);
    if (s != WF_OK)
        return s;
    wf_map_marks found = c.marks;
    int w = (int)c.width, h = c.rows;
    wf_grid *g;
    if ((s = wf_grid_create(w, h, alloc, &g)) != WF_OK)
        return s;
    if ((s = set_table(g, legend)) != WF_OK) {
        wf_grid_destroy(g);
        return s;
    }
    /* the second pass re-reads text the first one accepted */
    c.t = &body;
    c.g = g;
    c.rows = 0;
    memset(&c.marks, 0, sizeof c.marks);
    parse_rows(&c);
    /* what searches read of the cells, built once */
    wf_grid_set_cells(g, wf_grid_cells(g));
    if (marks)
        *marks = found;
    *out = g;
    return WF_OK;
}

typedef struct read_ctx {
    const wf_legend *legend;
    const wf_allocator *alloc;
    wf_grid **out;
    wf_map_marks *marks;
} read_ctx;

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    read_ctx *c = ctx;
    return wf_csv_map_parse(buf, len, name, c->legend, c->alloc, c->out,
                            c->marks, diag);
}

wf_status wf_csv_map_read(const char *path, const wf_legend *legend,
                          const wf_allocator *alloc, wf_grid **out,
                          wf_map_marks *marks, wf_diag *diag) {
    if (out)
        *out = NULL;
    if (marks)
        memset(marks, 0, sizeof *marks);
    if (!path || !out || !legend)
        return WF_E_INVALID_ARG;
    read_ctx c = {legend, alloc, out, marks};
    return wf__read_parse(path, WF_CSV_FILE_MAX, "a CSV map file", alloc,
                          parse_read, &c, diag);
}
