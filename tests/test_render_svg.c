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

/* An in-memory stream; mem_close returns what was written (caller
 * frees). */
typedef struct memfile {
    FILE *f;
    char *buf;
    size_t len;
} memfile;

static FILE *mem_open(memfile *m) {
    m->buf = NULL;
    m->len = 0;
    m->f = open_memstream(&m->buf, &m->len);
    assert_non_null(m->f);
    return m->f;
}

static char *mem_close(memfile *m) {
    fclose(m->f);
    return m->buf;
}

/* Renders g with o into a string (caller frees). */
static char *render(const wf_grid *g, const wf_grid_svg_opts *o) {
    memfile mf;
    wf_diag d;
    assert_int_equal(wf_render_grid_svg(mem_open(&mf), g, o, &d), WF_OK);
    return mem_close(&mf);
}

/* Renders m with o into a string (caller frees). */
static char *render_mesh(const wf_mesh *m, const wf_mesh_svg_opts *o) {
    memfile mf;
    wf_diag d;
    assert_int_equal(wf_render_mesh_svg(mem_open(&mf), m, o, &d), WF_OK);
    return mem_close(&mf);
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

/* How often `needle` occurs in [from, to) (to NULL: the end). */
static size_t count(const char *from, const char *to, const char *needle) {
    size_t n = 0;
    for (const char *p = strstr(from, needle); p && (!to || p < to);
         p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The edges of m's polygons seen from each side: shared ones (twice
 * each) and boundary ones. */
static void count_edges(const wf_mesh *m, size_t *shared, size_t *boundary) {
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    *shared = *boundary = 0;
    for (size_t p = 0; p < info.polygons; p++) {
        long across[16];
        const size_t n = wf_mesh_polygon(m, p, NULL, across, 16);
        assert_true(n <= 16);
        for (size_t i = 0; i < n; i++)
            *shared += across[i] >= 0, *boundary += across[i] < 0;
    }
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
    size_t shared, boundary;
    count_edges(m, &shared, &boundary);
    assert_int_equal(count(thin, thick, "M"), shared / 2);
    assert_int_equal(count(thick, NULL, "M"), boundary);
    /* the outline round the notch has 8 corners, so 8 edges at least */
    assert_true(boundary >= 8);
    free(svg);
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
}

/* The element of svg that starts with `start`, up to `end` after it. */
static const char *part(const char *svg, const char *start, const char *end,
                        const char **stop) {
    const char *p = strstr(svg, start);
    assert_non_null(p);
    *stop = strstr(p, end);
    assert_non_null(*stop);
    return p;
}

/* Checks that "x,y x,y ..." from p (up to the closing quote) lists the
 * pixel positions of line's points in the courtyard's picture. */
static void assert_points(const char *p, const wf_polyline *line, int size,
                          int y_up) {
    for (size_t i = 0; i < line->count; i++) {
        double x, y;
        int used;
        assert_int_equal(sscanf(p, "%lf,%lf%n", &x, &y, &used), 2);
        const wf_vec2 want = wf_test_courtyard_px(line->points[i], size, y_up);
        assert_true(fabs(x - want.x) <= 0.005 && fabs(y - want.y) <= 0.005);
        p += used;
        assert_true(*p == (i + 1 < line->count ? ' ' : '"'));
    }
}

/* The courtyard with its links and a path that takes one: every polygon,
 * shared edge (once), boundary edge, link, arrowhead, path point and mark
 * is drawn, in the layers render.h names, at the pixels it says. */
static void test_mesh_picture(void **state) {
    (void)state;
    wf_polyline path;
    wf_mesh *m = wf_test_courtyard(WF_TEST_DATA "/courtyard.outlines", &path);
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    const wf_vec2 marks[2] = {path.points[0], path.points[path.count - 1]};
    const long corridor[2] = {wf_mesh_locate(m, marks[0]),
                              wf_mesh_locate(m, marks[1])};
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
    o.polylines = &path;
    o.polyline_count = 1;
    o.marks = marks;
    o.mark_count = 2;
    o.corridor = corridor;
    o.corridor_count = 2;
    char *svg = render_mesh(m, &o);
    /* 20 x 10 world units: 760 x 380 pixels inside a margin of 20 */
    assert_non_null(strstr(svg, "width=\"800\" height=\"420\" "
                                "viewBox=\"0 0 800 420\""));
    const char *end;
    const char *p = part(svg, "<g class=\"polygons\"", "</g>", &end);
    assert_int_equal(count(p, end, "<polygon "), info.polygons);
    p = part(svg, "<g class=\"corridor\"", "</g>", &end);
    assert_int_equal(count(p, end, "<polygon "), 2);
    size_t shared, boundary;
    count_edges(m, &shared, &boundary);
    p = part(svg, "<path class=\"edges\"", "/>", &end);
    assert_int_equal(count(p, end, "M"), shared / 2);
    p = part(svg, "<path class=\"boundary\"", "/>", &end);
    assert_int_equal(count(p, end, "M"), boundary);
    /* the well's 3 edges, the yard's 8 round the wall */
    assert_int_equal(boundary, 11);
    p = part(svg, "<g class=\"links\"", "</g>", &end);
    assert_int_equal(count(p, end, "<path "), wf_mesh_link_count(m));
    assert_int_equal(count(p, end, "<polygon "), 3); /* two-way: 2 heads */
    /* the two-way link from (10, 3) to (10, 7.5) */
    assert_non_null(strstr(p, "d=\"M400,134Q"));
    p = part(svg, "<polyline class=\"polyline\"", "/>", &end);
    assert_int_equal(count(p, end, ","), path.count);
    assert_points(strstr(p, "points=\"") + 8, &path, 800, 0);
    assert_int_equal(count(svg, NULL, "<circle class=\"mark\""), 2);
    assert_non_null(strstr(svg, "<circle class=\"mark\" cx=\"400\" "
                                "cy=\"58\""));
    /* layered bottom to top */
    assert_true(strstr(svg, "\"corridor\"") < strstr(svg, "\"edges\""));
    assert_true(strstr(svg, "\"boundary\"") < strstr(svg, "\"links\""));
    assert_true(strstr(svg, "\"links\"") < strstr(svg, "\"polyline\""));
    assert_true(strstr(svg, "\"polyline\"") < strstr(svg, "\"mark\""));
    assert_null(strstr(svg, "nan"));
    assert_null(strstr(svg, "inf"));
    assert_non_null(strstr(svg, "</svg>\n"));
    free(svg);
    wf_polyline_free(&path);
    wf_mesh_destroy(m);
}

/* Size, y up, links hidden; the defaults are a zeroed struct. */
static void test_mesh_picture_options(void **state) {
    (void)state;
    wf_polyline path;
    wf_mesh *m = wf_test_courtyard(WF_TEST_DATA "/courtyard.outlines", &path);
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default(), zero;
    memset(&zero, 0, sizeof zero);
    assert_memory_equal(&o, &zero, sizeof o);
    o.polylines = &path;
    o.polyline_count = 1;
    o.size = 1600;
    o.y_up = 1;
    o.hide_links = 1;
    char *svg = render_mesh(m, &o);
    assert_non_null(strstr(svg, "width=\"1600\" height=\"840\""));
    assert_null(strstr(svg, "class=\"links\""));
    assert_null(strstr(svg, "class=\"corridor\""));
    assert_null(strstr(svg, "<circle"));
    assert_points(strstr(strstr(svg, "<polyline"), "points=\"") + 8, &path,
                  1600, 1);
    free(svg);
    /* the smallest picture keeps a margin of 4 pixels */
    o.size = WF_MESH_PICTURE_MIN_SIZE;
    svg = render_mesh(m, &o);
    assert_non_null(strstr(svg, "width=\"32\" height=\"20\""));
    free(svg);
    svg = render_mesh(m, NULL);
    assert_non_null(strstr(svg, "width=\"800\" height=\"420\""));
    assert_non_null(strstr(svg, "class=\"links\""));
    free(svg);
    wf_polyline_free(&path);
    wf_mesh_destroy(m);
}

/* Refuses o with WF_E_INVALID_ARG, a message holding `says`, and nothing
 * written. */
static void assert_refused(const wf_mesh *m, const wf_mesh_svg_opts *o,
                           const char *says) {
    FILE *f = tmpfile();
    assert_non_null(f);
    wf_diag d;
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_render_mesh_svg(f, m, o, &d), WF_E_INVALID_ARG);
    if (!strstr(d.message, says))
        print_error("message '%s', want '%s'\n", d.message, says);
    assert_non_null(strstr(d.message, says));
    assert_int_equal(ftell(f), 0);
    fclose(f);
}

static void test_mesh_picture_refusals(void **state) {
    (void)state;
    wf_polyline path;
    wf_mesh *m = wf_test_courtyard(WF_TEST_DATA "/courtyard.outlines", &path);
    wf_diag d;
    assert_int_equal(wf_render_mesh_svg(NULL, m, NULL, &d), WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "no stream"));
    assert_refused(NULL, NULL, "no mesh");
    const int sizes[] = {-1, 1, WF_MESH_PICTURE_MIN_SIZE - 1,
                         WF_MESH_PICTURE_MAX_SIZE + 1, 1 << 30};
    for (int i = 0; i < 5; i++) {
        wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
        o.size = sizes[i];
        assert_refused(m, &o, "size");
    }
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
    o.polyline_count = 1;
    assert_refused(m, &o, "polyline_count without polylines");
    wf_polyline bad = path;
    bad.points = NULL;
    o.polylines = &bad;
    assert_refused(m, &o, "a polyline has points NULL");
    const wf_vec2 far[] = {{NAN, 1}, {1, INFINITY}, {1e300, 1}, {1, -1e12}};
    const char *why[] = {"polyline 0 point 1 is not finite",
                         "polyline 0 point 1 is not finite",
                         "polyline 0 point 1 (1e+300, 1) lies too far",
                         "lies too far from the mesh"};
    wf_vec2 pts[2] = {{1, 1}, {0, 0}};
    bad.points = pts;
    bad.count = 2;
    for (int i = 0; i < 4; i++) {
        pts[1] = far[i];
        assert_refused(m, &o, why[i]);
    }
    o = wf_mesh_svg_opts_default();
    o.mark_count = 1;
    assert_refused(m, &o, "mark_count without marks");
    o.marks = far;
    assert_refused(m, &o, "mark 0 is not finite");
    o = wf_mesh_svg_opts_default();
    o.corridor_count = 1;
    assert_refused(m, &o, "corridor_count without corridor");
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    long ids[2] = {0, (long)info.polygons};
    o.corridor = ids;
    o.corridor_count = 2;
    char want[96];
    snprintf(want, sizeof want,
             "corridor[1] is %zu, not a polygon of the mesh (it has %zu)",
             info.polygons, info.polygons);
    assert_refused(m, &o, want);
    ids[1] = -1;
    assert_refused(m, &o, "corridor[1] is -1, not a polygon of the mesh");
    /* a write that fails */
    FILE *f = fopen("/dev/full", "w");
    if (f) {
        assert_int_equal(wf_render_mesh_svg(f, m, NULL, &d), WF_E_IO);
        fclose(f);
    }
    /* without libpng the PNG picture checks the same options first */
    if (!wf_render_png_supported()) {
        assert_int_equal(wf_render_mesh_png("/tmp/x.png", m, &o, &d),
                         WF_E_INVALID_ARG);
        assert_int_equal(wf_render_mesh_png_file(stdout, m, NULL, &d),
                         WF_E_UNSUPPORTED);
        assert_non_null(strstr(d.message, "built without PNG support"));
    }
    wf_polyline_free(&path);
    wf_mesh_destroy(m);
}

static wf_status mesh_attempt(const wf_allocator *a, void *ctx) {
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
    o.alloc = a;
    FILE *f = tmpfile();
    assert_non_null(f);
    wf_status s = wf_render_mesh_svg(f, ctx, &o, NULL);
    if (s == WF_E_NOMEM)
        assert_int_equal(ftell(f), 0);
    fclose(f);
    return s;
}

/* The corners of the largest polygon are the picture's only memory. */
static void test_mesh_picture_nomem(void **state) {
    (void)state;
    wf_polyline path;
    wf_mesh *m = wf_test_courtyard(WF_TEST_DATA "/courtyard.outlines", &path);
    assert_int_equal(wf_test_each_refusal("mesh SVG", mesh_attempt, m), 2);
    wf_polyline_free(&path);
    wf_mesh_destroy(m);
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
        cmocka_unit_test(test_mesh_picture),
        cmocka_unit_test(test_mesh_picture_options),
        cmocka_unit_test(test_mesh_picture_refusals),
        cmocka_unit_test(test_mesh_picture_nomem),
        cmocka_unit_test(test_team_animation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
