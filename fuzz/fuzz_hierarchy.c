/* Fuzzes wf_ch_parse for a fixed 14 x 8 map with terrain costs. Each
 * input is parsed as it is, and again with its checksum made right (so
 * that the fuzzer reaches the checks of the arrays, past the checksum
 * that guards them). A file refused is WF_E_PARSE with a message; a file
 * accepted must never give a query anything but a legal path whose cost
 * is the sum of its moves and no less than A*'s optimum (a file forged
 * with its checksum recomputed may miss a shortcut, so dearer paths are
 * allowed, cheaper ones are not), never a path where A* finds none, and
 * it writes back as the same bytes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static const char map_text[] = "..2...........\n"
                               ".####..3.#....\n"
                               ".#...22.###...\n"
                               ".#..##....9...\n"
                               "....#...#.##..\n"
                               "..#.#...4.....\n"
                               "..#...###..#..\n"
                               "...3..........\n";

#define HEADER 64

/* p, an answer from s to t, is legal and its cost is its moves' sum. */
static void check_legal(const wf_grid *g, const wf_path *p, wf_point s,
                        wf_point t) {
    FUZZ_CHECK(p->count >= 1);
    FUZZ_CHECK(p->points[0].x == s.x && p->points[0].y == s.y);
    FUZZ_CHECK(p->points[p->count - 1].x == t.x &&
               p->points[p->count - 1].y == t.y);
    double sum = 0;
    for (size_t i = 1; i < p->count; i++) {
        const double c = wf_grid_move_cost(g, p->points[i - 1], p->points[i],
                                           wf_move_default());
        FUZZ_CHECK(c < INFINITY && c > 0);
        sum += c;
    }
    FUZZ_CHECK(sum == p->cost);
}

static void check_hierarchy(const wf_grid *g, const wf_ch *c,
                            const uint8_t *data, size_t size) {
    wf_ch_query *q = NULL;
    FUZZ_CHECK(wf_ch_query_create(c, NULL, &q) == WF_OK);
    wf_search *ws = NULL;
    FUZZ_CHECK(wf_search_create(NULL, &ws) == WF_OK);
    wf_path a, p;
    wf_path_init(&a, NULL);
    wf_path_init(&p, NULL);
    wf_point s, last;
    FUZZ_CHECK(fuzz_passable_ends(g, &s, &last));
    const wf_search_opts o = wf_search_opts_default();
    for (int y = 0; y < wf_grid_height(g); y++)
        for (int x = 0; x < wf_grid_width(g); x++) {
            const wf_point t = {x, y};
            const wf_status sa = wf_search_grid(ws, g, s, t, &o, &a);
            const wf_status sc = wf_ch_path(q, g, s, t, &p);
            FUZZ_CHECK(sa == WF_OK || sa == WF_NO_PATH);
            if (sa == WF_NO_PATH) {
                FUZZ_CHECK(sc == WF_NO_PATH && p.count == 0);
                continue;
            }
            /* a forged file may lose the way; never invent one */
            FUZZ_CHECK(sc == WF_OK || sc == WF_NO_PATH ||
                       sc == WF_E_INVALID_ARG);
            if (sc != WF_OK)
                continue;
            check_legal(g, &p, s, t);
            FUZZ_CHECK(p.cost >= a.cost || fuzz_close(p.cost, a.cost));
        }
    wf_path_free(&a);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_ch_query_free(q);
    fuzz_out out;
    fuzz_out_open(&out);
    FUZZ_CHECK(wf_ch_write(out.f, c, g) == WF_OK);
    fuzz_out_close(&out);
    FUZZ_CHECK(out.len == size && memcmp(out.buf, data, size) == 0);
    free(out.buf);
}

static void parse_one(const wf_grid *g, const uint8_t *data, size_t size) {
    wf_ch *c = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_ch_parse(data, size, "f.ch", g, NULL, NULL, NULL, &c, &d);
    if (s != WF_OK) {
        fuzz_check_refused(s, c == NULL, &d);
        return;
    }
    check_hierarchy(g, c, data, size);
    wf_ch_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wf_grid *g = fuzz_ascii_map(map_text);
    fuzz_binary_file(g, data, size, HEADER, 48, 0xA54FF53A5F1D36F1u,
                     parse_one);
    wf_grid_destroy(g);
    return 0;
}
