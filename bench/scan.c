/* Walking directories for scenario files (POSIX dirent + stat). */
#include "scan.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SCAN_MAX_DEPTH 32

int bench_strings_add(bench_strings *l, const char *s) {
    if (l->count == l->capacity) {
        size_t cap = l->capacity ? 2 * l->capacity : 16;
        char **items = realloc(l->items, cap * sizeof *items);
        if (!items)
            return -1;
        l->items = items;
        l->capacity = cap;
    }
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);
    if (!copy)
        return -1;
    memcpy(copy, s, n);
    l->items[l->count++] = copy;
    return 0;
}

static int compare_strings(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void bench_strings_sort_unique(bench_strings *l) {
    if (l->count < 2)
        return;
    qsort(l->items, l->count, sizeof *l->items, compare_strings);
    size_t kept = 1;
    for (size_t i = 1; i < l->count; i++) {
        if (strcmp(l->items[i], l->items[kept - 1]) == 0)
            free(l->items[i]);
        else
            l->items[kept++] = l->items[i];
    }
    l->count = kept;
}

void bench_strings_free(bench_strings *l) {
    for (size_t i = 0; i < l->count; i++)
        free(l->items[i]);
    free(l->items);
    l->items = NULL;
    l->count = l->capacity = 0;
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int scan_dir(const char *dir, int depth, bench_strings *out, char *err,
                    size_t errsize) {
    if (depth > SCAN_MAX_DEPTH) {
        snprintf(err, errsize, "%s: directories nested too deep", dir);
        return -1;
    }
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errsize, "%s: %s", dir, strerror(errno));
        return -1;
    }
    int rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') /* ".", ".." and hidden entries */
            continue;
        size_t n = strlen(dir) + 1 + strlen(e->d_name) + 1;
        char *child = malloc(n);
        if (!child) {
            snprintf(err, errsize, "out of memory");
            rc = -1;
            break;
        }
        snprintf(child, n, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(child, &st) != 0) {
            /* A dangling link is not an error worth stopping for. */
        } else if (S_ISDIR(st.st_mode)) {
            rc = scan_dir(child, depth + 1, out, err, errsize);
        } else if (S_ISREG(st.st_mode) && ends_with(e->d_name, ".scen")) {
            if (bench_strings_add(out, child) != 0) {
                snprintf(err, errsize, "out of memory");
                rc = -1;
            }
        }
        free(child);
    }
    closedir(d);
    return rc;
}

int bench_scan(const char *path, bench_strings *out, char *err,
               size_t errsize) {
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errsize, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode)) {
        /* "dir/" and "dir" give the same file names. */
        size_t n = strlen(path);
        char *dir = malloc(n + 1);
        if (!dir) {
            snprintf(err, errsize, "out of memory");
            return -1;
        }
        memcpy(dir, path, n + 1);
        while (n > 1 && dir[n - 1] == '/')
            dir[--n] = '\0';
        int rc = scan_dir(dir, 0, out, err, errsize);
        free(dir);
        return rc;
    }
    if (bench_strings_add(out, path) != 0) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    return 0;
}

int bench_map_path(const char *scen, char *buf, size_t size) {
    size_t n = strlen(scen);
    if (!ends_with(scen, ".scen") || n - 5 == 0 || n - 5 >= size)
        return -1;
    memcpy(buf, scen, n - 5);
    buf[n - 5] = '\0';
    return 0;
}

void bench_map_label(const char *scen, char *buf, size_t size) {
    const char *name = strrchr(scen, '/');
    const char *parent = NULL;
    if (name) {
        /* Walk back to the slash before the parent directory's name. */
        const char *p = name;
        while (p > scen && p[-1] != '/')
            p--;
        if (p < name)
            parent = p;
        name++;
    } else {
        name = scen;
    }
    size_t len = strlen(name);
    if (ends_with(name, ".scen"))
        len -= 5;
    if (len >= 4 && strncmp(name + len - 4, ".map", 4) == 0)
        len -= 4;
    if (parent)
        snprintf(buf, size, "%.*s/%.*s", (int)(name - 1 - parent), parent,
                 (int)len, name);
    else
        snprintf(buf, size, "%.*s", (int)len, name);
}

int bench_load(const char *prog, const char *scen_path, wf_grid **g,
               wf_scen *sc) {
    char map[4096];
    *g = NULL;
    memset(sc, 0, sizeof *sc);
    if (bench_map_path(scen_path, map, sizeof map) != 0) {
        fprintf(stderr, "%s: %s: not a .scen file\n", prog, scen_path);
        return -1;
    }
    wf_diag d;
    memset(&d, 0, sizeof d);
    if (wf_map_load(map, NULL, NULL, g, NULL, &d) != WF_OK ||
        wf_scen_read(scen_path, NULL, sc, &d) != WF_OK) {
        fprintf(stderr, "%s: %s:%u: %s\n", prog, d.file, d.line, d.message);
        wf_grid_destroy(*g);
        *g = NULL;
        wf_scen_free(sc);
        return -1;
    }
    return 0;
}

int bench_args_parse(const char *prog, int argc, char **argv, bench_args *a,
                     void (*usage)(FILE *), bench_extra_fn extra, void *ud) {
    bench_strings inputs = {0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int took = extra ? extra(ud, opt, val) : 0;
        if (took < 0) {
            bench_strings_free(&inputs);
            return 2;
        }
        if (took) {
            i++;
            continue;
        }
        if (strcmp(opt, "--help") == 0) {
            usage(stdout);
            bench_strings_free(&inputs);
            return 0;
        } else if (strcmp(opt, "--sample") == 0 && val) {
            char *end;
            errno = 0;
            long v = strtol(val, &end, 10);
            if (errno || *end || end == val || v < 0) {
                fprintf(stderr, "%s: --sample wants an integer >= 0\n", prog);
                bench_strings_free(&inputs);
                return 2;
            }
            a->sample = (size_t)v;
            i++;
        } else if (strcmp(opt, "--only") == 0 && val) {
            bench_strings_add(&a->only, val);
            i++;
        } else if (opt[0] == '-') {
            usage(stderr);
            bench_strings_free(&inputs);
            return 2;
        } else {
            bench_strings_add(&inputs, opt);
        }
    }
#ifdef WF_BENCH_DEFAULT_DIR
    if (!inputs.count)
        bench_strings_add(&inputs, WF_BENCH_DEFAULT_DIR);
#endif
    char err[512];
    for (size_t i = 0; i < inputs.count; i++)
        if (bench_scan(inputs.items[i], &a->files, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", prog, err);
            bench_strings_free(&inputs);
            return 3;
        }
    bench_strings_free(&inputs);
    bench_strings_sort_unique(&a->files);
    return -1;
}

int bench_args_keep(const bench_args *a, const char *file) {
    int keep = !a->only.count;
    for (size_t k = 0; k < a->only.count && !keep; k++)
        keep = strstr(file, a->only.items[k]) != NULL;
    return keep;
}

void bench_args_free(bench_args *a) {
    bench_strings_free(&a->only);
    bench_strings_free(&a->files);
}
