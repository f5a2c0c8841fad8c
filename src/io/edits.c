/* Edits files: batches of "X Y TILE" lines separated by blank lines, each
 * tile named as the map's own format names it. */
#include <limits.h>

#include "file_read.h"
#include "lexer.h"
#include "map_chars.h"
#include "wayfind/io.h"

#define LEGEND_MAX 256

typedef struct edits_ctx {
    wf__text *t;
    int width, height;
    wf_map_format format;
    const wf_legend *legend;
    wf_edits *out;      /* NULL in the checking pass */
} edits_ctx;

/* Reads coordinate @p axis ("x" or "y", 0..limit-1) from the line. */
static wf_status take_coord(edits_ctx *c, wf__line *ln, const char *axis,
                            int limit, int *v) {
    const char *p;
    size_t n, at;
    char q[WF__QUOTE_SIZE];
    if (!wf__line_word(ln, &p, &n, &at))
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(ln->n),
                              "expected %s (an integer), found end of line "
                              "(an edit is 'X Y TILE')", axis);
    long long x = 0;
    int r = wf__parse_int(p, n, 0, limit - 1, &x);
    wf__quote(p, n, q, sizeof q);
    if (r == WF__NUM_BAD)
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected %s (an integer), found %s", axis, q);
    if (r != WF__NUM_OK)
        return wf__text_error(c->t, WF_E_RANGE, ln->no, wf__col(at),
                              "%s %s is off the map, which is %d x %d cells "
                              "(%s 0..%d)", axis, q, c->width, c->height,
                              axis, limit - 1);
    *v = (int)x;
    return WF_OK;
}

/* A map character as a terrain code of the map's format. */
static wf_status char_tile(edits_ctx *c, const wf__line *ln, const char *p,
                           size_t n, size_t at, uint8_t *terrain) {
    char q[WF__QUOTE_SIZE], b[16];
    int movingai = c->format == WF_MAP_FORMAT_MOVINGAI;
    const char *chars = movingai ? ". G S W @ O T" : ". # 1-9";
    if (n != 1) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected one map character as the tile (%s), "
                              "found %s", chars, q);
    }
    unsigned char ch = (unsigned char)p[0];
    if (!movingai && (ch == 'S' || ch == 'G'))
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                              "'%c' marks the %s of an ASCII map, not a "
                              "terrain: expected one of %s", (char)ch,
                              ch == 'S' ? "start" : "goal", chars);
    int known = movingai ? wf__movingai_char_class(ch) != 0
                         : wf__ascii_code(ch) != 0;
    if (!known)
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                              "unknown tile %s, expected one of %s",
                              wf__byte_desc(ch, b, sizeof b), chars);
    *terrain = ch;
    return WF_OK;
}

/* A CSV tile number as the index of its legend entry. */
static wf_status legend_tile(edits_ctx *c, const wf__line *ln, const char *p,
                             size_t n, size_t at, uint8_t *terrain) {
    char q[WF__QUOTE_SIZE];
    long long v = 0;
    int r = wf__parse_int(p, n, LONG_MIN, LONG_MAX, &v);
    wf__quote(p, n, q, sizeof q);
    if (r == WF__NUM_BAD)
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected a tile number (an integer), found %s",
                              q);
    for (int i = 0; r == WF__NUM_OK && i < c->legend->count; i++)
        if (c->legend->entries[i].tile == (long)v) {
            *terrain = (uint8_t)i;
            return WF_OK;
        }
    return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                          "tile %s is not in the legend", q);
}

/* One edit line into *e. */
static wf_status parse_edit(edits_ctx *c, wf__line *ln, wf_edit *e) {
    const char *p;
    size_t n, at;
    char q[WF__QUOTE_SIZE];
    wf_status s = take_coord(c, ln, "x", c->width, &e->cell.x);
    if (s == WF_OK)
        s = take_coord(c, ln, "y", c->height, &e->cell.y);
    if (s != WF_OK)
        return s;
    if (!wf__line_word(ln, &p, &n, &at))
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(ln->n),
                              "expected the tile, found end of line (an edit "
                              "is 'X Y TILE')");
    s = c->format == WF_MAP_FORMAT_CSV
            ? legend_tile(c, ln, p, n, at, &e->terrain)
            : char_tile(c, ln, p, n, at, &e->terrain);
    if (s != WF_OK)
        return s;
    if (wf__line_word(ln, &p, &n, &at)) {
        wf__quote(p, n, q, sizeof q);
        return wf__text_error(c->t, WF_E_PARSE, ln->no, wf__col(at),
                              "expected end of line after the tile, found %s "
                              "(an edit is 'X Y TILE')", q);
    }
    e->line = ln->no;
    return WF_OK;
}

