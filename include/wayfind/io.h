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
 *  - Edits files: batches of "X Y TILE" lines for re-planning, the tiles
 *    named as the map's format names them.
 *  - Outlines files: walkable ground and obstacles as polygons.
 *  - Tiled maps (.tmj, JSON, through cJSON): objects as outlines and
 *    off-mesh links, tile layers as a grid. Being JSON, they have their
 *    own rules for lines and errors (see their section below).
 *
 * Every parser accepts LF or CRLF line ends and a missing final newline,
 * rejects anything else with WF_E_PARSE and fills the wf_diag with the file
 * name, 1-based line and column and what was expected. No input makes a
 * parser crash, hang or allocate more than a small multiple of the map size.
 *
 * Every writer takes the stream first (wf_X_write(FILE *f, object, ...)),
 * as the render.h writers do, flushes it and returns WF_E_IO when a write
 * or the flush fails. To put one in a file, hand it to wf_file_write: the
 * file is then replaced whole or not at all.
 */
#ifndef WAYFIND_IO_H
#define WAYFIND_IO_H

#include <stdio.h>

#include "ch.h"
#include "core.h"
#include "mesh.h"
#include "polyline.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The map formats wf_map_load tells apart. */
typedef enum wf_map_format {
    WF_MAP_FORMAT_MOVINGAI = 1, /**< Moving AI .map: characters .GSW@OT */
    WF_MAP_FORMAT_ASCII,        /**< ASCII map: characters . # 1-9 S G */
    WF_MAP_FORMAT_CSV           /**< CSV tile map: tile numbers of a legend */
} wf_map_format;

/** Start and goal cells a map file may carry (ASCII 'S'/'G', CSV legend),
 *  and, from wf_map_load, the format it was read as (0 from the readers of
 *  one format). */
typedef struct wf_map_marks {
    int has_start;
    int has_goal;
    wf_point start;
    wf_point goal;
    wf_map_format format;
} wf_map_marks;

/*
 * The largest file each reader accepts: reading stops one byte past it with
 * WF_E_TOO_BIG and a message naming the limit, so that an endless stream
 * (/dev/zero, a pipe that never closes) fails at once instead of filling
 * memory.
 *  - WF_FILE_MAX: any file (2 GiB).
 *  - WF_MAP_FILE_MAX: a Moving AI or ASCII map: one byte a cell for the
 *    largest grid (WF_GRID_MAX_CELLS), a CRLF for each of the most rows a
 *    grid can have (WF_GRID_MAX_SIDE) and 64 KiB for the header, a byte
 *    order mark and blank lines; 258 MiB.
 *  - WF_CSV_FILE_MAX: a CSV tile map: four bytes a cell ("255,") for the
 *    largest grid, plus the same line ends and slack; 1 GiB + 2 MiB.
 *  - WF_SCEN_FILE_MAX: a scenario file, 64 MiB (about a million problems,
 *    a hundred times the largest Moving AI file).
 *  - WF_LEGEND_FILE_MAX: a legend, 1 MiB (256 lines with room to comment).
 *  - WF_GRAPH_FILE_MAX: a graph file, 1 GiB.
 *  - WF_EDITS_FILE_MAX: an edits file, 64 MiB (about ten million edits;
 *    a game's change log for a long session fits a hundred times over).
 *  - WF_OUTLINES_FILE_MAX: an outlines file, 256 MiB (about ten million
 *    points).
 */
#define WF_OUTLINES_FILE_MAX ((size_t)256 << 20)
#define WF_FILE_MAX ((size_t)1 << 31)
#define WF_MAP_FILE_MAX                                                      \
    (WF_GRID_MAX_CELLS + 2 * (size_t)WF_GRID_MAX_SIDE + ((size_t)1 << 16))
#define WF_CSV_FILE_MAX                                                      \
    (4 * WF_GRID_MAX_CELLS + 2 * (size_t)WF_GRID_MAX_SIDE + ((size_t)1 << 16))
#define WF_SCEN_FILE_MAX ((size_t)64 << 20)
#define WF_LEGEND_FILE_MAX ((size_t)1 << 20)
#define WF_GRAPH_FILE_MAX ((size_t)1 << 30)
#define WF_EDITS_FILE_MAX ((size_t)64 << 20)

/**
 * Reads a whole file into a NUL-terminated buffer allocated with @p alloc
 * (NULL: malloc); release it with wf_file_free(*buf, *len, alloc). At most
 * @p max bytes are accepted (values over WF_FILE_MAX mean WF_FILE_MAX); a
 * stream is read only until it passes @p max, so an endless one fails too.
 * Errors: WF_E_INVALID_ARG, WF_E_IO (cannot open/read; diag says why),
 * WF_E_TOO_BIG (more than @p max bytes; diag names the limit),
 * WF_E_NOMEM. On error *buf is NULL and *len 0.
 */
WF_API wf_status wf_file_read(const char *path, size_t max, const wf_allocator *alloc,
                       char **buf, size_t *len, wf_diag *diag);
