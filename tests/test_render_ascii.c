/* wf_render_ascii: the map with the path, start and goal, seed 003 style. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Renders into a string (at most size-1 bytes). */
static void render(const wf_grid *g, const wf_ascii_opts *o, char *buf,
                   size_t size) {
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(wf_render_ascii(f, g, o), WF_OK);
    rewind(f);
    size_t n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    fclose(f);
}

static void test_path_drawn(void **state) {
    (void)state;
    static const char *const rows[] = {"...", ".#.", "..."};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_search *ws;
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_search_opts o = wf_search_opts_default();
    o.move.connect = 4;
    wf_point s = {0, 0}, t = {2, 2};
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    assert_int_equal(p.count, 5);

    char buf[256];
    wf_ascii_opts ao;
    memset(&ao, 0, sizeof ao);
    render(g, NULL, buf, sizeof buf);
    assert_string_equal(buf, "...\n.#.\n...\n");
    ao.path = &p;
    ao.has_start = ao.has_goal = 1;
    ao.start = s;
    ao.goal = t;
    render(g, &ao, buf, sizeof buf);
    /* Either way round the wall is a shortest path; check the shape. */
    assert_true(strcmp(buf, "S**\n.#*\n..G\n") == 0 ||
                strcmp(buf, "S..\n*#.\n**G\n") == 0);
    ao.border = 1;
    ao.path = NULL;
    render(g, &ao, buf, sizeof buf);
    assert_string_equal(buf, "+---+\n|S..|\n|.#.|\n|..G|\n+---+\n");
    assert_int_equal(wf_render_ascii(NULL, g, &ao), WF_E_INVALID_ARG);
    assert_int_equal(wf_render_ascii(stdout, NULL, &ao), WF_E_INVALID_ARG);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* Cells show what they are, not their codes: blocked '#' (or the Moving
 * AI wall letter that is their code), a whole cost 2-9 its digit, any
 * other passable cell '.'. */
/* A polyline marks every cell its segments pass through, over the path;
 * along an edge, the cheaper cell beside it. */
static void test_polyline_cells(void **state) {
    (void)state;
    static const char *const rows[] = {"......", "..2...", "......"};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_vec2 pts[] = {{0.5, 0.5}, {5.5, 2.5}};
    wf_polyline l = {0};
    l.points = pts;
    l.count = 2;
    wf_ascii_opts ao = wf_ascii_opts_default();
    ao.polylines = &l;
    ao.polyline_count = 1;
    char buf[256];
    render(g, &ao, buf, sizeof buf);
    assert_string_equal(buf, "xx....\n.xxxx.\n....xx\n");
    /* along the edge between rows 0 and 1: row 0, cheaper than the 2 */
    wf_vec2 edge[] = {{1, 1}, {4, 1}};
    l.points = edge;
    render(g, &ao, buf, sizeof buf);
    assert_string_equal(buf, ".xxx..\n..2...\n......\n");
    /* one point: its cell; with a path under it */
    l.count = 1;
    l.points = pts;
    wf_point cells[] = {{0, 0}, {1, 0}};
    wf_path p = {0};
    p.points = cells;
    p.count = 2;
    ao.path = &p;
    render(g, &ao, buf, sizeof buf);
    assert_string_equal(buf, "x*....\n..2...\n......\n");
    ao.polylines = NULL;
    assert_int_equal(wf_render_ascii(stdout, g, &ao), WF_E_INVALID_ARG);
    wf_grid_destroy(g);
}

static void test_terrain_chars(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(8, 1, NULL, &g), WF_OK);
    assert_int_equal(wf_movingai_set_costs(g), WF_OK);
    wf_grid_set(g, 0, 0, 'T');             /* blocked Moving AI tree */
    wf_grid_set(g, 1, 0, 3);               /* cost 1 */
    wf_grid_set(g, 2, 0, WF_TERRAIN_WALL);
    wf_grid_set(g, 3, 0, '@');
    wf_grid_set(g, 4, 0, '#');             /* a passable code 35 */
    wf_grid_set(g, 5, 0, 'x');             /* blocked, not a wall letter */
    wf_grid_set(g, 6, 0, '7');             /* cost 4 */
    wf_grid_set(g, 7, 0, 'W');             /* water, cost 2.5 */
    assert_int_equal(wf_grid_set_cost(g, 'x', WF_BLOCKED), WF_OK);
    assert_int_equal(wf_grid_set_cost(g, '7', 4), WF_OK);
    assert_int_equal(wf_grid_set_cost(g, 'W', 2.5), WF_OK);
    char buf[64];
    render(g, NULL, buf, sizeof buf);
    assert_string_equal(buf, "T.#@.#4.\n");
    wf_grid_destroy(g);
}

/* A CSV map's terrain codes are legend indices: with 40 entries, indices
 * 33-39 are printable characters ('#' is 35), yet every cell must show
 * its class. Entry i is blocked when i % 3 == 0, else costs 1 + i % 4. */