/* Every line: counts edits and batches (checking pass, c->out NULL) or
 * stores them into arrays sized by that count. */
static wf_status parse_all(edits_ctx *c, size_t *edits, size_t *batches) {
    wf__line ln;
    size_t ne = 0, nb = 0;
    int in_batch = 0;
    while (wf__text_next(c->t, &ln)) {
        if (wf__line_blank(&ln)) {
            in_batch = 0;
            continue;
        }
        wf__line_skip_blanks(&ln);
        if (ln.p[ln.i] == '#')
            continue;
        wf_edit e;
        wf_status s = parse_edit(c, &ln, &e);
        if (s != WF_OK)
            return s;
        if (!in_batch) {
            if (c->out)
                c->out->batches[nb].edits = c->out->edits + ne;
            nb++;
            in_batch = 1;
        }
        if (c->out) {
            c->out->edits[ne] = e;
            c->out->batches[nb - 1].count++;
        }
        ne++;
    }
    if (ne == 0)
        return wf__text_expected_eof(c->t, "an edit 'X Y TILE'");
    *edits = ne;
    *batches = nb;
    return WF_OK;
}

/* Allocates both arrays of @p out, zeroed; 0 when out of memory. */
static int alloc_arrays(wf_edits *out, size_t edits, size_t batches) {
    size_t eb, bb;
    if (!wf__mul_size(edits, sizeof *out->edits, &eb) ||
        !wf__mul_size(batches, sizeof *out->batches, &bb))
        return 0;
    out->edits = wf__alloc(&out->alloc, eb);
    out->batches = wf__alloc(&out->alloc, bb);
    if (!out->edits || !out->batches) {
        wf__free(&out->alloc, out->edits, eb);
        wf__free(&out->alloc, out->batches, bb);
        out->edits = NULL;
        out->batches = NULL;
        return 0;
    }
    memset(out->edits, 0, eb);
    memset(out->batches, 0, bb);
    return 1;
}

wf_status wf_edits_parse(const char *buf, size_t len, const char *name,
                         const wf_grid *g, wf_map_format format,
                         const wf_legend *legend, const wf_allocator *alloc,
                         wf_edits *out, wf_diag *diag) {
    if (!out)
        return WF_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    out->alloc = wf__allocator(alloc);
    if (!g || (!buf && len))
        return WF_E_INVALID_ARG;
    if (format != WF_MAP_FORMAT_MOVINGAI && format != WF_MAP_FORMAT_ASCII &&
        format != WF_MAP_FORMAT_CSV)
        return WF_E_INVALID_ARG;
    if (format == WF_MAP_FORMAT_CSV &&
        (!legend || legend->count < 1 || legend->count > LEGEND_MAX))
        return WF_E_INVALID_ARG;
    wf__text t;
    wf__text_init(&t, buf, len, name, diag);
    wf__text body = t;
    edits_ctx c = {&t, wf_grid_width(g), wf_grid_height(g), format, legend,
                   NULL};
    size_t edits = 0, batches = 0;
    wf_status s = parse_all(&c, &edits, &batches);
    if (s != WF_OK)
        return s;
    if (!alloc_arrays(out, edits, batches))
        return WF_E_NOMEM;
    /* the second pass re-reads text the first one accepted */
    c.t = &body;
    c.out = out;
    parse_all(&c, &out->count, &out->batch_count);
    return WF_OK;
}

typedef struct read_ctx {
    const wf_grid *g;
    wf_map_format format;
    const wf_legend *legend;
    const wf_allocator *alloc;
    wf_edits *out;
} read_ctx;

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    read_ctx *c = ctx;
    return wf_edits_parse(buf, len, name, c->g, c->format, c->legend,
                          c->alloc, c->out, diag);
}

wf_status wf_edits_read(const char *path, const wf_grid *g,
                        wf_map_format format, const wf_legend *legend,
                        const wf_allocator *alloc, wf_edits *out,
                        wf_diag *diag) {
    if (!out)
        return WF_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    out->alloc = wf__allocator(alloc);
    if (!path || !g)
        return WF_E_INVALID_ARG;
    read_ctx c = {g, format, legend, alloc, out};
    return wf__read_parse(path, WF_EDITS_FILE_MAX, "an edits file", alloc,
                          parse_read, &c, diag);
}

void wf_edits_free(wf_edits *e) {
    if (!e)
        return;
    wf_allocator a = wf__allocator(&e->alloc);
    wf__free(&a, e->edits, e->count * sizeof *e->edits);
    wf__free(&a, e->batches, e->batch_count * sizeof *e->batches);
    e->edits = NULL;
    e->batches = NULL;
    e->count = 0;
    e->batch_count = 0;
}
