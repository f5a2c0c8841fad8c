/* What 'wayfind mesh' builds a mesh from: an outlines file, a Tiled map
 * (its objects, or its tile layers when it has no walkable or obstacle
 * object, and its links either way), or any grid map the program reads. */
#include <string.h>

#include "cli.h"

/* Does path end in suffix? */
static int ends_with(const char *path, const char *suffix) {
    const size_t n = strlen(path), k = strlen(suffix);
    return n >= k && strcmp(path + n - k, suffix) == 0;
}

/* Does the file start with the outlines magic (after blanks, comments
 * and a byte order mark)? */
static int is_outlines(const char *path) {
    if (ends_with(path, ".outlines"))
        return 1;
    FILE *f = fopen(path, "rb");
    char buf[256];
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = 0;
    const char *p = buf;
    while (*p == '#' || *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' ||
           (unsigned char)*p >= 0x80) {
        if (*p == '#')
            while (*p && *p != '\n')
                p++;
        else
            p++;
    }
    return strncmp(p, "wayfind-outlines", 16) == 0;
}

/* The mesh of outlines o with opts (radius and tile side, in world
 * units, from in); 0 or an exit code. */
static int from_outlines(const char *cmd, const cli_mesh_input *in,
                         const wf_outlines *o, wf_mesh **m) {
    wf_mesh_opts opts = o->opts;
    opts.radius = in->radius;
    opts.tile = (unsigned)in->tile;
    wf_diag d = {0};
    const wf_status st = wf_mesh_from_outlines(o->outlines, o->count, &opts,
                                               NULL, m, &d);
    if (st == WF_OK)
        return 0;
    cli_error(cmd, "%s: %s", in->path, d.message);
    return cli_exit_code(st);
}

/* A Tiled map's mesh, with its links. */
static int from_tiled(const char *cmd, const cli_mesh_input *in,
                      wf_mesh **m, wf_grid **g) {
    if (!wf_tiled_supported()) {
        cli_error(cmd, "%s: this wayfind was built without Tiled support "
                       "(libcjson)",
                  in->path);
        return CLI_EXIT_USAGE;
    }
    wf_tiled t = {0};
    wf_diag d = {0};
    wf_status st = wf_tiled_read(in->path, NULL, NULL, &t, &d);
    if (st != WF_OK)
        return cli_fail(st, &d);
    int code;
    if (!t.grid || !t.bounds || t.outlines.count > 1) {
        code = from_outlines(cmd, in, &t.outlines, m); /* its objects */
    } else { /* no object but the map's bounds: its tile layers */
        wf_move mv = {8, WF_CORNERS_ONE_FREE, 1};
        const wf_mesh_opts o = {.tile = (unsigned)in->tile};
        st = wf_mesh_from_grid(t.grid, &mv, NULL, &o, NULL, m, &d);
        code = st == WF_OK ? 0 : (cli_error(cmd, "%s: %s", in->path,
                                            d.message),
                                  cli_exit_code(st));
        *g = t.grid;
        t.grid = NULL;
    }
    for (size_t i = 0; !code && i < t.link_count; i++) {
        const wf_tiled_link *l = &t.links[i];
        const wf_mesh_link k = {l->a, l->b, l->cost, l->two_way};
        if ((st = wf_mesh_add_link(*m, &k, NULL, &d)) != WF_OK) {
            cli_error(cmd, "%s: %s: %s", in->path, l->name, d.message);
            code = cli_exit_code(st);
        }
    }
    wf_tiled_free(&t);
    return code;
}

int cli_mesh_build(const char *cmd, const cli_mesh_input *in, wf_mesh **m,
                   wf_grid **g) {
    *m = NULL;
    *g = NULL;
    const int tiled = ends_with(in->path, ".tmj") || ends_with(in->path, ".json");
    if (tiled || is_outlines(in->path)) {
        if (in->size > 1 || in->costs)
            return cli_usage_error(cmd, "--size and --cost are for grid "
                                        "maps; an outline level takes "
                                        "--radius");
        if (tiled)
            return from_tiled(cmd, in, m, g);
        wf_outlines o = {0};
        wf_diag d = {0};
        const wf_status st = wf_outlines_read(in->path, NULL, &o, &d);
        const int code = st == WF_OK ? from_outlines(cmd, in, &o, m)
                                     : cli_fail(st, &d);
        wf_outlines_free(&o);
        return code;
    }
    if (in->radius > 0)
        return cli_usage_error(cmd, "--radius is for outline levels; a grid "
                                    "map's unit takes --size K");
    return -1; /* a grid map: the caller loads it */
}
