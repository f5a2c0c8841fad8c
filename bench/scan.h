/* Finding the .scen files named on the command line. */
#ifndef WF_BENCH_SCAN_H
#define WF_BENCH_SCAN_H

#include <stddef.h>

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

#endif
