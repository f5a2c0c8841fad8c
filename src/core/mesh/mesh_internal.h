/* The navigation mesh's internals, for src/core/mesh only: the exact
 * predicates on fixed-point points, the constrained Delaunay
 * triangulation the mesh is made from, the mesh's arrays, the walk of a
 * segment across them and the query state of the shortest-path search
 * over it.
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

/* The lattice point nearest the point where segments p–q and a–b cross
 * (at one point inside both), into x; exact (predicates.c). */
void wf__crossing(wf__mpt p, wf__mpt q, wf__mpt a, wf__mpt b, wf__mpt *x);

/* ---- constrained Delaunay triangulation (cdt.c, cdt_constrain.c) ------ */

/* A triangle: corners counter-clockwise; edge k runs from v[k] to
 * v[k + 1 mod 3] and nb[k] is the triangle across it (WF__NONE on the
 * hull); bit k of con marks edge k as a constraint; in: inside the
 * domain once classified. */
typedef struct wf__tri {
    uint32_t v[3], nb[3];
    uint8_t con, in;
} wf__tri;

/* A growable list of edges, each as its two points. */
typedef struct wf__elist {
    uint32_t (*e)[2];
    size_t n, cap;
} wf__elist;

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
    uint32_t clash[2];   /* the constrained edge a refused segment crossed */
    wf__elist cross, made; /* a constraint's crossed and new edges */
} wf__cdt;

/* An empty triangulation of the box [x0, x1] × [y0, y1] (its four corners
 * and two triangles), room reserved for n more points. */
wf_status wf__cdt_init(wf__cdt *c, const wf_allocator *alloc, int32_t x0,
                       int32_t y0, int32_t x1, int32_t y1, size_t n);
/* Empties c (its allocator stays). */
void wf__cdt_free(wf__cdt *c);
/* The Delaunay triangulation of the n points p (n >= 1), inserted along a
 * Hilbert curve, in a box an eighth larger than theirs (2 units at least)
 * each way; ids[i]: point i's id. */
wf_status wf__cdt_of(wf__cdt *c, const wf_allocator *alloc, const wf__mpt *p,
                     size_t n, uint32_t *ids);
/* Inserts p (strictly inside the box), keeping the triangulation
 * Delaunay; *id: its point (an existing one if p is already there). Only
 * before the first constraint (its walk may circle in a triangulation
 * that is not Delaunay): afterwards, wf__cdt_locate_from and
 * wf__cdt_insert_at. */
wf_status wf__cdt_insert(wf__cdt *c, wf__mpt p, uint32_t *id);
/* Inserts p, found in triangle t (on: -1 inside, k on edge k, 3 + k at
 * corner k), flipping unconstrained edges until the triangulation is
 * constrained Delaunay again; a constrained edge p lies on becomes two.
 * *id: its point (corner k's when on = 3 + k). */
wf_status wf__cdt_insert_at(wf__cdt *c, wf__mpt p, uint32_t t, int on,
                            uint32_t *id);
/* The triangle holding p (strictly inside the box) and *on as
 * wf__cdt_insert_at takes it, found by walking the segment from point a
 * (not a corner of the box) to p: it ends whatever the constraints. */
uint32_t wf__cdt_locate_from(const wf__cdt *c, uint32_t a, wf__mpt p,
                             int *on);
/* A walk along the segment from a point towards `to`: in triangle t,
 * about to cross its edge k (the segment passes through that edge's
 * inside), or (k = -1) arrived at point `at`, which lies on the ray from
 * the start towards `to`. Exact: the triangles are those the segment
 * meets, in order. */
typedef struct wf__walk {
    wf__mpt from, to;
    uint32_t t, at;
    int k;
} wf__walk;
/* Starts at point a (not a corner of the box): the triangle round a
 * whose corner holds the direction to `to`. */
void wf__cdt_walk_begin(const wf__cdt *c, wf__walk *w, uint32_t a,
                        wf__mpt to);
/* Crosses edge k of t into the next triangle (w->k must be >= 0). */
void wf__cdt_walk_next(const wf__cdt *c, wf__walk *w);
/* Inserts the n points p (each strictly inside the box) in the order of
 * a Hilbert curve over ((x - origin.x) >> shift, (y - origin.y) >> shift),
 * which must stay below 2^21, so that each walk to the next point is
 * short; ids[i]: point i's id. */
