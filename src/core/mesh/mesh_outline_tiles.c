/* An outline mesh in square tiles (wf_mesh_opts.tile, world units), so
 * that adding or removing an obstacle rebuilds only the tiles its
 * bounding box touches.
 *
 * The outlines are kept snapped to the tile lines: every side of an
 * outline is cut where it crosses a tile line, at the point of the fixed
 * point nearest the crossing along that line (half up), worked out from
 * the side and the line alone (the exact fraction, whichever way the side
 * runs), so every tile that has that line for a side puts the same point
 * there. A piece between two cuts then lies in one tile (its closed box),
 * and a tile is triangulated from the pieces in its box alone:
 * - its corners and every outline point on its sides split its sides, and
 *   nothing else may (cdt_cross.c keeps bends off a fenced box), so the
 *   tiles across a side split it alike and their polygons meet corner to
 *   corner;
 * - its sides are constraints weighing what lies just inside them, so
 *   counting from outside the box gives every triangle its counts. Those
 *   come from the count at a point just inside the tile's lower left
 *   corner, lo + (e, e^2) for an infinitesimal e: a ray from it to the
 *   left crosses a piece only where the piece ends on the line y = lo.y
 *   (no piece crosses a tile line), so the count is exact; then, going
 *   round the box counter-clockwise, each piece ending at a point of the
 *   sides adds its weights and each one starting there takes them away.
 *   A piece along a side bounds nothing inside this tile (the counts on
 *   either side of it are the two tiles' own), so it only splits sides.
 * Outside the box nothing counts, so no triangle merges across a side.
 *
 * Snapping moves a crossing of a tile line by half a unit at most along
 * the line: a tiled mesh's ground is the outlines' to that (and the bends
 * where outlines cross), the same whichever edits led to it.
 *
 * The tiles are made, kept and stitched into the mesh by mesh_tiles.c,
 * this file's wf__otile_build their maker. */
#include <assert.h>

#include "mesh_internal.h"

typedef struct oring {
    uint32_t id;
    uint8_t kind;     /* wf_outline_kind */
    size_t start, n;  /* its snapped points pt[start .. start + n), CCW */
    wf__mpt lo, hi;   /* its box */
} oring;

struct wf__otiles {
    wf__mpt origin;   /* tile (i, j) is origin + side (i, j) .. + side */
    int32_t side;
    int ntx, nty;
    oring *ring;
    size_t nring, cap_ring;
    wf__mpt *pt;
    size_t npt, cap_pt;
    uint32_t next_id;
};

static int64_t mag(int64_t v) { return v < 0 ? -v : v; }

static int64_t floor_div(int64_t n, int64_t d) { /* d > 0 */
    return n >= 0 ? n / d : -((-n + d - 1) / d);
}

/* ---- snapping a ring to the tile lines ------------------------------- */

/* The point of the fixed point where side a–b crosses the vertical line
 * x (along_y) or the horizontal line y = x, rounded half up along it:
 * from the exact fraction, the same whichever way the side runs. */
static wf__mpt cut(wf__mpt a, wf__mpt b, int32_t x, int along_y) {
    if (!along_y) { /* the same with the axes swapped */
        const wf__mpt r = cut((wf__mpt){a.y, a.x}, (wf__mpt){b.y, b.x}, x, 1);
        return (wf__mpt){r.y, r.x};
    }
    const wf__mpt p = a.x < b.x ? a : b, q = a.x < b.x ? b : a;
    const int64_t den = (int64_t)q.x - p.x;
    const int64_t num = ((int64_t)x - p.x) * ((int64_t)q.y - p.y);
    return (wf__mpt){x, (int32_t)(p.y + floor_div(2 * num + den, 2 * den))};
}

/* Array p (of *cap items of `size` bytes) with room for `need`: p
 * itself, or moved (*cap doubled until it fits), or NULL when out of
 * memory (p kept). */
static void *room(const wf_allocator *a, void *p, size_t *cap, size_t need,
                  size_t size) {
    if (need <= *cap)
        return p;
    size_t more = *cap ? *cap : 16;
    while (more < need)
        more *= 2;
    void *grown = wf__realloc(a, p, *cap * size, more * size);
    if (grown)
        *cap = more;
    return grown;
}

