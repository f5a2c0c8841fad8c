/* Fuzzes wf_csv_map_parse with a fixed legend. A map that parses is
 * searched from its start tile to its goal tile (or between its first and
 * last passable cells), then printed back as CSV from the legend and parsed
 * again: same cells, same marks. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static const char legend_text[] =
    "# tiles of the fuzzed maps\n"
    "-1  blocked edge\n"
    "0   blocked wall\n"
    "1   cost 1 floor\n"
    "2   cost 2.5 mud\n"
    "7   cost 1000 lava\n"
    "100 start spawn\n"
    "200 goal 3 base\n";

static void legend_load(wf_legend *l) {
    wf_diag d;
    FUZZ_CHECK(wf_legend_parse(legend_text, sizeof legend_text - 1, "fuzz",
                               l, &d) == WF_OK);
}

/* The map as CSV text through the legend (free with free()). */
static void print_csv(const wf_grid *g, const wf_legend *l, fuzz_out *o) {
    int w = wf_grid_width(g), h = wf_grid_height(g);
    fuzz_out_open(o);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int t = wf_grid_get(g, x, y);
            FUZZ_CHECK(t >= 0 && t < l->count);
            fprintf(o->f, "%ld%c", l->entries[t].tile, x + 1 < w ? ',' : '\n');
        }
    fuzz_out_close(o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_legend legend;
    legend_load(&legend);
    wf_grid *g = (wf_grid *)&g;
    wf_map_marks m;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_csv_map_parse((const char *)data, size, "f.csv", &legend,
                                   NULL, &g, &m, &d);
    if (s != WF_OK) {
        FUZZ_CHECK(g == NULL);
        FUZZ_CHECK(s == WF_E_PARSE || s == WF_E_TOO_BIG);
        FUZZ_CHECK(d.line > 0 && d.message[0] != '\0');
        return 0;
    }
    int w = wf_grid_width(g), h = wf_grid_height(g);
    FUZZ_CHECK(w >= 1 && h >= 1);
    if (m.has_start)
        FUZZ_CHECK(legend.entries[wf_grid_get(g, m.start.x, m.start.y)].kind ==
                   WF_TILE_START);
    if (m.has_goal)
        FUZZ_CHECK(legend.entries[wf_grid_get(g, m.goal.x, m.goal.y)].kind ==
                   WF_TILE_GOAL);
    wf_point a, b;
    if (fuzz_passable_ends(g, &a, &b))
        fuzz_check_search(g, m.has_start ? m.start : a,
                          m.has_goal ? m.goal : b);

    fuzz_out o;
    print_csv(g, &legend, &o);
    wf_grid *g2 = NULL;
    wf_map_marks m2;
    FUZZ_CHECK(wf_csv_map_parse(o.buf, o.len, "back.csv", &legend, NULL, &g2,
                                &m2, &d) == WF_OK);
    FUZZ_CHECK(wf_grid_width(g2) == w && wf_grid_height(g2) == h);
    FUZZ_CHECK(memcmp(wf_grid_cells(g), wf_grid_cells(g2),
                      (size_t)w * (size_t)h) == 0);
    FUZZ_CHECK(memcmp(&m, &m2, sizeof m) == 0);
    free(o.buf);
    wf_grid_destroy(g2);
    wf_grid_destroy(g);
    return 0;
}
