/* The reference of radius_oracle.h: strips and fans. */
#include "radius_oracle.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SIDES 16
#define PI 3.14159265358979323846

typedef struct poly {
    wf_vec2 c[SIDES / 2 + 4];   /* corners, counter-clockwise */
    wf_vec2 in[SIDES / 2 + 4];  /* per side: its inward unit normal */
    double off[SIDES / 2 + 4];  /* per side: in · corner */
    int m;
    double lo[2], hi[2];
} poly;

struct wf_roracle {
    const wf_oracle *ground;
    const wf_outline *o;
    size_t n;
    poly *cap;
    size_t ncap, room;
    wf_vec2 *node;
    size_t nn;
    double *adj; /* nn × nn lengths, INFINITY: not in sight */
    double eps, rho;
};

/* P's rim in direction d: the point of P's boundary there. */
static wf_vec2 rim(double rho, wf_vec2 d) {
    const double step = 2 * PI / SIDES, t = atan2(d.y, d.x);
    const double far = rho / cos(t - step * floor(t / step + 0.5));
    const double len = hypot(d.x, d.y);
    return (wf_vec2){d.x / len * far, d.y / len * far};
}

/* Adds the convex polygon p[0 .. m) (counter-clockwise). */
static void add_poly(wf_roracle *r, const wf_vec2 *p, int m) {
    if (r->ncap == r->room) {
        r->room = r->room ? 2 * r->room : 64;
        r->cap = realloc(r->cap, r->room * sizeof *r->cap);
    }
    poly *c = &r->cap[r->ncap++];
    c->m = m;
    c->lo[0] = c->lo[1] = INFINITY;
    c->hi[0] = c->hi[1] = -INFINITY;
    for (int i = 0; i < m; i++) {
        const wf_vec2 u = p[i], v = p[(i + 1) % m];
        const double len = hypot(v.x - u.x, v.y - u.y);
        c->c[i] = u;
        c->in[i] = (wf_vec2){-(v.y - u.y) / len, (v.x - u.x) / len};
        c->off[i] = c->in[i].x * u.x + c->in[i].y * u.y;
        c->lo[0] = fmin(c->lo[0], u.x), c->hi[0] = fmax(c->hi[0], u.x);
        c->lo[1] = fmin(c->lo[1], u.y), c->hi[1] = fmax(c->hi[1], u.y);
    }
}

/* The strip on the left of edge a → b. */
static void strip(wf_roracle *r, wf_vec2 a, wf_vec2 b) {
    const wf_vec2 o = rim(r->rho, (wf_vec2){-(b.y - a.y), b.x - a.x});
    const wf_vec2 p[4] = {a, b, {b.x + o.x, b.y + o.y}, {a.x + o.x, a.y + o.y}};
    add_poly(r, p, 4);
}

/* A wedge of ground at v from direction `from` counter-clockwise to `to`:
 * wider than a half turn, a fan from the normal of its first side to
 * that of its second (each pointing into the ground). */
static void fan(void *ud, wf_vec2 v, wf_vec2 from, wf_vec2 to) {
    wf_roracle *r = ud;
    if (from.x * to.y - from.y * to.x >= 0)
        return;
    const wf_vec2 n0 = {-from.y, from.x}, n1 = {to.y, -to.x};
    const double step = 2 * PI / SIDES, far = r->rho / cos(PI / SIDES);
    const double a0 = atan2(n0.y, n0.x);
    const double span = fmod(atan2(n1.y, n1.x) - a0 + 4 * PI, 2 * PI);
    wf_vec2 p[SIDES / 2 + 4];
    int m = 0;
    p[m++] = v;
    const wf_vec2 o0 = rim(r->rho, n0), o1 = rim(r->rho, n1);
    p[m++] = (wf_vec2){v.x + o0.x, v.y + o0.y};
    for (int j = 0; j < 2 * SIDES; j++) {
        const double at = PI / SIDES + j * step - 2 * PI; /* from -2 pi on */
        const double rel = at - a0;
        if (rel > 0 && rel < span)
            p[m++] = (wf_vec2){v.x + far * cos(at), v.y + far * sin(at)};
    }
    p[m++] = (wf_vec2){v.x + o1.x, v.y + o1.y};
    add_poly(r, p, m);
}

