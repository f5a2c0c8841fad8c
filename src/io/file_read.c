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

/* A file being read into p[0..n) of cap bytes, at most max bytes (with a
 * limit, lowered to what its header allows once that is read: sized). */
typedef struct reader {
    wf_allocator a;
    FILE *f;
    const char *path, *what;
    const wf__file_limit *lim;
    char *p;
    size_t n, cap, max, hint;
    int sized, limited;
} reader;

/* Asks the limit how long the file may be, from what is read so far; 0
 * when the header is bad (reading stops: the parser says why). */
static int size_from_header(reader *r) {
    r->sized = 1;
    const size_t most = r->lim->most(r->lim->ctx, (unsigned char *)r->p, r->n);
    if (most == 0)
        return 0;
    if (most < r->max) {
        r->max = most;
        r->limited = 1;
    }
    return 1;
}

static wf_status over(const reader *r, wf_diag *diag) {
    return r->limited ? longer(diag, r->path, r->max, r->what, r->lim)
                      : too_big(diag, r->path, r->max, r->what);
}

/* Room for more: doubling, to the hint once sized, never past max + 2 (or,
 * unsized, past the header + 2). */
static wf_status grow(reader *r) {
    size_t ncap = r->cap < 4096 ? 4096 : r->cap * 2;
    if (r->sized && r->hint + 2 > ncap && r->hint <= r->max)
        ncap = r->hint + 2;
    if (!r->sized && ncap > r->lim->head + 2)
        ncap = r->lim->head + 2;
    if (ncap > r->max + 2)
        ncap = r->max + 2;
    char *q = wf__realloc(&r->a, r->p, r->cap, ncap);
    if (!q)
        return WF_E_NOMEM;
    r->p = q;
    r->cap = ncap;
    return WF_OK;
}

/* Reads until the end of the file, max + 1 bytes or a bad header. */
static wf_status read_all(reader *r, wf_diag *diag) {
    for (;;) {
        if (r->n + 1 == r->cap) {
            if (!r->sized && r->n >= r->lim->head && !size_from_header(r))
                return WF_OK;
            if (r->n > r->max)
                return over(r, diag);
            wf_status s = grow(r);
            if (s != WF_OK)
                return s;
        }
        /* at most 1 MiB a call: a pipe gives 64 KiB a read, and tools
         * such as valgrind check the whole requested range on each one */
        size_t want = r->cap - 1 - r->n;
        if (want > ((size_t)1 << 20))
            want = (size_t)1 << 20;
        errno = 0;
        size_t got = fread(r->p + r->n, 1, want, r->f);
        r->n += got;
        if (got < want)
            return ferror(r->f) ? io_error(diag, r->path, "read", errno)
                                : WF_OK;
    }
}

/* Opens path and checks its size against max: WF_OK, or why not. */
static wf_status open_file(reader *r, wf_diag *diag) {
    errno = 0;
    r->f = fopen(r->path, "rb");
    if (!r->f)
        return io_error(diag, r->path, "open", errno);
    r->hint = size_hint(r->f);
    if (r->hint <= r->max)
        return WF_OK;
    /* a directory may claim a huge size too: let a read say which */
    char probe;
    errno = 0;
    wf_status s = too_big(diag, r->path, r->max, r->what);
    if (fread(&probe, 1, 1, r->f) != 1 && ferror(r->f))
        s = io_error(diag, r->path, "read", errno);
    fclose(r->f);
    return s;
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
    reader r = {.a = wf__allocator(alloc), .path = path, .what = what,
                .lim = lim, .max = max > WF_FILE_MAX ? WF_FILE_MAX : max,
                .sized = !lim};
    wf_status s = open_file(&r, diag);
    if (s != WF_OK)
        return s;
    /* Room for the whole file (or, with lim, its header), its NUL and one
     * byte more, so that reaching the end takes no further growth when the
     * hint was right, and so that one byte over the limit shows. */
    r.cap = (lim && r.hint > lim->head ? lim->head : r.hint) + 2;
    r.p = wf__alloc(&r.a, r.cap);
    s = r.p ? read_all(&r, diag) : WF_E_NOMEM;
    fclose(r.f);
    if (s == WF_OK && !r.sized)
        (void)size_from_header(&r); /* shorter than the header */
    if (s == WF_OK && r.n > r.max)
        s = over(&r, diag);
    if (s == WF_OK && r.cap != r.n + 1) {
        /* the caller frees n + 1 bytes: make that the allocated size */
        char *q = wf__realloc(&r.a, r.p, r.cap, r.n + 1);
        s = q ? WF_OK : WF_E_NOMEM;
        if (q) {
            r.p = q;
            r.cap = r.n + 1;
        }
    }
    if (s != WF_OK) {
        if (r.p)
            wf__free(&r.a, r.p, r.cap);
        return s;
    }
    r.p[r.n] = '\0';
    *buf = r.p;
    *len = r.n;
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
