/* wf_names: the node-name table of graph files, both ways, and its time
 * bound against names chosen to collide in a hash table. */
#include "wf_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NAME_COUNT 32768
#define BLOCK 3          /* bytes a block of a crafted name */
#define LOW_BITS 17      /* collide in the slot index of tables <= 2^17 */
#define MAX_CHOICES 16

static const char alphabet[] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";

static uint64_t fnv1a_step(uint64_t h, unsigned char c) {
    return (h ^ c) * 0x100000001b3ull;
}

static uint64_t fnv1a(const char *s, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = fnv1a_step(h, (unsigned char)s[i]);
    return h;
}

/* Names of equal length whose 64-bit FNV-1a hashes share their low
 * LOW_BITS bits, so that they all fall into one probe run of a table of up
 * to 2^LOW_BITS slots indexed by those bits. The low bits of an FNV-1a
 * state depend only on the low bits before it, so a name is built block by
 * block: at each step, of all BLOCK-byte blocks, the largest group that
 * leads to the same low state is kept, and any choice of one block per step
 * gives the same hash bits. Returns the name length; names[i] holds
 * NAME_COUNT NUL-terminated names of stride len + 1. */
static size_t collide(char *names) {
    const uint32_t mask = (1u << LOW_BITS) - 1;
    uint16_t *count = calloc((size_t)mask + 1, sizeof *count);
    assert_non_null(count);
    char choice[16][MAX_CHOICES][BLOCK];
    int nchoice[16];
    int steps = 0;
    size_t total = 1;
    uint64_t h = 0xcbf29ce484222325ull;
    const int A = (int)sizeof alphabet - 1;
    while (total < NAME_COUNT) {
        assert_true(steps < 16);
        memset(count, 0, ((size_t)mask + 1) * sizeof *count);
        for (int b = 0; b < A * A * A; b++) {
            uint64_t x = h;
            for (int k = 0, v = b; k < BLOCK; k++, v /= A)
                x = fnv1a_step(x, (unsigned char)alphabet[v % A]);
            count[x & mask]++;
        }
        uint32_t best = 0;
        for (uint32_t i = 1; i <= mask; i++)
            if (count[i] > count[best])
                best = i;
        int k = 0;
        uint64_t next = 0;
        for (int b = 0; b < A * A * A && k < MAX_CHOICES; b++) {
            uint64_t x = h;
            char blk[BLOCK];
            for (int j = 0, v = b; j < BLOCK; j++, v /= A) {
                blk[j] = alphabet[v % A];
                x = fnv1a_step(x, (unsigned char)blk[j]);
            }
            if ((x & mask) == best) {
                memcpy(choice[steps][k++], blk, BLOCK);
                next = x;
            }
        }
        assert_true(k >= 2);
        nchoice[steps++] = k;
        total *= (size_t)k;
        h = next; /* its low bits are those of every choice */
    }
    free(count);
    size_t len = (size_t)steps * BLOCK;
    for (size_t i = 0; i < NAME_COUNT; i++) {
        char *s = names + i * (len + 1);
        size_t v = i;
        for (int st = 0; st < steps; st++) {
            memcpy(s + st * BLOCK, choice[st][v % (size_t)nchoice[st]], BLOCK);
            v /= (size_t)nchoice[st];
        }
        s[len] = '\0';
    }
    return len;
}

/* Names of the same length from a seeded generator: the ordinary case. */
static void ordinary(char *names, size_t len) {
    wf_test_rng r = {42};
    for (size_t i = 0; i < NAME_COUNT; i++) {
        char *s = names + i * (len + 1);
        /* five digits of the index in front keep them distinct */
        for (size_t j = 0, v = i; j < len; j++, v /= 10)
            s[j] = j < 5 ? (char)('0' + v % 10)
                         : alphabet[wf_test_rng_below(&r, sizeof alphabet - 1)];
        s[len] = '\0';
    }
}

/* CPU seconds to add every name and find each once; the best of three. */
static double insert_time(const char *names, size_t len) {
    double best = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        wf_names *t;
        assert_int_equal(wf_names_create(NULL, &t), WF_OK);
        clock_t c0 = clock();
        for (uint32_t i = 0; i < NAME_COUNT; i++) {
            uint32_t id;
            assert_int_equal(wf_names_add(t, names + i * (len + 1), len, &id),
                             WF_OK);
            assert_int_equal(id, i);
        }
        for (uint32_t i = 0; i < NAME_COUNT; i++) {
            uint32_t id = UINT32_MAX;
            assert_int_equal(wf_names_find(t, names + i * (len + 1), len, &id),
                             WF_OK);
            assert_int_equal(id, i);
        }
        double sec = (double)(clock() - c0) / CLOCKS_PER_SEC;
        best = sec < best ? sec : best;
        wf_names_destroy(t);
    }
    return best;
}

