/* The navigation mesh's internals, for src/core/mesh only: the exact
 * predicates on fixed-point points, the constrained Delaunay
 * triangulation the mesh is made from, the mesh's arrays and the query
 * state of the shortest-path search over it.
 *
 * Every point is an integer pair in the mesh's fixed-point units (scale
 * units per world unit) with |x|, |y| < WF__MESH_LIM, so that an
 * orientation is exact in 64 bits and an in-circle test in 128. */
#ifndef WF_MESH_INTERNAL_H
#define WF_MESH_INTERNAL_H

#include <stdarg.h>
#include <stdio.h>

#include "internal.h"
#include "wayfind/mesh.h"

#define WF__MESH_LIM ((int32_t)1 << 28)
#define WF__NONE UINT32_MAX

/* wf__mpt, a point in fixed-point units, is in wf_core_private.h, with
 * what the io layer reads and fills of a mesh. */

/* Twice the signed area of a, b, c: > 0 when c is left of a → b. */
WF_INLINE int64_t wf__orient(wf__mpt a, wf__mpt b, wf__mpt c) {
    return ((int64_t)b.x - a.x) * ((int64_t)c.y - a.y) -
           ((int64_t)b.y - a.y) * ((int64_t)c.x - a.x);
}

/* The cross product of direction (dx, dy) with p - r: > 0 when p is left
 * of the ray from r along (dx, dy). */
WF_INLINE int64_t wf__side(int32_t dx, int32_t dy, wf__mpt r, wf__mpt p) {
    return (int64_t)dx * ((int64_t)p.y - r.y) -
           (int64_t)dy * ((int64_t)p.x - r.x);
}

WF_INLINE int wf__sign64(int64_t v) { return (v > 0) - (v < 0); }

/* > 0 when d lies inside the circle through a, b, c (counter-clockwise),
 * 0 on it; exact (predicates.c). */
int wf__incircle(wf__mpt a, wf__mpt b, wf__mpt c, wf__mpt d);

/* ---- constrained Delaunay triangulation (cdt.c, cdt_constrain.c) ------ */

/* A triangle: corners counter-clockwise; edge k runs from v[k] to
 * v[k + 1 mod 3] and nb[k] is the triangle across it (WF__NONE on the
 * hull); bit k of con marks edge k as a constraint; in: inside the
 * domain once classified. */
typedef struct wf__tri {
    uint32_t v[3], nb[3];
    uint8_t con, in;
} wf__tri;

typedef struct wf__cdt {
    wf_allocator alloc;
    wf__mpt *p;          /* points; the first four: the enclosing box */
    uint32_t np, cap_p;
    wf__tri *t;
    uint32_t nt, cap_t;
    uint32_t *vt;        /* per point: a triangle it is a corner of */
    uint32_t *work;      /* a stack of edges (triangle << 2 | edge) */
    size_t nwork, cap_work;
    uint32_t last;       /* where the next point location starts */
} wf__cdt;

/* An empty triangulation of the box [x0, x1] × [y0, y1] (its four corners
 * and two triangles), room reserved for n more points. */
wf_status wf__cdt_init(wf__cdt *c, const wf_allocator *alloc, int32_t x0,
                       int32_t y0, int32_t x1, int32_t y1, size_t n);
void wf__cdt_free(wf__cdt *c);
/* Inserts p (strictly inside the box), keeping the triangulation
 * Delaunay; *id: its point (an existing one if p is already there). Only
 * before the first constraint. */
wf_status wf__cdt_insert(wf__cdt *c, wf__mpt p, uint32_t *id);
/* Makes the segment a–b a chain of constrained edges (split at every point
 * lying on it) and restores the Delaunay property around it. Segments
 * must not cross each other. */
wf_status wf__cdt_constrain(wf__cdt *c, uint32_t a, uint32_t b);
/* Marks every triangle inside (in = 1) or outside: outside at the box,
 * flipping at each constrained edge crossed. */
wf_status wf__cdt_classify(wf__cdt *c);
/* Flips edge k of triangle t (the quadrilateral must be convex). */
void wf__cdt_flip(wf__cdt *c, uint32_t t, int k);
/* The edge of t opposite to its neighbour's edge k: which edge of
 * triangle u is shared with t. */
WF_INLINE int wf__cdt_back(const wf__cdt *c, uint32_t u, uint32_t t) {
    const wf__tri *x = &c->t[u];
    return x->nb[0] == t ? 0 : x->nb[1] == t ? 1 : 2;
}
/* The triangle having the directed edge a → b, and that edge's index in
 * *k; WF__NONE when a and b are not joined. */
uint32_t wf__cdt_edge(const wf__cdt *c, uint32_t a, uint32_t b, int *k);

/* A 64-bit key and what it stands for (an index): runs' ends by their
 * place along a curve, edges by the corners they join, corners by where
 * they are. */
typedef struct wf__keyed {
    uint64_t key;
    uint32_t i;
} wf__keyed;
/* Sorts e[0..n) by key, keeping the order of entries with equal keys (a
 * radix sort, a pass for each byte some keys differ in). WF_E_NOMEM when
 * it cannot have the n entries of scratch it needs. O(n). */
wf_status wf__keyed_sort(wf__keyed *e, size_t n, const wf_allocator *a);

/* ---- the mesh ------------------------------------------------------- */

