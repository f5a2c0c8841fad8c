/*
 * wf_bench_conn: what live connectivity (wf_conn) costs on a generated
 * 4096 × 4096 cave (wf_gen_caves, seed 11, as wf_bench_clearance uses):
 * cell edits with the index watching, against the same edits without it
 * (the grid's own caches alone) and against labelling the map again with
 * wf_grid_regions; and O(1) reachability queries.
 *
 * Edits come in pairs, a free cell walled and then restored, of two
 * kinds: random free cells (almost none splits anything), and cells
 * whose walling splits a component (found beforehand by trying random
 * free cells), so each pair is a split and a merge. Each row is measured
 * for agents of size 1 and 2, 8-connected no-cut; the program checks
 * afterwards that the index equals wf_grid_regions and exits 1 if not.
 * Two last rows give the worst case on an open map of the same size: a
 * wall across it whose one gap is closed (a split into equal halves) and
 * opened again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/gen.h>

#define SIDE 4096
#define RANDOM_PAIRS 20000
#define SPLIT_PAIRS 2000
#define SPLIT_TRIES 400000
#define QUERIES 20000000

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Free cells of g for a unit of move, drawn at random. */
static void random_free(wf_grid *g, wf_rng *r, wf_move move, wf_point *at,
                        int n) {
    for (int e = 0; e < n; e++) {
        wf_point p;
        do {
            p.x = (int)wf_rng_below(r, SIDE);
            p.y = (int)wf_rng_below(r, SIDE);
        } while (wf_grid_clearance(g, p.x, p.y) < move.size);
        at[e] = p;
    }
}

/* Mean µs of walling and restoring each of the n cells at (2n edits). */
static double time_pairs(wf_grid *g, const wf_point *at, int n) {
    const uint64_t t0 = clock_ns();
    for (int e = 0; e < n; e++) {
        const int was = wf_grid_get(g, at[e].x, at[e].y);
        wf_grid_set(g, at[e].x, at[e].y, WF_TERRAIN_WALL);
        wf_grid_set(g, at[e].x, at[e].y, (uint8_t)was);
    }
    return (double)(clock_ns() - t0) / 1e3 / (2.0 * n);
}

/* 1 when cn's components are wf_grid_regions' (dense labels compared). */
static int same_as_regions(const wf_grid *g, const wf_conn *cn, wf_move move) {
    const size_t cells = (size_t)SIDE * SIDE;
    uint32_t *a = malloc(cells * sizeof *a), *b = malloc(cells * sizeof *b);
    uint32_t na = 0, nb = 1;
    int same = a && b && wf_grid_regions(g, move, a, &na) == WF_OK &&
               wf_conn_regions(cn, b, &nb) == WF_OK && na == nb &&
               memcmp(a, b, cells * sizeof *a) == 0;
    free(a);
    free(b);
    return same;
}

/* The rows for one unit. Returns 0, or -1 on a failure or a mismatch. */
static int measure(wf_grid *g, wf_move move, uint64_t seed, char *note,
                   size_t note_size) {
    wf_rng r;
    wf_rng_seed(&r, seed);
    wf_point *at = malloc(RANDOM_PAIRS * sizeof *at);
    wf_point *cut = malloc(SPLIT_PAIRS * sizeof *cut);
    uint32_t *labels = malloc((size_t)SIDE * SIDE * sizeof *labels);
    if (!at || !cut || !labels) {
        free(at);
        free(cut);
        free(labels);
        return -1;
    }
    /* labelling from scratch: wf_grid_regions, and the index's creation */
    uint32_t count = 0;
    uint64_t t0 = clock_ns();
    int reps = 0;
    do {
        wf_grid_regions(g, move, labels, &count);
        reps++;
    } while (reps < 3);
    const double regions_ms = (double)(clock_ns() - t0) / 1e6 / reps;
    free(labels);
    wf_conn *cn = NULL;
    t0 = clock_ns();
    if (wf_conn_create(g, move, NULL, NULL, &cn) != WF_OK) {
        free(at);
        free(cut);
        return -1;
    }
    const double create_ms = (double)(clock_ns() - t0) / 1e6;
    /* cells whose walling splits a component */
    int ncut = 0;
    for (int t = 0; t < SPLIT_TRIES && ncut < SPLIT_PAIRS; t++) {
        wf_point p;
        random_free(g, &r, move, &p, 1);
        const uint32_t before = wf_conn_count(cn);
        const int was = wf_grid_get(g, p.x, p.y);
        wf_grid_set(g, p.x, p.y, WF_TERRAIN_WALL);
        if (wf_conn_count(cn) > before)
            cut[ncut++] = p;
        wf_grid_set(g, p.x, p.y, (uint8_t)was);
    }
    random_free(g, &r, move, at, RANDOM_PAIRS);
    const double edit_us = time_pairs(g, at, RANDOM_PAIRS);
    const double cut_us = ncut ? time_pairs(g, cut, ncut) : 0;
    /* O(1) queries between random cells */
    t0 = clock_ns();
    uint64_t yes = 0;
    for (int q = 0; q < QUERIES; q++) {
        const uint64_t v = wf_rng_next(&r);
        const wf_point a = {(int)(v & (SIDE - 1)), (int)(v >> 12 & (SIDE - 1))};
        const wf_point b = {(int)(v >> 24 & (SIDE - 1)),
                            (int)(v >> 36 & (SIDE - 1))};
        yes += (uint64_t)wf_conn_reachable(cn, a, b);
    }
    const double query_ns = (double)(clock_ns() - t0) / QUERIES;
    const int same = same_as_regions(g, cn, move);
    wf_conn_destroy(cn);
    /* the same edits without the index: the grid's own caches */
    const double bare_us = time_pairs(g, at, RANDOM_PAIRS);
    const double bare_cut_us = ncut ? time_pairs(g, cut, ncut) : 0;
    printf("| %d | random free cells | %d | %.2f | %.2f | %.0f | %.1f | "
           "%.0f |\n",
           move.size, 2 * RANDOM_PAIRS, edit_us, bare_us, 1e6 / edit_us,
           regions_ms, regions_ms * 1e3 / edit_us);
    printf("| %d | splits and merges | %d | %.2f | %.2f | %.0f | %.1f | "
           "%.0f |\n",
           move.size, 2 * ncut, cut_us, bare_cut_us,
           cut_us > 0 ? 1e6 / cut_us : 0, regions_ms,
           cut_us > 0 ? regions_ms * 1e3 / cut_us : 0);
    snprintf(note, note_size,
             "size %d: %u components; wf_conn_create %.1f ms; %d "
             "reachability queries, %.1f ns each (%.0f M/s, %llu "
             "reachable); index equals wf_grid_regions after the edits: "
             "%s\n",
             move.size, count, create_ms, QUERIES, query_ns, 1e3 / query_ns,
             (unsigned long long)yes, same ? "yes" : "NO");
    free(at);
    free(cut);
    return same ? 0 : -1;
}

