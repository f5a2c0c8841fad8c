/* Hierarchy files (docs/formats.md, "Hierarchy files"): a 64-byte header,
 * then the unit's costs and the arrays of wf_ch, all little-endian.
 *
 *   0  magic "WFCHIER\n"       40  u64 digest of the map's terrain
 *   8  u32 format version      48  u64 checksum of the rest of the file
 *  12  u32 width               56  u64 0 (reserved)
 *  16  u32 height              64  256 f64: the unit's cost of entering
 *  20  u32 connect (4 or 8)        each terrain (inf: it may not)
 *  24  u32 corner rule             then: nodes u32 cells (node → cell),
 *  28  u32 nodes                   nodes + 1 u32 list offsets, arcs ×
 *  32  u64 arcs                    (u32 to, f64 out, f64 in), arcs × 2 ×
 *                                  (u32 mid, u32 first, u32 second)
 *
 * A reader trusts nothing: the cheap and telling checks first (size,
 * magic, version, map, unit), then the checksum, then every array against
 * the map and the rest (wf__ch_check), so that no file, even one edited
 * by hand with its checksum recomputed, makes a query return anything but
 * legal moves at their cost. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "wayfind/names.h"
#include "binary.h"
#include "file_read.h"
#include "wf_core_private.h"

static const char magic[8] = {'W', 'F', 'C', 'H', 'I', 'E', 'R', '\n'};

#define HEADER 64
#define COSTS (256 * 8)
#define ARC_BYTES 20
#define VIA_BYTES 24
#define CHECKSUM_SEED 0xA54FF53A5F1D36F1u

/* Bytes after the header of a file of n nodes and a arcs (a bounded by
 * the caller so that this cannot overflow). */
static size_t body_bytes(uint64_t n, uint64_t a) {
    return COSTS + (size_t)(2 * n + 1) * 4 + (size_t)a * (ARC_BYTES + VIA_BYTES);
}

/* The body of c into a new buffer of body_bytes (NULL: out of memory). */
static unsigned char *encode(const wf__ch_parts *p, const wf_allocator *a,
                             size_t len) {
    unsigned char *b = wf__alloc(a, len);
    if (!b)
        return NULL;
    unsigned char *q = b;
    for (int t = 0; t < 256; t++, q += 8)
        wf__put64(q, wf__f64_bits(p->unit->cost[t]));
    for (uint32_t r = 0; r < p->nodes; r++, q += 4)
        wf__put32(q, p->cell_of[r]);
    for (uint32_t r = 0; r <= p->nodes; r++, q += 4)
        wf__put32(q, p->first[r]);
    for (size_t k = 0; k < p->arcs; k++, q += ARC_BYTES) {
        wf__put32(q, p->arc[k].to);
        wf__put64(q + 4, wf__f64_bits(p->arc[k].out));
        wf__put64(q + 12, wf__f64_bits(p->arc[k].in));
    }
    for (size_t k = 0; k < 2 * p->arcs; k++, q += 12) {
        wf__put32(q, p->via[k].mid);
        wf__put32(q + 4, p->via[k].first);
        wf__put32(q + 8, p->via[k].second);
    }
    return b;
}

wf_status wf_ch_write(FILE *f, const wf_ch *c, const wf_grid *g) {
    if (!f || !c || !g)
        return WF_E_INVALID_ARG;
    wf__ch_parts p;
    wf__ch_parts_of(c, &p);
    if (wf__made_for_current(p.unit, g) != WF_OK)
        return WF_E_INVALID_ARG;
    const size_t len = body_bytes(p.nodes, p.arcs);
    const wf_allocator *a = wf__grid_allocator(g);
    unsigned char *body = encode(&p, a, len);
    if (!body)
        return WF_E_NOMEM;
    unsigned char h[HEADER] = {0};
    memcpy(h, magic, sizeof magic);
    wf__put32(h + 8, WF_CH_FILE_VERSION);
    wf__put32(h + 12, (uint32_t)g->width);
    wf__put32(h + 16, (uint32_t)g->height);
    wf__put32(h + 20, (uint32_t)p.unit->move.connect);
    wf__put32(h + 24, (uint32_t)p.unit->move.corners);
    wf__put32(h + 28, p.nodes);
    wf__put64(h + 32, p.arcs);
    wf__put64(h + 40, wf__grid_digest(g));
    wf__put64(h + 48, wf__checksum(CHECKSUM_SEED, body, len));
    const int ok = fwrite(h, 1, HEADER, f) == HEADER &&
                   fwrite(body, 1, len, f) == len && fflush(f) == 0 &&
                   !ferror(f);
    wf__free(a, body, len);
    return ok ? WF_OK : WF_E_IO;
}

static const wf__binary_kind kind = {magic, HEADER, 8, WF_CH_FILE_VERSION,
                                     "hierarchy file",
                                     "wayfind prep --hierarchy"};

