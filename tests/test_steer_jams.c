/* Units that move (steer.h) out of jams: a held unit re-plans round the
 * units standing in its way when another way is free, and two units that
 * meet head on in a doorway too narrow to pass in (one cell, between two
 * diagonal blocks: street/Berlin_0_256 at (193, 70)) do not stand there
 * for ever. Each case fails on the crowd without the rule it tests. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "wayfind/field.h"
#include "wayfind/search.h"
#include "wayfind/steer.h"

static wf_grid *grid_of(const char *const *rows, int h) {
    int w = (int)strlen(rows[0]);
    wf_grid *g;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (rows[y][x] == '#')
                assert_int_equal(wf_grid_set(g, x, y, WF_TERRAIN_WALL), WF_OK);
    return g;
}

static wf_agent_id add(wf_crowd *c, double x, double y, double weight) {
    wf_agent_opts a = wf_agent_opts_default();
    a.position = (wf_vec2){x, y};
    a.weight = weight;
    wf_agent_id id = 0;
    assert_int_equal(wf_crowd_add(c, &a, &id), WF_OK);
    return id;
}

/* Gives agent id the any-angle path from where it stands to `to`. */
static void path_to(wf_crowd *c, const wf_grid *g, wf_agent_id id,
                    wf_vec2 to) {
    wf_agent_state st;
    assert_int_equal(wf_crowd_get(c, id, &st), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline pl;
    wf_polyline_init(&pl, NULL);
    wf_point s = {(int)floor(st.position.x), (int)floor(st.position.y)};
    wf_point t = {(int)floor(to.x), (int)floor(to.y)};
    assert_int_equal(wf_search_any_angle(ws, g, s, t, WF_ANY_ANGLE_THETA,
                                         NULL, &pl), WF_OK);
    /* from the agent through the inner corners to `to` */
    wf_vec2 pts[64];
    size_t n = 0;
    pts[n++] = st.position;
    for (size_t k = 1; k + 1 < pl.count && n < 63; k++)
        pts[n++] = pl.points[k];
    pts[n++] = to;
    assert_int_equal(wf_crowd_set_path(c, id, pts, n), WF_OK);
    wf_polyline_free(&pl);
    wf_search_destroy(ws);
}

/* Steps until every agent of ids arrived or `bound` steps: the steps. */
static long run_until(wf_crowd *c, const wf_agent_id *ids, size_t n,
                      long bound) {
    for (long k = 1; k <= bound; k++) {
        assert_int_equal(wf_crowd_step(c, NULL), WF_OK);
        size_t in = 0;
        for (size_t i = 0; i < n; i++) {
            wf_agent_state st;
            assert_int_equal(wf_crowd_get(c, ids[i], &st), WF_OK);
            in += st.arrived;
        }
        if (in == n)
            return k;
    }
    return bound;
}

/* Two streets from the west square to the east one: the short one (rows
 * 1-2) is shut by two heavy units standing still side by side (a jam
 * that does not move), the long one (rows 8-9) is free. A unit sent down
 * the short one is held at the plug; re-planning through it would lead
 * back into it. */
static const char *const two_streets[] = {
    "##############################",
    "#............................#",
    "#............................#",
    "#....####################....#",
    "#....####################....#",
    "#....####################....#",
    "#....####################....#",
    "#....####################....#",
    "#............................#",
    "#............................#",
    "##############################",
};

/* The unit's field toward the east square (FLOW, fills flow). */
static void set_field(wf_crowd *c, const wf_grid *g, wf_agent_id u,
                      wf_vec2 goal, int8_t *flow, size_t room) {
    size_t cells = (size_t)wf_grid_width(g) * wf_grid_height(g);
    float dist[11 * 30];
    assert_true(cells <= room && cells <= sizeof dist / sizeof *dist);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_field_source src = {{(int)goal.x, (int)goal.y}, 0.0};
    assert_int_equal(wf_field_dijkstra_grid(ws, g, &src, 1, wf_move_default(),
                                            NULL, dist), WF_OK);
    wf_search_destroy(ws);
    wf_layer l = {dist, cells};
    assert_int_equal(wf_field_flow_grid(g, l, wf_move_default(), NULL, flow),
                     WF_OK);
    assert_int_equal(wf_crowd_set_flow(c, u, flow, goal), WF_OK);
}

/* One unit down the short street, on a path (flow 0) or a field (1). */
static void round_the_jam(int flow) {
    wf_grid *g = grid_of(two_streets, 11);
    wf_crowd_opts o = wf_crowd_opts_default();
    o.grid = g;
    wf_crowd *c;
    assert_int_equal(wf_crowd_create(&o, NULL, &c), WF_OK);
    wf_agent_id plug[2] = {add(c, 14.5, 1.5, 1000.0),
                           add(c, 14.5, 2.5, 1000.0)};
    for (int i = 0; i < 2; i++)
        assert_int_equal(wf_crowd_set_velocity(c, plug[i], (wf_vec2){0, 0}),
                         WF_OK);
    wf_agent_id u = add(c, 2.5, 2.0, 1.0);
    wf_vec2 goal = {26.5, 2.0};
    int8_t field[11 * 30];
    if (flow)
        set_field(c, g, u, goal, field, sizeof field);
    else
        path_to(c, g, u, goal);
    long k = run_until(c, &u, 1, 1500);
    wf_agent_state st;
    assert_int_equal(wf_crowd_get(c, u, &st), WF_OK);
    printf("round the jam (%s): arrived in %ld steps (bound 1500) at "
           "(%.2f, %.2f), %u re-plans\n", flow ? "field" : "path", k,
           st.position.x, st.position.y, st.replans);
    assert_true(k < 1500);
    wf_crowd_destroy(c);
    wf_grid_destroy(g);
}

static void test_round_the_jam_path(void **state) {
    (void)state;
    round_the_jam(0);
}

/* In sight of its goal the whole way: held, it still leaves the field. */
static void test_round_the_jam_field(void **state) {
    (void)state;
    round_the_jam(1);
}

/* street/Berlin_0_256, x 186..201, y 64..75: a doorway one cell wide
 * between two diagonal blocks, from (7, 5) to (7..8, 6) here, the only
 * way between the west and the south-east. */
static const char *const doorway[] = {
    ".....###########",
    "....############",
    ".....###########",
    "......##########",
    ".......######.##",
    "........####...#",
    "......#..#......",
    ".....###........",
    "...#####........",
    "..#######.......",
    ".#########......",
    "..########......",
};

static void test_head_on_in_a_doorway(void **state) {
    (void)state;
    wf_grid *g = grid_of(doorway, 12);
    wf_crowd_opts o = wf_crowd_opts_default();
    o.grid = g;
    long worst = 0;
    /* the two come to the doorway at the same time or one a little later:
     * the later one starts further back */
    for (int lag = 0; lag < 6; lag++) {
        wf_crowd *c;
        assert_int_equal(wf_crowd_create(&o, NULL, &c), WF_OK);
        wf_agent_id ids[2];
        ids[0] = add(c, 2.5 - 0.25 * lag, 2.5, 1.0);
        ids[1] = add(c, 13.5, 10.5, 1.0);
        /* each bound for where the other starts */
        path_to(c, g, ids[0], (wf_vec2){13.5, 10.5});
        path_to(c, g, ids[1], (wf_vec2){2.5, 2.5});
        long k = run_until(c, ids, 2, 1500);
        worst = k > worst ? k : worst;
        if (k >= 1500) {
            for (int i = 0; i < 2; i++) {
                wf_agent_state st;
                wf_crowd_get(c, ids[i], &st);
                printf("doorway, lag %d: agent %d at (%.2f, %.2f) not in\n",
                       lag, i, st.position.x, st.position.y);
            }
        }
        assert_true(k < 1500);
        wf_crowd_destroy(c);
    }
    printf("head on in a one-cell doorway, 6 timings: both through, slowest "
           "%ld steps (bound 1500)\n", worst);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_the_jam_path),
        cmocka_unit_test(test_round_the_jam_field),
        cmocka_unit_test(test_head_on_in_a_doorway),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
