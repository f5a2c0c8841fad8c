/* wf_render_png: pictures decoded back with libpng and checked pixel by
 * pixel (size, terrain, paths, markers, heat map, legend), plus errors and
 * allocation failure at every allocation. */
#define _POSIX_C_SOURCE 200809L
#include "wf_test.h"

#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct image {
    unsigned w, h;
    uint8_t *px;
} image;

static void image_free(image *im) {
    free(im->px);
    im->px = NULL;
}

static wf_rgb pixel(const image *im, unsigned x, unsigned y) {
    assert_true(x < im->w && y < im->h);
    const uint8_t *p = im->px + 3 * ((size_t)y * im->w + x);
    wf_rgb c = {p[0], p[1], p[2]};
    return c;
}

/* Colour of the pixel at the centre of cell (cx, cy) drawn at scale s. */
static wf_rgb cell_pixel(const image *im, int s, int cx, int cy) {
    return pixel(im, (unsigned)(cx * s + s / 2), (unsigned)(cy * s + s / 2));
}

static int same(wf_rgb a, wf_rgb b) {
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

/* Within tol per channel. */
static int near(wf_rgb a, wf_rgb b, int tol) {
    return abs(a.r - b.r) <= tol && abs(a.g - b.g) <= tol &&
           abs(a.b - b.b) <= tol;
}

#define assert_rgb(a, b) assert_true(same((a), (b)))

static wf_rgb mix(wf_rgb under, wf_rgb over, double a) {
    wf_rgb c = {(uint8_t)lround(over.r * a + under.r * (1 - a)),
                (uint8_t)lround(over.g * a + under.g * (1 - a)),
                (uint8_t)lround(over.b * a + under.b * (1 - a))};
    return c;
}

/* Decodes the PNG in f from its start: an 8-bit RGB picture. Closes f. */
static image decode(FILE *f) {
    rewind(f);
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    assert_true(png_image_begin_read_from_stdio(&pi, f));
    assert_int_equal(pi.format, PNG_FORMAT_RGB);
    image im = {pi.width, pi.height, NULL};
    im.px = malloc(PNG_IMAGE_SIZE(pi));
    assert_non_null(im.px);
    assert_true(png_image_finish_read(&pi, NULL, im.px, 0, NULL));
    fclose(f);
    return im;
}

/* Renders through a temporary stream and decodes it. */
static image render(const wf_grid *g, const wf_png_opts *o) {
    FILE *f = tmpfile();
    assert_non_null(f);
    wf_diag d;
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_render_png_file(f, g, o, &d), WF_OK);
    return decode(f);
}

/* The same for a picture of a mesh. */
static image render_mesh(const wf_mesh *m, const wf_mesh_svg_opts *o) {
    FILE *f = tmpfile();
    assert_non_null(f);
    wf_diag d;
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_render_mesh_png_file(f, m, o, &d), WF_OK);
    return decode(f);
}

static void test_size_and_terrain(void **state) {
    (void)state;
    static const char *const rows[] = {".....", ".#3..", "....."};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_png_opts o = wf_png_opts_default();
    o.scale = 3;
    image im = render(g, &o);
    assert_int_equal(im.w, 15);
    assert_int_equal(im.h, 9);
    /* every pixel of a cell has its terrain colour */
    wf_rgb open = wf_render_terrain_color(g, 0);
    wf_rgb wall = wf_render_terrain_color(g, WF_TERRAIN_WALL);
    assert_false(same(open, wall));
    for (unsigned k = 0; k < 9; k++) {
        assert_rgb(pixel(&im, k % 3, k / 3), open);
        assert_rgb(pixel(&im, 3 + k % 3, 3 + k / 3), wall);
    }
    assert_rgb(cell_pixel(&im, 3, 2, 1), wf_render_terrain_color(g, 3));
    image_free(&im);

    o.scale = 1;
    im = render(g, &o);
    assert_int_equal(im.w, 5);
    assert_int_equal(im.h, 3);
    assert_rgb(pixel(&im, 1, 1), wall);
    image_free(&im);

    /* a caller's palette */
    wf_rgb pal[256];
    for (int i = 0; i < 256; i++)
        pal[i] = (wf_rgb){(uint8_t)i, 7, (uint8_t)(255 - i)};
    o.palette = pal;
    im = render(g, &o);
    assert_rgb(pixel(&im, 0, 0), pal[0]);
    assert_rgb(pixel(&im, 1, 1), pal[WF_TERRAIN_WALL]);
    assert_rgb(pixel(&im, 2, 1), pal[3]);
    image_free(&im);
    wf_grid_destroy(g);
}

