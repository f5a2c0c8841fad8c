/* Generators: golden checksums for fixed seeds (the same on every platform
 * and compiler), connectivity promises, placement. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a over the terrain codes. */
static uint64_t checksum(const wf_grid *g) {
    const uint8_t *c = wf_grid_cells(g);
    size_t n = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 0x100000001b3ull;
    return h;
}

static wf_grid *make(int w, int h) {
    wf_grid *g;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    return g;
}

static void test_rng(void **state) {
    (void)state;
    wf_rng a, b;
    wf_rng_seed(&a, 42);
    wf_rng_seed(&b, 42);
    for (int i = 0; i < 100; i++)
        assert_true(wf_rng_next(&a) == wf_rng_next(&b));
    wf_rng_seed(&a, 0);
    /* The reference outputs of xoshiro256** seeded by splitmix64(0). */
    uint64_t first = wf_rng_next(&a), second = wf_rng_next(&a);
    print_message("rng(0): %016llx %016llx\n", (unsigned long long)first,
                  (unsigned long long)second);
    assert_true(first == 0x99ec5f36cb75f2b4ull);
    assert_true(second == 0xbf6e1f784956452aull);
    /* below(n) stays below n and reaches both ends; unit in [0, 1). */
    int seen_lo = 0, seen_hi = 0;
    for (int i = 0; i < 10000; i++) {
        uint32_t v = wf_rng_below(&a, 7);
        assert_true(v < 7);
        seen_lo |= v == 0;
        seen_hi |= v == 6;
        double u = wf_rng_unit(&a);
        assert_true(u >= 0.0 && u < 1.0);
    }
    assert_true(seen_lo && seen_hi);
    assert_int_equal(wf_rng_below(&a, 0), 0);
    assert_int_equal(wf_rng_below(&a, 1), 0);
}

typedef struct golden {
    const char *kind;
    uint64_t seed;
    int w, h;
    uint64_t sum;
} golden;

static wf_status run_kind(const char *kind, wf_grid *g, uint64_t seed) {
    if (!strcmp(kind, "islands"))
        return wf_gen_islands(g, seed, NULL);
    if (!strcmp(kind, "caves"))
        return wf_gen_caves(g, seed, NULL, 1);
    if (!strcmp(kind, "maze"))
        return wf_gen_maze(g, seed, 0.0);
    if (!strcmp(kind, "braid"))
        return wf_gen_maze(g, seed, 0.5);
    if (!strcmp(kind, "rooms"))
        return wf_gen_rooms(g, seed, NULL);
    return wf_gen_noise(g, seed, 0.3);
}

/* The checksums were recorded from this code; a change to a generator
 * changes them, and must be deliberate (maps made from a seed change). */
static void test_golden(void **state) {
    (void)state;
    static const golden cases[] = {
        {"islands", 1, 96, 48, 0x95eccbce265490cfull},
        {"islands", 7, 64, 64, 0x7792200052ee6842ull},
        {"caves", 1, 80, 40, 0xa967ebfef5c9548bull},
        {"maze", 3, 41, 31, 0xb43134e66f3ab109ull},
        {"braid", 3, 41, 31, 0xab6938b1d84c96c9ull},
        {"rooms", 5, 80, 50, 0x817eecf5f75bd64bull},
        {"noise", 9, 50, 50, 0x696940ea127a7d35ull},
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const golden *c = &cases[i];
        wf_grid *g = make(c->w, c->h);
        assert_int_equal(run_kind(c->kind, g, c->seed), WF_OK);
        uint64_t s = checksum(g);
        /* The same seed again gives the same map. */
        wf_grid *g2 = make(c->w, c->h);
        assert_int_equal(run_kind(c->kind, g2, c->seed), WF_OK);
        assert_true(checksum(g2) == s);
        assert_int_equal(run_kind(c->kind, g2, c->seed + 1), WF_OK);
        assert_true(checksum(g2) != s);
        if (s != c->sum) {
            print_error("%s seed %llu %dx%d: checksum 0x%016llxull\n", c->kind,
                        (unsigned long long)c->seed, c->w, c->h,
                        (unsigned long long)s);
            bad++;
        }
        wf_grid_destroy(g);
        wf_grid_destroy(g2);
    }
    assert_int_equal(bad, 0);
}

static uint32_t regions(const wf_grid *g, int connect) {
    size_t n = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    uint32_t *labels = malloc(n * sizeof *labels), count = 0;
    assert_non_null(labels);
    assert_int_equal(wf_grid_regions(g, wf_move_make(connect, WF_CORNERS_NO_CUT), labels, &count), WF_OK);
    free(labels);
    return count;
}

/* Caves keep one region; mazes and rooms are connected; a perfect maze is a
 * tree: floor cells = passages + 1 in lattice terms, i.e. one region with
 * no 2x2 floor block and no loop (checked through the cell count). */
