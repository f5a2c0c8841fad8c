/* Fuzzes wf_jump_table_parse for a fixed 14 x 8 map. Each input is parsed
 * as it is, and again with its checksum made right (so that the fuzzer
 * reaches the check of every entry against the map, past the checksum
 * that guards it). A file refused is WF_E_PARSE with a message; a file
 * accepted must be the map's own table: searches with it give A*'s costs,
 * and written back it is the same bytes. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static const char map_text[] = "..............\n"
                               ".####....#....\n"
                               ".#......###...\n"
                               ".#..##........\n"
                               "....#...#.##..\n"
                               "..#.#.........\n"
                               "..#...###..#..\n"
                               "..............\n";

/* Costs with the table equal A*'s, from the first passable cell to every
 * cell, and the table writes back as the input. */
static void check_table(const wf_grid *g, const wf_jump_table *t,
                        const uint8_t *data, size_t size) {
    FUZZ_CHECK(wf_jump_table_current(t, g));
    wf_search *ws = NULL;
    FUZZ_CHECK(wf_search_create(NULL, &ws) == WF_OK);
    wf_path a, p;
    wf_path_init(&a, NULL);
    wf_path_init(&p, NULL);
    wf_point s, last;
    FUZZ_CHECK(fuzz_passable_ends(g, &s, &last));
    wf_search_opts o = wf_search_opts_default(), oj = o;
    oj.algo = WF_ALGO_JPS_PLUS;
    oj.jumps = t;
    for (int y = 0; y < wf_grid_height(g); y++)
        for (int x = 0; x < wf_grid_width(g); x++) {
            const wf_point goal = {x, y};
            const wf_status sa = wf_search_grid(ws, g, s, goal, &o, &a);
            const wf_status sp = wf_search_grid(ws, g, s, goal, &oj, &p);
            FUZZ_CHECK(sa == sp);
            FUZZ_CHECK(p.stats.engine == WF_ALGO_JPS_PLUS);
            FUZZ_CHECK(sa != WF_OK || fuzz_close(a.cost, p.cost));
        }
    wf_path_free(&a);
    wf_path_free(&p);
    wf_search_destroy(ws);
    fuzz_out out;
    fuzz_out_open(&out);
    FUZZ_CHECK(wf_jump_table_write(out.f, t, g) == WF_OK);
    fuzz_out_close(&out);
    FUZZ_CHECK(out.len == size && memcmp(out.buf, data, size) == 0);
    free(out.buf);
}

static void parse_one(const wf_grid *g, const uint8_t *data, size_t size) {
    wf_jump_table *t = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_jump_table_parse(data, size, "f.jump", g, NULL, &t, &d);
    if (s != WF_OK) {
        FUZZ_CHECK(s == WF_E_PARSE);
        FUZZ_CHECK(t == NULL);
        FUZZ_CHECK(d.message[0] != '\0');
        return;
    }
    check_table(g, t, data, size);
    wf_jump_table_destroy(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_grid *g = fuzz_ascii_map(map_text);
    fuzz_binary_file(g, data, size, WF_JUMP_FILE_HEADER, 32,
                     0xBB67AE8584CAA73Bu, parse_one);
    wf_grid_destroy(g);
    return 0;
}
