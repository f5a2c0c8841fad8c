/* The soak's state and its rounds, shared by soak.c (options, set-up,
 * memory samples, the run) and soak_rounds.c (the map's changes, the
 * pool's calls and their checks, sliced searches, walkers). soak.c's
 * header comment describes the whole. */
#ifndef WF_SOAK_H
#define WF_SOAK_H

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <wayfind/wayfind.h>

#define MAX_BATCH 512   /* queries per pool call, at most */
#define MAX_CHANGED 256 /* cells changed and not yet restored, at most */
#define WALKERS 4
#define WALKER_STEPS 8  /* per walker and round */
#define SLICED 2        /* sliced searches per round */
#define LOCAL 40        /* a local query's goal is this near its start */
#define REPORTS 10      /* wrong answers described on stderr */

/* ThreadSanitizer's shadow memory grows with every word the program first
 * touches, long after the heap has stopped growing: its builds report the
 * resident set but do not hold it to the 5 % rule. */
#if defined(__SANITIZE_THREAD__)
#define RSS_RULE 0
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define RSS_RULE 0
#endif
#endif
#ifndef RSS_RULE
#define RSS_RULE 1
#endif

enum { OPEN = '.', SWAMP = 'S', WALL = '@' };

typedef struct config {
    uint64_t queries;
    int threads;
    uint64_t seed;
    const char *map;
    uint32_t sample_every;
} config;

/* What the pool callback records of one answer. */
typedef struct answer {
    wf_status status;
    double cost;
    uint64_t hash;   /* of the path's points */
    const char *bad; /* why the path is not a valid answer, or NULL */
} answer;

/* One pool call, as its callback sees it. */
typedef struct batch {
    const wf_grid *g;
    const wf_search_opts *opts;
    const wf_point *starts, *goals;
    answer *answers;
} batch;

typedef struct soak {
    config cfg;
    wf_rng rng;
    wf_grid *g;
    int w, h;
    uint8_t *orig;  /* terrain as loaded (with swamps): what changes undo */
    wf_point *open; /* cells passable in orig */
    size_t n_open;
    wf_point changes[MAX_CHANGED]; /* cells changed, not yet restored */
    size_t n_changes;
    wf_pool *pool;
    wf_search *ws;       /* the main thread's: sliced searches, walkers */
    wf_search *check_ws; /* fresh searches for checking */
    wf_path path, fresh;
    wf_point starts[MAX_BATCH], goals[MAX_BATCH];
    answer answers[MAX_BATCH];
    wf_walker *walker[WALKERS];
    wf_search_opts walker_opts[WALKERS];
    wf_filter walker_filter[WALKERS];
    uint64_t queries, checked, identical, wrong;
    uint64_t sliced, stopped, sliced_checked;
    uint64_t steps, plans_checked, no_path_checked, arrivals;
} soak;

static inline uint32_t below(soak *s, uint32_t n) { return wf_rng_below(&s->rng, n); }

static inline int same_point(wf_point a, wf_point b) { return a.x == b.x && a.y == b.y; }

static inline int close_cost(double a, double b) {
    return fabs(a - b) <= 1e-9 * fmax(1.0, fabs(b));
}

static inline double seconds(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The rounds (soak_rounds.c). */
void soak_warm_up(soak *s);
void soak_walker_step(soak *s, int k);
void soak_sliced_search(soak *s);
void soak_pool_round(soak *s, size_t n);
void soak_paint_swamps(soak *s);
void soak_new_goal(soak *s, int k, wf_point at);
wf_point soak_random_open(soak *s);
wf_point soak_cell_at(const soak *s, uint32_t i);
void soak_change_cells(soak *s, int k);
void soak_block_ahead(soak *s, int k);

#endif
