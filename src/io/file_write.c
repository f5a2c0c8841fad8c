/* wf_file_write: a file is replaced whole or not at all. The content goes
 * to a temporary file beside the target, renamed over it only once every
 * byte is written, flushed, synced and closed, so that a failure (or a
 * crash) leaves either the old file or the new one, never half of one.
 * POSIX for lstat, readlink, fileno, fchmod, fsync and faccessat. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "wf_core_private.h"
#include "wayfind/io.h"

#ifdef PATH_MAX
#define WF_PATH_BYTES PATH_MAX
#else
#define WF_PATH_BYTES 4096
#endif

enum {
    LINK_HOPS = 40,   /* symbolic links followed before ELOOP, as Linux */
    TEMP_TRIES = 100, /* temporary names tried before giving up */
    /* Bytes of the target's name kept in the temporary's, so that with
     * ".XXXXXXXX.tmp" it stays within the usual NAME_MAX of 255. */
    NAME_KEEP = 200
};

/* Where the content goes. */
typedef struct target {
    char path[WF_PATH_BYTES]; /* the file itself: symbolic links followed */
    struct stat st;           /* its status, when it exists */
    int exists;               /* a regular file is there */
    int direct;               /* not a regular file: written in place */
} target;

static wf_status io_fail(wf_diag *diag, const char *path, const char *what,
                         int err) {
    wf__diag_set(diag, path, 0, 0, "%s: %s", what,
                 strerror(err ? err : EIO));
    return WF_E_IO;
}

/* 1 when the symbolic link @p st lives in /proc: /proc/self/fd/N and the
 * /dev/stdout, /dev/fd/N that lead there name an open descriptor, whose
 * "target" may be a pipe or a deleted file and must be written through.
 * @p proc caches /proc's device: 0 unknown yet, -1 no /proc. */
static int proc_link(const struct stat *st, long long *proc) {
    if (*proc == 0) {
        struct stat ps;
        *proc = stat("/proc/self", &ps) == 0 ? (long long)ps.st_dev : -1;
    }
    return *proc != -1 && (long long)st->st_dev == *proc;
}

/* Replaces t->path, a symbolic link, with the path it names. */
static int follow(target *t) {
    char link[WF_PATH_BYTES];
    ssize_t n = readlink(t->path, link, sizeof link);
    if (n < 0)
        return errno;
    if ((size_t)n >= sizeof link)
        return ENAMETOOLONG;
    link[n] = '\0';
    /* a relative link is relative to the link's own directory */
    size_t keep = 0;
    if (link[0] != '/') {
        const char *slash = strrchr(t->path, '/');
        keep = slash ? (size_t)(slash - t->path) + 1 : 0;
    }
    if (keep + (size_t)n >= sizeof t->path)
        return ENAMETOOLONG;
    memcpy(t->path + keep, link, (size_t)n + 1);
    return 0;
}

/* Finds what @p path names: a regular file or nothing (replaced through a
 * temporary), or something else (written directly). Only the last
 * component's links matter: rename replaces that directory entry. */
static wf_status resolve(const char *path, target *t, wf_diag *diag) {
    const char *what = "cannot open for writing";
    size_t n = strlen(path);
    if (n >= sizeof t->path)
        return io_fail(diag, path, what, ENAMETOOLONG);
    memcpy(t->path, path, n + 1);
    t->exists = t->direct = 0;
    long long proc = 0;
    for (int hops = 0;; hops++) {
        if (lstat(t->path, &t->st) != 0) {
            if (errno == ENOENT)
                break; /* a new file, or a missing directory (said later) */
            return io_fail(diag, path, what, errno);
        }
        if (!S_ISLNK(t->st.st_mode)) {
            if (S_ISDIR(t->st.st_mode))
                return io_fail(diag, path, what, EISDIR);
            t->exists = S_ISREG(t->st.st_mode);
            t->direct = !t->exists;
            break;
        }
        if (proc_link(&t->st, &proc)) {
            t->direct = 1;
            break;
        }
        int err = hops == LINK_HOPS ? ELOOP : follow(t);
        if (err)
            return io_fail(diag, path, what, err);
    }
    /* "dir/" names no file: a directory that is missing or not one */
    if (!t->direct && t->path[strlen(t->path) - 1] == '/')
        return io_fail(diag, path, what, EISDIR);
    /* replacing a file this process may not write would hide that it is
     * read-only: refuse it as fopen(path, "w") would */
    if (t->exists && faccessat(AT_FDCWD, t->path, W_OK, AT_EACCESS) != 0)
        return io_fail(diag, path, what, errno);
    return WF_OK;
}

/* splitmix64: spreads the seed's bits over the temporary names. */
static uint64_t mix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Creates "DIR/NAME.XXXXXXXX.tmp" beside t->path with "wbx" (O_EXCL: an
 * existing file or link is never opened, and the new file gets 0666 less
 * the umask), trying other names while one exists. NULL with *err set on
 * failure. The names need not be secret, only distinct: the process id,
 * the time and a stack address keep concurrent writers apart. */
