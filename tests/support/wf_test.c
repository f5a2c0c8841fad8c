#include "wf_test.h"

#include <string.h>

wf_grid *wf_test_grid(const char *const *rows, int height) {
    int width = (int)strlen(rows[0]);
    wf_grid *g = NULL;
    assert_int_equal(wf_grid_create(width, height, NULL, &g), WF_OK);
    for (int d = 1; d <= 9; d++)
        assert_int_equal(wf_grid_set_cost(g, (uint8_t)d, d), WF_OK);
    for (int y = 0; y < height; y++) {
        assert_int_equal((int)strlen(rows[y]), width);
        for (int x = 0; x < width; x++) {
            char c = rows[y][x];
            uint8_t t = c == '#' ? WF_TERRAIN_WALL
                        : (c >= '1' && c <= '9') ? (uint8_t)(c - '0')
                                                 : 0;
            assert_int_equal(wf_grid_set(g, x, y, t), WF_OK);
        }
    }
    return g;
}

uint64_t wf_test_rng_next(wf_test_rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t wf_test_rng_below(wf_test_rng *r, uint32_t n) {
    return (uint32_t)(((wf_test_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

int64_t wf_test_cell_node(const wf_graph *g, int x, int y) {
    uint32_t n;
    return wf_graph_cell_node(g, x, y, &n) == WF_OK ? (int64_t)n : -1;
}