wf_status wf__cdt_insert_all(wf__cdt *c, const wf__mpt *p, size_t n,
                             wf__mpt origin, unsigned shift, uint32_t *ids);
/* Makes the segment a–b a chain of constrained edges (split at every point
 * lying on it) and restores the Delaunay property around it. A segment
 * crossing a constrained edge at a point inside both is refused:
 * WF_E_INVALID_ARG, that edge's points in clash (the edges made before
 * it stay). */
wf_status wf__cdt_constrain(wf__cdt *c, uint32_t a, uint32_t b);
/* Its first step: the segment from a to *stop, the first point on the
 * open segment a–b or b itself, becomes a constrained edge; refused as
 * above, with nothing changed. */
wf_status wf__cdt_constrain_piece(wf__cdt *c, uint32_t a, uint32_t b,
                                  uint32_t *stop);
/* Marks (on = 1) or unmarks the edge a–b, when there is one, as a
 * constraint. */
void wf__cdt_mark(wf__cdt *c, uint32_t a, uint32_t b, int on);
/* Marks every triangle inside (in = 1) or outside: outside at the box,
 * flipping at each constrained edge crossed. */
wf_status wf__cdt_classify(wf__cdt *c);
/* Counting instead of parity: delta[2 (3t + k) + q] is what crossing
 * edge k of triangle t adds to count q (q = 0, 1). wf__cdt_weigh records
 * a constrained edge, edge k of t, whose weights w are counted along it
 * (crossing it from t, on its left, takes w away); wf__cdt_count fills
 * count[2t + q] from the box (0 there) and marks in = count 0 above 0 and
 * count 1 zero. */
void wf__cdt_weigh(const wf__cdt *c, int32_t *delta, uint32_t t, int k,
                   const int32_t w[2]);
wf_status wf__cdt_count(wf__cdt *c, const int32_t *delta, int32_t *count);
/* Constrains exactly the edges between inside and outside triangles. */
void wf__cdt_outline(wf__cdt *c);
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

/* ---- constraints that may cross (cdt_cross.c) ------------------------ */

/* The most crossings one triangulation resolves: beyond, WF_E_TOO_BIG. */
#define WF__CROSS_MAX ((size_t)1 << 24)

/* A constrained edge's weights (what crossing it from right to left of
 * lo → hi adds to two counts) and the segments it was cut from (a list
 * in wf__cross.node, WF__NONE: none); lo = WF__NONE: an empty slot. */
typedef struct wf__crec {
    uint32_t lo, hi;
    int32_t w[2];
    uint32_t segs;
} wf__crec;

/* A piece still to be made, with its weights along a → b and the
 * segments it was cut from. */
typedef struct wf__cseg {
    uint32_t a, b;
    int32_t w[2];
    uint32_t segs;
} wf__cseg;

typedef struct wf__cross {
    wf__cdt *c;
    wf__crec *rec;       /* the weights of every constrained edge made */
    size_t cap, used;    /* slots (a power of two), slots used */
    wf__cseg *todo;
    size_t ntodo, cap_todo;
    uint32_t (*seg)[2];  /* every segment added, by its two points */
    size_t nseg, cap_seg;
    uint32_t (*node)[2]; /* lists of segments: (segment, next node);
                            lists are only ever prepended to, so pieces
                            share their tails */
    size_t nnode, cap_node;
    size_t crossings;    /* met so far */
    size_t loose;        /* of them, bent through a point farther than
                            half a unit (along an axis) from a segment */
    /* with fenced set, no bend puts a new point on the sides of the box
       fence_lo–fence_hi (a tile's, whose sides the tile across must
       split alike): a bend that would is moved a unit inwards */
    int fenced;
    wf__mpt fence_lo, fence_hi;
} wf__cross;

/* Crossing constraints over c (which has none yet), room for about n. */
wf_status wf__cross_init(wf__cross *x, wf__cdt *c, size_t n);
void wf__cross_free(wf__cross *x);
/* Makes the segment a–b, with weights (w0, w1) along a → b, a chain of
 * constrained edges, bending it and every constraint it crosses through
 * a new point at each crossing. Errors: WF_E_TOO_BIG (over
 * WF__CROSS_MAX crossings, or too many points), WF_E_NOMEM. */
wf_status wf__cross_add(wf__cross *x, uint32_t a, uint32_t b, int32_t w0,
                        int32_t w1);
/* Classifies the triangles (wf__cdt_count) by the weights of every
 * constrained edge made: a triangle is in when count 0 is above 0 and
 * count 1 is 0. WF_E_NOMEM. */