/* The worst case: an open map cut in two equal halves by closing the one
 * gap of a wall across it, then opened again (a split whose smaller piece
 * is half the map, and a merge relabelling it). Returns 0, or -1. */
static int measure_halving(void) {
    wf_grid *g = NULL;
    wf_conn *cn = NULL;
    const size_t cells = (size_t)SIDE * SIDE;
    uint8_t *t = calloc(cells, 1);
    uint32_t *labels = malloc(cells * sizeof *labels);
    int ok = t && labels && wf_grid_create(SIDE, SIDE, NULL, &g) == WF_OK;
    if (ok) {
        for (int y = 0; y + 1 < SIDE; y++)
            t[(size_t)y * SIDE + SIDE / 2] = WF_TERRAIN_WALL;
        ok = wf_grid_set_cells(g, t) == WF_OK &&
             wf_conn_create(g, wf_move_default(), NULL, NULL, &cn) == WF_OK;
    }
    if (ok) {
        uint32_t count;
        uint64_t t0 = clock_ns();
        wf_grid_regions(g, wf_move_default(), labels, &count);
        const double regions_ms = (double)(clock_ns() - t0) / 1e6;
        t0 = clock_ns();
        wf_grid_set(g, SIDE / 2, SIDE - 1, WF_TERRAIN_WALL);
        const double cut_ms = (double)(clock_ns() - t0) / 1e6;
        const uint32_t halves = wf_conn_count(cn);
        t0 = clock_ns();
        wf_grid_set(g, SIDE / 2, SIDE - 1, 0);
        const double join_ms = (double)(clock_ns() - t0) / 1e6;
        ok = halves == 2 && wf_conn_count(cn) == 1;
        printf("| 1 | open map cut in halves | 1 | %.0f | | | %.1f | %.1f |\n"
               "| 1 | halves joined again | 1 | %.0f | | | %.1f | %.1f |\n",
               cut_ms * 1e3, regions_ms, regions_ms / cut_ms, join_ms * 1e3,
               regions_ms, regions_ms / join_ms);
    }
    wf_conn_destroy(cn);
    wf_grid_destroy(g);
    free(labels);
    free(t);
    return ok ? 0 : -1;
}

int main(int argc, char **argv) {
    if (argc > 1) {
        printf("usage: wf_bench_conn\n\nTimes cell edits with a live "
               "connectivity index (wf_conn) on a generated\n%dx%d cave "
               "against the grid alone and against wf_grid_regions, and "
               "O(1)\nreachability queries.\n",
               SIDE, SIDE);
        return strcmp(argv[1], "--help") && strcmp(argv[1], "-h") ? 2 : 0;
    }
    wf_grid *cave = NULL;
    if (wf_grid_create(SIDE, SIDE, NULL, &cave) != WF_OK ||
        wf_gen_caves(cave, 11, NULL, 0) != WF_OK) {
        fprintf(stderr, "wf_bench_conn: cannot make the cave\n");
        wf_grid_destroy(cave);
        return 1;
    }
    printf("Cell edits on a generated %dx%d cave (seed 11), 8-connected "
           "no-cut, each free\ncell walled then restored; 'edit µs' with a "
           "wf_conn watching, 'grid µs'\nthe same edits without it; "
           "'relabel ms' is wf_grid_regions on the whole map.\n\n",
           SIDE, SIDE);
    printf("| size | edits | count | edit µs | grid µs | edits/s | relabel "
           "ms | relabel / edit |\n|---:|---|---:|---:|---:|---:|---:|---:|\n");
    int bad = 0;
    char notes[2][512] = {"", ""};
    for (int size = 1; size <= 2; size++) {
        wf_move m = wf_move_default();
        m.size = size;
        bad |= measure(cave, m, 100 + (uint64_t)size, notes[size - 1],
                       sizeof notes[0]);
    }
    bad |= measure_halving();
    printf("\n%s%s", notes[0], notes[1]);
    wf_grid_destroy(cave);
    return bad ? 1 : 0;
}
