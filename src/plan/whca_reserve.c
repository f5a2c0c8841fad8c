/* WHCA*'s space-time reservation table: the moves the agents planned so
 * far in this window, filed under each cell of the box their square
 * sweeps during the step. Two moving squares can only overlap when their
 * boxes share a cell, so testing a move reads the few chains of its own
 * box and decides each candidate with the exact rule of plan.h. */
#include <stdlib.h>

#include "whca_internal.h"

/* The slot of key (cell, t) in this generation: its own or the free one
 * where it would go (an older generation's slot counts as free). */
static wf__resv_key *find(const wf__resv *r, uint32_t cell, uint32_t t) {
    size_t i = wf__whca_hash(cell, t) & (r->cap - 1);
    for (;;) {
        wf__resv_key *k = &r->key[i];
        if (k->gen != r->gen || (k->cell == cell && k->t == t))
            return k;
        i = (i + 1) & (r->cap - 1);
    }
}

void wf__resv_clear(wf__resv *r) {
    r->n = 0;
    r->used = 0;
    if (++r->gen == 0) { /* the count wrapped: forget every slot for real */
        for (size_t i = 0; i < r->cap; i++)
            r->key[i].gen = 0;
        r->gen = 1;
    }
}

/* Room for one more key, at most half full. */
static wf_status reserve(wf__resv *r, const wf_team *t) {
    if (2 * (r->used + 1) <= r->cap)
        return WF_OK;
    const size_t cap = r->cap ? 2 * r->cap : 1024;
    size_t bytes;
    if (!wf__mul_size(cap, sizeof *r->key, &bytes))
        return WF_E_NOMEM;
    wf__resv_key *old = r->key;
    const size_t old_cap = r->cap;
    r->key = wf__alloc(&t->alloc, bytes);
    if (!r->key) {
        r->key = old;
        return WF_E_NOMEM;
    }
    memset(r->key, 0, bytes);
    r->cap = cap;
    if (r->gen == 0)
        r->gen = 1;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].gen == r->gen)
            *find(r, old[i].cell, old[i].t) = old[i];
    wf__free(&t->alloc, old, old_cap * sizeof *old);
    return WF_OK;
}

/* The box a square of side k sweeps moving from a to b. */
static void box(wf_point a, wf_point b, int k, wf_point *lo, wf_point *hi) {
    lo->x = a.x < b.x ? a.x : b.x;
    lo->y = a.y < b.y ? a.y : b.y;
    hi->x = (a.x < b.x ? b.x : a.x) + k - 1;
    hi->y = (a.y < b.y ? b.y : a.y) + k - 1;
}

wf_status wf__resv_add(wf__resv *r, const wf_team *t, int width, int k,
                       uint32_t t_step, wf_point from, wf_point to,
                       uint32_t a) {
    wf_point lo, hi;
    box(from, to, k, &lo, &hi);
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            wf_status s = reserve(r, t);
            if (s == WF_OK)
                s = wf__whca_grow(t, (void **)&r->e, &r->e_cap, r->n + 1,
                                  sizeof *r->e);
            if (s != WF_OK)
                return s;
            const uint32_t cell = (uint32_t)y * (uint32_t)width + (uint32_t)x;
            wf__resv_key *key = find(r, cell, t_step);
            if (key->gen != r->gen) {
                *key = (wf__resv_key){cell, t_step, r->gen, UINT32_MAX};
                r->used++;
            }
            r->e[r->n] = (wf__resv_entry){from, to, a, key->head};
            key->head = (uint32_t)r->n++;
        }
    return WF_OK;
}

void wf__resv_drop(wf__resv *r, size_t from, size_t to) {
    for (size_t i = from; i < to; i++)
        r->e[i].agent = UINT32_MAX;
}

int wf__resv_hits(const wf__resv *r, int width, int k, uint32_t t_step,
                  wf_point from, wf_point to) {
    if (!r->used)
        return 0;
    wf_point lo, hi;
    box(from, to, k, &lo, &hi);
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            const uint32_t cell = (uint32_t)y * (uint32_t)width + (uint32_t)x;
            const wf__resv_key *key = find(r, cell, t_step);
            if (key->gen != r->gen)
                continue;
            for (uint32_t i = key->head; i != UINT32_MAX; i = r->e[i].next)
                if (r->e[i].agent != UINT32_MAX &&
                    wf_team_collide(from, to, k, r->e[i].from, r->e[i].to, k))
                    return 1;
        }
    return 0;
}

void wf__resv_free(wf__resv *r, const wf_team *t) {
    wf__free(&t->alloc, r->key, r->cap * sizeof *r->key);
    wf__free(&t->alloc, r->e, r->e_cap * sizeof *r->e);
    memset(r, 0, sizeof *r);
}
