/* Little-endian numbers of the binary files (jump tables, hierarchies,
 * meshes); their hash, wf__mix, is core's (wf_core_private.h), as the
 * digests of maps are made in core. Not installed. */
#ifndef WF_IO_BINARY_H
#define WF_IO_BINARY_H

#include <stdint.h>
#include <string.h>

#include "wf_core_private.h"

static inline void wf__put32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline void wf__put64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline uint32_t wf__get32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static inline uint64_t wf__get64(const unsigned char *p) {
    return (uint64_t)wf__get32(p) | (uint64_t)wf__get32(p + 4) << 32;
}

/* The hash h continued over b[0..n), 8 bytes to a little-endian word, the
 * last word padded with 0: the checksum of the binary files. */
static inline uint64_t wf__checksum(uint64_t h, const unsigned char *b,
                                    size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        h = wf__mix(h, wf__get64(b + i));
    if (i < n) {
        unsigned char last[8] = {0};
        memcpy(last, b + i, n - i);
        h = wf__mix(h, wf__get64(last));
    }
    return h;
}

/* A double as the 64 bits of its IEEE 754 encoding, and back. */
static inline uint64_t wf__f64_bits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static inline double wf__bits_f64(uint64_t u) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* What a binary file's reader (wf_X_read) hands its parser and its
 * length callback through wf__read_parse_limited: the map (may be NULL),
 * the allocator, and where the object goes (a wf_X **). */
typedef struct wf__binary_read {
    const wf_grid *g;
    const wf_allocator *alloc;
    void *out;
} wf__binary_read;

/* What the header of one kind of binary file starts with: its magic (8
 * bytes), its length, where its version is and which this build reads,
 * what the file is called ("jump table file") and the command that makes
 * it again ("wayfind prep"). */
typedef struct wf__binary_kind {
    const char *magic;
    size_t header;
    size_t version_at;
    uint32_t version;
    const char *what;
    const char *remake;
} wf__binary_kind;

/* WF_OK when b[0..len) starts with the whole header of a file of kind k
 * and its version; else WF_E_PARSE and why in diag (file name): "truncated:
 * N bytes, not even the H-byte header of a K", "not a K (it does not start
 * with "MAGIC")", "K version V, this build reads version W (make it again
 * with CMD)". */
wf_status wf__binary_head(const unsigned char *b, size_t len,
                          const char *name, const wf__binary_kind *k,
                          wf_diag *diag);

/* The map a file was made for against g: its width and height (u32 at b +
 * at and b + at + 4), then its digest `got` against g's `want`, the digest
 * named `digest` in the message: "made for another map: a WxH one, this map
 * is W'xH'", "made for another map: its DIGEST differs from this map's (or
 * the map was edited since)". WF_OK or WF_E_PARSE. */
wf_status wf__binary_map(const unsigned char *b, size_t at, uint64_t got,
                         uint64_t want, const char *digest, const char *name,
                         const wf_grid *g, wf_diag *diag);

#endif
