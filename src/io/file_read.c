/* wf_file_read: a whole file into one NUL-terminated buffer. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "wf_core_private.h"
#include "wayfind/io.h"

#define WF__FILE_MAX ((size_t)1 << 31)

static wf_status io_error(wf_diag *diag, const char *path, const char *what,
                          int err) {
    wf__diag_set(diag, path, 0, 0, "cannot %s: %s", what,
                 err ? strerror(err) : "unknown error");
    return WF_E_IO;
}

/* The file's size when it is a seekable regular file, else 0 (a hint). */
static size_t size_hint(FILE *f) {
    if (fseek(f, 0, SEEK_END) != 0) {
        clearerr(f);
        return 0;
    }
    long n = ftell(f);
    if (fseek(f, 0, SEEK_SET) != 0 || n < 0) {
        clearerr(f);
        rewind(f);
        return 0;
    }
    return (size_t)n;
}

wf_status wf_file_read(const char *path, const wf_allocator *alloc,
                       char **buf, size_t *len, wf_diag *diag) {
    if (buf)
        *buf = NULL;
    if (len)
        *len = 0;
    if (!path || !buf || !len)
        return WF_E_INVALID_ARG;
    wf_allocator a = wf__allocator(alloc);
    errno = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return io_error(diag, path, "open", errno);
    size_t hint = size_hint(f);
    if (hint > WF__FILE_MAX) {
        /* a directory may claim a huge size too: let a read say which */
        char probe;
        errno = 0;
        if (fread(&probe, 1, 1, f) != 1 && ferror(f)) {
            int err = errno;
            fclose(f);
            return io_error(diag, path, "read", err);
        }
        fclose(f);
        wf__diag_set(diag, path, 0, 0, "file is larger than 2 GiB");
        return WF_E_TOO_BIG;
    }
    /* Room for the whole file, its NUL and one byte more, so that reaching
     * the end takes no further growth when the hint was right. */
    size_t cap = hint + 2, n = 0;
    char *p = wf__alloc(&a, cap);
    if (!p) {
        fclose(f);
        return WF_E_NOMEM;
    }
    wf_status s = WF_OK;
    for (;;) {
        if (n + 1 == cap) {
            if (cap > WF__FILE_MAX + 1) {
                wf__diag_set(diag, path, 0, 0, "file is larger than 2 GiB");
                s = WF_E_TOO_BIG;
                break;
            }
            size_t ncap = cap < 4096 ? 4096 : cap * 2;
            if (ncap > WF__FILE_MAX + 2)
                ncap = WF__FILE_MAX + 2;
            char *q = wf__realloc(&a, p, cap, ncap);
            if (!q) {
                s = WF_E_NOMEM;
                break;
            }
            p = q;
            cap = ncap;
        }
        size_t want = cap - 1 - n;
        errno = 0;
        size_t got = fread(p + n, 1, want, f);
        n += got;
        if (got < want) {
            if (ferror(f))
                s = io_error(diag, path, "read", errno);
            break;
        }
    }
    fclose(f);
    if (s == WF_OK && n > WF__FILE_MAX) {
        wf__diag_set(diag, path, 0, 0, "file is larger than 2 GiB");
        s = WF_E_TOO_BIG;
    }
    if (s == WF_OK && cap != n + 1) {
        /* the caller frees n + 1 bytes: make that the allocated size */
        char *q = wf__realloc(&a, p, cap, n + 1);
        if (!q)
            s = WF_E_NOMEM;
        else {
            p = q;
            cap = n + 1;
        }
    }
    if (s != WF_OK) {
        wf__free(&a, p, cap);
        return s;
    }
    p[n] = '\0';
    *buf = p;
    *len = n;
    return WF_OK;
}
