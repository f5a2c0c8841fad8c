/* D* Lite (replan.h): after every batch of edits and every stretch the
 * agent walks, the repaired plan costs what a fresh A* from the agent's
 * cell costs, on random maps under every movement model, with filters,
 * agent sizes and overlays; its paths are legal moves by the brute-force
 * reference; edits that cut the goal off and give it back; bad arguments
 * and allocation failures. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const wf_corners corner_rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ALWAYS,
                                           WF_CORNERS_ONE_FREE};

/* A w × h map: terrains 1-4 costing 1-4 (all terrain 1 when uniform),
 * walls at wall_pct %. */
static wf_grid *random_grid(wf_test_rng *r, int w, int h, uint32_t wall_pct,
                            int uniform) {
    wf_grid *g;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    for (int t = 1; t <= 4; t++)
        assert_int_equal(wf_grid_set_cost(g, (uint8_t)t, uniform ? 1 : t),
                         WF_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            assert_int_equal(
                wf_grid_set(g, x, y,
                            wf_test_rng_below(r, 100) < wall_pct
                                ? WF_TERRAIN_WALL
                                : (uint8_t)(1 + wf_test_rng_below(r, 4))),
                WF_OK);
    return g;
}

/* A cell near p (within radius), clamped to the grid. */
static wf_point near(wf_test_rng *r, const wf_grid *g, wf_point p, int radius) {
    int x = p.x + (int)wf_test_rng_below(r, 2 * (uint32_t)radius + 1) - radius;
    int y = p.y + (int)wf_test_rng_below(r, 2 * (uint32_t)radius + 1) - radius;
    x = x < 0 ? 0 : x >= wf_grid_width(g) ? wf_grid_width(g) - 1 : x;
    y = y < 0 ? 0 : y >= wf_grid_height(g) ? wf_grid_height(g) - 1 : y;
    return (wf_point){x, y};
}

typedef struct counts {
    size_t plans, paths, none, edits, batches, walked, cut, restored,
        overlay_changes, repriced;
    uint64_t repair_expanded, fresh_expanded;
} counts;

/* The planner's answer against a fresh A* from the agent's cell. */
static void compare(wf_dstar *d, wf_search *ws, const wf_grid *g,
                    const wf_search_opts *o, const wf_test_pricing *pr,
                    wf_path *dp, wf_path *ap, counts *n) {
    wf_status ds = wf_dstar_plan(d, dp);
    wf_status as = wf_search_grid(ws, g, wf_dstar_position(d),
                                  wf_dstar_goal(d), o, ap);
    assert_true(ds == WF_OK || ds == WF_NO_PATH);
    if (ds != as) {
        fprintf(stderr, "dstar %s, A* %s (%s) from (%d,%d) to (%d,%d)\n",
                wf_status_name(ds), wf_status_name(as), wf_dstar_message(d),
                wf_dstar_position(d).x, wf_dstar_position(d).y,
                wf_dstar_goal(d).x, wf_dstar_goal(d).y);
    }
    assert_int_equal(ds, as);
    n->plans++;
    if (ds != WF_OK) {
        assert_int_equal(dp->count, 0);
        assert_true(wf_dstar_message(d)[0] != '\0');
        n->none++;
        return;
    }
    n->paths++;
    n->repair_expanded += dp->stats.expanded;
    n->fresh_expanded += ap->stats.expanded;
    if (!wf_test_close(dp->cost, ap->cost))
        fprintf(stderr, "cost %.17g vs A* %.17g\n", dp->cost, ap->cost);
    assert_true(wf_test_close(dp->cost, ap->cost));
    assert_int_equal(dp->points[0].x, wf_dstar_position(d).x);
    assert_int_equal(dp->points[0].y, wf_dstar_position(d).y);
    assert_int_equal(dp->points[dp->count - 1].x, wf_dstar_goal(d).x);
    assert_int_equal(dp->points[dp->count - 1].y, wf_dstar_goal(d).y);
    if (pr)
        wf_test_check_path(pr, dp);
}

/* One random map: a planner, then rounds of edits (anywhere, on the path
 * ahead, behind the agent, around the goal) and walks. */
static void one_map(wf_test_rng *r, counts *n, int with_overlay) {
    const int w = 4 + (int)wf_test_rng_below(r, 28);
    const int h = 4 + (int)wf_test_rng_below(r, 28);
    const int uniform = (int)wf_test_rng_below(r, 3) == 0;
    wf_grid *g = random_grid(r, w, h, wf_test_rng_below(r, 25), uniform);
    wf_filter f;
    wf_search_opts o = wf_search_opts_default();
    o.move.connect = wf_test_rng_below(r, 3) ? 8 : 4;
    o.move.corners = corner_rules[wf_test_rng_below(r, 3)];
    o.move.size = 1 + (int)wf_test_rng_below(r, 5) / 3; /* mostly 1, some 2 */
    if (wf_test_rng_below(r, 3) == 0)
        o.move.size = 1 + (int)wf_test_rng_below(r, 3);
    if (wf_test_rng_below(r, 3) == 0) {
        wf_filter_init(&f);
        static const double mults[] = {0.5, 1, 3, INFINITY};
        for (int t = 2; t <= 4; t++)
            assert_int_equal(
                wf_filter_set(&f, (uint8_t)t, mults[wf_test_rng_below(r, 4)]),
                WF_OK);
        o.filter = &f;
    }
    if (wf_test_rng_below(r, 4) == 0)
        o.heuristic = wf_test_rng_below(r, 2) ? WF_H_ZERO : WF_H_EUCLIDEAN;
    float *overlay = NULL;
    if (with_overlay) {
        overlay = calloc((size_t)w * (size_t)h, sizeof *overlay);
        assert_non_null(overlay);
        o.overlay = (wf_layer){overlay, (size_t)w * (size_t)h};
        o.overlay_k = 1.5;
    }
    const wf_test_pricing pr = {g, o.move, o.filter, NULL, NULL, NULL};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path dp, ap;
    wf_path_init(&dp, NULL);
    wf_path_init(&ap, NULL);
    /* mostly ends that start connected, so that edits have paths to break */
    wf_point s, t;
    for (int tries = 0; tries < 30; tries++) {
        s = wf_test_random_cell(r, g);
        t = wf_test_random_cell(r, g);
        if (wf_search_grid(ws, g, s, t, &o, &ap) == WF_OK)
            break;
    }
    wf_dstar *d;
    char msg[200];
    assert_int_equal(wf_dstar_create(g, s, t, &o, NULL, msg, sizeof msg, &d),
                     WF_OK);
    compare(d, ws, g, &o, with_overlay ? NULL : &pr, &dp, &ap, n);
    const int rounds = 1 + (int)wf_test_rng_below(r, 12);
    for (int round = 0; round < rounds; round++) {
        const uint32_t kind = wf_test_rng_below(r, 8);
        const int batch = (int)wf_test_rng_below(r, 2);
        const int count = 1 + (int)wf_test_rng_below(r, 10);
        if (batch)
            assert_int_equal(wf_grid_edit_begin(g), WF_OK);
        if (kind == 7) {
            /* wall the goal in, plan, and open it again */
            wf_point gl = wf_dstar_goal(d);
            uint8_t keep[9];
            int k = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++, k++) {
                    keep[k] = (uint8_t)wf_grid_get(g, gl.x + dx, gl.y + dy);
                    if ((dx || dy) && wf_grid_contains(g, gl.x + dx, gl.y + dy))
                        wf_grid_set(g, gl.x + dx, gl.y + dy, WF_TERRAIN_WALL);
                }
            if (batch)
                assert_int_equal(wf_grid_edit_commit(g), WF_OK);
            compare(d, ws, g, &o, with_overlay ? NULL : &pr, &dp, &ap, n);
            n->cut++;
            if (batch)
                assert_int_equal(wf_grid_edit_begin(g), WF_OK);
            k = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++, k++)
                    if ((dx || dy) && wf_grid_contains(g, gl.x + dx, gl.y + dy))
                        wf_grid_set(g, gl.x + dx, gl.y + dy, keep[k]);
            n->restored++;
        } else if (kind == 6 && with_overlay) {
            /* the guard turned: overlay values change, reported as cells */
            wf_point cells[10];
            for (int i = 0; i < count; i++) {
                cells[i] = dp.count && wf_test_rng_below(r, 2)
                    ? dp.points[wf_test_rng_below(r, (uint32_t)dp.count)]
                    : wf_test_random_cell(r, g);
                static const float odd[] = {INFINITY, NAN, -3.0f};
                overlay[(size_t)cells[i].y * (size_t)w + (size_t)cells[i].x] =
                    wf_test_rng_below(r, 3) == 0
                        ? odd[wf_test_rng_below(r, 3)]
                        : (float)wf_test_rng_below(r, 6);
            }
            assert_int_equal(wf_dstar_cells_changed(d, cells, (size_t)count),
                             WF_OK);
            n->overlay_changes++;
        } else {
            for (int i = 0; i < count; i++) {
                wf_point c;
                if (kind <= 2 && dp.count)
                    c = dp.points[wf_test_rng_below(r, (uint32_t)dp.count)];
                else if (kind == 3)
                    c = near(r, g, wf_dstar_position(d), 2); /* behind too */
                else
                    c = wf_test_random_cell(r, g);
                /* terrains 1-4 and, now and then, 5 or 6, which no cell
                 * has at first and which get new prices while absent */
                const uint32_t v = wf_test_rng_below(r, 9);
                wf_grid_set(g, c.x, c.y,
                            v < 3 ? WF_TERRAIN_WALL : (uint8_t)(v - 2));
                n->edits++;
            }
        }
        if (wf_test_rng_below(r, 6) == 0) {
            const uint8_t t = (uint8_t)(5 + wf_test_rng_below(r, 2));
            static const double prices[] = {0.5, 2, 7, WF_BLOCKED};
            assert_int_equal(
                wf_grid_set_cost(g, t, prices[wf_test_rng_below(r, 4)]),
                WF_OK);
            n->repriced++;
        }
        if (batch)
            assert_int_equal(wf_grid_edit_commit(g), WF_OK);
        n->batches++;
        compare(d, ws, g, &o, with_overlay ? NULL : &pr, &dp, &ap, n);
        /* walk a few steps along the plan */
        int steps = (int)wf_test_rng_below(r, 9);
        for (int i = 1; i <= steps && (size_t)i < dp.count; i++) {
            assert_int_equal(wf_dstar_move(d, dp.points[i]), WF_OK);
            n->walked++;
        }
        if (wf_test_rng_below(r, 10) == 0) /* teleported elsewhere */
            assert_int_equal(wf_dstar_move(d, wf_test_random_cell(r, g)), WF_OK);
        if (wf_test_rng_below(r, 15) == 0)
            assert_int_equal(wf_dstar_set_goal(d, wf_test_random_cell(r, g)),
                             WF_OK);
        compare(d, ws, g, &o, with_overlay ? NULL : &pr, &dp, &ap, n);
    }
    wf_path_free(&dp);
    wf_path_free(&ap);
    wf_search_destroy(ws);
    wf_dstar_destroy(d);
    wf_grid_destroy(g);
    free(overlay);
}