/**
 * Frees a buffer wf_file_read returned: @p len is the length it gave and
 * @p alloc the allocator it was given (NULL: malloc). NULL @p buf is a
 * no-op.
 */
WF_API void wf_file_free(char *buf, size_t len, const wf_allocator *alloc);

/**
 * Writes a file's content to the open stream @p f: @p ud is the pointer
 * given to wf_file_write, @p diag (never NULL) may be filled with why it
 * failed. Returns WF_OK, or an error that abandons the file. It must not
 * close @p f.
 */
typedef wf_status (*wf_write_fn)(void *ud, FILE *f, wf_diag *diag);

/**
 * Writes the file @p path with @p fn, so that it is replaced whole or
 * not at all: a failure at any point (an error from @p fn, a full disk,
 * a file size limit) leaves whatever was at @p path untouched. Every
 * wayfind function and command that writes a named file goes through it.
 *
 * The content goes to a new file in the target's directory, named after
 * the target with a random part and ".tmp" ("out.map.1f3a9c07.tmp",
 * created exclusively: an existing name is never reused), which is
 * flushed, checked, synced to the disk (so that a crash just after the
 * rename cannot leave an empty file where a good one was) and closed, then
 * renamed over the target. On failure it is removed. It is left behind
 * only if the process is killed during the write.
 *  - A new file gets the usual permissions (0666 less the umask). A file
 *    that is replaced keeps its permission bits (never set-user-ID or
 *    set-group-ID, which a write clears anyway), and its owner and group
 *    when the caller may set them (else they become the caller's); other
 *    names it had (hard links) keep the old content. A file the caller may
 *    not write is refused (WF_E_IO, "Permission denied") as fopen would.
 *  - A symbolic link is followed: the file it names is replaced and the
 *    link kept (a dangling link gets its file created).
 *  - Anything that is not a regular file (/dev/null, a terminal, a FIFO,
 *    /dev/stdout and the other /proc/self/fd descriptors) is opened and
 *    written directly, never renamed over; a failure there cannot be
 *    undone.
 *  - A directory is refused (EISDIR), as is a target whose directory is
 *    missing or not writable ("cannot create a temporary file in 'DIR'").
 *
 * Errors: WF_E_INVALID_ARG (@p path NULL or empty, @p fn NULL), WF_E_IO
 * (diag: the file and strerror's reason: "cannot open for writing",
 * "cannot write", "cannot replace"), or what @p write returned, with its
 * diag (given @p path as the file when it names none) or "cannot write:"
 * and the status's text. @p diag may be NULL. Different calls may run at
 * once, on the same path too: each file is whole, the last rename wins.
 */
WF_API wf_status wf_file_write(const char *path, wf_write_fn fn, void *ud,
                               wf_diag *diag);

/* ---- Moving AI .map ---------------------------------------------------- */

/**
 * Parses a Moving AI map held in @p buf (@p len bytes, need not be
 * NUL-terminated). @p name is used in diagnostics (may be NULL).
 * Errors: WF_E_INVALID_ARG, WF_E_PARSE, WF_E_TOO_BIG, WF_E_NOMEM.
 */
WF_API wf_status wf_movingai_map_parse(const char *buf, size_t len, const char *name,
                                const wf_allocator *alloc, wf_grid **out,
                                wf_diag *diag);
/** wf_file_read (at most WF_MAP_FILE_MAX bytes) + wf_movingai_map_parse;
 *  adds WF_E_IO. */
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
WF_API wf_status wf_movingai_map_write(FILE *f, const wf_grid *g);

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
/** wf_file_read (at most WF_SCEN_FILE_MAX bytes) + wf_scen_parse; adds
 *  WF_E_IO and WF_E_TOO_BIG. */
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
WF_API wf_status wf_scen_write(FILE *f, const wf_scen *s);
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
/** wf_file_read (at most WF_MAP_FILE_MAX bytes) + wf_ascii_map_parse;
 *  adds WF_E_IO. */
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
WF_API wf_status wf_ascii_map_write(FILE *f, const wf_grid *g,
                             const wf_map_marks *marks);

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
/** wf_file_read (at most WF_LEGEND_FILE_MAX bytes, with @p alloc, which may
 *  be NULL) + wf_legend_parse; adds WF_E_IO and WF_E_NOMEM. */
WF_API wf_status wf_legend_read(const char *path, const wf_allocator *alloc,
                         wf_legend *out, wf_diag *diag);

/**
 * Parses a CSV tile map against @p legend: every row the same number of
 * integers, each in the legend; spaces around values are allowed. Start and
 * goal tiles (at most one each) are reported in @p marks (may be NULL).
 * Errors: WF_E_INVALID_ARG, WF_E_PARSE, WF_E_TOO_BIG, WF_E_NOMEM.
 */
WF_API wf_status wf_csv_map_parse(const char *buf, size_t len, const char *name,
                           const wf_legend *legend, const wf_allocator *alloc,
                           wf_grid **out, wf_map_marks *marks, wf_diag *diag);
