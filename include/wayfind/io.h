/*
 * wayfind io: map and scenario files in, core objects out.
 *
 * Formats:
 *  - Moving AI `.map` (type octile). Each cell's terrain code is the map
 *    character itself: '.' and 'G' (ground) cost 1, '@', 'O' and 'T' are
 *    blocked, 'S' (swamp) and 'W' (water) are passable at cost 1 under their
 *    own codes so that a caller can price them with wf_grid_set_cost.
 *  - Moving AI `.scen` (version 1, version 1.0, and the unversioned form).
 *  - ASCII maps: '.' free, '#' wall, digits '1'–'9' cost 1–9, 'S' start and
 *    'G' goal (both free). Terrain code = the character ('S'/'G' become '.').
 *  - CSV tile maps: rows of integer tile codes separated by commas, with a
 *    legend that maps each tile code to a cost, blocked, start or goal.
 *    Terrain code = the index of the tile's legend entry.
 *
 * Every parser accepts LF or CRLF line ends and a missing final newline,
 * rejects anything else with WF_E_PARSE and fills the wf_diag with the file
 * name, 1-based line and column and what was expected. No input makes a
 * parser crash, hang or allocate more than a small multiple of the map size.
 */
#ifndef WAYFIND_IO_H
#define WAYFIND_IO_H

#include <stdio.h>

#include "core.h"
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Start and goal cells a map file may carry (ASCII 'S'/'G', CSV legend). */
typedef struct wf_map_marks {
    int has_start;
    int has_goal;
    wf_point start;
    wf_point goal;
} wf_map_marks;

/**
 * Reads a whole file into a NUL-terminated buffer allocated with @p alloc
 * (NULL: malloc); free it with the same allocator (size *len + 1).
 * Errors: WF_E_INVALID_ARG, WF_E_IO (cannot open/read; diag says why),
 * WF_E_TOO_BIG (over 2 GiB), WF_E_NOMEM.
 */
WF_API wf_status wf_file_read(const char *path, const wf_allocator *alloc,
                       char **buf, size_t *len, wf_diag *diag);

/* ---- Moving AI .map ---------------------------------------------------- */

/**
 * Parses a Moving AI map held in @p buf (@p len bytes, need not be
 * NUL-terminated). @p name is used in diagnostics (may be NULL).
 * Errors: WF_E_INVALID_ARG, WF_E_PARSE, WF_E_TOO_BIG, WF_E_NOMEM.
 */
WF_API wf_status wf_movingai_map_parse(const char *buf, size_t len, const char *name,
                                const wf_allocator *alloc, wf_grid **out,
                                wf_diag *diag);
/** wf_file_read + wf_movingai_map_parse; adds WF_E_IO. */
WF_API wf_status wf_movingai_map_read(const char *path, const wf_allocator *alloc,
                               wf_grid **out, wf_diag *diag);
/**
 * Sets the costs a Moving AI map gives its characters: '.', 'G', 'S' and
 * 'W' cost 1, '@', 'O' and 'T' are blocked; other codes are left alone.
 * Errors: WF_E_INVALID_ARG.
 */
WF_API wf_status wf_movingai_set_costs(wf_grid *g);
/**
 * Writes @p g as a Moving AI map. Terrain codes that are printable map
 * characters are written as they are; any other code is written as '.' when
 * passable and '@' when blocked. Errors: WF_E_INVALID_ARG, WF_E_IO.
 */
WF_API wf_status wf_movingai_map_write(const wf_grid *g, FILE *f);

/* ---- Moving AI .scen --------------------------------------------------- */

/** One scenario line. */
typedef struct wf_scen_entry {
    int bucket;
    int map_width;
    int map_height;
    wf_point start;
    wf_point goal;
    double optimal;        /**< optimal length printed in the file */
    int decimals;          /**< digits printed after its decimal point */
} wf_scen_entry;

/** A scenario file. Initialise with {0}; release with wf_scen_free. */
typedef struct wf_scen {
    wf_scen_entry *entries;
    size_t count;
    char version[16];      /**< "1", "1.0" or "" (unversioned) */
    char map[256];         /**< the map column of the first line */
    wf_allocator alloc;
} wf_scen;

/**
 * Parses a scenario file: an optional "version V" line, then lines of nine
 * fields (bucket, map, width, height, sx, sy, gx, gy, optimal) separated by
 * tabs or spaces. Blank lines are skipped. Every line must name the same map.
 * Errors: WF_E_INVALID_ARG, WF_E_PARSE, WF_E_NOMEM.
 */
WF_API wf_status wf_scen_parse(const char *buf, size_t len, const char *name,
                        const wf_allocator *alloc, wf_scen *out,
                        wf_diag *diag);
/** wf_file_read + wf_scen_parse; adds WF_E_IO. */
WF_API wf_status wf_scen_read(const char *path, const wf_allocator *alloc,
                       wf_scen *out, wf_diag *diag);
