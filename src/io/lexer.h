/* The text cursor the io parsers share: splits a length-delimited buffer
 * into lines (LF or CRLF, optional final newline, optional UTF-8 byte order
 * mark), splits lines into blank-separated words, parses numbers without
 * strtol/strtod (no NUL terminator needed, no locale, no overflow) and
 * reports errors as file:line:col in a wf_diag. Not installed. */
#ifndef WF_IO_LEXER_H
#define WF_IO_LEXER_H

#include <stddef.h>

#include "wf_core_private.h"

/* A buffer being read line by line. */
typedef struct wf__text {
    const char *buf;
    size_t len;
    size_t pos;        /* offset of the next line */
    unsigned line;     /* number of the last line returned, 0 before any */
    size_t last_len;   /* length of that line without its line end */
    const char *name;  /* file name for diagnostics, never NULL */
    wf_diag *diag;     /* may be NULL */
} wf__text;

/* One line: bytes p[0..n) without the line end, and a cursor i into it. */
typedef struct wf__line {
    const char *p;
    size_t n;
    size_t i;
    unsigned no;       /* 1-based line number */
} wf__line;

/* Starts reading buf (len bytes; buf may be NULL when len is 0). A leading
 * UTF-8 byte order mark is skipped; columns count from after it. */
void wf__text_init(wf__text *t, const char *buf, size_t len, const char *name,
                   wf_diag *diag);
/* The next line into *ln; 0 at the end of the buffer. A line ends at '\n';
 * one '\r' right before it (or before the end of the buffer) is dropped. */
int wf__text_next(wf__text *t, wf__line *ln);
/* Where "end of file" is, for diagnostics: just after the last byte. */
void wf__text_eof(const wf__text *t, unsigned *line, unsigned *col);

/* 1-based column of offset i (saturates instead of wrapping). */
unsigned wf__col(size_t i);
/* 1 when the line holds only spaces and tabs. */
int wf__line_blank(const wf__line *ln);
/* Skips spaces and tabs at the cursor. */
void wf__line_skip_blanks(wf__line *ln);
/* Skips blanks, then returns the next word (bytes up to a space, tab or the
 * end of the line) in *p / *n with the cursor after it; 0 when none left.
 * *at receives the word's offset in the line. */
int wf__line_word(wf__line *ln, const char **p, size_t *n, size_t *at);

/* Results of wf__parse_int. */
enum { WF__NUM_BAD = 0, WF__NUM_OK = 1, WF__NUM_LOW = 2, WF__NUM_HIGH = 3 };

/* Parses all of p[0..n) as [+-]digits into *v. Returns WF__NUM_OK when the
 * value lies in [min, max], WF__NUM_LOW / WF__NUM_HIGH when it lies outside
 * (however many digits it has), WF__NUM_BAD when it is not an integer. */
int wf__parse_int(const char *p, size_t n, long long min, long long max,
                  long long *v);
/* Parses all of p[0..n) as a decimal number: [+-] digits [. digits]
 * [e|E [+-] digits], at least one digit before the exponent. No hex, inf or
 * nan. Exact (correctly rounded) when the significand has at most 15 digits
 * and the decimal exponent lies within ±22; close otherwise. Overflow gives
 * infinity. Returns 1 on success, 0 when the text is not a number. */
int wf__parse_num(const char *p, size_t n, double *v);

/* Writes p[0..n) into buf as a quoted token for messages: 'word', with
 * non-printable bytes as \xHH and long tokens cut with "...". */
void wf__quote(const char *p, size_t n, char *buf, size_t size);
/* Size of a buffer that always holds wf__quote's output. */
#define WF__QUOTE_SIZE 64

/* Fills t->diag (t->name, line, col, printf message) and returns s. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 5, 6)))
#endif
wf_status wf__text_error(const wf__text *t, wf_status s, unsigned line,
                         unsigned col, const char *fmt, ...);

/* The error "expected WHAT, found end of file" (WF_E_PARSE) at the end of
 * the file, as wf__text_eof places it. */
wf_status wf__text_expected_eof(const wf__text *t, const char *what);

/* A printable description of byte c for messages: "'x' (0x78)" or "byte
 * 0x00"; buf must hold at least 16 bytes. */
const char *wf__byte_desc(unsigned char c, char *buf, size_t size);

/* x as "%.17g" with '.' for the decimal point whatever the locale, or
 * "null" when x is not finite (JSON has no infinity or NaN). */
void wf__format_number(double x, char *buf, size_t size);

#endif
