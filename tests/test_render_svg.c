/* SVG pictures (render.h): the grid picture read back rectangle by
 * rectangle must repaint every cell in its colour (terrain, tinted by the
 * search state), the lines must list the path's and polyline's points,
 * and bad options and failed writes are errors; the graph picture draws
 * its nodes and path. */
#define _POSIX_C_SOURCE 200809L /* open_memstream, fmemopen */
#include "wf_test.h"

#include "wayfind/mesh.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/render.h"

/* Renders g with o into a string (caller frees). */
static char *render(const wf_grid *g, const wf_grid_svg_opts *o) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    wf_diag d;
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_render_grid_svg(f, g, o, &d), WF_OK);
    fclose(f);
    return buf;
}

static unsigned rgb_hex(wf_rgb c) {
    return (unsigned)c.r << 16 | (unsigned)c.g << 8 | c.b;
}

/* Paints the background and every terrain rectangle of svg into a W × H
 * array of colours and checks each cell against want. */
static void assert_repaints(const char *svg, int W, int H,
                            const unsigned *want) {
    unsigned *got = calloc((size_t)W * (size_t)H, sizeof *got);
    assert_non_null(got);
    unsigned bg;
    int bw, bh;
    const char *p = strstr(svg, "<rect width=");
    assert_non_null(p);
    assert_int_equal(sscanf(p, "<rect width=\"%d\" height=\"%d\" fill=\"#%x\"",
                            &bw, &bh, &bg),
                     3);
    assert_int_equal(bw, W);
    assert_int_equal(bh, H);
    for (int i = 0; i < W * H; i++)
        got[i] = bg;
    const char *end = strstr(svg, "</g>");
    assert_non_null(end);
    size_t rects = 0;
    for (p = strstr(p + 1, "<rect x="); p && p < end;
         p = strstr(p + 1, "<rect x=")) {
        int x, y, w;
        unsigned c;
        assert_int_equal(sscanf(p,
                                "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
                                "height=\"1\" fill=\"#%x\"",
                                &x, &y, &w, &c),
                         4);
        assert_true(x >= 0 && y >= 0 && w >= 1 && x + w <= W && y < H);
        for (int i = x; i < x + w; i++)
            got[y * W + i] = c;
        rects++;
    }
    for (int i = 0; i < W * H; i++)
        if (got[i] != want[i])
            print_error("cell (%d, %d): #%06x, want #%06x\n", i % W, i / W,
                        got[i], want[i]);
    assert_memory_equal(got, want, (size_t)W * (size_t)H * sizeof *got);
    assert_true(rects > 0);
    free(got);
}

static void test_terrain_and_tints(void **state) {
    (void)state;
    wf_test_rng r = {0x5f6};
    for (int round = 0; round < 40; round++) {
        wf_grid *g = wf_test_random_map(&r, 30, round & 1);
        const int W = wf_grid_width(g), H = wf_grid_height(g);
        uint8_t *cells = malloc((size_t)W * (size_t)H);
        unsigned *want = malloc((size_t)W * (size_t)H * sizeof *want);
        assert_true(cells && want);
        wf_grid_svg_opts o = wf_grid_svg_opts_default();
        if (round % 3) {
            for (int i = 0; i < W * H; i++)
                cells[i] = (uint8_t)wf_test_rng_below(&r, 3);
            o.cells = cells;
        }
        /* every cell's colour as the PNG would paint it */
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                wf_rgb c = wf_render_terrain_color(
                    g, (uint8_t)wf_grid_get(g, x, y));
                const int i = y * W + x;
                if (o.cells && cells[i] == WF_CELL_EXPLORED)
                    c = (wf_rgb){(uint8_t)((150 * 96 + c.r * 160 + 128) >> 8),
                                 (uint8_t)((90 * 96 + c.g * 160 + 128) >> 8),
                                 (uint8_t)((230 * 96 + c.b * 160 + 128) >> 8)};
                else if (o.cells && cells[i] == WF_CELL_FRONTIER)
                    c = (wf_rgb){(uint8_t)((255 * 150 + c.r * 106 + 128) >> 8),
                                 (uint8_t)((180 * 150 + c.g * 106 + 128) >> 8),
                                 (uint8_t)((30 * 150 + c.b * 106 + 128) >> 8)};
                want[i] = rgb_hex(c);
            }
        char *svg = render(g, &o);
        char head[96];
        snprintf(head, sizeof head, "viewBox=\"0 0 %d %d\"", W, H);
        assert_non_null(strstr(svg, head));
        assert_repaints(svg, W, H, want);
        assert_non_null(strstr(svg, "</svg>\n"));
        free(svg);
        free(want);
        free(cells);
        wf_grid_destroy(g);
    }
}

