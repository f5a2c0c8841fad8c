/* wf_mesh_from_outlines: closed outlines in world units become the
 * constraints of a triangulation; a triangle is walkable when it lies
 * inside a walkable outline and inside no obstacle, and the walkable
 * triangles are merged into the mesh's polygons.
 *
 * The points are rounded to a fixed point (a power of two per world unit
 * unless the caller sets the scale), so every later decision is exact.
 * Outlines may touch, run along each other and cross: where sides of two
 * outlines cross, both bend through a point of the fixed point next to
 * the crossing (cdt_cross.c). An outline crossing itself has no clear
 * inside and is refused, named. Which outlines hold a triangle is
 * counted, not told by parity: every side weighs 1 in the count of its
 * kind (walkable or obstacle) with its outline's inside on its left, and
 * a fill from outside the box adds these up. So the walkable region is
 * the union of the walkable outlines less the union of the obstacles,
 * however they nest, overlap or stick out of one another. For a unit
 * with a radius, mesh_radius.c then takes away what lies within it of
 * the walkable triangles' boundary. */
#include <math.h>
#include <stdio.h>

#include "mesh_internal.h"

/* The fixed-point coordinates stay below 2^26 in size (the box round
 * them below 2^27): a query point may then lie well beyond them. */
#define FIX_MAX 67108864.0
/* How far, in radii, the polygons of a radius reach beyond an edge at
 * most (the corners of a polygon of 16 sides round a circle of radius r
 * are r / cos(pi / 16) = 1.0196 r away), rounded up. */
#define REACH 1.03

typedef struct ring {
    size_t start, n; /* its ids, ids[start .. start + n), counter-clockwise */
} ring;

typedef struct build {
    wf__cdt c;
    const wf_outline *o;
    size_t n;
    double scale, radius;
    int32_t side;    /* of a tile, units; 0: untiled */
    int adding;      /* 1: an obstacle added to a mesh (no ground needed) */
    uint32_t *ids;
    size_t nids;
    ring *r;
    wf_diag *diag;
} build;

static void name(const build *b, size_t i, char *buf, size_t size) {
    if (b->o[i].name && b->o[i].name[0])
        snprintf(buf, size, "%s", b->o[i].name);
    else
        snprintf(buf, size, "outline %zu", i + 1);
}

static wf_status fail(build *b, size_t i, wf_status st, const char *what) {
    char n[128];
    name(b, i, n, sizeof n);
    wf__diag_set(b->diag, "", 0, 0, "%s %s", n, what);
    return st;
}

/* The radius and the scale (opts may be NULL), for outlines whose
 * coordinates reach `big` and whose bounding box's longer side is
 * `extent`: with a radius, its polygons reach about REACH r further. */
static wf_status pick_scale(build *b, const wf_mesh_opts *opts, double big,
                            double extent) {
    b->radius = opts ? opts->radius : 0;
    if (!(b->radius >= 0) || !isfinite(b->radius)) {
        wf__diag_set(b->diag, "", 0, 0, "radius %g is not a radius: 0 (a "
                                        "point) or more", b->radius);
        return WF_E_INVALID_ARG;
    }
    if (b->radius > extent) {
        wf__diag_set(b->diag, "", 0, 0, "radius %g is more than the "
                     "outlines' extent (%g): no ground is that far from an "
                     "edge", b->radius, extent);
        return WF_E_INVALID_ARG;
    }
    const double reach = big + REACH * b->radius, room = b->radius ? 8 : 0;
    b->scale = opts ? opts->scale : 0;
    if (b->scale == 0) {
        int e;
        frexp(reach, &e); /* reach < 2^e */
        b->scale = ldexp(1, reach > 0 ? (26 - e < 1000 ? 26 - e : 1000) : 0);
        if (!(reach * b->scale + room < FIX_MAX))
            b->scale /= 2;
    } else if (!(b->scale > 0) || !isfinite(b->scale) ||
               !(reach * b->scale + room < FIX_MAX)) {
        wf__diag_set(b->diag, "", 0, 0,
                     "scale %g does not fit: it must be above 0 and keep "
                     "every coordinate (here up to %g%s) below %g units",
                     b->scale, reach, b->radius ? " with the radius" : "",
                     FIX_MAX);
        return WF_E_INVALID_ARG;
    }
    return WF_OK;
}