static wf_status room_pt(const wf_allocator *a, struct wf__otiles *t,
                         size_t more) {
    wf__mpt *pt = room(a, t->pt, &t->cap_pt, t->npt + more, sizeof *pt);
    if (!pt)
        return WF_E_NOMEM;
    t->pt = pt;
    return WF_OK;
}

static void put_pt(struct wf__otiles *t, size_t start, wf__mpt p) {
    if (t->npt > start && t->pt[t->npt - 1].x == p.x &&
        t->pt[t->npt - 1].y == p.y)
        return;
    t->pt[t->npt++] = p;
}

/* The first tile line after coordinate v going `dir` (+1 or -1) from
 * origin o: its index. */
static int64_t line_after(int32_t v, int32_t o, int32_t side, int dir) {
    const int64_t k = floor_div((int64_t)v - o, side);
    if (dir > 0)
        return k + 1;
    return ((int64_t)v - o) % side == 0 ? k - 1 : k;
}

/* Appends side a–b's cuts (not a or b) in order along it. */
static wf_status snap_side(const wf_allocator *al, struct wf__otiles *t,
                           size_t start, wf__mpt a, wf__mpt b) {
    const int dx = (b.x > a.x) - (b.x < a.x), dy = (b.y > a.y) - (b.y < a.y);
    const int64_t s = t->side;
    int64_t i = line_after(a.x, t->origin.x, t->side, dx);
    int64_t j = line_after(a.y, t->origin.y, t->side, dy);
    const int64_t ni = dx ? (mag((int64_t)b.x - a.x) + s) / s + 1 : 0;
    const int64_t nj = dy ? (mag((int64_t)b.y - a.y) + s) / s + 1 : 0;
    wf_status st = room_pt(al, t, (size_t)(ni + nj + 2));
    for (;;) {
        const int64_t X = t->origin.x + i * s, Y = t->origin.y + j * s;
        const int vx = dx && (dx > 0 ? X < b.x : X > b.x);
        const int vy = dy && (dy > 0 ? Y < b.y : Y > b.y);
        if (st != WF_OK || (!vx && !vy))
            return st;
        /* which comes first along a → b: compare |X - a.x| / |dx total|
           with |Y - a.y| / |dy total| */
        int64_t first = 0;
        if (vx && vy)
            first = mag(X - a.x) * mag((int64_t)b.y - a.y) -
                    mag(Y - a.y) * mag((int64_t)b.x - a.x);
        if (vx && (!vy || first <= 0)) {
            put_pt(t, start, cut(a, b, (int32_t)X, 1));
            i += dx;
        }
        if (vy && (!vx || first >= 0)) {
            put_pt(t, start, cut(a, b, (int32_t)Y, 0));
            j += dy;
        }
    }
}

wf_status wf__otiles_ring(struct wf__otiles *t, const wf_allocator *a,
                          const wf__mpt *p, size_t n, int kind, uint32_t *id) {
    oring *r = room(a, t->ring, &t->cap_ring, t->nring + 1, sizeof *r);
    if (!r)
        return WF_E_NOMEM;
    t->ring = r;
    const size_t start = t->npt;
    wf_status st = WF_OK;
    wf__mpt lo = p[0], hi = p[0];
    for (size_t j = 0; st == WF_OK && j < n; j++) {
        st = room_pt(a, t, 1);
        if (st == WF_OK)
            put_pt(t, start, p[j]);
        if (st == WF_OK)
            st = snap_side(a, t, start, p[j], p[(j + 1) % n]);
        lo.x = p[j].x < lo.x ? p[j].x : lo.x, lo.y = p[j].y < lo.y ? p[j].y : lo.y;
        hi.x = p[j].x > hi.x ? p[j].x : hi.x, hi.y = p[j].y > hi.y ? p[j].y : hi.y;
    }
    while (st == WF_OK && t->npt > start + 1 &&
           t->pt[t->npt - 1].x == t->pt[start].x &&
           t->pt[t->npt - 1].y == t->pt[start].y)
        t->npt--;
    if (st != WF_OK) {
        t->npt = start;
        return st;
    }
    *id = t->next_id++;
    t->ring[t->nring++] = (oring){*id, (uint8_t)kind, start, t->npt - start,
                                  lo, hi};
    return WF_OK;
}

