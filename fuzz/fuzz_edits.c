/* Fuzzes wf_edits_parse: each input is read as an edits file for an 8 x 6
 * map in all three formats (Moving AI and ASCII characters, and the tile
 * numbers of a fixed legend). Edits that parse are checked (batches cover
 * the edits in order, cells on the map, terrains the loaders give), applied
 * to the map batch by batch, then written back as an edits file and parsed
 * again: same batches, same edits. While the batches land, a D* Lite
 * planner walks the map and repairs after each one: its plan must cost
 * what a fresh A* from the same cell costs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define W 8
#define H 6

static const char legend_text[] =
    "-1  blocked edge\n"
    "0   blocked wall\n"
    "1   cost 1 floor\n"
    "2   cost 2.5 mud\n"
    "100 start spawn\n"
    "200 goal 3 base\n";

static int terrain_ok(wf_map_format f, const wf_legend *l, uint8_t t) {
    if (f == WF_MAP_FORMAT_CSV)
        return t < l->count;
    if (f == WF_MAP_FORMAT_ASCII)
        return t == '.' || t == '#' || (t >= '1' && t <= '9');
    return t && strchr(".GSW@OT", t) != NULL;
}

/* The edits as a file: one line an edit, a blank line between batches. */
static void print_edits(const wf_edits *e, wf_map_format f,
                        const wf_legend *l, fuzz_out *o) {
    fuzz_out_open(o);
    for (size_t b = 0; b < e->batch_count; b++) {
        if (b)
            fputc('\n', o->f);
        for (size_t i = 0; i < e->batches[b].count; i++) {
            const wf_edit *x = &e->batches[b].edits[i];
            if (f == WF_MAP_FORMAT_CSV)
                fprintf(o->f, "%d %d %ld\n", x->cell.x, x->cell.y,
                        l->entries[x->terrain].tile);
            else
                fprintf(o->f, "%d %d %c\n", x->cell.x, x->cell.y,
                        (char)x->terrain);
        }
    }
    fuzz_out_close(o);
}

/* The planner's repair against a fresh A* from its cell; then it walks
 * one step along its path. */
static void check_plan(wf_dstar *d, wf_search *ws, const wf_grid *g,
                       wf_path *dp, wf_path *ap) {
    const wf_status s = wf_dstar_plan(d, dp);
    const wf_status a = wf_search_grid(ws, g, wf_dstar_position(d),
                                       wf_dstar_goal(d), NULL, ap);
    FUZZ_CHECK(s == a);
    if (s != WF_OK)
        return;
    FUZZ_CHECK(fabs(dp->cost - ap->cost) <= 1e-9 * ap->cost);
    if (dp->count > 1)
        FUZZ_CHECK(wf_dstar_move(d, dp->points[1]) == WF_OK);
}

static void check_edits(const wf_edits *e, wf_map_format f,
                        const wf_legend *l, wf_grid *g) {
    wf_dstar *d;
    wf_search *ws;
    wf_path dp, ap;
    wf_path_init(&dp, NULL);
    wf_path_init(&ap, NULL);
    FUZZ_CHECK(wf_search_create(NULL, &ws) == WF_OK);
    FUZZ_CHECK(wf_dstar_create(g, (wf_point){0, 0}, (wf_point){W - 1, H - 1},
                               NULL, NULL, NULL, 0, &d) == WF_OK);
    check_plan(d, ws, g, &dp, &ap);
    FUZZ_CHECK(e->count >= 1 && e->batch_count >= 1);
    FUZZ_CHECK(e->batch_count <= e->count);
    size_t next = 0;
    unsigned line = 0;
    for (size_t b = 0; b < e->batch_count; b++) {
        const wf_edit_batch *bt = &e->batches[b];
        FUZZ_CHECK(bt->count >= 1);
        FUZZ_CHECK(bt->edits == e->edits + next);
        FUZZ_CHECK(wf_grid_edit_begin(g) == WF_OK);
        for (size_t i = 0; i < bt->count; i++) {
            const wf_edit *x = &bt->edits[i];
            FUZZ_CHECK(x->cell.x >= 0 && x->cell.x < W);
            FUZZ_CHECK(x->cell.y >= 0 && x->cell.y < H);
            FUZZ_CHECK(terrain_ok(f, l, x->terrain));
            FUZZ_CHECK(x->line > line);
            line = x->line;
            FUZZ_CHECK(wf_grid_set(g, x->cell.x, x->cell.y, x->terrain) ==
                       WF_OK);
        }
        FUZZ_CHECK(wf_grid_edit_commit(g) == WF_OK);
        check_plan(d, ws, g, &dp, &ap);
        next += bt->count;
    }
    FUZZ_CHECK(next == e->count);
    wf_dstar_destroy(d);
    wf_search_destroy(ws);
    wf_path_free(&dp);
    wf_path_free(&ap);
}

