/* Jump table files (docs/formats.md, "Jump table files"): a 40-byte
 * header, then the entries of wf_jump_table, all little-endian.
 *
 *   0  magic "WFJUMPS\n"     24  u64 digest of the map's passability
 *   8  u32 format version    32  u64 checksum of the entries
 *  12  u32 width             40  entries: i32, 8 a cell (N, E, S, W, NE,
 *  16  u32 height                SE, SW, NW), cells in row-major order
 *  20  u32 bytes an entry (4)
 *
 * A reader trusts nothing: the checks go from the cheapest and most
 * telling (size, magic, version, map) to the entries themselves, each of
 * which is checked against the map (wf__jump_table_verify), so a file
 * edited by hand with its checksum recomputed still cannot give a wrong
 * path. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "binary.h"
#include "file_read.h"
#include "wf_core_private.h"

static const char magic[8] = {'W', 'F', 'J', 'U', 'M', 'P', 'S', '\n'};
static const char *const dir_names[8] = {"N",  "E",  "S",  "W",
                                         "NE", "SE", "SW", "NW"};

#define DIGEST_SEED 0x6A09E667F3BCC908u
#define CHECKSUM_SEED 0xBB67AE8584CAA73Bu

/* The digest of g's passability: its size, then one bit a cell (1:
 * passable) packed 64 cells to a word in row-major order, the last word
 * padded with 0. */
static uint64_t pass_digest(const wf_grid *g) {
    uint64_t h = wf__mix(DIGEST_SEED, (uint64_t)(uint32_t)g->width << 32 |
                                      (uint32_t)g->height);
    uint64_t w = 0;
    for (size_t c = 0; c < g->cells; c++) {
        w |= (uint64_t)(g->passable[g->terrain[c]] != 0) << (c & 63);
        if ((c & 63) == 63 || c + 1 == g->cells) {
            h = wf__mix(h, w);
            w = 0;
        }
    }
    return h;
}

/* Two entries as the 8 bytes the file holds for them, read as one
 * little-endian word. */
static uint64_t pair(const int32_t *e) {
    return (uint64_t)(uint32_t)e[0] | (uint64_t)(uint32_t)e[1] << 32;
}

static uint64_t entries_checksum(const int32_t *dist, size_t n) {
    uint64_t h = CHECKSUM_SEED;
    for (size_t i = 0; i < n; i += 2)
        h = wf__mix(h, pair(dist + i));
    return h;
}

wf_status wf_jump_table_write(FILE *f, const wf_jump_table *t,
                              const wf_grid *g) {
    if (!f || !t || !g || !wf_jump_table_current(t, g))
        return WF_E_INVALID_ARG;
    const size_t n = t->cells * 8;
    unsigned char chunk[4096];
    memcpy(chunk, magic, sizeof magic);
    wf__put32(chunk + 8, WF_JUMP_FILE_VERSION);
    wf__put32(chunk + 12, (uint32_t)t->width);
    wf__put32(chunk + 16, (uint32_t)t->height);
    wf__put32(chunk + 20, (uint32_t)sizeof *t->dist);
    wf__put64(chunk + 24, pass_digest(g));
    wf__put64(chunk + 32, entries_checksum(t->dist, n));
    size_t k = WF_JUMP_FILE_HEADER;
    for (size_t i = 0; i < n; i++) {
        if (k == sizeof chunk) {
            if (fwrite(chunk, 1, k, f) != k)
                return WF_E_IO;
            k = 0;
        }
        wf__put32(chunk + k, (uint32_t)t->dist[i]);
        k += 4;
    }
    if (fwrite(chunk, 1, k, f) != k || fflush(f) != 0 || ferror(f))
        return WF_E_IO;
    return WF_OK;
}

/* The length of g's jump table file. */
static size_t jump_file_bytes(const wf_grid *g) {
    /* cells <= WF_GRID_MAX_CELLS: 32 bytes each cannot overflow */
    return WF_JUMP_FILE_HEADER + g->cells * 8 * sizeof(int32_t);
}

static const wf__binary_kind kind = {magic, WF_JUMP_FILE_HEADER, 8,
                                     WF_JUMP_FILE_VERSION, "jump table file",
                                     "wayfind prep"};