/* The first 64 bytes: a hierarchy file of this version for g's size and
 * terrain. */
static wf_status check_map(const unsigned char *b, size_t len,
                           const char *name, const wf_grid *g,
                           wf_diag *diag) {
    wf_status s = wf__binary_head(b, len, name, &kind, diag);
    if (s == WF_OK)
        s = wf__binary_map(b, 12, wf__get64(b + 40), wf__grid_digest(g),
                           "terrain digest", name, g, diag);
    if (s == WF_OK && wf__get64(b + 56) != 0) {
        wf__diag_set(diag, name, 0, 0, "corrupted: the reserved header word "
                                       "is not 0");
        s = WF_E_PARSE;
    }
    return s;
}

/* The movement model in the header and the costs after it: the unit u's,
 * bit for bit. */
static wf_status check_unit(const unsigned char *b, size_t len,
                            const char *name, const wf__made_for *u,
                            wf_diag *diag) {
    const uint32_t connect = wf__get32(b + 20), corners = wf__get32(b + 24);
    if (connect != (uint32_t)u->move.connect ||
        corners != (uint32_t)u->move.corners) {
        const char *file_rule =
            corners <= (uint32_t)WF_CORNERS_ONE_FREE
                ? wf_corners_name((wf_corners)corners)
                : "?";
        wf__diag_set(diag, name, 0, 0,
                     "made for another unit: %" PRIu32 "-connected, corners "
                     "%s; this one is %d-connected, corners %s",
                     connect, file_rule, u->move.connect,
                     wf_corners_name(u->move.corners));
        return WF_E_PARSE;
    }
    if (len - HEADER < COSTS) {
        wf__diag_set(diag, name, 0, 0,
                     "truncated: %zu bytes, not even the header and the "
                     "unit's %d costs", len, 256);
        return WF_E_PARSE;
    }
    for (int t = 0; t < 256; t++) {
        const double c = wf__bits_f64(wf__get64(b + HEADER + 8 * t));
        if (wf__f64_bits(c) != wf__f64_bits(u->cost[t])) {
            wf__diag_set(diag, name, 0, 0,
                         "made for another unit or costs: entering terrain "
                         "%d costs %.17g in the file, %.17g here", t, c,
                         u->cost[t]);
            return WF_E_PARSE;
        }
    }
    return WF_OK;
}

/* The header and the unit's costs: WF_OK when they fit g and the unit u,
 * and the counts the cells the unit may stand on. */
static wf_status check_header(const unsigned char *b, size_t len,
                              const char *name, const wf_grid *g,
                              const wf__made_for *u, wf_diag *diag) {
    wf_status st = check_map(b, len, name, g, diag);
    if (st == WF_OK)
        st = check_unit(b, len, name, u, diag);
    if (st != WF_OK)
        return st;
    const uint32_t nodes = wf__get32(b + 28);
    if (nodes != u->nodes) {
        wf__diag_set(diag, name, 0, 0,
                     "corrupted: %" PRIu32 " nodes, the unit may stand on "
                     "%zu cells of this map", nodes, u->nodes);
        return WF_E_PARSE;
    }
    /* at most one arc a pair of nodes (nodes <= 2^22: no overflow) */
    const uint64_t arcs = wf__get64(b + 32);
    const uint64_t pairs = (uint64_t)nodes * (nodes ? nodes - 1 : 0) / 2;
    if (arcs > pairs) {
        wf__diag_set(diag, name, 0, 0,
                     "corrupted: %" PRIu64 " arcs, more than the %" PRIu64
                     " pairs of its %" PRIu32 " nodes", arcs, pairs, nodes);
        return WF_E_PARSE;
    }
    return WF_OK;
}

/* Everything but the arrays themselves: WF_OK when the header fits g and
 * the unit u, the length the header, and the rest its checksum. */
static wf_status check_file(const unsigned char *b, size_t len,
                            const char *name, const wf_grid *g,
                            const wf__made_for *u, wf_diag *diag) {
    wf_status st = check_header(b, len, name, g, u, diag);
    if (st != WF_OK)
        return st;
    const uint32_t nodes = wf__get32(b + 28);
    const uint64_t arcs = wf__get64(b + 32);
    /* nodes <= cells; arcs bounded by the length before multiplying */
    const size_t rest = len - HEADER;
    if (arcs > rest / (ARC_BYTES + VIA_BYTES) ||
        body_bytes(nodes, arcs) > rest) {
        wf__diag_set(diag, name, 0, 0,
                     "truncated: %zu bytes, less than the %" PRIu32
                     " nodes and %" PRIu64 " arcs the header promises",
                     len, nodes, arcs);
        return WF_E_PARSE;
    }
    if (body_bytes(nodes, arcs) < rest) {
        wf__diag_set(diag, name, 0, 0,
                     "%zu bytes, a hierarchy file of %" PRIu32 " nodes and "
                     "%" PRIu64 " arcs has %zu (data after the arrays)",
                     len, nodes, arcs, HEADER + body_bytes(nodes, arcs));
        return WF_E_PARSE;
    }
    if (wf__checksum(CHECKSUM_SEED, b + HEADER, rest) != wf__get64(b + 48)) {
        wf__diag_set(diag, name, 0, 0,
                     "corrupted: the contents do not match the file's "
                     "checksum");
        return WF_E_PARSE;
    }
    return WF_OK;
}

