/* wayfind render --mesh: a picture of a navigation mesh saved by 'wayfind
 * mesh --out' (its polygons, boundary and off-mesh links), and of the path
 * between two points with the polygons it crosses (its corridor) when
 * asked for. A MAP given too is checked against the file, as 'path --mesh'
 * checks it. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json_out.h"

/* What is drawn besides the mesh: the path, its corridor and links. */
typedef struct drawn {
    wf_status st;      /* of the path: WF_OK, WF_NO_PATH; or none asked */
    wf_vec2 ends[2];
    wf_polyline line;
    long *corridor;
    size_t ncorridor, cap;
    size_t *links, *at; /* the links it took, and where */
    size_t nlinks;
} drawn;

static void drawn_free(drawn *d) {
    wf_polyline_free(&d->line);
    free(d->corridor);
    free(d->links);
}

/* Appends the corridor of the leg points[from..to] of d's path. */
static wf_status add_leg(const wf_mesh *m, drawn *d, size_t from, size_t to) {
    wf_polyline leg = d->line;
    leg.points += from;
    leg.count = to - from + 1;
    size_t n = 0;
    wf_status st = wf_mesh_corridor(m, &leg, NULL, 0, &n);
    if (st != WF_OK)
        return st;
    if (d->ncorridor + n > d->cap) {
        const size_t cap = 2 * (d->ncorridor + n);
        long *x = realloc(d->corridor, cap * sizeof *x);
        if (!x)
            return WF_E_NOMEM;
        d->corridor = x;
        d->cap = cap;
    }
    st = wf_mesh_corridor(m, &leg, d->corridor + d->ncorridor, n, &n);
    d->ncorridor += n;
    return st;
}

/* The corridor of d's path (found by q): the corridors of its walks on
 * the mesh; a link's line between two of them crosses no polygon. */
static wf_status corridor(const wf_mesh_query *q, const wf_mesh *m,
                          drawn *d) {
    d->nlinks = wf_mesh_path_links(q, NULL, NULL, 0);
    d->links = malloc(2 * d->nlinks * sizeof *d->links + 1);
    if (!d->links)
        return WF_E_NOMEM;
    d->at = d->links + d->nlinks;
    wf_mesh_path_links(q, d->links, d->at, d->nlinks);
    size_t from = 0;
    wf_status st = WF_OK;
    for (size_t i = 0; st == WF_OK && i <= d->nlinks; i++) {
        const size_t to = i < d->nlinks ? d->at[i] : d->line.count - 1;
        st = add_leg(m, d, from, to);
        from = to + 1;
    }
    return st;
}

/* The path from --from to --to on m, and its corridor; 0, or the exit
 * code after saying why. No path is not an error here: d->st says it. */
static int find_path(const char *cmd, const cli_mesh_picture *p,
                     const wf_mesh *m, drawn *d) {
    if (cli_parse_vec(cmd, "from", p->from, &d->ends[0]) ||
        cli_parse_vec(cmd, "to", p->to, &d->ends[1]))
        return CLI_EXIT_USAGE;
    wf_mesh_query *q = NULL;
    wf_status st = wf_mesh_query_create(NULL, &q);
    if (st == WF_OK)
        st = d->st = wf_mesh_path(q, m, d->ends[0], d->ends[1], &d->line);
    if (st == WF_NO_PATH)
        cli_error(cmd, "%s", wf_mesh_query_message(q));
    else if (st == WF_OK)
        st = corridor(q, m, d);
    int code = 0;
    if (st < 0) {
        cli_error(cmd, "%s", q && wf_mesh_query_message(q)[0]
                                 ? wf_mesh_query_message(q)
                                 : wf_strerror(st));
        code = cli_exit_code(st);
    }
    wf_mesh_query_destroy(q);
    return code;
}

/* The picture's options for m and what d holds. */
static wf_mesh_svg_opts picture_opts(const cli_mesh_picture *p,
                                     const drawn *d) {
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
    o.size = (int)p->pixels;
    o.y_up = p->y_up;
    if (p->from) {
        o.marks = d->ends;
        o.mark_count = 2;
    }
    if (d->line.count) {
        o.polylines = &d->line;
        o.polyline_count = 1;
        o.corridor = d->corridor;
        o.corridor_count = d->ncorridor;
    }
    return o;
}

