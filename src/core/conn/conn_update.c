/* Keeping a wf_conn current after cell edits, in time proportional to
 * what the edits touch. Cells whose standability changed are found first
 * (for an agent of size k, those whose k × k square holds an edited
 * cell). Then, on the grid as it is now:
 *  1. cells where the unit may no longer stand leave their components;
 *     each component that had cells beside them may have split. Every
 *     piece of it holds one of those neighbours (a move that broke had an
 *     end beside the blocked cell, or beside the blocked corner of a
 *     diagonal), so searches from them, one cell each in turn, decide it:
 *     a search that runs dry has closed its piece; searches that meet
 *     merge. Once at most one is still running, the closed pieces get new
 *     ids and the rest keeps the old one, so only smaller pieces are
 *     relabelled (up to one cell per search more than the smallest).
 *  2. cells where the unit may now stand join their neighbours; moves
 *     that appeared (into them, or diagonals beside them) join the
 *     components at their ends, relabelling the smaller one.
 * Splits only look inside one old component and joins only add moves,
 * so the two steps compose for a batch of any mix of edits. */
#include <assert.h>
#include <stdlib.h>

#include "conn_internal.h"

static int cmp_u64(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Puts into cn->cand the cells whose standability differs from what
 * their labels say. Returns how many, or SIZE_MAX when they overflow the
 * scratch. */
static size_t collect(wf_conn *cn, const wf_cell_change *ch, size_t n) {
    const wf_grid *g = cn->g;
    const int k = (int)cn->k;
    if (cn->clr) /* the unit's own clearance first: windows read it */
        for (size_t i = 0; i < n; i++)
            if (cn->pass[ch[i].before] != cn->pass[ch[i].after])
                wf__clearance_update(g, cn->pass, cn->clr, ch[i].cell.x,
                                     ch[i].cell.y);
    const uint32_t st = wf__conn_stamps(cn, 1);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (cn->pass[ch[i].before] == cn->pass[ch[i].after])
            continue;
        const int x = ch[i].cell.x, y = ch[i].cell.y;
        for (int yy = y - k + 1 < 0 ? 0 : y - k + 1; yy <= y; yy++)
            for (int xx = x - k + 1 < 0 ? 0 : x - k + 1; xx <= x; xx++) {
                const size_t c = (size_t)yy * (size_t)g->width + (size_t)xx;
                if (cn->mark[c] == st)
                    continue;
                cn->mark[c] = st;
                if ((cn->label[c] != 0) == wf__conn_stands(cn, c))
                    continue;
                if (m == cn->cand_cap)
                    return SIZE_MAX;
                cn->cand[m++] = (uint32_t)c;
            }
    }
    return m;
}

static uint32_t find(wf__conn_search *s, uint32_t i) {
    while (s[i].parent != i) {
        s[i].parent = s[s[i].parent].parent;
        i = s[i].parent;
    }
    return i;
}

static void enqueue(wf_conn *cn, wf__conn_search *s, uint32_t v) {
    cn->next[v] = WF__CONN_NONE;
    if (s->head == WF__CONN_NONE)
        s->head = v;
    else
        cn->next[s->tail] = v;
    s->tail = v;
}

/* Search i (a root, not ended) takes one cell of component L off its
 * queue and visits its neighbours; *open counts searches still running. */
static void expand_one(wf_conn *cn, uint32_t L, uint32_t base, uint32_t m,
                       uint32_t i, uint32_t *open) {
    wf__conn_search *srch = cn->srch, *me = &srch[i];
    const int32_t W = cn->g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    const uint32_t u = me->head;
    me->head = u == me->tail ? WF__CONN_NONE : cn->next[u];
    for (unsigned mv = wf__conn_moves(cn, u); mv; mv &= mv - 1) {
        const uint32_t v = (uint32_t)((ptrdiff_t)u + off[__builtin_ctz(mv)]);
        if (cn->label[v] != L)
            continue;
        const uint32_t who = cn->mark[v] - base;
        if (who < m) {
            const uint32_t j = find(srch, who);
            if (j == i)
                continue;
            /* met j: one search from now on, with both queues */
            assert(!srch[j].ended); /* an ended piece is closed */
            srch[j].parent = i;
            if (srch[j].head != WF__CONN_NONE) {
                if (me->head == WF__CONN_NONE)
                    me->head = srch[j].head;
                else
                    cn->next[me->tail] = srch[j].head;
                me->tail = srch[j].tail;
            }
            me->count += srch[j].count;
            (*open)--;
            continue;
        }
        cn->mark[v] = base + i;
        enqueue(cn, me, v);
        me->count++;
    }
    if (me->head == WF__CONN_NONE) {
        me->ended = 1;
        (*open)--;
    }
}

/* Cells the searches of one split may take before a relabelling from
 * scratch is cheaper: a cut into two large pieces costs both searches
 * the smaller piece and its relabelling as much again, about three times
 * a rebuild's work at half the map. */
static size_t split_budget(const wf_conn *cn) {
    const size_t b = cn->cells / 8;
    return b < 4096 ? 4096 : b;
}

/* Component L may have split; its pieces each hold one of the m cells
 * seeds (as label << 32 | cell). Returns 0 when no id is free or the
 * searches outgrow split_budget. */
