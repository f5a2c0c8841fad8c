/*
 * wayfind render: pictures of grids, graphs and navigation meshes, with
 * paths over them. Reads core types only.
 *
 * ASCII pictures go to any FILE. PNG pictures (through libpng, the only
 * library this layer links) show the terrain, an explored-set overlay, a
 * heat map of a per-cell field with an optional colour bar, paths and
 * start/goal markers. The PNG writer works row by row: besides libpng's own
 * state it holds two image rows and the path and marker lists, never the
 * whole image, so maps up to WF_GRID_MAX_CELLS cells can be drawn.
 */
#ifndef WAYFIND_RENDER_H
#define WAYFIND_RENDER_H

#include <stdint.h>
#include <stdio.h>

#include "core.h"
#include "export.h"
#include "mesh.h"
#include "polyline.h"
#include "plan.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What to draw over the map in wf_render_ascii. */
typedef struct wf_ascii_opts {
    const wf_path *path;   /**< drawn with '*' (may be NULL) */
    int has_start;         /**< draw 'S' at start */
    wf_point start;
    int has_goal;          /**< draw 'G' at goal */
    wf_point goal;
    int border;            /**< frame the map with '+', '-' and '|' */
    const wf_path *paths;  /**< more paths, also '*' (NULL: none) */
    size_t path_count;
    const wf_point *marks; /**< points labelled 'A', 'B', ... 'Z', 'A', ... */
    size_t mark_count;
    const uint8_t *cells;  /**< per cell (row-major) a WF_CELL_* state
                                (core.h, wf_search_cell_states): explored
                                cells show 'o', frontier '+' */
    int color;             /**< ANSI 24-bit colours for terminals: terrain
                                in its PNG colour (wf_render_terrain_color),
                                paths and marks in theirs */
    /** Polylines (polyline.h; NULL: none): each cell a segment passes
     *  through is drawn 'x' (a stretch along an edge marks the cheaper of
     *  the two cells beside it), over the paths, in the colour
     *  wf_render_path_color(number of paths + index). Points must be
     *  multiples of 0.5 on the grid; segments that are not are skipped. */
    const wf_polyline *polylines;
    size_t polyline_count;
} wf_ascii_opts;

/** Nothing drawn over the map, no border, no colour (a zeroed struct). */
WF_API wf_ascii_opts wf_ascii_opts_default(void);

/**
 * Prints @p g one row per line, each cell by what its terrain is, never by
 * the raw code (a CSV map's codes are legend indices): blocked cells show
 * '#', or '@', 'O' or 'T' when that is their terrain code (the Moving AI
 * walls); passable cells show the digit of a whole cost from 2 to 9 and '.'
 * for any other cost. On top, in this order: explored/frontier cells, the paths
 * ('*'; wf_ascii_opts.paths in order, then .path), the marks, start 'S'
 * and goal 'G'. Points off the grid are ignored. @p opts may be NULL.
 * Memory: a row buffer and a sorted copy of the overlay points.
 * Errors: WF_E_INVALID_ARG, WF_E_NOMEM, WF_E_IO.
 */
WF_API wf_status wf_render_ascii(FILE *f, const wf_grid *g, const wf_ascii_opts *opts);

/** What to draw in wf_render_field_ascii; a zeroed struct (or
 *  wf_field_ascii_opts_default()) is the defaults. */
typedef struct wf_field_ascii_opts {
    /** Paths drawn over the field: the first with '*', the second with '+',
     *  any later ones with 'x'; on a shared cell the later path shows
     *  (NULL: none). Points off the grid are ignored. */
    const wf_path *paths;
    size_t path_count;
    /** The scale: values from field_min to field_max map to '0'..'9',
     *  values outside are clamped. When min >= max (the default 0, 0) or
     *  either is not finite, the range of the finite values on passable
     *  cells is used. */
    double field_min, field_max;
} wf_field_ascii_opts;

/** The default wf_field_ascii_opts: no paths, automatic scale. */
WF_API wf_field_ascii_opts wf_field_ascii_opts_default(void);

/**
 * Prints the per-cell @p field (row-major, W*H floats; a Dijkstra map, an
 * influence layer) over @p g one row per line: a blocked cell '#', a
 * passable cell whose value is not finite (unreachable) ' ', any other
 * passable cell the digit of its value on the scale, '0' at the low end to
 * '9' at the high end (ten equal bands; a scale of a single value gives
 * '0'); then the paths on top. @p opts may be NULL (the defaults).
 * Memory: a row buffer and a sorted copy of the path points. O(W*H + P log P)
 * for P path points.
 * Errors: WF_E_INVALID_ARG (@p f, @p g or @p field NULL, or path_count
 * without paths), WF_E_NOMEM, WF_E_IO (a write or the final flush failed).
 */
