/* Line and word cursor, number parsing and error reporting shared by the io
 * parsers. */
#include "lexer.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

void wf__text_init(wf__text *t, const char *buf, size_t len, const char *name,
                   wf_diag *diag) {
    t->buf = buf;
    t->len = buf ? len : 0;
    t->pos = 0;
    t->line = 0;
    t->last_len = 0;
    t->name = name ? name : "";
    t->diag = diag;
    if (t->len >= 3 && (unsigned char)buf[0] == 0xEF &&
        (unsigned char)buf[1] == 0xBB && (unsigned char)buf[2] == 0xBF)
        t->pos = 3;
}

int wf__text_next(wf__text *t, wf__line *ln) {
    if (t->pos >= t->len)
        return 0;
    const char *start = t->buf + t->pos;
    size_t rest = t->len - t->pos;
    const char *nl = memchr(start, '\n', rest);
    size_t n = nl ? (size_t)(nl - start) : rest;
    t->pos += nl ? n + 1 : n;
    if (n > 0 && start[n - 1] == '\r')
        n--;
    if (t->line < UINT_MAX)
        t->line++;
    t->last_len = n;
    ln->p = start;
    ln->n = n;
    ln->i = 0;
    ln->no = t->line;
    return 1;
}

void wf__text_eof(const wf__text *t, unsigned *line, unsigned *col) {
    if (t->line == 0) {
        *line = 1;
        *col = 1;
    } else if (t->buf[t->len - 1] == '\n') {
        *line = t->line < UINT_MAX ? t->line + 1 : UINT_MAX;
        *col = 1;
    } else {
        *line = t->line;
        *col = wf__col(t->last_len);
    }
}

unsigned wf__col(size_t i) {
    return i < (size_t)UINT_MAX ? (unsigned)(i + 1) : UINT_MAX;
}

static int is_blank(char c) { return c == ' ' || c == '\t'; }

int wf__line_blank(const wf__line *ln) {
    for (size_t i = 0; i < ln->n; i++)
        if (!is_blank(ln->p[i]))
            return 0;
    return 1;
}

void wf__line_skip_blanks(wf__line *ln) {
    while (ln->i < ln->n && is_blank(ln->p[ln->i]))
        ln->i++;
}

