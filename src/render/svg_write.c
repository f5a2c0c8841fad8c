/* SVG text for every SVG picture: writes that stop at the first failure
 * (checked once at the end), and pixel coordinates with few decimals. */
#include <stdarg.h>
#include <string.h>

#include "render_internal.h"

void wf__svg_put(wf__svg *s, const char *fmt, ...) {
    if (s->err)
        return;
    va_list ap;
    va_start(ap, fmt);
    s->err = vfprintf(s->f, fmt, ap) < 0;
    va_end(ap);
}

/* v with at most two decimals, trailing zeros dropped, never "-0". */
static void number(char *buf, size_t size, double v) {
    snprintf(buf, size, "%.2f", v);
    char *end = buf + strlen(buf);
    while (end[-1] == '0')
        *--end = '\0';
    if (end[-1] == '.')
        *--end = '\0';
    if (strcmp(buf, "-0") == 0)
        strcpy(buf, "0");
}

void wf__svg_num(wf__svg *s, const char *sep, double v) {
    char buf[48];
    number(buf, sizeof buf, v);
    wf__svg_put(s, "%s%s", sep, buf);
}

void wf__svg_point(wf__svg *s, const char *sep, wf_vec2 p) {
    wf__svg_num(s, sep, p.x);
    wf__svg_num(s, ",", p.y);
}
