/* The query check of outline_check.h. */
#include "outline_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Is length got the reference's want, to 1e-9 relative and tl's slack? */
static int close_enough(wf_otally *tl, double got, double want) {
    tl->bent = fmax(tl->bent, fabs(got - want) * tl->scale);
    return fabs(got - want) - 1e-9 * (1 + want) <= tl->slack;
}

void wf_otally_query(const wf_oracle *ref, wf_mesh_query *q, const wf_mesh *m,
                     double f, wf_vec2 s, wf_vec2 t, wf_polyline *p,
                     wf_otally *tl) {
    if (wf_oracle_where(ref, s) < 0 || wf_oracle_where(ref, t) < 0)
        return; /* on an edge: the reference takes points off them */
    const double want = wf_oracle_shortest(ref, s, t);
    const wf_status st = wf_mesh_path(q, m, (wf_vec2){s.x * f, s.y * f},
                                      (wf_vec2){t.x * f, t.y * f}, p);
    tl->queries++;
    if (isinf(want)) {
        if (st != WF_NO_PATH)
            fprintf(stderr, "(%g, %g) -> (%g, %g): got %g, want none\n", s.x,
                    s.y, t.x, t.y, p->length / f);
        assert_int_equal(st, WF_NO_PATH);
        tl->none++;
        return;
    }
    const int close = st == WF_OK && close_enough(tl, p->length / f, want);
    if (!close)
        fprintf(stderr, "(%g, %g) -> (%g, %g) at scale %g: status %d, "
                        "length %.17g, want %.17g\n",
                s.x, s.y, t.x, t.y, f, st, p->length / f, want);
    assert_int_equal(st, WF_OK);
    assert_true(close);
    tl->worst = fmax(tl->worst, fabs(p->length / f - want) / fmax(want, 1e-300));
    for (size_t i = 0; tl->slack == 0 && i + 1 < p->count; i++) {
        const wf_vec2 a = {p->points[i].x / f, p->points[i].y / f};
        const wf_vec2 b = {p->points[i + 1].x / f, p->points[i + 1].y / f};
        const int clear = wf_oracle_clear(ref, a, b);
        if (!clear)
            fprintf(stderr, "(%g, %g) -> (%g, %g): its segment (%.17g, "
                            "%.17g) -> (%.17g, %.17g) is not clear\n",
                    s.x, s.y, t.x, t.y, a.x, a.y, b.x, b.y);
        assert_true(clear);
        tl->segments++;
    }
    tl->paths++;
}

/* An edge along a tile line with no polygon across. */
typedef struct seam_edge {
    wf_vec2 a, b;
} seam_edge;

/* Do a–b and c–d lie on one line and overlap over more than a point, in
 * opposite directions? */
static int facing(wf_vec2 a, wf_vec2 b, wf_vec2 c, wf_vec2 d) {
    if (a.x == b.x && c.x == d.x && a.x == c.x)
        return (b.y - a.y) * (d.y - c.y) < 0 &&
               fmin(fmax(a.y, b.y), fmax(c.y, d.y)) >
                   fmax(fmin(a.y, b.y), fmin(c.y, d.y));
    if (a.y == b.y && c.y == d.y && a.y == c.y)
        return (b.x - a.x) * (d.x - c.x) < 0 &&
               fmin(fmax(a.x, b.x), fmax(c.x, d.x)) >
                   fmax(fmin(a.x, b.x), fmin(c.x, d.x));
    return 0;
}

void wf_check_seams(const wf_mesh *m, double tile) {
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    seam_edge *open = malloc((4 * info.vertices + 1) * sizeof *open);
    size_t n_open = 0, cap = 4 * info.vertices + 1;
    wf_vec2 v[64];
    long across[64];
    for (size_t p = 0; p < info.polygons; p++) {
        const size_t n = wf_mesh_polygon(m, p, v, across, 64);
        assert_true(n <= 64);
        for (size_t i = 0; i < n; i++) {
            const wf_vec2 a = v[i], b = v[(i + 1) % n];
            const int on = (a.x == b.x && fmod(a.x, tile) == 0) ||
                           (a.y == b.y && fmod(a.y, tile) == 0);
            if (on && across[i] < 0) {
                assert_true(n_open < cap);
                open[n_open++] = (seam_edge){a, b};
            }
        }
    }
    /* a crack: two polygons' edges facing each other along a tile line,
       overlapping, not joined */
    for (size_t i = 0; i < n_open; i++)
        for (size_t j = i + 1; j < n_open; j++)
            if (facing(open[i].a, open[i].b, open[j].a, open[j].b)) {
                fprintf(stderr, "a crack: (%.17g, %.17g) -> (%.17g, %.17g) "
                                "faces (%.17g, %.17g) -> (%.17g, %.17g)\n",
                        open[i].a.x, open[i].a.y, open[i].b.x, open[i].b.y,
                        open[j].a.x, open[j].a.y, open[j].b.x, open[j].b.y);
                fail();
            }
    free(open);
}
