/* Crowd steps (steer.h).
 *  1. The standard scenarios run to the end, their figures printed
 *     (arrivals, steps, worst separation, worst wall overlap): circle swap
 *     of 100 and 1,000, two blocks of 100 crossing, a door for 64, 1,000
 *     units across Berlin_0_256 through a flow field to packed goals (seeds
 *     1-8, then a line for seeds 9-32, and for seeds 1-4 on
 *     random512-10-0 and AR0011SR); and,
 *     when a peer binary is named, RVO2's on the circles and the crossing.
 *  2. Time per step of the circle swap at 1,000, 10,000 and 50,000 agents
 *     on 1 and 2 threads (the first steps, at least K and 500,000
 *     agent-steps, as the ring closes in;
 *     the best of REPEATS runs, wayfind and RVO2 taken in turn, since the
 *     machine is shared), RVO2's in the same run.
 * RVO2 is built outside wayfind (../peers/rvo2); its driver takes
 * "N MAX_STEPS [circle|crossing]" and prints "RVO2 <scenario> N: arrived A
 * steps S min separation X T ms/step".
 * Usage: wf_bench_crowd [--steps K] [--rvo2 BIN] [--timings-only]
 *        [MOVINGAI_DIR] */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crowd_scen.h"

#define REPEATS 3

typedef struct peer {
    const char *bin;
    int ok;
    size_t arrived;
    long steps;
    double sep, ms;
} peer;

/* Runs the RVO2 driver: scenario scen with n agents, steps (0: to the
 * end) on threads OpenMP threads. ok is 0 when it did not answer for
 * that scenario (an older driver knows the circle only). */
static peer run_peer(const char *bin, const char *scen, size_t n, long steps,
                     int threads) {
    peer p = {bin, 0, 0, 0, -1.0, -1.0};
    char cmd[1024], line[256], want[64];
    snprintf(cmd, sizeof cmd, "OMP_NUM_THREADS=%d %s %zu %ld %s", threads,
             bin, n, steps, scen);
    snprintf(want, sizeof want, "RVO2 %s %zu:", scen, n);
    FILE *f = popen(cmd, "r");
    if (!f)
        return p;
    if (fgets(line, sizeof line, f) && !strncmp(line, want, strlen(want)) &&
        sscanf(line + strlen(want), " arrived %zu steps %ld min separation "
               "%lf %lf", &p.arrived, &p.steps, &p.sep, &p.ms) == 4)
        p.ok = 1;
    pclose(f);
    return p;
}

/* "last": the step the last agent first arrived; "settled": the step all
 * were in their places at once (the run's end; the bound when never). */
static void print_row(const char *name, size_t n, const wf_crowd_report *r,
                      long bound) {
    printf("%-22s %6zu %8zu %7ld %7ld %7ld %9.4f %9.4f %9.3f\n", name, n,
           r->arrived, r->last_arrival, r->steps, bound, r->min_sep,
           r->max_wall, r->ms_per_step);
}

/* The driver stops once every agent has arrived: its steps are "last". */
static void print_peer(const char *name, const peer *p, size_t n) {
    if (!p->ok)
        return;
    char last[32] = "-";
    if (p->arrived == n)
        snprintf(last, sizeof last, "%ld", p->steps);
    printf("%-22s %6zu %8zu %7s %7s %7s %9.4f %9s %9.3f\n", name, n,
           p->arrived, last, "-", "-", p->sep, "-", p->ms);
}

/* Runs s to the end measuring every step, prints it, frees it. */
static void scenario(const char *name, wf_status st, wf_crowd_scen *s) {
    wf_crowd_report r;
    if (st != WF_OK || wf_cscen_run(s, NULL, 1, &r) != WF_OK) {
        printf("%-22s setup failed: %s\n", name, wf_status_name(st));
        wf_cscen_free(s);
        return;
    }
    print_row(name, s->n, &r, s->max_steps);
    fflush(stdout);
    wf_cscen_free(s);
}

/* 1,000 units across map (under dir) on seeds first..last: how many
 * settle within the bound, the slowest, the worst separation and wall
 * overlap (every step measured), in one line. */
static void settle_count(const char *dir, const char *map, int first,
                         int last) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.map", dir, map);
    int runs = 0, settled = 0;
    long slowest = 0, bound = 0;
    double sep = INFINITY, wall = 0.0;
    for (int seed = first; seed <= last; seed++) {
        wf_crowd_scen s;
        wf_crowd_report r;
        if (wf_cscen_rts(&s, path, 1000, 0.4, (uint64_t)seed) != WF_OK ||
            wf_cscen_run(&s, NULL, 1, &r) != WF_OK) {
            wf_cscen_free(&s);
            continue;
        }
        runs++;
        bound = s.max_steps;
        settled += r.steps < s.max_steps;
        slowest = r.steps > slowest ? r.steps : slowest;
        sep = r.min_sep < sep ? r.min_sep : sep;
        wall = r.max_wall > wall ? r.max_wall : wall;
        wf_cscen_free(&s);
    }
    printf("%s 1000, seeds %d-%d: %d of %d settled within the bound (%ld), "
           "slowest %ld steps, min separation %.4f, max wall overlap %.4f\n",
           map, first, last, settled, runs, bound, slowest, sep, wall);
    fflush(stdout);
}