/* The header: WF_OK when it fits g. */
static wf_status check_header(const unsigned char *b, size_t len,
                              const char *name, const wf_grid *g,
                              wf_diag *diag) {
    const wf_status s = wf__binary_head(b, len, name, &kind, diag);
    if (s != WF_OK)
        return s;
    const uint32_t entry = wf__get32(b + 20);
    if (entry != sizeof(int32_t)) {
        wf__diag_set(diag, name, 0, 0,
                     "entries of %u bytes, this build reads %zu", entry,
                     sizeof(int32_t));
        return WF_E_PARSE;
    }
    return wf__binary_map(b, 12, wf__get64(b + 24), pass_digest(g),
                          "passability digest", name, g, diag);
}

/* Everything but the entries themselves: WF_OK when the header and the
 * length fit g and the entries their checksum. */
static wf_status check_file(const unsigned char *b, size_t len,
                            const char *name, const wf_grid *g,
                            wf_diag *diag) {
    const wf_status s = check_header(b, len, name, g, diag);
    if (s != WF_OK)
        return s;
    const size_t want = jump_file_bytes(g);
    if (len != want) {
        wf__diag_set(diag, name, 0, 0,
                     len < want ? "truncated: %zu bytes, a %dx%d jump table "
                                  "file has %zu"
                                : "%zu bytes, a %dx%d jump table file has "
                                  "%zu (data after the entries)",
                     len, g->width, g->height, want);
        return WF_E_PARSE;
    }
    if (wf__checksum(CHECKSUM_SEED, b + WF_JUMP_FILE_HEADER,
                     len - WF_JUMP_FILE_HEADER) != wf__get64(b + 32)) {
        wf__diag_set(diag, name, 0, 0,
                     "corrupted: the entries do not match the file's "
                     "checksum");
        return WF_E_PARSE;
    }
    return WF_OK;
}

wf_status wf_jump_table_parse(const void *buf, size_t len, const char *name,
                              const wf_grid *g, const wf_allocator *alloc,
                              wf_jump_table **out, wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!out || !g || (!buf && len))
        return WF_E_INVALID_ARG;
    const unsigned char *b = buf;
    wf_status s = check_file(b, len, name, g, diag);
    if (s != WF_OK)
        return s;
    wf_jump_table *t = NULL;
    if ((s = wf__jump_table_alloc(g, alloc, &t)) != WF_OK)
        return s;
    const size_t n = g->cells * 8;
    for (size_t i = 0; i < n; i++)
        t->dist[i] = (int32_t)wf__get32(b + WF_JUMP_FILE_HEADER + 4 * i);
    size_t cell;
    int dir;
    int32_t want;
    if (!wf__jump_table_verify(t, g, &cell, &dir, &want)) {
        wf__diag_set(diag, name, 0, 0,
                     "entry of cell (%zu, %zu) direction %s is %" PRId32
                     ", the map gives %" PRId32,
                     cell % (size_t)g->width, cell / (size_t)g->width,
                     dir_names[dir], t->dist[cell * 8 + (size_t)dir], want);
        wf_jump_table_destroy(t);
        return WF_E_PARSE;
    }
    *out = t;
    return WF_OK;
}

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    wf__binary_read *c = ctx;
    return wf_jump_table_parse(buf, len, name, c->g, c->alloc, c->out, diag);
}

/* A jump table file's length, which the map alone decides, once the
 * header b[0..n) fits it; 0 when it does not (the parser then says why). */
static size_t file_bytes(void *ctx, const unsigned char *b, size_t n) {
    const wf_grid *g = ((const wf__binary_read *)ctx)->g;
    return check_header(b, n, NULL, g, NULL) == WF_OK ? jump_file_bytes(g)
                                                      : 0;
}

wf_status wf_jump_table_read(const char *path, const wf_grid *g,
                             const wf_allocator *alloc, wf_jump_table **out,
                             wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!path || !g || !out)
        return WF_E_INVALID_ARG;
    wf__binary_read c = {g, alloc, out};
    const wf__file_limit lim = {WF_JUMP_FILE_HEADER, file_bytes, &c,
                               "data after the entries"};
    return wf__read_parse_limited(path, WF_JUMP_FILE_MAX, &lim,
                                  "a jump table file", alloc, parse_read, &c,
                                  diag);
}
