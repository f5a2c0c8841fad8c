/* wf_file_write: a failed write leaves the old file byte for byte and no
 * temporary file; a good one replaces it keeping its permissions; links,
 * devices, directories and missing directories. */
#define _POSIX_C_SOURCE 200809L

#include "wf_test.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char old_text[] = "the old file, which must survive\n";

/* A fresh directory for one test, and paths in it. */
typedef struct scratch {
    char dir[64];
    char path[128];
} scratch;

static void scratch_make(scratch *s, const char *name) {
    snprintf(s->dir, sizeof s->dir, "/tmp/wf_write_XXXXXX");
    assert_non_null(mkdtemp(s->dir));
    snprintf(s->path, sizeof s->path, "%s/%s", s->dir, name);
}

static void put(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

/* A scratch directory whose file @p name holds old_text. */
static void scratch_old(scratch *s, const char *name) {
    scratch_make(s, name);
    put(s->path, old_text);
}

/* Waits for the child @p pid and returns its exit status. */
static int child_exit(pid_t pid) {
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* The whole file as a NUL-terminated string (malloc'd). */
static char *get(const char *path) {
    char *buf;
    size_t len;
    assert_int_equal(wf_file_read(path, WF_FILE_MAX, NULL, &buf, &len, NULL),
                     WF_OK);
    char *copy = malloc(len + 1);
    assert_non_null(copy);
    memcpy(copy, buf, len + 1);
    wf_file_free(buf, len, NULL);
    return copy;
}

static void assert_text(const char *path, const char *want) {
    char *got = get(path);
    assert_string_equal(got, want);
    free(got);
}

/* Checks that @p dir holds exactly the @p n names given (no temporary
 * left behind). */
static void assert_entries(const char *dir, const char *const *names,
                           size_t n) {
    DIR *d = opendir(dir);
    assert_non_null(d);
    size_t seen = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        size_t i = 0;
        while (i < n && strcmp(names[i], e->d_name) != 0)
            i++;
        if (i == n)
            fail_msg("unexpected file left in %s: %s", dir, e->d_name);
        seen++;
    }
    closedir(d);
    assert_int_equal(seen, n);
}

static void scratch_drop(scratch *s, const char *const *names, size_t n) {
    char p[160];
    for (size_t i = 0; i < n; i++) {
        snprintf(p, sizeof p, "%s/%s", s->dir, names[i]);
        remove(p);
    }
    assert_int_equal(rmdir(s->dir), 0);
}

/* ---- writers ------------------------------------------------------------- */

/* Writes ud (a string) whole. */
static wf_status write_text(void *ud, FILE *f, wf_diag *diag) {
    (void)diag;
    return fputs(ud, f) >= 0 ? WF_OK : WF_E_IO;
}

/* Writes half of a long text, flushed so that it reaches the file, then
 * gives up as a writer does when its next write fails. */
static wf_status write_half(void *ud, FILE *f, wf_diag *diag) {
    (void)ud;
    (void)diag;
    for (int i = 0; i < 2000; i++)
        fputs("half of the new content\n", f);
    fflush(f);
    return WF_E_IO;
}

/* Writes, then breaks the stream under stdio (its descriptor now refuses
 * writes) and says all went well: the flush after it must catch that. */
static wf_status write_then_break(void *ud, FILE *f, wf_diag *diag) {
    (void)ud;
    (void)diag;
    fputs("new content that never reaches the disk whole\n", f);
    fflush(f);
    int ro = open("/dev/null", O_RDONLY);
    assert_true(ro >= 0);
    assert_true(dup2(ro, fileno(f)) >= 0);
    close(ro);
    fputs("more\n", f);
    return WF_OK;
}

/* A real writer: ud is a grid, written as a Moving AI map. */
static wf_status write_map(void *ud, FILE *f, wf_diag *diag) {
    (void)diag;
    return wf_movingai_map_write(f, ud);
}

/* Fails with its own message. */
static wf_status write_own_diag(void *ud, FILE *f, wf_diag *diag) {
    (void)ud;
    fputs("x", f);
    snprintf(diag->message, sizeof diag->message, "the writer's own reason");
    return WF_E_RANGE;
}

/* ---- tests --------------------------------------------------------------- */

/* A writer that fails halfway leaves the old file as it was and no
 * temporary file. */
static void test_fail_halfway(void **state) {
    (void)state;
    scratch s;
    scratch_old(&s, "out.map");
    const char *names[] = {"out.map"};
    static const struct {
        wf_write_fn fn;
        wf_status status;
        const char *message; /* what diag's message starts with */
    } cases[] = {
        {write_half, WF_E_IO, "cannot write: "},
        /* a stream that fails after the writer is done is caught too */
        {write_then_break, WF_E_IO, "cannot write: "},
        /* a writer's own message and status are kept, the file named */
        {write_own_diag, WF_E_RANGE, "the writer's own reason"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wf_diag d;
        memset(&d, 0, sizeof d);
        assert_int_equal(wf_file_write(s.path, cases[i].fn, NULL, &d),
                         cases[i].status);
        assert_string_equal(d.file, s.path);
        assert_memory_equal(d.message, cases[i].message,
                            strlen(cases[i].message));
        assert_text(s.path, old_text);
        assert_entries(s.dir, names, 1);
    }

    /* a new file that fails is not created at all */
    remove(s.path);
    assert_int_equal(wf_file_write(s.path, write_half, NULL, NULL), WF_E_IO);
    assert_entries(s.dir, names, 0);
    scratch_drop(&s, names, 0);
}

/* A real write failure halfway, from the kernel: a file size limit makes
 * write() fail with EFBIG (SIGXFSZ ignored) in a child process. */
static void test_size_limit(void **state) {
    (void)state;
    scratch s;
    scratch_old(&s, "big.map");
    const char *names[] = {"big.map"};
    wf_grid *g;
    assert_int_equal(wf_grid_create(400, 400, NULL, &g), WF_OK);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit rl = {50000, 50000}; /* a third of the map */
        if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
            _exit(10);
        wf_diag d;
        memset(&d, 0, sizeof d);
        wf_status st = wf_file_write(s.path, write_map, g, &d);
        _exit(st == WF_E_IO && strstr(d.message, "File too large") ? 0 : 11);
    }
    assert_int_equal(child_exit(pid), 0);
    assert_text(s.path, old_text);
    assert_entries(s.dir, names, 1);
    wf_grid_destroy(g);
    scratch_drop(&s, names, 1);
}

/* A good write replaces the file and keeps its permission bits; a new
 * file gets 0666 less the umask. */
static void test_replace(void **state) {
    (void)state;
    scratch s;
    scratch_old(&s, "out.txt");
    const char *names[] = {"out.txt"};
    assert_int_equal(chmod(s.path, 0640), 0);
    assert_int_equal(wf_file_write(s.path, write_text, "new\n", NULL), WF_OK);
    assert_text(s.path, "new\n");
    struct stat st;
    assert_int_equal(stat(s.path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    assert_entries(s.dir, names, 1);

    remove(s.path);
    mode_t old = umask(027);
    assert_int_equal(wf_file_write(s.path, write_text, "fresh\n", NULL),
                     WF_OK);
    umask(old);
    assert_int_equal(stat(s.path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    assert_text(s.path, "fresh\n");
    assert_entries(s.dir, names, 1);

    /* root keeps the owner of a file it replaces */
    if (geteuid() == 0) {
        assert_int_equal(chown(s.path, 65534, 65534), 0);
        assert_int_equal(wf_file_write(s.path, write_text, "x", NULL), WF_OK);
        assert_int_equal(stat(s.path, &st), 0);
        assert_int_equal(st.st_uid, 65534);
        assert_int_equal(st.st_gid, 65534);
        assert_int_equal(st.st_mode & 07777, 0640);
    }
    /* set-user-ID is not carried over */
    assert_int_equal(chmod(s.path, 04755), 0);
    assert_int_equal(wf_file_write(s.path, write_text, "y", NULL), WF_OK);
    assert_int_equal(stat(s.path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0755);

    /* an empty write gives an empty file */
    assert_int_equal(wf_file_write(s.path, write_text, "", NULL), WF_OK);
    assert_text(s.path, "");
    scratch_drop(&s, names, 1);
}

/* A symbolic link is kept and the file it names replaced; a dangling one
 * gets its file. */
static void test_symlink(void **state) {
    (void)state;
    scratch s;
    scratch_make(&s, "real.txt");
    const char *names[] = {"real.txt", "link.txt"};
    char link[160];
    snprintf(link, sizeof link, "%s/link.txt", s.dir);
    put(s.path, old_text);
    assert_int_equal(symlink("real.txt", link), 0); /* relative */
    assert_int_equal(wf_file_write(link, write_text, "via the link\n", NULL),
                     WF_OK);
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_text(s.path, "via the link\n");
    assert_entries(s.dir, names, 2);
    /* a failure through the link leaves its file alone */
    assert_int_equal(wf_file_write(link, write_half, NULL, NULL), WF_E_IO);
    assert_text(s.path, "via the link\n");
    assert_entries(s.dir, names, 2);

    remove(s.path);
    assert_int_equal(wf_file_write(link, write_text, "created\n", NULL),
                     WF_OK);
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_text(s.path, "created\n");
    assert_entries(s.dir, names, 2);
    scratch_drop(&s, names, 2);
}

/* What is not a regular file is written in place, never renamed over. */
static void test_devices(void **state) {
    (void)state;
    struct stat before, after;
    assert_int_equal(stat("/dev/null", &before), 0);
    assert_int_equal(wf_file_write("/dev/null", write_text, "gone\n", NULL),
                     WF_OK);
    assert_int_equal(stat("/dev/null", &after), 0);
    assert_true(S_ISCHR(after.st_mode));
    assert_true(before.st_ino == after.st_ino);
    assert_true(before.st_rdev == after.st_rdev);
    /* a failing writer cannot take a device away either */
    assert_int_equal(wf_file_write("/dev/null", write_half, NULL, NULL),
                     WF_E_IO);
    assert_int_equal(stat("/dev/null", &after), 0);
    assert_true(S_ISCHR(after.st_mode));

    if (access("/dev/full", W_OK) == 0) {
        wf_diag d;
        memset(&d, 0, sizeof d);
        assert_int_equal(wf_file_write("/dev/full", write_text, "x\n", &d),
                         WF_E_IO);
        assert_string_equal(d.file, "/dev/full");
        assert_non_null(strstr(d.message, "No space left on device"));
    }

    /* a FIFO: written through to its reader */
    scratch s;
    scratch_make(&s, "fifo");
    const char *names[] = {"fifo"};
    assert_int_equal(mkfifo(s.path, 0600), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        _exit(wf_file_write(s.path, write_text, "through the pipe\n", NULL)
                  == WF_OK ? 0 : 1);
    FILE *r = fopen(s.path, "rb");
    assert_non_null(r);
    char buf[64] = {0};
    assert_int_equal(fread(buf, 1, sizeof buf - 1, r), 17);
    fclose(r);
    assert_string_equal(buf, "through the pipe\n");
    assert_int_equal(child_exit(pid), 0);
    struct stat st;
    assert_int_equal(lstat(s.path, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    assert_entries(s.dir, names, 1);
    scratch_drop(&s, names, 1);
}

/* Places that cannot be written say why and leave nothing. */
static void test_cannot(void **state) {
    (void)state;
    wf_diag d;
    memset(&d, 0, sizeof d);
    const char *missing = "/nonexistent-dir-wf/sub/out.map";
    assert_int_equal(wf_file_write(missing, write_text, "x", &d), WF_E_IO);
    assert_string_equal(d.file, missing);
    assert_string_equal(d.message,
                        "cannot create a temporary file in "
                        "'/nonexistent-dir-wf/sub': No such file or directory");

    scratch s;
    scratch_make(&s, "sub");
    const char *names[] = {"sub"};
    assert_int_equal(mkdir(s.path, 0700), 0);
    memset(&d, 0, sizeof d);
    assert_int_equal(wf_file_write(s.path, write_text, "x", &d), WF_E_IO);
    assert_non_null(strstr(d.message, "Is a directory"));
    char slash[160];
    snprintf(slash, sizeof slash, "%s/nodir/", s.dir);
    assert_int_equal(wf_file_write(slash, write_text, "x", &d), WF_E_IO);
    assert_non_null(strstr(d.message, "Is a directory"));
    /* a file used as a directory */
    char plain[160], under[180];
    snprintf(plain, sizeof plain, "%s/plain", s.path);
    snprintf(under, sizeof under, "%s/x", plain);
    put(plain, old_text);
    assert_int_equal(wf_file_write(under, write_text, "x", &d), WF_E_IO);
    assert_non_null(strstr(d.message, "cannot open for writing: Not a "
                                      "directory"));
    assert_text(plain, old_text);
    remove(plain);
    assert_entries(s.dir, names, 1);
    assert_entries(s.path, names, 0);

    scratch_drop(&s, names, 1);

    assert_int_equal(wf_file_write(NULL, write_text, "x", NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_file_write("", write_text, "x", NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_file_write("/tmp/x", NULL, NULL, NULL),
                     WF_E_INVALID_ARG);
}

/* The checks of permissions, in a child process: 0, or the line of the
 * first that failed. */
#define CHECK(x)                                                               \
    do {                                                                       \
        if (!(x))                                                              \
            return __LINE__;                                                   \
    } while (0)

static int same_text(const char *path, const char *want) {
    char *got = get(path);
    int same = strcmp(got, want) == 0;
    free(got);
    return same;
}

static int permission_checks(const char *dir) {
    char sub[128], file[160];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    snprintf(file, sizeof file, "%s/ro.txt", sub);
    CHECK(mkdir(sub, 0700) == 0);
    FILE *f = fopen(file, "wb");
    CHECK(f && fputs(old_text, f) >= 0 && fclose(f) == 0);
    /* a read-only file is refused, as fopen would */
    CHECK(chmod(file, 0444) == 0);
    wf_diag d;
    memset(&d, 0, sizeof d);
    CHECK(wf_file_write(file, write_text, "x", &d) == WF_E_IO);
    CHECK(strcmp(d.message, "cannot open for writing: Permission denied") ==
          0);
    CHECK(same_text(file, old_text));
    /* a directory that is not writable */
    CHECK(chmod(file, 0644) == 0);
    CHECK(chmod(sub, 0500) == 0);
    memset(&d, 0, sizeof d);
    CHECK(wf_file_write(file, write_text, "x", &d) == WF_E_IO);
    CHECK(strstr(d.message, "cannot create a temporary file in '") != NULL);
    CHECK(strstr(d.message, "/sub': Permission denied") != NULL);
    CHECK(same_text(file, old_text));
    CHECK(chmod(sub, 0700) == 0);
    CHECK(remove(file) == 0 && rmdir(sub) == 0);
    return 0;
}

/* Root may write anywhere: the child drops to "nobody" (65534) then. */
static void test_permissions(void **state) {
    (void)state;
    scratch s;
    scratch_make(&s, "unused");
    assert_int_equal(chmod(s.dir, 0777), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
            _exit(200);
        int line = permission_checks(s.dir);
        if (line)
            fprintf(stderr, "permission check at line %d failed\n", line);
        _exit(line ? 1 : 0);
    }
    int code = child_exit(pid);
    if (code == 200)
        skip(); /* cannot drop root here */
    assert_int_equal(code, 0);
    scratch_drop(&s, NULL, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fail_halfway),
        cmocka_unit_test(test_size_limit),
        cmocka_unit_test(test_replace),
        cmocka_unit_test(test_symlink),
        cmocka_unit_test(test_devices),
        cmocka_unit_test(test_cannot),
        cmocka_unit_test(test_permissions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