wf_status wf__cross_count(wf__cross *x);

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

/* What making a mesh for a radius met: crossings of constraints
 * resolved, of them bent through a point more than half a unit (along an
 * axis) from a segment (wf__cross), and triangles the last check took
 * away (wf__mesh_clear). */
typedef struct wf__inflated {
    size_t crossings, loose, removed;
} wf__inflated;

struct wf_mesh {
    wf_allocator alloc;
    double scale;          /* fixed-point units per world unit */
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
    wf__inflated inflated; /* what making it for a radius met */
    wf__inflated overlap;  /* what crossing outlines met (crossings, loose) */
    double cost;           /* of one world unit of length */
    /* off-mesh links: link i joins a to b (and b to a when two-way) */
    wf__mlink *link;
    size_t nlink, cap_link;
    /* a mesh built in tiles (mesh_tiles.c), or NULL; its arrays then have
       room for more: the capacities of corners, polygons and polygon
       corners (0 in a mesh that is not tiled: its counts), and of bucket
       entries in every mesh */
    struct wf__mtiles *tiles;
    struct {
        size_t v, p, e, b;
    } cap;
    /* what it was built from: a grid (its identity in this process and
       version, its size and digest, which a file records, and the unit's
       move) or nothing (outlines) */
    int from_grid;
    uint64_t grid_serial, grid_version;
    int grid_width, grid_height;
    uint64_t grid_digest;
    wf_move move;
};

/* The polygons of the cells [x0, x1) × [y0, y1) of a w × h map whose
 * walkable cells are ok[y * w + x] != 0 (cells outside the rectangle are
 * blocked; a side of it inside the map has a corner wherever the cells
 * either side of it change), into m's arrays, without the index
 * (mesh_grid.c). */
wf_status wf__mesh_grid_part(wf_mesh *m, const uint8_t *ok, int w, int h,
                             int x0, int y0, int x1, int y1);
/* Builds m (its scale, cost and source set) in tiles of `size` cells a
 * side from the walkable map ok (w × h, taken: m frees it) of a unit that
 * may enter the terrains of pass (mesh_grid_tiles.c). */
wf_status wf__mesh_grid_tiles(wf_mesh *m, uint8_t *ok, const uint8_t *pass,
                              int w, int h, int size);

/* ---- meshes in tiles (mesh_tiles.c, mesh_stitch.c) -------------------- */

/* Makes the polygons of the tile [lo, hi] (fixed-point units) from a
 * tiled mesh's source src into x, a fresh mesh with m's allocator and
 * scale, without its index. Every polygon lies in the box; a corner on a
 * side of the box must be one the tile across would make there too (made
 * from what both tiles see), and nothing else may put one there, so that
 * the two tiles meet corner to corner and edge to edge along the side
 * wherever both are walkable. */
typedef wf_status (*wf__mesh_tile_fn)(const void *src, wf_mesh *x,
                                      wf__mpt lo, wf__mpt hi);

/* A tile: its own small mesh (local numbering, indexed: the mesh locates
 * points through its tiles' buckets), marks on its corners (which lie on a
 * tile line; which start a boundary edge that is no seam), its seams
 * (boundary edges along a tile line: the stitching may join them to the
 * tile across), where the stitching put it (its corners' ids in the mesh;
 * its first corner of its own, polygon, edge and piece) and whether it
 * was made since. */
#define WF__MARK_LINE 1
#define WF__MARK_EDGE 2
typedef struct wf__mtile {
    wf_mesh *x;
    uint8_t *mark;
    uint32_t *seam;
    uint32_t nseam, nline, pieces;
    uint32_t *gid;
    uint32_t vbase, base, ebase, piece0;
    uint8_t fresh;
} wf__mtile;

struct wf__mtiles {
    wf__mpt origin;      /* tile (0, 0)'s lower corner (fixed units) */
    int32_t side;        /* a tile's side (fixed units) */
    int ntx, nty;
    wf__mtile *tile;     /* ntx × nty, row by row */
    wf__mesh_tile_fn make;
    void *src;           /* what tiles are made from (the mesh's) */
    void (*drop)(const wf_allocator *a, void *src); /* frees src */
    struct wf__stitch *stitch; /* scratch the stitching keeps */
};

/* Makes m (its scale, cost and source set) a mesh of ntx × nty tiles of
 * `side` units from origin, each made by make from src (taken: drop frees
 * it with m, even on failure), and stitches them (mesh_tiles.c). */