/* Checks the outlines, the radius and the scale (opts may be NULL). */
static wf_status check(build *b, const wf_mesh_opts *opts) {
    double big = 0, lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    int walkable = 0;
    for (size_t i = 0; i < b->n; i++) {
        const wf_outline *o = &b->o[i];
        if (o->kind != WF_OUTLINE_WALKABLE && o->kind != WF_OUTLINE_OBSTACLE)
            return fail(b, i, WF_E_INVALID_ARG, "has an unknown kind");
        if (!o->points || o->count < 3)
            return fail(b, i, WF_E_INVALID_ARG,
                        "has fewer than 3 points: an outline is a closed "
                        "ring of at least 3");
        for (size_t j = 0; j < o->count; j++) {
            const double x = o->points[j].x, y = o->points[j].y;
            if (!isfinite(x) || !isfinite(y)) {
                char w[64];
                snprintf(w, sizeof w, "has point %zu not a finite number",
                         j + 1);
                return fail(b, i, WF_E_INVALID_ARG, w);
            }
            big = fmax(big, fmax(fabs(x), fabs(y)));
            lo[0] = fmin(lo[0], x), hi[0] = fmax(hi[0], x);
            lo[1] = fmin(lo[1], y), hi[1] = fmax(hi[1], y);
        }
        walkable |= o->kind == WF_OUTLINE_WALKABLE;
    }
    if (!walkable && !b->adding) {
        wf__diag_set(b->diag, "", 0, 0,
                     "no walkable outline: a mesh needs ground to walk on");
        return WF_E_INVALID_ARG;
    }
    return pick_scale(b, opts, big, fmax(hi[0] - lo[0], hi[1] - lo[1]));
}

/* Every point in fixed point, inserted. */
static wf_status insert(build *b) {
    b->nids = 0;
    for (size_t i = 0; i < b->n; i++)
        b->nids += b->o[i].count;
    if (b->nids > WF__NONE / 8)
        return WF_E_TOO_BIG;
    wf__mpt *p = wf__alloc(&b->c.alloc, b->nids * sizeof *p + 1);
    b->ids = wf__alloc(&b->c.alloc, b->nids * sizeof *b->ids + 1);
    if (!p || !b->ids) {
        wf__free(&b->c.alloc, p, b->nids * sizeof *p + 1);
        return WF_E_NOMEM;
    }
    for (size_t i = 0, k = 0; i < b->n; i++)
        for (size_t j = 0; j < b->o[i].count; j++, k++) {
            const wf_vec2 w = b->o[i].points[j];
            p[k].x = (int32_t)floor(w.x * b->scale + 0.5);
            p[k].y = (int32_t)floor(w.y * b->scale + 0.5);
        }
    const wf_allocator a = b->c.alloc;
    wf_status st = wf__cdt_of(&b->c, &a, p, b->nids, b->ids);
    wf__free(&b->c.alloc, p, b->nids * sizeof *p + 1);
    return st;
}

/* Ring i without repeated points, turned counter-clockwise. */
static wf_status make_ring(build *b, size_t i, size_t start) {
    uint32_t *id = b->ids + start;
    size_t n = 0;
    for (size_t j = 0; j < b->o[i].count; j++)
        if (n == 0 || id[n - 1] != id[j])
            id[n++] = id[j];
    while (n > 1 && id[n - 1] == id[0])
        n--;
    /* the orientation at the lowest (then leftmost) corner, else by area */
    const wf__mpt *P = b->c.p;
    size_t lo = 0;
    double area = 0;
    for (size_t j = 0; j < n; j++) {
        const wf__mpt q = P[id[j]], l = P[id[lo]], s = P[id[(j + 1) % n]];
        if (q.y < l.y || (q.y == l.y && q.x < l.x))
            lo = j;
        area += (double)q.x * s.y - (double)s.x * q.y;
    }
    int64_t turn = n < 3 ? 0
                         : wf__orient(P[id[(lo + n - 1) % n]], P[id[lo]],
                                      P[id[(lo + 1) % n]]);
    if (turn == 0)
        turn = area > 0 ? 1 : area < 0 ? -1 : 0;
    if (n < 3 || turn == 0)
        return fail(b, i, WF_E_INVALID_ARG,
                    "has no area (at the mesh's fixed point)");
    for (size_t j = 0; turn < 0 && j < n / 2; j++) {
        const uint32_t t = id[j];
        id[j] = id[n - 1 - j];
        id[n - 1 - j] = t;
    }
    b->r[i] = (ring){start, n};
    return WF_OK;
}

