/* Fuzzes wf_movingai_map_parse. A map that parses is searched between its
 * first and last passable cells, written back and parsed again: the second
 * reading must give the same cells. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_grid *g = (wf_grid *)&g; /* must be reset to NULL on failure */
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_movingai_map_parse((const char *)data, size, "f.map",
                                        NULL, &g, &d);
    if (s != WF_OK) {
        FUZZ_CHECK(g == NULL);
        FUZZ_CHECK(s == WF_E_PARSE || s == WF_E_TOO_BIG);
        FUZZ_CHECK(d.line > 0 && d.message[0] != '\0');
        return 0;
    }
    int w = wf_grid_width(g), h = wf_grid_height(g);
    FUZZ_CHECK(w >= 1 && h >= 1);
    wf_point a, b;
    if (fuzz_passable_ends(g, &a, &b))
        fuzz_check_search(g, a, b);

    fuzz_out o;
    fuzz_out_open(&o);
    FUZZ_CHECK(wf_movingai_map_write(o.f, g) == WF_OK);
    fuzz_out_close(&o);
    wf_grid *g2 = NULL;
    FUZZ_CHECK(wf_movingai_map_parse(o.buf, o.len, "back.map", NULL, &g2,
                                     &d) == WF_OK);
    FUZZ_CHECK(wf_grid_width(g2) == w && wf_grid_height(g2) == h);
    FUZZ_CHECK(memcmp(wf_grid_cells(g), wf_grid_cells(g2),
                      (size_t)w * (size_t)h) == 0);
    free(o.buf);
    wf_grid_destroy(g2);
    wf_grid_destroy(g);
    return 0;
}