/* Moving AI characters get their own colours; unknown codes grey/black. */
static void test_terrain_colors(void **state) {
    (void)state;
    static const char codes[] = ".GWST@O#19";
    wf_grid *g;
    assert_int_equal(wf_grid_create(10, 1, NULL, &g), WF_OK);
    for (int i = 0; i < 10; i++)
        wf_grid_set(g, i, 0, (uint8_t)codes[i]);
    wf_png_opts o = wf_png_opts_default();
    o.scale = 2;
    image im = render(g, &o);
    for (int i = 0; i < 10; i++)
        assert_rgb(cell_pixel(&im, 2, i, 0),
                   wf_render_terrain_color(g, (uint8_t)codes[i]));
    image_free(&im);
    wf_rgb water = wf_render_terrain_color(g, 'W');
    wf_rgb trees = wf_render_terrain_color(g, 'T');
    wf_rgb c1 = wf_render_terrain_color(g, '1');
    wf_rgb c9 = wf_render_terrain_color(g, '9');
    wf_rgb wallc = wf_render_terrain_color(g, '@');
    assert_true(water.b > water.r && water.b > water.g);
    assert_true(trees.g > trees.r && trees.g > trees.b);
    assert_true(c1.r + c1.g + c1.b > c9.r + c9.g + c9.b); /* light to dark */
    assert_true(c9.r > c9.b);                             /* brown */
    assert_true(wallc.r < 80 && wallc.g < 80 && wallc.b < 80);
    /* codes without a colour of their own follow passability */
    wf_rgb free_c = wf_render_terrain_color(g, 200);
    assert_int_equal(wf_grid_set_cost(g, 200, WF_BLOCKED), WF_OK);
    wf_rgb blocked = wf_render_terrain_color(g, 200);
    assert_true(free_c.r > 150 && blocked.r < 40);
    assert_rgb(wf_render_terrain_color(NULL, 200), free_c);
    wf_grid_destroy(g);
}

static void test_auto_scale(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(49, 20, NULL, &g), WF_OK);
    image im = render(g, NULL); /* NULL options: defaults, automatic scale */
    assert_int_equal(im.w, 49 * 20);
    assert_int_equal(im.h, 20 * 20);
    image_free(&im);
    wf_grid_destroy(g);
    assert_int_equal(wf_grid_create(3, 2000, NULL, &g), WF_OK);
    im = render(g, NULL);
    assert_int_equal(im.w, 3);
    assert_int_equal(im.h, 2000);
    image_free(&im);
    wf_grid_destroy(g);
    assert_int_equal(wf_grid_create(1, 1, NULL, &g), WF_OK);
    im = render(g, NULL);
    assert_int_equal(im.w, 64);
    assert_int_equal(im.h, 64);
    image_free(&im);
    wf_grid_destroy(g);
}

static void test_paths(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(8, 8, NULL, &g), WF_OK);
    wf_rgb open = wf_render_terrain_color(g, 0);
    wf_rgb red = wf_render_path_color(0), blue = wf_render_path_color(1);
    assert_false(same(red, blue));
    assert_true(red.r > 200 && red.b < 60); /* red/orange */

    wf_point a[] = {{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 2}, {5, 3}};
    wf_point b[] = {{3, 0}, {3, 1}, {3, 2}, {3, 3}};
    wf_path paths[2];
    wf_path_init(&paths[0], NULL);
    wf_path_init(&paths[1], NULL);
    assert_int_equal(wf_path_reserve(&paths[0], 6), WF_OK);
    assert_int_equal(wf_path_reserve(&paths[1], 4), WF_OK);
    memcpy(paths[0].points, a, sizeof a);
    paths[0].count = 6;
    memcpy(paths[1].points, b, sizeof b);
    paths[1].count = 4;

    wf_png_opts o = wf_png_opts_default();
    o.scale = 8;
    o.paths = paths;
    o.path_count = 2;
    image im = render(g, &o);
    for (int i = 0; i < 6; i++)
        assert_rgb(cell_pixel(&im, 8, a[i].x, a[i].y), red);
    /* the first path is drawn on top where they cross */
    assert_rgb(cell_pixel(&im, 8, 3, 0), blue);
    assert_rgb(cell_pixel(&im, 8, 3, 3), blue);
    assert_rgb(cell_pixel(&im, 8, 3, 1), red);
    /* inset by scale/4 = 2 pixels: terrain above and below a horizontal
     * run, the line joined between cells */
    assert_rgb(pixel(&im, 2 * 8 + 4, 1 * 8 + 0), open);
    assert_rgb(pixel(&im, 2 * 8 + 4, 1 * 8 + 1), open);
    assert_rgb(pixel(&im, 2 * 8 + 4, 1 * 8 + 2), red);
    assert_rgb(pixel(&im, 2 * 8 + 4, 1 * 8 + 5), red);
    assert_rgb(pixel(&im, 2 * 8 + 4, 1 * 8 + 6), open);
    assert_rgb(pixel(&im, 2 * 8 + 0, 1 * 8 + 4), red);
    /* the first point's cell ends at its inset */
    assert_rgb(pixel(&im, 1 * 8 + 1, 1 * 8 + 4), open);
    assert_rgb(pixel(&im, 1 * 8 + 2, 1 * 8 + 4), red);
    /* the diagonal step (4,1)-(5,2) is joined through the shared corner */
    assert_rgb(pixel(&im, 5 * 8, 2 * 8), red);
    /* untouched cells keep their terrain */
    assert_rgb(cell_pixel(&im, 8, 0, 7), open);
    assert_rgb(cell_pixel(&im, 8, 7, 7), open);
    assert_rgb(cell_pixel(&im, 8, 6, 1), open);
    image_free(&im);

    /* below scale 3 path cells are filled whole */
    o.scale = 2;
    im = render(g, &o);
    assert_rgb(pixel(&im, 2, 2), red);
    assert_rgb(pixel(&im, 3, 3), red);
    assert_rgb(pixel(&im, 2, 4), open);
    image_free(&im);

    /* points off the grid are clipped, a single point is a square */
    wf_point c[] = {{-5, 2}, {20, 2}};
    memcpy(paths[0].points, c, sizeof c);
    paths[0].count = 2;
    paths[1].count = 1;
    o.scale = 4;
    im = render(g, &o);
    for (int x = 0; x < 8; x++)
        assert_rgb(cell_pixel(&im, 4, x, 2), red);
    assert_rgb(cell_pixel(&im, 4, 3, 0), blue);
    assert_rgb(cell_pixel(&im, 4, 3, 1), open);
    image_free(&im);

    wf_path_free(&paths[0]);
    wf_path_free(&paths[1]);
    wf_grid_destroy(g);
}

