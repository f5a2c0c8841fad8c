/*
 * game_loop: wayfind the way a game uses it, from the installed headers only.
 *
 *   1. One shared map of land, shallow water, deep water and walls, and two
 *      unit types that see it differently through filters: a boat that may
 *      not enter land, a soldier that may not enter deep water and pays ×3
 *      to wade through shallow water. The map itself is never changed.
 *   2. A long query spread over frames: at most 200 expansions per frame.
 *   3. A thread pool answering 2000 queries per call, several calls.
 *   4. A click on a wall, answered with the nearest reachable cell.
 *
 * Every result is checked (the sliced search and the pool against the
 * one-shot search, the filters against the terrain they forbid), and the
 * program exits with 1 on any mismatch, so it doubles as a test.
 *
 * Build against an installed wayfind:
 *     cc -std=c11 game_loop.c $(pkg-config --cflags --libs wayfind) -lm
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/wayfind.h>

/* Terrain codes: the Moving AI map characters, so the map below reads as
 * it is stored. */
enum { LAND = '.', SHALLOW = 'S', DEEP = 'W', WALL = '@' };

/* Two islands joined by a shallow ford; a walled fort with a gate on the
 * east island. Each character becomes a SCALE × SCALE block of cells. */
static const char *const world[] = {
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "WWSSSSSSSSSSWWWWWWWWWWWWWWWWWWWSSSSSSSSSSSSSSWWW",
    "WWS........SWWWWWWWWWWWWWWWWWWWS............SWWW",
    "WWS........SWWWWWWWWWWWWWWWWWWWS..@@@@@@@@..SWWW",
    "WWS........SSSSSSSSSSSSSSSSSSSSS..@......@..SWWW",
    "WWS........SSSSSSSSSSSSSSSSSSSSS..@..@@..@..SWWW",
    "WWS........SWWWWWWWWWWWWWWWWWWWS.....@@..@..SWWW",
    "WWS........SWWWWWWWWWWWWWWWWWWWS..@......@..SWWW",
    "WWSSSSSSSSSSWWWWWWWWWWWWWWWWWWWS..@@@@@@@@..SWWW",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWS............SWWW",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWSSSSSSSSSSSSSSWWW",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
};
#define ROWS ((int)(sizeof world / sizeof world[0]))
#define SCALE 4

#define FRAME_BUDGET 200 /* expansions per frame for the sliced search */
#define POOL_THREADS 2
#define POOL_QUERIES 2000
#define POOL_CALLS 3

static int failures;

/* Reports a failed check; the program's exit status counts them. */
static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "game_loop: MISMATCH: %s\n", what);
        failures++;
    }
}