static void test_random_edits_equal_fresh_astar(void **state) {
    (void)state;
    wf_test_rng r = {20261125};
    counts n = {0};
    const int maps = wf_test_count(3000);
    for (int i = 0; i < maps; i++)
        one_map(&r, &n, 0);
    for (int i = 0; i < maps / 3; i++)
        one_map(&r, &n, 1);
    printf("dstar: %d maps, %zu batches (%zu cell edits, %zu overlay "
           "changes, %zu goals walled in and %zu freed, %zu terrains "
           "repriced), %zu steps walked: %zu plans equal to a fresh A* (%zu "
           "paths, %zu no path)\n",
           maps + maps / 3, n.batches, n.edits, n.overlay_changes, n.cut,
           n.restored, n.repriced, n.walked, n.plans, n.paths, n.none);
    assert_true(n.paths > (size_t)maps && n.none > (size_t)maps / 10 &&
                n.cut > (size_t)maps / 20);
}

/* Walls placed one by one across a corridor on a larger map: the repair
 * touches much less than a fresh search. */
static void test_repair_is_local(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(200, 200, NULL, &g), WF_OK);
    wf_dstar *d;
    assert_int_equal(wf_dstar_create(g, (wf_point){5, 100},
                                     (wf_point){195, 100}, NULL, NULL, NULL, 0,
                                     &d),
                     WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_dstar_plan(d, &p), WF_OK);
    const uint64_t first = p.stats.expanded;
    assert_true(first >= 190);
    /* a plan with nothing changed expands nothing */
    assert_int_equal(wf_dstar_plan(d, &p), WF_OK);
    assert_int_equal(p.stats.expanded, 0);
    /* the agent walks 20 cells and a wall appears ahead */
    assert_int_equal(wf_dstar_move(d, p.points[20]), WF_OK);
    for (int y = 95; y <= 105; y++)
        assert_int_equal(wf_grid_set(g, 100, y, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_dstar_plan(d, &p), WF_OK);
    assert_true(p.stats.expanded > 0);
    wf_search *ws;
    wf_path a;
    wf_path_init(&a, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, wf_dstar_position(d),
                                    (wf_point){195, 100}, NULL, &a),
                     WF_OK);
    assert_true(wf_test_close(p.cost, a.cost));
    wf_path_free(&a);
    wf_search_destroy(ws);
    wf_path_free(&p);
    wf_dstar_destroy(d);
    wf_grid_destroy(g);
}