static void scenarios(const char *rvo2, const char *dir) {
    printf("crowd scenarios to the end (wayfind Release, 1 thread; RVO2: "
           "16 neighbours, no goal sharing)\n");
    printf("%-22s %6s %8s %7s %7s %7s %9s %9s %9s\n", "scenario", "agents",
           "arrived", "last", "settled", "bound", "min sep", "max wall",
           "ms/step");
    wf_crowd_scen s;
    static const size_t circles[] = {100, 1000};
    for (int k = 0; k < 2; k++) {
        char name[32];
        snprintf(name, sizeof name, "circle %zu", circles[k]);
        scenario(name, wf_cscen_circle(&s, circles[k], 0.5), &s);
        peer p = rvo2 ? run_peer(rvo2, "circle", circles[k], 0, 1) : (peer){0};
        snprintf(name, sizeof name, "  RVO2 circle %zu", circles[k]);
        print_peer(name, &p, circles[k]);
    }
    scenario("crossing 2 x 100", wf_cscen_crossing(&s, 200, 0.4), &s);
    peer p = rvo2 ? run_peer(rvo2, "crossing", 200, 0, 1) : (peer){0};
    print_peer("  RVO2 crossing 2 x 100", &p, 200);
    scenario("door 64", wf_cscen_door(&s, 64, 0.4), &s);
    char map[1024];
    snprintf(map, sizeof map, "%s/street/Berlin_0_256.map", dir);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        char name[32];
        snprintf(name, sizeof name, "Berlin 1000 seed %d", (int)seed);
        scenario(name, wf_cscen_rts(&s, map, 1000, 0.4, seed), &s);
    }
    settle_count(dir, "street/Berlin_0_256", 9, 32);
    settle_count(dir, "random/random512-10-0", 1, 4);
    settle_count(dir, "bg/AR0011SR", 1, 4);
}

static double run(size_t n, int threads, long steps) {
    wf_crowd_scen s;
    wf_pool *pool = NULL;
    if (wf_cscen_circle(&s, n, 0.5) != WF_OK ||
        (threads > 1 && wf_pool_create(threads, NULL, &pool) != WF_OK)) {
        fprintf(stderr, "wf_bench_crowd: setup failed\n");
        exit(1);
    }
    s.max_steps = steps;
    s.n = n + 1; /* never "all arrived": run the steps */
    wf_crowd_report rep;
    wf_cscen_run(&s, pool, 0, &rep);
    s.n = n;
    wf_cscen_free(&s);
    wf_pool_destroy(pool);
    return rep.ms_per_step;
}

static double best(double a, double b) { return a < 0 || (b >= 0 && b < a) ? b : a; }

static void timings(const char *rvo2, long min_steps) {
    static const size_t sizes[] = {1000, 10000, 50000};
    printf("\ncrowd circle swap, radius 0.5, dt 0.1, the first steps (at "
           "least %ld, and 500,000 agent-steps): ms per step, best of %d\n",
           min_steps, REPEATS);
    printf("%8s %6s %12s %12s %12s %12s\n", "agents", "steps", "wayfind 1t",
           "wayfind 2t", "RVO2 1t", "RVO2 2t");
    for (int k = 0; k < 3; k++) {
        size_t n = sizes[k];
        /* short runs are all noise on a shared machine */
        long steps = (long)(500000 / n) > min_steps ? (long)(500000 / n)
                                                     : min_steps;
        double t[4] = {-1, -1, -1, -1};
        for (int rep = 0; rep < REPEATS; rep++)
            for (int th = 1; th <= 2; th++) {
                t[th - 1] = best(t[th - 1], run(n, th, steps));
                peer p = rvo2 ? run_peer(rvo2, "circle", n, steps, th)
                              : (peer){0};
                if (p.ok)
                    t[th + 1] = best(t[th + 1], p.ms);
            }
        printf("%8zu %6ld %12.3f %12.3f %12.3f %12.3f\n", n, steps, t[0],
               t[1], t[2], t[3]);
        fflush(stdout);
    }
}

static int usage(const char *why) {
    fprintf(stderr, "wf_bench_crowd: %s\nusage: wf_bench_crowd [--steps K] "
                    "[--rvo2 BIN] [--timings-only] MOVINGAI_DIR\n",
            why);
    return 2;
}

int main(int argc, char **argv) {
    long steps = 50;
    int scen = 1;
    const char *rvo2 = NULL, *dir = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--steps") && i + 1 < argc) {
            char *end;
            steps = strtol(argv[++i], &end, 10);
            if (*end || steps < 1 || steps > 1000000)
                return usage("--steps takes a whole number from 1 to "
                             "1000000");
        } else if (!strcmp(argv[i], "--timings-only")) {
            scen = 0;
        } else if (!strcmp(argv[i], "--rvo2") && i + 1 < argc) {
            rvo2 = argv[++i];
        } else if (argv[i][0] == '-' || dir) {
            return usage(argv[i][0] == '-' ? "an unknown option (or one "
                                             "without its value)"
                                           : "one directory at most");
        } else {
            dir = argv[i];
        }
    }
#ifdef WF_BENCH_DEFAULT_DIR
    if (!dir)
        dir = WF_BENCH_DEFAULT_DIR;
#endif
    if (!dir)
        return usage("the Moving AI directory is required");
    if (scen)
        scenarios(rvo2, dir);
    timings(rvo2, steps);
    return 0;
}
