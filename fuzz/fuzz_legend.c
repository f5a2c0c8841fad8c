/* Fuzzes wf_legend_parse. A legend that parses must keep its promises
 * (unique tiles, valid costs, one start and one goal kind at most) and work
 * with wf_csv_map_parse: a row holding each of its tiles once gives cell i
 * terrain i and the marks where the start and goal tiles stand. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static void check_legend(const wf_legend *l) {
    int starts = 0, goals = 0;
    FUZZ_CHECK(l->count >= 0 && l->count <= 256);
    for (int i = 0; i < l->count; i++) {
        const wf_legend_entry *e = &l->entries[i];
        FUZZ_CHECK(memchr(e->name, '\0', sizeof e->name) != NULL);
        if (e->kind == WF_TILE_BLOCKED)
            FUZZ_CHECK(e->cost == WF_BLOCKED);
        else
            FUZZ_CHECK(isfinite(e->cost) && e->cost > 0);
        starts += e->kind == WF_TILE_START;
        goals += e->kind == WF_TILE_GOAL;
        for (int j = 0; j < i; j++)
            FUZZ_CHECK(l->entries[j].tile != e->tile);
    }
    FUZZ_CHECK(starts <= 1 && goals <= 1);
}

/* One CSV row of every tile of l, in legend order. */
static void check_with_csv(const wf_legend *l) {
    fuzz_out o;
    fuzz_out_open(&o);
    for (int i = 0; i < l->count; i++)
        fprintf(o.f, "%ld%c", l->entries[i].tile,
                i + 1 < l->count ? ',' : '\n');
    fuzz_out_close(&o);
    wf_grid *g = NULL;
    wf_map_marks m;
    wf_diag d;
    FUZZ_CHECK(wf_csv_map_parse(o.buf, o.len, "row.csv", l, NULL, &g, &m,
                                &d) == WF_OK);
    FUZZ_CHECK(wf_grid_width(g) == l->count && wf_grid_height(g) == 1);
    for (int i = 0; i < l->count; i++) {
        const wf_legend_entry *e = &l->entries[i];
        FUZZ_CHECK(wf_grid_get(g, i, 0) == i);
        FUZZ_CHECK(wf_grid_cost(g, (uint8_t)i) == e->cost);
        if (e->kind == WF_TILE_START)
            FUZZ_CHECK(m.has_start && m.start.x == i && m.start.y == 0);
        if (e->kind == WF_TILE_GOAL)
            FUZZ_CHECK(m.has_goal && m.goal.x == i && m.goal.y == 0);
    }
    free(o.buf);
    wf_grid_destroy(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_legend *l = malloc(sizeof *l); /* 12 KiB: keep it off the stack */
    FUZZ_CHECK(l != NULL);
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_legend_parse((const char *)data, size, "f.legend", l, &d);
    if (s != WF_OK) {
        FUZZ_CHECK(s == WF_E_PARSE || s == WF_E_TOO_BIG);
        FUZZ_CHECK(d.line > 0 && d.message[0] != '\0');
    } else {
        check_legend(l);
        if (l->count > 0)
            check_with_csv(l);
    }
    free(l);
    return 0;
}
