/* The engine list and the helpers every engine shares. */
#include "engine.h"

#include <math.h>
#include <time.h>

uint64_t bench_clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

double bench_step_cost(const wf_grid *g, wf_point a, wf_point b) {
    int dx = b.x - a.x, dy = b.y - a.y;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
        return -1.0;
    if (!wf_grid_passable(g, a.x, a.y) || !wf_grid_passable(g, b.x, b.y))
        return -1.0;
    if (dx == 0 || dy == 0)
        return 1.0;
    /* Diagonal: both cells it passes between must be open. */
    if (!wf_grid_passable(g, b.x, a.y) || !wf_grid_passable(g, a.x, b.y))
        return -1.0;
    return 1.4142135623730951;
}

int bench_path_valid(const wf_grid *g, wf_point start, wf_point goal,
                     const wf_path *p) {
    const wf_point *pt = p->points;
    size_t n = p->count;
    if (n == 0 || pt[0].x != start.x || pt[0].y != start.y ||
        pt[n - 1].x != goal.x || pt[n - 1].y != goal.y)
        return 0;
    double walked = 0.0;
    for (size_t i = 1; i < n; i++) {
        double c = bench_step_cost(g, pt[i - 1], pt[i]);
        if (c < 0.0)
            return 0;
        walked += c;
    }
    return fabs(walked - p->cost) <= 1e-9 * fmax(1.0, walked);
}

const bench_engine *const *bench_engines(size_t *count) {
    static const bench_engine *const list[] = {
        &bench_engine_wayfind,
        &bench_engine_jps,
        &bench_engine_jps_plus,
        &bench_engine_auto,
        &bench_engine_bidir,
        &bench_engine_graph,
        &bench_engine_libtcod,
    };
    *count = sizeof list / sizeof list[0];
    return list;
}