WF_API wf_status wf_render_field_ascii(FILE *f, const wf_grid *g,
                                       const float *field,
                                       const wf_field_ascii_opts *opts);

/* ------------------------------------------------------------------------ */
/* Colours                                                                  */
/* ------------------------------------------------------------------------ */

/** An RGB colour, 8 bits per channel (sRGB). */
typedef struct wf_rgb {
    uint8_t r, g, b;
} wf_rgb;

/**
 * Default colour of terrain code @p t on @p g. Terrain codes are usually
 * characters (Moving AI maps, ASCII maps, the generators):
 *  - '.' ground/land: pale sand; 'G' ground: light green;
 *  - 'W' deep water: deep blue; 'S' swamp/shallow water: light blue;
 *  - 'T' trees/forest: dark green;
 *  - '@', 'O', '#' walls: dark greys close to black;
 *  - digits '1'..'9' terrain costs: light brown ('1') to dark brown ('9').
 * Any other code is light grey when passable on @p g and near-black when
 * blocked; @p g NULL counts every such code as passable. O(1).
 */
WF_API wf_rgb wf_render_terrain_color(const wf_grid *g, uint8_t t);

/**
 * The heat-map colour ramp at @p t in [0, 1] (clamped; NaN gives the low
 * end): a viridis-like ramp, dark purple (0) through blue and green to
 * yellow (1), interpolated linearly between five control points.
 */
WF_API wf_rgb wf_render_ramp_color(double t);

/**
 * Colour of the path at index @p i in wf_png_opts.paths: red-orange for the
 * first, then blue, magenta, cyan, yellow, purple, white, black, repeating.
 */
WF_API wf_rgb wf_render_path_color(size_t i);

/**
 * Fill colour of the marker at index @p i in wf_png_opts.marks: cyan for
 * the first (the start, by convention), magenta for the second (the goal),
 * then white and yellow, repeating. Markers are outlined in black.
 */
WF_API wf_rgb wf_render_mark_color(size_t i);

/* ------------------------------------------------------------------------ */
/* PNG                                                                      */
/* ------------------------------------------------------------------------ */


/** Largest wf_png_opts.scale. */
#define WF_PNG_MAX_SCALE 64
/** Height in pixels of the colour bar added under the map (see legend). */
#define WF_PNG_LEGEND_HEIGHT 32
/** Largest image: pixel count and side, as for grids. */
#define WF_PNG_MAX_PIXELS ((size_t)1 << 28)
#define WF_PNG_MAX_SIDE (1 << 20)

/**
 * What to draw in wf_render_png; start from wf_png_opts_default(). The
 * picture is layered bottom to top: terrain, explored/frontier tint, heat
 * map, paths, markers. Arrays are read only during the call.
 */
typedef struct wf_png_opts {
    /** Pixels per cell side, 1..WF_PNG_MAX_SCALE; 0 (default): automatic,
     *  about 1024 px on the long side (1024 / max(W, H), at least 1). */
    int scale;
    /** Paths drawn over the map, each in wf_render_path_color(index), the
     *  first on top (NULL: none). Consecutive points are joined by a thick
     *  line; with scale >= 3 it is inset by max(1, scale / 4) pixels on each
     *  side so the terrain shows round it, below that it fills the cells.
     *  Points need not lie on the grid (the picture clips them). */
    const wf_path *paths;
    size_t path_count;
    /** Start/goal style markers: a square of max(scale, 11) pixels centred on
     *  the cell, filled with wf_render_mark_color(index), outlined in black
     *  (NULL: none). */
    const wf_point *marks;
    size_t mark_count;
    /** Per cell (row-major, W*H) WF_CELL_* state: explored cells get a violet
     *  tint, frontier cells an amber one; other values are ignored (NULL:
     *  none). */
    const uint8_t *cells;
    /** Per cell (row-major, W*H) value drawn as a heat map over passable
     *  cells: wf_render_ramp_color of the value scaled to [min, max],
     *  blended at 3/4 opacity over the terrain (NULL: none). Non-finite
     *  values are not drawn. */
    const float *field;
    /** Colour scale of the field; values outside are clamped. When min >= max
     *  (the default 0, 0) or either is not finite, the range of the finite
     *  values on passable cells is used; when that range is a single value
     *  every value takes the low end. */
    double field_min, field_max;
    /** Non-zero with a field: adds WF_PNG_LEGEND_HEIGHT rows under the map
     *  holding the colour bar with its min and max values (ignored without
     *  a field). Default 0. */
    int legend;
    /** 256 colours, terrain code → colour (NULL: wf_render_terrain_color). */
    const wf_rgb *palette;
    /** Polylines (polyline.h) drawn as the paths are, straight lines
     *  between their points in cell units (a cell's centre is
     *  x + 0.5, y + 0.5), over the paths, polyline i in
     *  wf_render_path_color(path_count + i) (NULL: none). */
    const wf_polyline *polylines;
    size_t polyline_count;
} wf_png_opts;

