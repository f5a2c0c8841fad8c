/* The any-angle engine on a navigation mesh: the grid's mesh for the
 * unit (core/mesh) is built by the first query and kept in the workspace
 * for the next ones while the grid, its version, the unit's size and its
 * terrain costs stay the same; each query is then a Polyanya search from
 * centre to centre. Its paths are Anya's (the same rule, the same
 * lengths), usually found with far fewer nodes. The cache also counts the
 * nodes Anya expands for auto, which builds the mesh once they pass the
 * grid's cells. */
#include <math.h>

#include "search_internal.h"
#include "wayfind/mesh.h"

/* What a grid's mesh depends on. */
typedef struct cache_key {
    uint64_t serial, version;
    int size;
    double cost[256];
} cache_key;

struct wf__mesh_cache {
    wf_mesh *mesh;
    wf_mesh_query *q;
    cache_key key;  /* of mesh */
    cache_key seen; /* of the grid auto's Anya work was counted on */
    uint64_t work;  /* nodes Anya expanded there */
};

static void key_of(const wf_grid *g, const wf_search_opts *o, cache_key *k) {
    uint8_t pass[256];
    memset(k, 0, sizeof *k);
    k->serial = g->serial;
    k->version = g->version;
    k->size = o->move.size;
    wf__filter_costs(g, o->filter, k->cost, pass);
}

static void cache_free(wf_search *ws) {
    struct wf__mesh_cache *c = ws->mesh;
    if (!c)
        return;
    wf_mesh_destroy(c->mesh);
    wf_mesh_query_destroy(c->q);
    wf__free(&ws->alloc, c, sizeof *c);
    ws->mesh = NULL;
}

/* The workspace's cache, made empty when it has none; NULL: no memory. */
static struct wf__mesh_cache *cache_of(wf_search *ws) {
    if (!ws->mesh) {
        struct wf__mesh_cache *c = wf__alloc(&ws->alloc, sizeof *c);
        if (!c)
            return NULL;
        memset(c, 0, sizeof *c);
        ws->mesh = c;
        ws->mesh_free = cache_free;
    }
    return ws->mesh;
}

int wf__mesh_pays(wf_search *ws, const wf_grid *g, const wf_search_opts *o) {
    const struct wf__mesh_cache *c = ws->mesh;
    cache_key k;
    key_of(g, o, &k);
    return c && ((c->mesh && !memcmp(&c->key, &k, sizeof k)) ||
                 (!memcmp(&c->seen, &k, sizeof k) && c->work >= g->cells));
}

void wf__mesh_count(wf_search *ws, const wf_grid *g, const wf_search_opts *o,
                    uint64_t expanded) {
    struct wf__mesh_cache *c = cache_of(ws);
    if (!c)
        return; /* auto then stays with anya */
    cache_key k;
    key_of(g, o, &k);
    if (memcmp(&c->seen, &k, sizeof k)) {
        c->seen = k;
        c->work = 0;
    }
    c->work += expanded;
}

/* The cache for g and the unit of o, made or remade when anything it
 * depends on changed. */
static wf_status cache_for(wf_search *ws, const wf_grid *g,
                           const wf_search_opts *o,
                           struct wf__mesh_cache **out) {
    cache_key k;
    key_of(g, o, &k);
    struct wf__mesh_cache *c = cache_of(ws);
    if (!c)
        return wf__search_fail(ws, WF_E_NOMEM, "out of memory");
    if (c->mesh && !memcmp(&c->key, &k, sizeof k)) {
        *out = c;
        return WF_OK;
    }
    wf_mesh_destroy(c->mesh);
    c->mesh = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s = wf_mesh_from_grid(g, &o->move, o->filter, NULL, &ws->alloc,
                                    &c->mesh, &d);
    if (s != WF_OK)
        return wf__search_fail(ws, s, "%s", d.message);
    if (!c->q && (s = wf_mesh_query_create(&ws->alloc, &c->q)) != WF_OK)
        return wf__search_fail(ws, s, "out of memory");
    c->key = k;
    *out = c;
    return WF_OK;
}

wf_status wf__mesh_search(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *o,
                          wf_polyline *out) {
    if (o->max_expansions || o->goal_fallback != WF_FALLBACK_NONE)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "mesh answers whole queries: it takes no "
                               "max_expansions or goal fallback (anya does)");
    if (o->weight != 1)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "mesh is exact: it takes no weight (%g)",
                               o->weight);
    struct wf__mesh_cache *c;
    wf_status s = cache_for(ws, g, o, &c);
    if (s != WF_OK)
        return s;
    const wf_vec2 a = {start.x + 0.5, start.y + 0.5};
    const wf_vec2 b = {goal.x + 0.5, goal.y + 0.5};
    s = wf_mesh_path(c->q, c->mesh, a, b, out);
    if (s != WF_OK)
        return wf__search_fail(ws, s, "%s", wf_mesh_query_message(c->q));
    return WF_OK;
}
