/* Off-mesh links and the shortest path that may take them.
 *
 * A path with links walks on the mesh from the start to a link's entry,
 * takes the link, walks to the next entry, and so on to the goal. The
 * search is Dijkstra over where a path can stand: the start and each
 * directed link's exit. A step from there to the goal or to a link's
 * entry is first priced by its straight-line length (a lower bound) and
 * walked on the mesh (Polyanya) only when that bound comes off the open
 * list; its exact price goes back on the list. When the goal's entry
 * comes off exactly priced, no other order of links can be cheaper. A
 * query with no link worth taking costs one walk more than without links
 * (the walk that gives the path's points again). */
#include <math.h>
#include <stdio.h>

#include "mesh_internal.h"

#define GOAL (WF__NONE - 1)

typedef struct lentry {
    double key;     /* the cost of reaching `to`, exact or a lower bound */
    uint32_t from;  /* WF__NONE: the start; else a directed link's exit */
    uint32_t to;    /* a directed link (its entry) or GOAL */
    uint8_t exact;
} lentry;

struct wf__mlinks {
    struct lheap {
        lentry *e;
        size_t n, cap;
    } open;
    double *g;       /* per directed link: the cost at its exit */
    uint32_t *from;  /* where the path to it came from */
    uint8_t *done;
    struct lused {
        uint32_t link; /* directed */
        size_t at;     /* its entry's index in the path's points */
    } *used;         /* the links the last path took, in order */
    size_t nused;
    size_t cap;      /* directed links the arrays hold */
    wf_polyline leg; /* one walk */
};

#define WF_HEAP2 lheap
#define WF_HEAP2_HEAP struct lheap
#define WF_HEAP2_ENTRY lentry
#define WF_HEAP2_LESS(h, a, b) ((a).key < (b).key)
#include "wf_heap2.h"

/* Directed link d: link d / 2, forwards when d is even. */
static wf__mpt entry_of(const wf_mesh *m, uint32_t d) {
    return d & 1 ? m->link[d / 2].b : m->link[d / 2].a;
}

static wf__mpt exit_of(const wf_mesh *m, uint32_t d) {
    return d & 1 ? m->link[d / 2].a : m->link[d / 2].b;
}

static double dist(wf__mpt a, wf__mpt b) {
    return hypot((double)a.x - b.x, (double)a.y - b.y);
}

static wf_status lpush(wf_mesh_query *q, lentry e) {
    struct lheap *h = &q->links->open;
    if (h->n == h->cap) {
        const size_t cap = h->cap ? 2 * h->cap : 64;
        lentry *x = wf__realloc(&q->alloc, h->e, h->cap * sizeof *x,
                                cap * sizeof *x);
        if (!x)
            return WF_E_NOMEM;
        h->e = x;
        h->cap = cap;
    }
    lheap_up(h, h->n++, e);
    return WF_OK;
}

static void free_arrays(wf_mesh_query *q, struct wf__mlinks *l) {
    wf__free(&q->alloc, l->g, l->cap * sizeof *l->g);
    wf__free(&q->alloc, l->from, l->cap * sizeof *l->from);
    wf__free(&q->alloc, l->done, l->cap);
    wf__free(&q->alloc, l->used, l->cap * sizeof *l->used);
    l->g = NULL, l->from = NULL, l->done = NULL, l->used = NULL;
    l->cap = 0;
}

/* The link search's state, sized for m's directed links. */
static wf_status prepare(wf_mesh_query *q, const wf_mesh *m) {
    if (!q->links) {
        q->links = wf__alloc(&q->alloc, sizeof *q->links);
        if (!q->links)
            return WF_E_NOMEM;
        memset(q->links, 0, sizeof *q->links);
        wf_polyline_init(&q->links->leg, &q->alloc);
    }
    struct wf__mlinks *l = q->links;
    const size_t n = 2 * m->nlink;
    if (n > l->cap) {
        free_arrays(q, l);
        l->g = wf__alloc(&q->alloc, n * sizeof *l->g);
        l->from = wf__alloc(&q->alloc, n * sizeof *l->from);
        l->done = wf__alloc(&q->alloc, n);
        l->used = wf__alloc(&q->alloc, n * sizeof *l->used);
        l->cap = n;
        if (!l->g || !l->from || !l->done || !l->used) {
            free_arrays(q, l);
            return WF_E_NOMEM;
        }
    }
    memset(l->done, 0, n);
    l->open.n = 0;
    return WF_OK;
}

void wf__mesh_links_clear(wf_mesh_query *q) {
    if (q->links)
        q->links->nused = 0;
}

void wf__mesh_links_free(wf_mesh_query *q) {
    struct wf__mlinks *l = q->links;
    if (!l)
        return;
    wf__free(&q->alloc, l->open.e, l->open.cap * sizeof *l->open.e);
    free_arrays(q, l);
    wf_polyline_free(&l->leg);
    wf__free(&q->alloc, l, sizeof *l);
    q->links = NULL;
}

