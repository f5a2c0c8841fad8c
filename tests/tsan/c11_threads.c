/* ThreadSanitizer (gcc 12, clang 14) intercepts pthread_create but not
 * glibc's C11 thrd_create, so a thread started through <threads.h> has no
 * sanitizer state and crashes on its first instrumented call. Linked into
 * the programs of the WF_TSAN build only, these definitions take the place
 * of libc's and start the threads through pthreads, which TSan follows.
 * The same holds for glibc's mtx_* and cnd_*, which call the pthread
 * functions internally where TSan cannot see them, so the pool's locks
 * would look like no synchronisation at all: they are routed through the
 * intercepted pthread functions too. glibc's mtx_t and cnd_t have the
 * layout of pthread_mutex_t and pthread_cond_t. */
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

_Static_assert(sizeof(mtx_t) >= sizeof(pthread_mutex_t), "mtx_t layout");
_Static_assert(sizeof(cnd_t) >= sizeof(pthread_cond_t), "cnd_t layout");

static int result(int e) { return e ? thrd_error : thrd_success; }

int mtx_init(mtx_t *m, int type) {
    if (type != mtx_plain)
        return thrd_error; /* wayfind uses plain mutexes only */
    return result(pthread_mutex_init((pthread_mutex_t *)m, NULL));
}
int mtx_lock(mtx_t *m) { return result(pthread_mutex_lock((pthread_mutex_t *)m)); }
int mtx_unlock(mtx_t *m) {
    return result(pthread_mutex_unlock((pthread_mutex_t *)m));
}
void mtx_destroy(mtx_t *m) { pthread_mutex_destroy((pthread_mutex_t *)m); }

int cnd_init(cnd_t *c) { return result(pthread_cond_init((pthread_cond_t *)c, NULL)); }
int cnd_wait(cnd_t *c, mtx_t *m) {
    return result(pthread_cond_wait((pthread_cond_t *)c, (pthread_mutex_t *)m));
}
int cnd_signal(cnd_t *c) { return result(pthread_cond_signal((pthread_cond_t *)c)); }
int cnd_broadcast(cnd_t *c) {
    return result(pthread_cond_broadcast((pthread_cond_t *)c));
}
void cnd_destroy(cnd_t *c) { pthread_cond_destroy((pthread_cond_t *)c); }