static FILE *temp_open(const target *t, char *tmp, size_t size, int *err) {
    const char *slash = strrchr(t->path, '/');
    size_t dir = slash ? (size_t)(slash - t->path) + 1 : 0;
    size_t name = strlen(t->path + dir);
    if (name > NAME_KEEP)
        name = NAME_KEEP;
    struct timespec ts = {0, 0};
    timespec_get(&ts, TIME_UTC);
    uint64_t seed = (uint64_t)getpid() ^ (uint64_t)(uintptr_t)tmp ^
                    ((uint64_t)ts.tv_sec << 32) ^ (uint64_t)ts.tv_nsec;
    for (int i = 0; i < TEMP_TRIES; i++) {
        int n = snprintf(tmp, size, "%.*s.%08lx.tmp", (int)(dir + name),
                         t->path, (unsigned long)(mix(&seed) & 0xFFFFFFFFu));
        if (n < 0 || (size_t)n >= size) {
            *err = ENAMETOOLONG;
            return NULL;
        }
        errno = 0;
        FILE *f = fopen(tmp, "wbx");
        if (f)
            return f;
        *err = errno ? errno : EIO;
        if (*err != EEXIST)
            return NULL;
    }
    return NULL;
}

/* The replaced file's permission bits and, where the caller may, its
 * owner and group, given to the temporary. Set-user-ID and set-group-ID
 * are dropped: a write by anyone else clears them too. */
static int keep_mode(FILE *f, const struct stat *st) {
    int fd = fileno(f);
    if (fchown(fd, st->st_uid, st->st_gid) != 0) {
        /* not ours to give: the file becomes the caller's, as any new
         * file would */
    }
    return fchmod(fd, st->st_mode & 0777) == 0 ? 0 : errno;
}

/* The file name and message of a failed write function: its own when it
 * gave one, else "cannot write:" and the reason. */
static wf_status write_failed(wf_diag *diag, const char *path, wf_status s,
                              const wf_diag *own, int err) {
    if (own->message[0]) {
        if (diag) {
            *diag = *own;
            if (!diag->file[0])
                snprintf(diag->file, sizeof diag->file, "%s", path);
        }
    } else if (s == WF_E_IO) {
        io_fail(diag, path, "cannot write", err);
    } else {
        wf__diag_set(diag, path, 0, 0, "cannot write: %s", wf_strerror(s));
    }
    return s;
}

/* Runs @p fn into @p f, then flushes, optionally syncs, and closes it:
 * the first failure's status, with diag filled. @p f is closed in every
 * case. */
static wf_status write_close(FILE *f, const char *path, int sync,
                             wf_write_fn fn, void *ud, wf_diag *diag) {
    wf_diag own;
    memset(&own, 0, sizeof own);
    errno = 0;
    wf_status s = fn(ud, f, &own);
    int err = errno; /* a failed write's reason, when it was the last call */
    if (s != WF_OK) {
        fclose(f);
        return write_failed(diag, path, s, &own, err);
    }
    errno = 0;
    if (fflush(f) != 0 || ferror(f))
        err = errno ? errno : err;
    /* fsync: EINVAL and ENOTSUP say the file system has nothing to sync */
    else if (sync && fsync(fileno(f)) != 0 && errno != EINVAL &&
             errno != ENOTSUP)
        err = errno;
    else
        err = 0;
    errno = 0;
    if (fclose(f) != 0 && !err)
        err = errno ? errno : EIO;
    return err ? io_fail(diag, path, "cannot write", err) : WF_OK;
}

wf_status wf_file_write(const char *path, wf_write_fn fn, void *ud,
                        wf_diag *diag) {
    if (!path || !*path || !fn)
        return WF_E_INVALID_ARG;
    target t;
    wf_status s = resolve(path, &t, diag);
    if (s != WF_OK)
        return s;
    if (t.direct) {
        errno = 0;
        FILE *f = fopen(path, "wb");
        if (!f)
            return io_fail(diag, path, "cannot open for writing", errno);
        return write_close(f, path, 0, fn, ud, diag);
    }
    char tmp[WF_PATH_BYTES];
    int err = 0;
    FILE *f = temp_open(&t, tmp, sizeof tmp, &err);
    if (!f) {
        /* the directory: up to the last '/' ("/" itself kept), or "." */
        const char *slash = strrchr(t.path, '/');
        int dir = !slash ? 1 : slash == t.path ? 1 : (int)(slash - t.path);
        wf__diag_set(diag, path, 0, 0,
                     "cannot create a temporary file in '%.*s': %s", dir,
                     slash ? t.path : ".", strerror(err));
        return WF_E_IO;
    }
    if (t.exists && (err = keep_mode(f, &t.st)) != 0) {
        fclose(f);
        remove(tmp);
        return io_fail(diag, path, "cannot keep its permissions", err);
    }
    s = write_close(f, path, 1, fn, ud, diag);
    if (s == WF_OK && rename(tmp, t.path) != 0)
        s = io_fail(diag, path, "cannot replace", errno);
    if (s != WF_OK)
        remove(tmp);
    return s;
}