static void test_lines_and_marks(void **state) {
    (void)state;
    const char *rows[] = {"....", ".#..", "...."};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_point pts[3] = {{0, 0}, {0, 1}, {1, 2}};
    wf_path p;
    memset(&p, 0, sizeof p);
    p.points = pts;
    p.count = p.capacity = 3;
    wf_vec2 vs[3] = {{0.5, 0.5}, {1, 2}, {3.5, 2.5}};
    wf_polyline l;
    memset(&l, 0, sizeof l);
    l.points = vs;
    l.count = 3;
    wf_point marks[2] = {{0, 0}, {3, 2}};
    wf_grid_svg_opts o = wf_grid_svg_opts_default();
    o.paths = &p;
    o.path_count = 1;
    o.polylines = &l;
    o.polyline_count = 1;
    o.marks = marks;
    o.mark_count = 2;
    o.cell = 20;
    char *svg = render(g, &o);
    assert_non_null(strstr(svg, "width=\"80\" height=\"60\""));
    assert_non_null(strstr(svg, "points=\"0.5,0.5 0.5,1.5 1.5,2.5\""));
    assert_non_null(strstr(svg, "points=\"0.5,0.5 1,2 3.5,2.5\""));
    /* the polyline is drawn after (over) the path, in the next colour */
    char colour[16];
    wf_rgb c = wf_render_path_color(1);
    snprintf(colour, sizeof colour, "#%02x%02x%02x", c.r, c.g, c.b);
    assert_true(strstr(svg, "points=\"0.5,0.5 1,2") >
                strstr(svg, "points=\"0.5,0.5 0.5,1.5"));
    assert_non_null(strstr(svg, colour));
    /* markers: the cell's square, at 20 px a cell */
    assert_non_null(strstr(svg, "<rect x=\"0\" y=\"0\" width=\"1\""));
    assert_non_null(strstr(svg, "<rect x=\"3\" y=\"2\" width=\"1\""));
    free(svg);
    /* at 2 px a cell, 11 px (5.5 cells) centred on it */
    o.cell = 2;
    svg = render(g, &o);
    assert_non_null(strstr(svg, "width=\"8\" height=\"6\""));
    assert_non_null(strstr(svg, "<rect x=\"-2.25\" y=\"-2.25\" "
                                "width=\"5.5\""));
    free(svg);
    wf_grid_destroy(g);
}

static void test_errors(void **state) {
    (void)state;
    const char *rows[] = {"..", ".."};
    wf_grid *g = wf_test_grid(rows, 2);
    wf_diag d;
    memset(&d, 0, sizeof d);
    FILE *f = fopen("/dev/null", "w");
    assert_non_null(f);
    assert_int_equal(wf_render_grid_svg(NULL, g, NULL, &d), WF_E_INVALID_ARG);
    assert_int_equal(wf_render_grid_svg(f, NULL, NULL, NULL),
                     WF_E_INVALID_ARG);
    const double cells[] = {-1, WF_SVG_MAX_CELL + 1, NAN, INFINITY};
    for (int i = 0; i < 4; i++) {
        wf_grid_svg_opts o = wf_grid_svg_opts_default();
        o.cell = cells[i];
        assert_int_equal(wf_render_grid_svg(f, g, &o, &d), WF_E_INVALID_ARG);
        assert_non_null(strstr(d.message, "cell"));
    }
    wf_grid_svg_opts o = wf_grid_svg_opts_default();
    o.path_count = 1;
    assert_int_equal(wf_render_grid_svg(f, g, &o, &d), WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "path_count without paths"));
    o = wf_grid_svg_opts_default();
    wf_polyline l;
    memset(&l, 0, sizeof l);
    l.count = 2;
    o.polylines = &l;
    o.polyline_count = 1;
    assert_int_equal(wf_render_grid_svg(f, g, &o, &d), WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "polyline has points NULL"));
    o = wf_grid_svg_opts_default();
    o.mark_count = 1;
    assert_int_equal(wf_render_grid_svg(f, g, &o, &d), WF_E_INVALID_ARG);
    fclose(f);
    /* a write that fails */
    f = fopen("/dev/full", "w");
    if (f) {
        assert_int_equal(wf_render_grid_svg(f, g, NULL, &d), WF_E_IO);
        fclose(f);
    }
    wf_grid_destroy(g);
}

/* A team's plan, animated: each agent's goal outlined, the agent a square
 * whose x and y run through its cells, one value a step, all equally
 * long; a plan off the grid is refused before anything is written. */