static int split(wf_conn *cn, uint32_t L, const uint64_t *seeds, uint32_t m) {
    wf__conn_search *srch = cn->srch;
    const uint32_t base = wf__conn_stamps(cn, m);
    for (uint32_t i = 0; i < m; i++) {
        const uint32_t s = (uint32_t)seeds[i];
        cn->mark[s] = base + i;
        srch[i] = (wf__conn_search){WF__CONN_NONE, WF__CONN_NONE, i, s, 1, 0};
        enqueue(cn, &srch[i], s);
        cn->active[i] = i;
    }
    uint32_t open = m, na = m;
    size_t budget = split_budget(cn);
    while (open > 1) {
        if (budget < na)
            return 0;
        budget -= na;
        uint32_t w = 0;
        for (uint32_t a = 0; a < na; a++) {
            const uint32_t i = cn->active[a];
            if (srch[i].parent != i || srch[i].ended)
                continue;
            if (open > 1)
                expand_one(cn, L, base, m, i, &open);
            if (srch[i].parent == i && !srch[i].ended)
                cn->active[w++] = i;
        }
        na = w;
    }
    /* the piece still open keeps L; if none is, the largest does */
    uint32_t keep = UINT32_MAX;
    for (uint32_t i = 0; i < m && keep == UINT32_MAX; i++)
        if (srch[i].parent == i && !srch[i].ended)
            keep = i;
    for (uint32_t i = 0; i < m; i++)
        if (srch[i].parent == i && srch[keep == UINT32_MAX ? i : keep].ended &&
            (keep == UINT32_MAX || srch[i].count > srch[keep].count))
            keep = i;
    for (uint32_t i = 0; i < m; i++) {
        if (srch[i].parent != i || i == keep)
            continue;
        const uint32_t id = wf__conn_id_take(cn);
        if (!id)
            return 0;
        const size_t n = wf__conn_flood(cn, srch[i].seed, L, id);
        cn->size[id] = (uint32_t)n;
        cn->size[L] -= (uint32_t)n;
    }
    return 1;
}

/* Step 1 for the m candidates. Returns 0 when the scratch or the ids run
 * out. */
static int remove_cells(wf_conn *cn, size_t m) {
    const wf_grid *g = cn->g;
    for (size_t i = 0; i < m; i++) {
        const uint32_t c = cn->cand[i], L = cn->label[c];
        if (!L)
            continue;
        cn->label[c] = 0;
        if (--cn->size[L] == 0)
            wf__conn_id_give(cn, L);
    }
    const uint32_t st = wf__conn_stamps(cn, 1);
    size_t ns = 0;
    for (size_t i = 0; i < m; i++) {
        const uint32_t c = cn->cand[i];
        if (wf__conn_stands(cn, c))
            continue; /* a cell that became free */
        const int x = (int)(c % (uint32_t)g->width),
                  y = (int)(c / (uint32_t)g->width);
        for (int d = 0; d < WF_DIR_COUNT; d++) {
            const int vx = x + wf__dir_dx[d], vy = y + wf__dir_dy[d];
            if (!wf_grid_contains(g, vx, vy))
                continue;
            const uint32_t v = (uint32_t)vy * (uint32_t)g->width + (uint32_t)vx;
            if (!cn->label[v] || cn->mark[v] == st)
                continue;
            cn->mark[v] = st;
            if (ns == cn->seed_cap)
                return 0;
            cn->seed[ns++] = (uint64_t)cn->label[v] << 32 | v;
        }
    }
    qsort(cn->seed, ns, sizeof *cn->seed, cmp_u64);
    for (size_t i = 0, j; i < ns; i = j) {
        const uint32_t L = (uint32_t)(cn->seed[i] >> 32);
        for (j = i + 1; j < ns && (uint32_t)(cn->seed[j] >> 32) == L; j++)
            ;
        if (j - i > 1 && !split(cn, L, cn->seed + i, (uint32_t)(j - i)))
            return 0;
    }
    return 1;
}

/* Components a (holding cell ca) and b (cell cb) are one: the smaller is
 * relabelled. */
static void merge(wf_conn *cn, uint32_t a, uint32_t ca, uint32_t b,
                  uint32_t cb) {
    if (cn->size[a] < cn->size[b]) {
        const uint32_t t = a;
        a = b;
        b = t;
        cb = ca;
    }
    cn->size[a] += (uint32_t)wf__conn_flood(cn, cb, b, a);
    wf__conn_id_give(cn, b);
}

/* Step 2 for the m candidates. Returns 0 when no id is free. */
static int add_cells(wf_conn *cn, size_t m) {
    const wf_grid *g = cn->g;
    const int32_t W = g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    for (size_t i = 0; i < m; i++) {
        const uint32_t c = cn->cand[i];
        if (!wf__conn_stands(cn, c))
            continue;
        const uint32_t id = wf__conn_id_take(cn);
        if (!id)
            return 0;
        cn->label[c] = id;
        cn->size[id] = 1;
        /* every move that may have appeared has both ends within one
         * cell of c */
        const int x = (int)(c % (uint32_t)W), y = (int)(c / (uint32_t)W);
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (!wf_grid_contains(g, x + dx, y + dy))
                    continue;
                const uint32_t u = (uint32_t)(y + dy) * (uint32_t)W +
                                   (uint32_t)(x + dx);
                if (!cn->label[u])
                    continue;
                for (unsigned mv = wf__conn_moves(cn, u); mv; mv &= mv - 1) {
                    const uint32_t v =
                        (uint32_t)((ptrdiff_t)u + off[__builtin_ctz(mv)]);
                    if (cn->label[v] && cn->label[v] != cn->label[u])
                        merge(cn, cn->label[u], u, cn->label[v], v);
                }
            }
    }
    return 1;
}

void wf__conn_watch(void *ud, const wf_grid *g, const wf_cell_change *changes,
                    size_t count) {
    wf_conn *cn = ud;
    (void)g;
    if (!changes) {
        wf__conn_rebuild(cn);
        return;
    }
    wf__conn_pass(cn);
    const size_t m = collect(cn, changes, count);
    if (m == SIZE_MAX || !remove_cells(cn, m) || !add_cells(cn, m))
        wf__conn_rebuild(cn);
}
