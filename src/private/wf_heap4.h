/* The library's indexed priority queue: a 4-ary min-heap with positions,
 * written once for every key type. Include this file after defining
 *
 *   WF_HEAP4            the heap's type name, also its functions' prefix
 *   WF_HEAP4_CELL       the per-element state type: its member `pos` holds
 *                       the element's slot while it is on the heap
 *   WF_HEAP4_KEY        the key type
 *   WF_HEAP4_LESS(a, b) a strict order on keys
 *
 * It defines the type { cells, key, id, n } (element id[i] sits in slot i
 * with key key[i]; cells are indexed by element) and WF_HEAP4 followed by
 * _set, _up, _push, _down and _pop, then undefines the four names. No
 * include guard: each inclusion makes one instance (wf_core_private.h's
 * wf__heap, on double keys; D* Lite's, on key pairs).
 *
 * Slot i's parent is (i-1)/4, its children 4i+1 .. 4i+4: the four keys a
 * sift-down compares are adjacent, and the tree is half as deep as a binary
 * one. Comparisons are strict, so among equal keys an element moves only
 * past strictly larger ones and the first (leftmost) smallest child wins:
 * the order depends on the sequence of operations alone. */

#define WF_HEAP4_CAT_(a, b) a##b
#define WF_HEAP4_CAT(a, b) WF_HEAP4_CAT_(a, b)
#define WF_HEAP4_FN(name) WF_HEAP4_CAT(WF_HEAP4, name)

typedef struct WF_HEAP4 {
    WF_HEAP4_CELL *cells;
    WF_HEAP4_KEY *key;
    uint32_t *id;
    uint32_t n;
} WF_HEAP4;

/* Puts element c with key f in slot i. */
WF_INLINE void WF_HEAP4_FN(_set)(WF_HEAP4 *h, uint32_t i, WF_HEAP4_KEY f,
                                 uint32_t c) {
    h->key[i] = f;
    h->id[i] = c;
    h->cells[c].pos = i;
}

/* Places element c with key f at slot i or above (i is empty or holds c). */
WF_INLINE void WF_HEAP4_FN(_up)(WF_HEAP4 *h, uint32_t i, WF_HEAP4_KEY f,
                                uint32_t c) {
    while (i > 0) {
        uint32_t p = (i - 1) >> 2;
        WF_HEAP4_KEY pf = h->key[p];
        if (!WF_HEAP4_LESS(f, pf))
            break;
        WF_HEAP4_FN(_set)(h, i, pf, h->id[p]);
        i = p;
    }
    WF_HEAP4_FN(_set)(h, i, f, c);
}

WF_INLINE void WF_HEAP4_FN(_push)(WF_HEAP4 *h, WF_HEAP4_KEY f, uint32_t c) {
    WF_HEAP4_FN(_up)(h, h->n++, f, c);
}

/* Places element c with key f at slot i or below (i is empty or holds c;
 * slots [0, n) are the heap). */
WF_INLINE void WF_HEAP4_FN(_down)(WF_HEAP4 *h, uint32_t i, WF_HEAP4_KEY f,
                                  uint32_t c) {
    const WF_HEAP4_KEY *key = h->key;
    const uint32_t *id = h->id;
    const uint32_t size = h->n;
    for (;;) {
        uint32_t k = 4 * i + 1;
        uint32_t m = k;
        WF_HEAP4_KEY mf;
        if (WF_LIKELY(k + 3 < size)) {
            /* all four children exist */
            mf = key[k];
            if (WF_HEAP4_LESS(key[k + 1], mf)) {
                m = k + 1;
                mf = key[k + 1];
            }
            if (WF_HEAP4_LESS(key[k + 2], mf)) {
                m = k + 2;
                mf = key[k + 2];
            }
            if (WF_HEAP4_LESS(key[k + 3], mf)) {
                m = k + 3;
                mf = key[k + 3];
            }
        } else {
            if (k >= size)
                break;
            mf = key[k];
            for (uint32_t j = k + 1; j < size; j++)
                if (WF_HEAP4_LESS(key[j], mf)) {
                    m = j;
                    mf = key[j];
                }
        }
        if (!WF_HEAP4_LESS(mf, f))
            break;
        WF_HEAP4_FN(_set)(h, i, mf, id[m]);
        i = m;
    }
    WF_HEAP4_FN(_set)(h, i, f, c);
}

/* Removes the minimum (slot 0; the caller has read it). */
WF_INLINE void WF_HEAP4_FN(_pop)(WF_HEAP4 *h) {
    const uint32_t size = --h->n;
    if (size == 0)
        return;
    WF_HEAP4_FN(_down)(h, 0, h->key[size], h->id[size]);
}

#undef WF_HEAP4_FN
#undef WF_HEAP4_CAT
#undef WF_HEAP4_CAT_
#undef WF_HEAP4
#undef WF_HEAP4_CELL
#undef WF_HEAP4_KEY
#undef WF_HEAP4_LESS
