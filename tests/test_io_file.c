/* wf_file_read and wf_map_load: reading files, telling formats apart,
 * allocation failure. */
#define _POSIX_C_SOURCE 200809L

#include "wf_test.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MOVINGAI WF_SHARED_DIR "/movingai/"

static void test_file_read(void **state) {
    (void)state;
    char *buf;
    size_t len;
    wf_diag d;
    const size_t max = WF_FILE_MAX;
    assert_int_equal(wf_file_read(WF_TEST_DATA "/maze10.txt", max, NULL, &buf,
                                  &len, &d),
                     WF_OK);
    assert_int_equal(len, 110);
    assert_int_equal(buf[len], '\0');
    assert_memory_equal(buf, "S#......#.\n", 11);
    wf_file_free(buf, len, NULL);
    wf_file_free(NULL, 0, NULL); /* a no-op */

    assert_int_equal(wf_file_read(WF_TEST_DATA "/empty.txt", max, NULL, &buf,
                                  &len, &d),
                     WF_OK);
    assert_int_equal(len, 0);
    assert_non_null(buf);
    assert_int_equal(buf[0], '\0');
    wf_file_free(buf, len, NULL);

    memset(&d, 0, sizeof d);
    buf = (char *)1;
    assert_int_equal(wf_file_read(WF_TEST_DATA "/missing.txt", max, NULL, &buf,
                                  &len, &d),
                     WF_E_IO);
    assert_null(buf);
    assert_string_equal(d.file, WF_TEST_DATA "/missing.txt");
    assert_int_equal(d.line, 0);
    assert_non_null(strstr(d.message, "cannot open: "));

    assert_int_equal(wf_file_read(WF_TEST_DATA, max, NULL, &buf, &len, &d),
                     WF_E_IO);
    assert_null(buf);
    assert_non_null(strstr(d.message, "cannot read: "));

    assert_int_equal(wf_file_read(NULL, max, NULL, &buf, &len, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_file_read("x", max, NULL, NULL, &len, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_file_read("x", max, NULL, &buf, NULL, NULL),
                     WF_E_INVALID_ARG);
}

/* The limit: a file of exactly max bytes is read, one byte more is
 * WF_E_TOO_BIG with the limit in the message, whether the size is known
 * up front (a regular file) or only by reading (a device). */
static void test_file_limit(void **state) {
    (void)state;
    char *buf;
    size_t len;
    wf_diag d;
    assert_int_equal(wf_file_read(WF_TEST_DATA "/maze10.txt", 110, NULL, &buf,
                                  &len, &d),
                     WF_OK);
    wf_file_free(buf, len, NULL);
    buf = (char *)1;
    assert_int_equal(wf_file_read(WF_TEST_DATA "/maze10.txt", 109, NULL, &buf,
                                  &len, &d),
                     WF_E_TOO_BIG);
    assert_null(buf);
    assert_int_equal(len, 0);
    assert_string_equal(d.message, "file is larger than the limit of 109 bytes");
    assert_int_equal(wf_file_read("/dev/zero", 5000, NULL, &buf, &len, &d),
                     WF_E_TOO_BIG);
    assert_string_equal(d.message,
                        "file is larger than the limit of 5000 bytes");
    assert_int_equal(wf_file_read("/dev/zero", 0, NULL, &buf, &len, &d),
                     WF_E_TOO_BIG);
    /* each reader names its own limit */
    wf_legend l;
    assert_int_equal(wf_legend_read("/dev/zero", NULL, &l, &d), WF_E_TOO_BIG);
    assert_string_equal(d.file, "/dev/zero");
    assert_string_equal(d.message, "file is larger than the limit of 1048576 "
                                   "bytes for a legend file");
}

/* A pipe whose writer never stops: the reader gives up at the limit
 * instead of reading forever. */
static void test_endless_stream(void **state) {
    (void)state;
    char dir[] = "/tmp/wf_fifo_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/endless", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGPIPE, SIG_IGN);
        int fd = open(path, O_WRONLY);
        static const char rows[] = "................\n";
        while (fd >= 0 && write(fd, rows, sizeof rows - 1) > 0)
            ;
        _exit(0);
    }
    wf_legend l;
    wf_diag d;
    wf_status s = wf_legend_read(path, NULL, &l, &d);
    int st;
    waitpid(pid, &st, 0);
    unlink(path);
    rmdir(dir);
    assert_int_equal(s, WF_E_TOO_BIG);
    assert_non_null(strstr(d.message, "limit of 1048576 bytes"));
}