/** Options drawing the terrain only, at the automatic scale. */
WF_API wf_png_opts wf_png_opts_default(void);

/**
 * 1 when this build of the library writes PNG pictures, 0 when it was built
 * without libpng (CMake option WF_WITH_PNG=OFF). Without PNG support the
 * functions below still exist, so programs link against either build, but
 * they write nothing and return WF_E_UNSUPPORTED (diag: "built without PNG
 * support"), after the argument checks that need no libpng.
 */
WF_API int wf_render_png_supported(void);

/**
 * Writes @p g as an 8-bit RGB PNG to the file @p path through
 * wf_file_write (io.h): the file is replaced whole or not at all, so a
 * failure leaves what was there (or nothing) untouched; options are
 * checked before anything is created (a polyline_count without
 * polylines, or one with points NULL, is WF_E_INVALID_ARG). The image is W·scale wide and
 * H·scale high, plus WF_PNG_LEGEND_HEIGHT with a legend. @p opts may be NULL
 * (defaults); @p diag may be NULL.
 *
 * Errors: WF_E_INVALID_ARG (path or g NULL, scale outside 0..64, a count
 * without its array, a path with points NULL; diag says which),
 * WF_E_TOO_BIG (image over WF_PNG_MAX_PIXELS pixels or a side over
 * WF_PNG_MAX_SIDE), WF_E_IO (cannot create, write or replace the file; diag
 * names it and says why), WF_E_NOMEM. Temporary memory, libpng's included, comes from the
 * grid's allocator.
 *
 * O(image pixels + P log P + M log M) for P path points and M markers.
 */
WF_API wf_status wf_render_png(const char *path, const wf_grid *g,
                        const wf_png_opts *opts, wf_diag *diag);

/**
 * As wf_render_png, to the open stream @p f (written from its current
 * position and flushed, not closed). On WF_E_IO diag has an empty file
 * name.
 */
WF_API wf_status wf_render_png_file(FILE *f, const wf_grid *g,
                             const wf_png_opts *opts, wf_diag *diag);

/* ------------------------------------------------------------------------ */
/* SVG pictures of grids                                                    */
/* ------------------------------------------------------------------------ */

/** Largest wf_grid_svg_opts.cell, in pixels. */
#define WF_SVG_MAX_CELL 64.0

/**
 * What wf_render_grid_svg draws; start from wf_grid_svg_opts_default().
 * Layered as the PNG: terrain (explored/frontier tinted), paths,
 * polylines, markers, in the same colours. Arrays are read only during
 * the call.
 */
typedef struct wf_grid_svg_opts {
    /** Pixels per cell side in the picture's width and height, above 0 and
     *  at most WF_SVG_MAX_CELL, fractions allowed; 0 (default): automatic,
     *  about 800 px on the long side (at least 1 px a cell). The drawing
     *  itself is in cell units (viewBox 0 0 W H), so it scales freely. */
    double cell;
    /** Paths: lines through their cells' centres, path i in
     *  wf_render_path_color(i), the first on top (NULL: none). */
    const wf_path *paths;
    size_t path_count;
    /** Polylines (polyline.h) over the paths, polyline i in
     *  wf_render_path_color(path_count + i) (NULL: none). */
    const wf_polyline *polylines;
    size_t polyline_count;
    /** Markers: a square on each cell in wf_render_mark_color(index),
     *  outlined in black (NULL: none). */
    const wf_point *marks;
    size_t mark_count;
    /** Per cell (row-major, W*H) WF_CELL_* state, tinted as in the PNG
     *  (NULL: none). */
    const uint8_t *cells;
    /** 256 colours, terrain code → colour (NULL: wf_render_terrain_color). */
    const wf_rgb *palette;
    /** A team's plan (plan.h), animated: agent i a square of side
     *  team_size in wf_render_path_color(i) moving along its timed path
     *  (SMIL, looping), its goal outlined in the same colour (NULL: none).
     *  Paths must lie on the grid. */
    const wf_team_plan *team;
    /** The team's agents, for their goals (NULL: no goals drawn; else
     *  team->agents of them). */
    const wf_agent *agents;
    int team_size;        /**< agent side in cells; 0 means 1 */
    double step_seconds;  /**< seconds a step takes; 0 means 0.25 */
    /** A navigation mesh of the grid (mesh.h), drawn over the terrain
     *  under the paths: the edges its polygons share as thin lines, its
     *  boundary thicker (NULL: none). */
    const struct wf_mesh *mesh;
} wf_grid_svg_opts;