/** Frees the entries; NULL is a no-op. */
WF_API void wf_scen_free(wf_scen *s);
/**
 * Checks that every entry fits @p g: width/height columns equal to the map's,
 * start and goal on the grid and passable. On failure fills @p diag with the
 * 1-based entry number (as line) and returns WF_E_RANGE.
 */
WF_API wf_status wf_scen_check(const wf_scen *s, const wf_grid *g, wf_diag *diag);
/**
 * Writes @p s as a "version 1" scenario file: one tab-separated line per
 * entry, the map column @p s->map, the optimal length with 8 decimals.
 * Errors: WF_E_INVALID_ARG, WF_E_IO.
 */
WF_API wf_status wf_scen_write(const wf_scen *s, FILE *f);
/**
 * 1 when @p cost is the optimal length of @p e as far as the file can say:
 * |cost − optimal| ≤ 1e-4 × max(1, optimal), or, for a value printed with
 * d ≥ 1 decimals, within half a unit of its last digit plus 2e-6 × optimal
 * (the Moving AI files print 2 to 8 decimals and some were generated with a
 * slightly short √2). 0 otherwise, and when @p e is NULL.
 */
WF_API int wf_scen_cost_ok(const wf_scen_entry *e, double cost);

/* ---- ASCII maps -------------------------------------------------------- */

/**
 * Parses an ASCII map: rows of equal length of '.', '#', '1'–'9', 'S', 'G'.
 * At most one 'S' and one 'G'. Blank lines at the end are ignored.
 * Errors: WF_E_INVALID_ARG, WF_E_PARSE, WF_E_TOO_BIG, WF_E_NOMEM.
 */
WF_API wf_status wf_ascii_map_parse(const char *buf, size_t len, const char *name,
                             const wf_allocator *alloc, wf_grid **out,
                             wf_map_marks *marks, wf_diag *diag);
/** wf_file_read + wf_ascii_map_parse; adds WF_E_IO. */
WF_API wf_status wf_ascii_map_read(const char *path, const wf_allocator *alloc,
                            wf_grid **out, wf_map_marks *marks, wf_diag *diag);
/**
 * Writes @p g as an ASCII map by cost: '#' for blocked cells, '.' for cost
 * 1, the digit d for cost d (2–9), and 'S'/'G' at the marks @p marks gives
 * (may be NULL). Reading the file back gives the same costs, except at the
 * marks, which read back as cost 1.
 * Errors: WF_E_INVALID_ARG, WF_E_RANGE (a passable terrain present on the
 * grid costs something other than a whole number 1–9; nothing is written),
 * WF_E_IO.
 */
WF_API wf_status wf_ascii_map_write(const wf_grid *g, const wf_map_marks *marks,
                             FILE *f);

/* ---- CSV tile maps with a legend -------------------------------------- */

/** What a tile code means. */
typedef enum wf_tile_kind {
    WF_TILE_COST = 0,  /**< passable at the given cost */
    WF_TILE_BLOCKED,   /**< cannot be entered */
    WF_TILE_START,     /**< passable (cost given or 1); the start cell */
    WF_TILE_GOAL       /**< passable (cost given or 1); the goal cell */
} wf_tile_kind;

/** One legend line. */
typedef struct wf_legend_entry {
    long tile;          /**< the integer written in the CSV */
    wf_tile_kind kind;
    double cost;        /**< > 0, finite; WF_BLOCKED for blocked tiles */
    char name[32];      /**< optional label ("road"), may be empty */
} wf_legend_entry;

/** A legend: up to 256 tile codes. Entry i becomes terrain code i. */
typedef struct wf_legend {
    wf_legend_entry entries[256];
    int count;
} wf_legend;

/**
 * Parses a legend. Each non-blank line that does not start with '#':
 *   TILE blocked [NAME]
 *   TILE cost C [NAME]
 *   TILE start [C] [NAME]      TILE goal [C] [NAME]
 * where TILE is an integer (may be negative), C a finite number > 0 and NAME
 * a word. '#' starts a comment anywhere. Each tile at most once; at most one
 * start and one goal tile kind.
 * Errors: WF_E_INVALID_ARG, WF_E_PARSE, WF_E_TOO_BIG (more than 256 tiles).
 */
WF_API wf_status wf_legend_parse(const char *buf, size_t len, const char *name,
                          wf_legend *out, wf_diag *diag);
/** wf_file_read + wf_legend_parse; adds WF_E_IO. */
WF_API wf_status wf_legend_read(const char *path, wf_legend *out, wf_diag *diag);

/**
 * Parses a CSV tile map against @p legend: every row the same number of
 * integers, each in the legend; spaces around values are allowed. Start and
 * goal tiles (at most one each) are reported in @p marks (may be NULL).
 * Errors: WF_E_INVALID_ARG, WF_E_PARSE, WF_E_TOO_BIG, WF_E_NOMEM.
 */
WF_API wf_status wf_csv_map_parse(const char *buf, size_t len, const char *name,
                           const wf_legend *legend, const wf_allocator *alloc,
                           wf_grid **out, wf_map_marks *marks, wf_diag *diag);
