/* The library's other priority queue: a binary min-heap of entries in a
 * caller-grown array, for open lists that hold more than a key and an id
 * or keep their keys elsewhere (Anya, the team planners, the crowd's box
 * maps). Written once for every entry type: include this file after
 * defining
 *
 *   WF_HEAP2               the functions' prefix
 *   WF_HEAP2_HEAP          the heap's type: members `e` (the entries) and
 *                          `n` (how many, a size_t), and whatever LESS and
 *                          PLACED read
 *   WF_HEAP2_ENTRY         the entry type
 *   WF_HEAP2_LESS(h, a, b) a strict order on entries a and b of heap h
 *   WF_HEAP2_PLACED(h, i)  (optional) what to do once h->e[i] has moved
 *                          to slot i, such as record where it is
 *
 * It defines WF_HEAP2 followed by _up and _pop, then undefines those
 * names. No include guard: each inclusion makes one instance. Slot i's
 * children are 2i+1 and 2i+2; comparisons are strict and the left child
 * wins a tie, so the order depends on the sequence of operations alone. */

#define WF_HEAP2_CAT_(a, b) a##b
#define WF_HEAP2_CAT(a, b) WF_HEAP2_CAT_(a, b)
#define WF_HEAP2_FN(name) WF_HEAP2_CAT(WF_HEAP2, name)
#ifndef WF_HEAP2_PLACED
#define WF_HEAP2_PLACED(h, i) ((void)0)
#endif

/* Places x at slot i or above (i < n is empty or holds x): i = n++ adds
 * an entry, i = its slot lowers its key. */
WF_INLINE void WF_HEAP2_FN(_up)(WF_HEAP2_HEAP *h, size_t i,
                                WF_HEAP2_ENTRY x) {
    while (i > 0) {
        const size_t p = (i - 1) / 2;
        if (!WF_HEAP2_LESS(h, x, h->e[p]))
            break;
        h->e[i] = h->e[p];
        WF_HEAP2_PLACED(h, i);
        i = p;
    }
    h->e[i] = x;
    WF_HEAP2_PLACED(h, i);
}

/* Removes and returns the least entry (n > 0). */
WF_INLINE WF_HEAP2_ENTRY WF_HEAP2_FN(_pop)(WF_HEAP2_HEAP *h) {
    const WF_HEAP2_ENTRY top = h->e[0], last = h->e[--h->n];
    const size_t n = h->n;
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && WF_HEAP2_LESS(h, h->e[c + 1], h->e[c]))
            c++;
        if (!WF_HEAP2_LESS(h, h->e[c], last))
            break;
        h->e[i] = h->e[c];
        WF_HEAP2_PLACED(h, i);
        i = c;
    }
    if (n) {
        h->e[i] = last;
        WF_HEAP2_PLACED(h, i);
    }
    return top;
}

#undef WF_HEAP2_FN
#undef WF_HEAP2_CAT
#undef WF_HEAP2_CAT_
#undef WF_HEAP2
#undef WF_HEAP2_HEAP
#undef WF_HEAP2_ENTRY
#undef WF_HEAP2_LESS
#undef WF_HEAP2_PLACED