static void one_format(const uint8_t *data, size_t size, wf_map_format f,
                       const wf_legend *l, wf_grid *g) {
    wf_edits e;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_edits_parse((const char *)data, size, "f.edits", g, f, l,
                                 NULL, &e, &d);
    if (s != WF_OK) {
        FUZZ_CHECK(s == WF_E_PARSE || s == WF_E_RANGE);
        FUZZ_CHECK(e.count == 0 && e.edits == NULL);
        FUZZ_CHECK(e.batch_count == 0 && e.batches == NULL);
        FUZZ_CHECK(d.line > 0 && d.column > 0 && d.message[0] != '\0');
        wf_edits_free(&e); /* harmless after a failure */
        return;
    }
    check_edits(&e, f, l, g);

    fuzz_out o;
    print_edits(&e, f, l, &o);
    wf_edits back;
    FUZZ_CHECK(wf_edits_parse(o.buf, o.len, "back.edits", g, f, l, NULL,
                              &back, &d) == WF_OK);
    FUZZ_CHECK(back.count == e.count && back.batch_count == e.batch_count);
    for (size_t b = 0; b < e.batch_count; b++)
        FUZZ_CHECK(back.batches[b].count == e.batches[b].count);
    for (size_t i = 0; i < e.count; i++) {
        const wf_edit *x = &e.edits[i], *y = &back.edits[i];
        FUZZ_CHECK(x->cell.x == y->cell.x && x->cell.y == y->cell.y);
        FUZZ_CHECK(x->terrain == y->terrain);
    }
    free(o.buf);
    wf_edits_free(&back);
    wf_edits_free(&e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_legend legend;
    wf_diag d;
    FUZZ_CHECK(wf_legend_parse(legend_text, sizeof legend_text - 1, "fuzz",
                               &legend, &d) == WF_OK);
    wf_grid *g;
    FUZZ_CHECK(wf_grid_create(W, H, NULL, &g) == WF_OK);
    /* walls and dearer ground in every format, for the planner */
    static const uint8_t walls[] = {'@', '#', 'O', 'T', 0};
    for (size_t i = 0; i < sizeof walls; i++)
        FUZZ_CHECK(wf_grid_set_cost(g, walls[i], WF_BLOCKED) == WF_OK);
    FUZZ_CHECK(wf_grid_set_cost(g, 'W', 3.0) == WF_OK);
    FUZZ_CHECK(wf_grid_set_cost(g, 2, 2.5) == WF_OK);
    for (int c = '2'; c <= '9'; c++)
        FUZZ_CHECK(wf_grid_set_cost(g, (uint8_t)c, c - '0') == WF_OK);
    one_format(data, size, WF_MAP_FORMAT_MOVINGAI, &legend, g);
    one_format(data, size, WF_MAP_FORMAT_ASCII, &legend, g);
    one_format(data, size, WF_MAP_FORMAT_CSV, &legend, g);
    wf_grid_destroy(g);
    return 0;
}