/* The error for segment a–e of ring i crossing the constrained edge c
 * refused it at (c holds ring i's points alone): where. */
static wf_status crossing(build *b, const wf__cdt *c, size_t i, uint32_t a,
                          uint32_t e) {
    const wf__mpt *P = c->p;
    const uint32_t c0 = c->clash[0], c1 = c->clash[1];
    const double d1x = P[e].x - P[a].x, d1y = P[e].y - P[a].y;
    const double d2x = P[c1].x - P[c0].x, d2y = P[c1].y - P[c0].y;
    const double den = d1x * d2y - d1y * d2x;
    const double s = den == 0 ? 0
                              : ((P[c0].x - P[a].x) * d2y -
                                 (P[c0].y - P[a].y) * d2x) / den;
    char msg[160];
    snprintf(msg, sizeof msg, "crosses itself near (%g, %g): an outline's "
                              "sides may touch but not cross",
             (P[a].x + s * d1x) / b->scale, (P[a].y + s * d1y) / b->scale);
    return fail(b, i, WF_E_INVALID_ARG, msg);
}

/* Refuses ring i if it crosses itself: its sides as constraints of a
 * triangulation of its own points, which refuses a crossing (as it does
 * not refuse sides that touch or run along each other). */
static wf_status simple(build *b, size_t i) {
    const ring *r = &b->r[i];
    if (r->n < 4) /* a triangle cannot cross itself */
        return WF_OK;
    wf__cdt c;
    memset(&c, 0, sizeof c);
    wf__mpt *p = wf__alloc(&b->c.alloc, r->n * sizeof *p);
    uint32_t *id = wf__alloc(&b->c.alloc, r->n * sizeof *id);
    wf_status st = p && id ? WF_OK : WF_E_NOMEM;
    for (size_t j = 0; st == WF_OK && j < r->n; j++)
        p[j] = b->c.p[b->ids[r->start + j]];
    if (st == WF_OK)
        st = wf__cdt_of(&c, &b->c.alloc, p, r->n, id);
    for (size_t j = 0; st == WF_OK && j < r->n; j++) {
        st = wf__cdt_constrain(&c, id[j], id[(j + 1) % r->n]);
        if (st == WF_E_INVALID_ARG)
            st = crossing(b, &c, i, id[j], id[(j + 1) % r->n]);
    }
    wf__cdt_free(&c);
    wf__free(&b->c.alloc, p, p ? r->n * sizeof *p : 0);
    wf__free(&b->c.alloc, id, id ? r->n * sizeof *id : 0);
    return st;
}

/* Every ring's sides as constraints that may cross those of other rings
 * (both bent through a point of the fixed point at each crossing), each
 * weighed 1 in the count of its kind with the ring's inside on its left,
 * and the triangles classified by the counts: walkable inside a walkable
 * ring and inside no obstacle, however they overlap. */
static wf_status constrain(build *b, wf_mesh *m) {
    wf__cross x;
    wf_status st = wf__cross_init(&x, &b->c, b->nids);
    for (size_t i = 0; st == WF_OK && i < b->n; i++) {
        const ring *r = &b->r[i];
        const int32_t ob = b->o[i].kind == WF_OUTLINE_OBSTACLE;
        for (size_t j = 0; st == WF_OK && j < r->n; j++)
            st = wf__cross_add(&x, b->ids[r->start + j],
                               b->ids[r->start + (j + 1) % r->n], !ob, ob);
    }
    if (st == WF_OK)
        st = wf__cross_count(&x);
    m->overlap.crossings = x.crossings;
    m->overlap.loose = x.loose;
    wf__cross_free(&x);
    return st;
}

/* The outlines as rings: rounded, inserted, each counter-clockwise
 * without repeated points, and checked not to cross itself. */
static wf_status rings(build *b) {
    wf_status st = insert(b);
    b->r = st == WF_OK ? wf__alloc(&b->c.alloc, b->n * sizeof *b->r + 1)
                       : NULL;
    if (st == WF_OK && !b->r)
        st = WF_E_NOMEM;
    for (size_t i = 0, start = 0; st == WF_OK && i < b->n; i++) {
        st = make_ring(b, i, start);
        start += b->o[i].count;
    }
    for (size_t i = 0; st == WF_OK && i < b->n; i++)
        st = simple(b, i);
    return st;
}

