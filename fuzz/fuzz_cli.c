/* Fuzzes the wayfind program's option values: the number and list parsers
 * of cli/common.c (linked in). The input is one option
 * value: the fuzzer's bytes as a NUL-terminated string (an embedded NUL
 * ends it, as it would on a command line). Whatever a parser accepts must
 * be in range and print back to a string that parses to the same value. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fuzz.h"

/* An integer as the option help says: [+-]digits and nothing else. */
static int is_integer_text(const char *s) {
    if (*s == '+' || *s == '-')
        s++;
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

static void fuzz_int(const char *s, long lo, long hi) {
    long v, back;
    char buf[32];
    if (cli_parse_int("fuzz", "n", s, lo, hi, &v) != 0)
        return;
    FUZZ_CHECK(v >= lo && v <= hi);
    FUZZ_CHECK(is_integer_text(s));
    snprintf(buf, sizeof buf, "%ld", v);
    FUZZ_CHECK(cli_parse_int("fuzz", "n", buf, lo, hi, &back) == 0);
    FUZZ_CHECK(back == v);
}

static void fuzz_point(const char *s) {
    wf_point p, back;
    char buf[64];
    if (cli_parse_point("fuzz", "from", s, &p) != 0)
        return;
    FUZZ_CHECK(p.x >= 0 && p.x <= WF_GRID_MAX_SIDE);
    FUZZ_CHECK(p.y >= 0 && p.y <= WF_GRID_MAX_SIDE);
    snprintf(buf, sizeof buf, "%d,%d", p.x, p.y);
    FUZZ_CHECK(cli_parse_point("fuzz", "from", buf, &back) == 0);
    FUZZ_CHECK(back.x == p.x && back.y == p.y);
}

static void fuzz_size(const char *s) {
    int w, h, w2, h2;
    char buf[64];
    if (cli_parse_size("fuzz", s, &w, &h) != 0)
        return;
    FUZZ_CHECK(w >= 1 && w <= 16384 && h >= 1 && h <= 16384);
    snprintf(buf, sizeof buf, "%dx%d", w, h);
    FUZZ_CHECK(cli_parse_size("fuzz", buf, &w2, &h2) == 0);
    FUZZ_CHECK(w2 == w && h2 == h);
}

static void fuzz_seed(const char *s) {
    uint64_t v, back;
    char buf[32];
    if (cli_parse_seed("fuzz", s, &v) != 0)
        return;
    for (const char *c = s; *c; c++)
        FUZZ_CHECK(*c >= '0' && *c <= '9');
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    FUZZ_CHECK(cli_parse_seed("fuzz", buf, &back) == 0 && back == v);
}

static void fuzz_double(const char *s) {
    double v;
    if (cli_parse_double("fuzz", "flee", s, 1e-6, 1e6, &v) == 0)
        FUZZ_CHECK(isfinite(v) && v >= 1e-6 && v <= 1e6);
}

static void fuzz_search_options(const char *s) {
    for (int key = CLI_OPT_CONNECT; key <= CLI_OPT_MAX_EXPANSIONS; key++) {
        wf_search_opts o = wf_search_opts_default();
        if (cli_search_option("fuzz", key, s, &o) != 0)
            continue;
        FUZZ_CHECK(o.move.connect == 4 || o.move.connect == 8);
        FUZZ_CHECK((unsigned)o.move.corners <= WF_CORNERS_ONE_FREE);
        FUZZ_CHECK((unsigned)o.heuristic <= WF_H_ZERO);
        FUZZ_CHECK(isfinite(o.weight) && o.weight >= 1 && o.weight <= 1e6);
        FUZZ_CHECK((unsigned)o.algo <= WF_ALGO_AUTO);
    }
}

/* --sources: what cli_parse_points accepts prints back to the same cells. */
#define MAX_POINTS 1024
static void fuzz_sources(const char *s) {
    const size_t cap = MAX_POINTS;
    wf_point *src = malloc(cap * sizeof *src);
    wf_point *back = malloc(cap * sizeof *back);
    char *text = malloc(cap * 24 + 1);
    FUZZ_CHECK(src && back && text);
    long n = cli_parse_points("fuzz", "sources", s, src, cap);
    if (n >= 0) {
        FUZZ_CHECK((size_t)n <= cap);
        size_t k = 0;
        text[0] = '\0';
        for (long i = 0; i < n; i++) {
            k += (size_t)sprintf(text + k, "%s%d,%d", i ? ";" : "",
                                 src[i].x, src[i].y);
        }
        FUZZ_CHECK(cli_parse_points("fuzz", "sources", text, back, cap) == n);
        for (long i = 0; i < n; i++)
            FUZZ_CHECK(back[i].x == src[i].x && back[i].y == src[i].y);
    }
    free(text);
    free(back);
    free(src);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *s = malloc(size + 1);
    FUZZ_CHECK(s != NULL);
    memcpy(s, data, size);
    s[size] = '\0';
    fuzz_int(s, 1, 16384);
    fuzz_int(s, 1, LONG_MAX);
    fuzz_int(s, LONG_MIN, LONG_MAX);
    fuzz_point(s);
    fuzz_size(s);
    fuzz_seed(s);
    fuzz_double(s);
    fuzz_search_options(s);
    fuzz_sources(s);
    free(s);
    return 0;
}