/** wf_file_read (at most WF_CSV_FILE_MAX bytes) + wf_csv_map_parse; adds
 *  WF_E_IO. */
WF_API wf_status wf_csv_map_read(const char *path, const wf_legend *legend,
                          const wf_allocator *alloc, wf_grid **out,
                          wf_map_marks *marks, wf_diag *diag);

/* ---- Graph files ------------------------------------------------------ */

/**
 * Node names of a graph file, both ways: id → name and name → id. Names
 * are words of letters, digits, '_', '-' and '.'; ids are 0, 1, 2, ... in
 * the order names were added (the order of the file's node lines).
 * Finding or adding a name of n bytes takes O(n) time in the worst case,
 * whatever names the table already holds (a crit-bit tree: no hashing, so
 * no names can be chosen to collide), and O(n + log count) typically.
 */
typedef struct wf_names wf_names;

/** An empty table. Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_names_create(const wf_allocator *alloc, wf_names **out);
/** Frees @p t; NULL is a no-op. */
WF_API void wf_names_destroy(wf_names *t);
/** Adds name s[0..n) as the next id. Errors: WF_E_INVALID_ARG (empty,
 *  NUL inside, or already present), WF_E_TOO_BIG, WF_E_NOMEM. */
WF_API wf_status wf_names_add(wf_names *t, const char *s, size_t n, uint32_t *id);
/**
 * Looks up name s[0..n): WF_OK with its id in @p id (may be NULL), or
 * WF_E_RANGE when the table has no such name (@p id untouched).
 * Errors: WF_E_INVALID_ARG (t or s NULL).
 */
WF_API wf_status wf_names_find(const wf_names *t, const char *s, size_t n,
                        uint32_t *id);
/** The name of @p id (owned by @p t), or NULL. */
WF_API const char *wf_names_get(const wf_names *t, uint32_t id);
/** Number of names. */
WF_API size_t wf_names_count(const wf_names *t);

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
WF_API wf_status wf_graph_file_parse(const char *buf, size_t len, const char *name,
                              const wf_allocator *alloc, wf_graph **out,
                              wf_names **names, wf_diag *diag);
/** wf_file_read (at most WF_GRAPH_FILE_MAX bytes) + wf_graph_file_parse;
 *  adds WF_E_IO. */
WF_API wf_status wf_graph_file_read(const char *path, const wf_allocator *alloc,
                             wf_graph **out, wf_names **names, wf_diag *diag);
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
WF_API wf_status wf_graph_file_write(FILE *f, const wf_graph *g,
                              const wf_names *names);
/**
 * Writes @p g as one JSON object: {"nodes": [{"id": NAME, "pos": [x, y]},
 * ...], "arcs": [[from, to, weight], ...]} with arcs by node index.
 * Errors: WF_E_INVALID_ARG, WF_E_IO.
 */
WF_API wf_status wf_json_write_graph(FILE *f, const wf_graph *g,
                              const wf_names *names);

/* ---- Any map ----------------------------------------------------------- */

/**
 * Loads a map whatever its format: a file whose first word is "type" is a
 * Moving AI map; a name ending in ".csv" is a CSV tile map whose legend is
 * @p legend_path or, when NULL, the same path with ".legend" in place of
 * ".csv"; anything else is an ASCII map. @p marks may be NULL. The file
 * may hold at most WF_CSV_FILE_MAX bytes when its name ends in ".csv",
 * else WF_MAP_FILE_MAX. Errors: those of the readers.
 */
WF_API wf_status wf_map_load(const char *path, const char *legend_path,
                      const wf_allocator *alloc, wf_grid **out,
                      wf_map_marks *marks, wf_diag *diag);

/**
 * What wf_map_load reads the file @p path holding @p buf (@p len bytes) as:
 * WF_MAP_FORMAT_MOVINGAI when the first word of @p buf (after an optional
 * byte order mark, blanks and line ends) is "type", else WF_MAP_FORMAT_CSV
 * when @p path ends in ".csv" (any case), else WF_MAP_FORMAT_ASCII. An
 * edits file names tiles as that format does (wf_edits_parse). @p buf may
 * be NULL when @p len is 0; a NULL @p path has no ".csv" ending.
 * O(blanks at the start of @p buf).
 */
WF_API wf_map_format wf_map_format_of(const char *path, const char *buf,
                                      size_t len);

/* ---- Edits files ------------------------------------------------------- */

/** One edit: cell @p cell becomes terrain @p terrain. */
typedef struct wf_edit {
    wf_point cell;
    uint8_t terrain;   /**< the terrain code the map's loader gives the tile */
    unsigned line;     /**< the file line it was read from (1-based) */
} wf_edit;

/** One batch: @p count edits applied together, a slice of wf_edits.edits. */
typedef struct wf_edit_batch {
    const wf_edit *edits;
    size_t count;      /**< at least 1 */
} wf_edit_batch;