static int by_t(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The strips of every piece of an outline edge (between the outlines'
 * corners on it) with ground on one side only, on that side. */
static void strips(wf_roracle *r, const wf_outline *o, size_t n) {
    size_t np = 0;
    for (size_t i = 0; i < n; i++)
        np += o[i].count;
    double *t = malloc((np + 2) * sizeof *t);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < o[i].count; j++) {
            const wf_vec2 a = o[i].points[j], b = o[i].points[(j + 1) % o[i].count];
            const double l2 = (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y);
            if (l2 == 0)
                continue;
            size_t k = 0;
            t[k++] = 0;
            t[k++] = 1;
            for (size_t g = 0; g < n; g++)
                for (size_t h = 0; h < o[g].count; h++) {
                    const wf_vec2 p = o[g].points[h];
                    const double u = ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / l2;
                    if ((b.x - a.x) * (p.y - a.y) == (b.y - a.y) * (p.x - a.x) && u > 0 && u < 1)
                        t[k++] = u;
                }
            qsort(t, k, sizeof *t, by_t);
            for (size_t q = 0; q + 1 < k; q++) {
                if (t[q + 1] == t[q])
                    continue;
                const wf_vec2 p0 = {a.x + t[q] * (b.x - a.x), a.y + t[q] * (b.y - a.y)};
                const wf_vec2 p1 = {a.x + t[q + 1] * (b.x - a.x), a.y + t[q + 1] * (b.y - a.y)};
                const wf_vec2 m = {(p0.x + p1.x) / 2, (p0.y + p1.y) / 2};
                const double len = sqrt(l2);
                const wf_vec2 d = {-(b.y - a.y) / len * 1e-3, (b.x - a.x) / len * 1e-3};
                const int left = wf_oracle_where(r->ground, (wf_vec2){m.x + d.x, m.y + d.y}) == 1;
                const int right = wf_oracle_where(r->ground, (wf_vec2){m.x - d.x, m.y - d.y}) == 1;
                if (left && !right)
                    strip(r, p0, p1);
                else if (right && !left)
                    strip(r, p1, p0);
            }
        }
    free(t);
}

/* How deep p lies in c: the least distance inside its sides (< 0 out). */
static double depth(const poly *c, wf_vec2 p) {
    double d = INFINITY;
    for (int i = 0; i < c->m; i++)
        d = fmin(d, c->in[i].x * p.x + c->in[i].y * p.y - c->off[i]);
    return d;
}

/* Does the segment s–t pass deeper than eps into c? (Clipped against
 * each side: the part of it deeper than eps inside them all.) */
static int enters(const poly *c, wf_vec2 s, wf_vec2 t, double eps) {
    if (fmax(s.x, t.x) <= c->lo[0] || fmin(s.x, t.x) >= c->hi[0] ||
        fmax(s.y, t.y) <= c->lo[1] || fmin(s.y, t.y) >= c->hi[1])
        return 0;
    double lo = 0, hi = 1;
    for (int i = 0; i < c->m && lo < hi; i++) {
        const double f0 = c->in[i].x * s.x + c->in[i].y * s.y - c->off[i] - eps;
        const double f1 = c->in[i].x * t.x + c->in[i].y * t.y - c->off[i] - eps;
        if (f0 <= 0 && f1 <= 0)
            return 0;
        if (f0 < 0)
            lo = fmax(lo, f0 / (f0 - f1));
        else if (f1 < 0)
            hi = fmin(hi, f0 / (f0 - f1));
    }
    return lo < hi;
}

static double point_seg(wf_vec2 p, wf_vec2 a, wf_vec2 b) {
    const double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
    double u = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    return hypot(a.x + u * dx - p.x, a.y + u * dy - p.y);
}

/* Is segment s–t farther than d from every edge of the outlines? */
static int apart(const wf_roracle *r, wf_vec2 s, wf_vec2 t, double d) {
    for (size_t i = 0; i < r->n; i++)
        for (size_t j = 0; j < r->o[i].count; j++) {
            const wf_vec2 a = r->o[i].points[j];
            const wf_vec2 b = r->o[i].points[(j + 1) % r->o[i].count];
            const double c1 = (t.x - s.x) * (a.y - s.y) - (t.y - s.y) * (a.x - s.x);
            const double c2 = (t.x - s.x) * (b.y - s.y) - (t.y - s.y) * (b.x - s.x);
            const double c3 = (b.x - a.x) * (s.y - a.y) - (b.y - a.y) * (s.x - a.x);
            const double c4 = (b.x - a.x) * (t.y - a.y) - (b.y - a.y) * (t.x - a.x);
            if ((c1 * c2 <= 0 && c3 * c4 <= 0) || point_seg(a, s, t) <= d ||
                point_seg(b, s, t) <= d || point_seg(s, a, b) <= d ||
                point_seg(t, a, b) <= d)
                return 0;
        }
    return 1;
}