/* Names that all share a hash slot cost about what ordinary names cost:
 * the table's bound does not rest on the hash spreading them. */
static void test_colliding_names(void **state) {
    (void)state;
    char *bad = malloc((size_t)NAME_COUNT * 64);
    assert_non_null(bad);
    size_t len = collide(bad);
    assert_true(len >= 6 && len <= 63);
    uint64_t h0 = fnv1a(bad, len) & ((1u << LOW_BITS) - 1);
    for (size_t i = 1; i < NAME_COUNT; i++)
        assert_true((fnv1a(bad + i * (len + 1), len) &
                     ((1u << LOW_BITS) - 1)) == h0);
    char *good = malloc((size_t)NAME_COUNT * (len + 1));
    assert_non_null(good);
    ordinary(good, len);
    double t_bad = insert_time(bad, len), t_good = insert_time(good, len);
    print_message("%d names of %zu bytes: colliding %.3f s, ordinary %.3f s\n",
                  NAME_COUNT, len, t_bad, t_good);
    assert_true(t_bad <= 5 * t_good + 0.05);

    /* the same names through the graph file parser */
    size_t cap = (size_t)NAME_COUNT * (len + 8) + 1, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (size_t i = 0; i < NAME_COUNT; i++)
        n += (size_t)snprintf(text + n, cap - n, "node %s\n",
                              bad + i * (len + 1));
    wf_graph *g;
    wf_names *names;
    wf_diag d;
    clock_t c0 = clock();
    assert_int_equal(wf_graph_file_parse(text, n, "bad.graph", NULL, &g,
                                         &names, &d),
                     WF_OK);
    double t_parse = (double)(clock() - c0) / CLOCKS_PER_SEC;
    print_message("parsing them as a graph file: %.3f s\n", t_parse);
    assert_true(t_parse <= 10 * t_good + 0.5);
    assert_int_equal(wf_names_count(names), NAME_COUNT);
    uint32_t id;
    assert_int_equal(wf_names_find(names, bad + 777 * (len + 1), len, &id),
                     WF_OK);
    assert_int_equal(id, 777);
    wf_graph_destroy(g);
    wf_names_destroy(names);
    free(text);
    free(good);
    free(bad);
}

/* Adding, finding, names that are prefixes of each other, errors. */
static void test_names_table(void **state) {
    (void)state;
    wf_names *t;
    assert_int_equal(wf_names_create(NULL, &t), WF_OK);
    uint32_t id = 99;
    assert_int_equal(wf_names_find(t, "a", 1, &id), WF_E_RANGE);
    assert_int_equal(id, 99);
    static const char *const words[] = {"a", "ab", "abc", "b", "ba", "a.b",
                                        "A", "z9", "-", "_"};
    const size_t n = sizeof words / sizeof words[0];
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(wf_names_add(t, words[i], strlen(words[i]), &id),
                         WF_OK);
        assert_int_equal(id, i);
    }
    assert_int_equal(wf_names_count(t), n);
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(wf_names_find(t, words[i], strlen(words[i]), &id),
                         WF_OK);
        assert_int_equal(id, i);
        assert_string_equal(wf_names_get(t, i), words[i]);
        /* found with or without the id */
        assert_int_equal(wf_names_find(t, words[i], strlen(words[i]), NULL),
                         WF_OK);
    }
    /* a prefix, a longer name, a NUL inside: not there */
    assert_int_equal(wf_names_find(t, "abcd", 4, &id), WF_E_RANGE);
    assert_int_equal(wf_names_find(t, "zz", 1, &id), WF_E_RANGE);
    assert_int_equal(wf_names_find(t, "ab\0", 3, &id), WF_E_RANGE);
    assert_int_equal(wf_names_find(t, "", 0, &id), WF_E_RANGE);
    /* the length counts, not a NUL: "abX" cut to 2 is "ab" */
    assert_int_equal(wf_names_find(t, "abX", 2, &id), WF_OK);
    assert_int_equal(id, 1);
    assert_int_equal(wf_names_add(t, "ab", 2, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_names_add(t, "", 0, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_names_add(t, "x\0y", 3, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_names_add(NULL, "x", 1, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_names_find(NULL, "x", 1, &id), WF_E_INVALID_ARG);
    assert_int_equal(wf_names_find(t, NULL, 1, &id), WF_E_INVALID_ARG);
    assert_null(wf_names_get(t, (uint32_t)n));
    assert_int_equal(wf_names_count(t), n);
    wf_names_destroy(t);
    wf_names_destroy(NULL);
    assert_int_equal(wf_names_count(NULL), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_table),
        cmocka_unit_test(test_colliding_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
