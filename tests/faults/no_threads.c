/* Preloaded (LD_PRELOAD) into the wayfind program by tests/cli/test_faults.sh:
 * every thread creation fails, as on a system out of threads, so the CLI's
 * answer to a pool it cannot start can be checked end to end. */
#include <threads.h>

int thrd_create(thrd_t *thr, thrd_start_t fn, void *arg) {
    (void)thr;
    (void)fn;
    (void)arg;
    return thrd_error;
}
