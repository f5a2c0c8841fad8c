/* Crowds kept in by a navigation mesh (wf_crowd_add_mesh_walls) and no
 * grid: agents walk paths found on a mesh made for their radius, and a
 * monitor of its own measures, after every step, the closest any two came
 * (wf_cscen_measure) and how deep any disc went past the mesh's boundary
 * edges themselves (overlap / radius), and checks every centre is on the
 * mesh. A Moving AI map (its cells' mesh for the walls), a U-shaped
 * corridor with a pillar made from outlines, and bad input; agents off
 * their paths re-planning on a mesh (wf_crowd_opts.mesh). */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crowd_scen.h"

#define RADIUS 0.4
/* The radius the paths' mesh is made for: above the agents' own and their
 * avoidance margin (WF_CROWD_MARGIN), so a path leaves room for the
 * agent's disc where it bends round a corner; below 0.49, so that doors
 * one cell wide stay open (steer.h: 2.04 r and a little). */
#define PATH_RADIUS 0.45
/* Side of the buckets the monitor sorts boundary edges into. */
#define CELL 2.0

/* ---- the monitor: a mesh's boundary edges, bucketed ---------------------- */

typedef struct boundary {
    wf_vec2 *seg; /* edge i: seg[2i] to seg[2i + 1] */
    size_t n;
    double ox, oy;
    int bw, bh;
    size_t *start, *ids; /* bucket k: ids[start[k] .. start[k + 1]) */
} boundary;

/* The edges of m with no polygon beyond them. */
static void boundary_edges(const wf_mesh *m, boundary *b) {
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    size_t cap = 64;
    b->seg = malloc(2 * cap * sizeof *b->seg);
    assert_non_null(b->seg);
    b->n = 0;
    for (size_t p = 0; p < info.polygons; p++) {
        wf_vec2 pt[64];
        long nb[64];
        size_t k = wf_mesh_polygon(m, p, pt, nb, 64);
        assert_true(k >= 3 && k <= 64);
        for (size_t i = 0; i < k; i++) {
            if (nb[i] != -1)
                continue;
            if (b->n == cap) {
                cap *= 2;
                b->seg = realloc(b->seg, 2 * cap * sizeof *b->seg);
                assert_non_null(b->seg);
            }
            b->seg[2 * b->n] = pt[i];
            b->seg[2 * b->n + 1] = pt[(i + 1) % k];
            b->n++;
        }
    }
}

/* The buckets edge i's box, grown by reach, covers: r = x0, y0, x1, y1. */
static void edge_cells(const boundary *b, size_t i, double reach, int r[4]) {
    wf_vec2 p = b->seg[2 * i], q = b->seg[2 * i + 1];
    r[0] = (int)floor((fmin(p.x, q.x) - reach - b->ox) / CELL);
    r[1] = (int)floor((fmin(p.y, q.y) - reach - b->oy) / CELL);
    r[2] = (int)floor((fmax(p.x, q.x) + reach - b->ox) / CELL);
    r[3] = (int)floor((fmax(p.y, q.y) + reach - b->oy) / CELL);
}

/* Counts (ids NULL) or lists edges into the buckets within reach. */
static void fill(boundary *b, double reach, size_t *at) {
    for (size_t i = 0; i < b->n; i++) {
        int r[4];
        edge_cells(b, i, reach, r);
        for (int y = r[1]; y <= r[3]; y++)
            for (int x = r[0]; x <= r[2]; x++) {
                size_t k = (size_t)y * (size_t)b->bw + (size_t)x;
                if (at)
                    b->ids[at[k]++] = i;
                else
                    b->start[k + 1]++;
            }
    }
}