/* ---- one tile -------------------------------------------------------- */

/* A tile being made: its box, its points (its corners, then every ring
 * point in the closed box) and their triangulation's ids, its pieces. */
typedef struct otile {
    const struct wf__otiles *t;
    wf__mpt lo, hi;
    wf__mpt *pt;
    uint32_t *id;
    size_t npt;
    uint32_t (*edge)[2]; /* pieces by their points' indices in pt */
    int32_t (*w)[2];
    size_t nedge, cap;   /* cap: of pt, id, edge and w */
    wf__cdt c;
} otile;

static int in_box(const otile *o, wf__mpt p) {
    return p.x >= o->lo.x && p.x <= o->hi.x && p.y >= o->lo.y &&
           p.y <= o->hi.y;
}

static int meets(const otile *o, const oring *r) {
    return r->lo.x <= o->hi.x && r->hi.x >= o->lo.x && r->lo.y <= o->hi.y &&
           r->hi.y >= o->lo.y;
}

/* Does piece a–b run along a side of the box? */
static int along(const otile *o, wf__mpt a, wf__mpt b) {
    return (a.x == b.x && (a.x == o->lo.x || a.x == o->hi.x)) ||
           (a.y == b.y && (a.y == o->lo.y || a.y == o->hi.y));
}

/* The points and pieces of ring r in the box. */
static void gather_ring(otile *o, const oring *r) {
    const wf__mpt *p = o->t->pt + r->start;
    const int32_t w[2] = {r->kind == WF_OUTLINE_WALKABLE,
                          r->kind == WF_OUTLINE_OBSTACLE};
    size_t first = WF__NONE, prev = WF__NONE;
    for (size_t j = 0; j <= r->n; j++) {
        const size_t k = j % r->n;
        size_t at = WF__NONE;
        if (in_box(o, p[k]))
            at = j < r->n ? o->npt++ : first;
        if (j < r->n && at != WF__NONE)
            o->pt[at] = p[k];
        if (j == 0)
            first = at;
        if (at != WF__NONE && prev != WF__NONE &&
            !along(o, p[(j + r->n - 1) % r->n], p[k])) {
            o->edge[o->nedge][0] = (uint32_t)prev;
            o->edge[o->nedge][1] = (uint32_t)at;
            o->w[o->nedge][0] = w[0], o->w[o->nedge][1] = w[1];
            o->nedge++;
        }
        prev = at;
    }
}

static wf_status gather(otile *o, const wf_allocator *a) {
    const struct wf__otiles *t = o->t;
    o->cap = 4;
    for (size_t i = 0; i < t->nring; i++)
        o->cap += meets(o, &t->ring[i]) ? t->ring[i].n : 0;
    o->pt = wf__alloc(a, o->cap * sizeof *o->pt);
    o->id = wf__alloc(a, o->cap * sizeof *o->id);
    o->edge = wf__alloc(a, o->cap * sizeof *o->edge);
    o->w = wf__alloc(a, o->cap * sizeof *o->w);
    if (!o->pt || !o->id || !o->edge || !o->w)
        return WF_E_NOMEM;
    o->pt[0] = o->lo, o->pt[1] = (wf__mpt){o->hi.x, o->lo.y};
    o->pt[2] = o->hi, o->pt[3] = (wf__mpt){o->lo.x, o->hi.y};
    o->npt = 4;
    for (size_t i = 0; i < t->nring; i++)
        if (meets(o, &t->ring[i]))
            gather_ring(o, &t->ring[i]);
    return WF_OK;
}

/* The counts (walkable, obstacle outlines) at lo + (e, e^2): the signed
 * crossings of a ray from there to the left, each where a piece leaves
 * the line y = lo.y upwards or comes down to it, at x <= lo.x. */
