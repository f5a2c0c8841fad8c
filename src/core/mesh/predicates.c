/* The in-circle test and the rounding of crossing points in exact
 * integer arithmetic. Their terms reach 2^118 for points within
 * WF__MESH_LIM, so they are added as 128-bit numbers made of two 64-bit
 * words (points less than 2^15 apart, in 64 bits): portable C11, the same answer on every compiler and target (no
 * __int128; a double only guesses a quotient, which integers correct). */
#include <math.h>

#include "mesh_internal.h"

typedef struct i128 {
    uint64_t hi, lo; /* two's complement */
} i128;

static i128 neg(i128 a) {
    i128 r = {~a.hi, ~a.lo};
    r.lo += 1;
    if (r.lo == 0)
        r.hi += 1;
    return r;
}

/* The exact product of two signed 64-bit numbers of magnitude < 2^63. */
static i128 mul(int64_t a, int64_t b) {
    const int negative = (a < 0) != (b < 0);
    const uint64_t x = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
    const uint64_t y = b < 0 ? (uint64_t)0 - (uint64_t)b : (uint64_t)b;
    const uint64_t x0 = x & 0xffffffffu, x1 = x >> 32;
    const uint64_t y0 = y & 0xffffffffu, y1 = y >> 32;
    const uint64_t p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0,
                   p11 = x1 * y1;
    const uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) +
                         (p10 & 0xffffffffu);
    i128 r;
    r.lo = (mid << 32) | (p00 & 0xffffffffu);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return negative ? neg(r) : r;
}

static i128 add(i128 a, i128 b) {
    i128 r = {a.hi + b.hi, a.lo + b.lo};
    if (r.lo < a.lo)
        r.hi += 1;
    return r;
}

static int sign(i128 a) {
    if (a.hi & ((uint64_t)1 << 63))
        return -1;
    return (a.hi | a.lo) != 0;
}

int wf__incircle(wf__mpt a, wf__mpt b, wf__mpt c, wf__mpt d) {
    const int64_t adx = (int64_t)a.x - d.x, ady = (int64_t)a.y - d.y;
    const int64_t bdx = (int64_t)b.x - d.x, bdy = (int64_t)b.y - d.y;
    const int64_t cdx = (int64_t)c.x - d.x, cdy = (int64_t)c.y - d.y;
    const int64_t al = adx * adx + ady * ady, bl = bdx * bdx + bdy * bdy,
                  cl = cdx * cdx + cdy * cdy;
    const int64_t small = (int64_t)1 << 30;
    if (al <= small && bl <= small && cl <= small) {
        /* near points (a tile's): each product below 2^61, so their sum
           fits in 64 bits */
        const int64_t r = al * (bdx * cdy - bdy * cdx) +
                          bl * (cdx * ady - cdy * adx) +
                          cl * (adx * bdy - ady * bdx);
        return wf__sign64(r);
    }
    i128 s = mul(al, bdx * cdy - bdy * cdx);
    s = add(s, mul(bl, cdx * ady - cdy * adx));
    s = add(s, mul(cl, adx * bdy - ady * bdx));
    return sign(s);
}

/* a·b − c·d, known to fit in 64 bits though the products do not. */
static int64_t small_diff(int64_t a, int64_t b, int64_t c, int64_t d) {
    const i128 r = add(mul(a, b), neg(mul(c, d)));
    return r.lo <= (uint64_t)INT64_MAX ? (int64_t)r.lo
                                       : -(int64_t)(~r.lo) - 1;
}

/* base + num · f / den (den > 0) rounded to the nearest integer (a half
 * upwards), for |num · f / den| < 2^30 and den < 2^61. */
static int32_t round_ratio(int32_t base, int64_t num, int64_t f, int64_t den) {
    int64_t e = llround((double)num * (double)f / (double)den);
    int64_t r = small_diff(num, f, e, den); /* num · f − e · den */
    while (2 * r >= den)
        e++, r -= den;
    while (2 * r < -den)
        e--, r += den;
    return (int32_t)(base + e);
}

void wf__crossing(wf__mpt p, wf__mpt q, wf__mpt a, wf__mpt b, wf__mpt *x) {
    int64_t d1 = wf__orient(a, b, p), den = d1 - wf__orient(a, b, q);
    if (den < 0)
        d1 = -d1, den = -den;
    /* p + (q − p) · d1 / den */
    x->x = round_ratio(p.x, (int64_t)q.x - p.x, d1, den);
    x->y = round_ratio(p.y, (int64_t)q.y - p.y, d1, den);
}