/* Ring i into tiles' outlines t: its id into *id. */
static wf_status tile_ring(build *b, struct wf__otiles *t, size_t i,
                           uint32_t *id) {
    const ring *r = &b->r[i];
    wf__mpt *p = wf__alloc(&b->c.alloc, r->n * sizeof *p);
    if (!p)
        return WF_E_NOMEM;
    for (size_t j = 0; j < r->n; j++)
        p[j] = b->c.p[b->ids[r->start + j]];
    const wf_status st = wf__otiles_ring(t, &b->c.alloc, p, r->n,
                                         (int)b->o[i].kind, id);
    wf__free(&b->c.alloc, p, r->n * sizeof *p);
    return st;
}

/* m in tiles of b->side units (mesh_outline_tiles.c) over the rings'
 * box: ring i has id i. */
static wf_status tiled(build *b, wf_mesh *m) {
    wf__mpt lo = b->c.p[4], hi = b->c.p[4];
    for (uint32_t v = 5; v < b->c.np; v++) { /* past the box's corners */
        const wf__mpt q = b->c.p[v];
        lo.x = q.x < lo.x ? q.x : lo.x, lo.y = q.y < lo.y ? q.y : lo.y;
        hi.x = q.x > hi.x ? q.x : hi.x, hi.y = q.y > hi.y ? q.y : hi.y;
    }
    struct wf__otiles *t;
    wf_status st = wf__otiles_begin(&b->c.alloc, b->side, lo, hi, &t);
    uint32_t id;
    for (size_t i = 0; st == WF_OK && i < b->n; i++)
        st = tile_ring(b, t, i, &id);
    if (st == WF_OK)
        return wf__otiles_build(m, t); /* takes t */
    wf__otiles_drop(&b->c.alloc, t);
    return st;
}

static wf_status run(build *b, wf_mesh *m) {
    wf_status st = rings(b);
    if (st == WF_OK && b->side)
        return tiled(b, m);
    if (st == WF_OK)
        st = constrain(b, m);
    if (st == WF_OK && b->radius > 0)
        st = wf__mesh_inflate(&b->c, b->radius * b->scale, &m->inflated);
    if (st == WF_OK) {
        wf__cdt_outline(&b->c);
        st = wf__mesh_from_cdt(m, &b->c);
    }
    return st == WF_OK ? wf__mesh_index(m) : st;
}

/* The side of a tile of `tile` world units, in units. */
static wf_status tile_side(build *b, unsigned tile) {
    const double side = floor(tile * b->scale + 0.5);
    if (b->radius > 0) {
        wf__diag_set(b->diag, "", 0, 0, "tile %u with radius %g: an outline "
                     "mesh in tiles is for a point (radius 0); build it whole "
                     "for a radius",
                     tile, b->radius);
        return WF_E_INVALID_ARG;
    }
    if (!(side >= 16 && side <= FIX_MAX)) {
        wf__diag_set(b->diag, "", 0, 0, "tile %u is %s: at the scale %g a "
                     "tile side must come to 16 to 2^26 fixed-point units",
                     tile, side < 16 ? "too small" : "too large", b->scale);
        return WF_E_INVALID_ARG;
    }
    b->side = (int32_t)side;
    return WF_OK;
}

static void release(build *b) {
    wf_allocator *a = &b->c.alloc;
    wf__free(a, b->ids, b->nids * sizeof *b->ids + 1);
    wf__free(a, b->r, b->r ? b->n * sizeof *b->r + 1 : 0);
    wf__cdt_free(&b->c);
}