/** An edits file. Initialise with {0}; release with wf_edits_free. */
typedef struct wf_edits {
    wf_edit *edits;           /**< every edit, in file order */
    size_t count;             /**< number of edits */
    wf_edit_batch *batches;   /**< the batches, in file order */
    size_t batch_count;       /**< number of batches, at least 1 */
    wf_allocator alloc;
} wf_edits;

/**
 * Parses an edits file for the grid @p g, loaded from a map of format
 * @p format. Each line is "X Y TILE" (fields separated by blanks); blank
 * lines separate batches: one or more of them end a batch, and blank lines
 * at the start or end make no empty batch. A line whose first non-blank
 * character is '#' is a comment (it neither holds an edit nor ends a
 * batch); '#' after the fields is a tile or an extra field, never a
 * comment. LF or CRLF, a byte order mark and trailing blanks are accepted.
 *  - X, Y: integers, 0 <= X < width, 0 <= Y < height of @p g.
 *  - TILE, for WF_MAP_FORMAT_MOVINGAI: one of . G S W @ O T; for
 *    WF_MAP_FORMAT_ASCII: one of . # 1-9 ('S' and 'G' mark the start and
 *    goal in an ASCII map; they are refused as tiles). The terrain is the
 *    character, as the map loaders give it. For WF_MAP_FORMAT_CSV: an
 *    integer tile of @p legend (the CSV map's own); the terrain is its entry
 *    index, as wf_csv_map_parse gives it. @p legend is ignored for the other
 *    formats.
 * An edit on the agent's cell, or to the terrain a cell already has, is
 * not the parser's business: the file says nothing of agents.
 * On success @p out holds at least one batch; on error it is left empty
 * (edits and batches NULL, counts 0; wf_edits_free is harmless).
 * Errors: WF_E_INVALID_ARG (out, g NULL; buf NULL with len > 0; an unknown
 * format; WF_MAP_FORMAT_CSV with a NULL legend or one of 0 or more than
 * 256 entries), WF_E_PARSE (diag: file:line:col; a malformed line, a
 * missing or extra field, a coordinate that is not an integer, a tile that
 * is not one map character or not in the legend, a file with no edit),
 * WF_E_RANGE (diag: file:line:col of a coordinate off the map, negative
 * or huge ones included, with the map's size), WF_E_NOMEM.
 * O(len) time (× the legend's size for CSV tiles); two arrays allocated,
 * after the whole text has been checked.
 */
WF_API wf_status wf_edits_parse(const char *buf, size_t len, const char *name,
                                const wf_grid *g, wf_map_format format,
                                const wf_legend *legend,
                                const wf_allocator *alloc, wf_edits *out,
                                wf_diag *diag);
/** wf_file_read (at most WF_EDITS_FILE_MAX bytes) + wf_edits_parse; adds
 *  WF_E_IO and WF_E_TOO_BIG. */
WF_API wf_status wf_edits_read(const char *path, const wf_grid *g,
                               wf_map_format format, const wf_legend *legend,
                               const wf_allocator *alloc, wf_edits *out,
                               wf_diag *diag);
/** Frees the edits and batches and leaves @p e empty; NULL is a no-op. */
WF_API void wf_edits_free(wf_edits *e);

/* ---- Jump tables (JPS+) ----------------------------------------------- */

/** Version of the jump table file format that this build writes and reads. */
#define WF_JUMP_FILE_VERSION 1
/** Bytes of a jump table file's header; the entries follow. */
#define WF_JUMP_FILE_HEADER 40
/** The largest jump table file read (WF_FILE_MAX): 32 bytes a cell, so
 *  maps of up to 64 Mi cells. */
#define WF_JUMP_FILE_MAX WF_FILE_MAX

/**
 * Writes the jump table @p t of @p g in the binary format of
 * docs/formats.md ("Jump table files"): a 40-byte header (magic
 * "WFJUMPS\n", the format version, width, height, a digest of the map's
 * passability, a checksum of the entries) and the entries, 32-bit
 * little-endian, 8 per cell in row-major order. To put one in a file,
 * hand it to wf_file_write (replaced whole or not at all). Errors:
 * WF_E_INVALID_ARG (NULL, or @p t not current for @p g:
 * wf_jump_table_current), WF_E_IO (a write or the flush failed).
 */
WF_API wf_status wf_jump_table_write(FILE *f, const wf_jump_table *t,
                                     const wf_grid *g);
/**
 * Reads a jump table file held in @p buf (@p len bytes) for the map
 * @p g, into a new table current for @p g (*out, NULL on error; @p alloc
 * may be NULL: malloc). @p name is used in diagnostics (may be NULL).
 * Nothing in the file is trusted: a file that is too short, does not
 * start with the magic, has another version, was made for a map of
 * another size or passability (the digest), has been cut or extended, or
 * whose entries do not match their checksum is WF_E_PARSE, and so is one
 * whose checksum matches but an entry does not (every entry is checked
 * against the map: the jump it describes must run over free cells,
 * under the corner rule, and end where the map ends it), so no file can
 * make a search return a wrong path. @p diag says what was wrong
 * ("made for another map: ...", "truncated: ...", "version 7, this
 * build reads version 1", "checksum mismatch: ...", "entry of cell
 * (x, y) direction NE is 5, the map gives -3"). Errors:
 * WF_E_INVALID_ARG, WF_E_PARSE, WF_E_TOO_BIG, WF_E_NOMEM. O(cells).
 */
