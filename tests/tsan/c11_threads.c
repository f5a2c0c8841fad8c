/* ThreadSanitizer (gcc 12, clang 14) intercepts pthread_create but not
 * glibc's C11 thrd_create, so a thread started through <threads.h> has no
 * sanitizer state and crashes on its first instrumented call. Linked into
 * the programs of the WF_TSAN build only, these definitions take the place
 * of libc's and start the threads through pthreads, which TSan follows.
 * wayfind uses thrd_create and thrd_join alone (synchronisation is through
 * <stdatomic.h>, which TSan understands). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <threads.h>

typedef struct start {
    thrd_start_t fn;
    void *arg;
} start;

static void *trampoline(void *p) {
    start s = *(start *)p;
    free(p);
    return (void *)(intptr_t)s.fn(s.arg);
}

int thrd_create(thrd_t *thr, thrd_start_t fn, void *arg) {
    start *s = malloc(sizeof *s);
    if (!s)
        return thrd_nomem;
    s->fn = fn;
    s->arg = arg;
    pthread_t t;
    int e = pthread_create(&t, NULL, trampoline, s);
    if (e) {
        free(s);
        return e == EAGAIN ? thrd_nomem : thrd_error;
    }
    *thr = (thrd_t)t;
    return thrd_success;
}

int thrd_join(thrd_t thr, int *res) {
    void *r;
    if (pthread_join((pthread_t)thr, &r) != 0)
        return thrd_error;
    if (res)
        *res = (int)(intptr_t)r;
    return thrd_success;
}
