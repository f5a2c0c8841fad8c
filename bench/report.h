/* Benchmark results and their two renderings: a markdown table and JSON. */
#ifndef WF_BENCH_REPORT_H
#define WF_BENCH_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <wayfind/io.h>

#include "engine.h"

/** One engine on one map. */
typedef struct bench_result {
    int ran;            /**< 0 when the engine is not available */
    size_t queries;     /**< scenarios answered (each --reps times) */
    size_t *index;      /**< scenario number of each query; NULL: query i
                             is scenario i (every scenario was run) */
    size_t optimal;     /**< answers valid and within the optimality rule */
    size_t errors;      /**< queries the engine failed with an error */
    uint64_t expanded;  /**< summed over every repetition */
    uint64_t total_ns;  /**< search time summed over every repetition */
    double *us;         /**< per query: mean µs over the repetitions */
} bench_result;

/** One map: its scenario file and a result per engine. */
typedef struct bench_map_result {
    char label[128];
    const char *scen_path;
    int width;
    int height;
    size_t scenarios;
    bench_result *results; /**< one per engine, in engine order */
} bench_map_result;

/** The whole run. */
typedef struct bench_report {
    const bench_engine *const *engines;
    size_t engine_count;
    bench_map_result *maps;
    size_t map_count;
    int reps;
    size_t warmup;
    size_t peer_sample; /**< peers' scenarios per map at most; 0: all */
    size_t ws_bytes;   /**< engines[0]->bytes after sizing for ws_cells */
    size_t ws_cells;   /**< cells of the largest map */
    char cpu[128];     /**< model name from /proc/cpuinfo, or "" */
} bench_report;

/** Writes the markdown table and the lines around it. */
void bench_report_table(const bench_report *r, FILE *f);

/** Writes, per map, the mean of the engine named @p name beside the best
 *  mean of the other engines that are not peers (those that answered
 *  every scenario), their ratio, and whether it is within @p slack
 *  (1.10: 10 % slower at most). Returns how many maps were not. */
size_t bench_report_versus_best(const bench_report *r, FILE *f,
                                const char *name, double slack);

/** Writes the same data as one JSON object. Returns 0, or -1 on a write
 *  error or when out of memory. */
int bench_report_json(const bench_report *r, FILE *f);

#endif