static void corner_count(const otile *o, int32_t count[2]) {
    const struct wf__otiles *t = o->t;
    count[0] = count[1] = 0;
    for (size_t i = 0; i < t->nring; i++) {
        const oring *r = &t->ring[i];
        if (r->lo.x > o->lo.x || r->lo.y > o->lo.y || r->hi.y <= o->lo.y)
            continue;
        const wf__mpt *p = t->pt + r->start;
        int wind = 0;
        for (size_t j = 0; j < r->n; j++) {
            const wf__mpt a = p[j], b = p[(j + 1) % r->n];
            const int up_a = a.y > o->lo.y, up_b = b.y > o->lo.y;
            if (up_a == up_b)
                continue;
            /* no piece crosses a tile line: the lower end is on it */
            const wf__mpt low = up_a ? b : a;
            assert(low.y == o->lo.y);
            if (low.x <= o->lo.x)
                wind += up_a ? 1 : -1; /* counter-clockwise: down on the left */
        }
        count[r->kind == WF_OUTLINE_OBSTACLE] += wind;
    }
}

/* Where p is going round the box counter-clockwise from lo. */
static int64_t round_at(const otile *o, wf__mpt p) {
    const int64_t w = (int64_t)o->hi.x - o->lo.x, h = (int64_t)o->hi.y - o->lo.y;
    if (p.y == o->lo.y && p.x < o->hi.x)
        return (int64_t)p.x - o->lo.x;
    if (p.x == o->hi.x && p.y < o->hi.y)
        return w + p.y - o->lo.y;
    if (p.y == o->hi.y && p.x > o->lo.x)
        return w + h + o->hi.x - p.x;
    return 2 * w + h + o->hi.y - p.y;
}

static int on_sides(const otile *o, wf__mpt p) {
    return p.x == o->lo.x || p.x == o->hi.x || p.y == o->lo.y ||
           p.y == o->hi.y;
}

/* The sides, piece by piece between the points on them, as constraints
 * weighing what lies just inside each, starting from the corner's
 * counts. sorted: the points on the sides (indices in pt) by round_at. */