struct wf_mesh {
    wf_allocator alloc;
    int32_t scale;         /* fixed-point units per world unit */
    uint32_t nv, np, ne;   /* corners, polygons, their corners in all */
    wf__mpt *vert;
    uint8_t *corner;       /* 1: touches the obstacle boundary */
    uint32_t *pstart;      /* polygon p: corners pvert[pstart[p] ..
                              pstart[p + 1]) counter-clockwise */
    uint32_t *pvert;
    uint32_t *padj;        /* across edge i (pvert[i] → the next):
                              a polygon, or WF__NONE for the boundary */
    uint32_t *pback;       /* the same edge's index in that polygon */
    uint32_t *comp;        /* per polygon: its connected piece */
    double *area;          /* area[p]: twice the area of polygons before p
                              (fixed-point units squared), np + 1 of them */
    uint8_t *dead;         /* per polygon: one neighbour or none */
    /* locating points: buckets of 2^bshift units from (bx0, by0) */
    int32_t bx0, by0;
    unsigned bshift;
    uint32_t bw, bh;
    uint32_t *bstart, *bpoly;
    size_t triangles;      /* before merging */
    double cost;           /* of one world unit of length */
    /* what it was built from: a grid (its identity in this process and
       version, its size and digest, which a file records, and the unit's
       move) or nothing (outlines) */
    int from_grid;
    uint64_t grid_serial, grid_version;
    int grid_width, grid_height;
    uint64_t grid_digest;
    wf_move move;
};

/* Sizes m's own arrays (vert, pstart, pvert, padj) for nv corners, np
 * polygons and ne polygon corners in all, and sets those counts: what
 * wf_mesh_destroy frees. */
wf_status wf__mesh_arrays(wf_mesh *m, size_t nv, size_t np, size_t ne);
/* Turns the inside triangles of c into the convex polygons of a new mesh
 * m (its scale and source already set): merges across unconstrained
 * edges while the union stays convex, longest edges first. */
wf_status wf__mesh_from_cdt(wf_mesh *m, const wf__cdt *c);
/* What m derives from its corners and polygons: the corners touching
 * the boundary, each shared edge's index across it (pback; WF__NONE when
 * the polygon across has no such edge, or it twice), the connected pieces,
 * dead ends, areas and point buckets of its polygons. */
wf_status wf__mesh_index(wf_mesh *m);
/* area: the running sums of the polygons' areas (mesh_random.c). */
wf_status wf__mesh_areas(wf_mesh *m);
/* Every polygon of m containing p (closed), up to max of them into out;
 * returns how many there are. */
size_t wf__mesh_locate(const wf_mesh *m, wf__mpt p, uint32_t *out,
                       size_t max);
/* World point → fixed point; 0 when it is not finite or too far out. */
int wf__mesh_fix(const wf_mesh *m, wf_vec2 w, wf__mpt *out);

/* ---- the shortest-path search (polyanya.c, polyanya_succ.c) ---------- */

/* A search node: the paths from root r through the interval [A, B] of
 * edge `edge` of polygon `poly`, seen from r (A on the left, near the
 * edge's first corner; B on the right, near its second). An end is given
 * by its direction from r (exact) and whether it is the edge's corner.
 * A fan node's root is an end of its edge: it sees the whole polygon
 * (the polygons round a corner the path bends at). */
typedef struct wf__mnode {
    wf__mpt r;
    uint32_t root;     /* a vertex, or WF__NONE for the start */
    uint32_t poly;
    uint32_t parent;   /* the node it came from, WF__NONE for the first */
    uint32_t edge;     /* index in pvert of the edge's first corner */
    int32_t adx, ady, bdx, bdy;
    uint8_t a_corner, b_corner;
    uint8_t fan;       /* 1: the root is a corner of `poly`, entered by an
                          edge the root ends: all of poly is seen */
    uint8_t final;     /* 1: reaches the goal (through `via` if not 0) */
    uint8_t bend;      /* 1: only records a bend of the path at r (see
                          polyanya_succ.c's fan_at): never searched */
    uint8_t via;       /* 1: through A; 2: through B */
    double g, f;
} wf__mnode;

struct wf_mesh_query {
    wf_allocator alloc;
    wf__mnode *node;
    size_t nn, cap_n;
    struct mheap {
        uint32_t *e;
        size_t n, cap;
        const wf__mnode *node;
    } open;
    double *root_g;    /* per corner: the least cost of a root there */
    uint32_t *root_by; /* the root that path came from */
    uint32_t *root_tag, *goal_tag;
    size_t cap_v, cap_p;
    uint32_t *ends;    /* the polygons holding the start, then the goal */
    size_t cap_ends;
    uint32_t gen;
    wf_stats stats;
    char msg[WF__MSG_SIZE];
};

/* What one expansion sees: the query, the mesh and the goal. */
typedef struct wf__mexp {
    wf_mesh_query *q;
    const wf_mesh *m;
    wf__mpt goal;
    double gx, gy;
} wf__mexp;

/* Generates the successors of node n (by index) into q's node array, the
 * goal's node when n enters a polygon holding the goal; returns how many,
 * or -1 when out of memory. */
int wf__polyanya_expand(wf__mexp *x, uint32_t n);
/* The node's f: g plus the shortest distance from its root through its
 * interval to the goal (the goal seen in the mirror of the edge when it
 * lies on the root's side). */
double wf__polyanya_h(const wf__mexp *x, const wf__mnode *n);
/* The start's node through the whole of edge j (an index in pvert) of
 * polygon poly, which holds s: 1 made, 0 not worth it, -1 no memory. */
int wf__polyanya_seed(wf__mexp *x, wf__mpt s, uint32_t poly, uint32_t j);
/* End A (a = 1) or B of node n's interval, in fixed-point units. */
void wf__polyanya_end(const wf_mesh *m, const wf__mnode *n, int a,
                      double *x, double *y);
/* The point of edge (u, w) on the ray from r along (dx, dy), in world
 * units × scale (doubles). */
void wf__mesh_ray_point(wf__mpt r, int32_t dx, int32_t dy, wf__mpt u,
                        wf__mpt w, double *x, double *y);

#endif
