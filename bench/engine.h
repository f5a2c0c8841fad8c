/*
 * Benchmark engines: one pathfinder behind a small table of functions, so a
 * new algorithm (JPS, graph A*, another library) is one more file and one
 * more line in bench_engines().
 *
 * Life of an engine in a run:
 *   create(max_cells) once   → prepare(map) → query(...)* → release()
 *   per map, in that order   → ... next map ...            → destroy()
 * Each query times only the engine's own search call (bench_clock_ns before
 * and after); checking the returned path happens outside the timed part.
 */
#ifndef WF_BENCH_ENGINE_H
#define WF_BENCH_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include <wayfind/core.h>

/** What one query returned. */
typedef struct bench_answer {
    int found;          /**< the engine returned a path */
    int valid;          /**< the path runs start → goal by legal moves */
    double cost;        /**< cost of that path, summed in double (1 or √2 a step) */
    uint64_t expanded;  /**< cells expanded, when the engine counts them */
    uint64_t ns;        /**< time of the search call alone */
} bench_answer;

/** One pathfinder. Functions returning int give 0 on success, -1 on failure
 *  with a message in err[errsize]. */
typedef struct bench_engine {
    const char *name;        /**< column prefix in the table, key in JSON */
    const char *detail;      /**< one line: version and settings */
    const char *unavailable; /**< NULL when built in; else why it is not */
    int counts_expansions;   /**< query fills bench_answer.expanded */
    int must_be_optimal;     /**< a non-optimal answer fails the run */
    int peer;                /**< another library: runs on the --peer-sample
                                  subset of each map's scenarios */
    int (*create)(void **state, size_t max_cells, char *err, size_t errsize);
    int (*prepare)(void *state, const wf_grid *g, char *err, size_t errsize);
    /** Returns 0 when the engine ran (found or not), -1 on an error. */
    int (*query)(void *state, wf_point start, wf_point goal,
                 bench_answer *out, char *err, size_t errsize);
    void (*release)(void *state);
    /** Bytes of per-cell working memory, 0 when not known. */
    size_t (*bytes)(const void *state);
    void (*destroy)(void *state);
} bench_engine;

/** Monotonic clock in nanoseconds (CLOCK_MONOTONIC). */
uint64_t bench_clock_ns(void);

/** Cost of the single move @p a → @p b under the Moving AI rules on @p g
 *  (8-connected, 1 or √2, no corner cutting, b passable), or -1 when the
 *  move is illegal. Written apart from the library's own move rules so that
 *  it checks wayfind's paths as independently as libtcod's. */
double bench_step_cost(const wf_grid *g, wf_point a, wf_point b);

/** 1 when @p p runs from @p start to @p goal by legal Moving AI moves
 *  (bench_step_cost) and its cost is the sum of those moves (to 1e-9
 *  relative), else 0. */
int bench_path_valid(const wf_grid *g, wf_point start, wf_point goal,
                     const wf_path *p);

extern const bench_engine bench_engine_wayfind;
extern const bench_engine bench_engine_jps;
extern const bench_engine bench_engine_bidir;
extern const bench_engine bench_engine_jps_plus;
extern const bench_engine bench_engine_auto;
extern const bench_engine bench_engine_graph;
extern const bench_engine bench_engine_libtcod;

/** The engines in table order; the first is the reference of speed-ups. */
const bench_engine *const *bench_engines(size_t *count);

#endif
