/* The visibility-graph reference of outline_oracle.h. Every coordinate is
 * a small integer or half-integer, so orientations and collinearity are
 * exact in doubles; angles (atan2) only order directions already known
 * not to coincide. Where sides of two outlines cross, the crossing is
 * worked out once, (c2 a - c1 b) / (c2 - c1) for the sides' cross
 * products c1, c2: exact when it is a half-integer (sides at multiples of
 * 45 degrees on integers), else the nearest double, then used as it is by
 * both sides. */
#include "outline_oracle.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EPS 1e-3
#define TURN 6.283185307179586476925

typedef struct oseg {
    wf_vec2 a, b;
    size_t ring;
} oseg;

typedef struct overt {
    wf_vec2 p;
    double *ang;   /* incident edge directions, sorted (radians) */
    wf_vec2 *dir;
    int m;
    int *node;     /* per wedge j (from ang[j] counter-clockwise to the
                      next): its graph node, -1 when it is not ground */
} overt;

/* Where two sides of different outlines cross (at a point inside both). */
typedef struct ocross {
    wf_vec2 p;
    size_t ring[2], side[2]; /* the two sides: ring and index of the side */
} ocross;

struct wf_oracle {
    const wf_outline *o;
    size_t n;
    ocross *x;
    size_t nx;
    oseg *s;
    size_t ns, cap_s;
    overt *v;
    size_t nv;
    int nodes;
    double *adj; /* nodes × nodes lengths, INFINITY: no edge */
};

