/* libtcod's A* (TCOD_path_*) as the peer, driven through a cost callback
 * that applies the Moving AI rules. Built only when CMake found libtcod. */
#include "engine.h"

#ifdef WF_BENCH_HAVE_LIBTCOD

#include <stdio.h>
#include <stdlib.h>

#include <libtcod/path.h>
#include <libtcod/version.h>

typedef struct tcod_state {
    TCOD_path_t path;
    const wf_grid *grid;
    unsigned char *open; /* 1 per passable cell, row-major */
    size_t open_cells;
    int w;
} tcod_state;

/* libtcod asks for the cost of entering (xt, yt) from (xf, yf); 0 means
 * "cannot". It multiplies the answer by the diagonal cost for diagonal
 * moves, so 1 is right for both kinds. Both coordinates are on the map. */
static float tcod_move_cost(int xf, int yf, int xt, int yt, void *ud) {
    const tcod_state *s = ud;
    const unsigned char *open = s->open;
    int w = s->w;
    if (!open[(size_t)yt * (size_t)w + (size_t)xt])
        return 0.0f;
    if (xf != xt && yf != yt &&
        !(open[(size_t)yf * (size_t)w + (size_t)xt] &&
          open[(size_t)yt * (size_t)w + (size_t)xf]))
        return 0.0f;
    return 1.0f;
}

static int tcod_create(void **state, size_t max_cells, char *err,
                       size_t errsize) {
    tcod_state *s = calloc(1, sizeof *s);
    unsigned char *open = malloc(max_cells ? max_cells : 1);
    if (!s || !open) {
        free(s);
        free(open);
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    s->open = open;
    s->open_cells = max_cells;
    *state = s;
    return 0;
}

static int tcod_prepare(void *state, const wf_grid *g, char *err,
                        size_t errsize) {
    tcod_state *s = state;
    int w = wf_grid_width(g), h = wf_grid_height(g);
    if ((size_t)w * (size_t)h > s->open_cells) {
        snprintf(err, errsize, "map larger than announced");
        return -1;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            s->open[(size_t)y * (size_t)w + (size_t)x] =
                (unsigned char)wf_grid_passable(g, x, y);
    s->grid = g;
    s->w = w;
    s->path = TCOD_path_new_using_function(w, h, tcod_move_cost, s,
                                           1.41421356f);
    if (!s->path) {
        snprintf(err, errsize, "TCOD_path_new_using_function failed");
        return -1;
    }
    return 0;
}

static int tcod_query(void *state, wf_point start, wf_point goal,
                      bench_answer *out, char *err, size_t errsize) {
    tcod_state *s = state;
    (void)err;
    (void)errsize;
    uint64_t t0 = bench_clock_ns();
    bool found = TCOD_path_compute(s->path, start.x, start.y, goal.x, goal.y);
    uint64_t t1 = bench_clock_ns();

    out->ns = t1 - t0;
    out->expanded = 0;
    out->found = found;
    out->valid = 0;
    out->cost = 0.0;
    if (!found)
        return 0;

    /* TCOD_path_get(i) replays i steps from the origin, which makes reading
     * a whole path quadratic; TCOD_path_walk pops one step at a time. */
    wf_point at;
    TCOD_path_get_origin(s->path, &at.x, &at.y);
    int steps = TCOD_path_size(s->path);
    double cost = 0.0;
    for (int i = 0; i < steps; i++) {
        wf_point next;
        if (!TCOD_path_walk(s->path, &next.x, &next.y, false))
            return 0;
        double c = bench_step_cost(s->grid, at, next);
        if (c < 0.0)
            return 0;
        cost += c;
        at = next;
    }
    out->cost = cost;
    out->valid = at.x == goal.x && at.y == goal.y;
    return 0;
}

static void tcod_release(void *state) {
    tcod_state *s = state;
    TCOD_path_delete(s->path);
    s->path = NULL;
    s->grid = NULL;
}

static size_t tcod_bytes(const void *state) {
    (void)state;
    return 0;
}

static void tcod_destroy(void *state) {
    tcod_state *s = state;
    if (!s)
        return;
    if (s->path)
        TCOD_path_delete(s->path);
    free(s->open);
    free(s);
}

const bench_engine bench_engine_libtcod = {
    .name = "libtcod",
    .detail = "libtcod " TCOD_STRVERSION " TCOD_path_compute, A* through "
              "TCOD_path_new_using_function (diagonal 1.41421356f, callback "
              "forbids corner cutting)",
    .unavailable = NULL,
    .counts_expansions = 0,
    .must_be_optimal = 0,
    .peer = 1,
    .create = tcod_create,
    .prepare = tcod_prepare,
    .query = tcod_query,
    .release = tcod_release,
    .bytes = tcod_bytes,
    .destroy = tcod_destroy,
};

#else /* !WF_BENCH_HAVE_LIBTCOD */

const bench_engine bench_engine_libtcod = {
    .name = "libtcod",
    .detail = "libtcod: not available",
    .unavailable = "not available (libtcod was not found by pkg-config "
                   "when this benchmark was built)",
    .peer = 1,
};

#endif
