/* The io layer's shared text cursor: lines, words, numbers, quoting. */
#include "wf_test.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/lexer.h"

static void test_lines(void **state) {
    (void)state;
    struct {
        const char *text;
        int lines;
        const char *last;
        unsigned eof_line, eof_col;
    } cases[] = {
        {"", 0, NULL, 1, 1},
        {"\n", 1, "", 2, 1},
        {"ab", 1, "ab", 1, 3},
        {"ab\r\n", 1, "ab", 2, 1},
        {"ab\r", 1, "ab", 1, 3},
        {"a\nb\r\nc", 3, "c", 3, 2},
        {"a\r\rb\n", 1, "a\r\rb", 2, 1},
        {"a\n\n", 2, "", 3, 1},
        {"\xEF\xBB\xBFxy\n", 1, "xy", 2, 1},
        {"\xEF\xBB", 1, "\xEF\xBB", 1, 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = strlen(cases[i].text);
        char *b = malloc(n ? n : 1);
        memcpy(b, cases[i].text, n);
        wf__text t;
        wf__line ln = {0};
        wf__text_init(&t, b, n, NULL, NULL);
        int count = 0;
        while (wf__text_next(&t, &ln)) {
            count++;
            assert_int_equal(ln.no, count);
        }
        assert_int_equal(count, cases[i].lines);
        if (cases[i].last) {
            assert_int_equal(ln.n, strlen(cases[i].last));
            assert_memory_equal(ln.p, cases[i].last, ln.n);
        }
        unsigned el, ec;
        wf__text_eof(&t, &el, &ec);
        assert_int_equal(el, cases[i].eof_line);
        assert_int_equal(ec, cases[i].eof_col);
        free(b);
    }
}

static void test_words(void **state) {
    (void)state;
    const char *s = " \tab  c\t";
    wf__line ln = {s, strlen(s), 0, 1};
    const char *p;
    size_t n, at;
    assert_true(wf__line_word(&ln, &p, &n, &at));
    assert_int_equal(n, 2);
    assert_int_equal(at, 2);
    assert_memory_equal(p, "ab", 2);
    assert_true(wf__line_word(&ln, &p, &n, &at));
    assert_int_equal(at, 6);
    assert_false(wf__line_word(&ln, &p, &n, &at));
    assert_true(wf__line_blank(&(wf__line){" \t", 2, 0, 1}));
    assert_false(wf__line_blank(&(wf__line){" \r", 2, 0, 1}));
    assert_int_equal(wf__col(0), 1);
    assert_int_equal(wf__col((size_t)UINT_MAX + 5), UINT_MAX);
}

static int pint(const char *s, long long min, long long max, long long *v) {
    return wf__parse_int(s, strlen(s), min, max, v);
}

static void test_parse_int(void **state) {
    (void)state;
    long long v = 0;
    assert_int_equal(pint("0", 0, 10, &v), WF__NUM_OK);
    assert_int_equal(v, 0);
    assert_int_equal(pint("+7", 0, 10, &v), WF__NUM_OK);
    assert_int_equal(v, 7);
    assert_int_equal(pint("-0", 0, 10, &v), WF__NUM_OK);
    assert_int_equal(pint("007", 0, 10, &v), WF__NUM_OK);
    assert_int_equal(v, 7);
    assert_int_equal(pint("11", 0, 10, &v), WF__NUM_HIGH);
    assert_int_equal(pint("-1", 0, 10, &v), WF__NUM_LOW);
    assert_int_equal(pint("9223372036854775807", LLONG_MIN, LLONG_MAX, &v),
                     WF__NUM_OK);
    assert_true(v == LLONG_MAX);
    assert_int_equal(pint("9223372036854775808", LLONG_MIN, LLONG_MAX, &v),
                     WF__NUM_HIGH);
    assert_int_equal(pint("-9223372036854775808", LLONG_MIN, LLONG_MAX, &v),
                     WF__NUM_OK);
    assert_true(v == LLONG_MIN);
    assert_int_equal(pint("-9223372036854775809", LLONG_MIN, LLONG_MAX, &v),
                     WF__NUM_LOW);
    assert_int_equal(pint("123456789012345678901234567890", 0, 5, &v),
                     WF__NUM_HIGH);
    const char *bad[] = {"", "+", "-", "1x", "x1", "1 ", " 1", "1.0", "0x1",
                         "1e3", "--1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(pint(bad[i], LLONG_MIN, LLONG_MAX, &v), WF__NUM_BAD);
}

static int pnum(const char *s, double *v) {
    return wf__parse_num(s, strlen(s), v);
}

static void test_parse_num(void **state) {
    (void)state;
    double v;
    struct {
        const char *s;
        double want;
    } ok[] = {
        {"0", 0}, {"-0", -0.0}, {"1", 1}, {"1.", 1}, {".5", 0.5},
        {"+2.25", 2.25}, {"1e3", 1000}, {"1E-3", 0.001}, {"2.5e+2", 250},
        {"62.1543", 62.1543}, {"369.44574280", 369.44574280},
        {"244.95", 244.95}, {"0.000000000000000000000000001", 1e-27},
        {"1e308", 1e308}, {"1e-400", 0},
        {"12345678901234567890123", 12345678901234567890123.0},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        assert_true(pnum(ok[i].s, &v));
        if (!(fabs(v - ok[i].want) <= 1e-15 * fabs(ok[i].want)))
            print_error("%s -> %.17g\n", ok[i].s, v);
        assert_true(fabs(v - ok[i].want) <= 1e-15 * fabs(ok[i].want));
    }
    assert_true(pnum("1e999", &v) && isinf(v));
    assert_true(pnum("1e999999999999999999999", &v) && isinf(v));
    assert_true(pnum("1e-999999999999999999999", &v) && v == 0);
    const char *bad[] = {"", ".", "-", "e3", "1e", "1e+", "1.2.3", "inf",
                         "nan", "0x10", "1,5", " 1", "1 ", "1f", "--1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(pnum(bad[i], &v));
    /* up to 15 significant digits and exponents within ±22: exactly what
     * strtod gives */
    wf_test_rng rng = {99};
    char buf[64];
    for (int i = 0; i < 20000; i++) {
        double x = (double)(wf_test_rng_next(&rng) >> 11) / 9007199254740992.0;
        x *= pow(10.0, (double)wf_test_rng_below(&rng, 12));
        int digits = 1 + (int)wf_test_rng_below(&rng, 15);
        snprintf(buf, sizeof buf, "%.*g", digits, x);
        if (strchr(buf, 'e'))
            continue;
        assert_true(pnum(buf, &v));
        if (v != strtod(buf, NULL))
            print_error("%s -> %.17g, strtod %.17g\n", buf, v,
                        strtod(buf, NULL));
        assert_true(v == strtod(buf, NULL));
    }
}

static void test_quote(void **state) {
    (void)state;
    char q[WF__QUOTE_SIZE];
    wf__quote("abc", 3, q, sizeof q);
    assert_string_equal(q, "'abc'");
    wf__quote("a\0\x7f\xff", 4, q, sizeof q);
    assert_string_equal(q, "'a\\x00\\x7f\\xff'");
    char big[200];
    memset(big, 'x', sizeof big);
    wf__quote(big, sizeof big, q, sizeof q);
    assert_true(strlen(q) < sizeof q);
    assert_non_null(strstr(q, "...'"));
    memset(big, 0, sizeof big);
    wf__quote(big, sizeof big, q, sizeof q);
    assert_true(strlen(q) < sizeof q);
    assert_non_null(strstr(q, "...'"));
    char b[16];
    assert_string_equal(wf__byte_desc('x', b, sizeof b), "'x' (0x78)");
    assert_string_equal(wf__byte_desc(0, b, sizeof b), "byte 0x00");
    assert_string_equal(wf__byte_desc(0xff, b, sizeof b), "byte 0xff");
}

static void test_expected_eof(void **state) {
    (void)state;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf__text t;
    wf__line ln;
    wf__text_init(&t, "ab\ncd", 5, "t.txt", &d);
    while (wf__text_next(&t, &ln))
        ;
    assert_int_equal(wf__text_expected_eof(&t, "a row"), WF_E_PARSE);
    assert_string_equal(d.file, "t.txt");
    assert_int_equal(d.line, 2);
    assert_int_equal(d.column, 3);
    assert_string_equal(d.message, "expected a row, found end of file");
    /* no diag: only the status */
    wf__text_init(&t, NULL, 0, NULL, NULL);
    assert_int_equal(wf__text_expected_eof(&t, "a row"), WF_E_PARSE);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_parse_int),
        cmocka_unit_test(test_parse_num),
        cmocka_unit_test(test_quote),
        cmocka_unit_test(test_expected_eof),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
