/* Tiled maps (.tmj): the map's header, the walk over its layers (groups
 * included) that hands object layers to tiled_objects.c and tile layers
 * to tiled_tiles.c, and the public functions (docs/formats.md, "Tiled
 * maps"). The walk runs twice: the first pass checks and counts, the
 * second fills arrays allocated to those counts. */
#include <stdio.h>
#include <string.h>

#include "file_read.h"
#include "tiled.h"

int wf_tiled_supported(void) { return 1; }

wf_tiled_opts wf_tiled_opts_default(void) {
    wf_tiled_opts o;
    memset(&o, 0, sizeof o);
    return o;
}

static wf_status walk(wf__tiled *c, const cJSON *layers, wf__role role,
                      wf_vec2 off);

/* One layer: its role (its own, else @p role from its groups) and offset
 * (added to @p off) passed on to what it holds. */
static wf_status layer(wf__tiled *c, const cJSON *l, size_t i, wf__role role,
                       wf_vec2 off) {
    char who[WF__TILED_LABEL], q[WF__QUOTE_SIZE];
    const char *name, *type;
    wf__role own;
    wf_vec2 d;
    snprintf(who, sizeof who, "layer at index %zu", i);
    if (!cJSON_IsObject(l))
        return wf__tiled_fail(c, WF_E_PARSE, "%s is not a JSON object", who);
    wf_status s = wf__tiled_str(c, l, "name", who, &name);
    if (s == WF_OK && name) {
        wf__tiled_quote(name, q, sizeof q);
        snprintf(who, sizeof who, "layer %s", q);
    }
    if (s == WF_OK)
        s = wf__tiled_str(c, l, "type", who, &type);
    if (s == WF_OK && !type)
        s = wf__tiled_fail(c, WF_E_PARSE, "%s has no 'type'", who);
    if (s == WF_OK)
        s = wf__tiled_role(c, l, 0, who, &own);
    if (s == WF_OK)
        s = wf__tiled_num(c, l, "offsetx", who, 0, &d.x);
    if (s == WF_OK)
        s = wf__tiled_num(c, l, "offsety", who, 0, &d.y);
    if (s != WF_OK)
        return s;
    role = own ? own : role;
    off = (wf_vec2){off.x + d.x, off.y + d.y};
    if (strcmp(type, "group") == 0) {
        const cJSON *sub;
        s = wf__tiled_array(c, l, "layers", who, 1, &sub);
        return s == WF_OK ? walk(c, sub, role, off) : s;
    }
    if (strcmp(type, "objectgroup") == 0)
        return wf__tiled_objects(c, l, who, role, off);
    if (strcmp(type, "imagelayer") == 0)
        return WF_OK;
    if (strcmp(type, "tilelayer") != 0)
        return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                              "%s: layer type '%.32s' is not supported", who,
                              type);
    if (own == WF__ROLE_LINK)
        return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                              "%s: class 'link' is for polyline objects",
                              who);
    if (off.x != 0 || off.y != 0)
        return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                              "%s: a tile layer with an offset is not "
                              "supported (its tiles would not lie on the map's "
                              "grid)",
                              who);
    return wf__tiled_tile_layer(c, l, who,
                                role == WF__ROLE_LINK ? WF__ROLE_NONE : role);
}

static wf_status walk(wf__tiled *c, const cJSON *layers, wf__role role,
                      wf_vec2 off) {
    const cJSON *l;
    size_t i = 0;
    cJSON_ArrayForEach(l, layers) {
        wf_status s = layer(c, l, i++, role, off);
        if (s != WF_OK)
            return s;
    }
    return WF_OK;
}