static void test_map_load_formats(void **state) {
    (void)state;
    wf_grid *g;
    wf_map_marks m;
    wf_diag d;
    /* first word "type": Moving AI */
    assert_int_equal(
        wf_map_load(MOVINGAI "dao/arena.map", NULL, NULL, &g, &m, &d), WF_OK);
    assert_int_equal(wf_grid_width(g), 49);
    assert_false(m.has_start || m.has_goal);
    wf_grid_destroy(g);
    /* CRLF Moving AI, without marks */
    assert_int_equal(wf_map_load(MOVINGAI "street/Berlin_0_256.map",
                                 "ignored.legend", NULL, &g, NULL, &d),
                     WF_OK);
    assert_int_equal(wf_grid_width(g), 256);
    wf_grid_destroy(g);
    /* anything else: ASCII */
    assert_int_equal(
        wf_map_load(WF_TEST_DATA "/maze10.txt", NULL, NULL, &g, &m, &d), WF_OK);
    assert_true(m.has_start && m.has_goal);
    wf_grid_destroy(g);
    /* ".csv": CSV with the legend beside it or the one named */
    assert_int_equal(
        wf_map_load(WF_TEST_DATA "/td.csv", NULL, NULL, &g, &m, &d), WF_OK);
    assert_int_equal(m.start.x, 1);
    wf_grid_destroy(g);
    assert_int_equal(wf_map_load(WF_TEST_DATA "/maze10.csv",
                                 WF_TEST_DATA "/maze10.legend", NULL, &g, &m,
                                 &d),
                     WF_OK);
    assert_false(m.has_start);
    wf_grid_destroy(g);
    /* the CSV against the wrong legend: the error names the CSV */
    assert_int_equal(wf_map_load(WF_TEST_DATA "/maze10.csv",
                                 WF_TEST_DATA "/td.legend", NULL, &g, &m, &d),
                     WF_E_PARSE);
    assert_string_equal(d.file, WF_TEST_DATA "/maze10.csv");
    assert_int_equal(d.line, 1);
    assert_int_equal(d.column, 3);
    assert_non_null(strstr(d.message, "tile '0' is not in the legend"));
    /* a bad legend: the error names the legend */
    assert_int_equal(wf_map_load(WF_TEST_DATA "/td.csv",
                                 WF_TEST_DATA "/maze10.txt", NULL, &g, &m, &d),
                     WF_E_PARSE);
    assert_string_equal(d.file, WF_TEST_DATA "/maze10.txt");
    assert_int_equal(d.line, 1);
    /* a missing legend */
    assert_int_equal(wf_map_load(WF_TEST_DATA "/td.csv",
                                 WF_TEST_DATA "/none.legend", NULL, &g, &m,
                                 &d),
                     WF_E_IO);
    assert_string_equal(d.file, WF_TEST_DATA "/none.legend");
    /* a legend that is not ASCII: read as an ASCII map, which it is not */
    assert_int_equal(
        wf_map_load(WF_TEST_DATA "/td.legend", NULL, NULL, &g, &m, &d),
        WF_E_PARSE);
    assert_null(g);
    assert_int_equal(d.line, 1);
    assert_int_equal(d.column, 2); /* '#' is a wall, ' ' is not a cell */
    assert_non_null(strstr(d.message, "unknown map character ' ' (0x20)"));
    /* empty file: the ASCII parser says so */
    assert_int_equal(
        wf_map_load(WF_TEST_DATA "/empty.txt", NULL, NULL, &g, &m, &d),
        WF_E_PARSE);
    assert_int_equal(d.line, 1);
    assert_int_equal(d.column, 1);
    assert_int_equal(wf_map_load(WF_TEST_DATA "/gone.map", NULL, NULL, &g, &m,
                                 &d),
                     WF_E_IO);
    assert_int_equal(wf_map_load(NULL, NULL, NULL, &g, &m, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_map_load("x", NULL, NULL, NULL, &m, &d),
                     WF_E_INVALID_ARG);
}

/* An allocator that fails the n-th allocation and counts live bytes. */
typedef struct fail_alloc {
    int left;
    long live;
} fail_alloc;

static void *failing(void *ud, void *ptr, size_t old, size_t size) {
    fail_alloc *f = ud;
    if (size == 0) {
        if (ptr)
            f->live -= (long)old;
        free(ptr);
        return NULL;
    }
    if (f->left-- == 0)
        return NULL;
    void *p = realloc(ptr, size);
    if (p)
        f->live += (long)size - (long)(ptr ? old : 0);
    return p;
}

/* Every allocation of wf_map_load fails in turn: WF_E_NOMEM and nothing
 * left behind, until the load succeeds. */
static void test_alloc_failure(void **state) {
    (void)state;
    const char *paths[] = {MOVINGAI "dao/arena.map", WF_TEST_DATA "/td.csv",
                           WF_TEST_DATA "/maze10.txt"};
    for (size_t i = 0; i < 3; i++) {
        int ok = 0;
        for (int n = 0; n < 100 && !ok; n++) {
            fail_alloc fa = {n, 0};
            wf_allocator a = {failing, &fa};
            wf_grid *g = NULL;
            wf_map_marks m;
            wf_status s = wf_map_load(paths[i], NULL, &a, &g, &m, NULL);
            ok = s == WF_OK;
            if (!ok) {
                assert_int_equal(s, WF_E_NOMEM);
                assert_null(g);
            }
            wf_grid_destroy(g);
            assert_int_equal(fa.live, 0);
        }
        assert_true(ok);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_file_read),
        cmocka_unit_test(test_file_limit),
        cmocka_unit_test(test_endless_stream),
        cmocka_unit_test(test_map_load_formats),
        cmocka_unit_test(test_alloc_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
