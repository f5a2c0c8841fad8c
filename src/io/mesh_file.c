/* Mesh files (docs/formats.md, "Mesh files"): an 88-byte header, then the
 * corners, polygons and off-mesh links of a wf_mesh, all little-endian.
 *
 *   0  magic "WFMESH\r\n"       40  u32 grid width     } 0 without a grid
 *   8  u64 checksum of the      44  u32 grid height    }
 *      bytes from 16 on         48  u32 the unit's connect (8)
 *  16  u32 format version (2)   52  u32 its corner rule
 *  20  u32 links l              56  u32 its size
 *  24  u32 vertices v           60  u32 0 (reserved)
 *  28  u32 polygons p           64  f64 cost of a world unit of path
 *  32  u32 corners c (in all)   72  u64 digest of the grid
 *  36  u32 source: 0 none,      80  f64 scale (fixed-point units a world
 *      1 a grid                         unit, the double's own bits)
 *  88  v × (i32 x, i32 y), p × u32 corners, c × u32 vertex, c × u32
 *      polygon across (0xFFFFFFFF: the boundary), l × (i32 ax, ay, bx, by,
 *      f64 cost, u32 1 two-way / 0 one-way)
 *
 * Version 1, read still, had an 80-byte header with the scale as a u32 at
 * 20 and no links.
 *
 * A reader trusts nothing: the cheap and telling checks first (size,
 * magic, version, the map it was made from), then the length the counts
 * give, the checksum, and every array (wf__mesh_check), so that no file,
 * even one edited by hand with its checksum recomputed, makes a query
 * read outside the mesh or run on without end. The mesh derives the rest
 * (pieces, buckets, areas) as a built one does, so it answers every query
 * bit for bit as the mesh that was saved. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "binary.h"
#include "file_read.h"
#include "wf_core_private.h"

static const char magic[8] = {'W', 'F', 'M', 'E', 'S', 'H', '\r', '\n'};

#define HEADER 88
#define HEADER_V1 80
#define LINK_BYTES 28
#define CHECKSUM_SEED 0x510E527FADE682D1u

/* ---- writing ------------------------------------------------------------ */

/* Where the bytes from offset 16 on go: into the checksum (f NULL) or to
 * the stream, through a buffer of whole 8-byte words. */
typedef struct sink {
    FILE *f;
    uint64_t sum;
    int failed;
    size_t n;
    unsigned char buf[4096];
} sink;

static void flush(sink *s) {
    if (s->f) {
        s->failed |= s->n && fwrite(s->buf, 1, s->n, s->f) != s->n;
    } else {
        s->sum = wf__checksum(s->sum, s->buf, s->n);
    }
    s->n = 0;
}

static void put(sink *s, uint32_t v) {
    if (s->n == sizeof s->buf)
        flush(s);
    wf__put32(s->buf + s->n, v);
    s->n += 4;
}

static void put64(sink *s, uint64_t v) {
    put(s, (uint32_t)v);
    put(s, (uint32_t)(v >> 32));
}

/* The file from offset 16 on. */
static void emit(const wf__mesh_parts *p, sink *s) {
    put(s, WF_MESH_FILE_VERSION);
    put(s, p->links);
    put(s, p->vertices);
    put(s, p->polygons);
    put(s, p->corners);
    put(s, p->from_grid ? 1 : 0);
    put(s, (uint32_t)p->grid_width);
    put(s, (uint32_t)p->grid_height);
    put(s, (uint32_t)p->move.connect);
    put(s, (uint32_t)p->move.corners);
    put(s, (uint32_t)p->move.size);
    put(s, 0);
    put64(s, wf__f64_bits(p->cost));
    put64(s, p->grid_digest);
    put64(s, wf__f64_bits(p->scale));
    for (uint32_t v = 0; v < p->vertices; v++) {
        put(s, (uint32_t)p->vert[v].x);
        put(s, (uint32_t)p->vert[v].y);
    }
    for (uint32_t q = 0; q < p->polygons; q++)
        put(s, p->pstart[q + 1] - p->pstart[q]);
    for (uint32_t i = 0; i < p->corners; i++)
        put(s, p->pvert[i]);
    for (uint32_t i = 0; i < p->corners; i++)
        put(s, p->padj[i]);
    for (uint32_t i = 0; i < p->links; i++) {
        const wf__mlink *l = &p->link[i];
        put(s, (uint32_t)l->a.x);
        put(s, (uint32_t)l->a.y);
        put(s, (uint32_t)l->b.x);
        put(s, (uint32_t)l->b.y);
        put64(s, wf__f64_bits(l->cost));
        put(s, l->two_way);
    }
    flush(s);
}