WF_API wf_status wf_jump_table_parse(const void *buf, size_t len,
                                     const char *name, const wf_grid *g,
                                     const wf_allocator *alloc,
                                     wf_jump_table **out, wf_diag *diag);
/** wf_file_read (at most WF_JUMP_FILE_MAX bytes) + wf_jump_table_parse;
 *  adds WF_E_IO. */
WF_API wf_status wf_jump_table_read(const char *path, const wf_grid *g,
                                    const wf_allocator *alloc,
                                    wf_jump_table **out, wf_diag *diag);

/* ---- Contraction hierarchies ------------------------------------------ */

/** Version of the hierarchy file format that this build writes and reads. */
#define WF_CH_FILE_VERSION 1
/** The largest hierarchy file read (WF_FILE_MAX; about 44 bytes an arc). */
#define WF_CH_FILE_MAX WF_FILE_MAX

/**
 * Writes the contraction hierarchy @p c of @p g in the binary format of
 * docs/formats.md ("Hierarchy files"): a 64-byte header (magic
 * "WFCHIER\n", the format version, width, height, the unit's movement
 * model, the counts of nodes and arcs, a digest of the map's terrain, a
 * checksum of the rest), the unit's cost of entering each terrain, and
 * the hierarchy's arrays. To put one in a file, hand it to wf_file_write
 * (replaced whole or not at all). Errors: WF_E_INVALID_ARG (NULL, or
 * @p c not of @p g as it is now), WF_E_NOMEM, WF_E_IO.
 */
WF_API wf_status wf_ch_write(FILE *f, const wf_ch *c, const wf_grid *g);
/**
 * Reads a hierarchy file held in @p buf (@p len bytes) for the map @p g
 * and the unit moving by @p move (NULL: the default) with @p filter (NULL:
 * none), into a new hierarchy (*out, NULL on error; @p alloc may be NULL:
 * malloc). @p name is used in diagnostics (may be NULL).
 *
 * Nothing in the file is trusted. A file that is too short, does not start
 * with the magic, has another version, was made for a map of another size
 * or terrain (the digest: any edit since counts), for another movement
 * model or other costs (each terrain's, exactly), has been cut or
 * extended, or whose contents do not match their checksum is WF_E_PARSE;
 * and so is one whose checksum matches but whose arrays do not hold
 * together: every node a cell the unit may stand on, once; arcs going up;
 * a move between neighbours the unit may make at its cost; a shortcut
 * whose two halves join its ends and add up to its cost; every arc
 * unpacking into fewer moves than there are nodes; every node but the
 * highest of its region with an arc up each way, so that a query finds a
 * path wherever the grid has one. So no file can make a query return an
 * illegal path, a wrong cost for the path it returns, "no path" where
 * there is one, or crash; a query whose shortcuts, together, pass a cell
 * twice is WF_E_CORRUPT (wf_ch_path). (A file forged with its checksum
 * recomputed could still leave out a shortcut a cheapest path needs, and
 * so give a dearer path: the digest and checksum are there to catch
 * accidents, not attacks.) @p diag says what was wrong ("made for another unit or costs:
 * entering terrain 3 costs 2 in the file, 1.5 here", "truncated: ...").
 *
 * Errors: WF_E_INVALID_ARG, WF_E_PARSE, WF_E_TOO_BIG, WF_E_NOMEM. O(arcs).
 */
WF_API wf_status wf_ch_parse(const void *buf, size_t len, const char *name,
                             const wf_grid *g, const wf_move *move,
                             const wf_filter *filter,
                             const wf_allocator *alloc, wf_ch **out,
                             wf_diag *diag);
/** wf_file_read (at most WF_CH_FILE_MAX bytes) + wf_ch_parse; adds
 *  WF_E_IO. */
WF_API wf_status wf_ch_read(const char *path, const wf_grid *g,
                            const wf_move *move, const wf_filter *filter,
                            const wf_allocator *alloc, wf_ch **out,
                            wf_diag *diag);

/* ---- Navigation meshes ------------------------------------------------- */

/** Version of the mesh file format that this build writes; it reads this
 *  one and version 1 (no links, an integer scale). */
#define WF_MESH_FILE_VERSION 2
/** The largest mesh file read (WF_FILE_MAX; 8 bytes a corner and a
 *  polygon's corner, 4 a polygon, 28 a link). */
#define WF_MESH_FILE_MAX WF_FILE_MAX

