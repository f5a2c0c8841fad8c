/* wf_file_read: a whole file into one NUL-terminated buffer, never more
 * than a limit the caller names, so that an endless stream (/dev/zero, a
 * pipe) fails early instead of filling memory. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "wf_core_private.h"
#include "file_read.h"

static wf_status io_error(wf_diag *diag, const char *path, const char *what,
                          int err) {
    wf__diag_set(diag, path, 0, 0, "cannot %s: %s", what,
                 err ? strerror(err) : "unknown error");
    return WF_E_IO;
}

static wf_status too_big(wf_diag *diag, const char *path, size_t max,
                         const char *what) {
    wf__diag_set(diag, path, 0, 0, "file is larger than the limit of %zu "
                 "bytes%s%s", max, what ? " for " : "", what ? what : "");
    return WF_E_TOO_BIG;
}

static wf_status longer(wf_diag *diag, const char *path, size_t most,
                        const char *what, const wf__file_limit *lim) {
    wf__diag_set(diag, path, 0, 0, "more than %zu bytes, the length of %s "
                 "for this map and header (%s)", most, what ? what : "a file",
                 lim->after);
    return WF_E_PARSE;
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

/* The file whole, as wf__file_read says; with lim, no more than its
 * header allows (file_read.h). */
static wf_status read_file(const char *path, size_t max,
                           const wf__file_limit *lim, const char *what,
                           const wf_allocator *alloc, char **buf, size_t *len,
                           wf_diag *diag) {
    if (buf)
        *buf = NULL;
    if (len)
        *len = 0;
    if (!path || !buf || !len)
        return WF_E_INVALID_ARG;
    if (max > WF_FILE_MAX)
        max = WF_FILE_MAX;
    wf_allocator a = wf__allocator(alloc);
    errno = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return io_error(diag, path, "open", errno);
    size_t hint = size_hint(f);
    if (hint > max) {
        /* a directory may claim a huge size too: let a read say which */
        char probe;
        errno = 0;
        if (fread(&probe, 1, 1, f) != 1 && ferror(f)) {
            int err = errno;
            fclose(f);
            return io_error(diag, path, "read", err);
        }
        fclose(f);
        return too_big(diag, path, max, what);
    }
    /* Room for the whole file (or, with lim, its header), its NUL and one
     * byte more, so that reaching the end takes no further growth when the
     * hint was right, and so that one byte over the limit shows. */
    size_t cap = (lim && hint > lim->head ? lim->head : hint) + 2, n = 0;
    int sized = !lim, limited = 0;
    char *p = wf__alloc(&a, cap);
    if (!p) {
        fclose(f);
        return WF_E_NOMEM;
    }
    wf_status s = WF_OK;
    for (;;) {
        if (n + 1 == cap) {
            if (!sized && n >= lim->head) {
                const size_t most = lim->most(lim->ctx, (unsigned char *)p, n);
                sized = 1;
                if (most == 0)
                    break; /* a bad header: the parser says why */
                if (most < max) {
                    max = most;
                    limited = 1;
                }
            }
            if (n > max) {
                s = limited ? longer(diag, path, max, what, lim)
                            : too_big(diag, path, max, what);
                break;
            }
            size_t ncap = cap < 4096 ? 4096 : cap * 2;
            if (sized && hint + 2 > ncap && hint <= max)
                ncap = hint + 2;
            if (!sized && ncap > lim->head + 2)
                ncap = lim->head + 2;
            if (ncap > max + 2)
                ncap = max + 2;
            char *q = wf__realloc(&a, p, cap, ncap);
            if (!q) {
                s = WF_E_NOMEM;
                break;
            }
            p = q;
            cap = ncap;
        }
        /* at most 1 MiB a call: a pipe gives 64 KiB a read, and tools
         * such as valgrind check the whole requested range on each one */
        size_t want = cap - 1 - n;
        if (want > ((size_t)1 << 20))
            want = (size_t)1 << 20;
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
    if (s == WF_OK && !sized) {
        /* shorter than the header: the parser says so */
        const size_t most = lim->most(lim->ctx, (unsigned char *)p, n);
        if (most && most < max) {
            max = most;
            limited = 1;
        }
    }
    if (s == WF_OK && n > max)
        s = limited ? longer(diag, path, max, what, lim)
                    : too_big(diag, path, max, what);
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

wf_status wf__file_read(const char *path, size_t max, const char *what,
                        const wf_allocator *alloc, char **buf, size_t *len,
                        wf_diag *diag) {
    return read_file(path, max, NULL, what, alloc, buf, len, diag);
}

wf_status wf_file_read(const char *path, size_t max, const wf_allocator *alloc,
                       char **buf, size_t *len, wf_diag *diag) {
    return wf__file_read(path, max, NULL, alloc, buf, len, diag);
}

void wf_file_free(char *buf, size_t len, const wf_allocator *alloc) {
    if (!buf)
        return;
    wf_allocator a = wf__allocator(alloc);
    wf__free(&a, buf, len + 1);
}

wf_status wf__read_parse_limited(const char *path, size_t max,
                                 const wf__file_limit *limit,
                                 const char *what, const wf_allocator *alloc,
                                 wf__parse_fn parse, void *ctx,
                                 wf_diag *diag) {
    char *buf;
    size_t len;
    wf_status s = read_file(path, max, limit, what, alloc, &buf, &len, diag);
    if (s != WF_OK)
        return s;
    s = parse(ctx, buf, len, path, diag);
    wf_file_free(buf, len, alloc);
    return s;
}

wf_status wf__read_parse(const char *path, size_t max, const char *what,
                         const wf_allocator *alloc, wf__parse_fn parse,
                         void *ctx, wf_diag *diag) {
    return wf__read_parse_limited(path, max, NULL, what, alloc, parse, ctx,
                                  diag);
}
