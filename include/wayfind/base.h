/*
 * wayfind core, base: what every other header of wayfind builds on. The
 * status codes (the X-macro list WF_STATUS_MAP, the wf_status enum made
 * from it, their descriptions and names), the version of the library
 * actually linked (version.h has the headers' own), the allocator every
 * object takes (wf_allocator) and the diagnostics that parsers fill
 * (wf_diag).
 *
 * Part of the core layer, its lowest level (src/core/base/): libc only, no
 * I/O. <wayfind/core.h> includes it with the rest of the core.
 */
#ifndef WAYFIND_BASE_H
#define WAYFIND_BASE_H

#include <stddef.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Status codes and the library's version                                   */
/* ------------------------------------------------------------------------ */

/*
 * X(NAME, value, description). 0 is success, negative values are errors and
 * positive values are outcomes of a successful call (no path, partial path).
 */
#define WF_STATUS_MAP(X)                                                       \
    X(OK, 0, "success")                                                        \
    X(NO_PATH, 1, "no path: the goal is unreachable, or start/goal is blocked") \
    X(PARTIAL, 2, "expansion limit reached: partial path to the closest explored cell") \
    X(ARRIVED, 3, "already at the goal")                                       \
    X(PENDING, 4, "search not finished: call wf_search_step again")           \
    X(E_INVALID_ARG, -1, "invalid argument")                                   \
    X(E_NOMEM, -2, "out of memory")                                            \
    X(E_RANGE, -3, "coordinate or value out of range")                         \
    X(E_TOO_BIG, -4, "size too large")                                         \
    X(E_PARSE, -5, "malformed input")                                          \
    X(E_IO, -6, "input/output error")                                          \
    X(E_UNSATISFIABLE, -7, "the request cannot be met on this map")          \
    X(E_UNSUPPORTED, -8, "not supported by this build of the library")      \
    X(E_THREAD, -9, "a thread could not be started")                          \
    X(E_CORRUPT, -10, "inconsistent data: a table read from a file contradicts itself")

/** Result of every fallible wayfind call; see WF_STATUS_MAP. */
typedef enum wf_status {
#define WF_STATUS_ENUM_(name, value, text) WF_##name = value,
    WF_STATUS_MAP(WF_STATUS_ENUM_)
#undef WF_STATUS_ENUM_
} wf_status;

/** Human-readable description of @p s (a static string, never NULL). */
WF_API const char *wf_strerror(wf_status s);
/** Symbolic name of @p s without the prefix, e.g. "NO_PATH", "E_NOMEM". */
WF_API const char *wf_status_name(wf_status s);
/** "MAJOR.MINOR.PATCH" of the library actually linked. */
WF_API const char *wf_version_string(void);

/* ------------------------------------------------------------------------ */
/* Allocator                                                                */
/* ------------------------------------------------------------------------ */

/**
 * Allocation function in the style of lua_Alloc. With @p new_size == 0 it
 * frees @p ptr and returns NULL; otherwise it behaves like realloc (ptr may
 * be NULL) and returns NULL on failure, leaving @p ptr untouched.
 * @p old_size is the size previously requested for @p ptr (0 when NULL).
 */
typedef void *(*wf_alloc_fn)(void *ud, void *ptr, size_t old_size,
                             size_t new_size);

/** An allocator: function plus user data. Objects keep a copy. */
typedef struct wf_allocator {
    wf_alloc_fn fn;
    void *ud;
} wf_allocator;

/* ------------------------------------------------------------------------ */
/* Diagnostics                                                              */
/* ------------------------------------------------------------------------ */

/**
 * Details of an error, filled by functions that can say more than a status
 * (parsers give file, line and column). Owned by the caller; every function
 * taking one accepts NULL. line/column are 1-based, 0 when not applicable.
 */
typedef struct wf_diag {
    char file[256];
    unsigned line;
    unsigned column;
    char message[256];
} wf_diag;

/**
 * Writes "file:line:col: message" (parts that are empty or 0 are left out)
 * into @p buf of @p size bytes, always NUL-terminated when size > 0.
 * Returns @p buf.
 */
WF_API char *wf_diag_format(const wf_diag *d, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