/* The boundary of m, each edge listed in every bucket within reach. */
static void boundary_make(const wf_mesh *m, double reach, boundary *b) {
    memset(b, 0, sizeof *b);
    boundary_edges(m, b);
    assert_true(b->n > 0);
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (size_t i = 0; i < 2 * b->n; i++) {
        x0 = fmin(x0, b->seg[i].x), x1 = fmax(x1, b->seg[i].x);
        y0 = fmin(y0, b->seg[i].y), y1 = fmax(y1, b->seg[i].y);
    }
    b->ox = x0 - reach - CELL;
    b->oy = y0 - reach - CELL;
    b->bw = (int)((x1 - b->ox + reach) / CELL) + 2;
    b->bh = (int)((y1 - b->oy + reach) / CELL) + 2;
    size_t nb = (size_t)b->bw * (size_t)b->bh;
    b->start = calloc(nb + 1, sizeof *b->start);
    assert_non_null(b->start);
    fill(b, reach, NULL);
    for (size_t k = 0; k < nb; k++)
        b->start[k + 1] += b->start[k];
    b->ids = malloc((b->start[nb] + 1) * sizeof *b->ids);
    size_t *at = malloc(nb * sizeof *at);
    assert_true(b->ids && at);
    memcpy(at, b->start, nb * sizeof *at);
    fill(b, reach, at);
    free(at);
}

static void boundary_free(boundary *b) {
    free(b->seg);
    free(b->start);
    free(b->ids);
}

/* The distance from p to segment a–b. */
static double seg_dist(wf_vec2 p, wf_vec2 a, wf_vec2 b) {
    double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
    double t = l2 > 0.0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
}

/* (radius − distance to the nearest boundary edge) / radius, 0 when the
 * disc clears them all; the edges within reach of its bucket suffice. */
static double disc_overlap(const boundary *b, wf_vec2 p, double r) {
    int x = (int)floor((p.x - b->ox) / CELL);
    int y = (int)floor((p.y - b->oy) / CELL);
    if (x < 0 || y < 0 || x >= b->bw || y >= b->bh)
        return 1.0; /* far outside the mesh */
    size_t k = (size_t)y * (size_t)b->bw + (size_t)x;
    double worst = 0.0;
    for (size_t e = b->start[k]; e < b->start[k + 1]; e++) {
        size_t i = b->ids[e];
        double d = seg_dist(p, b->seg[2 * i], b->seg[2 * i + 1]);
        worst = fmax(worst, (r - d) / r);
    }
    return worst;
}

/* What the monitor keeps over a run (wf_crowd_scen.on_step). */
typedef struct watch {
    const wf_mesh *m; /* the walls' mesh */
    boundary b;
    double max_wall;  /* overlap / radius, worst of the run */
    long off;         /* centres found off the mesh, summed over steps */
} watch;

static void watch_step(void *ud, const wf_crowd_scen *s, long step) {
    (void)step;
    watch *w = ud;
    for (size_t i = 0; i < s->n; i++) {
        wf_agent_state a;
        assert_int_equal(wf_crowd_get(s->crowd, s->ids[i], &a), WF_OK);
        if (wf_mesh_locate(w->m, a.position) < 0)
            w->off++;
        w->max_wall = fmax(w->max_wall, disc_overlap(&w->b, a.position,
                                                     s->radius[i]));
    }
}

/* ---- the crowd ----------------------------------------------------------- */

/* An empty scenario for n agents: a crowd without a grid, walled by m,
 * re-planning PATH agents on plan (NULL: never). */
static void plan_scen(wf_crowd_scen *s, const wf_mesh *m, const wf_mesh *plan,
                      size_t n) {
    memset(s, 0, sizeof *s);
    wf_crowd_opts o = wf_crowd_opts_default();
    o.mesh = plan;
    assert_int_equal(wf_crowd_create(&o, NULL, &s->crowd), WF_OK);
    assert_int_equal(wf_crowd_add_mesh_walls(s->crowd, m), WF_OK);
    s->ids = calloc(n, sizeof *s->ids);
    s->radius = calloc(n, sizeof *s->radius);
    assert_true(s->ids && s->radius);
}

/* An empty scenario for n agents: a crowd without a grid, walled by m. */
static void mesh_scen(wf_crowd_scen *s, const wf_mesh *m, size_t n) {
    plan_scen(s, m, NULL, n);
}

/* Adds an agent at `from` following the shortest path on pm to `to`:
 * its length, or −1 (nothing added) when pm joins no path. */