static void test_connected(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        wf_grid *g = make(61, 41);
        assert_int_equal(wf_gen_caves(g, seed, NULL, 1), WF_OK);
        assert_true(regions(g, 8) <= 1);
        assert_int_equal(wf_gen_maze(g, seed, 0.0), WF_OK);
        assert_int_equal(regions(g, 4), 1);
        /* A perfect maze on a 30x20 lattice: 600 cells and 599 passages. */
        assert_int_equal(wf_grid_terrain_count(g, WF_GEN_GROUND), 600 + 599);
        assert_int_equal(wf_gen_maze(g, seed, 1.0), WF_OK);
        assert_int_equal(regions(g, 4), 1);
        assert_true(wf_grid_terrain_count(g, WF_GEN_GROUND) > 600 + 599);
        assert_int_equal(wf_gen_rooms(g, seed, NULL), WF_OK);
        assert_int_equal(regions(g, 4), 1);
        wf_grid_destroy(g);
    }
}

static void test_islands_terrain(void **state) {
    (void)state;
    wf_grid *g = make(96, 48);
    assert_int_equal(wf_gen_islands(g, 1, NULL), WF_OK);
    /* The border is sea; all four kinds of terrain occur. */
    for (int x = 0; x < 96; x++) {
        int t = wf_grid_get(g, x, 0);
        assert_true(t == WF_GEN_DEEP || t == WF_GEN_SHALLOW);
    }
    assert_true(wf_grid_terrain_count(g, WF_GEN_DEEP) > 0);
    assert_true(wf_grid_terrain_count(g, WF_GEN_SHALLOW) > 0);
    assert_true(wf_grid_terrain_count(g, WF_GEN_GROUND) > 0);
    /* Ships: deep water 1, shallow 2, land blocked. */
    assert_true(wf_grid_cost(g, WF_GEN_DEEP) == 1.0);
    assert_true(wf_grid_cost(g, WF_GEN_SHALLOW) == 2.0);
    assert_true(wf_grid_cost(g, WF_GEN_GROUND) == WF_BLOCKED);
    wf_grid_destroy(g);
}

static void test_bad_options(void **state) {
    (void)state;
    wf_grid *g = make(2, 2);
    assert_int_equal(wf_gen_maze(g, 1, 0.0), WF_E_INVALID_ARG); /* < 3x3 */
    assert_int_equal(wf_gen_maze(NULL, 1, 0.0), WF_E_INVALID_ARG);
    assert_int_equal(wf_gen_noise(g, 1, 1.5), WF_E_INVALID_ARG);
    assert_int_equal(wf_gen_noise(g, 1, NAN), WF_E_INVALID_ARG);
    assert_int_equal(wf_gen_rooms(g, 1, NULL), WF_E_INVALID_ARG);
    wf_ca_opts o = wf_ca_opts_default();
    o.fill = -0.1;
    assert_int_equal(wf_gen_caves(g, 1, &o, 0), WF_E_INVALID_ARG);
    o = wf_ca_opts_default();
    o.iterations = 65;
    assert_int_equal(wf_gen_caves(g, 1, &o, 0), WF_E_INVALID_ARG);
    wf_islands_opts io = wf_islands_opts_default();
    io.shore = 9;
    assert_int_equal(wf_gen_islands(g, 1, &io), WF_E_INVALID_ARG);
    wf_grid_destroy(g);
}

/* A zeroed options struct means the defaults: the same worlds as the
 * _default() functions give, byte for byte. */
static void test_zero_options(void **state) {
    (void)state;
    wf_grid *a = make(60, 40), *b = make(60, 40);
    wf_ca_opts cz, cd = wf_ca_opts_default();
    memset(&cz, 0, sizeof cz);
    assert_int_equal(wf_gen_caves(a, 5, &cz, 1), WF_OK);
    assert_int_equal(wf_gen_caves(b, 5, &cd, 1), WF_OK);
    assert_true(checksum(a) == checksum(b));
    wf_islands_opts iz, id = wf_islands_opts_default();
    memset(&iz, 0, sizeof iz);
    assert_int_equal(wf_gen_islands(a, 6, &iz), WF_OK);
    assert_int_equal(wf_gen_islands(b, 6, &id), WF_OK);
    assert_true(checksum(a) == checksum(b));
    /* a zeroed ca inside set islands options: the ca defaults */
    iz.shore = 2;
    id.shore = 2;
    id.forest = 0; /* iz.forest is 0: set, not defaulted */
    assert_int_equal(wf_gen_islands(a, 6, &iz), WF_OK);
    assert_int_equal(wf_gen_islands(b, 6, &id), WF_OK);
    assert_true(checksum(a) == checksum(b));
    wf_rooms_opts rz, rd = wf_rooms_opts_default();
    memset(&rz, 0, sizeof rz);
    assert_int_equal(wf_gen_rooms(a, 7, &rz), WF_OK);
    assert_int_equal(wf_gen_rooms(b, 7, &rd), WF_OK);
    assert_true(checksum(a) == checksum(b));
    wf_place_opts pz, pd = wf_place_opts_default();
    memset(&pz, 0, sizeof pz);
    wf_point p1[4], p2[4];
    assert_int_equal(wf_place_points(a, 8, &pz, 4, p1, NULL), WF_OK);
    assert_int_equal(wf_place_points(a, 8, &pd, 4, p2, NULL), WF_OK);
    assert_memory_equal(p1, p2, sizeof p1);
    wf_grid_destroy(a);
    wf_grid_destroy(b);
}

