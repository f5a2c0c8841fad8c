/* Agents and changing maps: the walker re-plans around new walls, the
 * block-disconnects query agrees with full searches, and seed 000's
 * tower-defence map: CSV → graph → path, a turret on the path → a new path,
 * a turret that would cut the road → refused. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void test_walker(void **state) {
    (void)state;
    static const char *const rows[] = {
        "..........",
        "..........",
        "..........",
        "..........",
    };
    wf_grid *g = wf_test_grid(rows, 4);
    wf_search *ws;
    wf_walker *w;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_walker_create(NULL, &w), WF_OK);
    wf_search_opts o = wf_search_opts_default();
    o.move.connect = 4;
    wf_point s = {0, 1}, t = {9, 1}, next;
    assert_int_equal(wf_walker_plan(w, ws, g, s, t, &o), WF_OK);
    assert_int_equal(wf_walker_step(w, ws, g, &next), WF_OK);
    /* A wall appears right ahead of the agent. */
    wf_point ahead;
    assert_int_equal(wf_path_next(wf_walker_path(w), next, &ahead), WF_OK);
    assert_int_equal(wf_grid_set(g, ahead.x, ahead.y, WF_TERRAIN_WALL), WF_OK);
    int steps = 1;
    wf_status st;
    while ((st = wf_walker_step(w, ws, g, &next)) == WF_OK) {
        assert_true(wf_grid_passable(g, next.x, next.y));
        steps++;
    }
    assert_int_equal(st, WF_ARRIVED);
    assert_true(next.x == t.x && next.y == t.y);
    assert_int_equal(wf_walker_replans(w), 1);
    assert_true(steps >= 10);
    /* Costlier ground ahead also triggers a re-plan. */
    assert_int_equal(wf_walker_plan(w, ws, g, t, s, &o), WF_OK);
    assert_int_equal(wf_grid_set_cost(g, 5, 9.0), WF_OK);
    assert_int_equal(wf_path_next(wf_walker_path(w), t, &ahead), WF_OK);
    assert_int_equal(wf_grid_set(g, ahead.x, ahead.y, 5), WF_OK);
    assert_int_equal(wf_walker_step(w, ws, g, &next), WF_OK);
    assert_int_equal(wf_walker_replans(w), 1);
    assert_false(next.x == ahead.x && next.y == ahead.y);
    /* Walled in: no path, the agent stays. */
    for (int y = 0; y < 4; y++)
        wf_grid_set(g, 5, y, WF_TERRAIN_WALL);
    wf_point before = wf_walker_position(w);
    while ((st = wf_walker_step(w, ws, g, &next)) == WF_OK)
        before = next;
    assert_int_equal(st, WF_NO_PATH);
    assert_true(wf_walker_position(w).x == before.x);
    wf_walker_destroy(w);
    wf_walker_destroy(NULL);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* The query's answer equals "is there still a path with the cell
 * blocked?" by a full search, on random maps and every model. */
