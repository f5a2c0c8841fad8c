/* Diagnostics: filling and formatting wf_diag. */
#include <stdarg.h>
#include <stdio.h>

#include "internal.h"

void wf__diag_set(wf_diag *d, const char *file, unsigned line, unsigned col,
                  const char *fmt, ...) {
    if (!d)
        return;
    snprintf(d->file, sizeof d->file, "%s", file ? file : "");
    d->line = line;
    d->column = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
}

int wf__refuse(char *msg, size_t size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, size, fmt, ap);
    va_end(ap);
    return 1;
}

char *wf_diag_format(const wf_diag *d, char *buf, size_t size) {
    if (!buf || size == 0)
        return buf;
    buf[0] = '\0';
    if (!d)
        return buf;
    size_t n = 0;
#define WF_APPEND_(...)                                                        \
    do {                                                                       \
        int k_ = snprintf(buf + n, size - n, __VA_ARGS__);                     \
        if (k_ < 0 || (size_t)k_ >= size - n)                                  \
            return buf;                                                        \
        n += (size_t)k_;                                                       \
    } while (0)
    if (d->file[0])
        WF_APPEND_("%s:", d->file);
    if (d->line) {
        WF_APPEND_("%u:", d->line);
        if (d->column)
            WF_APPEND_("%u:", d->column);
    }
    WF_APPEND_("%s%s", n ? " " : "", d->message);
#undef WF_APPEND_
    return buf;
}