/* A polyline between real points, over the paths, in the next colour. */
static void test_polylines(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(8, 8, NULL, &g), WF_OK);
    wf_rgb open = wf_render_terrain_color(g, 0);
    wf_rgb red = wf_render_path_color(0), blue = wf_render_path_color(1);
    wf_point a[] = {{0, 4}, {1, 4}, {2, 4}, {3, 4}, {4, 4}, {5, 4}};
    wf_path path = {0};
    path.points = a;
    path.count = 6;
    wf_vec2 pts[] = {{0.5, 4.5}, {3, 0.5}, {7.5, 4.5}};
    wf_polyline l = {0};
    l.points = pts;
    l.count = 3;
    wf_png_opts o = wf_png_opts_default();
    o.scale = 8;
    o.paths = &path;
    o.path_count = 1;
    o.polylines = &l;
    o.polyline_count = 1;
    image im = render(g, &o);
    /* the corner at (3, 0.5) in pixels (24, 4); the start drawn over the
     * path; the path where the polyline is not */
    assert_rgb(pixel(&im, 24, 4), blue);
    assert_rgb(cell_pixel(&im, 8, 0, 4), blue);
    assert_rgb(cell_pixel(&im, 8, 3, 4), red);
    assert_rgb(pixel(&im, 60, 36), blue); /* (7.5, 4.5) */
    assert_rgb(cell_pixel(&im, 8, 0, 0), open);
    assert_rgb(cell_pixel(&im, 8, 6, 7), open);
    image_free(&im);
    l.points = NULL;
    wf_diag d;
    assert_int_equal(wf_render_png_file(stdout, g, &o, &d), WF_E_INVALID_ARG);
    o.polylines = NULL;
    assert_int_equal(wf_render_png_file(stdout, g, &o, &d), WF_E_INVALID_ARG);
    wf_grid_destroy(g);
}

/* A path found by the search, drawn over a maze-like map. */
static void test_search_path(void **state) {
    (void)state;
    static const char *const rows[] = {"..........", ".########.",
                                       "........#.", "#######.#.",
                                       ".........."};
    wf_grid *g = wf_test_grid(rows, 5);
    wf_search *ws;
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_point s = {0, 2}, t = {0, 4};
    assert_int_equal(wf_search_grid(ws, g, s, t, NULL, &p), WF_OK);
    wf_png_opts o = wf_png_opts_default();
    o.scale = 5;
    o.paths = &p;
    o.path_count = 1;
    image im = render(g, &o);
    wf_rgb red = wf_render_path_color(0);
    for (size_t i = 0; i < p.count; i++)
        assert_rgb(cell_pixel(&im, 5, p.points[i].x, p.points[i].y), red);
    assert_rgb(cell_pixel(&im, 5, 0, 0), wf_render_terrain_color(g, 0));
    image_free(&im);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static void test_marks(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(15, 15, NULL, &g), WF_OK);
    wf_rgb open = wf_render_terrain_color(g, 0), black = {0, 0, 0};
    wf_point m[] = {{2, 2}, {8, 5}};
    wf_png_opts o = wf_png_opts_default();
    o.scale = 12;
    o.marks = m;
    o.mark_count = 2;
    image im = render(g, &o);
    assert_rgb(cell_pixel(&im, 12, 2, 2), wf_render_mark_color(0));
    assert_rgb(cell_pixel(&im, 12, 8, 5), wf_render_mark_color(1));
    assert_false(same(wf_render_mark_color(0), wf_render_mark_color(1)));
    assert_false(same(wf_render_mark_color(0), open));
    /* the cell itself, outlined by one pixel at scale 12 */
    assert_rgb(pixel(&im, 24, 24), black);
    assert_rgb(pixel(&im, 35, 30), black);
    assert_rgb(pixel(&im, 30, 24), black); /* top and bottom edges */
    assert_rgb(pixel(&im, 30, 35), black);
    assert_rgb(pixel(&im, 30, 36), open);
    assert_rgb(pixel(&im, 25, 25), wf_render_mark_color(0));
    assert_rgb(pixel(&im, 36, 30), open);
    image_free(&im);

    /* at scale 1 a marker is 11 pixels wide: it stays visible */
    o.scale = 1;
    m[0] = (wf_point){7, 7};
    o.mark_count = 1;
    im = render(g, &o);
    assert_rgb(pixel(&im, 7, 7), wf_render_mark_color(0));
    assert_rgb(pixel(&im, 6, 8), wf_render_mark_color(0));
    assert_rgb(pixel(&im, 3, 7), wf_render_mark_color(0));
    assert_rgb(pixel(&im, 2, 7), black);
    assert_rgb(pixel(&im, 12, 12), black);
    assert_rgb(pixel(&im, 7, 2), black);
    assert_rgb(pixel(&im, 7, 12), black);
    assert_rgb(pixel(&im, 1, 7), open);
    assert_rgb(pixel(&im, 7, 13), open);
    image_free(&im);

    /* clipped at the edges */
    m[0] = (wf_point){0, 14};
    im = render(g, &o);
    assert_rgb(pixel(&im, 0, 14), wf_render_mark_color(0));
    assert_rgb(pixel(&im, 4, 14), wf_render_mark_color(0));
    assert_rgb(pixel(&im, 5, 14), black);
    assert_rgb(pixel(&im, 6, 14), open);
    image_free(&im);
    wf_grid_destroy(g);
}

