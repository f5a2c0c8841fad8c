/* Fuzzes wf_tiled_parse: a map that parses gives outlines that
 * wf_mesh_from_outlines builds or refuses with WF_E_INVALID_ARG (a mesh
 * built is queried), links whose ends are finite and a grid, when the map
 * has tile layers, of the map's size, which the grid searches and the
 * grid's mesh answer. */
#include <math.h>

#include "fuzz.h"

static void check_outlines(const wf_tiled *t) {
    FUZZ_CHECK(t->outlines.count >= 1);
    for (size_t i = 0; i < t->outlines.count; i++)
        FUZZ_CHECK(t->outlines.outlines[i].name &&
                   t->outlines.outlines[i].name[0]);
    wf_mesh *m = NULL;
    wf_diag d;
    const wf_status s = wf_mesh_from_outlines(
        t->outlines.outlines, t->outlines.count, &t->outlines.opts, NULL, &m,
        &d);
    FUZZ_CHECK(s == WF_OK || s == WF_E_INVALID_ARG || s == WF_E_TOO_BIG);
    FUZZ_CHECK((s == WF_OK) == (m != NULL));
    if (m)
        fuzz_check_mesh(m);
    wf_mesh_destroy(m);
}

static void check_grid(const wf_tiled *t) {
    const wf_grid *g = t->grid;
    FUZZ_CHECK(wf_grid_width(g) == t->width &&
               wf_grid_height(g) == t->height);
    wf_point a, b;
    if (!fuzz_passable_ends(g, &a, &b))
        return;
    fuzz_check_search(g, a, b);
    wf_mesh *m = NULL;
    wf_diag d;
    if (wf_mesh_from_grid(g, NULL, NULL, NULL, NULL, &m, &d) == WF_OK)
        fuzz_check_mesh(m);
    wf_mesh_destroy(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_tiled t = {0};
    wf_diag d;
    const wf_status s =
        wf_tiled_parse((const char *)data, size, "fuzz", NULL, NULL, &t, &d);
    if (s != WF_OK) {
        FUZZ_CHECK(t.outlines.outlines == NULL && t.grid == NULL);
        return 0;
    }
    for (size_t i = 0; i < t.link_count; i++)
        FUZZ_CHECK(isfinite(t.links[i].a.x) && isfinite(t.links[i].a.y) &&
                   isfinite(t.links[i].b.x) && isfinite(t.links[i].b.y));
    check_outlines(&t);
    if (t.grid)
        check_grid(&t);
    wf_tiled_free(&t);
    return 0;
}