static double now_us(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static const char *engine_name(wf_algo a) {
    switch (a) {
    case WF_ALGO_ASTAR: return "A*";
    case WF_ALGO_DIJKSTRA: return "Dijkstra";
    case WF_ALGO_JPS: return "JPS";
    case WF_ALGO_JPS_PLUS: return "JPS+";
    case WF_ALGO_JPSW: return "weighted JPS";
    default: return "?";
    }
}

/* The world map, each character SCALE × SCALE cells. The grid holds the
 * costs every unit shares; units differ only by their filters. */
static wf_status build_world(wf_grid **out) {
    int w = (int)strlen(world[0]) * SCALE, h = ROWS * SCALE;
    wf_grid *g;
    wf_status s = wf_grid_create(w, h, NULL, &g);
    if (s != WF_OK)
        return s;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            wf_grid_set(g, x, y, (uint8_t)world[y / SCALE][x / SCALE]);
    wf_grid_set_cost(g, LAND, 1.0);
    wf_grid_set_cost(g, SHALLOW, 1.0);
    wf_grid_set_cost(g, DEEP, 1.0);
    wf_grid_set_cost(g, WALL, WF_BLOCKED);
    *out = g;
    return WF_OK;
}

/* The centre cell of map character (col, row). */
static wf_point at(int col, int row) {
    return (wf_point){col * SCALE + SCALE / 2, row * SCALE + SCALE / 2};
}

static int same_path(const wf_path *a, const wf_path *b) {
    return a->count == b->count && a->cost == b->cost &&
           (a->count == 0 ||
            memcmp(a->points, b->points, a->count * sizeof *a->points) == 0);
}

/* 1 when no cell of @p path has terrain @p t. */
static int avoids(const wf_grid *g, const wf_path *path, int t) {
    for (size_t i = 0; i < path->count; i++)
        if (wf_grid_get(g, path->points[i].x, path->points[i].y) == t)
            return 0;
    return 1;
}

/* Part 1: two unit types on one shared grid. */
static void units(wf_search *ws, const wf_grid *g,
                  const wf_search_opts *boat, const wf_search_opts *soldier) {
    size_t cells = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    uint8_t *before = malloc(cells);
    double costs[256];
    if (!before) {
        check(0, "out of memory");
        return;
    }
    memcpy(before, wf_grid_cells(g), cells);
    for (int t = 0; t < 256; t++)
        costs[t] = wf_grid_cost(g, (uint8_t)t);

    wf_path path;
    wf_path_init(&path, NULL);

    /* The boat sails from the north sea to the south sea, over the ford. */
    wf_point from = at(20, 0), to = at(20, 11);
    wf_status s = wf_search_grid(ws, g, from, to, boat, &path);
    printf("boat    (%3d,%2d) -> (%3d,%2d): %s, cost %.2f, %zu cells, %s\n",
           from.x, from.y, to.x, to.y, wf_status_name(s), path.cost,
           path.count, engine_name(path.stats.engine));
    check(s == WF_OK, "the boat finds its way");
    check(avoids(g, &path, LAND), "the boat stays off land");

    /* The boat cannot reach the fort: land is forbidden to it. */
    s = wf_search_grid(ws, g, from, at(38, 4), boat, &path);
    printf("boat    to the fort: %s (%s)\n", wf_status_name(s), wf_strerror(s));
    check(s == WF_NO_PATH, "the boat cannot sail into the fort");

    /* The soldier walks from the west island into the fort, wading the
     * ford (×3) because deep water is forbidden to it. */
    from = at(5, 5);
    to = at(36, 4);
    s = wf_search_grid(ws, g, from, to, soldier, &path);
    printf("soldier (%3d,%2d) -> (%3d,%2d): %s, cost %.2f, %zu cells, %s\n",
           from.x, from.y, to.x, to.y, wf_status_name(s), path.cost,
           path.count, engine_name(path.stats.engine));
    check(s == WF_OK, "the soldier finds its way");
    check(avoids(g, &path, DEEP), "the soldier stays out of deep water");
    check(!avoids(g, &path, SHALLOW), "the soldier wades the ford");

    /* The same query without the filter is cheaper: the ford costs ×1. */
    wf_path plain;
    wf_path_init(&plain, NULL);
    s = wf_search_grid(ws, g, from, to, NULL, &plain);
    printf("unfiltered walker, same query: cost %.2f, %zu cells\n",
           plain.cost, plain.count);
    check(s == WF_OK && plain.cost < path.cost,
          "the filter makes shallow water dearer");
    wf_path_free(&plain);

    int unchanged = memcmp(before, wf_grid_cells(g), cells) == 0;
    for (int t = 0; t < 256; t++)
        unchanged &= wf_grid_cost(g, (uint8_t)t) == costs[t];
    printf("grid unchanged by the filtered queries: %s\n",
           unchanged ? "yes" : "NO");
    check(unchanged, "filters leave the grid as it was");
    wf_path_free(&path);
    free(before);
}

/* Part 2: one query spread over frames, FRAME_BUDGET expansions each. */
static void sliced(wf_search *ws, const wf_grid *g,
                   const wf_search_opts *soldier) {
    wf_point from = at(3, 7), to = at(42, 9);
    wf_path path, once;
    wf_path_init(&path, NULL);
    wf_path_init(&once, NULL);

    wf_status s = wf_search_begin(ws, g, from, to, soldier);
    check(s == WF_OK, "wf_search_begin accepts the query");
    if (s != WF_OK) {
        fprintf(stderr, "game_loop: %s\n", wf_search_message(ws));
        return;
    }
    int frames = 0;
    do {
        /* ... the rest of the frame: physics, rendering ... */
        s = wf_search_step(ws, FRAME_BUDGET, &path);
        frames++;
    } while (s == WF_PENDING);

    wf_status s1 = wf_search_grid(ws, g, from, to, soldier, &once);
    printf("sliced search: %s after %d frames of <= %d expansions "
           "(%llu in all); cost %.2f, %zu cells\n",
           wf_status_name(s), frames, FRAME_BUDGET,
           (unsigned long long)once.stats.expanded, path.cost, path.count);
    check(s == WF_OK && s1 == WF_OK, "the sliced query succeeds");
    check(frames > 1, "the query needs more than one frame");
    check(same_path(&path, &once), "sliced path == one-shot path");
    wf_path_free(&path);
    wf_path_free(&once);
}

/* What the pool's callback records, one slot per query. */
typedef struct answer {
    wf_status status;
    double cost;
    size_t count;
} answer;

static void on_answer(void *ud, size_t i, wf_status status,
                      const wf_path *path, uint64_t ns) {
    answer *a = ud;
    (void)ns;
    a[i].status = status;
    a[i].cost = path->cost;
    a[i].count = path->count;
}

/* A random cell a soldier may stand on. */
static wf_point random_footing(const wf_grid *g, wf_rng *rng) {
    for (;;) {
        wf_point p = {(int)wf_rng_below(rng, (uint32_t)wf_grid_width(g)),
                      (int)wf_rng_below(rng, (uint32_t)wf_grid_height(g))};
        int t = wf_grid_get(g, p.x, p.y);
        if (t == LAND || t == SHALLOW)
            return p;
    }
}

/* Part 3: a pool answering POOL_QUERIES soldier queries per call. */
static void pool(wf_search *ws, const wf_grid *g,
                 const wf_search_opts *soldier) {
    wf_point *starts = malloc(POOL_QUERIES * sizeof *starts);
    wf_point *goals = malloc(POOL_QUERIES * sizeof *goals);
    answer *want = malloc(POOL_QUERIES * sizeof *want);
    answer *got = malloc(POOL_QUERIES * sizeof *got);
    wf_pool *pl = NULL;
    wf_path path;
    wf_path_init(&path, NULL);
    if (!starts || !goals || !want || !got) {
        check(0, "out of memory");
        goto done;
    }
    wf_rng rng;
    wf_rng_seed(&rng, 2024);
    for (size_t i = 0; i < POOL_QUERIES; i++) {
        starts[i] = random_footing(g, &rng);
        goals[i] = random_footing(g, &rng);
    }

    /* The reference: one workspace, one query after another. */
    double t0 = now_us();
    for (size_t i = 0; i < POOL_QUERIES; i++) {
        want[i].status = wf_search_grid(ws, g, starts[i], goals[i], soldier,
                                        &path);
        want[i].cost = path.cost;
        want[i].count = path.count;
    }
    printf("pool: %d queries in a plain loop: %.0f us\n", POOL_QUERIES,
           now_us() - t0);

    wf_status s = wf_pool_create(POOL_THREADS, NULL, &pl);
    check(s == WF_OK, "wf_pool_create");
    if (s != WF_OK)
        goto done;
    for (int call = 0; call < POOL_CALLS; call++) {
        memset(got, 0, POOL_QUERIES * sizeof *got);
        t0 = now_us();
        s = wf_pool_search_grid(pl, g, starts, goals, POOL_QUERIES, soldier,
                                on_answer, got);
        double us = now_us() - t0;
        check(s == WF_OK, "wf_pool_search_grid");
        size_t found = 0, same = 0;
        for (size_t i = 0; i < POOL_QUERIES; i++) {
            found += got[i].status == WF_OK;
            same += got[i].status == want[i].status &&
                    got[i].cost == want[i].cost &&
                    got[i].count == want[i].count;
        }
        printf("pool: call %d, %d threads, %d queries: %.0f us "
               "(%.2f us/query), %zu paths, %zu/%d as one-shot\n",
               call + 1, wf_pool_threads(pl), POOL_QUERIES, us,
               us / POOL_QUERIES, found, same, POOL_QUERIES);
        check(same == POOL_QUERIES, "pool answers == one-shot answers");
    }
done:
    wf_pool_destroy(pl);
    wf_path_free(&path);
    free(starts);
    free(goals);
    free(want);
    free(got);
}

/* Part 4: the player clicks on a wall; the soldier goes as near as it can. */
static void click_on_wall(wf_search *ws, const wf_grid *g,
                          const wf_search_opts *soldier) {
    wf_search_opts o = *soldier;
    o.goal_fallback = WF_FALLBACK_NEAREST;
    wf_point from = at(5, 5), click = at(37, 5);
    wf_path path;
    wf_path_init(&path, NULL);
    check(wf_grid_get(g, click.x, click.y) == WALL, "the click is on a wall");

    wf_status s = wf_search_grid(ws, g, from, click, &o, &path);
    check(s == WF_PARTIAL && path.count > 0, "a click on a wall is PARTIAL");
    if (s != WF_PARTIAL || path.count == 0) {
        wf_path_free(&path);
        return;
    }
    wf_point end = path.points[path.count - 1];
    long dx = end.x - click.x, dy = end.y - click.y;
    long d2 = dx * dx + dy * dy;
    printf("click on the wall at (%d,%d): %s, walk to (%d,%d), %.2f cells "
           "away, cost %.2f\n", click.x, click.y, wf_status_name(s), end.x,
           end.y, sqrt((double)d2), path.cost);
    check(wf_grid_passable(g, end.x, end.y), "the fallback cell is open");

    /* No reachable cell lies nearer to the click. */
    int r = (int)ceil(sqrt((double)d2));
    wf_path probe;
    wf_path_init(&probe, NULL);
    for (int y = click.y - r; y <= click.y + r; y++)
        for (int x = click.x - r; x <= click.x + r; x++) {
            long ex = x - click.x, ey = y - click.y;
            int t = wf_grid_get(g, x, y);
            if (ex * ex + ey * ey >= d2 || (t != LAND && t != SHALLOW))
                continue;
            if (wf_search_grid(ws, g, from, (wf_point){x, y}, soldier,
                               &probe) == WF_OK)
                check(0, "a reachable cell nearer to the click exists");
        }
    wf_path_free(&probe);
    wf_path_free(&path);
}

int main(void) {
    wf_grid *g = NULL;
    wf_search *ws = NULL;
    if (build_world(&g) != WF_OK || wf_search_create(NULL, &ws) != WF_OK) {
        fprintf(stderr, "game_loop: out of memory\n");
        return 1;
    }
    printf("wayfind %s, world %dx%d\n", wf_version_string(),
           wf_grid_width(g), wf_grid_height(g));

    /* One filter per unit type; a zeroed wf_search_opts is the defaults. */
    wf_filter boat_f, soldier_f;
    wf_filter_init(&boat_f);
    wf_filter_set(&boat_f, LAND, INFINITY);
    wf_filter_init(&soldier_f);
    wf_filter_set(&soldier_f, DEEP, INFINITY);
    wf_filter_set(&soldier_f, SHALLOW, 3.0);
    wf_search_opts boat = {0}, soldier = {0};
    boat.algo = soldier.algo = WF_ALGO_AUTO;
    boat.filter = &boat_f;
    soldier.filter = &soldier_f;

    units(ws, g, &boat, &soldier);
    sliced(ws, g, &soldier);
    pool(ws, g, &soldier);
    click_on_wall(ws, g, &soldier);

    wf_search_destroy(ws);
    wf_grid_destroy(g);
    if (failures) {
        fprintf(stderr, "game_loop: %d check(s) failed\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