static void test_heat_map(void **state) {
    (void)state;
    static const char *const rows[] = {"......", "..##..", "......"};
    wf_grid *g = wf_test_grid(rows, 3);
    float field[18];
    for (int i = 0; i < 18; i++)
        field[i] = (float)i;
    field[0] = NAN;   /* not drawn */
    field[8] = -50;   /* a wall: not drawn, not in the range */
    field[5] = 3.5f;  /* the range is then 1 .. 17 */
    wf_png_opts o = wf_png_opts_default();
    o.scale = 4;
    o.field = field;
    image im = render(g, &o);
    assert_int_equal(im.w, 24);
    assert_int_equal(im.h, 12);
    wf_rgb open = wf_render_terrain_color(g, 0);
    wf_rgb lo = mix(open, wf_render_ramp_color(0), 0.75);
    wf_rgb hi = mix(open, wf_render_ramp_color(1), 0.75);
    assert_rgb(cell_pixel(&im, 4, 0, 0), open);
    assert_rgb(cell_pixel(&im, 4, 2, 1), wf_render_terrain_color(g, 255));
    assert_true(near(cell_pixel(&im, 4, 1, 0), lo, 1));
    assert_true(near(cell_pixel(&im, 4, 5, 2), hi, 1));
    assert_false(near(lo, hi, 60));
    /* the ramp ends: dark purple, yellow */
    wf_rgb r0 = wf_render_ramp_color(0), r1 = wf_render_ramp_color(1);
    assert_true(r0.b > r0.g && r0.r + r0.g + r0.b < 200);
    assert_true(r1.r > 200 && r1.g > 200 && r1.b < 100);
    assert_rgb(wf_render_ramp_color(-3), r0);
    assert_rgb(wf_render_ramp_color(NAN), r0);
    assert_rgb(wf_render_ramp_color(7), r1);
    /* brightness grows along the ramp */
    for (int i = 1; i <= 10; i++) {
        wf_rgb p = wf_render_ramp_color((i - 1) / 10.0);
        wf_rgb q = wf_render_ramp_color(i / 10.0);
        assert_true(2 * p.r + 5 * p.g + p.b < 2 * q.r + 5 * q.g + q.b);
    }
    image_free(&im);

    /* a given range clamps: 0..100 puts 17 low and 1 lower */
    o.field_min = 0;
    o.field_max = 100;
    field[6] = 1000;
    im = render(g, &o);
    assert_true(near(cell_pixel(&im, 4, 0, 1), hi, 1));
    wf_rgb c17 = cell_pixel(&im, 4, 5, 2);
    assert_true(near(c17, mix(open, wf_render_ramp_color(0.17), 0.75), 1));
    image_free(&im);

    /* the legend: 32 more rows, the bar runs over the whole ramp */
    o.legend = 1;
    o.scale = 8;
    im = render(g, &o);
    assert_int_equal(im.w, 48);
    assert_int_equal(im.h, 24 + WF_PNG_LEGEND_HEIGHT);
    unsigned bar_y = 24 + 9;
    assert_rgb(pixel(&im, 7, bar_y), r0);
    assert_rgb(pixel(&im, 48 - 8, bar_y), r1);
    assert_rgb(pixel(&im, 0, bar_y), ((wf_rgb){255, 255, 255}));
    /* some ink in the label rows: the digits of 0 and 100 */
    int ink = 0;
    for (unsigned y = 24 + 21; y < 24 + 31; y++)
        for (unsigned x = 0; x < 48; x++)
            ink += pixel(&im, x, y).r < 128;
    assert_true(ink > 20);
    image_free(&im);

    /* without a field the legend is left out */
    o.field = NULL;
    im = render(g, &o);
    assert_int_equal(im.h, 24);
    image_free(&im);
    wf_grid_destroy(g);
}

