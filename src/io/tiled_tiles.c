/* A Tiled map's tilesets and tile layers: which tiles are obstacles or
 * walkable (their own role, else their tileset's, else their layer's),
 * and the grid of blocked cells the tile layers make (docs/formats.md,
 * "Tiled maps"). Tile data is a JSON array or uncompressed Base64. */
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "tiled.h"

/* Global tile ids keep flip flags in their top four bits. */
#define GID_MASK 0x0FFFFFFFu

static int by_gid(const void *a, const void *b) {
    const wf__gid_role *x = a, *y = b;
    return (x->gid > y->gid) - (x->gid < y->gid);
}

/* Sorts a[0..n) by id; an id twice is an error naming @p what. */
static wf_status sort_ids(const wf__tiled *c, wf__gid_role *a, size_t n,
                          const char *what) {
    if (n)
        qsort(a, n, sizeof *a, by_gid);
    for (size_t i = 1; i < n; i++)
        if (a[i].gid == a[i - 1].gid)
            return wf__tiled_fail(c, WF_E_PARSE, "%s %u is given twice",
                                  what, (unsigned)a[i].gid);
    return WF_OK;
}

static int ends_with(const char *s, const char *end) {
    const size_t n = strlen(s), m = strlen(end);
    if (n < m)
        return 0;
    for (size_t i = 0; i < m; i++) {
        char ch = s[n - m + i];
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        if (ch != end[i])
            return 0;
    }
    return 1;
}

/* A relative path without a ".." part and without backslashes. */
static int inside_folder(const char *p) {
    if (p[0] == '/' || p[0] == '\0' || strchr(p, '\\') || strchr(p, ':'))
        return 0;
    for (const char *s = p; *s;) {
        const size_t n = strcspn(s, "/");
        if (n == 2 && s[0] == '.' && s[1] == '.')
            return 0;
        s += n + (s[n] == '/');
    }
    return 1;
}

/* Reads the external tileset @p src (a JSON file in the map's folder). */
static wf_status external(wf__tiled *c, const char *src, const char *who,
                          cJSON **doc) {
    char q[WF__QUOTE_SIZE];
    wf__tiled_quote(src, q, sizeof q);
    if (ends_with(src, ".tsx"))
        return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                              "%s is the XML tileset %s, which is not "
                              "supported: embed it in the map or save it as "
                              "JSON (.tsj)",
                              who, q);
    if (!c->dir)
        return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                              "%s is the external file %s: wf_tiled_parse "
                              "reads embedded tilesets only (embed it, or "
                              "read the map with wf_tiled_read)",
                              who, q);
    if (!ends_with(src, ".tsj") && !ends_with(src, ".json"))
        return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                              "%s is %s, not a JSON tileset (.tsj or .json)",
                              who, q);
    if (!inside_folder(src))
        return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                              "%s is %s: only a relative path without '..' "
                              "is read (the map's folder or below)",
                              who, q);
    const size_t dn = strlen(c->dir), sn = strlen(src), pn = dn + sn + 2;
    char *path = wf__alloc(&c->alloc, pn);
    if (!path)
        return WF_E_NOMEM;
    memcpy(path, c->dir, dn);
    path[dn] = '/';
    memcpy(path + dn + 1, src, sn + 1);
    char *buf;
    size_t len;
    wf_status s = wf__file_read(path, WF_TILED_FILE_MAX, "a Tiled tileset",
                                &c->alloc, &buf, &len, c->diag);
    if (s == WF_OK) {
        s = wf__tiled_json(c, buf, len, path, doc);
        wf_file_free(buf, len, &c->alloc);
    }
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(*doc, "type");
    if (s == WF_OK && type &&
        !(cJSON_IsString(type) && strcmp(type->valuestring, "tileset") == 0))
        s = wf__tiled_fail(c, WF_E_PARSE, "%s: %s is not a tileset (its "
                                          "'type' is not 'tileset')",
                           who, q);
    wf__free(&c->alloc, path, pn);
    return s;
}