/** wf_file_read + wf_csv_map_parse; adds WF_E_IO. */
WF_API wf_status wf_csv_map_read(const char *path, const wf_legend *legend,
                          const wf_allocator *alloc, wf_grid **out,
                          wf_map_marks *marks, wf_diag *diag);

/* ---- Graph files ------------------------------------------------------ */

/**
 * Node names of a graph file, both ways: id → name and name → id. Names
 * are words of letters, digits, '_', '-' and '.'; ids are 0, 1, 2, ... in
 * the order names were added (the order of the file's node lines).
 */
typedef struct wf_graph_names wf_graph_names;

/** An empty table. Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_graph_names_create(const wf_allocator *alloc,
                                wf_graph_names **out);
/** Frees @p t; NULL is a no-op. */
WF_API void wf_graph_names_destroy(wf_graph_names *t);
/** Adds name s[0..n) as the next id. Errors: WF_E_INVALID_ARG (empty,
 *  NUL inside, or already present), WF_E_TOO_BIG, WF_E_NOMEM. */
WF_API wf_status wf_graph_names_add(wf_graph_names *t, const char *s, size_t n,
                             uint32_t *id);
/** The id of name s[0..n), or -1. O(1) expected. */
WF_API int64_t wf_graph_names_find(const wf_graph_names *t, const char *s, size_t n);
/** The name of @p id (owned by @p t), or NULL. */
WF_API const char *wf_graph_names_get(const wf_graph_names *t, uint32_t id);
/** Number of names. */
WF_API size_t wf_graph_names_count(const wf_graph_names *t);

/**
 * Parses a graph file. Lines (blank lines and '#' comments are skipped):
 *   node ID [X Y [Z]]    a node; every node has the same number of
 *                        coordinates (0, 2 or 3), finite numbers
 *   edge A B W           a two-way edge of weight W (finite, > 0)
 *   arc A B W            a one-way arc A → B
 * A node must be declared before an edge names it; IDs are unique names
 * (letters, digits, '_', '-', '.'; at most 63 bytes). Self-loops are
 * dropped and parallel arcs keep the lightest (wf_graph_build).
 * @p names (may be NULL) receives the node names, id i being the i-th node
 * line. Errors: WF_E_INVALID_ARG, WF_E_PARSE (diag: file:line:col and what
 * was expected), WF_E_TOO_BIG, WF_E_NOMEM.
 */
WF_API wf_status wf_graph_parse(const char *buf, size_t len, const char *name,
                         const wf_allocator *alloc, wf_graph **out,
                         wf_graph_names **names, wf_diag *diag);
/** wf_file_read + wf_graph_parse; adds WF_E_IO. */
WF_API wf_status wf_graph_read(const char *path, const wf_allocator *alloc,
                        wf_graph **out, wf_graph_names **names, wf_diag *diag);
/**
 * Writes @p g in the graph file format: node lines (names from @p names,
 * or "nID" when NULL), then an "edge" line for each pair of opposite arcs
 * of equal weight and an "arc" line for every other arc. Numbers are
 * written with 17 significant digits: reading back gives the same graph
 * exactly for values of up to 15 significant digits within 1e±22 (every
 * weight and position a game writes by hand), and within a few units in
 * the last place otherwise (the reader is exact only in that range).
 * Errors: WF_E_INVALID_ARG, WF_E_IO.
 */
WF_API wf_status wf_graph_write(const wf_graph *g, const wf_graph_names *names,
                         FILE *f);
/**
 * Writes @p g as one JSON object: {"nodes": [{"id": NAME, "pos": [x, y]},
 * ...], "arcs": [[from, to, weight], ...]} with arcs by node index.
 * Errors: WF_E_INVALID_ARG, WF_E_IO.
 */
WF_API wf_status wf_graph_write_json(const wf_graph *g, const wf_graph_names *names,
                              FILE *f);

/* ---- Any map ----------------------------------------------------------- */

/**
 * Loads a map whatever its format: a file whose first word is "type" is a
 * Moving AI map; a name ending in ".csv" is a CSV tile map whose legend is
 * @p legend_path or, when NULL, the same path with ".legend" in place of
 * ".csv"; anything else is an ASCII map. @p marks may be NULL.
 */
WF_API wf_status wf_map_load(const char *path, const char *legend_path,
                      const wf_allocator *alloc, wf_grid **out,
                      wf_map_marks *marks, wf_diag *diag);

/* ---- JSON output ------------------------------------------------------- */

/**
 * Writes a query result as one JSON object: {"status", "cost", "length",
 * "expanded", "generated", "heap_ops", "path": [[x,y],...]}. Costs are
 * written with 17 significant digits. Errors: WF_E_INVALID_ARG, WF_E_IO.
 */
WF_API wf_status wf_path_write_json(FILE *f, wf_status status, const wf_path *p);

#ifdef __cplusplus
}
#endif

#endif