static double add_walker(wf_crowd_scen *s, wf_mesh_query *q, const wf_mesh *pm,
                         wf_vec2 from, wf_vec2 to) {
    wf_polyline pl;
    wf_polyline_init(&pl, NULL);
    if (wf_mesh_path(q, pm, from, to, &pl) != WF_OK) {
        wf_polyline_free(&pl);
        return -1.0;
    }
    wf_agent_opts a = wf_agent_opts_default();
    a.position = from;
    a.radius = RADIUS;
    wf_agent_id id;
    assert_int_equal(wf_crowd_add(s->crowd, &a, &id), WF_OK);
    assert_int_equal(wf_crowd_set_path(s->crowd, id, pl.points, pl.count),
                     WF_OK);
    s->ids[s->n] = id;
    s->radius[s->n++] = RADIUS;
    double len = pl.length;
    wf_polyline_free(&pl);
    return len;
}

/* Runs s, watched against the boundary of m: prints the figures under
 * `name` and holds them to the bounds. */
static void run_watched(const char *name, wf_crowd_scen *s, const wf_mesh *m) {
    watch w = {.m = m};
    boundary_make(m, RADIUS + 0.5, &w.b);
    s->on_step = watch_step;
    s->on_step_ud = &w;
    wf_crowd_report rep;
    assert_int_equal(wf_cscen_run(s, NULL, 1, &rep), WF_OK);
    unsigned long replans = 0;
    for (size_t i = 0; i < s->n; i++) {
        wf_agent_state a;
        assert_int_equal(wf_crowd_get(s->crowd, s->ids[i], &a), WF_OK);
        replans += a.replans;
    }
    printf("mesh %s %zu: arrived %zu/%zu steps %ld (bound %ld) min separation "
           "%.4f max wall overlap %.4f (%zu boundary edges, %ld centres off "
           "the mesh) re-plans %lu\n",
           name, s->n, rep.arrived, s->n, rep.steps, s->max_steps, rep.min_sep,
           w.max_wall, w.b.n, w.off, replans);
    fflush(stdout);
    boundary_free(&w.b);
    assert_int_equal(w.off, 0);
    assert_true(rep.min_sep >= 0.99);
    assert_true(w.max_wall <= 0.01);
    assert_int_equal(rep.arrived, s->n);
    assert_true(rep.steps < s->max_steps);
}

/* ---- a Moving AI map ----------------------------------------------------- */

/* The blocked cells of g as obstacle rectangles (runs along a row, grown
 * down while the rows below are blocked there too; they may overlap) in
 * the walkable box of the grid: pts gets 4 points an outline. */
static size_t grid_outlines(const wf_grid *g, wf_outline **out, wf_vec2 **pts) {
    int w = wf_grid_width(g), h = wf_grid_height(g);
    unsigned char *done = calloc((size_t)w * (size_t)h, 1);
    size_t cap = 1 + (size_t)w * (size_t)h, n = 0;
    wf_outline *o = malloc(cap * sizeof *o);
    wf_vec2 *p = malloc(4 * cap * sizeof *p);
    assert_true(done && o && p);
    for (int y = -1; y < h; y++)
        for (int x = 0; x < w; x++) {
            int x0 = x, y0 = y, x1, y1;
            if (y < 0) { /* the ground first */
                x0 = y0 = 0, x1 = w, y1 = h, x = w;
            } else {
                if (wf_grid_passable(g, x, y) || done[(size_t)y * w + x])
                    continue;
                for (x1 = x + 1; x1 < w && !wf_grid_passable(g, x1, y) &&
                                 !done[(size_t)y * w + x1];)
                    x1++;
                int full = 1;
                for (y1 = y + 1; y1 < h && full; y1 += full)
                    for (int k = x0; k < x1 && full; k++)
                        full = !wf_grid_passable(g, k, y1);
                for (int yy = y0; yy < y1; yy++)
                    memset(done + (size_t)yy * w + x0, 1, (size_t)(x1 - x0));
                x = x1 - 1;
            }
            wf_vec2 *q = p + 4 * n;
            q[0] = (wf_vec2){x0, y0}, q[1] = (wf_vec2){x1, y0};
            q[2] = (wf_vec2){x1, y1}, q[3] = (wf_vec2){x0, y1};
            o[n] = (wf_outline){
                q, 4, n ? WF_OUTLINE_OBSTACLE : WF_OUTLINE_WALKABLE, NULL};
            n++;
        }
    free(done);
    *out = o;
    *pts = p;
    return n;
}

