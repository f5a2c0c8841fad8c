/* Replays fuzz inputs without libFuzzer: every regular file in the
 * directories (or the files) named on the command line is read and passed
 * to LLVMFuzzerTestOneInput once, in name order, so a target's corpus runs
 * as an ordinary test under any compiler and sanitizer. Exit 0 when every
 * input ran (a finding aborts), 1 when an input cannot be read or none was
 * found. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* Reads the whole of path into a buffer of exactly its size, so that a
 * read past the end is caught by AddressSanitizer. */
static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    long size = -1;
    if (f && fseek(f, 0, SEEK_END) == 0)
        size = ftell(f);
    uint8_t *buf = size >= 0 ? malloc(size ? (size_t)size : 1) : NULL;
    int ok = buf && fseek(f, 0, SEEK_SET) == 0 &&
             fread(buf, 1, (size_t)size, f) == (size_t)size;
    if (f)
        fclose(f);
    if (!ok) {
        free(buf);
        fprintf(stderr, "replay: cannot read %s\n", path);
        return -1;
    }
    LLVMFuzzerTestOneInput(buf, (size_t)size);
    free(buf);
    return 0;
}

static int cmp_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file directly inside dir; returns how many, or -1. */
static long run_dir(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: cannot open directory %s\n", dir);
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **nn = realloc(names, cap * sizeof *names);
            if (!nn)
                break;
            names = nn;
        }
        size_t sz = strlen(dir) + strlen(e->d_name) + 2;
        if (!(names[n] = malloc(sz)))
            break;
        snprintf(names[n++], sz, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    long ran = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (ran >= 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            ran = run_file(names[i]) == 0 ? ran + 1 : -1;
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv) {
    long total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        long r;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
            r = run_dir(argv[i]);
        else
            r = run_file(argv[i]) == 0 ? 1 : -1;
        if (r < 0)
            return 1;
        total += r;
    }
    printf("replay: %ld inputs ran\n", total);
    return total > 0 ? 0 : 1;
}
