/* What the fuzz targets share: the libFuzzer entry point, a check that
 * aborts (so the fuzzer keeps the input), and the follow-up work a user
 * would do with a parsed map: search it, write it back. */
#ifndef WF_FUZZ_H
#define WF_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <wayfind/wayfind.h>

/* Every target defines it; libFuzzer or replay_main.c calls it. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with a message when cond is false: a finding, not just a crash. */
#define FUZZ_CHECK(cond)                                                       \
    ((cond) ? (void)0 : fuzz_fail(__FILE__, __LINE__, #cond))

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noreturn))
#endif
void fuzz_fail(const char *file, int line, const char *what);

/* 1 when a and b agree to a relative 1e-9 (or both are the same infinity). */
int fuzz_close(double a, double b);

/* 1 when a and b are equal or a few units in the last place apart: what a
 * %.17g number gives back through the io parsers, which are not correctly
 * rounded outside 15 digits and 1e±22 (src/io/lexer.h). */
int fuzz_near(double a, double b);

/* The checksum of the binary files of docs/formats.md (jump tables,
 * hierarchies), recomputed from that text, not from the reader: from
 * seed, over b[from..len) 8 bytes to a little-endian word (the last padded
 * with 0), written little-endian at b[at..at+8). */
void fuzz_fix_checksum(uint8_t *b, size_t len, size_t from, size_t at,
                       uint64_t seed);

/* Parses a binary file with a checksum: data as it is, then, when it
 * holds at least the header (checksum at `at` over the bytes from
 * `header`, from seed), again with its checksum made right, so that the
 * fuzzer reaches the checks past the one that guards them. */
typedef void (*fuzz_parse_fn)(const wf_grid *g, const uint8_t *data,
                              size_t size);
void fuzz_binary_file(const wf_grid *g, const uint8_t *data, size_t size,
                      size_t header, size_t at, uint64_t seed,
                      fuzz_parse_fn parse);

/* A binary file's parser refused it (status s, its object *out NULL when
 * out_null): as it may, WF_E_PARSE with a message in d, or WF_E_NOMEM or
 * WF_E_TOO_BIG. */
void fuzz_check_refused(wf_status s, int out_null, const wf_diag *d);

/* The fixed map of a binary file's target, from its ASCII text. */
wf_grid *fuzz_ascii_map(const char *text);

/* The first and last passable cells in row-major order; 0 when none. */
int fuzz_passable_ends(const wf_grid *g, wf_point *first, wf_point *last);

/* Searches g from s to t with A* and Dijkstra (8-connected, no-cut) and
 * checks both results: WF_OK with a legal path from s to t whose cost is
 * the sum of its moves, or WF_NO_PATH with no cells; the same status and
 * cost from both algorithms. */
void fuzz_check_search(const wf_grid *g, wf_point s, wf_point t);

/* Queries a mesh as a user would: random points lie on it, a path between
 * two of them is no shorter than the straight line between its ends and
 * each of its corners lies on the mesh, and a ray cast between them
 * answers WF_OK, WF_NO_PATH or WF_E_RANGE. */
void fuzz_check_mesh(const wf_mesh *m);

/* A memory stream for the writers: fuzz_out_open, write to f, then
 * fuzz_out_close to get the bytes (free with free()). */
typedef struct fuzz_out {
    FILE *f;
    char *buf;
    size_t len;
} fuzz_out;
void fuzz_out_open(fuzz_out *o);
void fuzz_out_close(fuzz_out *o);

#endif
