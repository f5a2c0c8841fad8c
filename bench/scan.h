/* Finding the .scen files named on the command line. */
#ifndef WF_BENCH_SCAN_H
#define WF_BENCH_SCAN_H

#include <stddef.h>
#include <stdio.h>

#include <wayfind/io.h>

/** A growable list of malloc'd strings. */
typedef struct bench_strings {
    char **items;
    size_t count;
    size_t capacity;
} bench_strings;

/** Appends a copy of @p s. Returns 0, or -1 when out of memory. */
int bench_strings_add(bench_strings *l, const char *s);
/** Sorts by strcmp and drops duplicates. */
void bench_strings_sort_unique(bench_strings *l);
/** Frees every string and the array. */
void bench_strings_free(bench_strings *l);

/**
 * Adds @p path to @p out when it is a file, or every file whose name ends in
 * ".scen" below it (recursively, symbolic links followed up to a depth of
 * 32) when it is a directory. Returns 0, or -1 with a message in err when
 * the path cannot be read or memory runs out.
 */
int bench_scan(const char *path, bench_strings *out, char *err, size_t errsize);

/**
 * The map file of a scenario file: its name without ".scen", in the same
 * directory. Writes it to @p buf; returns -1 when the name does not end in
 * ".scen" or does not fit.
 */
int bench_map_path(const char *scen, char *buf, size_t size);

/**
 * A short label for the table: the parent directory and the map name
 * without ".map" ("dao/arena" for ".../dao/arena.map.scen").
 */
void bench_map_label(const char *scen, char *buf, size_t size);

/**
 * Loads the scenario file @p scen_path and its map (bench_map_path) into
 * @p *g and @p *sc. Returns 0, or -1 after printing "PROG: file:line:
 * message" to stderr (nothing is left allocated).
 */
int bench_load(const char *prog, const char *scen_path, wf_grid **g,
               wf_scen *sc);

/** The command line of the benchmarks that sample scenario files:
 *  --sample N, --only NAME (repeatable: keep files whose path holds one
 *  of them), --help, and files or directories (default: the Moving AI
 *  folder the build names). */
typedef struct bench_args {
    size_t sample;      /**< scenarios a map, 0: all */
    bench_strings only;
    bench_strings files; /**< the .scen files found, sorted */
} bench_args;

/** An option of one benchmark's own: @p opt with its value @p val (NULL
 *  when the command line ends there). Returns 1 when it took both, 0 when
 *  @p opt is not its own, -1 after printing why the value is bad. */
typedef int (*bench_extra_fn)(void *ud, const char *opt, const char *val);

/**
 * Parses the command line into @p a (its sample preset to the default)
 * and finds the scenario files. @p extra (may be NULL) sees every option
 * first. Returns -1 when the benchmark should go on, else the exit status:
 * 0 after --help (usage printed on stdout), 2 for a bad option (usage on
 * stderr), 3 when a path cannot be read.
 */
int bench_args_parse(const char *prog, int argc, char **argv, bench_args *a,
                     void (*usage)(FILE *), bench_extra_fn extra, void *ud);
/** Whether @p file passes --only. */
int bench_args_keep(const bench_args *a, const char *file);
/** Frees what @p a holds. */
void bench_args_free(bench_args *a);

#endif
