/* The state and functions of wayfind's grid engines (engine_wayfind.c),
 * shared by the JPS+ engine (engine_jps_plus.c), which only adds a jump
 * table per map. */
#ifndef WF_BENCH_ENGINE_WAYFIND_H
#define WF_BENCH_ENGINE_WAYFIND_H

#include "engine.h"

typedef struct wayfind_state {
    wf_search *ws;
    wf_path path;
    wf_search_opts opts;
    const wf_grid *grid;
    wf_jump_table *table; /* JPS+: the map's, which opts.jumps points at */
} wayfind_state;

/* A state asking for @p algo, sized for @p max_cells. */
int bench_wayfind_create(wf_algo algo, void **state, size_t max_cells,
                         char *err, size_t errsize);
int bench_wayfind_query(void *state, wf_point start, wf_point goal,
                        bench_answer *out, char *err, size_t errsize);
/* Forgets the map, and frees its jump table if any. */
void bench_wayfind_release(void *state);
size_t bench_wayfind_bytes(const void *state);
void bench_wayfind_destroy(void *state);

#endif
