/* Shared helpers for the cmocka tests. */
#ifndef WF_TEST_H
#define WF_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "wayfind/wayfind.h"

/* Builds a grid from rows of '.', '#' and digits ('1'-'9' set terrain code
 * d with cost d); fails the test on error. */
wf_grid *wf_test_grid(const char *const *rows, int height);

/* Deterministic 64-bit generator for property tests (splitmix64). */
typedef struct wf_test_rng {
    uint64_t state;
} wf_test_rng;
uint64_t wf_test_rng_next(wf_test_rng *r);
/* Uniform integer in [0, n). */
uint32_t wf_test_rng_below(wf_test_rng *r, uint32_t n);

/* The node of cell (x, y) of a graph made from a grid, or -1 when it has
 * none (wf_graph_cell_node's status as a number, for comparisons). */
int64_t wf_test_cell_node(const wf_graph *g, int x, int y);

#endif
