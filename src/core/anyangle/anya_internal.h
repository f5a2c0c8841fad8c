/* The any-angle search's state, shared by its two files: anya.c (the
 * query, its memory and open list) and anya_expand.c (the successors of
 * cones and roots). anya.c's header comment describes the method. */
#ifndef WF_ANYA_INTERNAL_H
#define WF_ANYA_INTERNAL_H

#include <math.h>

#include "search_internal.h"

/* A ray from a root: dx doubled x per e doubled rows, e > 0. */
typedef struct ray {
    int32_t x, e;
} ray;

enum { K_CONE, K_ROOT, K_GOAL };

typedef struct anode {
    double g;      /* the root's cost when the node was made */
    uint32_t root; /* vertex id, or the start's */
    int32_t line;  /* the interval's grid line (cones) */
    int8_t kind;
    int8_t dir;    /* cones: +1 rays go down, -1 up */
    ray a, b;      /* cones: the interval's left and right ends */
} anode;

/* The open list: a binary heap (wf_heap2.h) of nodes by f. */
typedef struct hent {
    double f;
    uint32_t n;
} hent;

typedef struct aopen {
    hent *e;
    size_t n;
} aopen;

struct wf__anya {
    size_t vcap;       /* vertices the per-vertex arrays hold */
    uint32_t *tag;     /* generation that set gv and parent */
    double *gv;        /* best cost of each root */
    uint32_t *parent;  /* its predecessor root */
    uint32_t gen;
    anode *node;
    size_t ncap, nn;
    aopen open;
    size_t hcap;       /* entries open.e holds */
};

/* A rational n / d, d > 0, in doubled units. */
typedef struct rat {
    int64_t n, d;
} rat;

typedef struct aq {
    const wf_grid *g;
    const uint8_t *pass;
    const uint8_t *clr;   /* size k > 1: the unit's clearance, else NULL */
    unsigned k;
    struct wf__anya *m;
    wf_search *ws;
    int W, H;
    const uint64_t *rows; /* the row plane of the cells the unit may
                             stand on (the grid's, or for size k > 1 the
                             workspace's fit plane), NULL when a filter
                             forbids a terrain the grid has */
    size_t rw;            /* its words a line */
    uint32_t nv;          /* vertices; the start's id */
    int64_t sx2, sy2;     /* doubled start centre */
    int64_t gx2, gy2;     /* doubled goal centre */
    int gx, gy;
    wf_status err;
    uint64_t expanded, generated, heap_ops;
} aq;

static inline int64_t floor_div(int64_t n, int64_t d) {
    int64_t q = n / d;
    return q * d > n ? q - 1 : q;
}

static inline int cmp_rat(rat a, rat b) {
    int64_t l = a.n * b.d, r = b.n * a.d;
    return (l > r) - (l < r);
}

WF_INLINE int blocked(const aq *q, int x, int y) {
    if (x < 0 || y < 0 || x >= q->W || y >= q->H)
        return 1;
    const size_t c = (size_t)y * (size_t)q->W + (size_t)x;
    return q->clr ? q->clr[c] < q->k : !q->pass[q->g->terrain[c]];
}

/* Exactly one blocked cell round vertex (x, y). */
static inline int turning(const aq *q, int x, int y) {
    return blocked(q, x - 1, y - 1) + blocked(q, x, y - 1) +
               blocked(q, x - 1, y) + blocked(q, x, y) == 1;
}

/* May a path pass through vertex (x, y)? (No pinch, not all blocked.) */
static inline int vertex_ok(const aq *q, int x, int y) {
    int nw = blocked(q, x - 1, y - 1), ne = blocked(q, x, y - 1);
    int sw = blocked(q, x - 1, y), se = blocked(q, x, y);
    return !(nw && se) && !(ne && sw);
}

static inline void root_pos(const aq *q, uint32_t id, int64_t *x, int64_t *y) {
    if (id == q->nv) {
        *x = q->sx2;
        *y = q->sy2;
    } else {
        *x = 2 * (int64_t)(id % (uint32_t)(q->W + 1));
        *y = 2 * (int64_t)(id / (uint32_t)(q->W + 1));
    }
}

/* Where ray r from root (rx, ry) crosses the line whose doubled distance
 * from the root is t. */
WF_INLINE rat ray_at(int64_t rx, ray r, int64_t t) {
    rat v = {rx * r.e + (int64_t)r.x * t, r.e};
    return v;
}

static inline double dist2(double ax, double ay, double bx, double by) {
    double dx = ax - bx, dy = ay - by; /* exact: both below 2^22 */
    return sqrt(dx * dx + dy * dy) / 2; /* doubled units to cells */
}

/* Queues node *nd with priority f (anya.c). */
void wf__anya_push(aq *q, const anode *nd, double f);
/* The successors of a cone and of a root (anya_expand.c). */
void wf__anya_expand_cone(aq *q, const anode *n);
void wf__anya_expand_root(aq *q, const anode *n);

#endif