/** Terrain only, at the automatic size. */
WF_API wf_grid_svg_opts wf_grid_svg_opts_default(void);

/**
 * Writes @p g as an SVG picture to @p f (from its current position, then
 * flushed, not closed): the terrain as one rectangle per run of cells of
 * one colour along a row over a background of the commonest colour (so
 * the file grows with the map's detail, not its area), lines for paths
 * and polylines (round joins, at least 2 px wide), markers. Viewable in
 * any browser. Options are checked before anything is written. @p opts
 * may be NULL; @p diag may be NULL.
 *
 * With a team, each agent is animated along its timed path: the picture
 * plays the whole plan in makespan × step_seconds and starts again.
 *
 * Errors: WF_E_INVALID_ARG (f or g NULL, cell outside 0..WF_SVG_MAX_CELL or
 * not finite, a count without its array, a path or polyline with points
 * NULL, a team whose cells leave the grid, team_size outside 1..64 or
 * step_seconds not finite and >= 0; diag says which), WF_E_IO (a write
 * failed). O(cells + points + team cells × agents' makespan).
 */
WF_API wf_status wf_render_grid_svg(FILE *f, const wf_grid *g,
                                    const wf_grid_svg_opts *opts,
                                    wf_diag *diag);

/* ------------------------------------------------------------------------ */
/* SVG pictures of graphs                                                   */
/* ------------------------------------------------------------------------ */

/** What wf_render_graph_svg draws. */
typedef struct wf_graph_svg_opts {
    const wf_node_path *path;  /**< highlighted (NULL: none) */
    const char *const *labels; /**< a label per node (NULL: none) */
    double size;               /**< longer side of the picture in pixels;
                                    0: 800 */
} wf_graph_svg_opts;

/** No path, no labels, 800 pixels (a zeroed struct). */
WF_API wf_graph_svg_opts wf_graph_svg_opts_default(void);

/**
 * Writes a 2-D picture of @p g as SVG: nodes as dots at their positions
 * (x to the right, y down, scaled to fit), two-way edges as lines, one-way
 * arcs as arrows, the path in colour over them, labels beside the nodes.
 * A 3-D graph is drawn from above (z ignored). @p opts may be NULL.
 * Errors: WF_E_INVALID_ARG (NULL, or a graph without positions), WF_E_IO.
 */
WF_API wf_status wf_render_graph_svg(FILE *f, const wf_graph *g,
                                     const wf_graph_svg_opts *opts);

/* ------------------------------------------------------------------------ */
/* Pictures of navigation meshes (SVG and PNG)                              */
/* ------------------------------------------------------------------------ */

/** wf_mesh_svg_opts.size: the default, the smallest and the largest. */
#define WF_MESH_PICTURE_SIZE 800
#define WF_MESH_PICTURE_MIN_SIZE 32
#define WF_MESH_PICTURE_MAX_SIZE 4096

/**
 * What a picture of a mesh shows, as SVG (wf_render_mesh_svg) or PNG
 * (wf_render_mesh_png): start from wf_mesh_svg_opts_default(); a zeroed
 * struct is the defaults. Arrays are read only during the call.
 *
 * The picture is the mesh's bounding box, scaled so that its longer side
 * spans size − 2 × margin pixels, margin = size / 40 rounded down (at
 * least 4), drawn margin pixels in from the left and the top: a world
 * point (x, y) is the pixel point (margin + (x − minx) × k, margin +
 * (y − miny) × k) with y down, (..., margin + (maxy − y) × k) with y up,
 * where pixel (i, j) covers [i, i + 1] × [j, j + 1]. Lines are as wide
 * as at 800 pixels times size / 800. Bottom to top:
 *  - outside the mesh (blocked), wf_render_terrain_color(NULL, '@');
 *  - each polygon filled with ground, wf_render_terrain_color(NULL, '.');
 *  - the corridor's polygons tinted blue;
 *  - edges two polygons share, thin and blue, each once; the boundary
 *    (edges with no polygon across, wf_mesh_polygon), thick and dark;
 *  - the mesh's links, each a dashed purple arc from a to b with an
 *    arrowhead at b, and one at a too when it is two-way;
 *  - the polylines, polyline i in wf_render_path_color(i), the first on
 *    top;
 *  - the marks, discs in wf_render_mark_color(index) ringed in black.
 */
