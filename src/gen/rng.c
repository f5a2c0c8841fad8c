/* xoshiro256** (Blackman and Vigna, 2018), seeded with splitmix64. */
#include "wayfind/gen.h"

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void wf_rng_seed(wf_rng *r, uint64_t seed) {
    if (!r)
        return;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

uint64_t wf_rng_next(wf_rng *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Lemire's multiply-and-reject: exact uniformity without a division in the
 * common case. */
uint32_t wf_rng_below(wf_rng *r, uint32_t n) {
    if (n == 0)
        return 0;
    uint64_t m = (wf_rng_next(r) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (wf_rng_next(r) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

double wf_rng_unit(wf_rng *r) {
    return (double)(wf_rng_next(r) >> 11) * 0x1.0p-53;
}