/**
 * Writes the navigation mesh @p m in the binary format of docs/formats.md
 * ("Mesh files", version WF_MESH_FILE_VERSION): an 88-byte header (magic
 * "WFMESH\r\n", a checksum of the rest, the format version, the counts of
 * links, vertices, polygons and their corners, what the mesh was made
 * from: for a grid, its size, the unit's movement model and a digest of
 * the grid's terrain and costs; the cost of a unit of length; the
 * fixed-point scale, the 64 bits of its double, so any scale comes back
 * exactly), then the vertices, the polygons (each its corners and the
 * polygon across each edge) and the off-mesh links (their ends in the
 * mesh's fixed point, cost and direction), in the order of their ids.
 * What a mesh derives from those (pieces, point buckets, areas) is not
 * stored: a reader makes it again, the same. A mesh read from a file of
 * this version writes back as the same bytes. To put one in a file, hand
 * it to wf_file_write (replaced whole or not at all). O(corners + links);
 * allocates nothing. A tiled mesh is saved as the mesh it is; read back,
 * it has no tiles to update. Errors: WF_E_INVALID_ARG (NULL), WF_E_IO (a
 * write or the flush failed).
 */
WF_API wf_status wf_mesh_write(FILE *f, const wf_mesh *m);
/**
 * Reads a mesh file held in @p buf (@p len bytes) into a new mesh (*out,
 * NULL on error; @p alloc may be NULL: malloc), which answers every query
 * (wf_mesh_path, wf_mesh_locate, wf_mesh_nearest, wf_mesh_raycast,
 * wf_mesh_random_point, wf_mesh_polygon, wf_mesh_describe,
 * wf_mesh_get_link) exactly as the mesh that was written, its links with
 * the same ids. A file of version 1 (no links, a whole-number scale) is
 * read too. @p name is used in diagnostics (may be NULL).
 *
 * @p g (may be NULL) is the map the mesh was made from, when the caller
 * has it: the file must then be a grid's mesh of a map of @p g's size
 * whose digest (terrain codes and the cost of each terrain: any edit or
 * other costs count) is @p g's. Without @p g the file alone is trusted to
 * be of the map it names. The filter the mesh was made with is not
 * recorded.
 *
 * Nothing in the file is trusted. A file that is too short, does not start
 * with the magic, has another version, was made for another map, has been
 * cut or extended, or whose contents do not match their checksum is
 * WF_E_PARSE; and so is one whose checksum matches but whose mesh does not
 * hold together: numbers out of range (scale, cost, the unit, a grid's
 * corners off the grid), a corner used by no polygon or two at one point,
 * a polygon of fewer than 3 corners, not convex and counter-clockwise or
 * winding round more than once, an edge shared with a polygon that does
 * not share it back, a link whose cost is not finite and 0 or more, whose
 * direction is not 0 or 1, or whose end is off the mesh (as
 * wf_mesh_add_link refuses). So no file makes a query crash, read outside
 * the mesh or run on without end. (Polygons that overlap without sharing an
 * edge are not sought: a file forged with its checksum recomputed may so
 * give paths across them. The checksum is there to catch accidents, not
 * attacks.) @p diag says what was wrong ("made for another map: ...",
 * "truncated: ...", "corrupted: polygon 12 is not convex and
 * counter-clockwise at its corner 3 (vertex 40)").
 *
 * Errors: WF_E_INVALID_ARG, WF_E_PARSE, WF_E_TOO_BIG, WF_E_NOMEM.
 * O(corners log corners) time; memory a small multiple of the file's
 * length.
 */
WF_API wf_status wf_mesh_parse(const void *buf, size_t len, const char *name,
                               const wf_grid *g, const wf_allocator *alloc,
                               wf_mesh **out, wf_diag *diag);
/** wf_file_read (at most WF_MESH_FILE_MAX bytes, and no more than the
 *  header's counts give: an endless stream costs the header) +
 *  wf_mesh_parse; adds WF_E_IO. */
WF_API wf_status wf_mesh_read(const char *path, const wf_grid *g,
                              const wf_allocator *alloc, wf_mesh **out,
                              wf_diag *diag);

/* ---- JSON output ------------------------------------------------------- */

/**
 * Writes a query result as one JSON object: {"status", "cost", "length",
 * "expanded", "generated", "heap_ops", "path": [[x,y],...]}. Costs are
 * written with 17 significant digits. Errors: WF_E_INVALID_ARG, WF_E_IO.
 */
WF_API wf_status wf_json_write_path(FILE *f, wf_status status, const wf_path *p);

/**
 * Writes an any-angle result as one JSON object: {"status", "cost",
 * "length" (the Euclidean length in cells), "expanded", "generated",
 * "heap_ops", "polyline": [[x,y],...]} with points in cell units (a
 * cell's centre is x + 0.5, y + 0.5; polyline.h). Numbers as in
 * wf_json_write_path. Errors: WF_E_INVALID_ARG, WF_E_IO.
 */
WF_API wf_status wf_json_write_polyline(FILE *f, wf_status status,
                                        const wf_polyline *p);

/**
 * Writes a grid path and its smoothed polyline @p s (wf_path_smooth) as
 * one object: wf_json_write_path's fields for @p p, then "smoothed":
 * {"cost", "length", "polyline": [[x,y],...]}. Errors: WF_E_INVALID_ARG,
 * WF_E_IO.
 */
