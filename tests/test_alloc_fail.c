/* Allocation failure: every operation that allocates is run with an
 * allocator that refuses its N-th allocation, for N = 1, 2, ... until the
 * operation runs with no refusal. Each refused run must return WF_E_NOMEM
 * and free everything it took (the allocator counts live blocks and checks
 * the size given back on each free; ASan checks the rest). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include "wf_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the failing allocator ------------------------------------------- */

typedef struct fail_alloc {
    size_t fail_at;   /* refuse the fail_at-th counted allocation; 0 never */
    size_t calls;     /* counted allocations (and reallocations) */
    size_t live;      /* blocks held */
    size_t bad_sizes; /* frees or reallocs whose old size was not the size
                         last requested for that block */
    int paused;       /* set-up work: neither counted nor refused */
    int refused;
} fail_alloc;

/* Each block starts with the size requested for it. */
#define HDR 16

static void *fail_fn(void *ud, void *ptr, size_t old_size, size_t new_size) {
    fail_alloc *fa = ud;
    unsigned char *base = ptr ? (unsigned char *)ptr - HDR : NULL;
    if (base) {
        size_t held;
        memcpy(&held, base, sizeof held);
        fa->bad_sizes += held != old_size;
    }
    if (new_size == 0) {
        if (base) {
            fa->live--;
            free(base);
        }
        return NULL;
    }
    if (!fa->paused && ++fa->calls == fa->fail_at) {
        fa->refused = 1;
        return NULL;
    }
    unsigned char *nb = realloc(base, new_size + HDR);
    if (!nb)
        return NULL;
    fa->live += base == NULL;
    memcpy(nb, &new_size, sizeof new_size);
    return nb + HDR;
}

/* An operation under test: makes what it needs with @p a, runs, frees
 * everything and returns the status of the call under test (or of the
 * first call that failed). Set-up it does not want failed goes between
 * setup_begin and setup_end. */
typedef wf_status (*op_fn)(const wf_allocator *a, fail_alloc *fa);

static void setup_begin(fail_alloc *fa) { fa->paused = 1; }
static void setup_end(fail_alloc *fa) { fa->paused = 0; }

static size_t total_runs, total_refused, total_ops;

/* Runs @p op failing allocation N for N = 1.. until no allocation fails;
 * then it must return @p ok. */
static void fail_each(const char *name, op_fn op, wf_status ok) {
    for (size_t n = 1;; n++) {
        fail_alloc fa;
        memset(&fa, 0, sizeof fa);
        fa.fail_at = n;
        wf_allocator a = {fail_fn, &fa};
        wf_status s = op(&a, &fa);
        total_runs++;
        if (fa.live != 0 || fa.bad_sizes != 0 ||
            (fa.refused && s != WF_E_NOMEM) || (!fa.refused && s != ok))
            print_error("%s, allocation %zu refused: %s, %zu blocks left, "
                        "%zu wrong sizes\n", name, n, wf_status_name(s),
                        fa.live, fa.bad_sizes);
        assert_int_equal(fa.live, 0);
        assert_int_equal(fa.bad_sizes, 0);
        if (!fa.refused) {
            assert_int_equal(s, ok);
            total_ops++;
            total_refused += n - 1;
            print_message("%-28s %zu allocations, each refused once\n", name,
                          n - 1);
            return;
        }
        assert_int_equal(s, WF_E_NOMEM);
        assert_true(n < 100000);
    }
}

/* ---- shared set-up ---------------------------------------------------- */

/* A 40 x 30 cave map made with the allocator, not counted. */
static wf_grid *setup_caves(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = NULL;
    setup_begin(fa);
    assert_int_equal(wf_grid_create(40, 30, a, &g), WF_OK);
    assert_int_equal(wf_gen_caves(g, 7, NULL, 1), WF_OK);
    setup_end(fa);
    return g;
}