/* Does s–t (free ends) enter no polygon? It must keep off the outlines
 * too (everything free is rho from them, far more than half that): a
 * strip lies on one side of its edge only, so a segment could otherwise
 * slide along an edge between two of them. */
static int clear(const wf_roracle *r, wf_vec2 s, wf_vec2 t) {
    for (size_t i = 0; i < r->ncap; i++)
        if (enters(&r->cap[i], s, t, r->eps))
            return 0;
    return apart(r, s, t, r->rho / 2);
}

int wf_roracle_where(const wf_roracle *r, wf_vec2 p, double near) {
    int on = 0;
    near = fmax(near, r->eps);
    for (size_t i = 0; i < r->ncap; i++) {
        const double d = depth(&r->cap[i], p);
        if (d > near)
            return 0;
        on |= d >= -near;
    }
    if (on)
        return -1;
    return wf_oracle_where(r->ground, p) == 1;
}

/* The nodes: polygon corners on ground outside every other polygon (each
 * point once), and which of them see each other. */
static void graph(wf_roracle *r) {
    size_t cap = 0;
    for (size_t i = 0; i < r->ncap; i++)
        cap += (size_t)r->cap[i].m;
    r->node = malloc(cap * sizeof *r->node + 1);
    for (size_t i = 0; i < r->ncap; i++)
        for (int k = 0; k < r->cap[i].m; k++) {
            const wf_vec2 p = r->cap[i].c[k];
            int free = wf_oracle_where(r->ground, p) == 1;
            for (size_t j = 0; free && j < r->ncap; j++)
                free = depth(&r->cap[j], p) <= r->eps;
            for (size_t j = 0; free && j < r->nn; j++)
                free = r->node[j].x != p.x || r->node[j].y != p.y;
            if (free)
                r->node[r->nn++] = p;
        }
    const size_t n = r->nn;
    r->adj = malloc(n * n * sizeof *r->adj + 1);
    for (size_t i = 0; i < n; i++) {
        r->adj[i * n + i] = 0;
        for (size_t j = i + 1; j < n; j++) {
            const wf_vec2 a = r->node[i], b = r->node[j];
            r->adj[i * n + j] = r->adj[j * n + i] =
                clear(r, a, b) ? hypot(b.x - a.x, b.y - a.y) : INFINITY;
        }
    }
}

wf_roracle *wf_roracle_create(const wf_oracle *ground, const wf_outline *o,
                              size_t n, double rho) {
    wf_roracle *r = calloc(1, sizeof *r);
    r->ground = ground;
    r->o = o;
    r->n = n;
    r->rho = rho;
    double big = 1;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < o[i].count; j++)
            big = fmax(big, fmax(fabs(o[i].points[j].x), fabs(o[i].points[j].y)));
    r->eps = 1e-9 * big;
    strips(r, o, n);
    wf_oracle_wedges(ground, fan, r);
    graph(r);
    return r;
}

void wf_roracle_destroy(wf_roracle *r) {
    if (!r)
        return;
    free(r->cap);
    free(r->node);
    free(r->adj);
    free(r);
}

size_t wf_roracle_nodes(const wf_roracle *r) { return r->nn; }
size_t wf_roracle_polygons(const wf_roracle *r) { return r->ncap; }

double wf_roracle_shortest(const wf_roracle *r, wf_vec2 s, wf_vec2 t) {
    if (wf_roracle_where(r, s, 0) != 1 || wf_roracle_where(r, t, 0) != 1)
        return INFINITY;
    const size_t n = r->nn;
    double best = clear(r, s, t) ? hypot(t.x - s.x, t.y - s.y) : INFINITY;
    double *dist = malloc(n * sizeof *dist + 1), *to_t = malloc(n * sizeof *to_t + 1);
    for (size_t i = 0; i < n; i++) {
        const wf_vec2 v = r->node[i];
        dist[i] = clear(r, s, v) ? hypot(v.x - s.x, v.y - s.y) : INFINITY;
        to_t[i] = clear(r, v, t) ? hypot(v.x - t.x, v.y - t.y) : INFINITY;
    }
    best = wf_oracle_dijkstra(n, r->adj, dist, to_t, best);
    free(dist);
    free(to_t);
    return best;
}
