/* Fuzzes wf_ascii_map_parse. A map that parses is searched from its 'S' to
 * its 'G' (or between its first and last passable cells), written back with
 * its marks and parsed again: same costs, same marks. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static int same_point(wf_point a, wf_point b) {
    return a.x == b.x && a.y == b.y;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_grid *g = (wf_grid *)&g;
    wf_map_marks m;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_ascii_map_parse((const char *)data, size, "f.txt", NULL,
                                     &g, &m, &d);
    if (s != WF_OK) {
        FUZZ_CHECK(g == NULL);
        FUZZ_CHECK(s == WF_E_PARSE || s == WF_E_TOO_BIG);
        FUZZ_CHECK(d.line > 0 && d.message[0] != '\0');
        return 0;
    }
    int w = wf_grid_width(g), h = wf_grid_height(g);
    FUZZ_CHECK(w >= 1 && h >= 1);
    if (m.has_start)
        FUZZ_CHECK(wf_grid_passable(g, m.start.x, m.start.y));
    if (m.has_goal)
        FUZZ_CHECK(wf_grid_passable(g, m.goal.x, m.goal.y));
    wf_point a, b;
    if (fuzz_passable_ends(g, &a, &b))
        fuzz_check_search(g, m.has_start ? m.start : a,
                          m.has_goal ? m.goal : b);

    fuzz_out o;
    fuzz_out_open(&o);
    FUZZ_CHECK(wf_ascii_map_write(o.f, g, &m) == WF_OK);
    fuzz_out_close(&o);
    wf_grid *g2 = NULL;
    wf_map_marks m2;
    FUZZ_CHECK(wf_ascii_map_parse(o.buf, o.len, "back.txt", NULL, &g2, &m2,
                                  &d) == WF_OK);
    FUZZ_CHECK(wf_grid_width(g2) == w && wf_grid_height(g2) == h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint8_t t1 = (uint8_t)wf_grid_get(g, x, y);
            const uint8_t t2 = (uint8_t)wf_grid_get(g2, x, y);
            FUZZ_CHECK(wf_grid_cost(g, t1) == wf_grid_cost(g2, t2));
        }
    FUZZ_CHECK(m2.has_start == m.has_start && m2.has_goal == m.has_goal);
    FUZZ_CHECK(!m.has_start || same_point(m.start, m2.start));
    FUZZ_CHECK(!m.has_goal || same_point(m.goal, m2.goal));
    free(o.buf);
    wf_grid_destroy(g2);
    wf_grid_destroy(g);
    return 0;
}
