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

#endif