static void passable_ends(const wf_grid *g, wf_point *s, wf_point *t) {
    int w = wf_grid_width(g), n = w * wf_grid_height(g), first = -1, last = -1;
    for (int i = 0; i < n; i++)
        if (wf_grid_passable(g, i % w, i / w)) {
            last = i;
            if (first < 0)
                first = i;
        }
    assert_true(first >= 0);
    s->x = first % w;
    s->y = first / w;
    t->x = last % w;
    t->y = last / w;
}

/* ---- core ------------------------------------------------------------- */

static wf_status op_grid_create(const wf_allocator *a, fail_alloc *fa) {
    (void)fa;
    wf_grid *g = (wf_grid *)&g;
    wf_status s = wf_grid_create(100, 50, a, &g);
    if (s != WF_OK)
        assert_null(g);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_grid_clone(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_caves(a, fa), *c = (wf_grid *)&c;
    wf_status s = wf_grid_clone(g, &c);
    if (s == WF_OK)
        assert_memory_equal(wf_grid_cells(g), wf_grid_cells(c), 40 * 30);
    else
        assert_null(c);
    wf_grid_destroy(c);
    wf_grid_destroy(g);
    return s;
}

/* The path database of a cave map, then one path from it (the path's
 * buffer too). */
static wf_status op_cpd_build(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_caves(a, fa);
    wf_cpd *c = (wf_cpd *)&c;
    wf_status s = wf_cpd_build(g, NULL, NULL, a, &c);
    if (s != WF_OK) {
        assert_null(c);
    } else {
        wf_point from, to;
        passable_ends(g, &from, &to);
        wf_path p;
        wf_path_init(&p, a);
        s = wf_cpd_path(c, g, from, to, &p);
        if (s == WF_NO_PATH)
            s = WF_OK; /* the caves' two ends may lie apart */
        wf_path_free(&p);
    }
    wf_cpd_free(c);
    wf_grid_destroy(g);
    return s;
}

/* The contraction hierarchy of a cave map, its query state, then one path
 * from it (the path's buffer too). */
static wf_status op_ch_build(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_caves(a, fa);
    wf_ch *c = (wf_ch *)&c;
    wf_ch_query *q = NULL;
    wf_status s = wf_ch_build(g, NULL, NULL, a, &c);
    if (s != WF_OK)
        assert_null(c);
    else if ((s = wf_ch_query_create(c, a, &q)) != WF_OK)
        assert_null(q);
    else {
        wf_point from, to;
        passable_ends(g, &from, &to);
        wf_path p;
        wf_path_init(&p, a);
        s = wf_ch_path(q, g, from, to, &p);
        if (s == WF_NO_PATH)
            s = WF_OK; /* the caves' two ends may lie apart */
        wf_path_free(&p);
    }
    wf_ch_query_free(q);
    wf_ch_free(c);
    wf_grid_destroy(g);
    return s;
}

/* The navigation mesh of a cave map, a query state and one path on it. */
static wf_status op_mesh_build(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_caves(a, fa);
    wf_mesh *m = (wf_mesh *)&m;
    wf_mesh_query *q = NULL;
    wf_status s = wf_mesh_from_grid(g, NULL, NULL, NULL, a, &m, NULL);
    if (s != WF_OK)
        assert_null(m);
    else if ((s = wf_mesh_query_create(a, &q)) == WF_OK) {
        wf_point from, to;
        passable_ends(g, &from, &to);
        wf_polyline p;
        wf_polyline_init(&p, a);
        s = wf_mesh_path(q, m, (wf_vec2){from.x + 0.5, from.y + 0.5},
                         (wf_vec2){to.x + 0.5, to.y + 0.5}, &p);
        if (s == WF_NO_PATH)
            s = WF_OK; /* the caves' two ends may lie apart */
        wf_polyline_free(&p);
    }
    wf_mesh_query_destroy(q);
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
    return s;
}

/* A mesh file of a cave map read back, checked against the map. */
static wf_status op_mesh_file(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_caves(a, fa);
    wf_mesh *m = NULL;
    char *buf = NULL;
    size_t len = 0;
    setup_begin(fa);
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, a, &m, NULL), WF_OK);
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(wf_mesh_write(f, m), WF_OK);
    assert_int_equal(fclose(f), 0);
    wf_mesh_destroy(m);
    setup_end(fa);
    m = (wf_mesh *)&m;
    wf_status s = wf_mesh_parse(buf, len, "caves.mesh", g, a, &m, NULL);
    if (s != WF_OK)
        assert_null(m);
    wf_mesh_destroy(m);
    free(buf);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_graph_build(const wf_allocator *a, fail_alloc *fa) {
    (void)fa;
    wf_graph_builder *b = NULL;
    wf_graph *g = NULL;
    wf_status s = wf_graph_builder_create(2, a, &b);
    for (uint32_t i = 0; s == WF_OK && i < 150; i++) {
        double pos[2] = {i % 15, i / 15};
        s = wf_graph_builder_add_node(b, pos, NULL);
    }
    for (uint32_t i = 0; s == WF_OK && i < 149; i++) {
        s = wf_graph_builder_add_edge(b, i, i + 1, 1.5, 1);
        if (s == WF_OK && i + 15 < 150)
            s = wf_graph_builder_add_edge(b, i, i + 15, 1.0, i % 2);
    }
    if (s == WF_OK) {
        g = (wf_graph *)&g;
        s = wf_graph_build(b, &g);
        if (s == WF_OK)
            assert_int_equal(wf_graph_node_count(g), 150);
        else
            assert_null(g);
    }
    wf_graph_destroy(g);
    wf_graph_builder_destroy(b);
    return s;
}

