/*
 * wayfind render: pictures of grids and paths. Reads core types only.
 */
#ifndef WAYFIND_RENDER_H
#define WAYFIND_RENDER_H

#include <stdio.h>

#include "core.h"

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
} wf_ascii_opts;

/**
 * Prints @p g one row per line. A cell whose terrain code is a printable
 * character other than a space shows that character (Moving AI and ASCII
 * maps look as in their files); other codes show '.' when passable and '#'
 * when blocked. Path cells show '*', then start 'S' and goal 'G' on top.
 * @p opts may be NULL. Errors: WF_E_INVALID_ARG, WF_E_IO.
 */
wf_status wf_render_ascii(FILE *f, const wf_grid *g, const wf_ascii_opts *opts);

#ifdef __cplusplus
}
#endif

#endif