/* Lower-bound entries from p (the start or a link's exit, reached at cost
 * g) to the goal and to every link not yet reached. */
static wf_status spread(wf_mesh_query *q, const wf_mesh *m, uint32_t from,
                        wf__mpt p, double g, wf__mpt t) {
    const double c = m->cost / m->scale;
    wf_status st = lpush(q, (lentry){g + dist(p, t) * c, from, GOAL, 0});
    for (uint32_t d = 0; st == WF_OK && d < 2 * m->nlink; d++) {
        if (q->links->done[d] || (d & 1 && !m->link[d / 2].two_way))
            continue;
        const double k = g + dist(p, entry_of(m, d)) * c + m->link[d / 2].cost;
        st = lpush(q, (lentry){k, from, d, 0});
    }
    return st;
}

/* The walked length from a to b in fixed-point units into *len
 * (INFINITY when none); WF_OK or an error. */
static wf_status walk_len(wf_mesh_query *q, const wf_mesh *m, wf__mpt a,
                          wf__mpt b, double *len) {
    wf_polyline *leg = &q->links->leg;
    const wf_status st = wf__mesh_shortest(q, m, a, b, leg);
    *len = INFINITY;
    if (st == WF_NO_PATH)
        return WF_OK;
    if (st != WF_OK)
        return st;
    wf__mesh_measure(leg, 1);
    *len = leg->length * m->scale;
    return WF_OK;
}

/* Dijkstra over the links until the goal comes off exactly priced:
 * *last is where its final walk starts (WF__NONE: the start), or GOAL
 * when nothing reaches the goal. */
static wf_status settle(wf_mesh_query *q, const wf_mesh *m, wf__mpt s,
                        wf__mpt t, uint32_t *last) {
    struct wf__mlinks *l = q->links;
    const double c = m->cost / m->scale;
    wf_status st = spread(q, m, WF__NONE, s, 0, t);
    *last = GOAL;
    while (st == WF_OK && l->open.n) {
        lentry e = lheap_pop(&l->open);
        if (e.to != GOAL && l->done[e.to])
            continue;
        const wf__mpt at = e.from == WF__NONE ? s : exit_of(m, e.from);
        if (!e.exact) {
            double len;
            const double g = e.from == WF__NONE ? 0 : l->g[e.from];
            st = walk_len(q, m, at, e.to == GOAL ? t : entry_of(m, e.to),
                          &len);
            e.key = g + len * c + (e.to == GOAL ? 0 : m->link[e.to / 2].cost);
            e.exact = 1;
            if (st == WF_OK && len < INFINITY)
                st = lpush(q, e);
            continue;
        }
        if (e.to == GOAL) {
            *last = e.from;
            return WF_OK;
        }
        l->done[e.to] = 1;
        l->g[e.to] = e.key;
        l->from[e.to] = e.from;
        st = spread(q, m, e.to, exit_of(m, e.to), e.key, t);
    }
    return st;
}

/* Appends the walk from a to b (its first point when out is empty). */
static wf_status append_walk(wf_mesh_query *q, const wf_mesh *m, wf__mpt a,
                             wf__mpt b, wf_polyline *out) {
    wf_polyline *leg = &q->links->leg;
    wf_status st = wf__mesh_shortest(q, m, a, b, leg);
    if (st != WF_OK)
        return st;
    const size_t skip = out->count ? 1 : 0;
    st = wf_polyline_reserve(out, out->count + leg->count);
    if (st != WF_OK)
        return st;
    memcpy(out->points + out->count, leg->points + skip,
           (leg->count - skip) * sizeof *leg->points);
    out->count += leg->count - skip;
    for (size_t i = out->count - (leg->count - skip); i < out->count; i++)
        if (i)
            out->length += hypot(out->points[i].x - out->points[i - 1].x,
                                 out->points[i].y - out->points[i - 1].y);
    return WF_OK;
}

/* The path: the walks between the links the search chose, in order;
 * its length counts each link's straight line, its cost the walks and
 * the links' costs. */
