/* wf_render_ascii: the map with the path, start and goal, seed 003 style. */
#include "wf_test.h"

#include <stdio.h>
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

/* Printable terrain codes show as themselves (Moving AI maps look as in
 * their files); other codes as '.' or '#'. */
static void test_terrain_chars(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(4, 1, NULL, &g), WF_OK);
    wf_grid_set(g, 0, 0, 'T');
    wf_grid_set(g, 1, 0, 3);
    wf_grid_set(g, 2, 0, WF_TERRAIN_WALL);
    wf_grid_set(g, 3, 0, '@');
    char buf[64];
    render(g, NULL, buf, sizeof buf);
    assert_string_equal(buf, "T.#@\n");
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_path_drawn),
        cmocka_unit_test(test_terrain_chars),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