wf_status wf_mesh_from_outlines(const wf_outline *outlines, size_t n,
                                const wf_mesh_opts *opts,
                                const wf_allocator *alloc, wf_mesh **out,
                                wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!out || (!outlines && n)) {
        wf__diag_set(diag, "", 0, 0, "the outlines and the out pointer are "
                                     "required");
        return WF_E_INVALID_ARG;
    }
    build b;
    memset(&b, 0, sizeof b);
    b.c.alloc = wf__allocator(alloc);
    b.o = outlines;
    b.n = n;
    b.diag = diag;
    wf_status st = check(&b, opts);
    if (st == WF_OK && opts && opts->tile)
        st = tile_side(&b, opts->tile);
    if (st == WF_OK && opts && !(opts->cost >= 0 && isfinite(opts->cost))) {
        wf__diag_set(diag, "", 0, 0, "cost %g is not a cost: 0 (for 1) or "
                                     "more",
                     opts->cost);
        st = WF_E_INVALID_ARG;
    }
    if (st != WF_OK)
        return st;
    wf_mesh *m = wf__alloc(&b.c.alloc, sizeof *m);
    if (m) {
        memset(m, 0, sizeof *m);
        m->alloc = b.c.alloc;
        m->scale = b.scale;
        m->cost = opts && opts->cost > 0 ? opts->cost : 1;
        st = run(&b, m);
    }
    release(&b);
    if (!m || st != WF_OK) {
        wf_mesh_destroy(m);
        if (st == WF_E_NOMEM || st == WF_E_TOO_BIG || !m)
            wf__diag_set(diag, "", 0, 0, "%s%s",
                         st == WF_E_TOO_BIG ? "the mesh is too large"
                                            : "out of memory",
                         st == WF_E_TOO_BIG && b.radius > 0
                             ? " (with its radius: too many points, or "
                               "crossings of the polygons' sides)"
                             : "");
        return m ? st : WF_E_NOMEM;
    }
    *out = m;
    return WF_OK;
}

/* Is every finite point of o inside the tiles' box lo–hi once rounded?
 * If not, says which in diag. */
static wf_status within(build *b, const wf_mesh *m, wf__mpt lo, wf__mpt hi) {
    const wf_outline *o = b->o;
    for (size_t j = 0; o->points && j < o->count; j++) {
        const double x = floor(o->points[j].x * m->scale + 0.5);
        const double y = floor(o->points[j].y * m->scale + 0.5);
        if (!isfinite(x) || !isfinite(y) ||
            (x >= lo.x && x <= hi.x && y >= lo.y && y <= hi.y))
            continue;
        char w[256];
        snprintf(w, sizeof w, "reaches (%g, %g), outside the mesh's extent "
                              "(%g, %g)-(%g, %g): obstacles are added inside "
                              "the tiles it was built with",
                 o->points[j].x, o->points[j].y, lo.x / m->scale,
                 lo.y / m->scale, hi.x / m->scale, hi.y / m->scale);
        return fail(b, 0, WF_E_INVALID_ARG, w);
    }
    return WF_OK;
}

wf_status wf_mesh_add_obstacle(wf_mesh *m, const wf_outline *o, uint32_t *id,
                               wf_diag *diag) {
    wf__mpt lo, hi;
    if (!m || !o || !id) {
        wf__diag_set(diag, "", 0, 0, "the mesh, the outline and the id "
                                     "pointer are required");
        return WF_E_INVALID_ARG;
    }
    if (!wf__otiles_extent(m, &lo, &hi)) {
        wf__diag_set(diag, "", 0, 0, "this mesh was not built from outlines "
                                     "in tiles (wf_mesh_opts.tile): build it "
                                     "anew to edit it");
        return WF_E_INVALID_ARG;
    }
    build b;
    memset(&b, 0, sizeof b);
    b.c.alloc = m->alloc;
    b.o = o;
    b.n = 1;
    b.diag = diag;
    b.adding = 1;
    const wf_mesh_opts opts = {.scale = m->scale};
    wf_status st = o->kind == WF_OUTLINE_OBSTACLE
                       ? within(&b, m, lo, hi)
                       : fail(&b, 0, WF_E_INVALID_ARG,
                              "is not an obstacle: only obstacles are added");
    if (st == WF_OK)
        st = check(&b, &opts);
    if (st == WF_OK)
        st = rings(&b);
    if (st == WF_OK)
        st = tile_ring(&b, wf__otiles_of(m), 0, id);
    if (st == WF_OK)
        st = wf__otiles_update(m, *id);
    release(&b);
    if (st == WF_E_NOMEM || st == WF_E_TOO_BIG)
        wf__diag_set(diag, "", 0, 0, "%s (the mesh is left unusable: destroy "
                                     "it)",
                     st == WF_E_NOMEM ? "out of memory" : "too large");
    return st;
}