/* The pictures asked for; 0 or the exit code. */
static int draw(const cli_mesh_picture *p, const wf_mesh *m,
                const drawn *d) {
    const wf_mesh_svg_opts o = picture_opts(p, d);
    int code = p->svg ? cli_write_mesh_svg(p->svg, m, &o) : 0;
    if (!code && p->png) {
        wf_diag diag;
        memset(&diag, 0, sizeof diag);
        const wf_status st = wf_render_mesh_png(p->png, m, &o, &diag);
        code = st == WF_OK ? 0 : cli_fail(st, &diag);
    }
    return code;
}

/* "path": the path's status, cost, length, points, links and corridor. */
static void json_path(const drawn *d) {
    printf(",\"path\":{\"status\":\"%s\",\"cost\":",
           d->st == WF_OK ? "ok" : "no_path");
    cli_json_num(d->st == WF_OK ? d->line.cost : 0);
    fputs(",\"length\":", stdout);
    cli_json_num(d->st == WF_OK ? d->line.length : 0);
    fputs(",\"polyline\":[", stdout);
    for (size_t i = 0; i < d->line.count; i++) {
        printf(i ? ",[" : "[");
        cli_json_num(d->line.points[i].x);
        putchar(',');
        cli_json_num(d->line.points[i].y);
        putchar(']');
    }
    fputs("],\"links\":[", stdout);
    for (size_t i = 0; i < d->nlinks; i++)
        printf(i ? ",%zu" : "%zu", d->links[i]);
    fputs("],\"corridor\":[", stdout);
    for (size_t i = 0; i < d->ncorridor; i++)
        printf(i ? ",%ld" : "%ld", d->corridor[i]);
    fputs("]}", stdout);
}

static void report(const cli_mesh_picture *p, const wf_mesh *m,
                   const drawn *d) {
    wf_mesh_info i;
    wf_mesh_describe(m, &i);
    if (p->json) {
        fputs("{\"mesh\":", stdout);
        cli_json_str(p->mesh);
        printf(",\"polygons\":%zu,\"vertices\":%zu,\"links\":%zu,\"png\":",
               i.polygons, i.vertices, i.links);
        cli_json_str(p->png);
        fputs(",\"svg\":", stdout);
        cli_json_str(p->svg);
        if (p->from)
            json_path(d);
        puts("}");
        return;
    }
    const char *files[2] = {p->svg, p->png};
    for (int k = 0; k < 2; k++)
        if (files[k])
            printf("wrote %s (%zu polygons, %zu links)\n", files[k],
                   i.polygons, i.links);
    if (!p->svg && !p->png)
        printf("mesh %s: %zu polygons, %zu corners, %zu links\n", p->mesh,
               i.polygons, i.vertices, i.links);
    if (p->from && d->st == WF_OK)
        printf("path from %g,%g to %g,%g: cost %.6f, length %.6f, %zu "
               "points, %zu links taken, a corridor of %zu polygons\n",
               d->ends[0].x, d->ends[0].y, d->ends[1].x, d->ends[1].y,
               d->line.cost, d->line.length, d->line.count, d->nlinks,
               d->ncorridor);
}

int cli_render_mesh(const char *cmd, const cli_mesh_picture *p) {
    wf_grid *g = NULL;
    int code = p->map ? cli_load_map(p->map, p->legend, &g, NULL) : 0;
    wf_mesh *m = NULL;
    if (!code)
        code = cli_load_mesh(p->mesh, g, &m);
    drawn d;
    memset(&d, 0, sizeof d);
    wf_polyline_init(&d.line, NULL);
    if (!code && p->from)
        code = find_path(cmd, p, m, &d);
    if (!code)
        code = draw(p, m, &d);
    if (!code)
        report(p, m, &d);
    if (!code && p->from && d.st != WF_OK)
        code = CLI_EXIT_NO_PATH;
    drawn_free(&d);
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
    return code;
}