/* A random point of pm at least `gap` from the first n of taken. */
static wf_vec2 spaced_point(const wf_mesh *pm, uint64_t *rng,
                            const wf_vec2 *taken, size_t n, double gap) {
    for (int tries = 0; tries < 1000; tries++) {
        wf_vec2 p;
        assert_int_equal(wf_mesh_random_point(pm, rng, &p), WF_OK);
        size_t k = 0;
        while (k < n && hypot(p.x - taken[k].x, p.y - taken[k].y) >= gap)
            k++;
        if (k == n)
            return p;
    }
    fail_msg("no room for another point");
    return taken[0];
}

/* n agents at random places of map, each to a random goal at least 8
 * cells away, along the shortest path on the map's mesh for PATH_RADIUS;
 * walls from the mesh of its cells alone. */
/* The mesh of the ground of g at least r from its blocked cells. */
static wf_mesh *clear_mesh(const wf_grid *g, double r) {
    wf_outline *o;
    wf_vec2 *op;
    size_t no = grid_outlines(g, &o, &op);
    wf_mesh_opts mo = {.radius = r};
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_outlines(o, no, &mo, NULL, &m, NULL), WF_OK);
    free(o);
    free(op);
    return m;
}

/* n agents at random places of map, at least PATH_RADIUS from its walls,
 * each to a random goal at least 8 cells away and GOAL_CLEAR from the
 * walls (an agent parked in a door one cell wide corks it: arrived agents
 * step aside for one walking into them, not for one squeezing past), along
 * the shortest path on the mesh for PATH_RADIUS, or with `hug` on the
 * walls' mesh (a path for a point, round corners as tight as they come);
 * walls from the mesh of the map's cells alone. */
#define GOAL_CLEAR 1.5
enum { PLAN_NONE, PLAN_POINT, PLAN_CLEAR }; /* re-plan on: m, pm */
static void run_map(const char *map, size_t n, uint64_t seed, int hug,
                    int plan) {
    char path[512];
    snprintf(path, sizeof path, "%s/movingai/%s", WF_SHARED_DIR, map);
    wf_grid *g;
    assert_int_equal(wf_movingai_map_read(path, NULL, &g, NULL), WF_OK);
    const wf_move one_free = {8, WF_CORNERS_ONE_FREE, 1};
    wf_mesh *m;
    assert_int_equal(
        wf_mesh_from_grid(g, &one_free, NULL, NULL, NULL, &m, NULL), WF_OK);
    wf_mesh *pm = clear_mesh(g, PATH_RADIUS), *gm = clear_mesh(g, GOAL_CLEAR);
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_crowd_scen s;
    plan_scen(&s, m, plan == PLAN_POINT ? m : plan == PLAN_CLEAR ? pm : NULL,
              n);
    wf_vec2 *starts = malloc(n * sizeof *starts);
    wf_vec2 *goals = malloc(n * sizeof *goals);
    assert_true(starts && goals);
    double longest = 0.0;
    for (size_t i = 0; i < n; i++) {
        double len = -1.0;
        /* both again when they are in pieces of the mesh apart */
        for (int tries = 0; len < 0.0; tries++) {
            assert_true(tries < 1000);
            starts[i] = spaced_point(pm, &seed, starts, i, 3.0 * RADIUS);
            goals[i] = spaced_point(gm, &seed, goals, i, 3.0 * RADIUS);
            double dx = goals[i].x - starts[i].x, dy = goals[i].y - starts[i].y;
            if (hypot(dx, dy) >= 8.0)
                len = add_walker(&s, q, hug ? m : pm, starts[i], goals[i]);
        }
        longest = fmax(longest, len);
    }
    /* twice the longest walk at top speed (1 cell/s, 10 steps a second),
     * and time for the last ones to settle among the arrived */
    s.max_steps = 500 + (long)(20.0 * longest);
    const char *base = strrchr(map, '/');
    char name[256];
    snprintf(name, sizeof name, "%s%s%s", base ? base + 1 : map,
             hug ? " (paths round corners)" : "",
             plan == PLAN_POINT   ? " re-planned on the walls' mesh"
             : plan == PLAN_CLEAR ? " re-planned on the paths' mesh"
                                  : "");
    run_watched(name, &s, m);
    wf_cscen_free(&s);
    free(starts);
    free(goals);
    wf_mesh_query_destroy(q);
    wf_mesh_destroy(gm);
    wf_mesh_destroy(pm);
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
}

