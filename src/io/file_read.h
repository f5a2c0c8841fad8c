/* Reading a file whole and handing it to a parser: the one path every
 * wf_X_read function takes. Not installed. */
#ifndef WF_IO_FILE_READ_H
#define WF_IO_FILE_READ_H

#include "wayfind/io.h"

/* wf_file_read, with @p what ("a map file") naming the kind of file in
 * the message when it is larger than @p max bytes. */
wf_status wf__file_read(const char *path, size_t max, const char *what,
                        const wf_allocator *alloc, char **buf, size_t *len,
                        wf_diag *diag);

/* For a binary file whose header says how long it is: after the first
 * `head` bytes (or the whole file, when shorter) have been read, `most`
 * returns the most bytes the file may hold; reading stops there, so that
 * an endless stream (/dev/zero) costs the header and not the whole
 * limit. `most` returns 0 when the header is bad: reading stops, and the
 * parser, seeing only the header, says what is wrong. */
typedef struct wf__file_limit {
    size_t head;
    size_t (*most)(void *ctx, const unsigned char *b, size_t n);
    void *ctx;
    const char *after; /* what bytes past that are ("data after ...") */
} wf__file_limit;

/* Parses text buf[0..len) read from the file @p name into what @p ctx
 * says. */
typedef wf_status (*wf__parse_fn)(void *ctx, const char *buf, size_t len,
                                  const char *name, wf_diag *diag);

/* Reads @p path (at most @p max bytes; @p what as for wf__file_read),
 * parses it with @p parse, frees the text and returns what either step
 * returned. The parser sees @p path as the file name for diagnostics. */
wf_status wf__read_parse(const char *path, size_t max, const char *what,
                         const wf_allocator *alloc, wf__parse_fn parse,
                         void *ctx, wf_diag *diag);

/* wf__read_parse for a binary file whose header limits its length. */
wf_status wf__read_parse_limited(const char *path, size_t max,
                                 const wf__file_limit *limit,
                                 const char *what, const wf_allocator *alloc,
                                 wf__parse_fn parse, void *ctx,
                                 wf_diag *diag);

#endif