int wf__line_word(wf__line *ln, const char **p, size_t *n, size_t *at) {
    wf__line_skip_blanks(ln);
    if (ln->i >= ln->n)
        return 0;
    size_t s = ln->i;
    while (ln->i < ln->n && !is_blank(ln->p[ln->i]))
        ln->i++;
    *p = ln->p + s;
    *n = ln->i - s;
    *at = s;
    return 1;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

int wf__parse_int(const char *p, size_t n, long long min, long long max,
                  long long *v) {
    size_t i = 0;
    int neg = 0;
    if (i < n && (p[i] == '+' || p[i] == '-'))
        neg = p[i++] == '-';
    if (i == n)
        return WF__NUM_BAD;
    /* Accumulate the magnitude as unsigned; once it passes the limit the
     * remaining digits only need checking, not adding. */
    unsigned long long limit = neg ? (unsigned long long)LLONG_MAX + 1u
                                   : (unsigned long long)LLONG_MAX;
    unsigned long long m = 0;
    int over = 0;
    for (; i < n; i++) {
        if (!is_digit(p[i]))
            return WF__NUM_BAD;
        unsigned d = (unsigned)(p[i] - '0');
        if (!over && (m > (limit - d) / 10u))
            over = 1;
        if (!over)
            m = m * 10u + d;
    }
    if (over)
        return neg ? WF__NUM_LOW : WF__NUM_HIGH;
    long long x;
    if (neg)
        x = m == (unsigned long long)LLONG_MAX + 1u ? LLONG_MIN
                                                      : -(long long)m;
    else
        x = (long long)m;
    if (x < min)
        return WF__NUM_LOW;
    if (x > max)
        return WF__NUM_HIGH;
    *v = x;
    return WF__NUM_OK;
}

/* Powers of ten that are exact in a double. */
static const double pow10_exact[23] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

#define WF__EXP_CAP 100000L

int wf__parse_num(const char *p, size_t n, double *v) {
    size_t i = 0;
    int neg = 0;
    if (i < n && (p[i] == '+' || p[i] == '-'))
        neg = p[i++] == '-';
    unsigned long long mant = 0;
    int sig = 0;       /* digits held in mant, from the first non-zero one */
    long exp10 = 0;    /* value = mant * 10^exp10 */
    int digits = 0;
    for (; i < n && is_digit(p[i]); i++) {
        digits = 1;
        if (sig < 19) {
            mant = mant * 10u + (unsigned)(p[i] - '0');
            if (mant)
                sig++;
        } else if (exp10 < WF__EXP_CAP) {
            exp10++; /* a dropped integer digit */
        }
    }
    if (i < n && p[i] == '.') {
        for (i++; i < n && is_digit(p[i]); i++) {
            digits = 1;
            if (sig < 19) {
                mant = mant * 10u + (unsigned)(p[i] - '0');
                if (mant)
                    sig++;
                if (exp10 > -WF__EXP_CAP)
                    exp10--;
            }
        }
    }
    if (!digits)
        return 0;
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        i++;
        int eneg = 0;
        if (i < n && (p[i] == '+' || p[i] == '-'))
            eneg = p[i++] == '-';
        if (i == n || !is_digit(p[i]))
            return 0;
        long e = 0;
        for (; i < n && is_digit(p[i]); i++)
            if (e < WF__EXP_CAP)
                e = e * 10 + (p[i] - '0');
        exp10 += eneg ? -e : e;
    }
    if (i != n)
        return 0;
    double x;
    if (mant == 0) {
        x = 0.0;
    } else if (sig <= 15 && exp10 >= -22 && exp10 <= 22) {
        /* both operands exact, so the one rounding is correct */
        x = exp10 >= 0 ? (double)mant * pow10_exact[exp10]
                       : (double)mant / pow10_exact[-exp10];
    } else {
        /* at most 100000 / 22 steps; stops at infinity or zero */
        x = (double)mant;
        while (exp10 > 0 && x <= DBL_MAX) {
            long k = exp10 > 22 ? 22 : exp10;
            x *= pow10_exact[k];
            exp10 -= k;
        }
        while (exp10 < 0 && x > 0.0) {
            long k = -exp10 > 22 ? 22 : -exp10;
            x /= pow10_exact[k];
            exp10 += k;
        }
    }
    *v = neg ? -x : x;
    return 1;
}

void wf__quote(const char *p, size_t n, char *buf, size_t size) {
    static const char hex[] = "0123456789abcdef";
    size_t o = 0;
    if (size < 8) {
        if (size)
            buf[0] = '\0';
        return;
    }
    buf[o++] = '\'';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        size_t need = (c >= 0x20 && c < 0x7F) ? 1 : 4;
        /* keep room for "...'" and the NUL */
        if (o + need + 5 > size) {
            memcpy(buf + o, "...", 3);
            o += 3;
            break;
        }
        if (need == 1) {
            buf[o++] = (char)c;
        } else {
            buf[o++] = '\\';
            buf[o++] = 'x';
            buf[o++] = hex[c >> 4];
            buf[o++] = hex[c & 15];
        }
    }
    buf[o++] = '\'';
    buf[o] = '\0';
}

wf_status wf__text_error(const wf__text *t, wf_status s, unsigned line,
                         unsigned col, const char *fmt, ...) {
    if (t->diag) {
        char msg[sizeof t->diag->message];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        wf__diag_set(t->diag, t->name, line, col, "%s", msg);
    }
    return s;
}

wf_status wf__text_expected_eof(const wf__text *t, const char *what) {
    unsigned line, col;
    wf__text_eof(t, &line, &col);
    return wf__text_error(t, WF_E_PARSE, line, col,
                          "expected %s, found end of file", what);
}

const char *wf__byte_desc(unsigned char c, char *buf, size_t size) {
    if (c >= 0x20 && c < 0x7F)
        snprintf(buf, size, "'%c' (0x%02x)", (char)c, (unsigned)c);
    else
        snprintf(buf, size, "byte 0x%02x", (unsigned)c);
    return buf;
}

/* "%.17g" of x with a '.' for the decimal point whatever the locale, or
 * "null" when x is not finite (JSON has no infinity or NaN). */
void wf__format_number(double x, char *buf, size_t size) {
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
