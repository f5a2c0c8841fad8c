/* JSON output of a query result. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "../core/internal.h"
#include "wayfind/io.h"

/* "%.17g" of x with a '.' for the decimal point whatever the locale, or
 * "null" when x is not finite (JSON has no infinity or NaN). */
static void format_number(double x, char *buf, size_t size) {
    if (!isfinite(x)) {
        snprintf(buf, size, "null");
        return;
    }
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%.17g", x);
    /* Anything that is not a digit, sign or exponent mark is the locale's
     * radix character (perhaps several bytes): write one '.'. */
    size_t o = 0;
    int in_radix = 0;
    for (const char *p = tmp; *p && o + 1 < size; p++) {
        char c = *p;
        int plain = (c >= '0' && c <= '9') || c == '-' || c == '+' ||
                    c == 'e' || c == 'E';
        if (plain) {
            buf[o++] = c;
            in_radix = 0;
        } else if (!in_radix) {
            buf[o++] = '.';
            in_radix = 1;
        }
    }
    buf[o] = '\0';
}

wf_status wf_path_write_json(FILE *f, wf_status status, const wf_path *p) {
    if (!f || !p || (p->count && !p->points))
        return WF_E_INVALID_ARG;
    char name[32], cost[64];
    const char *s = wf_status_name(status);
    size_t i = 0;
    for (; s[i] && i + 1 < sizeof name; i++)
        name[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    name[i] = '\0';
    format_number(p->cost, cost, sizeof cost);
    if (fprintf(f,
                "{\"status\":\"%s\",\"cost\":%s,\"length\":%zu,"
                "\"expanded\":%" PRIu64 ",\"generated\":%" PRIu64
                ",\"heap_ops\":%" PRIu64 ",\"path\":[",
                name, cost, p->count, p->stats.expanded, p->stats.generated,
                p->stats.heap_ops) < 0)
        return WF_E_IO;
    for (size_t k = 0; k < p->count; k++)
        if (fprintf(f, "%s[%d,%d]", k ? "," : "", p->points[k].x,
                    p->points[k].y) < 0)
            return WF_E_IO;
    if (fputs("]}\n", f) == EOF || fflush(f) != 0 || ferror(f))
        return WF_E_IO;
    return WF_OK;
}