/* Placed points sit on allowed terrain, are far enough apart, and every
 * pair is joined by a path; asking for too many fails clearly. */
/* Cost noise over caves: walls stay walls, every free cell gets a level in
 * 1..levels priced as that level, every level shows up, the same seed
 * repeats and another differs; bad options are refused. */
static void test_cost_noise(void **state) {
    (void)state;
    wf_grid *g, *h;
    assert_int_equal(wf_grid_create(200, 120, NULL, &g), WF_OK);
    assert_int_equal(wf_grid_create(200, 120, NULL, &h), WF_OK);
    assert_int_equal(wf_gen_caves(g, 3, NULL, 1), WF_OK);
    assert_int_equal(wf_gen_caves(h, 3, NULL, 1), WF_OK);
    uint8_t *walls = malloc(200 * 120);
    assert_non_null(walls);
    for (int i = 0; i < 200 * 120; i++)
        walls[i] = !wf_grid_passable(g, i % 200, i / 200);
    wf_cost_noise_opts o = {5, 8};
    assert_int_equal(wf_gen_cost_noise(g, 9, &o), WF_OK);
    int seen[6] = {0};
    for (int i = 0; i < 200 * 120; i++) {
        const int x = i % 200, y = i / 200;
        assert_int_equal(!wf_grid_passable(g, x, y), walls[i]);
        if (walls[i])
            continue;
        const double c = wf_grid_cost(g, (uint8_t)wf_grid_get(g, x, y));
        assert_true(c >= 1 && c <= 5 && c == floor(c));
        seen[(int)c]++;
    }
    for (int k = 1; k <= 5; k++)
        assert_true(seen[k] > 0);
    assert_int_equal(wf_gen_cost_noise(h, 9, &o), WF_OK);
    assert_memory_equal(wf_grid_cells(g), wf_grid_cells(h), 200 * 120);
    assert_int_equal(wf_gen_cost_noise(h, 10, &o), WF_OK);
    assert_memory_not_equal(wf_grid_cells(g), wf_grid_cells(h), 200 * 120);
    assert_int_equal(wf_gen_cost_noise(g, 9, NULL), WF_OK); /* defaults */
    o.levels = 10;
    assert_int_equal(wf_gen_cost_noise(g, 9, &o), WF_E_INVALID_ARG);
    o.levels = 3;
    o.scale = 5000;
    assert_int_equal(wf_gen_cost_noise(g, 9, &o), WF_E_INVALID_ARG);
    assert_int_equal(wf_gen_cost_noise(NULL, 9, NULL), WF_E_INVALID_ARG);
    free(walls);
    wf_grid_destroy(g);
    wf_grid_destroy(h);
}

static void test_place(void **state) {
    (void)state;
    wf_grid *g = make(96, 48);
    assert_int_equal(wf_gen_islands(g, 1, NULL), WF_OK);
    wf_place_opts o = wf_place_opts_default();
    wf_place_opts_allow(&o, WF_GEN_SHALLOW);
    o.min_distance = 12;
    wf_point p[6], q[6];
    wf_diag d;
    assert_int_equal(wf_place_points(g, 5, &o, 6, p, &d), WF_OK);
    assert_int_equal(wf_place_points(g, 5, &o, 6, q, &d), WF_OK);
    assert_memory_equal(p, q, sizeof p);
    wf_search *ws;
    wf_path path;
    wf_path_init(&path, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(wf_grid_get(g, p[i].x, p[i].y), WF_GEN_SHALLOW);
        for (int j = 0; j < i; j++) {
            double dx = p[i].x - p[j].x, dy = p[i].y - p[j].y;
            assert_true(sqrt(dx * dx + dy * dy) >= 12);
            assert_int_equal(wf_search_grid(ws, g, p[i], p[j], NULL, &path),
                             WF_OK);
        }
    }
    o.min_distance = 1000;
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_place_points(g, 5, &o, 3, p, &d), WF_E_UNSATISFIABLE);
    assert_non_null(strstr(d.message, "only 1 of 3 points fit"));
    /* No allowed terrain at all. */
    wf_place_opts none = wf_place_opts_default();
    wf_place_opts_allow(&none, 'Q');
    assert_int_equal(wf_place_points(g, 5, &none, 1, p, &d),
                     WF_E_UNSATISFIABLE);
    assert_int_equal(wf_place_points(g, 5, &none, 0, p, &d), WF_OK);
    o.min_distance = NAN;
    assert_int_equal(wf_place_points(g, 5, &o, 1, p, &d), WF_E_INVALID_ARG);
    wf_path_free(&path);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rng),
        cmocka_unit_test(test_golden),
        cmocka_unit_test(test_connected),
        cmocka_unit_test(test_islands_terrain),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_place),
        cmocka_unit_test(test_cost_noise),
        cmocka_unit_test(test_zero_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
