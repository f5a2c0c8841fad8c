/* Watchers of a grid and edit batches (core.h): who hears of edits, and
 * the changes a batch holds back for them until its commit. */
#include "internal.h"

struct wf__watcher {
    wf_grid_watch_fn fn;
    void *ud;
    void (*gone)(void *ud); /* the library's own: told of wf_grid_destroy */
};

static size_t find(const wf_grid *g, wf_grid_watch_fn fn, void *ud) {
    for (size_t i = 0; i < g->watcher_count; i++)
        if (g->watchers[i].fn == fn && g->watchers[i].ud == ud)
            return i;
    return SIZE_MAX;
}

wf_status wf_grid_watch(wf_grid *g, wf_grid_watch_fn fn, void *ud) {
    return wf__grid_watch_owned(g, fn, ud, NULL);
}

wf_status wf__grid_watch_owned(wf_grid *g, wf_grid_watch_fn fn, void *ud,
                               void (*gone)(void *ud)) {
    if (!g || !fn || find(g, fn, ud) != SIZE_MAX)
        return WF_E_INVALID_ARG;
    if (g->watcher_count == g->watcher_cap) {
        size_t n = g->watcher_cap ? 2 * g->watcher_cap : 4;
        struct wf__watcher *w = wf__realloc(&g->alloc, g->watchers,
                                            g->watcher_cap * sizeof *w,
                                            n * sizeof *w);
        if (!w)
            return WF_E_NOMEM;
        g->watchers = w;
        g->watcher_cap = n;
    }
    g->watchers[g->watcher_count++] = (struct wf__watcher){fn, ud, gone};
    return WF_OK;
}

wf_status wf_grid_unwatch(wf_grid *g, wf_grid_watch_fn fn, void *ud) {
    size_t i = g && fn ? find(g, fn, ud) : SIZE_MAX;
    if (i == SIZE_MAX)
        return WF_E_INVALID_ARG;
    /* keep the order the others were added in */
    memmove(&g->watchers[i], &g->watchers[i + 1],
            (g->watcher_count - i - 1) * sizeof *g->watchers);
    g->watcher_count--;
    return WF_OK;
}

static void tell(const wf_grid *g, const wf_cell_change *c, size_t n) {
    for (size_t i = 0; i < g->watcher_count; i++)
        g->watchers[i].fn(g->watchers[i].ud, g, c, n);
}

wf_status wf_grid_edit_begin(wf_grid *g) {
    if (!g)
        return WF_E_INVALID_ARG;
    if (g->batch_depth++ == 0) {
        g->pending_count = 0;
        g->batch_reset = 0;
    }
    return WF_OK;
}

wf_status wf_grid_edit_commit(wf_grid *g) {
    if (!g || !g->batch_depth)
        return WF_E_INVALID_ARG;
    if (--g->batch_depth)
        return WF_OK;
    if (g->batch_reset)
        tell(g, NULL, 0);
    else if (g->pending_count)
        tell(g, g->pending, g->pending_count);
    g->pending_count = 0;
    g->batch_reset = 0;
    return WF_OK;
}

wf_status wf__grid_record(wf_grid *g, int x, int y, uint8_t before,
                          uint8_t after) {
    if (!g->batch_depth || !g->watcher_count || g->batch_reset)
        return WF_OK;
    if (g->pending_count == g->pending_cap) {
        size_t n = g->pending_cap ? 2 * g->pending_cap : 64;
        wf_cell_change *p = wf__realloc(&g->alloc, g->pending,
                                        g->pending_cap * sizeof *p,
                                        n * sizeof *p);
        if (!p)
            return WF_E_NOMEM;
        g->pending = p;
        g->pending_cap = n;
    }
    g->pending[g->pending_count++] =
        (wf_cell_change){{x, y}, before, after};
    return WF_OK;
}

void wf__grid_changed(wf_grid *g, int x, int y, uint8_t before,
                      uint8_t after) {
    if (g->batch_depth || !g->watcher_count)
        return;
    const wf_cell_change c = {{x, y}, before, after};
    tell(g, &c, 1);
}

void wf__grid_reset(wf_grid *g) {
    if (g->batch_depth)
        g->batch_reset = 1;
    else if (g->watcher_count)
        tell(g, NULL, 0);
}

void wf__grid_watch_free(wf_grid *g) {
    for (size_t i = 0; i < g->watcher_count; i++)
        if (g->watchers[i].gone)
            g->watchers[i].gone(g->watchers[i].ud);
    wf__free(&g->alloc, g->watchers, g->watcher_cap * sizeof *g->watchers);
    wf__free(&g->alloc, g->pending, g->pending_cap * sizeof *g->pending);
}