WF_API wf_status wf_json_write_smoothed(FILE *f, wf_status status,
                                        const wf_path *p,
                                        const wf_polyline *s);

/* ---- Outlines (meshes from polygons) ---------------------------------- */

/** An outlines file: its outlines, ready for wf_mesh_from_outlines with
 *  opts. Initialise with {0}; release with wf_outlines_free. */
typedef struct wf_outlines {
    wf_outline *outlines;  /**< in file order; each named "line N" or
                                "'NAME' (line N)" for messages */
    size_t count;
    wf_mesh_opts opts;     /**< the file's scale and cost (0: not given) */
    wf_vec2 *points;       /**< every outline's points (storage) */
    size_t point_count;
    char *names_buf;       /**< the names (storage) */
    size_t names_size;
    wf_allocator alloc;
} wf_outlines;

/**
 * Parses an outlines file (docs/formats.md, "Outlines"): a first line
 * "wayfind-outlines 1"; optional lines "scale S" and "cost C" before the
 * first outline; then outlines, each "walkable [NAME]" or "obstacle
 * [NAME]", lines of points "X Y" (one or more pairs a line), and "end".
 * Blank lines and lines starting with '#' are ignored; LF or CRLF.
 * Numbers are decimal (no hex, inf or nan). The geometry is checked
 * later, by wf_mesh_from_outlines, whose messages name outlines by
 * their lines.
 *
 * Errors: WF_E_INVALID_ARG (NULL), WF_E_PARSE (a missing header or
 * version, an unknown word, an outline not closed by 'end', fewer than 3
 * points, a number missing or malformed, a setting twice or after an
 * outline, no outline), WF_E_RANGE (a number too large to be finite, a
 * scale or cost not above 0), WF_E_NOMEM; @p diag says where.
 */
WF_API wf_status wf_outlines_parse(const char *buf, size_t len,
                                   const char *name,
                                   const wf_allocator *alloc,
                                   wf_outlines *out, wf_diag *diag);
/** wf_file_read (at most WF_OUTLINES_FILE_MAX bytes) + wf_outlines_parse;
 *  adds WF_E_IO and WF_E_TOO_BIG. */
WF_API wf_status wf_outlines_read(const char *path, const wf_allocator *alloc,
                                  wf_outlines *out, wf_diag *diag);
/** Frees what @p o holds and leaves it empty; NULL is a no-op. */
WF_API void wf_outlines_free(wf_outlines *o);
/** Writes @p n outlines (without names) and the settings of @p opts (may
 *  be NULL) as an outlines file that wf_outlines_parse reads back exactly
 *  (17 significant digits). Errors: WF_E_INVALID_ARG (NULL, a point not
 *  finite), WF_E_IO. */
WF_API wf_status wf_outlines_write(FILE *f, const wf_outline *o, size_t n,
                                   const wf_mesh_opts *opts);


/* ---- Tiled maps (.tmj) ------------------------------------------------- */

/*
 * Maps of the Tiled editor saved as JSON (.tmj, .json; docs/formats.md,
 * "Tiled maps", has every rule), read through cJSON: objects become
 * outlines for wf_mesh_from_outlines, tile layers a grid for
 * wf_mesh_from_grid and the grid searches. World units are tiles: a
 * point's pixel x is divided by the map's tilewidth and its y by its
 * tileheight, and y points down as in Tiled, so cell (x, y) of the grid
 * is [x, x + 1] × [y, y + 1] and the objects drawn over it agree with it.
 *
 * What a thing is for the mesh (its role) is "walkable", "obstacle" or
 * "link", given by its class (Tiled 1.9+ "class", or "type") or by a bool
 * custom property "walkable" (true: walkable, false: obstacle). An object
 * without a role of its own takes its layer's, then that of the group
 * layers around it; a tile takes its tileset's, then its tile layer's and
 * groups'. Without a role an object or tile is not navigation data.
 *  - Rectangles, polygons and ellipses (rotated about their position as
 *    Tiled rotates them) become walkable or obstacle outlines; an ellipse
 *    becomes a polygon of WF_TILED_ELLIPSE_POINTS corners (or
 *    opts->ellipse_points) that contains it when it is an obstacle and
 *    lies inside it when it is walkable: off by at most 0.5 % of its
 *    larger radius with 32 corners.
 *  - A polyline with the role "link" becomes a wf_tiled_link.
 *  - When no object is walkable the map's rectangle is walkable ground.
 *  - A cell is blocked when the topmost tile layer whose tile there has
 *    a role says "obstacle"; free otherwise.
 * What is refused, each with a message naming the map, layer, object or
 * tileset: orientations other than orthogonal, infinite maps, compressed
 * tile data, external tilesets other than JSON ones beside the map
 * (wf_tiled_read only), and any object with a role that cannot have it
 * (a point or text of its own, a polyline that is not a link, a
 * rectangle, polygon or ellipse that is, a tile object, a template
 * instance).
 *
 * cJSON allocates the parsed document with malloc (its allocator is one
 * for the whole process, so wayfind leaves it alone); what the result
 * holds comes from @p alloc. cJSON records its last syntax error in a
 * variable of its own: two threads reading malformed maps at once both
 * write it (wayfind never reads it).
 */