/* Dragon Age's den011d: rooms joined by corridors and doors, on paths
 * that keep clear of the walls. */
static void test_map(void **state) {
    (void)state;
    run_map("dao/den011d.map", 150, 11, 0, PLAN_NONE);
}

/* Dragon Age's arena on paths for a point: every corner a path bends
 * round is a corner of the walls, which the agents slide round. */
static void test_map_corners(void **state) {
    (void)state;
    run_map("dao/arena.map", 150, 11, 1, PLAN_NONE);
}

/* den011d on paths for a point, re-planned on the mesh (opts.mesh) when
 * pushed off them or held. */
static void test_map_replan(void **state) {
    (void)state;
    run_map("dao/den011d.map", 150, 11, 1, PLAN_POINT);
}

/* ---- doors on paths for a point ----------------------------------------- */

/* A lone agent through a door one or two cells wide in a wall across a
 * 12 × 12 room (its cells' mesh for the walls), from each of 5 places on
 * one side to each of 4 on the other, on the shortest path for a point:
 * the path bends on the door's jambs, which the agent must slide round.
 * Aiming at a jamb itself held it against the wall beside the door for
 * good (18 of the 40 walks) until a hidden corner was aimed at moved out
 * of its turn (prefer.c). */
static void test_door(void **state) {
    (void)state;
    const wf_move one_free = {8, WF_CORNERS_ONE_FREE, 1};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    size_t walks = 0, arrived = 0;
    long slowest = 0;
    watch w = {0};
    for (int dw = 1; dw <= 2; dw++) {
        wf_grid *g;
        assert_int_equal(wf_grid_create(12, 12, NULL, &g), WF_OK);
        for (int y = 0; y < 12; y++)
            if (y < 5 || y >= 5 + dw)
                assert_int_equal(wf_grid_set(g, 5, y, WF_TERRAIN_WALL), WF_OK);
        wf_mesh *m;
        assert_int_equal(
            wf_mesh_from_grid(g, &one_free, NULL, NULL, NULL, &m, NULL), WF_OK);
        w.m = m;
        boundary_make(m, RADIUS + 0.5, &w.b);
        for (int sy = 1; sy < 11; sy += 2)
            for (int ty = 1; ty < 11; ty += 3) {
                wf_crowd_scen s;
                mesh_scen(&s, m, 1);
                wf_vec2 from = {2.5, sy + 0.5}, to = {9.5, ty + 0.5};
                assert_true(add_walker(&s, q, m, from, to) > 0.0);
                s.max_steps = 1000;
                s.on_step = watch_step;
                s.on_step_ud = &w;
                wf_crowd_report rep;
                assert_int_equal(wf_cscen_run(&s, NULL, 0, &rep), WF_OK);
                walks++;
                arrived += rep.arrived;
                slowest = rep.steps > slowest ? rep.steps : slowest;
                wf_cscen_free(&s);
            }
        boundary_free(&w.b);
        wf_mesh_destroy(m);
        wf_grid_destroy(g);
    }
    printf("mesh doors 1 and 2 cells wide, paths for a point: arrived %zu/%zu "
           "slowest %ld steps (bound 1000) max wall overlap %.4f (%ld centres "
           "off the mesh)\n",
           arrived, walks, slowest, w.max_wall, w.off);
    fflush(stdout);
    assert_int_equal(arrived, walks);
    assert_true(w.max_wall <= 0.01);
    assert_int_equal(w.off, 0);
    wf_mesh_query_destroy(q);
}

/* ---- a corridor made from outlines --------------------------------------- */