/* The map's own fields: a finite orthogonal map and its tile size. */
static wf_status header(wf__tiled *c, const cJSON *map) {
    const char *type, *orient;
    long long w, h, tw, th;
    int infinite;
    if (!cJSON_IsObject(map))
        return wf__tiled_fail(c, WF_E_PARSE,
                              "not a Tiled map: the document is not a JSON "
                              "object");
    wf_status s = wf__tiled_str(c, map, "type", "the map", &type);
    if (s == WF_OK && type && strcmp(type, "map") != 0)
        s = wf__tiled_fail(c, WF_E_PARSE,
                           "not a Tiled map: its type is '%.32s', not 'map'",
                           type);
    if (s == WF_OK)
        s = wf__tiled_str(c, map, "orientation", "the map", &orient);
    if (s == WF_OK && orient && strcmp(orient, "orthogonal") != 0)
        s = wf__tiled_fail(c, WF_E_UNSUPPORTED,
                           "%.32s maps are not supported (orthogonal only)",
                           orient);
    if (s == WF_OK)
        s = wf__tiled_bool(c, map, "infinite", "the map", 0, &infinite);
    if (s == WF_OK && infinite)
        s = wf__tiled_fail(c, WF_E_UNSUPPORTED,
                           "infinite maps (chunks) are not supported");
    if (s == WF_OK)
        s = wf__tiled_int(c, map, "width", "the map", 1, WF_GRID_MAX_SIDE, 1,
                          0, &w);
    if (s == WF_OK)
        s = wf__tiled_int(c, map, "height", "the map", 1, WF_GRID_MAX_SIDE,
                          1, 0, &h);
    if (s == WF_OK)
        s = wf__tiled_int(c, map, "tilewidth", "the map", 1, 1 << 20, 1, 0,
                          &tw);
    if (s == WF_OK)
        s = wf__tiled_int(c, map, "tileheight", "the map", 1, 1 << 20, 1, 0,
                          &th);
    if (s != WF_OK)
        return s;
    if ((size_t)w * (size_t)h > WF_GRID_MAX_CELLS)
        return wf__tiled_fail(c, WF_E_TOO_BIG,
                              "the map of %lld x %lld tiles is larger than the "
                              "limit of %zu tiles",
                              w, h, (size_t)WF_GRID_MAX_CELLS);
    c->width = (int)w;
    c->height = (int)h;
    c->tw = (double)tw;
    c->th = (double)th;
    return WF_OK;
}

/* Allocates the arrays the first pass counted (and the grid). */
static wf_status allocate(wf__tiled *c, wf_tiled *t) {
    wf_outlines *o = &t->outlines;
    o->alloc = t->alloc;
    o->outlines = wf__alloc(&t->alloc, c->outlines * sizeof *o->outlines);
    o->points = wf__alloc(&t->alloc, c->points * sizeof *o->points);
    o->names_buf = wf__alloc(&t->alloc, c->name_bytes);
    t->links = c->links ? wf__alloc(&t->alloc, c->links * sizeof *t->links)
                        : NULL;
    o->count = c->outlines;
    o->point_count = c->points;
    o->names_size = c->name_bytes;
    t->link_count = c->links;
    if (!o->outlines || !o->points || !o->names_buf ||
        (c->links && !t->links))
        return WF_E_NOMEM;
    return c->tile_layers
               ? wf_grid_create(c->width, c->height, &t->alloc, &t->grid)
               : WF_OK;
}

/* Both passes over the parsed map into @p t. */
static wf_status read_map(wf__tiled *c, const cJSON *map, wf_tiled *t) {
    const cJSON *layers;
    wf_status s = header(c, map);
    if (s == WF_OK)
        s = wf__tiled_array(c, map, "layers", "the map", 1, &layers);
    if (s == WF_OK)
        s = wf__tiled_tilesets(c, map);
    if (s == WF_OK)
        s = walk(c, layers, WF__ROLE_NONE, (wf_vec2){0, 0});
    if (s != WF_OK)
        return s;
    const int bounds = c->walkables == 0;
    if (bounds)
        wf__tiled_bounds(c);
    if ((s = allocate(c, t)) != WF_OK)
        return s;
    c->out = t;
    c->outlines = c->points = c->name_bytes = c->links = 0;
    c->tile_layers = c->walkables = 0;
    if (bounds)
        wf__tiled_bounds(c);
    s = walk(c, layers, WF__ROLE_NONE, (wf_vec2){0, 0});
    if (s == WF_OK && t->grid)
        s = wf_grid_set_cells(t->grid, wf_grid_cells(t->grid));
    t->bounds = bounds;
    t->width = c->width;
    t->height = c->height;
    t->tile_width = (int)c->tw;
    t->tile_height = (int)c->th;
    return s;
}

