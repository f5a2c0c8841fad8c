/* The connectivity index (core.h): creation, O(1) queries and labelling
 * from scratch. The local updates after edits are in conn_update.c. */
#include <assert.h>
#include <math.h>

#include "conn_internal.h"

/* Set in the size slot of a free id, which holds the next free id. */
#define FREE_ID 0x80000000u

/* Fixed scratch of the local updates, in cells: a single edit of the
 * largest agent changes at most WF_MOVE_MAX_SIZE² cells, so this holds
 * batches of several such edits, or thousands of size-1 ones. */
#define SCRATCH_CELLS ((size_t)1 << 15)

void wf__conn_pass(wf_conn *cn) {
    for (int t = 0; t < 256; t++)
        cn->pass[t] = (uint8_t)(cn->g->passable[t] && !cn->forbid[t]);
}

uint32_t wf__conn_stamps(wf_conn *cn, uint32_t n) {
    if (cn->stamp > UINT32_MAX - n) {
        memset(cn->mark, 0, cn->cells * sizeof *cn->mark);
        cn->stamp = 1;
    }
    const uint32_t first = cn->stamp;
    cn->stamp += n;
    return first;
}

uint32_t wf__conn_id_take(wf_conn *cn) {
    const uint32_t id = cn->free_head;
    if (id) {
        cn->free_head = cn->size[id] & ~FREE_ID;
        cn->size[id] = 0;
        cn->count++;
    }
    return id;
}

void wf__conn_id_give(wf_conn *cn, uint32_t id) {
    cn->size[id] = cn->free_head | FREE_ID;
    cn->free_head = id;
    cn->count--;
}

size_t wf__conn_flood(wf_conn *cn, uint32_t s, uint32_t from, uint32_t to) {
    const int32_t W = cn->g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    uint32_t *queue = cn->next, *label = cn->label;
    size_t head = 0, tail = 0;
    label[s] = to;
    queue[tail++] = s;
    while (head < tail) {
        const uint32_t u = queue[head++];
        for (unsigned m = wf__conn_moves(cn, u); m; m &= m - 1) {
            const uint32_t v =
                (uint32_t)((ptrdiff_t)u + off[__builtin_ctz(m)]);
            if (label[v] == from) {
                label[v] = to;
                queue[tail++] = v;
            }
        }
    }
    return tail;
}

void wf__conn_rebuild(wf_conn *cn) {
    wf__conn_pass(cn);
    if (cn->clr)
        wf__clearance_build(cn->g, cn->pass, cn->clr);
    memset(cn->label, 0, cn->cells * sizeof *cn->label);
    /* every id free, in increasing order */
    cn->free_head = cn->id_cap > 1 ? 1 : 0;
    for (uint32_t id = 1; id < cn->id_cap; id++)
        cn->size[id] = (id + 1 < cn->id_cap ? id + 1 : 0) | FREE_ID;
    cn->count = 0;
    /* a flood from "no component" (0) labels a whole component */
    for (size_t c = 0; c < cn->cells; c++)
        if (!cn->label[c] && wf__conn_stands(cn, c)) {
            const uint32_t id = wf__conn_id_take(cn);
            assert(id); /* the bound on components holds */
            cn->size[id] = (uint32_t)wf__conn_flood(cn, (uint32_t)c, 0, id);
        }
}

/* n × each bytes from cn's allocator; NULL on overflow or failure. */
static void *take(wf_conn *cn, size_t n, size_t each) {
    size_t bytes;
    return wf__mul_size(n, each, &bytes) ? wf__alloc(&cn->alloc, bytes)
                                         : NULL;
}

static void free_arrays(wf_conn *cn) {
    const wf_allocator *a = &cn->alloc;
    wf__free(a, cn->label, cn->cells * sizeof *cn->label);
    wf__free(a, cn->mark, cn->cells * sizeof *cn->mark);
    wf__free(a, cn->next, cn->cells * sizeof *cn->next);
    wf__free(a, cn->size, (size_t)cn->id_cap * sizeof *cn->size);
    wf__free(a, cn->clr, cn->clr ? cn->cells : 0);
    wf__free(a, cn->cand, cn->cand_cap * sizeof *cn->cand);
    wf__free(a, cn->seed, cn->seed_cap * sizeof *cn->seed);
    wf__free(a, cn->srch, cn->seed_cap * sizeof *cn->srch);
    wf__free(a, cn->active, cn->seed_cap * sizeof *cn->active);
}

/* The grid is being destroyed: queries answer as for no index from now
 * on. */
static void grid_gone(void *ud) {
    wf_conn *c = ud;
    c->g = NULL;
}

