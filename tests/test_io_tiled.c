/* Tiled maps (.tmj): a level whose objects make a mesh with paths measured
 * by hand and whose tile layers make the grid cell by cell; tilesets read
 * from a JSON file beside the map; every refusal with its message; every
 * allocation failed in turn. In a build without cJSON, only that the
 * functions refuse. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wayfind/io.h"

#define LEVEL WF_TEST_DATA "/tiled/level.tmj"
#define PI 3.14159265358979323846

/* Parses text from a heap copy of exactly its length (no NUL after it). */
static wf_status parse(const char *text, const wf_tiled_opts *opts,
                       const wf_allocator *a, wf_tiled *t, wf_diag *d) {
    const size_t n = strlen(text);
    char *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    memcpy(copy, text, n);
    memset(d, 0, sizeof *d);
    const wf_status s = wf_tiled_parse(copy, n, "t.tmj", opts, a, t, d);
    free(copy);
    return s;
}

#ifdef WF_TEST_NO_TILED

static void test_stubs(void **state) {
    (void)state;
    wf_tiled t = {0};
    wf_diag d;
    assert_int_equal(wf_tiled_supported(), 0);
    assert_int_equal(parse("{}", NULL, NULL, &t, &d), WF_E_UNSUPPORTED);
    assert_string_equal(d.message, "built without Tiled support");
    assert_int_equal(wf_tiled_read(LEVEL, NULL, NULL, &t, &d),
                     WF_E_UNSUPPORTED);
    assert_int_equal(wf_tiled_read(NULL, NULL, NULL, &t, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_tiled_parse("{}", 2, "x", NULL, NULL, NULL, &d),
                     WF_E_INVALID_ARG);
    wf_tiled_free(&t);
    wf_tiled_free(NULL);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_stubs)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#else

static double path_length(const wf_mesh *m, wf_vec2 a, wf_vec2 b) {
    wf_mesh_query *q;
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    const wf_status st = wf_mesh_path(q, m, a, b, &p);
    assert_true(st == WF_OK || st == WF_NO_PATH);
    const double len = st == WF_OK ? p.length : INFINITY;
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
    return len;
}

static void check_points(const wf_outline *o, const wf_vec2 *want,
                         size_t n) {
    assert_int_equal(o->count, n);
    for (size_t i = 0; i < n; i++)
        assert_true(o->points[i].x == want[i].x &&
                    o->points[i].y == want[i].y);
}

/* Rows of '.' (free) and '#' (blocked) against the grid. */
static void check_grid(const wf_grid *g, const char *const *rows, int h) {
    assert_non_null(g);
    assert_int_equal(wf_grid_height(g), h);
    for (int y = 0; y < h; y++) {
        assert_int_equal(wf_grid_width(g), (int)strlen(rows[y]));
        for (int x = 0; rows[y][x]; x++)
            if (wf_grid_passable(g, x, y) != (rows[y][x] == '.')) {
                fprintf(stderr, "cell (%d, %d)\n", x, y);
                fail();
            }
    }
}

/* The outlines: names, kinds and exact corners in tiles (tiles of 32 ×
 * 16 pixels); the obstacle ellipse's polygon holds its circle. */
static void check_level_outlines(const wf_tiled *t) {
    assert_int_equal(t->width, 10);
    assert_int_equal(t->height, 8);
    assert_int_equal(t->tile_width, 32);
    assert_int_equal(t->tile_height, 16);
    assert_int_equal(t->bounds, 0);
    const wf_outline *o = t->outlines.outlines;
    assert_int_equal(t->outlines.count, 4);
    assert_string_equal(o[0].name, "object 2 'rock' (layer 'walls')");
    assert_string_equal(o[1].name, "object 3 'crate' (layer 'walls')");
    assert_string_equal(o[2].name, "object 5 'pond' (layer 'walls')");
    assert_string_equal(o[3].name, "object 1 'yard' (layer 'ground')");
    for (int i = 0; i < 3; i++)
        assert_int_equal(o[i].kind, WF_OUTLINE_OBSTACLE);
    assert_int_equal(o[3].kind, WF_OUTLINE_WALKABLE);
    check_points(&o[0], (const wf_vec2[]){{2, 2}, {4, 2}, {4, 4}, {2, 4}},
                 4);
    /* turned 90° clockwise about its position (224, 32) px */
    check_points(&o[1], (const wf_vec2[]){{7, 2}, {7, 6}, {6, 2}}, 3);
    check_points(&o[3], (const wf_vec2[]){{0, 0}, {10, 0}, {10, 8}, {0, 8}},
                 4);
    assert_int_equal(o[2].count, WF_TILED_ELLIPSE_POINTS);
    const double far = 0.5 / cos(PI / WF_TILED_ELLIPSE_POINTS);
    for (size_t i = 0; i < o[2].count; i++)
        assert_true(wf_test_close(hypot(o[2].points[i].x - 1.5,
                                        o[2].points[i].y - 6.5),
                                  far));
}

static void check_level_mesh(const wf_tiled *t) {
    wf_mesh *m;
    wf_diag d;
    assert_int_equal(wf_mesh_from_outlines(t->outlines.outlines,
                                           t->outlines.count,
                                           &t->outlines.opts, NULL, &m, &d),
                     WF_OK);
    /* round the rock by two of its corners */
    assert_true(wf_test_close(path_length(m, (wf_vec2){1, 3},
                                          (wf_vec2){5, 3}),
                              2 + 2 * sqrt(2)));
    /* round the crate by its lowest corner (7, 6), not its top edge */
    assert_true(wf_test_close(path_length(m, (wf_vec2){8, 4},
                                          (wf_vec2){5, 4}),
                              sqrt(5) + 2 * sqrt(2)));
    /* the pond's polygon holds its circle of radius 0.5 and no more than
     * 0.5 % beyond, in the direction of a corner */
    const double a = PI / WF_TILED_ELLIPSE_POINTS;
    assert_true(wf_mesh_locate(m, (wf_vec2){1.5, 6.5}) < 0);
    assert_true(wf_mesh_locate(m, (wf_vec2){1.5 + 0.501 * cos(a),
                                            6.5 + 0.501 * sin(a)}) < 0);
    assert_true(wf_mesh_locate(m, (wf_vec2){1.5 + 0.504 * cos(a),
                                            6.5 + 0.504 * sin(a)}) >= 0);
    wf_mesh_destroy(m);
}

static void test_level(void **state) {
    (void)state;
    wf_tiled t = {0};
    wf_diag d;
    assert_int_equal(wf_tiled_read(LEVEL, NULL, NULL, &t, &d), WF_OK);
    check_level_outlines(&t);
    check_level_mesh(&t);
    /* the ladder: a polyline of class "link", from its first point to its
     * last, one way, at the cost it names */
    assert_int_equal(t.link_count, 1);
    assert_string_equal(t.links[0].name, "object 6 'ladder' (layer 'links')");
    assert_true(t.links[0].a.x == 1 && t.links[0].a.y == 1);
    assert_true(t.links[0].b.x == 3 && t.links[0].b.y == 3);
    assert_true(t.links[0].cost == 3.5);
    assert_int_equal(t.links[0].two_way, 0);
    /* floor, then the bridge over it (Base64: a door frees (1, 1)), then
     * the group of class obstacle's collision layer (its plain tile
     * blocks (9, 4), its door frees (4, 3)) */
    static const char *const rows[] = {
        "........#.", "..........", "..#.......", "..........",
        ".........#", "..........", "......#...", ".........#"};
    check_grid(t.grid, rows, 8);
    assert_int_equal(wf_grid_get(t.grid, 2, 2), WF_TERRAIN_WALL);
    assert_int_equal(wf_grid_get(t.grid, 0, 0), 0);
    /* the grid's own mesh: round the blocked cell (8, 0) */
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_grid(t.grid, NULL, NULL, NULL, NULL, &m, &d),
                     WF_OK);
    assert_true(wf_test_close(
        path_length(m, (wf_vec2){0.5, 0.5}, (wf_vec2){9.5, 0.5}),
        sqrt(56.5) + 1 + sqrt(0.5)));
    wf_mesh_destroy(m);
    wf_tiled_free(&t);
    assert_null(t.outlines.outlines);
    assert_null(t.grid);
    wf_tiled_free(NULL);
}