/* wf_tiled_parse, reading external tilesets from @p dir when not NULL. */
static wf_status parse_in(const char *buf, size_t len, const char *name,
                          const char *dir, const wf_tiled_opts *opts,
                          wf_tiled *out, wf_diag *diag) {
    if (!buf && len)
        return WF_E_INVALID_ARG;
    const int ep = opts ? opts->ellipse_points : 0;
    if (ep != 0 && (ep < 8 || ep > 1024))
        return WF_E_INVALID_ARG;
    wf__tiled c = {.name = name ? name : "", .diag = diag, .dir = dir,
                   .ellipse_points = ep ? ep : WF_TILED_ELLIPSE_POINTS,
                   .alloc = out->alloc};
    cJSON *doc;
    wf_status s = wf__tiled_json(&c, buf, len, c.name, &doc);
    if (s == WF_OK)
        s = read_map(&c, doc, out);
    cJSON_Delete(doc);
    wf__free(&c.alloc, c.sets, c.set_count * sizeof *c.sets);
    wf__free(&c.alloc, c.tiles, c.tile_cap * sizeof *c.tiles);
    if (s != WF_OK)
        wf_tiled_free(out);
    return s;
}

/* Leaves @p out empty with its allocator; 0 when out is NULL. */
static int start(wf_tiled *out, const wf_allocator *alloc) {
    if (!out)
        return 0;
    memset(out, 0, sizeof *out);
    out->alloc = wf__allocator(alloc);
    return 1;
}

wf_status wf_tiled_parse(const char *buf, size_t len, const char *name,
                         const wf_tiled_opts *opts, const wf_allocator *alloc,
                         wf_tiled *out, wf_diag *diag) {
    if (!start(out, alloc))
        return WF_E_INVALID_ARG;
    return parse_in(buf, len, name, NULL, opts, out, diag);
}

typedef struct read_ctx {
    const char *dir;
    const wf_tiled_opts *opts;
    wf_tiled *out;
} read_ctx;

static wf_status parse_read(void *ctx, const char *buf, size_t len,
                            const char *name, wf_diag *diag) {
    const read_ctx *r = ctx;
    return parse_in(buf, len, name, r->dir, r->opts, r->out, diag);
}

wf_status wf_tiled_read(const char *path, const wf_tiled_opts *opts,
                        const wf_allocator *alloc, wf_tiled *out,
                        wf_diag *diag) {
    if (!start(out, alloc) || !path)
        return WF_E_INVALID_ARG;
    /* the map's folder, where its external tilesets are */
    const char *slash = strrchr(path, '/');
    const size_t dn = slash ? (size_t)(slash - path) + (slash == path) : 1;
    char *dir = wf__alloc(&out->alloc, dn + 1);
    if (!dir)
        return WF_E_NOMEM;
    memcpy(dir, slash ? path : ".", dn);
    dir[dn] = '\0';
    read_ctx r = {dir, opts, out};
    const wf_status s = wf__read_parse(path, WF_TILED_FILE_MAX, "a Tiled map",
                                       &out->alloc, parse_read, &r, diag);
    wf__free(&out->alloc, dir, dn + 1);
    return s;
}

void wf_tiled_free(wf_tiled *t) {
    if (!t)
        return;
    const wf_allocator keep = t->alloc;
    wf_allocator a = wf__allocator(&keep);
    wf_outlines_free(&t->outlines);
    wf__free(&a, t->links, t->link_count * sizeof *t->links);
    wf_grid_destroy(t->grid);
    memset(t, 0, sizeof *t);
    t->alloc = keep;
}
