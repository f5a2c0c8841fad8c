/* The search workspace and its open list, shared by the search algorithms.
 * Not installed. */
#ifndef WF_SEARCH_INTERNAL_H
#define WF_SEARCH_INTERNAL_H

#include "internal.h"

/* Per-cell search state: 16 bytes, one cache access per visit.
 *   f    key of the open list: g + weight·h. g is not stored; it is recovered
 *        as f − weight·h when the cell is expanded (and the reported path
 *        cost is summed afresh along the path), which keeps the workspace at
 *        16 + 4 bytes per cell.
 *   tag  generation << 4 | closed << 3 | direction of the move that reached
 *        the cell (0–7). A tag from an older generation means "unvisited",
 *        so nothing is cleared between queries.
 *   pos  index in the heap while the cell is on it, WF__POS_STACK while it
 *        waits on the plateau stack. */
typedef struct wf__node {
    double f;
    uint32_t tag;
    uint32_t pos;
} wf__node;

#define WF__TAG_CLOSED 8u
#define WF__TAG_GEN_SHIFT 4
#define WF__GEN_LIMIT (1u << 28)
#define WF__POS_STACK UINT32_MAX

struct wf_search {
    wf_allocator alloc;
    size_t capacity;  /* cells the arrays hold */
    wf__node *nodes;
    /* One array for both open structures: the binary heap grows up from 0,
     * the plateau stack grows down from capacity. A cell is on at most one
     * of them, so together they never exceed capacity. */
    uint32_t *open;
    uint32_t gen;     /* current generation, 1 .. WF__GEN_LIMIT-1 */
};

/* Starts a query: a new generation (clearing the tags only when the 28-bit
 * counter wraps, once every 2^28 queries). Returns the tag base. */
uint32_t wf__search_begin(wf_search *ws);

/* ---- binary min-heap on nodes[id].f ------------------------------------ */

WF_INLINE void wf__heap_up(wf__node *nodes, uint32_t *heap, uint32_t i,
                           uint32_t id) {
    double f = nodes[id].f;
    while (i > 0) {
        uint32_t parent = (i - 1) >> 1;
        uint32_t pid = heap[parent];
        if (!(f < nodes[pid].f))
            break;
        heap[i] = pid;
        nodes[pid].pos = i;
        i = parent;
    }
    heap[i] = id;
    nodes[id].pos = i;
}

WF_INLINE void wf__heap_push(wf__node *nodes, uint32_t *heap, uint32_t *n,
                             uint32_t id) {
    wf__heap_up(nodes, heap, (*n)++, id);
}

WF_INLINE uint32_t wf__heap_pop(wf__node *nodes, uint32_t *heap, uint32_t *n) {
    uint32_t top = heap[0];
    uint32_t last = heap[--*n];
    uint32_t size = *n;
    if (size == 0)
        return top;
    double f = nodes[last].f;
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= size)
            break;
        uint32_t cid = heap[c];
        double cf = nodes[cid].f;
        if (c + 1 < size) {
            uint32_t rid = heap[c + 1];
            double rf = nodes[rid].f;
            if (rf < cf) {
                c++;
                cid = rid;
                cf = rf;
            }
        }
        if (!(cf < f))
            break;
        heap[i] = cid;
        nodes[cid].pos = i;
        i = c;
    }
    heap[i] = last;
    nodes[last].pos = i;
    return top;
}

#endif