static void test_block_query_random(void **state) {
    (void)state;
    wf_test_rng r = {2026};
    wf_search *ws;
    wf_path p, q;
    wf_path_init(&p, NULL);
    wf_path_init(&q, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    static const struct {
        int c;
        wf_corners k;
    } models[] = {{4, WF_CORNERS_NO_CUT}, {8, WF_CORNERS_NO_CUT},
                  {8, WF_CORNERS_ALWAYS}, {8, WF_CORNERS_ONE_FREE}};
    int on_path = 0, cuts = 0;
    for (int gi = 0; gi < 600; gi++) {
        int W = 3 + (int)wf_test_rng_below(&r, 16), H = 3 + (int)wf_test_rng_below(&r, 16);
        wf_grid *g;
        assert_int_equal(wf_grid_create(W, H, NULL, &g), WF_OK);
        uint32_t dens = 10 + wf_test_rng_below(&r, 40);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                if (wf_test_rng_below(&r, 100) < dens)
                    wf_grid_set(g, x, y, WF_TERRAIN_WALL);
        wf_search_opts o = wf_search_opts_default();
        o.move.connect = models[gi % 4].c;
        o.move.corners = models[gi % 4].k;
        wf_point s = {(int)wf_test_rng_below(&r, (uint32_t)W), (int)wf_test_rng_below(&r, (uint32_t)H)};
        wf_point t = {(int)wf_test_rng_below(&r, (uint32_t)W), (int)wf_test_rng_below(&r, (uint32_t)H)};
        if (wf_search_grid(ws, g, s, t, &o, &p) != WF_OK) {
            wf_grid_destroy(g);
            continue;
        }
        for (int k = 0; k < 6; k++) {
            /* Half the probes on the path, half anywhere. */
            wf_point c = k % 2 ? p.points[wf_test_rng_below(&r, (uint32_t)p.count)]
                               : (wf_point){(int)wf_test_rng_below(&r, (uint32_t)W),
                                            (int)wf_test_rng_below(&r, (uint32_t)H)};
            int cut;
            assert_int_equal(wf_grid_block_disconnects(ws, g, &p, c, &(wf_search_opts){.move = o.move}, &cut), WF_OK);
            wf_grid *h;
            assert_int_equal(wf_grid_clone(g, &h), WF_OK);
            wf_grid_set(h, c.x, c.y, WF_TERRAIN_WALL);
            int full = wf_search_grid(ws, h, s, t, &o, &q) != WF_OK;
            if (cut != full)
                print_error("grid %d: cell %d,%d: query %d, full search %d\n",
                            gi, c.x, c.y, cut, full);
            assert_int_equal(cut, full);
            on_path += wf_path_next(&p, c, &(wf_point){0, 0}) != WF_NO_PATH;
            cuts += cut;
            wf_grid_destroy(h);
        }
        wf_grid_destroy(g);
    }
    print_message("%d probes on the path, %d cuts\n", on_path, cuts);
    assert_true(on_path > 200 && cuts > 50);
    int cut;
    assert_int_equal(wf_grid_block_disconnects(ws, NULL, &p, p.points[0], &(wf_search_opts){.move = wf_move_default()}, &cut),
                     WF_E_INVALID_ARG);
    wf_path_free(&p);
    wf_path_free(&q);
    wf_search_destroy(ws);
}

/* Seed 000 (Game Programming in C++, ch. 4), on a tower-defence map in its
 * format whose road has a loop (td_loop.csv). */
static void test_seed000_tower_defence(void **state) {
    (void)state;
    wf_grid *g;
    wf_map_marks m;
    wf_diag d;
    assert_int_equal(wf_map_load(WF_TEST_DATA "/td_loop.csv", NULL, NULL, &g, &m,
                                 &d), WF_OK);
    assert_true(m.has_start && m.has_goal);
    wf_search *ws;
    wf_node_path np;
    wf_path path;
    wf_node_path_init(&np, NULL);
    wf_path_init(&path, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    /* Grid → graph (4-directional, 64-unit tiles) → A* on the graph. */
    wf_graph *gr;
    assert_int_equal(wf_graph_from_grid(g, wf_move_make(4, WF_CORNERS_NO_CUT), NULL, 64.0, NULL, &gr), WF_OK);
    int64_t s = wf_test_cell_node(gr, m.start.x, m.start.y);
    int64_t t = wf_test_cell_node(gr, m.goal.x, m.goal.y);
    assert_true(s >= 0 && t >= 0);
    assert_int_equal(wf_search_graph(ws, gr, (uint32_t)s, (uint32_t)t, NULL,
                                     &np), WF_OK);
    double first = np.cost;
    double pos[3];
    assert_int_equal(wf_graph_position(gr, (uint32_t)s, pos), WF_OK);
    assert_true(pos[0] == m.start.x * 64 + 32 && pos[1] == m.start.y * 64 + 32);
    wf_search_opts o = wf_search_opts_default();
    o.move.connect = 4;
    assert_int_equal(wf_search_grid(ws, g, m.start, m.goal, &o, &path), WF_OK);
    assert_true(path.cost == first);

    /* A turret on the road where a detour exists: allowed, and the path
     * is planned again around it. */
    const uint8_t turret = 200; /* a terrain code of our own */
    assert_int_equal(wf_grid_set_cost(g, turret, WF_BLOCKED), WF_OK);
    wf_point placed = {-1, -1};
    int refused = 0;
    for (size_t i = 1; i + 1 < path.count; i++) {
        int cut;
        assert_int_equal(wf_grid_block_disconnects(ws, g, &path, path.points[i], &(wf_search_opts){.move = wf_move_make(4, WF_CORNERS_NO_CUT)}, &cut),
                         WF_OK);
        if (cut) {
            refused++;
        } else if (placed.x < 0) {
            placed = path.points[i];
        }
    }
    assert_true(placed.x >= 0); /* the map has a loop: somewhere to build */
    assert_true(refused > 0);   /* and choke points where building is refused */
    assert_int_equal(wf_grid_set(g, placed.x, placed.y, turret), WF_OK);
    wf_graph_destroy(gr);
    assert_int_equal(wf_graph_from_grid(g, wf_move_make(4, WF_CORNERS_NO_CUT), NULL, 64.0, NULL, &gr), WF_OK);
    s = wf_test_cell_node(gr, m.start.x, m.start.y);
    t = wf_test_cell_node(gr, m.goal.x, m.goal.y);
    assert_int_equal(wf_search_graph(ws, gr, (uint32_t)s, (uint32_t)t, NULL,
                                     &np), WF_OK);
    assert_true(np.cost >= first);
    assert_true(wf_test_cell_node(gr, placed.x, placed.y) == -1);
    /* Every cell the query refuses really would cut the road. */
    assert_int_equal(wf_search_grid(ws, g, m.start, m.goal, &o, &path), WF_OK);
    for (size_t i = 1; i + 1 < path.count; i++) {
        int cut;
        wf_grid_block_disconnects(ws, g, &path, path.points[i], &(wf_search_opts){.move = wf_move_make(4, WF_CORNERS_NO_CUT)}, &cut);
        if (!cut)
            continue;
        wf_grid *h;
        wf_grid_clone(g, &h);
        wf_grid_set(h, path.points[i].x, path.points[i].y, turret);
        wf_path tmp;
        wf_path_init(&tmp, NULL);
        assert_int_equal(wf_search_grid(ws, h, m.start, m.goal, &o, &tmp),
                         WF_NO_PATH);
        wf_path_free(&tmp);
        wf_grid_destroy(h);
    }
    wf_graph_destroy(gr);
    wf_node_path_free(&np);
    wf_path_free(&path);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walker),
        cmocka_unit_test(test_block_query_random),
        cmocka_unit_test(test_seed000_tower_defence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