static void test_explored_cells(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(3, 1, NULL, &g), WF_OK);
    uint8_t cells[3] = {WF_CELL_UNSEEN, WF_CELL_FRONTIER, WF_CELL_EXPLORED};
    wf_png_opts o = wf_png_opts_default();
    o.scale = 2;
    o.cells = cells;
    image im = render(g, &o);
    wf_rgb open = wf_render_terrain_color(g, 0);
    wf_rgb f = cell_pixel(&im, 2, 1, 0), e = cell_pixel(&im, 2, 2, 0);
    assert_rgb(cell_pixel(&im, 2, 0, 0), open);
    assert_false(near(f, open, 10));
    assert_false(near(e, open, 10));
    assert_false(near(e, f, 10));
    image_free(&im);
    wf_grid_destroy(g);
}

static char *temp_name(void) {
    static const char tmpl[] = "/tmp/wf_png_XXXXXX";
    char *name = malloc(sizeof tmpl);
    assert_non_null(name);
    memcpy(name, tmpl, sizeof tmpl);
    int fd = mkstemp(name);
    assert_true(fd >= 0);
    close(fd);
    return name;
}

/* wf_render_png writes a file; a failed write leaves none behind. */
static void test_file(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(4, 3, NULL, &g), WF_OK);
    char *name = temp_name();
    wf_png_opts o = wf_png_opts_default();
    o.scale = 5;
    wf_diag d;
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_render_png(name, g, &o, &d), WF_OK);
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    assert_true(png_image_begin_read_from_file(&pi, name));
    assert_int_equal(pi.width, 20);
    assert_int_equal(pi.height, 15);
    png_image_free(&pi);
    remove(name);
    free(name);

    if (access("/dev/full", W_OK) == 0) {
        memset(&d, 0, sizeof d);
        assert_int_equal(wf_render_png("/dev/full", g, &o, &d), WF_E_IO);
        assert_string_equal(d.file, "/dev/full");
        assert_non_null(strstr(d.message, "cannot write"));
        /* a stream is flushed and checked too */
        FILE *f = fopen("/dev/full", "wb");
        assert_non_null(f);
        memset(&d, 0, sizeof d);
        assert_int_equal(wf_render_png_file(f, g, &o, &d), WF_E_IO);
        assert_string_equal(d.file, "");
        assert_non_null(strstr(d.message, "cannot write"));
        fclose(f);
    }
    wf_grid_destroy(g);
}

static void test_errors(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(4, 3, NULL, &g), WF_OK);
    wf_png_opts o = wf_png_opts_default();
    wf_diag d;
    char buf[600];

    const char *bad = "/nonexistent-dir-wf/sub/out.png";
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_render_png(bad, g, &o, &d), WF_E_IO);
    assert_string_equal(d.file, bad);
    assert_non_null(strstr(d.message, "cannot create a temporary file in "
                                      "'/nonexistent-dir-wf/sub'"));
    assert_non_null(strstr(wf_diag_format(&d, buf, sizeof buf), bad));
    assert_int_equal(wf_render_png(bad, g, &o, NULL), WF_E_IO);

    /* a stream opened for reading cannot be written */
    FILE *f = fopen(WF_TEST_DATA "/maze10.txt", "rb");
    assert_non_null(f);
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_render_png_file(f, g, &o, &d), WF_E_IO);
    assert_true(d.message[0] != '\0');
    fclose(f);

    assert_int_equal(wf_render_png(NULL, g, &o, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_render_png("", g, &o, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_render_png("/tmp/x.png", NULL, &o, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_render_png_file(NULL, g, &o, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_render_png_file(stdout, NULL, &o, NULL),
                     WF_E_INVALID_ARG);

    /* invalid options are refused before any file is created */
    o.scale = 65;
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_render_png(bad, g, &o, &d), WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "scale"));
    o.scale = -1;
    assert_int_equal(wf_render_png_file(stdout, g, &o, NULL),
                     WF_E_INVALID_ARG);
    o.scale = 64;
    o.path_count = 1;
    assert_int_equal(wf_render_png_file(stdout, g, &o, NULL),
                     WF_E_INVALID_ARG);
    wf_path p;
    wf_path_init(&p, NULL);
    p.count = 3; /* points NULL */
    o.paths = &p;
    assert_int_equal(wf_render_png_file(stdout, g, &o, NULL),
                     WF_E_INVALID_ARG);
    o = wf_png_opts_default();
    o.mark_count = 2;
    assert_int_equal(wf_render_png_file(stdout, g, &o, NULL),
                     WF_E_INVALID_ARG);
    wf_grid_destroy(g);

    /* too big: a side over 2^20, or over 2^28 pixels */
    assert_int_equal(wf_grid_create(20000, 1, NULL, &g), WF_OK);
    o = wf_png_opts_default();
    o.scale = 64;
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_render_png_file(stdout, g, &o, &d), WF_E_TOO_BIG);
    assert_non_null(strstr(d.message, "too large"));
    wf_grid_destroy(g);
    assert_int_equal(wf_grid_create(2000, 2000, NULL, &g), WF_OK);
    o.scale = 9;
    assert_int_equal(wf_render_png_file(stdout, g, &o, NULL), WF_E_TOO_BIG);
    wf_grid_destroy(g);
}