wf_status wf_mesh_write(FILE *f, const wf_mesh *m) {
    if (!f || !m)
        return WF_E_INVALID_ARG;
    wf__mesh_parts p;
    wf__mesh_parts_of(m, &p);
    sink s;
    s.f = NULL;
    s.sum = CHECKSUM_SEED;
    s.failed = 0;
    s.n = 0;
    emit(&p, &s);
    unsigned char head[16];
    memcpy(head, magic, sizeof magic);
    wf__put64(head + 8, s.sum);
    s.f = f;
    if (fwrite(head, 1, sizeof head, f) != sizeof head)
        return WF_E_IO;
    emit(&p, &s);
    return !s.failed && fflush(f) == 0 && !ferror(f) ? WF_OK : WF_E_IO;
}

/* ---- reading ------------------------------------------------------------ */

static const wf__binary_kind kind = {magic,       HEADER,
                                     16,          WF_MESH_FILE_VERSION,
                                     "mesh file", "wayfind mesh --out"};
static const wf__binary_kind kind_v1 = {magic, HEADER_V1, 16, 1,
                                        "mesh file", "wayfind mesh --out"};

/* The kind of file b[0..len) says it is: version 1's, or this one's (whose
 * check refuses any other version). */
static const wf__binary_kind *kind_of(const unsigned char *b, size_t len) {
    return len >= 20 && wf__get32(b + 16) == 1 ? &kind_v1 : &kind;
}

/* The links of a file of kind k (version 1 has none). */
static uint32_t links_of(const unsigned char *b, const wf__binary_kind *k) {
    return k == &kind_v1 ? 0 : wf__get32(b + 20);
}

/* Bytes after the header of a file of kind k of v vertices, p polygons,
 * c corners and l links (no overflow: under 2^38). */
static uint64_t body_bytes(const unsigned char *b, const wf__binary_kind *k) {
    return 8 * (uint64_t)wf__get32(b + 24) + 4 * (uint64_t)wf__get32(b + 28) +
           8 * (uint64_t)wf__get32(b + 32) +
           LINK_BYTES * (uint64_t)links_of(b, k);
}

/* The header: a mesh file of this version, of g when g is given (its
 * size and digest). */
static wf_status check_header(const unsigned char *b, size_t len,
                              const char *name, const wf_grid *g,
                              wf_diag *diag) {
    const wf_status s = wf__binary_head(b, len, name, kind_of(b, len), diag);
    if (s != WF_OK)
        return s;
    const uint32_t source = wf__get32(b + 36), reserved = wf__get32(b + 60);
    if (source > 1 || reserved != 0) {
        wf__diag_set(diag, name, 0, 0,
                     source > 1 ? "corrupted: made from source %" PRIu32
                                  ", not 0 (none) or 1 (a grid)"
                                : "corrupted: the reserved header word is "
                                  "%" PRIu32 ", not 0",
                     source > 1 ? source : reserved);
        return WF_E_PARSE;
    }
    if (!g)
        return WF_OK;
    if (source != 1) {
        wf__diag_set(diag, name, 0, 0,
                     "made from no map, so it cannot be checked against "
                     "one (read it without the map)");
        return WF_E_PARSE;
    }
    return wf__binary_map(b, 40, wf__get64(b + 72), wf__mesh_grid_digest(g),
                          "digest of the terrain and its costs", name, g,
                          diag);
}

/* Everything but the arrays themselves: the header, the length its
 * counts give, and the checksum. */
static wf_status check_file(const unsigned char *b, size_t len,
                            const char *name, const wf_grid *g,
                            wf_diag *diag) {
    wf_status st = check_header(b, len, name, g, diag);
    if (st != WF_OK)
        return st;
    const wf__binary_kind *k = kind_of(b, len);
    const uint64_t want = body_bytes(b, k), rest = len - k->header;
    if (want != rest) {
        wf__diag_set(diag, name, 0, 0,
                     want > rest
                         ? "truncated: %zu bytes, less than the %" PRIu32
                           " vertices, %" PRIu32 " polygons, %" PRIu32
                           " corners and %" PRIu32 " links the header "
                           "promises (%" PRIu64 ")"
                         : "%zu bytes, a mesh file of %" PRIu32
                           " vertices, %" PRIu32 " polygons, %" PRIu32
                           " corners and %" PRIu32 " links has %" PRIu64
                           " (data after the arrays)",
                     len, wf__get32(b + 24), wf__get32(b + 28),
                     wf__get32(b + 32), links_of(b, k), k->header + want);
        return WF_E_PARSE;
    }
    if (wf__checksum(CHECKSUM_SEED, b + 16, len - 16) != wf__get64(b + 8)) {
        wf__diag_set(diag, name, 0, 0,
                     "corrupted: the contents do not match the file's "
                     "checksum");
        return WF_E_PARSE;
    }
    return WF_OK;
}

/* A header number as an int, -1 when it is none (the check refuses it). */
static int as_int(uint32_t v) { return v <= INT32_MAX ? (int)v : -1; }