wf_status wf__mesh_tiles_build(wf_mesh *m, wf__mpt origin, int32_t side,
                               int ntx, int nty, wf__mesh_tile_fn make,
                               void *src,
                               void (*drop)(const wf_allocator *, void *));
/* Makes anew the tiles whose flag in redo (ntx × nty) is set, then
 * stitches the mesh again when there was one. On failure the mesh is left
 * unusable (WF_E_NOMEM). */
wf_status wf__mesh_tiles_redo(wf_mesh *m, const uint8_t *redo);
/* wf__mesh_locate_toward on a tiled mesh: through the tiles holding p. */
size_t wf__mesh_tiles_locate(const wf_mesh *m, wf__mpt p, wf__mpt d,
                             uint32_t *out, size_t max);
/* Frees what a tiled mesh keeps of its tiles and its source. */
void wf__mesh_tiles_free(wf_mesh *m);
/* m's arrays and index from its tiles (mesh_stitch.c): corners on tile
 * lines merged by their place, polygons numbered tile by tile, boundary
 * edges along tile lines joined to the edge across with the same ends,
 * then the corners on the boundary, dead ends, pieces and areas (points
 * are located through the tiles' own buckets). The arrays keep room for
 * more, and the tiles before the first one made since the last stitching
 * keep their place, so that after an edit only the changed tiles and
 * those after them cost more than their seams. */
wf_status wf__mesh_stitch(wf_mesh *m);
/* Frees the stitching's scratch. */
void wf__mesh_stitch_free(wf_mesh *m);

/* ---- outline meshes in tiles (mesh_outline_tiles.c) ----------------- */

/* What an outline mesh's tiles are made from: its outlines cut at the
 * tile lines. */
struct wf__otiles;
/* The tile maker of an outline mesh (a wf__mesh_tile_fn): src is its
 * struct wf__otiles. */
wf_status wf__otile_build(const void *src, wf_mesh *x, wf__mpt lo,
                          wf__mpt hi);
/* Outlines for tiles of `side` units from the tile line at or below lo
 * to the one at or above hi, none yet, into *out. WF_E_TOO_BIG over 2^22
 * tiles, WF_E_NOMEM. */
wf_status wf__otiles_begin(const wf_allocator *a, int32_t side, wf__mpt lo,
                           wf__mpt hi, struct wf__otiles **out);
/* Adds the ring p (n points, counter-clockwise, none repeated, inside the
 * tiles) of kind `kind` to t, cut at the tile lines: its id into *id. No
 * tile is made again. */
wf_status wf__otiles_ring(struct wf__otiles *t, const wf_allocator *a,
                          const wf__mpt *p, size_t n, int kind, uint32_t *id);
/* Frees t (NULL: nothing). */
void wf__otiles_drop(const wf_allocator *a, void *t);
/* Makes m's tiles from t (taken: m frees it, even on failure), and m's
 * arrays. */
wf_status wf__otiles_build(wf_mesh *m, struct wf__otiles *t);
/* The outlines of m's tiles, or NULL when m is no outline mesh in tiles. */
struct wf__otiles *wf__otiles_of(const wf_mesh *m);
/* Makes again the tiles the box of ring id of m's outlines touches. */
wf_status wf__otiles_update(wf_mesh *m, uint32_t id);
/* The box m's tiles cover: 0 when m is no outline mesh in tiles. */
int wf__otiles_extent(const wf_mesh *m, wf__mpt *lo, wf__mpt *hi);

/* Frees m's polygons, corners and index (not the mesh itself, its links
 * or its tiles). */
void wf__mesh_clear(wf_mesh *m);
/* Makes c, classified from outlines, the triangulation of what a unit of
 * radius r (units) fits in, classified: see mesh_radius.c. */
wf_status wf__mesh_inflate(wf__cdt *c, double r, wf__inflated *met);
/* Takes away (in = 0) every inside triangle of c nearer than r units to
 * one of the n edges, counting them in *removed. */
wf_status wf__cdt_keep_clear(wf__cdt *c, const wf__mpt (*edge)[2], size_t n,
                             double r, size_t *removed);
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
/* Its part a tile keeps: the edges' backs, pieces, dead ends and areas
 * (neither the corners on the boundary nor the buckets). */