/* An allocator that fails the N-th allocation. */
typedef struct failing {
    long left;  /* allocations still allowed; < 0: unlimited */
    long live;
} failing;

static void *failing_alloc(void *ud, void *ptr, size_t old, size_t size) {
    failing *f = ud;
    (void)old;
    if (size == 0) {
        if (ptr)
            f->live--;
        free(ptr);
        return NULL;
    }
    if (f->left == 0)
        return NULL;
    if (f->left > 0)
        f->left--;
    void *p = realloc(ptr, size);
    if (p && !ptr)
        f->live++;
    return p;
}

static void test_nomem(void **state) {
    (void)state;
    failing fa = {-1, 0};
    wf_allocator a = {failing_alloc, &fa};
    wf_grid *g;
    assert_int_equal(wf_grid_create(9, 7, &a, &g), WF_OK);
    long grid_live = fa.live;
    wf_point pts[] = {{0, 0}, {1, 1}, {2, 1}};
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_path_reserve(&p, 3), WF_OK);
    memcpy(p.points, pts, sizeof pts);
    p.count = 3;
    float field[63];
    for (int i = 0; i < 63; i++)
        field[i] = (float)i;
    wf_png_opts o = wf_png_opts_default();
    o.scale = 4;
    o.paths = &p;
    o.path_count = 1;
    o.marks = pts;
    o.mark_count = 2;
    o.field = field;
    o.legend = 1;
    wf_status s = WF_E_NOMEM;
    long n;
    for (n = 0; n < 1000 && s == WF_E_NOMEM; n++) {
        FILE *f = tmpfile();
        assert_non_null(f);
        fa.left = n;
        wf_diag d;
        memset(&d, 0, sizeof d);
        s = wf_render_png_file(f, g, &o, &d);
        fclose(f);
        assert_int_equal(fa.live, grid_live); /* nothing kept */
        if (s == WF_E_NOMEM)
            assert_non_null(strstr(d.message, "out of memory"));
    }
    assert_int_equal(s, WF_OK);
    assert_true(n > 5); /* our buffers and libpng's state were counted */
    /* a failed write creates no file, and leaves an older one as it was
     * (wf_file_write's own tests look for leftover temporary files) */
    char *name = temp_name();
    remove(name);
    fa.left = 0;
    assert_int_equal(wf_render_png(name, g, &o, NULL), WF_E_NOMEM);
    assert_int_not_equal(access(name, F_OK), 0);
    FILE *old = fopen(name, "wb");
    assert_non_null(old);
    assert_int_equal(fputs("an older picture", old) >= 0, 1);
    assert_int_equal(fclose(old), 0);
    for (long k = 0; k < n - 1; k++) {
        fa.left = k;
        assert_int_equal(wf_render_png(name, g, &o, NULL), WF_E_NOMEM);
        char *buf;
        size_t len;
        assert_int_equal(wf_file_read(name, 100, NULL, &buf, &len, NULL),
                         WF_OK);
        assert_string_equal(buf, "an older picture");
        wf_file_free(buf, len, NULL);
    }
    remove(name);
    free(name);
    fa.left = -1;
    wf_path_free(&p);
    wf_grid_destroy(g);
    assert_int_equal(fa.live, 0);
}

/* A larger map renders row by row to the expected size. */
static void test_large(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(1500, 1100, NULL, &g), WF_OK);
    for (int y = 0; y < 1100; y += 7)
        for (int x = 0; x < 1500; x++)
            wf_grid_set(g, x, y, (uint8_t)('1' + (x + y) % 9));
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_path_reserve(&p, 1100), WF_OK);
    for (int i = 0; i < 1100; i++)
        p.points[i] = (wf_point){i, i};
    p.count = 1100;
    wf_png_opts o = wf_png_opts_default();
    o.paths = &p;
    o.path_count = 1;
    image im = render(g, &o);
    assert_int_equal(im.w, 1500);
    assert_int_equal(im.h, 1100);
    assert_rgb(pixel(&im, 500, 500), wf_render_path_color(0));
    assert_rgb(pixel(&im, 2, 7), wf_render_terrain_color(g, '1'));
    image_free(&im);
    wf_path_free(&p);
    wf_grid_destroy(g);
}

