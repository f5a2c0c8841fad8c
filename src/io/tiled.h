/* The Tiled reader's shared state and helpers (docs/formats.md, "Tiled
 * maps"): tiled.c reads the map and walks its layers, tiled_json.c reads
 * typed fields and roles, tiled_objects.c turns objects into outlines and
 * links, tiled_tiles.c reads tilesets and tile layers into the grid. The
 * walk runs twice over the parsed document: the first pass checks
 * everything and counts, the second fills arrays of exactly that size.
 * Not installed; built only with cJSON (WF_WITH_TILED). */
#ifndef WF_IO_TILED_H
#define WF_IO_TILED_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "lexer.h"
#include "wayfind/io.h"

/* What a thing is for the mesh; NONE: nothing. */
typedef enum wf__role {
    WF__ROLE_NONE = 0,
    WF__ROLE_WALKABLE,
    WF__ROLE_OBSTACLE,
    WF__ROLE_LINK
} wf__role;

/* A global tile id and a role: a tileset's (its first id) or a tile's. */
typedef struct wf__gid_role {
    uint32_t gid;
    wf__role role;
} wf__gid_role;

/* Room for one label: "object 4294967295 'NAME' (layer 'NAME')". */
#define WF__TILED_LABEL (2 * WF__QUOTE_SIZE + 48)

typedef struct wf__tiled {
    const char *name;        /* the file, for diagnostics; never NULL */
    wf_diag *diag;
    const char *dir;         /* folder of external tilesets; NULL: refuse */
    int ellipse_points;
    int width, height;       /* the map in tiles */
    double tw, th;           /* a tile in pixels */
    wf_tiled *out;           /* NULL in the counting pass */
    /* counted in the first pass, filled up to in the second */
    size_t outlines, points, name_bytes, links, walkables, tile_layers;
    int far;                 /* a point came out not finite */
    /* the tilesets by first id, and the tiles with roles by id */
    wf__gid_role *sets;
    size_t set_count;
    wf__gid_role *tiles;
    size_t tile_count, tile_cap;
    wf_allocator alloc;
} wf__tiled;

/* Fills the diagnostic with the file and a message; returns s. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
wf_status wf__tiled_fail(const wf__tiled *c, wf_status s, const char *fmt,
                         ...);

/* Typed fields of a JSON object @p o, named in messages as "WHO: 'KEY'".
 * Absent: *v = def and WF_OK (or, with required, an error). */
wf_status wf__tiled_int(const wf__tiled *c, const cJSON *o, const char *key,
                        const char *who, long long min, long long max,
                        int required, long long def, long long *v);
wf_status wf__tiled_num(const wf__tiled *c, const cJSON *o, const char *key,
                        const char *who, double def, double *v);
/* A string field; absent: *v = NULL. */
wf_status wf__tiled_str(const wf__tiled *c, const cJSON *o, const char *key,
                        const char *who, const char **v);
/* A bool field; absent: *v = def. */
wf_status wf__tiled_bool(const wf__tiled *c, const cJSON *o, const char *key,
                         const char *who, int def, int *v);
/* An array field; absent: *v = NULL (or, with required, an error). */
wf_status wf__tiled_array(const wf__tiled *c, const cJSON *o,
                          const char *key, const char *who, int required,
                          const cJSON **v);

/* The value of custom property @p prop of @p o (the array of {name, type,
 * value} Tiled writes, or the older object of name: value), NULL when it
 * has none. */
const cJSON *wf__tiled_prop(const cJSON *o, const char *prop);

/* The role @p o gives itself: its class ("class", and also "type" when
 * @p type_is_class: objects and tiles, whose "type" was their class) and
 * its bool property "walkable". A class and a property that disagree, or
 * a "walkable" property that is not a bool, are errors. */
wf_status wf__tiled_role(const wf__tiled *c, const cJSON *o,
                         int type_is_class, const char *who, wf__role *role);

/* The role's word, for messages: "walkable", "obstacle", "link". */
const char *wf__tiled_role_name(wf__role r);

/* 'TEXT' for messages (wf__quote of a string, '' for NULL). */
void wf__tiled_quote(const char *s, char *buf, size_t size);

/* Adds a name to the names buffer (counts it in the first pass); returns
 * where it is in the second, else NULL. */
const char *wf__tiled_name(wf__tiled *c, const char *label);

/* The objects of one object layer into outlines and links: @p role is the
 * layer's (its own, else its groups'), @p off its offset in pixels. */
wf_status wf__tiled_objects(wf__tiled *c, const cJSON *layer,
                            const char *layer_label, wf__role role,
                            wf_vec2 off);
/* The map's rectangle as walkable ground, when no object was walkable. */
void wf__tiled_bounds(wf__tiled *c);

/* Reads the map's tilesets into c->sets and c->tiles (allocated). */
wf_status wf__tiled_tilesets(wf__tiled *c, const cJSON *map);
/* One tile layer: checked in the first pass, applied to c->out->grid in
 * the second. @p role as for wf__tiled_objects. */
wf_status wf__tiled_tile_layer(wf__tiled *c, const cJSON *layer,
                               const char *layer_label, wf__role role);

/* Parses @p len bytes of JSON; on failure fills the diagnostic with the
 * line and column where it stopped (WF_E_PARSE). */
wf_status wf__tiled_json(const wf__tiled *c, const char *buf, size_t len,
                         const char *file, cJSON **out);

#endif