/* Appends a tile's role to c->tiles, growing it. */
static wf_status add_tile(wf__tiled *c, uint32_t gid, wf__role role) {
    if (c->tile_count == c->tile_cap) {
        const size_t cap = c->tile_cap ? 2 * c->tile_cap : 16;
        wf__gid_role *t =
            wf__realloc(&c->alloc, c->tiles, c->tile_cap * sizeof *t,
                        cap * sizeof *t);
        if (!t)
            return WF_E_NOMEM;
        c->tiles = t;
        c->tile_cap = cap;
    }
    c->tiles[c->tile_count++] = (wf__gid_role){gid, role};
    return WF_OK;
}

/* The roles of a tileset's tiles ("tiles": [{"id", class, properties}]). */
static wf_status tile_roles(wf__tiled *c, const cJSON *ts, uint32_t first,
                            const char *who) {
    const cJSON *tiles, *t;
    wf_status s = wf__tiled_array(c, ts, "tiles", who, 0, &tiles);
    if (s != WF_OK || !tiles)
        return s;
    cJSON_ArrayForEach(t, tiles) {
        long long id;
        wf__role role;
        char tile[WF__TILED_LABEL + 32];
        if ((s = wf__tiled_int(c, t, "id", who, 0, GID_MASK - first, 1, 0,
                               &id)) != WF_OK)
            return s;
        snprintf(tile, sizeof tile, "tile %lld of %s", id, who);
        if ((s = wf__tiled_role(c, t, 1, tile, &role)) != WF_OK)
            return s;
        if (role == WF__ROLE_LINK)
            return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                                  "%s: class 'link' is for polyline objects",
                                  tile);
        if (role && (s = add_tile(c, first + (uint32_t)id, role)) != WF_OK)
            return s;
    }
    return s;
}

/* One entry of "tilesets": embedded, or a JSON file beside the map. */
static wf_status tileset(wf__tiled *c, const cJSON *ts, size_t i) {
    char who[WF__TILED_LABEL], q[WF__QUOTE_SIZE];
    long long first;
    const char *src = NULL, *name = NULL;
    cJSON *doc = NULL;
    snprintf(who, sizeof who, "tileset %zu", i + 1);
    wf_status s = wf__tiled_int(c, ts, "firstgid", who, 1, GID_MASK, 1, 0,
                                &first);
    if (s == WF_OK)
        s = wf__tiled_str(c, ts, "source", who, &src);
    if (s == WF_OK && src && (s = external(c, src, who, &doc)) == WF_OK)
        ts = doc;
    if (s == WF_OK && !cJSON_IsObject(ts))
        s = wf__tiled_fail(c, WF_E_PARSE, "%s is not a JSON object", who);
    if (s == WF_OK)
        s = wf__tiled_str(c, ts, "name", who, &name);
    if (s == WF_OK && name) {
        wf__tiled_quote(name, q, sizeof q);
        snprintf(who, sizeof who, "tileset %s", q);
    }
    wf__role role = WF__ROLE_NONE;
    if (s == WF_OK)
        s = wf__tiled_role(c, ts, 0, who, &role);
    if (s == WF_OK && role == WF__ROLE_LINK)
        s = wf__tiled_fail(c, WF_E_UNSUPPORTED,
                           "%s: class 'link' is for polyline objects", who);
    if (s == WF_OK)
        s = tile_roles(c, ts, (uint32_t)first, who);
    c->sets[i] = (wf__gid_role){(uint32_t)first, role};
    cJSON_Delete(doc);
    return s;
}

wf_status wf__tiled_tilesets(wf__tiled *c, const cJSON *map) {
    const cJSON *arr;
    wf_status s = wf__tiled_array(c, map, "tilesets", "the map", 0, &arr);
    const int n = arr ? cJSON_GetArraySize(arr) : 0;
    if (s != WF_OK || n == 0)
        return s;
    c->sets = wf__alloc(&c->alloc, (size_t)n * sizeof *c->sets);
    if (!c->sets)
        return WF_E_NOMEM;
    c->set_count = (size_t)n;
    size_t i = 0;
    const cJSON *ts;
    cJSON_ArrayForEach(ts, arr) {
        if ((s = tileset(c, ts, i++)) != WF_OK)
            return s;
    }
    s = sort_ids(c, c->sets, c->set_count, "a tileset's firstgid");
    return s == WF_OK ? sort_ids(c, c->tiles, c->tile_count, "the tile of "
                                                             "global id")
                      : s;
}