static wf_status sides(otile *o, wf__cross *x, wf__keyed *sorted, size_t nb,
                       const int32_t corner[2]) {
    int32_t *delta = wf__alloc(&o->c.alloc, 2 * nb * sizeof *delta + 1);
    if (!delta)
        return WF_E_NOMEM;
    memset(delta, 0, 2 * nb * sizeof *delta);
    for (size_t e = 0; e < o->nedge; e++)
        for (int end = 0; end < 2; end++) {
            const wf__mpt p = o->pt[o->edge[e][end]];
            if (!on_sides(o, p))
                continue;
            const uint64_t key = (uint64_t)round_at(o, p);
            size_t lo = 0, hi = nb; /* the first key >= key */
            while (lo < hi) {
                const size_t mid = (lo + hi) / 2;
                if (sorted[mid].key < key)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            for (int q = 0; q < 2; q++)
                delta[2 * lo + q] += end ? o->w[e][q] : -o->w[e][q];
        }
    int32_t w[2] = {corner[0], corner[1]};
    wf_status st = WF_OK;
    for (size_t k = 0; st == WF_OK && k < nb; k++) {
        if (k)
            w[0] += delta[2 * k], w[1] += delta[2 * k + 1];
        st = wf__cross_add(x, o->id[sorted[k].i],
                           o->id[sorted[(k + 1) % nb].i], w[0], w[1]);
    }
    wf__free(&o->c.alloc, delta, 2 * nb * sizeof *delta + 1);
    return st;
}

/* The points on the sides, once each, by round_at, into *out. */
static wf_status side_points(otile *o, wf__keyed **out, size_t *nb) {
    wf__keyed *k = wf__alloc(&o->c.alloc, o->npt * sizeof *k);
    if (!k)
        return WF_E_NOMEM;
    size_t n = 0;
    for (size_t i = 0; i < o->npt; i++)
        if (on_sides(o, o->pt[i]))
            k[n++] = (wf__keyed){(uint64_t)round_at(o, o->pt[i]), (uint32_t)i};
    wf_status st = wf__keyed_sort(k, n, &o->c.alloc);
    size_t m = 0;
    for (size_t i = 0; st == WF_OK && i < n; i++)
        if (!m || k[m - 1].key != k[i].key)
            k[m++] = k[i];
    *out = k;
    *nb = m;
    return st;
}

/* Triangulates the tile and classifies its triangles. */
static wf_status weigh(otile *o) {
    unsigned shift = 0;
    while ((((int64_t)o->hi.x - o->lo.x + 4) >> shift) >= (1 << 21) ||
           (((int64_t)o->hi.y - o->lo.y + 4) >> shift) >= (1 << 21))
        shift++;
    const wf__mpt base = {o->lo.x - 2, o->lo.y - 2};
    const wf_allocator a = o->c.alloc;
    wf_status st = wf__cdt_init(&o->c, &a, base.x, base.y,
                                o->hi.x + 2, o->hi.y + 2, o->npt);
    if (st == WF_OK)
        st = wf__cdt_insert_all(&o->c, o->pt, o->npt, base, shift, o->id);
    wf__keyed *sorted = NULL;
    size_t nb = 0;
    if (st == WF_OK)
        st = side_points(o, &sorted, &nb);
    wf__cross x;
    memset(&x, 0, sizeof x);
    if (st == WF_OK)
        st = wf__cross_init(&x, &o->c, nb + o->nedge);
    x.fenced = 1, x.fence_lo = o->lo, x.fence_hi = o->hi;
    int32_t corner[2];
    corner_count(o, corner);
    if (st == WF_OK)
        st = sides(o, &x, sorted, nb, corner);
    for (size_t e = 0; st == WF_OK && e < o->nedge; e++)
        st = wf__cross_add(&x, o->id[o->edge[e][0]], o->id[o->edge[e][1]],
                           o->w[e][0], o->w[e][1]);
    if (st == WF_OK)
        st = wf__cross_count(&x);
    wf__cross_free(&x);
    wf__free(&o->c.alloc, sorted, sorted ? o->npt * sizeof *sorted : 0);
    return st;
}

wf_status wf__otile_build(const void *src, wf_mesh *x, wf__mpt lo,
                          wf__mpt hi) {
    otile o;
    memset(&o, 0, sizeof o);
    o.t = src;
    o.lo = lo, o.hi = hi;
    o.c.alloc = x->alloc;
    wf_status st = gather(&o, &x->alloc);
    if (st == WF_OK)
        st = weigh(&o);
    if (st == WF_OK) {
        wf__cdt_outline(&o.c);
        st = wf__mesh_from_cdt(x, &o.c);
    }
    wf__free(&x->alloc, o.pt, o.pt ? o.cap * sizeof *o.pt : 0);
    wf__free(&x->alloc, o.id, o.id ? o.cap * sizeof *o.id : 0);
    wf__free(&x->alloc, o.edge, o.edge ? o.cap * sizeof *o.edge : 0);
    wf__free(&x->alloc, o.w, o.w ? o.cap * sizeof *o.w : 0);
    wf__cdt_free(&o.c);
    return st;
}

/* ---- the tiles ------------------------------------------------------- */

void wf__otiles_drop(const wf_allocator *a, void *src) {
    struct wf__otiles *t = src;
    if (!t)
        return;
    wf__free(a, t->ring, t->cap_ring * sizeof *t->ring);
    wf__free(a, t->pt, t->cap_pt * sizeof *t->pt);
    wf__free(a, t, sizeof *t);
}

wf_status wf__otiles_begin(const wf_allocator *a, int32_t side, wf__mpt lo,
                           wf__mpt hi, struct wf__otiles **out) {
    struct wf__otiles *t = wf__alloc(a, sizeof *t);
    *out = t;
    if (!t)
        return WF_E_NOMEM;
    memset(t, 0, sizeof *t);
    t->side = side;
    t->origin = (wf__mpt){(int32_t)(floor_div(lo.x, side) * side),
                          (int32_t)(floor_div(lo.y, side) * side)};
    const int64_t nx = ((int64_t)hi.x - t->origin.x + side - 1) / side;
    const int64_t ny = ((int64_t)hi.y - t->origin.y + side - 1) / side;
    t->ntx = nx > 0 ? (int)nx : 1, t->nty = ny > 0 ? (int)ny : 1;
    return (int64_t)t->ntx * t->nty > ((int64_t)1 << 22) ? WF_E_TOO_BIG
                                                         : WF_OK;
}

wf_status wf__otiles_build(wf_mesh *m, struct wf__otiles *t) {
    return wf__mesh_tiles_build(m, t->origin, t->side, t->ntx, t->nty,
                                wf__otile_build, t, wf__otiles_drop);
}

struct wf__otiles *wf__otiles_of(const wf_mesh *m) {
    return m->tiles && m->tiles->make == wf__otile_build ? m->tiles->src
                                                         : NULL;
}

int wf__otiles_extent(const wf_mesh *m, wf__mpt *lo, wf__mpt *hi) {
    const struct wf__mtiles *t = m->tiles;
    if (!wf__otiles_of(m))
        return 0;
    *lo = t->origin;
    *hi = (wf__mpt){(int32_t)(t->origin.x + (int64_t)t->ntx * t->side),
                    (int32_t)(t->origin.y + (int64_t)t->nty * t->side)};
    return 1;
}

/* Makes again every tile whose closed box meets [lo, hi]. */
static wf_status rebuild(wf_mesh *m, wf__mpt lo, wf__mpt hi) {
    const struct wf__mtiles *t = m->tiles;
    int64_t i0 = floor_div((int64_t)lo.x - t->origin.x, t->side);
    int64_t j0 = floor_div((int64_t)lo.y - t->origin.y, t->side);
    int64_t i1 = floor_div((int64_t)hi.x - t->origin.x, t->side);
    int64_t j1 = floor_div((int64_t)hi.y - t->origin.y, t->side);
    /* a box starting on a tile line touches the tile before it too */
    i0 -= ((int64_t)lo.x - t->origin.x) % t->side == 0;
    j0 -= ((int64_t)lo.y - t->origin.y) % t->side == 0;
    i0 = i0 < 0 ? 0 : i0, j0 = j0 < 0 ? 0 : j0;
    i1 = i1 >= t->ntx ? t->ntx - 1 : i1, j1 = j1 >= t->nty ? t->nty - 1 : j1;
    const size_t n = (size_t)t->ntx * t->nty;
    uint8_t *redo = wf__alloc(&m->alloc, n);
    if (!redo)
        return WF_E_NOMEM;
    memset(redo, 0, n);
    for (int64_t j = j0; j <= j1; j++)
        for (int64_t i = i0; i <= i1; i++)
            redo[j * t->ntx + i] = 1;
    const wf_status st = wf__mesh_tiles_redo(m, redo);
    wf__free(&m->alloc, redo, n);
    return st;
}

wf_status wf__otiles_update(wf_mesh *m, uint32_t id) {
    const struct wf__otiles *t = wf__otiles_of(m);
    for (size_t i = 0; t && i < t->nring; i++)
        if (t->ring[i].id == id)
            return rebuild(m, t->ring[i].lo, t->ring[i].hi);
    return WF_E_INVALID_ARG;
}

wf_status wf_mesh_remove_obstacle(wf_mesh *m, uint32_t id, wf_diag *diag) {
    struct wf__otiles *t = m ? wf__otiles_of(m) : NULL;
    if (!t) {
        wf__diag_set(diag, "", 0, 0, "%s", !m ? "the mesh is required"
                                              : "this mesh was not built "
                                                "from outlines in tiles: "
                                                "build it anew");
        return WF_E_INVALID_ARG;
    }
    size_t i = 0;
    while (i < t->nring && t->ring[i].id != id)
        i++;
    if (i == t->nring || t->ring[i].kind != WF_OUTLINE_OBSTACLE) {
        wf__diag_set(diag, "", 0, 0, i == t->nring
                                         ? "no outline %u in this mesh (never "
                                           "made, or removed)"
                                         : "outline %u is walkable ground, "
                                           "not an obstacle",
                     id);
        return WF_E_INVALID_ARG;
    }
    const oring r = t->ring[i];
    memmove(t->pt + r.start, t->pt + r.start + r.n,
            (t->npt - r.start - r.n) * sizeof *t->pt);
    t->npt -= r.n;
    memmove(t->ring + i, t->ring + i + 1, (t->nring - i - 1) * sizeof *t->ring);
    t->nring--;
    for (size_t j = i; j < t->nring; j++)
        t->ring[j].start -= r.n;
    const wf_status st = rebuild(m, r.lo, r.hi);
    if (st != WF_OK)
        wf__diag_set(diag, "", 0, 0, "out of memory (the mesh is left "
                                     "unusable: destroy it)");
    return st;
}