/* A U: two arms 4 wide and 7 long joined by a bar 5 high with a pillar in
 * its middle (y down: the arms above, the bar below). */
static const wf_vec2 U_GROUND[] = {{0, 0},  {4, 0},  {4, 7},  {8, 7},
                                   {8, 0},  {12, 0}, {12, 12}, {0, 12}};
static const wf_vec2 U_PILLAR[] = {{5, 9}, {7, 9}, {7, 10}, {5, 10}};

static void u_meshes(wf_mesh **m, wf_mesh **pm) {
    const wf_outline o[] = {{U_GROUND, 8, WF_OUTLINE_WALKABLE, "ground"},
                            {U_PILLAR, 4, WF_OUTLINE_OBSTACLE, "pillar"}};
    assert_int_equal(wf_mesh_from_outlines(o, 2, NULL, NULL, m, NULL), WF_OK);
    wf_mesh_opts mo = {.radius = PATH_RADIUS};
    assert_int_equal(wf_mesh_from_outlines(o, 2, &mo, NULL, pm, NULL), WF_OK);
}

/* Four agents from each arm to the other, crossing in the bar round the
 * pillar; those going left pass where those going right started. */
static void test_corridor(void **state) {
    (void)state;
    wf_mesh *m, *pm;
    u_meshes(&m, &pm);
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_crowd_scen s;
    mesh_scen(&s, m, 8);
    static const wf_vec2 left[] = {{1, 1}, {3, 1}, {1, 2.5}, {3, 2.5}};
    static const wf_vec2 right[] = {{9, 4}, {11, 4}, {9, 5.5}, {11, 5.5}};
    for (int i = 0; i < 4; i++) {
        wf_vec2 to = {left[i].x + 8, left[i].y};
        assert_true(add_walker(&s, q, pm, left[i], to) > 0.0);
    }
    for (int i = 0; i < 4; i++) {
        wf_vec2 to = {right[i].x - 8, right[i].y};
        assert_true(add_walker(&s, q, pm, right[i], to) > 0.0);
    }
    s.max_steps = 1500;
    run_watched("U corridor", &s, m);
    wf_cscen_free(&s);
    wf_mesh_query_destroy(q);
    wf_mesh_destroy(pm);
    wf_mesh_destroy(m);
}

/* A lone agent in the U's left arm given a path down its right arm, so
 * far off it from the start; the wall between the arms stands between
 * them. Near the arm's wall, nearer than the paths' mesh allows, so the
 * re-plan starts from the mesh's nearest point. Without opts.mesh nothing
 * re-plans and it stays in the left arm; with it, it goes round. */
static void test_replan_off_path(void **state) {
    (void)state;
    wf_mesh *m, *pm;
    u_meshes(&m, &pm);
    static const wf_vec2 way[] = {{10, 1}, {10, 5}};
    const wf_vec2 from = {3.58, 1.5};
    assert_true(wf_mesh_locate(pm, from) < 0);
    for (int plan = 0; plan < 2; plan++) {
        wf_crowd_scen s;
        plan_scen(&s, m, plan ? pm : NULL, 1);
        wf_agent_opts a = wf_agent_opts_default();
        a.position = from;
        a.radius = RADIUS;
        assert_int_equal(wf_crowd_add(s.crowd, &a, &s.ids[0]), WF_OK);
        s.radius[0] = RADIUS;
        s.n = 1;
        assert_int_equal(wf_crowd_set_path(s.crowd, s.ids[0], way, 2), WF_OK);
        s.max_steps = 600;
        watch w = {.m = m};
        boundary_make(m, RADIUS + 0.5, &w.b);
        s.on_step = watch_step;
        s.on_step_ud = &w;
        wf_crowd_report rep;
        assert_int_equal(wf_cscen_run(&s, NULL, 0, &rep), WF_OK);
        wf_agent_state st;
        assert_int_equal(wf_crowd_get(s.crowd, s.ids[0], &st), WF_OK);
        printf("mesh U, path down the other arm, %s: arrived %zu/1 steps %ld "
               "(bound 600) re-plans %u at (%.2f, %.2f) max wall overlap "
               "%.4f\n",
               plan ? "opts.mesh" : "no opts.mesh", rep.arrived, rep.steps,
               st.replans, st.position.x, st.position.y, w.max_wall);
        fflush(stdout);
        assert_int_equal(w.off, 0);
        assert_true(w.max_wall <= 0.01);
        if (plan) {
            assert_true(st.replans > 0);
            assert_int_equal(rep.arrived, 1);
        } else {
            assert_int_equal(st.replans, 0);
            assert_int_equal(rep.arrived, 0);
            assert_true(st.position.x < 4.0); /* still in the left arm */
        }
        boundary_free(&w.b);
        wf_cscen_free(&s);
    }
    wf_mesh_destroy(pm);
    wf_mesh_destroy(m);
}