static double cross(wf_vec2 a, wf_vec2 b, wf_vec2 c) {
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

static int same(wf_vec2 a, wf_vec2 b) { return a.x == b.x && a.y == b.y; }

/* Is p on segment a–b (ends included)? */
static int on_seg(wf_vec2 a, wf_vec2 b, wf_vec2 p) {
    return cross(a, b, p) == 0 && (p.x - a.x) * (p.x - b.x) <= 0 &&
           (p.y - a.y) * (p.y - b.y) <= 0;
}

/* Even-odd test of p (off the ring's edges) against ring i. */
static int in_ring(const wf_outline *o, wf_vec2 p) {
    int in = 0;
    for (size_t j = 0; j < o->count; j++) {
        const wf_vec2 a = o->points[j], b = o->points[(j + 1) % o->count];
        if ((a.y > p.y) != (b.y > p.y)) {
            const double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            in ^= p.x < x;
        }
    }
    return in;
}

static int ground(const wf_oracle *r, wf_vec2 p) {
    int walk = 0, block = 0;
    for (size_t i = 0; i < r->n; i++)
        if (in_ring(&r->o[i], p))
            *(r->o[i].kind == WF_OUTLINE_OBSTACLE ? &block : &walk) += 1;
    return walk > 0 && block == 0;
}

int wf_oracle_where(const wf_oracle *r, wf_vec2 p) {
    for (size_t i = 0; i < r->ns; i++)
        if (on_seg(r->s[i].a, r->s[i].b, p))
            return -1;
    return ground(r, p);
}

/* The wedge of vertex v holding direction d (not 0): along an edge, the
 * one of its two wedges that is ground; -1 when that is none. */
static int wedge(const overt *v, wf_vec2 d) {
    const double a = atan2(d.y, d.x);
    for (int j = 0; j < v->m; j++) {
        const wf_vec2 e = v->dir[j];
        if (e.x * d.y - e.y * d.x == 0 && e.x * d.x + e.y * d.y > 0) {
            const int before = (j + v->m - 1) % v->m;
            return v->node[j] >= 0 ? j : v->node[before] >= 0 ? before : -1;
        }
    }
    for (int j = 0; j < v->m; j++) {
        const double lo = v->ang[j];
        double hi = j + 1 < v->m ? v->ang[j + 1] : v->ang[0] + TURN;
        double x = a;
        while (x < lo)
            x += TURN;
        if (x < hi)
            return v->node[j] >= 0 ? j : -1;
    }
    return -1;
}

static const overt *vertex_at(const wf_oracle *r, wf_vec2 p) {
    for (size_t i = 0; i < r->nv; i++)
        if (same(r->v[i].p, p))
            return &r->v[i];
    return NULL;
}

static int by_t(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The open segment s–t: crosses no edge, passes every corner on it
 * within one wedge of ground, and each piece between them is ground (or
 * runs along an edge with ground on one side). */
/* A point splitting a side, and where along it. */
typedef struct osplit {
    double t;
    wf_vec2 p;
} osplit;

static int by_split(const void *a, const void *b) {
    return by_t(&((const osplit *)a)->t, &((const osplit *)b)->t);
}

/* Does p lie on side j of ring i: exactly, or as one of its crossings
 * (which a double may hold only to rounding)? */
static int on_side(const wf_oracle *r, size_t i, size_t j, wf_vec2 p) {
    const wf_outline *o = &r->o[i];
    if (on_seg(o->points[j], o->points[(j + 1) % o->count], p))
        return 1;
    for (size_t k = 0; k < r->nx; k++) {
        const ocross *x = &r->x[k];
        if (same(x->p, p) && ((x->ring[0] == i && x->side[0] == j) ||
                              (x->ring[1] == i && x->side[1] == j)))
            return 1;
    }
    return 0;
}

/* The side (ring *i, side *j) s–t runs along, if any. */
static int along_side(const wf_oracle *r, wf_vec2 s, wf_vec2 t, size_t *i,
                      size_t *j) {
    for (*i = 0; *i < r->n; (*i)++)
        for (*j = 0; *j < r->o[*i].count; (*j)++)
            if (on_side(r, *i, *j, s) && on_side(r, *i, *j, t))
                return 1;
    return 0;
}

/* May a path go straight through corner v (on the open segment s–t)? */
static int passes(const overt *v, wf_vec2 s, wf_vec2 t) {
    const wf_vec2 back = {s.x - v->p.x, s.y - v->p.y};
    const wf_vec2 fwd = {t.x - v->p.x, t.y - v->p.y};
    const int w = wedge(v, back);
    return w >= 0 && wedge(v, fwd) == w;
}

static int clear_open(const wf_oracle *r, wf_vec2 s, wf_vec2 t) {
    for (size_t i = 0; i < r->ns; i++) {
        const wf_vec2 a = r->s[i].a, b = r->s[i].b;
        const double c1 = cross(s, t, a), c2 = cross(s, t, b);
        const double c3 = cross(a, b, s), c4 = cross(a, b, t);
        if (c1 * c2 < 0 && c3 * c4 < 0)
            return 0;
    }
    /* the corners on s-t split it; each piece's middle, halfway between
       two of them (exact on half-integers), is tested */
    osplit *ts = malloc((r->nv + 2) * sizeof *ts);
    size_t k = 0;
    ts[k++] = (osplit){0, s};
    ts[k++] = (osplit){1, t};
    const double len2 = (t.x - s.x) * (t.x - s.x) + (t.y - s.y) * (t.y - s.y);
    /* along a side, its crossings (not exactly on s–t in doubles) count
       as on it, and every piece of s–t is on an edge */
    size_t si, sj;
    const int edge = along_side(r, s, t, &si, &sj);
    for (size_t i = 0; i < r->nv; i++) {
        const overt *v = &r->v[i];
        if (same(v->p, s) || same(v->p, t) ||
            !(on_seg(s, t, v->p) || (edge && on_side(r, si, sj, v->p))))
            continue;
        const double u = ((v->p.x - s.x) * (t.x - s.x) +
                          (v->p.y - s.y) * (t.y - s.y)) / len2;
        if (u <= 0 || u >= 1)
            continue;
        if (!passes(v, s, t)) {
            free(ts);
            return 0;
        }
        ts[k++] = (osplit){u, v->p};
    }
    qsort(ts, k, sizeof *ts, by_split);
    int ok = 1;
    const double len = sqrt(len2);
    const wf_vec2 nrm = {-(t.y - s.y) / len * EPS, (t.x - s.x) / len * EPS};
    for (size_t i = 0; ok && i + 1 < k; i++) {
        const wf_vec2 m = {(ts[i].p.x + ts[i + 1].p.x) / 2,
                           (ts[i].p.y + ts[i + 1].p.y) / 2};
        const int where = edge ? -1 : wf_oracle_where(r, m);
        ok = where == 1 ||
             (where == -1 &&
              (ground(r, (wf_vec2){m.x + nrm.x, m.y + nrm.y}) ||
               ground(r, (wf_vec2){m.x - nrm.x, m.y - nrm.y})));
    }
    free(ts);
    return ok;
}

int wf_oracle_clear(const wf_oracle *r, wf_vec2 s, wf_vec2 t) {
    return same(s, t) || clear_open(r, s, t);
}

/* Adds direction d at the vertex at p. */
static void add_dir(wf_oracle *r, wf_vec2 p, wf_vec2 d) {
    overt *v = (overt *)vertex_at(r, p);
    if (!v) {
        v = &r->v[r->nv++];
        memset(v, 0, sizeof *v);
        v->p = p;
    }
    for (int j = 0; j < v->m; j++)
        if (v->dir[j].x * d.y - v->dir[j].y * d.x == 0 &&
            v->dir[j].x * d.x + v->dir[j].y * d.y > 0)
            return;
    v->dir = realloc(v->dir, (size_t)(v->m + 1) * sizeof *v->dir);
    v->ang = realloc(v->ang, (size_t)(v->m + 1) * sizeof *v->ang);
    const double a = atan2(d.y, d.x);
    int j = v->m++;
    for (; j > 0 && v->ang[j - 1] > a; j--) {
        v->ang[j] = v->ang[j - 1];
        v->dir[j] = v->dir[j - 1];
    }
    v->ang[j] = a;
    v->dir[j] = d;
}

static void corners(wf_oracle *r) {
    for (size_t i = 0; i < r->ns; i++) {
        const wf_vec2 a = r->s[i].a, b = r->s[i].b;
        add_dir(r, a, (wf_vec2){b.x - a.x, b.y - a.y});
        add_dir(r, b, (wf_vec2){a.x - b.x, a.y - b.y});
    }
    /* a corner lying inside another edge sees that edge both ways */
    for (size_t i = 0; i < r->ns; i++)
        for (size_t j = 0; j < r->nv; j++) {
            const wf_vec2 a = r->s[i].a, b = r->s[i].b, p = r->v[j].p;
            if (!same(a, p) && !same(b, p) && on_seg(a, b, p)) {
                add_dir(r, p, (wf_vec2){b.x - a.x, b.y - a.y});
                add_dir(r, p, (wf_vec2){a.x - b.x, a.y - b.y});
            }
        }
    for (size_t i = 0; i < r->nv; i++) {
        overt *v = &r->v[i];
        v->node = malloc((size_t)v->m * sizeof *v->node);
        for (int j = 0; j < v->m; j++) {
            const double lo = v->ang[j];
            const double hi = j + 1 < v->m ? v->ang[j + 1] : v->ang[0] + TURN;
            const double mid = (lo + hi) / 2;
            const wf_vec2 q = {v->p.x + EPS * cos(mid), v->p.y + EPS * sin(mid)};
            v->node[j] = ground(r, q) ? r->nodes++ : -1;
        }
    }
}

static void graph(wf_oracle *r) {
    const size_t n = (size_t)r->nodes;
    r->adj = malloc(n * n * sizeof *r->adj + 1);
    for (size_t i = 0; i < n * n; i++)
        r->adj[i] = INFINITY;
    for (size_t i = 0; i < r->nv; i++)
        for (size_t j = i + 1; j < r->nv; j++) {
            const overt *a = &r->v[i], *b = &r->v[j];
            const wf_vec2 d = {b->p.x - a->p.x, b->p.y - a->p.y};
            const int wa = wedge(a, d), wb = wedge(b, (wf_vec2){-d.x, -d.y});
            if (wa < 0 || wb < 0 || !clear_open(r, a->p, b->p))
                continue;
            const int x = a->node[wa], y = b->node[wb];
            r->adj[(size_t)x * n + y] = r->adj[(size_t)y * n + x] = hypot(d.x, d.y);
        }
}

/* The pieces of side j of ring `ring`, a–b (split at every outline point
 * on it and every crossing of it), with ground on one side only: edges
 * between two walkable outlines or inside obstacles bound nothing. */
static void boundary(wf_oracle *r, size_t ring, size_t j, size_t points) {
    const wf_outline *o = &r->o[ring];
    const wf_vec2 a = o->points[j], b = o->points[(j + 1) % o->count];
    osplit *ts = malloc((points + r->nx + 2) * sizeof *ts);
    size_t k = 0;
    ts[k++] = (osplit){0, a};
    ts[k++] = (osplit){1, b};
    const double len2 = (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y);
    for (size_t i = 0; i < r->n; i++)
        for (size_t q = 0; q < r->o[i].count; q++) {
            const wf_vec2 p = r->o[i].points[q];
            if (!same(p, a) && !same(p, b) && on_seg(a, b, p))
                ts[k++] = (osplit){((p.x - a.x) * (b.x - a.x) +
                                    (p.y - a.y) * (b.y - a.y)) / len2, p};
        }
    for (size_t i = 0; i < r->nx; i++) {
        const ocross *x = &r->x[i];
        if ((x->ring[0] == ring && x->side[0] == j) ||
            (x->ring[1] == ring && x->side[1] == j))
            ts[k++] = (osplit){((x->p.x - a.x) * (b.x - a.x) +
                                (x->p.y - a.y) * (b.y - a.y)) / len2, x->p};
    }
    qsort(ts, k, sizeof *ts, by_split);
    const double len = sqrt(len2);
    const wf_vec2 nrm = {-(b.y - a.y) / len * EPS, (b.x - a.x) / len * EPS};
    for (size_t i = 0; i + 1 < k; i++) {
        const wf_vec2 p = ts[i].p, q = ts[i + 1].p;
        if (same(p, q))
            continue;
        const wf_vec2 m = {(p.x + q.x) / 2, (p.y + q.y) / 2};
        if (ground(r, (wf_vec2){m.x + nrm.x, m.y + nrm.y}) ==
            ground(r, (wf_vec2){m.x - nrm.x, m.y - nrm.y}))
            continue;
        if (r->ns == r->cap_s) {
            r->cap_s = r->cap_s ? 2 * r->cap_s : 64;
            r->s = realloc(r->s, r->cap_s * sizeof *r->s);
        }
        r->s[r->ns++] = (oseg){p, q, ring};
    }
    free(ts);
}

/* Every crossing of two sides of different outlines. */
static void crossings(wf_oracle *r) {
    size_t cap = 0;
    for (size_t i = 0; i < r->n; i++)
        for (size_t j = 0; j < r->o[i].count; j++)
            for (size_t u = i + 1; u < r->n; u++)
                for (size_t v = 0; v < r->o[u].count; v++) {
                    const wf_outline *o = &r->o[i], *e = &r->o[u];
                    const wf_vec2 a = o->points[j];
                    const wf_vec2 b = o->points[(j + 1) % o->count];
                    const wf_vec2 c = e->points[v];
                    const wf_vec2 d = e->points[(v + 1) % e->count];
                    const double c1 = cross(c, d, a), c2 = cross(c, d, b);
                    if (!(c1 * c2 < 0 && cross(a, b, c) * cross(a, b, d) < 0))
                        continue;
                    if (r->nx == cap) {
                        cap = cap ? 2 * cap : 64;
                        r->x = realloc(r->x, cap * sizeof *r->x);
                    }
                    r->x[r->nx++] = (ocross){
                        {(c2 * a.x - c1 * b.x) / (c2 - c1),
                         (c2 * a.y - c1 * b.y) / (c2 - c1)},
                        {i, u}, {j, v}};
                }
}

size_t wf_oracle_crossings(const wf_oracle *r) { return r->nx; }

wf_oracle *wf_oracle_create(const wf_outline *o, size_t n) {
    wf_oracle *r = calloc(1, sizeof *r);
    r->o = o;
    r->n = n;
    size_t cap = 0;
    for (size_t i = 0; i < n; i++)
        cap += o[i].count;
    crossings(r);
    r->v = malloc(2 * (cap + 2 * r->nx) * sizeof *r->v + 1);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < o[i].count; j++)
            if (!same(o[i].points[j], o[i].points[(j + 1) % o[i].count]))
                boundary(r, i, j, cap);
    corners(r);
    graph(r);
    return r;
}

void wf_oracle_destroy(wf_oracle *r) {
    if (!r)
        return;
    for (size_t i = 0; i < r->nv; i++) {
        free(r->v[i].ang);
        free(r->v[i].dir);
        free(r->v[i].node);
    }
    free(r->v);
    free(r->s);
    free(r->x);
    free(r->adj);
    free(r);
}

void wf_oracle_wedges(const wf_oracle *r,
                      void (*fn)(void *ud, wf_vec2 at, wf_vec2 from,
                                 wf_vec2 to),
                      void *ud) {
    for (size_t i = 0; i < r->nv; i++) {
        const overt *v = &r->v[i];
        for (int j = 0; j < v->m; j++)
            if (v->node[j] >= 0)
                fn(ud, v->p, v->dir[j], v->dir[(j + 1) % v->m]);
    }
}

/* The length from an end p to a corner's wedge it sees straight: the
 * node it arrives at, or -1. */
static int seen_node(const wf_oracle *r, wf_vec2 p, const overt *v) {
    const int w = wedge(v, (wf_vec2){p.x - v->p.x, p.y - v->p.y});
    return w >= 0 && clear_open(r, p, v->p) ? v->node[w] : -1;
}

double wf_oracle_shortest(const wf_oracle *r, wf_vec2 s, wf_vec2 t) {
    if (wf_oracle_where(r, s) != 1 || wf_oracle_where(r, t) != 1)
        return INFINITY;
    const size_t n = (size_t)r->nodes;
    double best = clear_open(r, s, t) ? hypot(t.x - s.x, t.y - s.y) : INFINITY;
    double *dist = malloc(n * sizeof *dist + 1), *to_t = malloc(n * sizeof *to_t + 1);
    for (size_t i = 0; i < n; i++)
        dist[i] = to_t[i] = INFINITY;
    for (size_t i = 0; i < r->nv; i++) {
        const overt *v = &r->v[i];
        const int a = seen_node(r, s, v), b = seen_node(r, t, v);
        if (a >= 0)
            dist[a] = hypot(v->p.x - s.x, v->p.y - s.y);
        if (b >= 0)
            to_t[b] = hypot(v->p.x - t.x, v->p.y - t.y);
    }
    best = wf_oracle_dijkstra(n, r->adj, dist, to_t, best);
    free(dist);
    free(to_t);
    return best;
}

double wf_oracle_dijkstra(size_t n, const double *adj, double *dist,
                          const double *to_t, double best) {
    char *done = calloc(n + 1, 1);
    for (;;) {
        size_t u = n;
        for (size_t i = 0; i < n; i++)
            if (!done[i] && dist[i] < INFINITY && (u == n || dist[i] < dist[u]))
                u = i;
        if (u == n || dist[u] >= best)
            break;
        done[u] = 1;
        if (dist[u] + to_t[u] < best)
            best = dist[u] + to_t[u];
        for (size_t w = 0; w < n; w++)
            if (dist[u] + adj[u * n + w] < dist[w])
                dist[w] = dist[u] + adj[u * n + w];
    }
    free(done);
    return best;
}
