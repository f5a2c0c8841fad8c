/* The query check of outline_check.h. */
#include "outline_check.h"

#include <math.h>
#include <stdio.h>

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