/* The role of global tile @p gid: its own, its tileset's or @p layer;
 * -1 when no tileset holds it. */
static int gid_role(const wf__tiled *c, uint32_t gid, wf__role layer) {
    size_t lo = 0, hi = c->set_count;
    while (lo < hi) { /* the first tileset starting after gid */
        const size_t mid = lo + (hi - lo) / 2;
        if (c->sets[mid].gid <= gid)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return -1;
    const wf__gid_role key = {gid, WF__ROLE_NONE};
    const wf__gid_role *t =
        c->tile_count ? bsearch(&key, c->tiles, c->tile_count,
                                sizeof *c->tiles, by_gid)
                      : NULL;
    if (t)
        return (int)t->role;
    return (int)(c->sets[lo - 1].role ? c->sets[lo - 1].role : layer);
}

/* Tile data being read: a JSON array or decoded Base64 bytes. */
typedef struct cells {
    const cJSON *item;         /* the next array item, or NULL */
    const unsigned char *bytes; /* or 4 bytes a tile, little-endian */
    size_t at;
} cells;

static wf_status next_gid(const wf__tiled *c, cells *d, const char *who,
                          uint32_t *gid) {
    if (d->bytes) {
        const unsigned char *b = d->bytes + 4 * d->at++;
        *gid = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
               (uint32_t)b[3] << 24;
        return WF_OK;
    }
    const cJSON *v = d->item;
    d->item = v->next;
    d->at++;
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0) ||
        v->valuedouble > 4294967295.0 ||
        (double)(uint32_t)v->valuedouble != v->valuedouble)
        return wf__tiled_fail(c, WF_E_PARSE,
                              "%s: tile %zu of 'data' is not a tile id (an "
                              "integer from 0 to 4294967295)",
                              who, d->at - 1);
    *gid = (uint32_t)v->valuedouble;
    return WF_OK;
}

/* Applies every cell of a layer (checks them in the first pass). */
static wf_status apply(wf__tiled *c, cells *d, const char *who,
                       wf__role layer) {
    wf_grid *g = c->out ? c->out->grid : NULL;
    for (int y = 0; y < c->height; y++)
        for (int x = 0; x < c->width; x++) {
            uint32_t gid = 0;
            wf_status s = next_gid(c, d, who, &gid);
            if (s != WF_OK)
                return s;
            if ((gid & GID_MASK) == 0)
                continue;
            const int r = gid_role(c, gid & GID_MASK, layer);
            if (r < 0)
                return wf__tiled_fail(c, WF_E_PARSE,
                                      "%s: cell (%d, %d) holds tile %u, "
                                      "which no tileset has",
                                      who, x, y, (unsigned)(gid & GID_MASK));
            if (g && r)
                wf__grid_poke(g, x, y,
                              r == WF__ROLE_OBSTACLE ? WF_TERRAIN_WALL : 0);
        }
    return WF_OK;
}

static int b64(unsigned char ch) {
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9')
        return ch - '0' + 52;
    return ch == '+' ? 62 : ch == '/' ? 63 : -1;
}

/* Decodes padded Base64 text s into exactly @p n bytes at @p out (NULL:
 * only checks); 0 when it is not Base64 of that length. */
