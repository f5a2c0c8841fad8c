/* Crowd steps (steer.h): time per step of the circle swap at 1,000,
 * 10,000 and 50,000 agents on 1 and 2 threads (the first STEPS steps, as
 * the ring closes in), and, when a peer binary is named, RVO2's time on
 * the same scenario in the same run (built outside wayfind:
 * ../peers/rvo2/build.sh). Usage: wf_bench_crowd [--steps K] [--rvo2 BIN] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crowd_scen.h"

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

int main(int argc, char **argv) {
    long steps = 50;
    const char *rvo2 = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--steps"))
            steps = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--rvo2"))
            rvo2 = argv[i + 1];
    }
    static const size_t sizes[] = {1000, 10000, 50000};
    printf("crowd circle swap, radius 0.5, dt 0.1, first %ld steps: ms per step\n",
           steps);
    printf("%8s %12s %12s %12s %12s\n", "agents", "wayfind 1t", "wayfind 2t",
           "RVO2 1t", "RVO2 2t");
    for (int k = 0; k < 3; k++) {
        size_t n = sizes[k];
        double w1 = run(n, 1, steps), w2 = run(n, 2, steps);
        double r[2] = {-1, -1};
        for (int t = 0; rvo2 && t < 2; t++) {
            char cmd[1024];
            snprintf(cmd, sizeof cmd, "OMP_NUM_THREADS=%d %s %zu %ld", t + 1,
                     rvo2, n, steps);
            FILE *f = popen(cmd, "r");
            char line[256];
            if (f && fgets(line, sizeof line, f)) {
                char *p = strstr(line, "separation");
                if (p)
                    sscanf(p, "separation %*s %lf", &r[t]);
            }
            if (f)
                pclose(f);
        }
        printf("%8zu %12.3f %12.3f %12.3f %12.3f\n", n, w1, w2, r[0], r[1]);
        fflush(stdout);
    }
    return 0;
}