/* The counts and numbers of the header of a file of kind k. */
static void header_parts(const unsigned char *b, const wf__binary_kind *k,
                         wf__mesh_parts *p) {
    memset(p, 0, sizeof *p);
    p->links = links_of(b, k);
    p->scale = k == &kind_v1 ? (double)wf__get32(b + 20)
                             : wf__bits_f64(wf__get64(b + 80));
    p->vertices = wf__get32(b + 24);
    p->polygons = wf__get32(b + 28);
    p->corners = wf__get32(b + 32);
    p->from_grid = (int)wf__get32(b + 36);
    p->grid_width = as_int(wf__get32(b + 40));
    p->grid_height = as_int(wf__get32(b + 44));
    p->move.connect = as_int(wf__get32(b + 48));
    p->move.corners = (wf_corners)as_int(wf__get32(b + 52));
    p->move.size = as_int(wf__get32(b + 56));
    p->cost = wf__bits_f64(wf__get64(b + 64));
    p->grid_digest = wf__get64(b + 72);
}

/* The arrays of the file (of kind k) into p's. */
static void decode(const unsigned char *b, const wf__binary_kind *k,
                   const wf__mesh_parts *p) {
    const unsigned char *q = b + k->header;
    for (uint32_t v = 0; v < p->vertices; v++, q += 8)
        p->vert[v] =
            (wf__mpt){(int32_t)wf__get32(q), (int32_t)wf__get32(q + 4)};
    /* corner counts into starts: the check finds any that wrapped round */
    p->pstart[0] = 0;
    for (uint32_t k = 0; k < p->polygons; k++, q += 4)
        p->pstart[k + 1] = p->pstart[k] + wf__get32(q);
    for (uint32_t i = 0; i < p->corners; i++, q += 4)
        p->pvert[i] = wf__get32(q);
    for (uint32_t i = 0; i < p->corners; i++, q += 4)
        p->padj[i] = wf__get32(q);
    for (uint32_t i = 0; i < p->links; i++, q += LINK_BYTES) {
        wf__mlink *l = &p->link[i];
        l->a = (wf__mpt){(int32_t)wf__get32(q), (int32_t)wf__get32(q + 4)};
        l->b = (wf__mpt){(int32_t)wf__get32(q + 8), (int32_t)wf__get32(q + 12)};
        l->cost = wf__bits_f64(wf__get64(q + 16));
        const uint32_t way = wf__get32(q + 24);
        l->two_way = (uint8_t)(way > 1 ? 2 : way); /* 2: the check refuses */
    }
}

wf_status wf_mesh_parse(const void *buf, size_t len, const char *name,
                        const wf_grid *g, const wf_allocator *alloc,
                        wf_mesh **out, wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!out || (!buf && len))
        return WF_E_INVALID_ARG;
    const unsigned char *b = buf;
    wf_status st = check_file(b, len, name, g, diag);
    if (st != WF_OK)
        return st;
    const wf__binary_kind *k = kind_of(b, len);
    wf__mesh_parts p;
    header_parts(b, k, &p);
    wf_mesh *m = NULL;
    if ((st = wf__mesh_alloc(&p, alloc, &m)) != WF_OK) {
        wf__diag_set(diag, name, 0, 0,
                     st == WF_E_TOO_BIG ? "corrupted: a count of 2^32 - 1, "
                                          "or %" PRIu32 " links (2^30 at "
                                          "most)"
                                        : "no memory for a mesh of %" PRIu32
                                          " polygons",
                     st == WF_E_TOO_BIG ? p.links : p.polygons);
        return st;
    }
    wf__mesh_parts_of(m, &p);
    decode(b, k, &p);
    char why[200];
    if ((st = wf__mesh_check(m, g, why, sizeof why)) != WF_OK) {
        if (st == WF_E_PARSE)
            wf__diag_set(diag, name, 0, 0, "corrupted: %s", why);
        else
            wf__diag_set(diag, name, 0, 0,
                         "no memory to check a mesh of %" PRIu32 " polygons",
                         p.polygons);
        wf_mesh_destroy(m);
        return st;
    }
    *out = m;
    return WF_OK;
}

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    wf__binary_read *c = ctx;
    return wf_mesh_parse(buf, len, name, c->g, c->alloc, c->out, diag);
}

/* The length the header b[0..n) gives, once it is a mesh file's (of the
 * map, when one is given); 0 when it is not (the parser then says why). */
static size_t file_bytes(void *ctx, const unsigned char *b, size_t n) {
    const wf__binary_read *c = ctx;
    if (check_header(b, n, NULL, c->g, NULL) != WF_OK)
        return 0;
    const wf__binary_kind *k = kind_of(b, n);
    const uint64_t body = body_bytes(b, k);
    return body > WF_MESH_FILE_MAX - k->header ? WF_MESH_FILE_MAX
                                               : (size_t)(k->header + body);
}

wf_status wf_mesh_read(const char *path, const wf_grid *g,
                       const wf_allocator *alloc, wf_mesh **out,
                       wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!path || !out)
        return WF_E_INVALID_ARG;
    wf__binary_read c = {g, alloc, out};
    const wf__file_limit lim = {HEADER, file_bytes, &c,
                                "data after the arrays"};
    return wf__read_parse_limited(path, WF_MESH_FILE_MAX, &lim, "a mesh file",
                                  alloc, parse_read, &c, diag);
}