static int base64_decode(const char *s, size_t n, unsigned char *out) {
    const size_t len = strlen(s);
    if (len % 4 || len / 4 != (n + 2) / 3)
        return 0;
    const size_t pad = len - n - (n + 2) / 3; /* '=' the last group has */
    size_t o = 0;
    for (size_t i = 0; i < len; i += 4) {
        unsigned long v = 0;
        for (size_t k = 0; k < 4; k++) {
            const int d = b64((unsigned char)s[i + k]);
            const int padding = i + 4 == len && k >= 4 - pad;
            if (padding ? s[i + k] != '=' : d < 0)
                return 0;
            v = v << 6 | (unsigned long)(padding ? 0 : d);
        }
        for (int k = 2; k >= 0 && o < n; k--, o++)
            if (out)
                out[o] = (unsigned char)(v >> (8 * k));
    }
    return 1;
}

/* The layer's "data" as cells to read: an array of exactly one id a
 * cell, or Base64 of 4 bytes a cell (decoded into *bytes, allocated). */
static wf_status layer_data(wf__tiled *c, const cJSON *layer,
                            const char *who, size_t n, cells *d,
                            unsigned char **bytes) {
    const char *enc, *comp;
    const cJSON *data = cJSON_GetObjectItemCaseSensitive(layer, "data");
    wf_status s = wf__tiled_str(c, layer, "encoding", who, &enc);
    if (s == WF_OK)
        s = wf__tiled_str(c, layer, "compression", who, &comp);
    if (s != WF_OK)
        return s;
    if (comp && *comp)
        return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                              "%s: compression '%.32s' is not supported (save "
                              "tile layers as CSV or uncompressed Base64)",
                              who, comp);
    const int base64 = enc && strcmp(enc, "base64") == 0;
    if (enc && !base64 && strcmp(enc, "csv") != 0)
        return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                              "%s: encoding '%.32s' is not supported (csv or "
                              "base64)",
                              who, enc);
    if (!data || (base64 ? !cJSON_IsString(data) : !cJSON_IsArray(data)))
        return wf__tiled_fail(c, WF_E_PARSE, "%s: 'data' must be %s", who,
                              base64 ? "a Base64 string" : "an array of ids");
    if (base64) {
        if (!base64_decode(data->valuestring, 4 * n, NULL))
            return wf__tiled_fail(c, WF_E_PARSE,
                                  "%s: 'data' is not Base64 of %zu bytes (4 "
                                  "a tile)",
                                  who, 4 * n);
        if (!(*bytes = wf__alloc(&c->alloc, 4 * n)))
            return WF_E_NOMEM;
        base64_decode(data->valuestring, 4 * n, *bytes);
        d->bytes = *bytes;
    } else if ((size_t)cJSON_GetArraySize(data) != n) {
        return wf__tiled_fail(c, WF_E_PARSE,
                              "%s: 'data' holds %d tile ids, a %d x %d layer "
                              "needs %zu",
                              who, cJSON_GetArraySize(data), c->width,
                              c->height, n);
    }
    d->item = data->child;
    return WF_OK;
}

wf_status wf__tiled_tile_layer(wf__tiled *c, const cJSON *layer,
                               const char *who, wf__role role) {
    long long w, h;
    if (cJSON_GetObjectItemCaseSensitive(layer, "chunks"))
        return wf__tiled_fail(c, WF_E_UNSUPPORTED,
                              "%s: chunks (an infinite map's tiles) are not "
                              "supported",
                              who);
    wf_status s = wf__tiled_int(c, layer, "width", who, 0, WF_GRID_MAX_SIDE,
                                0, c->width, &w);
    if (s == WF_OK)
        s = wf__tiled_int(c, layer, "height", who, 0, WF_GRID_MAX_SIDE, 0,
                          c->height, &h);
    if (s != WF_OK)
        return s;
    if (w != c->width || h != c->height)
        return wf__tiled_fail(c, WF_E_PARSE,
                              "%s is %lld x %lld tiles, the map %d x %d", who,
                              w, h, c->width, c->height);
    const size_t n = (size_t)c->width * (size_t)c->height;
    cells d = {NULL, NULL, 0};
    unsigned char *bytes = NULL;
    s = layer_data(c, layer, who, n, &d, &bytes);
    if (s == WF_OK)
        s = apply(c, &d, who, role);
    if (bytes)
        wf__free(&c->alloc, bytes, 4 * n);
    c->tile_layers++;
    return s;
}
