/* Pieces of the commands' --format json output: strings, numbers, points
 * and a map's text rows, written to stdout. */
#ifndef WF_CLI_JSON_OUT_H
#define WF_CLI_JSON_OUT_H

#include <stdio.h>

#include <wayfind/wayfind.h>

/* A JSON string of s (escaped), or null for NULL. */
void cli_json_str(const char *s);
/* A number in the fewest digits (15 to 17) that read back exactly, or
 * null when not finite. */
void cli_json_num(double v);
/* wf_json_write_path's object for (status, p), without its newline, so
 * that it can sit inside another object. Returns 0, or -1. */
int cli_json_path(wf_status status, const wf_path *p);
/* [x,y], or null for NULL. */
void cli_json_point(const wf_point *p);
/* "key": [[x,y], ...] for n points, after a comma when more is true. */
void cli_json_points(const char *key, const wf_point *pts, size_t n);
/* "rows": the lines fn writes to a stream (those after the line equal to
 * `after`, when not NULL) as an array of strings. Returns 0, or -1 when
 * out of memory or fn fails. */
int cli_json_rows_of(wf_status (*fn)(void *ud, FILE *f), void *ud,
                     const char *after);
/* "rows": the lines of wf_render_ascii(g, o). */
int cli_json_rows(const wf_grid *g, const wf_ascii_opts *o);

#endif