/* The walk of test_replan_off_path with opts.mesh on allocator al: 1
 * when the agent arrived within 600 steps, 0 when it did not, -1 when a
 * refusal stopped the crowd being set up. A refused allocation in a step
 * (WF_E_NOMEM: nothing moved) or in a re-plan (the old path kept) is
 * tried again in a later step. */
static int replan_walk(const wf_mesh *m, const wf_mesh *pm,
                       const wf_allocator *al) {
    static const wf_vec2 way[] = {{10, 1}, {10, 5}};
    wf_crowd_opts o = wf_crowd_opts_default();
    o.mesh = pm;
    wf_crowd *c;
    if (wf_crowd_create(&o, al, &c) != WF_OK)
        return -1;
    wf_agent_opts a = wf_agent_opts_default();
    a.position = (wf_vec2){3.58, 1.5};
    wf_agent_id id;
    int r = -1;
    if (wf_crowd_add_mesh_walls(c, m) == WF_OK &&
        wf_crowd_add(c, &a, &id) == WF_OK &&
        wf_crowd_set_path(c, id, way, 2) == WF_OK) {
        for (int t = 0; t < 600 && !wf_crowd_arrived(c); t++) {
            wf_status st = wf_crowd_step(c, NULL);
            assert_true(st == WF_OK || st == WF_E_NOMEM);
        }
        r = wf_crowd_arrived(c) == 1;
    }
    wf_crowd_destroy(c);
    return r;
}

/* That walk refusing the crowd's 1st allocation, then its 2nd, and so on
 * (the mesh query and the paths of the re-plan among them): no leak, and
 * the agent arrives whenever the crowd could be set up. */
static void test_replan_nomem(void **state) {
    (void)state;
    wf_mesh *m, *pm;
    u_meshes(&m, &pm);
    int refused = 0;
    for (size_t n = 1;; n++) {
        wf_test_alloc ta;
        wf_allocator al = wf_test_alloc_init(&ta, n);
        int r = replan_walk(m, pm, &al);
        assert_int_equal(ta.live, 0);
        if (r >= 0)
            assert_int_equal(r, 1);
        if (!ta.refused)
            break;
        refused++;
    }
    printf("mesh re-plan, allocations refused one by one: %d, no leak, "
           "arrived every time the crowd was set up\n",
           refused);
    assert_true(refused > 0);
    wf_mesh_destroy(pm);
    wf_mesh_destroy(m);
}

/* A lone agent walked straight at each side of the U (velocity mode):
 * the walls stop it, from inside, whatever way the mesh's polygons turn. */