typedef struct wf_mesh_svg_opts {
    /** The picture's longer side in pixels, margins included, from
     *  WF_MESH_PICTURE_MIN_SIZE to WF_MESH_PICTURE_MAX_SIZE; 0: 800. */
    int size;
    /** 0 (default): y grows downwards, as on a screen, as a grid's cell
     *  units and Tiled's world units do; non-zero: y grows upwards (a
     *  world drawn with its largest y at the top). */
    int y_up;
    /** Paths (wf_mesh_path) or any polylines in world units (NULL:
     *  none). */
    const wf_polyline *polylines;
    size_t polyline_count;
    /** Polygons to tint: indices from 0 to the mesh's polygons − 1, as
     *  wf_mesh_corridor gives a path's and wf_mesh_locate a point's
     *  (NULL: none). */
    const long *corridor;
    size_t corridor_count;
    /** Points to mark (a start, a goal) in world units (NULL: none). */
    const wf_vec2 *marks;
    size_t mark_count;
    /** Non-zero: the mesh's links are not drawn (default 0: drawn). */
    int hide_links;
    /** Temporary memory (a polygon's corners; for a PNG the image and
     *  libpng's state); NULL: malloc. */
    const wf_allocator *alloc;
} wf_mesh_svg_opts;

/** The defaults: 800 pixels, y down, links drawn, nothing over the mesh
 *  (a zeroed struct). */
WF_API wf_mesh_svg_opts wf_mesh_svg_opts_default(void);

/**
 * Writes a picture of @p m (wf_mesh_svg_opts) as SVG to @p f, from its
 * current position, then flushed, not closed: in pixels (viewBox 0 0 W
 * H), numbers with at most two decimals, viewable in any browser. Each
 * layer is one element or group with a class: "polygons" (a <polygon>
 * each), "corridor", "edges" and "boundary" (a <path> each, one move per
 * edge), "links" (a <path> and one or two <polygon> arrowheads each),
 * "polyline" (a <polyline> each), "mark" (a <circle> each). The options are
 * checked, and the picture measured, before anything is written. @p opts
 * and @p diag may be NULL.
 *
 * Errors: WF_E_INVALID_ARG (f or m NULL, a size outside 32..4096 other
 * than 0, a count without its array, a polyline with points NULL, a point
 * that is not finite or lies too far out to draw (beyond a billion pixels),
 * a corridor polygon the mesh does not have; diag says which), WF_E_NOMEM,
 * WF_E_IO (a write failed). O(corners + links + points).
 */
WF_API wf_status wf_render_mesh_svg(FILE *f, const wf_mesh *m,
                                    const wf_mesh_svg_opts *opts,
                                    wf_diag *diag);

/**
 * Writes the picture of @p m (wf_mesh_svg_opts) as an 8-bit RGB PNG into
 * the file @p path through wf_file_write (replaced whole or not at all):
 * each polygon filled by scanlines (a pixel is inside when its centre
 * is), lines drawn with a square brush, no anti-aliasing. The options are
 * checked before any file is created. Memory: the whole image (3 bytes a
 * pixel, at most 48 MiB) and libpng's state, from opts->alloc. @p opts
 * and @p diag may be NULL.
 *
 * Errors: as wf_render_mesh_svg, with path NULL or "" for f NULL;
 * WF_E_IO (cannot create, write or replace the file; diag names it and
 * says why); WF_E_UNSUPPORTED (built without libpng,
 * wf_render_png_supported; after the checks of the options).
 * O(pixels + corners + links + points).
 */
WF_API wf_status wf_render_mesh_png(const char *path, const wf_mesh *m,
                                    const wf_mesh_svg_opts *opts,
                                    wf_diag *diag);

/** As wf_render_mesh_png, to the open stream @p f (written from its
 *  current position and flushed, not closed). On WF_E_IO diag has an empty
 *  file name. */
WF_API wf_status wf_render_mesh_png_file(FILE *f, const wf_mesh *m,
                                         const wf_mesh_svg_opts *opts,
                                         wf_diag *diag);

#ifdef __cplusplus
}
#endif

#endif