static void test_csv_legend_40(void **state) {
    (void)state;
    char legend_text[2048], csv[256];
    size_t n = 0, m = 0;
    for (int i = 0; i < 40; i++)
        n += (size_t)snprintf(legend_text + n, sizeof legend_text - n,
                              i % 3 == 0 ? "%d blocked\n" : "%d cost %d\n",
                              100 + i, 1 + i % 4);
    for (int i = 0; i < 40; i++)
        m += (size_t)snprintf(csv + m, sizeof csv - m, "%s%d", i ? "," : "",
                              100 + i);
    csv[m++] = '\n';
    wf_legend *l = malloc(sizeof *l);
    assert_non_null(l);
    wf_diag d;
    assert_int_equal(wf_legend_parse(legend_text, n, "t.legend", l, &d), WF_OK);
    assert_int_equal(l->count, 40);
    wf_grid *g;
    assert_int_equal(wf_csv_map_parse(csv, m, "t.csv", l, NULL, &g, NULL, &d),
                     WF_OK);
    assert_int_equal(wf_grid_get(g, 35, 0), '#'); /* the code is '#' ... */
    assert_true(wf_grid_passable(g, 35, 0));      /* ... the tile is not */
    char want[42], buf[64];
    for (int i = 0; i < 40; i++) {
        int c = 1 + i % 4;
        want[i] = i % 3 == 0 ? '#' : c == 1 ? '.' : (char)('0' + c);
    }
    want[40] = '\n';
    want[41] = '\0';
    render(g, NULL, buf, sizeof buf);
    assert_string_equal(buf, want);
    wf_grid_destroy(g);
    free(l);
}

/* Renders a field into a string (at most size-1 bytes); the status. */
static wf_status render_field(const wf_grid *g, const float *field,
                              const wf_field_ascii_opts *o, char *buf,
                              size_t size) {
    FILE *f = tmpfile();
    assert_non_null(f);
    wf_status st = wf_render_field_ascii(f, g, field, o);
    rewind(f);
    size_t n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    fclose(f);
    return st;
}

/* wf_render_field_ascii: digits over the scale of the passable cells,
 * '#' blocked, ' ' unreachable, paths '*', '+', 'x' on top. */
static void test_field_shaded(void **state) {
    (void)state;
    static const char *const rows[] = {"....", ".#..", "...."};
    wf_grid *g = wf_test_grid(rows, 3);
    const float inf = INFINITY;
    /* 1000 on the wall must not stretch the scale: blocked cells are
     * not drawn by value */
    const float field[12] = {0, 1, 2, 3, 4, 1000, 6, 7, 8, 9, 10, inf};
    char buf[128];
    assert_int_equal(render_field(g, field, NULL, buf, sizeof buf), WF_OK);
    assert_string_equal(buf, "0123\n4#67\n899 \n");
    /* a zeroed struct is the defaults */
    wf_field_ascii_opts o;
    memset(&o, 0, sizeof o);
    assert_int_equal(render_field(g, field, &o, buf, sizeof buf), WF_OK);
    assert_string_equal(buf, "0123\n4#67\n899 \n");
    wf_field_ascii_opts d = wf_field_ascii_opts_default();
    assert_null(d.paths);
    assert_int_equal(d.path_count, 0);
    assert_true(d.field_min == 0 && d.field_max == 0);

    /* a given scale, values outside it clamped */
    o.field_min = 2;
    o.field_max = 4;
    assert_int_equal(render_field(g, field, &o, buf, sizeof buf), WF_OK);
    assert_string_equal(buf, "0005\n9#99\n999 \n");

    /* one value everywhere: all '0' */
    const float flat[12] = {5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
    assert_int_equal(render_field(g, flat, NULL, buf, sizeof buf), WF_OK);
    assert_string_equal(buf, "0000\n0#00\n0000\n");

    /* paths: first '*', second '+' (shown where both go), then 'x';
     * points off the grid are ignored */
    wf_point p0[] = {{0, 0}, {1, 0}, {2, 0}}, p1[] = {{2, 0}, {3, 0}, {9, 9}},
             p2[] = {{0, 2}, {-1, 0}};
    wf_path paths[3];
    memset(paths, 0, sizeof paths);
    paths[0].points = p0;
    paths[0].count = 3;
    paths[1].points = p1;
    paths[1].count = 3;
    paths[2].points = p2;
    paths[2].count = 2;
    memset(&o, 0, sizeof o);
    o.paths = paths;
    o.path_count = 3;
    assert_int_equal(render_field(g, flat, &o, buf, sizeof buf), WF_OK);
    assert_string_equal(buf, "**++\n0#00\nx000\n");

    assert_int_equal(wf_render_field_ascii(NULL, g, flat, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_render_field_ascii(stdout, NULL, flat, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_render_field_ascii(stdout, g, NULL, NULL),
                     WF_E_INVALID_ARG);
    o.paths = NULL;
    assert_int_equal(wf_render_field_ascii(stdout, g, flat, &o),
                     WF_E_INVALID_ARG);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_path_drawn),
        cmocka_unit_test(test_terrain_chars),
        cmocka_unit_test(test_polyline_cells),
        cmocka_unit_test(test_csv_legend_40),
        cmocka_unit_test(test_field_shaded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