/* ---- pictures of meshes ------------------------------------------------ */

/* The pixel under world point w of the courtyard's picture. */
static wf_rgb at(const image *im, wf_vec2 w, int size, int y_up) {
    const wf_vec2 p = wf_test_courtyard_px(w, size, y_up);
    return pixel(im, (unsigned)p.x, (unsigned)p.y);
}

/* The same picture as SVG (caller frees), to read its colours from. */
static char *mesh_svg(const wf_mesh *m, const wf_mesh_svg_opts *o) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(wf_render_mesh_svg(f, m, o, NULL), WF_OK);
    fclose(f);
    return buf;
}

/* The colour attribute attr of the SVG element of class cls. */
static wf_rgb svg_color(const char *svg, const char *cls, const char *attr) {
    char key[64];
    snprintf(key, sizeof key, "class=\"%s\"", cls);
    const char *p = strstr(svg, key);
    assert_non_null(p);
    snprintf(key, sizeof key, " %s=\"#", attr);
    p = strstr(p, key);
    assert_non_null(p);
    unsigned r, g, b;
    assert_int_equal(sscanf(p + strlen(key), "%2x%2x%2x", &r, &g, &b), 3);
    return (wf_rgb){(uint8_t)r, (uint8_t)g, (uint8_t)b};
}

/* The courtyard with a path over its link: outside and obstacles in the
 * blocked colour, the yard in ground, the path and marks in theirs. */
static void test_mesh_picture(void **state) {
    (void)state;
    wf_polyline path;
    wf_mesh *m = wf_test_courtyard(WF_TEST_DATA "/courtyard.outlines", &path);
    const wf_vec2 marks[2] = {path.points[0], path.points[path.count - 1]};
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
    o.polylines = &path;
    o.polyline_count = 1;
    o.marks = marks;
    o.mark_count = 2;
    image im = render_mesh(m, &o);
    assert_int_equal(im.w, 800);
    assert_int_equal(im.h, 420);
    const wf_rgb ground = wf_render_terrain_color(NULL, '.');
    const wf_rgb outside = wf_render_terrain_color(NULL, '@');
    const wf_rgb line = wf_render_path_color(0);
    assert_rgb(pixel(&im, 5, 5), outside); /* the margin */
    assert_rgb(pixel(&im, 799, 419), outside);
    assert_rgb(at(&im, (wf_vec2){3, 5}, 800, 0), ground);
    assert_rgb(at(&im, (wf_vec2){17, 5}, 800, 0), ground);
    assert_rgb(at(&im, (wf_vec2){9.6, 4.4}, 800, 0), outside); /* the well */
    assert_rgb(at(&im, (wf_vec2){6, 9.5}, 800, 0), outside);   /* the wall */
    /* the path walks to the link, takes it over the well, walks on */
    assert_rgb(at(&im, (wf_vec2){10, 2}, 800, 0), line);
    assert_rgb(at(&im, (wf_vec2){10, 5.25}, 800, 0), line);
    assert_rgb(at(&im, (wf_vec2){10, 8}, 800, 0), line);
    assert_rgb(at(&im, (wf_vec2){10.3, 2}, 800, 0), ground); /* 4 px wide */
    assert_rgb(at(&im, marks[0], 800, 0), wf_render_mark_color(0));
    assert_rgb(at(&im, marks[1], 800, 0), wf_render_mark_color(1));
    image_free(&im);
    /* y up: the wall at the top, the path's end at (10, 8.5) above its
     * start */
    o.y_up = 1;
    im = render_mesh(m, &o);
    assert_rgb(at(&im, (wf_vec2){6, 9.5}, 800, 1), outside);
    assert_rgb(at(&im, (wf_vec2){10, 8}, 800, 1), line);
    assert_rgb(at(&im, marks[1], 800, 1), wf_render_mark_color(1));
    image_free(&im);
    wf_polyline_free(&path);
    wf_mesh_destroy(m);
}

/* Every edge's midpoint in its colour, the corridor tinted, the links'
 * arrowheads filled: in the colours and at the places of the SVG. */
