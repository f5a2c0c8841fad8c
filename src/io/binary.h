/* Little-endian numbers and the hash of the binary files (jump tables,
 * hierarchies). Not installed. */
#ifndef WF_IO_BINARY_H
#define WF_IO_BINARY_H

#include <stdint.h>
#include <string.h>

/* The hash of the binary files, over 64-bit words: each is xored in, then
 * the state is multiplied by an odd constant and its high half folded
 * into the low. */
static inline uint64_t wf__mix(uint64_t h, uint64_t w) {
    h = (h ^ w) * 0x9E3779B97F4A7C15u;
    return h ^ (h >> 32);
}

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

#endif