/** The largest Tiled map read: 64 MiB. cJSON holds a document in up to
 *  about 32 bytes a byte of text (an array of one-digit tiles). */
#define WF_TILED_FILE_MAX ((size_t)64 << 20)
/** Corners of an ellipse's polygon by default. */
#define WF_TILED_ELLIPSE_POINTS 32

/** How wf_tiled_parse reads a map; all zero is the default. */
typedef struct wf_tiled_opts {
    /** Corners of the polygon standing for an ellipse: 0 (the default,
     *  WF_TILED_ELLIPSE_POINTS) or 8 to 1024. */
    int ellipse_points;
} wf_tiled_opts;

/** The default options (all zero). */
WF_API wf_tiled_opts wf_tiled_opts_default(void);

/** An off-mesh link drawn as a polyline of class "link": from its first
 *  point to its last (the points between are not read). */
typedef struct wf_tiled_link {
    wf_vec2 a;          /**< the first point, world units */
    wf_vec2 b;          /**< the last point */
    double cost;        /**< its "cost" property (> 0); 0 when not given */
    int two_way;        /**< 0 when its "two_way" property is false, else 1 */
    const char *name;   /**< "object 9 'ladder' (layer 'links')" */
} wf_tiled_link;

/** A Tiled map read for navigation. Initialise with {0}; release with
 *  wf_tiled_free. */
typedef struct wf_tiled {
    /** The objects that are walkable ground or obstacles, in the order of
     *  the file (layers from the bottom up), each named "object ID 'NAME'
     *  (layer 'LAYER')" for wf_mesh_from_outlines' messages; first, named
     *  "the map's bounds", the map's rectangle when no object is walkable.
     *  opts is zero (the mesh's defaults). */
    wf_outlines outlines;
    int bounds;               /**< 1 when outlines[0] is the map's bounds */
    wf_tiled_link *links;     /**< in the order of the file */
    size_t link_count;
    /** The tile layers' cells: terrain 0 (cost 1) where free,
     *  WF_TERRAIN_WALL (blocked) where a tile is an obstacle; NULL when
     *  the map has no tile layer. Owned: wf_tiled_free destroys it (set it
     *  to NULL to keep it). */
    wf_grid *grid;
    int width, height;            /**< the map in tiles */
    int tile_width, tile_height;  /**< a tile in pixels */
    wf_allocator alloc;
} wf_tiled;

/** 1 when this build reads Tiled maps, 0 when it was built without cJSON
 *  (CMake option WF_WITH_TILED=OFF): the functions below then exist but
 *  return WF_E_UNSUPPORTED (diag: "built without Tiled support"). */
WF_API int wf_tiled_supported(void);

/**
 * Parses the Tiled map in @p buf (@p len bytes, need not be
 * NUL-terminated; @p name names it in @p diag, may be NULL) with @p opts
 * (NULL: defaults) into @p out, its arrays allocated with @p alloc (NULL:
 * malloc). Tilesets must be embedded in the map: an external one is
 * refused, naming its file (wf_tiled_read reads JSON ones). The geometry
 * is checked later, by wf_mesh_from_outlines, whose messages name the
 * objects. On error @p out is left empty.
 *
 * Errors: WF_E_INVALID_ARG (NULL, bad opts), WF_E_PARSE (not JSON, with
 * line and column; not a Tiled map; a field missing or of the wrong type;
 * tile data of the wrong length), WF_E_RANGE (a number out of range or
 * not finite), WF_E_UNSUPPORTED (what is listed above as refused),
 * WF_E_TOO_BIG (over the grid limits of grid.h), WF_E_NOMEM; @p diag
 * says which and where. O(len + tile layers × cells × log(tiles with a
 * role)).
 */
WF_API wf_status wf_tiled_parse(const char *buf, size_t len, const char *name,
                                const wf_tiled_opts *opts,
                                const wf_allocator *alloc, wf_tiled *out,
                                wf_diag *diag);
/**
 * wf_file_read (at most WF_TILED_FILE_MAX bytes) + wf_tiled_parse, also
 * reading each external tileset saved as JSON (a "source" ending in
 * ".tsj" or ".json") from the map's folder: its path must be relative and
 * without "..", so a map reads nothing outside its folder; each such file
 * is limited like the map. A ".tsx" (XML) tileset is refused: export it
 * as JSON or embed it. Adds WF_E_IO and WF_E_TOO_BIG.
 */
WF_API wf_status wf_tiled_read(const char *path, const wf_tiled_opts *opts,
                               const wf_allocator *alloc, wf_tiled *out,
                               wf_diag *diag);
/** Frees what @p t holds (its grid too) and leaves it empty; NULL is a
 *  no-op. */
WF_API void wf_tiled_free(wf_tiled *t);

#ifdef __cplusplus
}
#endif

#endif