static void test_team_animation(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(4, 3, NULL, &g), WF_OK);
    const wf_agent ag[2] = {{{0, 0}, {3, 0}}, {{0, 2}, {1, 2}}};
    const wf_point a[4] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}};
    const wf_point b[2] = {{0, 2}, {1, 2}};
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    assert_int_equal(wf_team_plan_reset(&p, 2), WF_OK);
    assert_int_equal(wf_team_plan_push(&p, a, 4), WF_OK);
    assert_int_equal(wf_team_plan_push(&p, b, 2), WF_OK);
    wf_grid_svg_opts o = wf_grid_svg_opts_default();
    o.team = &p;
    o.agents = ag;
    o.step_seconds = 0.5;
    char *svg = render(g, &o);
    assert_non_null(strstr(svg, "dur=\"1.5s\""));
    /* agent 0's x through 0..3, agent 1 padded with its goal to 4 values */
    assert_non_null(strstr(svg, "values=\"0.1;1.1;2.1;3.1\""));
    assert_non_null(strstr(svg, "values=\"0.1;1.1;1.1;1.1\""));
    assert_non_null(strstr(svg, "repeatCount=\"indefinite\""));
    /* the goals: outlined squares at (3, 0) and (1, 2) */
    assert_non_null(strstr(svg, "<rect x=\"3\" y=\"0\" width=\"1\""));
    assert_non_null(strstr(svg, "<rect x=\"1\" y=\"2\" width=\"1\""));
    free(svg);
    /* a cell off the grid, a bad size: refused */
    const wf_point off[2] = {{0, 2}, {9, 2}};
    assert_int_equal(wf_team_plan_reset(&p, 1), WF_OK);
    assert_int_equal(wf_team_plan_push(&p, off, 2), WF_OK);
    wf_diag d;
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(wf_render_grid_svg(f, g, &o, &d), WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "off the grid"));
    assert_int_equal(ftell(f), 0);
    o.team = NULL;
    o.team_size = 65;
    assert_int_equal(wf_render_grid_svg(f, g, &o, &d), WF_E_INVALID_ARG);
    fclose(f);
    wf_team_plan_free(&p);
    wf_grid_destroy(g);
}

/* A mesh over the terrain: each shared edge once in the thin path, each
 * boundary edge in the thick one. A 3 x 2 room with one wall cell. */
static void test_mesh(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(3, 2, NULL, &g), WF_OK);
    wf_grid_set(g, 1, 0, WF_TERRAIN_WALL);
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, NULL, &m, NULL), WF_OK);
    wf_grid_svg_opts o = wf_grid_svg_opts_default();
    o.mesh = m;
    char *svg = render(g, &o);
    const char *thin = strstr(svg, "stroke=\"#4a7fc1\"");
    const char *thick = strstr(svg, "stroke=\"#1c2f4a\"");
    assert_non_null(thin);
    assert_non_null(thick);
    /* edges: count the moves of each path */
    size_t shared = 0, boundary = 0, edges = 0;
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    for (size_t p = 0; p < info.polygons; p++) {
        long across[16];
        const size_t n = wf_mesh_polygon(m, p, NULL, across, 16);
        for (size_t i = 0; i < n; i++, edges++)
            shared += across[i] >= 0, boundary += across[i] < 0;
    }
    size_t moves_thin = 0, moves_thick = 0;
    for (const char *c = thin; c < thick; c++)
        moves_thin += *c == 'M';
    for (const char *c = thick; *c; c++)
        moves_thick += *c == 'M';
    assert_int_equal(moves_thin, shared / 2);
    assert_int_equal(moves_thick, boundary);
    /* the outline round the notch has 8 corners, so 8 edges at least */
    assert_true(boundary >= 8);
    (void)edges;
    free(svg);
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
}

static void test_graph_svg(void **state) {
    (void)state;
    wf_graph_builder *b;
    assert_int_equal(wf_graph_builder_create(2, NULL, &b), WF_OK);
    const double pos[3][2] = {{0, 0}, {10, 0}, {10, 5}};
    for (int i = 0; i < 3; i++)
        assert_int_equal(wf_graph_builder_add_node(b, pos[i], NULL), WF_OK);
    assert_int_equal(wf_graph_builder_add_edge(b, 0, 1, 1, 1), WF_OK);
    assert_int_equal(wf_graph_builder_add_edge(b, 1, 2, 1, 0), WF_OK);
    wf_graph *g;
    assert_int_equal(wf_graph_build(b, &g), WF_OK);
    wf_graph_builder_destroy(b);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    const char *labels[3] = {"a", "b<c", "d"};
    wf_graph_svg_opts o = wf_graph_svg_opts_default();
    o.labels = labels;
    assert_int_equal(wf_render_graph_svg(f, g, &o), WF_OK);
    fclose(f);
    size_t circles = 0;
    for (const char *p = strstr(buf, "<circle"); p; p = strstr(p + 1, "<circle"))
        circles++;
    assert_int_equal(circles, 3);
    assert_non_null(strstr(buf, "marker-end=\"url(#arrow)\""));
    assert_non_null(strstr(buf, ">b&lt;c</text>"));
    free(buf);
    assert_int_equal(wf_render_graph_svg(NULL, g, NULL), WF_E_INVALID_ARG);
    wf_graph_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terrain_and_tints),
        cmocka_unit_test(test_lines_and_marks),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_graph_svg),
        cmocka_unit_test(test_mesh),
        cmocka_unit_test(test_team_animation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