static wf_status op_graph_from_grid(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *grid = setup_caves(a, fa);
    wf_graph *g = (wf_graph *)&g;
    wf_status s = wf_graph_from_grid(grid, wf_move_default(), NULL, 1.0, a, &g);
    if (s != WF_OK)
        assert_null(g);
    wf_graph_destroy(g);
    wf_grid_destroy(grid);
    return s;
}

static wf_status op_search_reserve(const wf_allocator *a, fail_alloc *fa) {
    (void)fa;
    wf_search *ws = NULL;
    wf_status s = wf_search_create(a, &ws);
    if (s == WF_OK)
        s = wf_search_reserve(ws, 1000);
    if (s == WF_OK) /* growing keeps the workspace usable when it fails */
        s = wf_search_reserve(ws, 50000);
    if (s == WF_OK)
        s = wf_search_reserve_graph(ws, 2000);
    if (s == WF_OK)
        s = wf_search_reserve_graph(ws, 60000);
    wf_search_destroy(ws);
    return s;
}

/* Queries on caves with each of the n options in turn (NULL: defaults)
 * on one workspace. */
static wf_status grid_queries(const wf_allocator *a, fail_alloc *fa,
                              const wf_search_opts *const *opts, int n) {
    wf_grid *g = setup_caves(a, fa);
    wf_point s0, t0;
    passable_ends(g, &s0, &t0);
    wf_search *ws = NULL;
    wf_path p;
    wf_path_init(&p, a);
    wf_status s = wf_search_create(a, &ws);
    for (int k = 0; k < n && s == WF_OK; k++) {
        s = wf_search_grid(ws, g, s0, t0, opts[k], &p);
        if (s != WF_OK)
            assert_int_equal(p.count, 0);
    }
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_grid_query(const wf_allocator *a, fail_alloc *fa) {
    const wf_search_opts *const none[1] = {NULL};
    return grid_queries(a, fa, none, 1);
}

/* Weighted JPS: its planes and per-cell words are built in the workspace
 * by the first query, rebuilt for another unit's costs by the second. */
static wf_status op_jpsw_query(const wf_allocator *a, fail_alloc *fa) {
    wf_search_opts o = wf_search_opts_default(), of;
    o.algo = WF_ALGO_JPSW;
    of = o;
    wf_filter f;
    wf_filter_init(&f);
    assert_int_equal(wf_filter_set(&f, '.', 2.0), WF_OK);
    of.filter = &f;
    const wf_search_opts *const both[2] = {&o, &of};
    return grid_queries(a, fa, both, 2);
}

/* Bidirectional A*: its two sides' arrays are allocated in the workspace
 * by the first query. */
static wf_status op_bidir_query(const wf_allocator *a, fail_alloc *fa) {
    wf_search_opts o = wf_search_opts_default();
    o.algo = WF_ALGO_BIDIR;
    const wf_search_opts *const one[1] = {&o};
    return grid_queries(a, fa, one, 1);
}

static wf_status op_graph_query(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *grid = setup_caves(a, fa);
    wf_graph *g = NULL;
    setup_begin(fa);
    assert_int_equal(wf_graph_from_grid(grid, wf_move_default(), NULL, 1.0, a, &g),
                     WF_OK);
    setup_end(fa);
    wf_search *ws = NULL;
    wf_node_path p;
    wf_node_path_init(&p, a);
    wf_status s = wf_search_create(a, &ws);
    if (s == WF_OK)
        s = wf_search_graph(ws, g, 0,
                            (uint32_t)(wf_graph_node_count(g) - 1), NULL, &p);
    wf_node_path_free(&p);
    wf_search_destroy(ws);
    wf_graph_destroy(g);
    wf_grid_destroy(grid);
    return s;
}

static wf_status op_walker(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_caves(a, fa);
    wf_point s0, t0, next;
    passable_ends(g, &s0, &t0);
    wf_search *ws = NULL;
    wf_walker *w = NULL;
    wf_status s = wf_search_create(a, &ws);
    if (s == WF_OK)
        s = wf_walker_create(a, &w);
    if (s == WF_OK)
        s = wf_walker_plan(w, ws, g, s0, t0, NULL);
    if (s == WF_OK)
        s = wf_walker_step(w, ws, g, &next);
    wf_walker_destroy(w);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_regions_fields(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_caves(a, fa);
    uint32_t *labels = malloc(40 * 30 * sizeof *labels), count;
    float *field = malloc(40 * 30 * sizeof *field);
    assert_non_null(labels);
    assert_non_null(field);
    wf_field_source src;
    passable_ends(g, &src.cell, &src.cell);
    src.value = 0;
    wf_search *ws = NULL;
    wf_status s = wf_grid_regions(g, wf_move_default(), labels, &count);
    if (s == WF_OK)
        s = wf_search_create(a, &ws);
    if (s == WF_OK)
        s = wf_field_dijkstra_grid(ws, g, &src, 1, wf_move_default(), NULL, field);
    wf_search_destroy(ws);
    free(field);
    free(labels);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_block_flee(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_caves(a, fa);
    wf_field_source src = {{0, 0}, 0};
    wf_point t0;
    passable_ends(g, &src.cell, &t0);
    float *dist = malloc(40 * 30 * sizeof *dist);
    float *flee = malloc(40 * 30 * sizeof *flee);
    assert_non_null(dist);
    assert_non_null(flee);
    wf_search *ws = NULL;
    wf_path p;
    wf_path_init(&p, a);
    int cut;
    wf_status s = wf_search_create(a, &ws);
    if (s == WF_OK)
        s = wf_search_grid(ws, g, src.cell, t0, NULL, &p);
    if (s == WF_OK)
        s = wf_grid_block_disconnects(ws, g, &p, p.points[p.count / 2], &(wf_search_opts){.move = wf_move_default()}, &cut);
    if (s == WF_OK)
        s = wf_field_dijkstra_grid(ws, g, &src, 1, wf_move_default(), NULL, dist);
    if (s == WF_OK)
        s = wf_field_flee_grid(ws, g, (wf_layer){dist, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)}, 1.2, wf_move_default(), NULL, flee);
    wf_path_free(&p);
    wf_search_destroy(ws);
    free(flee);
    free(dist);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_graph_field(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *grid = setup_caves(a, fa);
    wf_graph *g = NULL;
    setup_begin(fa);
    assert_int_equal(wf_graph_from_grid(grid, wf_move_make(4, WF_CORNERS_NO_CUT), NULL, 1.0, a, &g),
                     WF_OK);
    setup_end(fa);
    float *out = malloc(wf_graph_node_count(g) * sizeof *out);
    assert_non_null(out);
    uint32_t src = 0;
    wf_search *ws = NULL;
    wf_status s = wf_search_create(a, &ws);
    if (s == WF_OK)
        s = wf_field_dijkstra_graph(ws, g, &src, NULL, 1, out);
    wf_search_destroy(ws);
    free(out);
    wf_graph_destroy(g);
    wf_grid_destroy(grid);
    return s;
}

/* ---- parsers ---------------------------------------------------------- */

static const char movingai_text[] = "type octile\nheight 4\nwidth 6\nmap\n"
                                    "..@...\n.T..S.\n..W.@.\n......\n";

static wf_status op_parse_movingai(const wf_allocator *a, fail_alloc *fa) {
    (void)fa;
    wf_grid *g = (wf_grid *)&g;
    wf_diag d;
    wf_status s = wf_movingai_map_parse(movingai_text, sizeof movingai_text - 1,
                                        "t.map", a, &g, &d);
    if (s != WF_OK)
        assert_null(g);
    wf_grid_destroy(g);
    return s;
}

static char *scen_text(size_t *len) {
    size_t cap = 200 * 64;
    char *t = malloc(cap);
    assert_non_null(t);
    size_t k = (size_t)snprintf(t, cap, "version 1\n");
    for (int i = 0; i < 150; i++) /* past the first two capacities */
        k += (size_t)snprintf(t + k, cap - k,
                              "%d\tt.map\t6\t4\t0\t0\t%d\t3\t%d.5\n", i / 10,
                              i % 6, i);
    *len = k;
    return t;
}

static wf_status op_parse_scen(const wf_allocator *a, fail_alloc *fa) {
    (void)fa;
    size_t len;
    char *text = scen_text(&len);
    wf_scen sc;
    wf_diag d;
    wf_status s = wf_scen_parse(text, len, "t.scen", a, &sc, &d);
    if (s == WF_OK)
        assert_int_equal(sc.count, 150);
    else
        assert_true(sc.count == 0 && sc.entries == NULL);
    wf_scen_free(&sc);
    free(text);
    return s;
}

static const char ascii_text[] = "S..#..\n.12#.9\n....#G\n";

static wf_status op_parse_ascii(const wf_allocator *a, fail_alloc *fa) {
    (void)fa;
    wf_grid *g = (wf_grid *)&g;
    wf_map_marks m;
    wf_diag d;
    wf_status s = wf_ascii_map_parse(ascii_text, sizeof ascii_text - 1,
                                     "t.txt", a, &g, &m, &d);
    if (s != WF_OK)
        assert_null(g);
    wf_grid_destroy(g);
    return s;
}

static const char legend_text[] = "0 blocked\n1 cost 1\n2 cost 3\n100 start\n"
                                  "200 goal\n";
static const char csv_text[] = "100,1,1,0\n1,2,0,1\n0,1,1,200\n";

static wf_status op_parse_csv(const wf_allocator *a, fail_alloc *fa) {
    (void)fa;
    wf_legend l;
    wf_diag d;
    assert_int_equal(
        wf_legend_parse(legend_text, sizeof legend_text - 1, "t", &l, &d),
        WF_OK);
    wf_grid *g = (wf_grid *)&g;
    wf_map_marks m;
    wf_status s = wf_csv_map_parse(csv_text, sizeof csv_text - 1, "t.csv", &l,
                                   a, &g, &m, &d);
    if (s != WF_OK)
        assert_null(g);
    wf_grid_destroy(g);
    return s;
}

static char *graph_text(size_t *len) {
    size_t cap = 64 * 1024;
    char *t = malloc(cap);
    assert_non_null(t);
    size_t k = 0;
    for (int i = 0; i < 120; i++) /* past the name table's first sizes */
        k += (size_t)snprintf(t + k, cap - k, "node n%d %d %d\n", i, i % 12,
                              i / 12);
    for (int i = 0; i + 1 < 120; i++)
        k += (size_t)snprintf(t + k, cap - k, "%s n%d n%d %d\n",
                              i % 3 ? "edge" : "arc", i, i + 1, 1 + i % 4);
    *len = k;
    return t;
}

static wf_status op_parse_graph(const wf_allocator *a, fail_alloc *fa) {
    (void)fa;
    size_t len;
    char *text = graph_text(&len);
    wf_graph *g = (wf_graph *)&g;
    wf_names *names = (wf_names *)&names;
    wf_diag d;
    wf_status s = wf_graph_file_parse(text, len, "t.graph", a, &g, &names, &d);
    if (s == WF_OK) {
        assert_int_equal(wf_names_count(names), 120);
    } else {
        assert_null(g);
        assert_null(names);
    }
    wf_names_destroy(names);
    wf_graph_destroy(g);
    free(text);
    return s;
}

/* The file readers: wf_file_read then the parser, both with the allocator. */
static wf_status op_read_files(const wf_allocator *a, fail_alloc *fa) {
    (void)fa;
    wf_grid *g = NULL;
    wf_graph *gr = NULL;
    wf_scen sc;
    wf_diag d;
    memset(&sc, 0, sizeof sc);
    wf_status s = wf_movingai_map_read(WF_SHARED_DIR "/movingai/dao/arena.map",
                                       a, &g, &d);
    wf_grid_destroy(g);
    g = NULL;
    if (s == WF_OK)
        s = wf_scen_read(WF_SHARED_DIR "/movingai/dao/arena.map.scen", a, &sc,
                         &d);
    wf_scen_free(&sc);
    if (s == WF_OK)
        s = wf_map_load(WF_TEST_DATA "/td.csv", NULL, a, &g, NULL, &d);
    wf_grid_destroy(g);
    g = NULL;
    if (s == WF_OK)
        s = wf_map_load(WF_TEST_DATA "/maze10.txt", NULL, a, &g, NULL, &d);
    wf_grid_destroy(g);
    if (s == WF_OK)
        s = wf_graph_file_read(WF_TEST_DATA "/waypoints.graph", a, &gr, NULL,
                               &d);
    wf_graph_destroy(gr);
    return s;
}

/* ---- generators (they allocate with the grid's allocator) -------------- */

static wf_grid *setup_grid(const wf_allocator *a, fail_alloc *fa, int w,
                           int h) {
    wf_grid *g = NULL;
    setup_begin(fa);
    assert_int_equal(wf_grid_create(w, h, a, &g), WF_OK);
    setup_end(fa);
    return g;
}

static wf_status op_gen_islands(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_grid(a, fa, 60, 40);
    wf_status s = wf_gen_islands(g, 3, NULL);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_gen_caves(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_grid(a, fa, 60, 40);
    wf_status s = wf_gen_caves(g, 3, NULL, 1);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_gen_maze(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_grid(a, fa, 41, 31);
    wf_status s = wf_gen_maze(g, 3, 0.3);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_gen_rooms(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_grid(a, fa, 80, 50);
    wf_status s = wf_gen_rooms(g, 3, NULL);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_gen_noise(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_grid(a, fa, 30, 30);
    wf_status s = wf_gen_noise(g, 3, 0.3);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_gen_cost_noise(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_caves(a, fa);
    wf_status s = wf_gen_cost_noise(g, 3, NULL);
    wf_grid_destroy(g);
    return s;
}

static wf_status op_place_points(const wf_allocator *a, fail_alloc *fa) {
    wf_grid *g = setup_caves(a, fa);
    wf_point pts[5];
    wf_place_opts o = wf_place_opts_default();
    o.min_distance = 2;
    wf_status s = wf_place_points(g, 9, &o, 5, pts, NULL);
    wf_grid_destroy(g);
    return s;
}

/* ---- the tests -------------------------------------------------------- */

#define FAIL_TEST(op)                                                          \
    static void test_##op(void **state) {                                      \
        (void)state;                                                           \
        fail_each(#op, op_##op, WF_OK);                                        \
    }
FAIL_TEST(grid_create)
FAIL_TEST(grid_clone)
FAIL_TEST(cpd_build)
FAIL_TEST(ch_build)
FAIL_TEST(mesh_build)
FAIL_TEST(mesh_file)
FAIL_TEST(graph_build)
FAIL_TEST(graph_from_grid)
FAIL_TEST(search_reserve)
FAIL_TEST(grid_query)
FAIL_TEST(jpsw_query)
FAIL_TEST(bidir_query)
FAIL_TEST(graph_query)
FAIL_TEST(walker)
FAIL_TEST(regions_fields)
FAIL_TEST(block_flee)
FAIL_TEST(graph_field)
FAIL_TEST(parse_movingai)
FAIL_TEST(parse_scen)
FAIL_TEST(parse_ascii)
FAIL_TEST(parse_csv)
FAIL_TEST(parse_graph)
FAIL_TEST(read_files)
FAIL_TEST(gen_islands)
FAIL_TEST(gen_caves)
FAIL_TEST(gen_maze)
FAIL_TEST(gen_rooms)
FAIL_TEST(gen_noise)
FAIL_TEST(gen_cost_noise)
FAIL_TEST(place_points)

static int report(void **state) {
    (void)state;
    print_message("allocation failure: %zu operations, %zu allocations "
                  "refused one at a time, %zu runs (each operation once more "
                  "with none refused)\n",
                  total_ops, total_refused, total_runs);
    return 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_create),
        cmocka_unit_test(test_grid_clone),
        cmocka_unit_test(test_cpd_build),
        cmocka_unit_test(test_ch_build),
        cmocka_unit_test(test_mesh_build),
        cmocka_unit_test(test_mesh_file),
        cmocka_unit_test(test_graph_build),
        cmocka_unit_test(test_graph_from_grid),
        cmocka_unit_test(test_search_reserve),
        cmocka_unit_test(test_grid_query),
        cmocka_unit_test(test_jpsw_query),
        cmocka_unit_test(test_bidir_query),
        cmocka_unit_test(test_graph_query),
        cmocka_unit_test(test_walker),
        cmocka_unit_test(test_regions_fields),
        cmocka_unit_test(test_block_flee),
        cmocka_unit_test(test_graph_field),
        cmocka_unit_test(test_parse_movingai),
        cmocka_unit_test(test_parse_scen),
        cmocka_unit_test(test_parse_ascii),
        cmocka_unit_test(test_parse_csv),
        cmocka_unit_test(test_parse_graph),
        cmocka_unit_test(test_read_files),
        cmocka_unit_test(test_gen_islands),
        cmocka_unit_test(test_gen_caves),
        cmocka_unit_test(test_gen_maze),
        cmocka_unit_test(test_gen_rooms),
        cmocka_unit_test(test_gen_noise),
        cmocka_unit_test(test_gen_cost_noise),
        cmocka_unit_test(test_place_points),
    };
    return cmocka_run_group_tests(tests, NULL, report);
}