#define MAP(layers)                                                          \
    "{\"type\": \"map\", \"orientation\": \"orthogonal\", \"width\": 4,\n"   \
    " \"height\": 3, \"tilewidth\": 16, \"tileheight\": 16,\n"               \
    " \"layers\": [" layers "]}"
#define OBJECTS(objects)                                                     \
    "{\"name\": \"L\", \"type\": \"objectgroup\", \"objects\": [" objects   \
    "]}"

/* No walkable object: the map's rectangle is the ground. */
static void test_bounds(void **state) {
    (void)state;
    wf_tiled t = {0};
    wf_diag d;
    assert_int_equal(
        parse(MAP(OBJECTS("{\"id\": 1, \"x\": 16, \"y\": 8, \"width\": 32,"
                          " \"height\": 16, \"type\": \"Obstacle\"}")),
              NULL, NULL, &t, &d),
        WF_OK);
    assert_int_equal(t.bounds, 1);
    assert_int_equal(t.outlines.count, 2);
    assert_null(t.grid);
    assert_string_equal(t.outlines.outlines[0].name, "the map's bounds");
    assert_string_equal(t.outlines.outlines[1].name, "object 1 (layer 'L')");
    check_points(&t.outlines.outlines[0],
                 (const wf_vec2[]){{0, 0}, {4, 0}, {4, 3}, {0, 3}}, 4);
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_outlines(t.outlines.outlines,
                                           t.outlines.count, NULL, NULL, &m,
                                           &d),
                     WF_OK);
    /* from above the obstacle (1..3 × 0.5..1.5) to below it */
    assert_true(wf_test_close(path_length(m, (wf_vec2){2, 0.25},
                                          (wf_vec2){2, 2.5}),
                              hypot(1, 0.25) + 1 + hypot(1, 1)));
    wf_mesh_destroy(m);
    wf_tiled_free(&t);
}

