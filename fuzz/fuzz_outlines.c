/* Fuzzes wf_outlines_parse and wf_mesh_from_outlines: outlines that parse
 * are written back and read again (the same points and settings); those
 * that make a mesh are queried: random points lie on it, a path between
 * two of them is no shorter than the straight line between its ends and each of its
 * corners lies on the mesh, the path from a point to itself is empty, and
 * a ray cast between them ends on its segment. The same outlines in
 * tiles take every obstacle removed and added back. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static void check_round_trip(const wf_outlines *o) {
    fuzz_out w;
    fuzz_out_open(&w);
    FUZZ_CHECK(wf_outlines_write(w.f, o->outlines, o->count, &o->opts) ==
               WF_OK);
    fuzz_out_close(&w);
    wf_outlines back = {0};
    wf_diag d;
    FUZZ_CHECK(wf_outlines_parse(w.buf, w.len, "back", NULL, &back, &d) ==
               WF_OK);
    FUZZ_CHECK(back.count == o->count && back.point_count == o->point_count);
    for (size_t i = 0; i < o->point_count; i++)
        FUZZ_CHECK(fuzz_near(back.points[i].x, o->points[i].x) &&
                   fuzz_near(back.points[i].y, o->points[i].y));
    FUZZ_CHECK(fuzz_near(back.opts.scale, o->opts.scale) &&
               fuzz_near(back.opts.cost, o->opts.cost));
    wf_outlines_free(&back);
    free(w.buf);
}

/* The outlines again in tiles, 1 to 8 a side across their extent: each
 * obstacle removed and added back (accepted again, the mesh checked). */
static void check_tiles(const wf_outlines *o, size_t size) {
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < o->point_count; i++) {
        lo = fmin(lo, fmin(o->points[i].x, o->points[i].y));
        hi = fmax(hi, fmax(o->points[i].x, o->points[i].y));
    }
    const double tile = ceil((hi - lo) / (double)(1 + size % 8));
    if (!(tile >= 1 && tile < 4e9))
        return;
    wf_mesh_opts opts = o->opts;
    opts.tile = (unsigned)tile;
    wf_mesh *m = NULL;
    wf_diag d;
    const wf_status s =
        wf_mesh_from_outlines(o->outlines, o->count, &opts, NULL, &m, &d);
    FUZZ_CHECK(s == WF_OK || s == WF_E_INVALID_ARG || s == WF_E_TOO_BIG);
    for (size_t i = 0; m && i < o->count; i++) {
        if (o->outlines[i].kind != WF_OUTLINE_OBSTACLE)
            continue;
        FUZZ_CHECK(wf_mesh_remove_obstacle(m, (uint32_t)i, &d) == WF_OK);
        uint32_t id;
        FUZZ_CHECK(wf_mesh_add_obstacle(m, &o->outlines[i], &id, &d) == WF_OK);
        FUZZ_CHECK(id >= o->count);
    }
    if (m)
        fuzz_check_mesh(m);
    wf_mesh_destroy(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_outlines o = {0};
    wf_diag d;
    if (wf_outlines_parse((const char *)data, size, "fuzz", NULL, &o, &d) !=
        WF_OK)
        return 0;
    check_round_trip(&o);
    wf_mesh *m = NULL;
    const wf_status s =
        wf_mesh_from_outlines(o.outlines, o.count, &o.opts, NULL, &m, &d);
    FUZZ_CHECK(s == WF_OK || s == WF_E_INVALID_ARG);
    FUZZ_CHECK((s == WF_OK) == (m != NULL));
    if (m)
        fuzz_check_mesh(m);
    wf_mesh_destroy(m);
    if (s == WF_OK)
        check_tiles(&o, size);
    wf_outlines_free(&o);
    return 0;
}