static wf_status assemble(wf_mesh_query *q, const wf_mesh *m, wf__mpt s,
                          wf__mpt t, uint32_t last, wf_polyline *out) {
    struct wf__mlinks *l = q->links;
    l->nused = 0;
    for (uint32_t d = last; d != WF__NONE; d = l->from[d])
        l->used[l->nused++].link = d; /* the chain, last link first */
    for (size_t i = 0; i < l->nused / 2; i++) {
        const uint32_t x = l->used[i].link;
        l->used[i].link = l->used[l->nused - 1 - i].link;
        l->used[l->nused - 1 - i].link = x;
    }
    wf__mpt at = s;
    double fees = 0, flown = 0;
    wf_status st = WF_OK;
    for (size_t i = 0; st == WF_OK && i < l->nused; i++) {
        const uint32_t d = l->used[i].link;
        st = append_walk(q, m, at, entry_of(m, d), out);
        if (st == WF_OK)
            st = wf_polyline_reserve(out, out->count + 1);
        if (st != WF_OK)
            return st;
        l->used[i].at = out->count - 1;
        at = exit_of(m, d);
        out->points[out->count++] = (wf_vec2){at.x / m->scale,
                                              at.y / m->scale};
        const double jump = dist(entry_of(m, d), at) / m->scale;
        out->length += jump;
        flown += jump;
        fees += m->link[d / 2].cost;
    }
    st = append_walk(q, m, at, t, out);
    out->cost = (out->length - flown) * m->cost + fees;
    return st;
}

wf_status wf__mesh_link_path(wf_mesh_query *q, const wf_mesh *m, wf__mpt s,
                             wf__mpt t, wf_polyline *out) {
    wf_status st = prepare(q, m);
    uint32_t p;
    for (int end = 0; st == WF_OK && end < 2; end++) {
        const wf__mpt x = end ? t : s;
        if (!wf__mesh_locate(m, x, &p, 1)) {
            snprintf(q->msg, sizeof q->msg, "the %s (%g, %g) is not on the "
                                            "mesh",
                     end ? "goal" : "start", x.x / m->scale, x.y / m->scale);
            return WF_NO_PATH;
        }
    }
    uint32_t last = GOAL;
    if (st == WF_OK)
        st = settle(q, m, s, t, &last);
    if (st != WF_OK)
        return st;
    if (last == GOAL) {
        snprintf(q->msg, sizeof q->msg, "no path joins the start and the "
                                        "goal, with or without the mesh's "
                                        "%zu link(s)",
                 m->nlink);
        return WF_NO_PATH;
    }
    q->msg[0] = 0;
    return assemble(q, m, s, t, last, out);
}

size_t wf_mesh_path_links(const wf_mesh_query *q, size_t *ids, size_t *at,
                          size_t max) {
    if (!q || !q->links)
        return 0;
    const struct wf__mlinks *l = q->links;
    for (size_t i = 0; i < l->nused && i < max; i++) {
        if (ids)
            ids[i] = l->used[i].link / 2;
        if (at)
            at[i] = l->used[i].at;
    }
    return l->nused;
}

wf_status wf_mesh_add_link(wf_mesh *m, const wf_mesh_link *link, size_t *id,
                           wf_diag *diag) {
    if (!m || !link) {
        wf__diag_set(diag, "", 0, 0, "the mesh and the link are required");
        return WF_E_INVALID_ARG;
    }
    if (!(link->cost >= 0) || !isfinite(link->cost)) {
        wf__diag_set(diag, "", 0, 0, "a link's cost must be 0 or more, not "
                                     "%g",
                     link->cost);
        return WF_E_INVALID_ARG;
    }
    wf__mpt e[2];
    for (int i = 0; i < 2; i++) {
        const wf_vec2 w = i ? link->b : link->a;
        uint32_t p;
        if (!isfinite(w.x) || !isfinite(w.y) || !wf__mesh_fix(m, w, &e[i]) ||
            !wf__mesh_locate(m, e[i], &p, 1)) {
            wf__diag_set(diag, "", 0, 0, "the link's %s end (%g, %g) is not "
                                         "on the mesh",
                         i ? "second" : "first", w.x, w.y);
            return WF_E_INVALID_ARG;
        }
    }
    if (m->nlink == m->cap_link) {
        const size_t cap = m->cap_link ? 2 * m->cap_link : 8;
        if (cap > WF__NONE / 4)
            return WF_E_TOO_BIG;
        struct wf__mlink *x = wf__realloc(&m->alloc, m->link,
                                          m->cap_link * sizeof *x,
                                          cap * sizeof *x);
        if (!x)
            return WF_E_NOMEM;
        m->link = x;
        m->cap_link = cap;
    }
    m->link[m->nlink] = (struct wf__mlink){e[0], e[1], link->cost,
                                           (uint8_t)(link->two_way != 0)};
    if (id)
        *id = m->nlink;
    m->nlink++;
    return WF_OK;
}

size_t wf_mesh_link_count(const wf_mesh *m) { return m ? m->nlink : 0; }

wf_status wf_mesh_get_link(const wf_mesh *m, size_t id, wf_mesh_link *out) {
    if (!m || !out || id >= m->nlink)
        return WF_E_INVALID_ARG;
    const struct wf__mlink *l = &m->link[id];
    out->a = (wf_vec2){l->a.x / m->scale, l->a.y / m->scale};
    out->b = (wf_vec2){l->b.x / m->scale, l->b.y / m->scale};
    out->cost = l->cost;
    out->two_way = l->two_way;
    return WF_OK;
}