/* Tilesets in a JSON file beside the map (wf_tiled_read only). */
static void test_external(void **state) {
    (void)state;
    wf_tiled t = {0};
    wf_diag d;
    assert_int_equal(wf_tiled_read(WF_TEST_DATA "/tiled/ext.tmj", NULL, NULL,
                                   &t, &d),
                     WF_OK);
    static const char *const rows[] = {"..#.", ".##.", "...."};
    check_grid(t.grid, rows, 3);
    assert_int_equal(t.bounds, 1);
    wf_tiled_free(&t);
    /* the same text through wf_tiled_parse names the file it will not
     * read */
    char *buf;
    size_t len;
    assert_int_equal(wf_file_read(WF_TEST_DATA "/tiled/ext.tmj", 1 << 20,
                                  NULL, &buf, &len, &d),
                     WF_OK);
    assert_int_equal(wf_tiled_parse(buf, len, "ext", NULL, NULL, &t, &d),
                     WF_E_UNSUPPORTED);
    assert_non_null(strstr(d.message, "tileset 1 is the external file "
                                      "'tilesets/walls.tsj'"));
    wf_file_free(buf, len, NULL);
}

/* Writes @p text to the file @p name in @p dir. */
static void write_file(const char *dir, const char *name, const char *text) {
    char path[96];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* A map in a new folder naming @p source as its tileset, with @p tileset
 * (when not NULL) written as t.tsj beside it: read, the status and message
 * checked. */
static void external_refused(const char *source, const char *tileset,
                             wf_status want, const char *has) {
    char dir[] = "/tmp/wf_tiled_XXXXXX", map[512], path[96];
    assert_non_null(mkdtemp(dir));
    snprintf(map, sizeof map,
             "{\"width\": 1, \"height\": 1, \"tilewidth\": 8, \"tileheight\": "
             "8, \"layers\": [], \"tilesets\": [{\"firstgid\": 1, "
             "\"source\": \"%s\"}]}",
             source);
    write_file(dir, "m.tmj", map);
    if (tileset)
        write_file(dir, "t.tsj", tileset);
    wf_tiled t = {0};
    wf_diag d;
    snprintf(path, sizeof path, "%s/m.tmj", dir);
    const wf_status s = wf_tiled_read(path, NULL, NULL, &t, &d);
    if (s != want || !strstr(d.message, has))
        fprintf(stderr, "%d: \"%s\"\n", s, d.message);
    assert_int_equal(s, want);
    assert_non_null(strstr(d.message, has));
    remove(path);
    snprintf(path, sizeof path, "%s/t.tsj", dir);
    remove(path);
    rmdir(dir);
}

static void test_external_refused(void **state) {
    (void)state;
    external_refused("../x.tsj", NULL, WF_E_UNSUPPORTED,
                     "only a relative path without '..'");
    external_refused("/etc/x.json", NULL, WF_E_UNSUPPORTED,
                     "only a relative path without '..'");
    external_refused("a/../../x.tsj", NULL, WF_E_UNSUPPORTED,
                     "without '..'");
    external_refused("walls.tsx", NULL, WF_E_UNSUPPORTED,
                     "is the XML tileset 'walls.tsx'");
    external_refused("walls.png", NULL, WF_E_UNSUPPORTED,
                     "not a JSON tileset");
    external_refused("none.tsj", NULL, WF_E_IO, "cannot open");
    external_refused("t.tsj", "{\"type\": \"map\"}", WF_E_PARSE,
                     "tileset 1: 't.tsj' is not a tileset");
    external_refused("t.tsj", "{\"tiles\": [}", WF_E_PARSE,
                     "not valid JSON");
    external_refused("./t.tsj", "{\"tiles\": 3}", WF_E_PARSE,
                     "tileset 1: 'tiles' must be an array, not a number");
}

/* text is refused with status want and a message holding has. */
static void refused(const char *text, wf_status want, const char *has) {
    wf_tiled t = {0};
    wf_diag d;
    const wf_status s = parse(text, NULL, NULL, &t, &d);
    if (s != want || !strstr(d.message, has))
        fprintf(stderr, "%d: \"%s\" for %s\n", s, d.message, text);
    assert_int_equal(s, want);
    assert_non_null(strstr(d.message, has));
    assert_string_equal(d.file, "t.tmj");
    assert_null(t.outlines.outlines);
    assert_null(t.grid);
}

#define LAYER(type, rest)                                                    \
    "{\"name\": \"ground\", \"type\": \"" type "\"" rest "}"
#define TILES(rest) LAYER("tilelayer", rest)
#define DATA12 ", \"data\": [0,0,0,0, 0,0,0,0, 0,0,0,0]"
#define ONE_OBJECT(fields)                                                   \
    MAP(OBJECTS("{\"id\": 7, \"name\": \"rock\", " fields "}"))
#define TILESET(fields)                                                      \
    "{\"type\": \"map\", \"width\": 1, \"height\": 1, \"tilewidth\": 8, "    \
    "\"tileheight\": 8, \"layers\": [], \"tilesets\": [" fields "]}"

/* JSON and the map's header. */
static void test_refusals_map(void **state) {
    (void)state;
    refused("", WF_E_PARSE, "not valid JSON (found end of file)");
    refused("{\"width\": 4,\n  \"a\": [1,, 2]}", WF_E_PARSE,
            "not valid JSON (found ',' (0x2c))");
    wf_tiled t = {0};
    wf_diag d;
    assert_int_equal(parse("\xEF\xBB\xBF\n [1,, 2]", NULL, NULL, &t, &d),
                     WF_E_PARSE);
    assert_true(d.line == 2 && d.column == 5);
    assert_int_equal(parse("\xEF\xBB\xBF[1,, 2]", NULL, NULL, &t, &d),
                     WF_E_PARSE);
    assert_true(d.line == 1 && d.column == 4);
    refused("{} x", WF_E_PARSE, "data after the document");
    refused("[1]", WF_E_PARSE, "not a Tiled map: the document is not");
    refused("{\"type\": \"tileset\"}", WF_E_PARSE, "its type is 'tileset'");
    refused("{\"orientation\": \"isometric\"}", WF_E_UNSUPPORTED,
            "isometric maps are not supported (orthogonal only)");
    refused("{\"infinite\": true}", WF_E_UNSUPPORTED,
            "infinite maps (chunks) are not supported");
    refused("{\"width\": 0}", WF_E_RANGE,
            "the map: 'width' must be from 1 to 1048576, not 0");
    refused("{\"width\": \"4\"}", WF_E_PARSE,
            "'width' must be an integer, not a string");
    refused("{\"width\": 4, \"height\": 3, \"tileheight\": 1}", WF_E_PARSE,
            "'tilewidth' (an integer) is missing");
    refused("{\"width\": 20000, \"height\": 20000, \"tilewidth\": 1, "
            "\"tileheight\": 1}",
            WF_E_TOO_BIG, "larger than the limit of 268435456 tiles");
    refused("{\"width\": 1, \"height\": 1, \"tilewidth\": 1, "
            "\"tileheight\": 1}",
            WF_E_PARSE, "the map: 'layers' (an array) is missing");
}

static void test_refusals_layers(void **state) {
    (void)state;
    refused(MAP("{\"name\": \"x\"}"), WF_E_PARSE, "layer 'x' has no 'type'");
    refused(MAP(LAYER("imagelayer", "") "," LAYER("sky", "")),
            WF_E_UNSUPPORTED, "layer 'ground': layer type 'sky' is not");
    refused(MAP(TILES(", \"compression\": \"zstd\"")), WF_E_UNSUPPORTED,
            "layer 'ground': compression 'zstd' is not supported");
    refused(MAP(TILES(", \"encoding\": \"xml\"")), WF_E_UNSUPPORTED,
            "encoding 'xml' is not supported");
    refused(MAP(TILES(", \"chunks\": []")), WF_E_UNSUPPORTED,
            "chunks (an infinite map's tiles) are not supported");
    refused(MAP(TILES(", \"offsetx\": 8" DATA12)), WF_E_UNSUPPORTED,
            "a tile layer with an offset is not supported");
    refused(MAP(TILES(", \"width\": 5" DATA12)), WF_E_PARSE,
            "layer 'ground' is 5 x 3 tiles, the map 4 x 3");
    refused(MAP(TILES(", \"data\": [0, 0, 0]")), WF_E_PARSE,
            "'data' holds 3 tile ids, a 4 x 3 layer needs 12");
    refused(MAP(TILES(", \"encoding\": \"base64\", \"data\": \"AAAA\"")),
            WF_E_PARSE, "'data' is not Base64 of 48 bytes");
    refused(MAP(TILES(", \"data\": [0,0,0,0, 0,0,0,0, 0,0,0,-1]")),
            WF_E_PARSE, "tile 11 of 'data' is not a tile id");
    refused(MAP(TILES(", \"data\": [0,0,0,0, 0,5,0,0, 0,0,0,0]")),
            WF_E_PARSE, "cell (1, 1) holds tile 5, which no tileset has");
    refused(MAP(TILES(", \"class\": \"link\"" DATA12)), WF_E_UNSUPPORTED,
            "layer 'ground': class 'link' is for polyline objects");
}

static void test_refusals_objects(void **state) {
    (void)state;
    refused(ONE_OBJECT("\"type\": \"obstacle\", \"properties\": [{\"name\": "
                       "\"walkable\", \"type\": \"bool\", \"value\": true}]"),
            WF_E_PARSE,
            "object 7 'rock' (layer 'L'): class 'obstacle' disagrees with "
            "property walkable = true");
    refused(ONE_OBJECT("\"properties\": {\"walkable\": \"no\"}"), WF_E_PARSE,
            "property 'walkable' must be a bool (true or false), not a "
            "string");
    refused(ONE_OBJECT("\"type\": \"obstacle\", \"point\": true"),
            WF_E_PARSE, "a point cannot be an obstacle (it has no area)");
    refused(ONE_OBJECT("\"class\": \"Walkable\", \"text\": {}"), WF_E_PARSE,
            "a text object cannot be walkable ground");
    refused(ONE_OBJECT("\"type\": \"obstacle\", \"polyline\": []"),
            WF_E_PARSE, "a polyline cannot be an obstacle (it has no area; "
                        "class 'link' makes it an off-mesh link)");
    refused(ONE_OBJECT("\"type\": \"link\", \"ellipse\": true"), WF_E_PARSE,
            "object 7 'rock' (layer 'L'): an ellipse cannot be a link (only "
            "a polyline can)");
    refused(ONE_OBJECT("\"type\": \"obstacle\", \"gid\": 1"),
            WF_E_UNSUPPORTED, "a tile object cannot be an obstacle (tile "
                              "objects are not supported");
    refused(ONE_OBJECT("\"type\": \"obstacle\", \"template\": \"a.tj\""),
            WF_E_UNSUPPORTED, "templates are not supported: detach it");
    refused(ONE_OBJECT("\"type\": \"obstacle\", \"polygon\": [{\"x\": 0, "
                       "\"y\": 0}, {\"x\": 8, \"y\": 0}]"),
            WF_E_PARSE, "polygon needs at least 3 points, this one has 2");
    refused(ONE_OBJECT("\"type\": \"link\", \"polyline\": [{\"x\": 0}]"),
            WF_E_PARSE, "polyline needs at least 2 points, this one has 1");
    refused(ONE_OBJECT("\"type\": \"link\", \"polyline\": [{\"x\": 0}, "
                       "{\"y\": 1}], \"properties\": [{\"name\": \"cost\", "
                       "\"value\": -1}]"),
            WF_E_RANGE, "property 'cost' must be a number above 0");
    refused(ONE_OBJECT("\"type\": \"link\", \"polyline\": [{\"x\": 0}, "
                       "{\"y\": 1}], \"properties\": [{\"name\": \"two_way\", "
                       "\"value\": 1}]"),
            WF_E_PARSE, "property 'two_way' must be a bool");
    refused(ONE_OBJECT("\"type\": \"obstacle\", \"rotation\": \"90\""),
            WF_E_PARSE,
            "object 7 'rock' (layer 'L'): 'rotation' must be a number");
    refused(ONE_OBJECT("\"type\": \"obstacle\", \"x\": 1e999"), WF_E_RANGE,
            "'x' is too large to be a finite number");
    refused(ONE_OBJECT("\"type\": \"obstacle\", \"x\": 1e308, \"width\": "
                       "1e308"),
            WF_E_RANGE, "object 7 'rock' (layer 'L'): a point lies too far "
                        "out");
    refused(ONE_OBJECT("\"type\": \"link\", \"x\": 1e308, \"polyline\": "
                       "[{\"x\": 0}, {\"x\": 1e308}]"),
            WF_E_RANGE, "a point lies too far out");
    refused(MAP(OBJECTS("{\"type\": \"obstacle\", \"polygon\": 3}")),
            WF_E_PARSE, "object at index 0 (layer 'L'): 'polygon' must be an "
                        "array, not a number");
    refused(MAP(OBJECTS("1")), WF_E_PARSE,
            "layer 'L': 'objects' must hold objects");
}

static void test_refusals_tilesets(void **state) {
    (void)state;
    refused(TILESET("{\"firstgid\": 1, \"source\": \"t.tsj\"}"),
            WF_E_UNSUPPORTED, "tileset 1 is the external file 't.tsj': "
                              "wf_tiled_parse reads embedded tilesets only");
    refused(TILESET("{\"firstgid\": 1, \"source\": \"t.tsx\"}"),
            WF_E_UNSUPPORTED, "is the XML tileset 't.tsx'");
    refused(TILESET("{\"firstgid\": 1}, {\"firstgid\": 1}"), WF_E_PARSE,
            "a tileset's firstgid 1 is given twice");
    refused(TILESET("{\"firstgid\": 0}"), WF_E_RANGE,
            "tileset 1: 'firstgid' must be from 1 to 268435455, not 0");
    refused(TILESET("{\"firstgid\": 1, \"name\": \"t\", \"tiles\": [{\"id\": "
                    "2, \"type\": \"link\"}]}"),
            WF_E_UNSUPPORTED,
            "tile 2 of tileset 't': class 'link' is for polyline objects");
    refused(TILESET("{\"firstgid\": 1, \"tiles\": [{\"id\": 2, \"type\": "
                    "\"obstacle\"}, {\"id\": 2, \"type\": \"walkable\"}]}"),
            WF_E_PARSE, "the tile of global id 3 is given twice");
}

/* Objects that overlap (a crate on a wall) make one obstacle, their
 * union: a path goes round it, and nothing inside it is ground. */
static void test_overlapping_objects(void **state) {
    (void)state;
    wf_tiled t = {0};
    wf_diag d;
    assert_int_equal(
        parse(MAP("{\"name\": \"W\", \"type\": \"objectgroup\", \"class\": "
                  "\"obstacle\", \"objects\": ["
                  "{\"id\": 1, \"name\": \"a\", \"x\": 8, \"y\": 8, "
                  "\"width\": 16, \"height\": 16},"
                  "{\"id\": 2, \"name\": \"b\", \"x\": 16, \"y\": 16, "
                  "\"width\": 16, \"height\": 16}]}"),
              NULL, NULL, &t, &d),
        WF_OK);
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_outlines(t.outlines.outlines,
                                           t.outlines.count, NULL, NULL, &m,
                                           &d),
                     WF_OK);
    /* a is [0.5, 1.5]², b [1, 2]²: round the top of the union, by a's
     * top-left and top-right corners (the crossing at (1.5, 1) is a dent,
     * not a corner a path bends at) */
    assert_true(wf_test_close(path_length(m, (wf_vec2){0.25, 1},
                                          (wf_vec2){2.25, 1}),
                              hypot(0.25, 0.5) + 1 + hypot(0.75, 0.5)));
    /* the dents of the union are ground, the overlap is not */
    assert_true(wf_test_close(path_length(m, (wf_vec2){0.75, 1.75},
                                          (wf_vec2){0.25, 1.75}),
                              0.5));
    assert_true(isinf(path_length(m, (wf_vec2){1.25, 1.25},
                                  (wf_vec2){0.25, 0.25})));
    wf_mesh_destroy(m);
    wf_tiled_free(&t);
}