static void test_push(void **state) {
    (void)state;
    wf_mesh *m, *pm;
    u_meshes(&m, &pm);
    static const wf_vec2 from[] = {{2, 3}, {2, 3}, {2, 3}, {2, 10}, {6, 8},
                                   {6, 11}, {10, 3}, {10, 3}, {2, 10}};
    static const wf_vec2 way[] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {0, -1},
                                  {0, -1}, {-1, 0}, {1, 0}, {1, 0}};
    double worst = 0.0;
    for (size_t k = 0; k < sizeof from / sizeof *from; k++) {
        wf_crowd_scen s;
        mesh_scen(&s, m, 1);
        wf_agent_opts a = wf_agent_opts_default();
        a.position = from[k];
        assert_int_equal(wf_crowd_add(s.crowd, &a, &s.ids[0]), WF_OK);
        s.radius[0] = a.radius;
        s.n = 1;
        assert_int_equal(wf_crowd_set_velocity(s.crowd, s.ids[0], way[k]),
                         WF_OK);
        watch w = {.m = m};
        boundary_make(m, RADIUS + 0.5, &w.b);
        for (int t = 0; t < 150; t++) {
            assert_int_equal(wf_crowd_step(s.crowd, NULL), WF_OK);
            watch_step(&w, &s, t);
        }
        wf_agent_state st;
        assert_int_equal(wf_crowd_get(s.crowd, s.ids[0], &st), WF_OK);
        /* held against a wall, not through it */
        assert_int_equal(w.off, 0);
        assert_true(hypot(st.position.x - from[k].x,
                          st.position.y - from[k].y) > 0.5);
        worst = fmax(worst, w.max_wall);
        boundary_free(&w.b);
        wf_cscen_free(&s);
    }
    printf("mesh U pushed at its walls: 9 agents, max wall overlap %.4f\n",
           worst);
    assert_true(worst <= 0.01);
    wf_mesh_destroy(pm);
    wf_mesh_destroy(m);
}

/* ---- bad input ----------------------------------------------------------- */

static void test_bad_input(void **state) {
    (void)state;
    wf_mesh *m, *empty;
    static const wf_vec2 sq[] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    const wf_outline o = {sq, 4, WF_OUTLINE_WALKABLE, NULL};
    assert_int_equal(wf_mesh_from_outlines(&o, 1, NULL, NULL, &m, NULL), WF_OK);
    /* a radius the square cannot hold: a mesh of no polygons */
    wf_mesh_opts mo = {.radius = 1.5};
    assert_int_equal(wf_mesh_from_outlines(&o, 1, &mo, NULL, &empty, NULL),
                     WF_OK);
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(empty, &info), WF_OK);
    assert_int_equal(info.polygons, 0);
    wf_crowd *c;
    assert_int_equal(wf_crowd_create(NULL, NULL, &c), WF_OK);
    assert_int_equal(wf_crowd_add_mesh_walls(NULL, m), WF_E_INVALID_ARG);
    assert_int_equal(wf_crowd_add_mesh_walls(c, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_crowd_add_mesh_walls(NULL, NULL), WF_E_INVALID_ARG);
    /* an empty mesh adds no walls: an agent walks on freely */
    assert_int_equal(wf_crowd_add_mesh_walls(c, empty), WF_OK);
    wf_agent_opts a = wf_agent_opts_default();
    a.position = (wf_vec2){1, 1};
    wf_agent_id id;
    assert_int_equal(wf_crowd_add(c, &a, &id), WF_OK);
    assert_int_equal(wf_crowd_set_velocity(c, id, (wf_vec2){1, 0}), WF_OK);
    for (int t = 0; t < 30; t++)
        assert_int_equal(wf_crowd_step(c, NULL), WF_OK);
    wf_agent_state st;
    assert_int_equal(wf_crowd_get(c, id, &st), WF_OK);
    assert_true(st.position.x > 3.5);
    /* then the square's walls, and again the empty mesh: back inside is
     * not possible, an agent outside is not held by them */
    assert_int_equal(wf_crowd_add_mesh_walls(c, m), WF_OK);
    assert_int_equal(wf_crowd_add_mesh_walls(c, empty), WF_OK);
    for (int t = 0; t < 10; t++)
        assert_int_equal(wf_crowd_step(c, NULL), WF_OK);
    wf_agent_state st2;
    assert_int_equal(wf_crowd_get(c, id, &st2), WF_OK);
    assert_true(st2.position.x > st.position.x + 0.5);
    wf_crowd_destroy(c);
    wf_mesh_destroy(empty);
    wf_mesh_destroy(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_push),
        cmocka_unit_test(test_corridor),
        cmocka_unit_test(test_replan_off_path),
        cmocka_unit_test(test_replan_nomem),
        cmocka_unit_test(test_door),
        cmocka_unit_test(test_map),
        cmocka_unit_test(test_map_corners),
        cmocka_unit_test(test_map_replan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