static void test_stuck_agent_and_blocked_goal(void **state) {
    (void)state;
    const char *rows[] = {"....", "....", "...."};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_dstar *d;
    assert_int_equal(wf_dstar_create(g, (wf_point){0, 0}, (wf_point){3, 2},
                                     NULL, NULL, NULL, 0, &d),
                     WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_dstar_plan(d, &p), WF_OK);
    assert_int_equal(wf_grid_set(g, 0, 0, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_dstar_plan(d, &p), WF_NO_PATH);
    assert_string_equal(wf_dstar_message(d),
                        "the agent's cell (0, 0) is blocked: the agent is stuck");
    assert_int_equal(wf_grid_set(g, 0, 0, 0), WF_OK);
    assert_int_equal(wf_grid_set(g, 3, 2, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_dstar_plan(d, &p), WF_NO_PATH);
    assert_string_equal(wf_dstar_message(d), "the goal (3, 2) is blocked");
    assert_int_equal(wf_grid_set(g, 3, 2, 0), WF_OK);
    assert_int_equal(wf_dstar_plan(d, &p), WF_OK);
    assert_true(wf_test_close(p.cost, 2 * sqrt(2.0) + 1));
    /* a whole-grid edit and a cost change start it over, still right */
    assert_int_equal(wf_grid_set_cost(g, 0, 2.0), WF_OK);
    assert_int_equal(wf_dstar_plan(d, &p), WF_OK);
    assert_true(wf_test_close(p.cost, 2 * (2 * sqrt(2.0) + 1)));
    assert_int_equal(wf_grid_fill(g, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_dstar_plan(d, &p), WF_NO_PATH);
    wf_path_free(&p);
    wf_dstar_destroy(d);
    wf_grid_destroy(g);
}

static void test_bad_arguments(void **state) {
    (void)state;
    const char *rows[] = {"...", "..."};
    wf_grid *g = wf_test_grid(rows, 2);
    wf_dstar *d = (wf_dstar *)&d;
    char msg[200];
    const wf_point a = {0, 0}, b = {2, 1};
    assert_int_equal(wf_dstar_create(NULL, a, b, NULL, NULL, msg, sizeof msg, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_create(g, a, b, NULL, NULL, msg, sizeof msg, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_create(g, (wf_point){3, 0}, b, NULL, NULL, msg,
                                     sizeof msg, &d),
                     WF_E_RANGE);
    assert_string_equal(msg, "start (3, 0) is outside the 3x2 grid");
    assert_null(d);
    assert_int_equal(wf_dstar_create(g, a, (wf_point){0, -1}, NULL, NULL, msg,
                                     sizeof msg, &d),
                     WF_E_RANGE);
    assert_string_equal(msg, "goal (0, -1) is outside the 3x2 grid");
    wf_search_opts o = wf_search_opts_default();
    o.weight = 2;
    assert_int_equal(wf_dstar_create(g, a, b, &o, NULL, msg, sizeof msg, &d),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(msg, "weight 1"));
    o = wf_search_opts_default();
    o.algo = WF_ALGO_JPS;
    assert_int_equal(wf_dstar_create(g, a, b, &o, NULL, msg, sizeof msg, &d),
                     WF_E_INVALID_ARG);
    o = wf_search_opts_default();
    o.heuristic = WF_H_MANHATTAN;
    assert_int_equal(wf_dstar_create(g, a, b, &o, NULL, msg, sizeof msg, &d),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(msg, "manhattan"));
    o.move.connect = 4; /* consistent there */
    assert_int_equal(wf_dstar_create(g, a, b, &o, NULL, msg, sizeof msg, &d),
                     WF_OK);
    wf_dstar_destroy(d);
    o = wf_search_opts_default();
    o.move.connect = 6;
    assert_int_equal(wf_dstar_create(g, a, b, &o, NULL, msg, sizeof msg, &d),
                     WF_E_INVALID_ARG);
    assert_string_equal(msg, "move.connect must be 4 or 8, got 6");
    o = wf_search_opts_default();
    o.heuristic = WF_H_CUSTOM;
    assert_int_equal(wf_dstar_create(g, a, b, &o, NULL, msg, sizeof msg, &d),
                     WF_E_INVALID_ARG);
    o = wf_search_opts_default();
    o.max_expansions = 5;
    assert_int_equal(wf_dstar_create(g, a, b, &o, NULL, NULL, 0, &d),
                     WF_E_INVALID_ARG);
    o = wf_search_opts_default();
    o.goal_fallback = WF_FALLBACK_NEAREST;
    assert_int_equal(wf_dstar_create(g, a, b, &o, NULL, NULL, 0, &d),
                     WF_E_INVALID_ARG);
    float ov[2] = {0, 0};
    o = wf_search_opts_default();
    o.overlay = (wf_layer){ov, 2};
    assert_int_equal(wf_dstar_create(g, a, b, &o, NULL, msg, sizeof msg, &d),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(msg, "overlay"));

    assert_int_equal(wf_dstar_create(g, a, b, NULL, NULL, NULL, 0, &d), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_dstar_plan(NULL, &p), WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_plan(d, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_move(NULL, a), WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_move(d, (wf_point){-1, 0}), WF_E_RANGE);
    assert_string_equal(wf_dstar_message(d), "(-1, 0) is outside the 3x2 grid");
    assert_int_equal(wf_dstar_set_goal(d, (wf_point){9, 9}), WF_E_RANGE);
    assert_int_equal(wf_dstar_cells_changed(d, NULL, 1), WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_cells_changed(d, NULL, 0), WF_OK);
    const wf_point off[2] = {{-5, 0}, {1, 1}};
    assert_int_equal(wf_dstar_cells_changed(d, off, 2), WF_OK);
    assert_int_equal(wf_dstar_plan(d, &p), WF_OK);
    assert_int_equal(wf_dstar_position(NULL).x, -1);
    assert_int_equal(wf_dstar_goal(NULL).x, -1);
    assert_string_equal(wf_dstar_message(NULL), "");
    wf_dstar_destroy(NULL);
    wf_path_free(&p);
    wf_dstar_destroy(d);
    wf_grid_destroy(g);
}

/* Every allocation refused in turn: a clean error, nothing leaked, and the
 * planner works once memory is back. */
static void test_allocation_failures(void **state) {
    (void)state;
    wf_test_rng r = {7};
    wf_grid *g = random_grid(&r, 40, 30, 20, 0);
    for (int x = 0; x < 40; x++) /* a way along the top and down the side */
        wf_grid_set(g, x, 0, 1);
    for (int y = 0; y < 30; y++)
        wf_grid_set(g, 39, y, 1);
    size_t refused = 0;
    for (size_t n = 1;; n++) {
        wf_test_alloc ta;
        wf_allocator a = wf_test_alloc_init(&ta, n);
        wf_dstar *d = NULL;
        wf_status s = wf_dstar_create(g, (wf_point){0, 0}, (wf_point){39, 29},
                                      NULL, &a, NULL, 0, &d);
        wf_path p;
        wf_path_init(&p, &a);
        if (s == WF_OK) {
            s = wf_dstar_plan(d, &p);
            if (s == WF_E_NOMEM) {
                ta.fail_at = 0;
                s = wf_dstar_plan(d, &p); /* starts over and succeeds */
                assert_true(s == WF_OK || s == WF_NO_PATH);
                s = WF_E_NOMEM;
            }
        }
        wf_path_free(&p);
        wf_dstar_destroy(d);
        assert_int_equal(ta.live, 0);
        if (!ta.refused) {
            assert_int_equal(s, WF_OK);
            break;
        }
        assert_int_equal(s, WF_E_NOMEM);
        refused++;
    }
    /* the planner, its cells, its open list, its trail, the path */
    assert_true(refused >= 5);
    wf_grid_destroy(g);
}

/* The walker with incremental re-planning, on random maps edited between
 * its steps (some edits in batches, some overlay changes reported, some
 * not): each step is a legal move, every re-plan costs what a fresh A*
 * costs, and it arrives when the goal stays reachable. */
static void test_walker_incremental(void **state) {
    (void)state;
    wf_test_rng r = {99};
    size_t steps = 0, replans = 0, checked = 0, arrived = 0, unreported = 0;
    const int maps = wf_test_count(400);
    for (int m = 0; m < maps; m++) {
        const int w = 6 + (int)wf_test_rng_below(&r, 24);
        const int h = 6 + (int)wf_test_rng_below(&r, 24);
        wf_grid *g = random_grid(&r, w, h, wf_test_rng_below(&r, 15), 0);
        float *overlay = calloc((size_t)w * (size_t)h, sizeof *overlay);
        assert_non_null(overlay);
        wf_search_opts o = wf_search_opts_default();
        o.move.connect = wf_test_rng_below(&r, 3) ? 8 : 4;
        o.move.corners = corner_rules[wf_test_rng_below(&r, 3)];
        o.move.size = 1 + (int)wf_test_rng_below(&r, 4) / 3;
        o.overlay = (wf_layer){overlay, (size_t)w * (size_t)h};
        o.overlay_k = 1;
        wf_search *ws;
        assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
        wf_path ap;
        wf_path_init(&ap, NULL);
        wf_point s = {0, 0}, t = {0, 0};
        for (int tries = 0; tries < 30; tries++) {
            s = wf_test_random_cell(&r, g);
            t = wf_test_random_cell(&r, g);
            if (wf_search_grid(ws, g, s, t, &o, &ap) == WF_OK)
                break;
        }
        wf_walker *wk;
        assert_int_equal(wf_walker_create(NULL, &wk), WF_OK);
        assert_int_equal(wf_walker_set_incremental(wk, g), WF_OK);
        wf_status st = wf_walker_plan(wk, ws, g, s, t, &o);
        for (int i = 0; i < 4 * (w + h) && st == WF_OK; i++) {
            const wf_point at = wf_walker_position(wk);
            const uint32_t kind = wf_test_rng_below(&r, 6);
            if (kind == 0) {
                const int batch = (int)wf_test_rng_below(&r, 2);
                if (batch)
                    wf_grid_edit_begin(g);
                for (int e = 0; e < 3; e++) {
                    const wf_point c = wf_test_random_cell(&r, g);
                    if (c.x != at.x || c.y != at.y)
                        wf_grid_set(g, c.x, c.y,
                                    wf_test_rng_below(&r, 3)
                                        ? WF_TERRAIN_WALL
                                        : (uint8_t)(1 + wf_test_rng_below(&r, 4)));
                }
                if (batch)
                    wf_grid_edit_commit(g);
            } else if (kind == 1) {
                /* the guard's cone falls on a cell: reported, or (the
                 * next cell of the path only, which the walker checks)
                 * not */
                wf_point c;
                if (wf_test_rng_below(&r, 2)) {
                    c = wf_test_random_cell(&r, g);
                    overlay[(size_t)c.y * (size_t)w + (size_t)c.x] += 5;
                    assert_int_equal(wf_walker_cells_changed(wk, &c, 1),
                                     WF_OK);
                } else if (wf_path_next(wf_walker_path(wk), at, &c) == WF_OK) {
                    overlay[(size_t)c.y * (size_t)w + (size_t)c.x] += 5;
                    unreported++;
                }
            }
            const size_t before = wf_walker_replans(wk);
            wf_point next;
            st = wf_walker_step(wk, ws, g, &next);
            if (st == WF_OK || st == WF_ARRIVED) {
                steps++;
                if (next.x != at.x || next.y != at.y) {
                    const wf_test_pricing pr = {g, o.move, NULL, NULL, NULL,
                                                NULL};
                    assert_true(wf_test_ref_move(&pr, at, next) > 0);
                }
            }
            if (wf_walker_replans(wk) > before && st != WF_NO_PATH) {
                /* the plan just made is a fresh A*'s equal */
                replans++;
                const wf_path *p = wf_walker_path(wk);
                assert_int_equal(
                    wf_search_grid(ws, g, p->points[0], t, &o, &ap), WF_OK);
                assert_true(wf_test_close(p->cost, ap.cost));
                checked++;
            }
            if (st == WF_ARRIVED)
                arrived++;
        }
        wf_path_free(&ap);
        wf_walker_destroy(wk);
        wf_search_destroy(ws);
        wf_grid_destroy(g);
        free(overlay);
    }
    printf("walker with D* Lite: %zu steps, %zu re-plans checked against A* "
           "(%zu overlay changes not reported), %zu arrivals\n",
           steps, checked, unreported, arrived);
    assert_true(checked > (size_t)maps && arrived > (size_t)maps / 5 &&
                replans == checked);
}

/* A copy of graph g whose arc k weighs w[k] (INFINITY: left out), for
 * the fresh search to compare with. */
static wf_graph *reweighed(const wf_graph *g, const double *w) {
    wf_graph_builder *b;
    assert_int_equal(wf_graph_builder_create(2, NULL, &b), WF_OK);
    for (uint32_t u = 0; u < wf_graph_node_count(g); u++) {
        double pos[3];
        assert_int_equal(wf_graph_position(g, u, pos), WF_OK);
        assert_int_equal(wf_graph_builder_add_node(b, pos, NULL), WF_OK);
    }
    size_t k = 0;
    for (uint32_t u = 0; u < wf_graph_node_count(g); u++) {
        const uint32_t *t;
        size_t n = wf_graph_out_edges(g, u, &t, NULL);
        for (size_t i = 0; i < n; i++, k++)
            if (w[k] < INFINITY)
                assert_int_equal(wf_graph_builder_add_edge(b, u, t[i], w[k], 0),
                                 WF_OK);
    }
    wf_graph *out;
    assert_int_equal(wf_graph_build(b, &out), WF_OK);
    wf_graph_builder_destroy(b);
    return out;
}

/* D* Lite on random waypoint graphs (one-way arcs, positions in a square)
 * while arc weights change, arcs shut and open, and the agent moves: every
 * plan costs what wf_search_graph gives on the graph with those weights. */
static void test_graph_weights_equal_fresh_search(void **state) {
    (void)state;
    wf_test_rng r = {4242};
    size_t plans = 0, paths = 0, changes = 0, overlays = 0;
    const int graphs = wf_test_count(600);
    for (int m = 0; m < graphs; m++) {
        const uint32_t nodes = 2 + wf_test_rng_below(&r, 60);
        wf_graph_builder *b;
        assert_int_equal(wf_graph_builder_create(2, NULL, &b), WF_OK);
        for (uint32_t i = 0; i < nodes; i++) {
            double pos[2] = {wf_test_rng_below(&r, 100),
                             wf_test_rng_below(&r, 100)};
            assert_int_equal(wf_graph_builder_add_node(b, pos, NULL), WF_OK);
        }
        const uint32_t edges = nodes * (1 + wf_test_rng_below(&r, 4));
        for (uint32_t i = 0; i < edges; i++) {
            uint32_t u = wf_test_rng_below(&r, nodes);
            uint32_t v = wf_test_rng_below(&r, nodes);
            double w = 1 + wf_test_rng_below(&r, 150);
            assert_int_equal(wf_graph_builder_add_edge(
                                 b, u, v, w, (int)wf_test_rng_below(&r, 2)),
                             WF_OK);
        }
        wf_graph *g;
        assert_int_equal(wf_graph_build(b, &g), WF_OK);
        wf_graph_builder_destroy(b);
        const size_t arcs = wf_graph_edge_count(g);
        double *w = malloc((arcs + 1) * sizeof *w);
        assert_non_null(w);
        size_t k = 0;
        for (uint32_t u = 0; u < nodes; u++) {
            const double *ws;
            size_t n = wf_graph_out_edges(g, u, NULL, &ws);
            for (size_t i = 0; i < n; i++)
                w[k++] = ws[i];
        }
        wf_search_opts o = wf_search_opts_default();
        if (wf_test_rng_below(&r, 4) == 0)
            o.heuristic = WF_H_ZERO;
        float *ov = calloc(nodes, sizeof *ov);
        assert_non_null(ov);
        if (wf_test_rng_below(&r, 2)) {
            o.overlay = (wf_layer){ov, nodes};
            o.overlay_k = 2;
        }
        uint32_t s = wf_test_rng_below(&r, nodes), t = wf_test_rng_below(&r, nodes);
        wf_dstar *d;
        char msg[200];
        assert_int_equal(
            wf_dstar_create_graph(g, s, t, &o, NULL, msg, sizeof msg, &d),
            WF_OK);
        wf_search *ws;
        assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
        wf_node_path dp, fp;
        wf_node_path_init(&dp, NULL);
        wf_node_path_init(&fp, NULL);
        for (int round = 0; round < 12; round++) {
            wf_status ds = wf_dstar_plan_graph(d, &dp);
            wf_graph *now = reweighed(g, w);
            wf_status fs = wf_search_graph(ws, now, wf_dstar_node(d, 0), t, &o,
                                           &fp);
            wf_graph_destroy(now);
            assert_int_equal(ds, fs);
            plans++;
            if (ds == WF_OK) {
                paths++;
                assert_true(wf_test_close(dp.cost, fp.cost));
                assert_int_equal(dp.nodes[0], wf_dstar_node(d, 0));
                assert_int_equal(dp.nodes[dp.count - 1], t);
                /* every step an arc at its weight now */
                double sum = 0;
                for (size_t i = 0; i + 1 < dp.count; i++) {
                    const uint32_t *tg;
                    size_t n = wf_graph_out_edges(g, dp.nodes[i], &tg, NULL);
                    int found = 0;
                    for (size_t j = 0; j < n && !found; j++)
                        if (tg[j] == dp.nodes[i + 1]) {
                            size_t arc = 0;
                            for (uint32_t u = 0; u < dp.nodes[i]; u++)
                                arc += wf_graph_out_edges(g, u, NULL, NULL);
                            sum += w[arc + j];
                            found = 1;
                        }
                    assert_true(found);
                }
                if (!o.overlay.values)
                    assert_true(wf_test_close(sum, dp.cost));
            }
            /* change some weights: dearer, cheaper (below the scale too),
             * shut, opened */
            const int n = 1 + (int)wf_test_rng_below(&r, 6);
            for (int i = 0; i < n && arcs; i++) {
                size_t arc = wf_test_rng_below(&r, (uint32_t)arcs);
                if (dp.count > 1 && wf_test_rng_below(&r, 2)) {
                    /* an arc of the path */
                    size_t at = wf_test_rng_below(&r, (uint32_t)dp.count - 1);
                    const uint32_t *tg;
                    size_t deg = wf_graph_out_edges(g, dp.nodes[at], &tg, NULL);
                    arc = 0;
                    for (uint32_t u = 0; u < dp.nodes[at]; u++)
                        arc += wf_graph_out_edges(g, u, NULL, NULL);
                    for (size_t j = 0; j < deg; j++)
                        if (tg[j] == dp.nodes[at + 1])
                            arc += j, j = deg;
                }
                uint32_t from = 0;
                size_t first = 0;
                while (first + wf_graph_out_edges(g, from, NULL, NULL) <= arc)
                    first += wf_graph_out_edges(g, from++, NULL, NULL);
                const uint32_t *tg;
                wf_graph_out_edges(g, from, &tg, NULL);
                const uint32_t kind = wf_test_rng_below(&r, 4);
                const double nw = kind == 0 ? WF_BLOCKED
                                  : kind == 1 ? 0.25 + wf_test_rng_below(&r, 4)
                                              : 1 + wf_test_rng_below(&r, 200);
                assert_int_equal(
                    wf_dstar_set_weight(d, from, tg[arc - first], nw), WF_OK);
                w[arc] = nw == WF_BLOCKED ? INFINITY : nw;
                changes++;
            }
            /* an overlay value changes, reported */
            if (o.overlay.values && wf_test_rng_below(&r, 2)) {
                const uint32_t v = wf_test_rng_below(&r, nodes);
                static const float vals[] = {0, 3, 40, INFINITY, NAN, -1};
                ov[v] = vals[wf_test_rng_below(&r, 6)];
                assert_int_equal(wf_dstar_nodes_changed(d, &v, 1), WF_OK);
                overlays++;
            }
            /* the agent moves a step or two along its path */
            for (size_t i = 1; i < dp.count && i <= wf_test_rng_below(&r, 3);
                 i++)
                assert_int_equal(wf_dstar_move_node(d, dp.nodes[i]), WF_OK);
        }
        wf_node_path_free(&dp);
        wf_node_path_free(&fp);
        wf_search_destroy(ws);
        wf_dstar_destroy(d);
        wf_graph_destroy(g);
        free(w);
        free(ov);
    }
    printf("dstar on graphs: %zu plans equal to a fresh graph search (%zu "
           "paths) after %zu weight changes and %zu overlay changes\n",
           plans, paths, changes, overlays);
    assert_true(paths > 4 * (size_t)graphs);
}

static void test_graph_bad_arguments(void **state) {
    (void)state;
    wf_graph_builder *b;
    assert_int_equal(wf_graph_builder_create(2, NULL, &b), WF_OK);
    double p0[2] = {0, 0}, p1[2] = {3, 4};
    assert_int_equal(wf_graph_builder_add_node(b, p0, NULL), WF_OK);
    assert_int_equal(wf_graph_builder_add_node(b, p1, NULL), WF_OK);
    assert_int_equal(wf_graph_builder_add_edge(b, 0, 1, 5, 0), WF_OK);
    wf_graph *g;
    assert_int_equal(wf_graph_build(b, &g), WF_OK);
    wf_graph_builder_destroy(b);
    wf_dstar *d;
    char msg[200];
    assert_int_equal(wf_dstar_create_graph(g, 0, 2, NULL, NULL, msg, sizeof msg,
                                           &d),
                     WF_E_RANGE);
    assert_string_equal(msg, "goal 2 is not a node (the graph has 2)");
    wf_search_opts o = wf_search_opts_default();
    o.heuristic = WF_H_OCTILE;
    assert_int_equal(wf_dstar_create_graph(g, 0, 1, &o, NULL, msg, sizeof msg,
                                           &d),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(msg, "straight-line"));
    assert_int_equal(wf_dstar_create_graph(g, 0, 1, NULL, NULL, msg, sizeof msg,
                                           &d),
                     WF_OK);
    wf_node_path np;
    wf_node_path_init(&np, NULL);
    assert_int_equal(wf_dstar_plan_graph(d, &np), WF_OK);
    assert_true(wf_test_close(np.cost, 5));
    assert_int_equal(wf_dstar_set_weight(d, 1, 0, 2), WF_E_RANGE);
    assert_string_equal(wf_dstar_message(d), "the graph has no arc 1 -> 0");
    assert_int_equal(wf_dstar_set_weight(d, 0, 1, 0), WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_set_weight(d, 0, 1, NAN), WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_set_weight(d, 0, 1, WF_BLOCKED), WF_OK);
    assert_int_equal(wf_dstar_plan_graph(d, &np), WF_NO_PATH);
    assert_string_equal(wf_dstar_message(d),
                        "node 1 cannot be reached from node 0");
    assert_int_equal(wf_dstar_set_weight(d, 0, 1, 1.0), WF_OK); /* < scale */
    assert_int_equal(wf_dstar_plan_graph(d, &np), WF_OK);
    assert_true(wf_test_close(np.cost, 1));
    /* grid calls on a graph planner, and the other way round */
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_dstar_plan(d, &p), WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_move(d, (wf_point){0, 0}), WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_move_node(d, 7), WF_E_RANGE);
    assert_int_equal(wf_dstar_node(d, 1), 1);
    assert_int_equal(wf_dstar_node(NULL, 0), UINT32_MAX);
    assert_int_equal(wf_dstar_position(d).x, -1);
    wf_dstar_destroy(d);
    const char *rows[] = {"..."};
    wf_grid *grid = wf_test_grid(rows, 1);
    assert_int_equal(wf_dstar_create(grid, (wf_point){0, 0}, (wf_point){2, 0},
                                     NULL, NULL, NULL, 0, &d),
                     WF_OK);
    assert_int_equal(wf_dstar_plan_graph(d, &np), WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_set_weight(d, 0, 1, 1), WF_E_INVALID_ARG);
    assert_int_equal(wf_dstar_node(d, 0), UINT32_MAX);
    wf_dstar_destroy(d);
    wf_grid_destroy(grid);
    wf_node_path_free(&np);
    wf_graph_destroy(g);
}

/* What review found: a terrain priced while no cell has it, an overlay
 * that is NaN on the goal, a plan inside an open batch, costs that
 * overflow, and a graph weight lowered before the first plan. */
static void test_review_cases(void **state) {
    (void)state;
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path dp, ap;
    wf_path_init(&dp, NULL);
    wf_path_init(&ap, NULL);
    static const double prices[3][2] = {{1, 50}, {1, 0.25}, {WF_BLOCKED, 1}};
    for (int k = 0; k < 3; k++) {
        wf_grid *g;
        assert_int_equal(wf_grid_create(10, 3, NULL, &g), WF_OK);
        assert_int_equal(wf_grid_set_cost(g, 7, prices[k][0]), WF_OK);
        wf_dstar *d;
        assert_int_equal(wf_dstar_create(g, (wf_point){0, 1}, (wf_point){9, 1},
                                         NULL, NULL, NULL, 0, &d),
                         WF_OK);
        assert_int_equal(wf_dstar_plan(d, &dp), WF_OK);
        assert_int_equal(wf_grid_set_cost(g, 7, prices[k][1]), WF_OK);
        for (int y = 0; y < 3; y++)
            assert_int_equal(wf_grid_set(g, 5, y, 7), WF_OK);
        assert_int_equal(wf_dstar_plan(d, &dp), WF_OK);
        assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 1},
                                        (wf_point){9, 1}, NULL, &ap),
                         WF_OK);
        assert_true(wf_test_close(dp.cost, ap.cost));
        /* a plan inside an open batch is refused; after the commit it is
         * right again */
        assert_int_equal(wf_grid_edit_begin(g), WF_OK);
        assert_int_equal(wf_grid_set(g, 5, 1, WF_TERRAIN_WALL), WF_OK);
        assert_int_equal(wf_dstar_plan(d, &dp), WF_E_INVALID_ARG);
        assert_non_null(strstr(wf_dstar_message(d), "batch is open"));
        assert_int_equal(wf_grid_edit_commit(g), WF_OK);
        assert_int_equal(wf_dstar_plan(d, &dp), WF_OK);
        assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 1},
                                        (wf_point){9, 1}, NULL, &ap),
                         WF_OK);
        assert_true(wf_test_close(dp.cost, ap.cost));
        wf_dstar_destroy(d);
        wf_grid_destroy(g);
    }
    /* NaN on the goal counts as 0, as in the grid search */
    wf_grid *g;
    assert_int_equal(wf_grid_create(5, 1, NULL, &g), WF_OK);
    float ov[5] = {0, 0, 0, 0, NAN};
    wf_search_opts o = wf_search_opts_default();
    o.overlay = (wf_layer){ov, 5};
    o.overlay_k = 1;
    wf_dstar *d;
    assert_int_equal(wf_dstar_create(g, (wf_point){0, 0}, (wf_point){4, 0}, &o,
                                     NULL, NULL, 0, &d),
                     WF_OK);
    assert_int_equal(wf_dstar_plan(d, &dp), WF_OK);
    assert_true(wf_test_close(dp.cost, 4));
    wf_dstar_destroy(d);
    /* costs a double cannot sum: no path, and the message says why */
    assert_int_equal(wf_grid_set_cost(g, 0, 1e308), WF_OK);
    assert_int_equal(wf_dstar_create(g, (wf_point){0, 0}, (wf_point){4, 0},
                                     NULL, NULL, NULL, 0, &d),
                     WF_OK);
    assert_int_equal(wf_dstar_plan(d, &dp), WF_NO_PATH);
    assert_non_null(strstr(wf_dstar_message(d), "overflow"));
    wf_dstar_destroy(d);
    wf_grid_destroy(g);

    /* a graph: a line 0-1-2-3 of arcs 10, a detour 0-4-3 of arcs 200 far
     * off, then made 0.1 each, before the first plan and after one */
    for (int after = 0; after < 2; after++) {
        wf_graph_builder *b;
        assert_int_equal(wf_graph_builder_create(2, NULL, &b), WF_OK);
        const double pos[5][2] = {{0, 0}, {10, 0}, {20, 0}, {30, 0}, {0, 100}};
        for (int i = 0; i < 5; i++)
            assert_int_equal(wf_graph_builder_add_node(b, pos[i], NULL), WF_OK);
        for (uint32_t i = 0; i < 3; i++)
            assert_int_equal(wf_graph_builder_add_edge(b, i, i + 1, 10, 0),
                             WF_OK);
        assert_int_equal(wf_graph_builder_add_edge(b, 0, 4, 200, 0), WF_OK);
        assert_int_equal(wf_graph_builder_add_edge(b, 4, 3, 200, 0), WF_OK);
        wf_graph *gr;
        assert_int_equal(wf_graph_build(b, &gr), WF_OK);
        wf_graph_builder_destroy(b);
        float nov[5] = {0, 0, 0, INFINITY, 0};
        wf_search_opts go = wf_search_opts_default();
        go.overlay = (wf_layer){nov, 5};
        go.overlay_k = 1;
        assert_int_equal(wf_dstar_create_graph(gr, 0, 3, &go, NULL, NULL, 0, &d),
                         WF_OK);
        wf_node_path np;
        wf_node_path_init(&np, NULL);
        /* the goal forbidden by the overlay: no path, until it is lifted */
        assert_int_equal(wf_dstar_plan_graph(d, &np), WF_NO_PATH);
        nov[3] = 0;
        const uint32_t goal = 3;
        assert_int_equal(wf_dstar_nodes_changed(d, &goal, 1), WF_OK);
        if (after)
            assert_int_equal(wf_dstar_plan_graph(d, &np), WF_OK);
        assert_int_equal(wf_dstar_set_weight(d, 0, 4, 0.1), WF_OK);
        assert_int_equal(wf_dstar_set_weight(d, 4, 3, 0.1), WF_OK);
        assert_int_equal(wf_dstar_plan_graph(d, &np), WF_OK);
        assert_true(wf_test_close(np.cost, 0.2));
        assert_int_equal(np.count, 3);
        wf_dstar_destroy(d);
        /* start on a goal the overlay forbids: a path of one node */
        nov[3] = INFINITY;
        assert_int_equal(wf_dstar_create_graph(gr, 3, 3, &go, NULL, NULL, 0, &d),
                         WF_OK);
        assert_int_equal(wf_dstar_plan_graph(d, &np), WF_OK);
        assert_int_equal(np.count, 1);
        assert_int_equal(wf_search_graph(ws, gr, 3, 3, &go, &np), WF_OK);
        wf_dstar_destroy(d);
        wf_node_path_free(&np);
        wf_graph_destroy(gr);
    }
    wf_path_free(&dp);
    wf_path_free(&ap);
    wf_search_destroy(ws);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_edits_equal_fresh_astar),
        cmocka_unit_test(test_repair_is_local),
        cmocka_unit_test(test_stuck_agent_and_blocked_goal),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_allocation_failures),
        cmocka_unit_test(test_walker_incremental),
        cmocka_unit_test(test_graph_weights_equal_fresh_search),
        cmocka_unit_test(test_graph_bad_arguments),
        cmocka_unit_test(test_review_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