wf_status wf_conn_create(wf_grid *g, wf_move move, const wf_filter *filter,
                         const wf_allocator *alloc, wf_conn **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    if (!g || wf__move_check(&move, NULL, 0) != WF_OK ||
        wf_filter_check(filter, NULL, 0) != WF_OK)
        return WF_E_INVALID_ARG;
    /* cells and ids are uint32_t, and a free id's size slot uses the top
     * bit: WF_GRID_MAX_CELLS keeps every grid far below both */
    if (g->cells >= UINT32_MAX / 2)
        return WF_E_TOO_BIG;
    const wf_allocator a = wf__allocator(alloc);
    wf_conn *cn = wf__alloc(&a, sizeof *cn);
    if (!cn)
        return WF_E_NOMEM;
    memset(cn, 0, sizeof *cn);
    cn->alloc = a;
    cn->g = g;
    if (move.connect == 4)
        move.corners = WF_CORNERS_NO_CUT; /* ignored: one value per unit */
    cn->move = move;
    cn->k = (unsigned)move.size;
    for (int t = 0; t < 256; t++) {
        cn->forbid[t] = (uint8_t)(filter && filter->mult[t] == INFINITY);
        cn->forbids |= cn->forbid[t];
    }
    cn->cells = g->cells;
    cn->id_cap = (uint32_t)(g->cells / 2 + 2);
    cn->cand_cap = g->cells < SCRATCH_CELLS ? g->cells : SCRATCH_CELLS;
    cn->seed_cap = cn->cand_cap;
    cn->label = take(cn, cn->cells, sizeof *cn->label);
    cn->mark = take(cn, cn->cells, sizeof *cn->mark);
    cn->next = take(cn, cn->cells, sizeof *cn->next);
    cn->size = take(cn, cn->id_cap, sizeof *cn->size);
    cn->cand = take(cn, cn->cand_cap, sizeof *cn->cand);
    cn->seed = take(cn, cn->seed_cap, sizeof *cn->seed);
    cn->srch = take(cn, cn->seed_cap, sizeof *cn->srch);
    cn->active = take(cn, cn->seed_cap, sizeof *cn->active);
    /* a size > 1 unit that forbids terrains has its own clearance */
    const int own_clear = cn->k > 1 && cn->forbids;
    if (own_clear)
        cn->clr = take(cn, cn->cells, 1);
    const int ok = cn->label && cn->mark && cn->next && cn->size &&
                   cn->cand && cn->seed && cn->srch && cn->active &&
                   (!own_clear || cn->clr);
    wf_status s =
        ok ? wf__grid_watch_owned(g, wf__conn_watch, cn, grid_gone) : WF_E_NOMEM;
    if (s != WF_OK) {
        free_arrays(cn);
        wf__free(&a, cn, sizeof *cn);
        return s;
    }
    memset(cn->mark, 0, cn->cells * sizeof *cn->mark);
    cn->stamp = 1;
    wf__conn_rebuild(cn);
    *out = cn;
    return WF_OK;
}

void wf_conn_destroy(wf_conn *c) {
    if (!c)
        return;
    if (c->g)
        (void)wf_grid_unwatch(c->g, wf__conn_watch, c);
    free_arrays(c);
    wf_allocator a = c->alloc;
    wf__free(&a, c, sizeof *c);
}

uint32_t wf_conn_component(const wf_conn *c, wf_point p) {
    if (!c || !wf_grid_contains(c->g, p.x, p.y))
        return 0;
    return c->label[(size_t)p.y * (size_t)c->g->width + (size_t)p.x];
}

int wf_conn_reachable(const wf_conn *c, wf_point a, wf_point b) {
    const uint32_t la = wf_conn_component(c, a);
    return la != 0 && la == wf_conn_component(c, b);
}

size_t wf_conn_component_size(const wf_conn *c, uint32_t id) {
    if (!c || !c->g || id == 0 || id >= c->id_cap || (c->size[id] & FREE_ID))
        return 0;
    return c->size[id];
}

uint32_t wf_conn_count(const wf_conn *c) { return c && c->g ? c->count : 0; }

const wf_grid *wf_conn_grid(const wf_conn *c) { return c ? c->g : NULL; }

wf_move wf_conn_move(const wf_conn *c) {
    return c ? c->move : wf_move_default();
}

int wf_conn_matches(const wf_conn *c, wf_move move, const wf_filter *filter) {
    if (!c || !c->g || wf__move_check(&move, NULL, 0) != WF_OK)
        return 0;
    if (move.connect == 4)
        move.corners = WF_CORNERS_NO_CUT;
    if (move.connect != c->move.connect || move.corners != c->move.corners ||
        move.size != c->move.size)
        return 0;
    for (int t = 0; t < 256; t++)
        if (c->forbid[t] != (filter && filter->mult[t] == INFINITY))
            return 0;
    return 1;
}

wf_status wf_conn_regions(const wf_conn *c, uint32_t *labels,
                          uint32_t *count) {
    if (!c || !c->g || !labels || !count)
        return WF_E_INVALID_ARG;
    /* dense numbers in order of first cell, through a table by id */
    const size_t bytes = (size_t)c->id_cap * sizeof(uint32_t);
    uint32_t *dense = wf__alloc(&c->alloc, bytes);
    if (!dense)
        return WF_E_NOMEM;
    memset(dense, 0, bytes);
    uint32_t n = 0;
    for (size_t i = 0; i < c->cells; i++) {
        const uint32_t id = c->label[i];
        if (id && !dense[id])
            dense[id] = ++n;
        labels[i] = id ? dense[id] : 0;
    }
    wf__free(&c->alloc, dense, bytes);
    *count = n;
    return WF_OK;
}