static void test_options(void **state) {
    (void)state;
    wf_tiled t = {0};
    wf_diag d;
    static const char pond[] =
        MAP(OBJECTS("{\"id\": 3, \"ellipse\": true, \"x\": 16, \"y\": 16, "
                    "\"width\": 32, \"height\": 16, \"type\": \"walkable\"}"));
    wf_tiled_opts o = wf_tiled_opts_default();
    assert_int_equal(o.ellipse_points, 0);
    o.ellipse_points = 8;
    assert_int_equal(parse(pond, &o, NULL, &t, &d), WF_OK);
    /* walkable: the corners lie on the ellipse, centre (2, 1.5), radii
     * (1, 0.5) tiles */
    const wf_outline *e = &t.outlines.outlines[0];
    assert_int_equal(t.bounds, 0);
    assert_int_equal(e->count, 8);
    for (size_t i = 0; i < 8; i++) {
        const double u = e->points[i].x - 2, v = (e->points[i].y - 1.5) * 2;
        assert_true(wf_test_close(u * u + v * v, 1));
    }
    wf_tiled_free(&t);
    o.ellipse_points = 7;
    assert_int_equal(parse(pond, &o, NULL, &t, &d), WF_E_INVALID_ARG);
    o.ellipse_points = 1025;
    assert_int_equal(parse(pond, &o, NULL, &t, &d), WF_E_INVALID_ARG);
    assert_int_equal(wf_tiled_parse(NULL, 3, "x", NULL, NULL, &t, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_tiled_parse("{}", 2, "x", NULL, NULL, NULL, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_tiled_read(NULL, NULL, NULL, &t, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_tiled_read("/no/such.tmj", NULL, NULL, &t, &d),
                     WF_E_IO);
    assert_int_equal(wf_tiled_read("/dev/zero", NULL, NULL, &t, &d),
                     WF_E_TOO_BIG);
    assert_non_null(strstr(d.message, "Tiled map"));
    assert_int_equal(wf_tiled_supported(), 1);
}

/* Each allocation refused in turn: WF_E_NOMEM and nothing held. */
static void test_alloc_fail(void **state) {
    (void)state;
    size_t n = 1;
    for (;; n++) {
        wf_test_alloc ta;
        const wf_allocator a = wf_test_alloc_init(&ta, n);
        wf_tiled t = {0};
        wf_diag d;
        const wf_status s = wf_tiled_read(LEVEL, NULL, &a, &t, &d);
        if (!ta.refused) {
            assert_int_equal(s, WF_OK);
            wf_tiled_free(&t);
            assert_int_equal(ta.live, 0);
            break;
        }
        assert_int_equal(s, WF_E_NOMEM);
        assert_null(t.outlines.outlines);
        assert_int_equal(ta.live, 0);
    }
    fprintf(stderr, "reading the level: %zu allocations, each refused in "
                    "turn\n",
            n - 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_external),
        cmocka_unit_test(test_external_refused),
        cmocka_unit_test(test_refusals_map),
        cmocka_unit_test(test_refusals_layers),
        cmocka_unit_test(test_refusals_objects),
        cmocka_unit_test(test_refusals_tilesets),
        cmocka_unit_test(test_overlapping_objects),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_alloc_fail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#endif