wf_status wf__mesh_index_local(wf_mesh *m);
/* The range of buckets polygon p's bounding box covers. */
void wf__mesh_box(const wf_mesh *m, uint32_t p, uint32_t *x0, uint32_t *y0,
                  uint32_t *x1, uint32_t *y1);
/* Chooses the grid of buckets over [lo, hi] for m's polygons (bx0, by0,
 * bshift, bw, bh): about one bucket a polygon, coarser while long thin
 * polygons would make the lists outgrow the mesh. */
void wf__mesh_bucket_grid(wf_mesh *m, wf__mpt lo, wf__mpt hi);
/* Lists each polygon in the buckets its box covers (bstart sized for the
 * grid; bpoly grown as needed, with room for a quarter more in a tiled
 * mesh, its size in cap.b). */
wf_status wf__mesh_fill_buckets(wf_mesh *m);
/* area: the running sums of the polygons' areas (mesh_random.c). */
wf_status wf__mesh_areas(wf_mesh *m);
/* Does polygon q hold p (closed) and, when d is not zero, the start of
 * the ray from p along d (p + e d for every small e > 0)? Exact. */
int wf__mesh_holds(const wf_mesh *m, uint32_t q, wf__mpt p, wf__mpt d);
/* Every polygon of m holding p and the start of the ray along d (as
 * wf__mesh_holds; d zero: every polygon containing p), in increasing
 * order, up to max of them into out; returns how many there are. */
size_t wf__mesh_locate_toward(const wf_mesh *m, wf__mpt p, wf__mpt d,
                              uint32_t *out, size_t max);
/* Every polygon of m containing p (closed), up to max of them into out;
 * returns how many there are. */
WF_INLINE size_t wf__mesh_locate(const wf_mesh *m, wf__mpt p, uint32_t *out,
                                 size_t max) {
    const wf__mpt zero = {0, 0};
    return wf__mesh_locate_toward(m, p, zero, out, max);
}
/* World point → fixed point; 0 when it is not finite or too far out. */
int wf__mesh_fix(const wf_mesh *m, wf_vec2 w, wf__mpt *out);

/* ---- walking a segment across the polygons (mesh_raycast.c) ---------- */

/* A walk of the segment a → b from polygon poly (holding a): polygon to
 * polygon across the edges it leaves by; through a corner, round it
 * across shared edges only (clockwise first, y up) to the polygon holding
 * its direction, so it never passes where the mesh's sides touch without
 * an edge. A grid's mesh has every corner on the boundary: only one way
 * round is open, on the segment's side. */
typedef struct wf__mwalk {
    wf__mpt a, b;
    uint32_t poly;     /* in: where it starts; out: the polygon holding b,
                          or the last one entered */
    /* every polygon entered after the first, in order (those round a
       corner included), is counted in n and, while n < max, kept in out
       (may be NULL with max 0) */
    long *out;
    size_t max, n;
    /* set when the segment leaves the mesh: the edge of poly (an index
       in pvert) and the corner it leaves by (WF__NONE: through the edge's
       inside), or both WF__NONE when it leaves at a */
    uint32_t edge, corner;
} wf__mwalk;

/* Walks w: 1 when b is reached, 0 when the segment leaves the mesh. */
int wf__mesh_walk(const wf_mesh *m, wf__mwalk *w);

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
    struct wf__mlinks *links; /* the search over links (mesh_links.c) */
};

/* The shortest path on m from s to t without links into out (its
 * points; not its length or cost); WF_NO_PATH with the reason in q->msg.
 * q must be sized for m (each call clears its tags). */
wf_status wf__mesh_shortest(wf_mesh_query *q, const wf_mesh *m, wf__mpt s,
                            wf__mpt t, wf_polyline *out);
/* wf_mesh_path for a mesh with links: out's points, length and cost. */
wf_status wf__mesh_link_path(wf_mesh_query *q, const wf_mesh *m, wf__mpt s,
                             wf__mpt t, wf_polyline *out);
/* Forgets the links q's last path took. */
void wf__mesh_links_clear(wf_mesh_query *q);
/* Frees what q's link search holds. */
void wf__mesh_links_free(wf_mesh_query *q);

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
/* out's length (the sum of its segments) and cost (length × cost). */
void wf__mesh_measure(wf_polyline *out, double cost);
/* The point of edge (u, w) on the ray from r along (dx, dy), in world
 * units × scale (doubles). */
void wf__mesh_ray_point(wf__mpt r, int32_t dx, int32_t dy, wf__mpt u,
                        wf__mpt w, double *x, double *y);

#endif