static void test_mesh_picture_layers(void **state) {
    (void)state;
    wf_polyline path;
    wf_mesh *m = wf_test_courtyard(WF_TEST_DATA "/courtyard.outlines", &path);
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
    o.hide_links = 1;
    image im = render_mesh(m, &o);
    char *svg = mesh_svg(m, &o);
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    size_t checked = 0;
    for (size_t p = 0; p < info.polygons; p++) {
        wf_vec2 v[16];
        long across[16];
        const size_t n = wf_mesh_polygon(m, p, v, across, 16);
        for (size_t i = 0; i < n; i++, checked++) {
            const wf_vec2 a = v[i], b = v[(i + 1) % n];
            const wf_vec2 mid = {(a.x + b.x) / 2, (a.y + b.y) / 2};
            assert_rgb(
                at(&im, mid, 800, 0),
                svg_color(svg, across[i] < 0 ? "boundary" : "edges", "stroke"));
        }
    }
    assert_true(checked > 10);
    image_free(&im);
    free(svg);
    /* the links drawn; the polygon round (3, 5) tinted */
    const long corridor[1] = {wf_mesh_locate(m, (wf_vec2){3, 5})};
    o = wf_mesh_svg_opts_default();
    o.corridor = corridor;
    o.corridor_count = 1;
    im = render_mesh(m, &o);
    svg = mesh_svg(m, &o);
    const wf_rgb tint = svg_color(svg, "corridor", "fill");
    assert_false(same(tint, wf_render_terrain_color(NULL, '.')));
    assert_rgb(at(&im, (wf_vec2){3, 5}, 800, 0), tint);
    const wf_rgb link = svg_color(svg, "links", "fill");
    size_t heads = 0;
    const char *head = "<polygon stroke=\"none\" points=\"";
    for (const char *q = strstr(svg, head); q; q = strstr(q + 1, head)) {
        double x[3], y[3];
        assert_int_equal(sscanf(q + strlen(head), "%lf,%lf %lf,%lf %lf,%lf",
                                &x[0], &y[0], &x[1], &y[1], &x[2], &y[2]),
                         6);
        heads++;
        assert_rgb(pixel(&im, (unsigned)((x[0] + x[1] + x[2]) / 3),
                         (unsigned)((y[0] + y[1] + y[2]) / 3)),
                   link);
    }
    assert_int_equal(heads, 3);
    image_free(&im);
    free(svg);
    wf_polyline_free(&path);
    wf_mesh_destroy(m);
}

typedef struct mesh_job {
    const wf_mesh *m;
    const wf_mesh_svg_opts *o;
} mesh_job;

static wf_status mesh_attempt(const wf_allocator *a, void *ctx) {
    const mesh_job *j = ctx;
    wf_mesh_svg_opts o = *j->o;
    o.alloc = a;
    FILE *f = tmpfile();
    assert_non_null(f);
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_render_mesh_png_file(f, j->m, &o, &d);
    if (s == WF_E_NOMEM)
        assert_non_null(strstr(d.message, "out of memory"));
    fclose(f);
    return s;
}

/* The file whole or not at all, refusals before any file is made, a
 * failed write, every allocation refused in turn. */
static void test_mesh_picture_file(void **state) {
    (void)state;
    wf_polyline path;
    wf_mesh *m = wf_test_courtyard(WF_TEST_DATA "/courtyard.outlines", &path);
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
    o.polylines = &path;
    o.polyline_count = 1;
    o.size = 400;
    char *name = temp_name();
    wf_diag d;
    assert_int_equal(wf_render_mesh_png(name, m, &o, &d), WF_OK);
    image im = decode(fopen(name, "rb"));
    assert_int_equal(im.w, 400);
    assert_int_equal(im.h, 210);
    image_free(&im);
    remove(name);
    free(name);
    const char *bad = "/nonexistent-dir-wf/sub/out.png";
    assert_int_equal(wf_render_mesh_png(bad, m, &o, &d), WF_E_IO);
    assert_int_equal(wf_render_mesh_png(NULL, m, &o, &d), WF_E_INVALID_ARG);
    assert_int_equal(wf_render_mesh_png("", m, &o, &d), WF_E_INVALID_ARG);
    assert_int_equal(wf_render_mesh_png_file(NULL, m, &o, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_render_mesh_png(bad, NULL, &o, &d), WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "no mesh"));
    o.size = 5000;
    assert_int_equal(wf_render_mesh_png(bad, m, &o, &d), WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "size 5000 is outside 32..4096"));
    o.size = 0;
    path.points[1].y = NAN;
    assert_int_equal(wf_render_mesh_png(bad, m, &o, &d), WF_E_INVALID_ARG);
    assert_non_null(strstr(d.message, "polyline 0 point 1 is not finite"));
    path.points[1].y = 3;
    if (access("/dev/full", W_OK) == 0) {
        assert_int_equal(wf_render_mesh_png("/dev/full", m, &o, &d), WF_E_IO);
        assert_non_null(strstr(d.message, "cannot write"));
    }
    const mesh_job j = {m, &o};
    assert_true(wf_test_each_refusal("mesh PNG", mesh_attempt, (void *)&j) > 4);
    wf_polyline_free(&path);
    wf_mesh_destroy(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_and_terrain),
        cmocka_unit_test(test_terrain_colors),
        cmocka_unit_test(test_auto_scale),
        cmocka_unit_test(test_paths),
        cmocka_unit_test(test_polylines),
        cmocka_unit_test(test_search_path),
        cmocka_unit_test(test_marks),
        cmocka_unit_test(test_heat_map),
        cmocka_unit_test(test_explored_cells),
        cmocka_unit_test(test_file),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_nomem),
        cmocka_unit_test(test_large),
        cmocka_unit_test(test_mesh_picture),
        cmocka_unit_test(test_mesh_picture_layers),
        cmocka_unit_test(test_mesh_picture_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
