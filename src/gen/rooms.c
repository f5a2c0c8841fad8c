/* Rooms and corridors: non-touching rectangles joined in the order they
 * were placed by L-shaped corridors, so all floor is connected. */
#include "gen_internal.h"

wf_rooms_opts wf_rooms_opts_default(void) {
    wf_rooms_opts o;
    o.max_rooms = 0;
    o.min_size = 4;
    o.max_size = 12;
    return o;
}

typedef struct room {
    int x, y, w, h;
} room;

/* Rooms keep one cell of rock between them. */
static int overlaps(const room *a, const room *b) {
    return a->x - 1 <= b->x + b->w && b->x - 1 <= a->x + a->w &&
           a->y - 1 <= b->y + b->h && b->y - 1 <= a->y + a->h;
}

static void dig(uint8_t *t, int W, int x0, int y0, int x1, int y1) {
    if (x0 > x1) { int s = x0; x0 = x1; x1 = s; }
    if (y0 > y1) { int s = y0; y0 = y1; y1 = s; }
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            t[(size_t)y * (size_t)W + (size_t)x] = WF_GEN_GROUND;
}

wf_status wf_gen_rooms(wf_grid *g, uint64_t seed, const wf_rooms_opts *opts) {
    wf_rooms_opts o = opts ? *opts : wf_rooms_opts_default();
    /* zero means the default (max_rooms 0 already means automatic) */
    if (!o.min_size)
        o.min_size = wf_rooms_opts_default().min_size;
    if (!o.max_size)
        o.max_size = wf_rooms_opts_default().max_size;
    if (!g || o.min_size < 2 || o.max_size < o.min_size ||
        o.max_rooms < 0 || o.max_rooms > 10000 ||
        wf_grid_width(g) < o.min_size + 2 || wf_grid_height(g) < o.min_size + 2)
        return WF_E_INVALID_ARG;
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    int max_rooms = o.max_rooms;
    if (!max_rooms) {
        size_t k = wf__gen_cells(g) / 150;
        max_rooms = k < 2 ? 2 : k > 500 ? 500 : (int)k;
    }
    const wf_allocator *al = wf__grid_allocator(g);
    uint8_t *t = wf__gen_buffer(g);
    room *rooms = wf__alloc(al, (size_t)max_rooms * sizeof *rooms);
    if (!t || !rooms) {
        wf__gen_buffer_free(g, t);
        wf__free(al, rooms, (size_t)max_rooms * sizeof *rooms);
        return WF_E_NOMEM;
    }
    memset(t, WF_GEN_WALL, wf__gen_cells(g));
    wf_rng r;
    wf_rng_seed(&r, seed);
    int n = 0;
    int span = o.max_size - o.min_size + 1;
    for (int attempt = 0; attempt < 4 * max_rooms && n < max_rooms; attempt++) {
        room a;
        a.w = o.min_size + (int)wf_rng_below(&r, (uint32_t)span);
        a.h = o.min_size + (int)wf_rng_below(&r, (uint32_t)span);
        if (a.w > W - 2) a.w = W - 2;
        if (a.h > H - 2) a.h = H - 2;
        a.x = 1 + (int)wf_rng_below(&r, (uint32_t)(W - 1 - a.w));
        a.y = 1 + (int)wf_rng_below(&r, (uint32_t)(H - 1 - a.h));
        int ok = 1;
        for (int k = 0; k < n && ok; k++)
            ok = !overlaps(&a, &rooms[k]);
        if (!ok)
            continue;
        dig(t, W, a.x, a.y, a.x + a.w - 1, a.y + a.h - 1);
        if (n > 0) {
            const room *b = &rooms[n - 1];
            int ax = a.x + a.w / 2, ay = a.y + a.h / 2;
            int bx = b->x + b->w / 2, by = b->y + b->h / 2;
            if (wf_rng_below(&r, 2)) {
                dig(t, W, ax, ay, bx, ay);
                dig(t, W, bx, ay, bx, by);
            } else {
                dig(t, W, ax, ay, ax, by);
                dig(t, W, ax, by, bx, by);
            }
        }
        rooms[n++] = a;
    }
    wf_grid_set_cost(g, WF_GEN_GROUND, 1.0);
    wf_grid_set_cost(g, WF_GEN_WALL, WF_BLOCKED);
    wf_grid_set_cells(g, t);
    wf__gen_buffer_free(g, t);
    wf__free(al, rooms, (size_t)max_rooms * sizeof *rooms);
    return WF_OK;
}