/* The arrays of the file into p's. */
static void decode(const unsigned char *b, wf__ch_parts *p) {
    const unsigned char *q = b + HEADER + COSTS;
    for (uint32_t r = 0; r < p->nodes; r++, q += 4)
        p->cell_of[r] = wf__get32(q);
    for (uint32_t r = 0; r <= p->nodes; r++, q += 4)
        p->first[r] = wf__get32(q);
    for (size_t k = 0; k < p->arcs; k++, q += ARC_BYTES)
        p->arc[k] = (wf__ch_arc){wf__get32(q), wf__bits_f64(wf__get64(q + 4)),
                                 wf__bits_f64(wf__get64(q + 12))};
    for (size_t k = 0; k < 2 * p->arcs; k++, q += 12)
        p->via[k] = (wf__ch_via){wf__get32(q), wf__get32(q + 4),
                                 wf__get32(q + 8)};
}

wf_status wf_ch_parse(const void *buf, size_t len, const char *name,
                      const wf_grid *g, const wf_move *move,
                      const wf_filter *filter, const wf_allocator *alloc,
                      wf_ch **out, wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!out || !g || (!buf && len))
        return WF_E_INVALID_ARG;
    wf__made_for u;
    if (wf__made_for_init(g, move, filter, &u) != WF_OK)
        return WF_E_INVALID_ARG;
    const unsigned char *b = buf;
    wf_status st = check_file(b, len, name, g, &u, diag);
    if (st != WF_OK)
        return st;
    wf_ch *c = NULL;
    st = wf__ch_alloc(g, move, filter, wf__get32(b + 28), wf__get64(b + 32),
                      alloc, &c);
    if (st != WF_OK) {
        wf__diag_set(diag, name, 0, 0,
                     st == WF_E_TOO_BIG
                         ? "%" PRIu64 " arcs: more than a hierarchy holds"
                         : "no memory for a hierarchy of %" PRIu64 " arcs",
                     wf__get64(b + 32));
        return st;
    }
    wf__ch_parts p;
    wf__ch_parts_of(c, &p);
    decode(b, &p);
    char why[200];
    if ((st = wf__ch_check(c, g, why, sizeof why)) != WF_OK) {
        if (st == WF_E_PARSE)
            wf__diag_set(diag, name, 0, 0, "corrupted: %s", why);
        else
            wf__diag_set(diag, name, 0, 0, "no memory to check a hierarchy "
                         "of %u nodes", p.nodes);
        wf_ch_free(c);
        return st;
    }
    *out = c;
    return WF_OK;
}

typedef struct read_ctx {
    wf__made_for unit;
    const wf_grid *g;
    const wf_move *move;
    const wf_filter *filter;
    const wf_allocator *alloc;
    wf_ch **out;
} read_ctx;

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    read_ctx *c = ctx;
    return wf_ch_parse(buf, len, name, c->g, c->move, c->filter, c->alloc,
                       c->out, diag);
}

/* The length the header b[0..n) gives, once it fits the map and unit; 0
 * when it does not (the parser then says why). */
static size_t file_bytes(void *ctx, const unsigned char *b, size_t n) {
    const read_ctx *c = ctx;
    if (check_header(b, n, NULL, c->g, &c->unit, NULL) != WF_OK)
        return 0;
    const uint64_t arcs = wf__get64(b + 32);
    if (arcs > WF_CH_FILE_MAX / (ARC_BYTES + VIA_BYTES))
        return WF_CH_FILE_MAX; /* more than the reader takes */
    return HEADER + body_bytes(wf__get32(b + 28), arcs);
}

wf_status wf_ch_read(const char *path, const wf_grid *g, const wf_move *move,
                     const wf_filter *filter, const wf_allocator *alloc,
                     wf_ch **out, wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!path || !g || !out)
        return WF_E_INVALID_ARG;
    read_ctx c = {.g = g, .move = move, .filter = filter, .alloc = alloc,
                  .out = out};
    if (wf__made_for_init(g, move, filter, &c.unit) != WF_OK)
        return WF_E_INVALID_ARG;
    const wf__file_limit lim = {HEADER + COSTS, file_bytes, &c,
                               "data after the arrays"};
    return wf__read_parse_limited(path, WF_CH_FILE_MAX, &lim,
                                  "a hierarchy file", alloc, parse_read, &c,
                                  diag);
}
