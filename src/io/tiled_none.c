/* The Tiled reader of a build without cJSON (WF_WITH_TILED=OFF): the same
 * functions, so that programs link against either build, each refusing
 * with WF_E_UNSUPPORTED after the argument checks. Built instead of
 * tiled.c and tiled_*.c. */
#include <string.h>

#include "wf_core_private.h"
#include "wayfind/io.h"

int wf_tiled_supported(void) { return 0; }

wf_tiled_opts wf_tiled_opts_default(void) {
    wf_tiled_opts o;
    memset(&o, 0, sizeof o);
    return o;
}

static wf_status unsupported(wf_tiled *out, const wf_allocator *alloc,
                             int ok, wf_diag *diag) {
    if (!out)
        return WF_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    out->alloc = wf__allocator(alloc);
    if (!ok)
        return WF_E_INVALID_ARG;
    wf__diag_set(diag, NULL, 0, 0, "built without Tiled support");
    return WF_E_UNSUPPORTED;
}

wf_status wf_tiled_parse(const char *buf, size_t len, const char *name,
                         const wf_tiled_opts *opts, const wf_allocator *alloc,
                         wf_tiled *out, wf_diag *diag) {
    (void)name;
    (void)opts;
    return unsupported(out, alloc, buf || !len, diag);
}

wf_status wf_tiled_read(const char *path, const wf_tiled_opts *opts,
                        const wf_allocator *alloc, wf_tiled *out,
                        wf_diag *diag) {
    (void)opts;
    return unsupported(out, alloc, path != NULL, diag);
}

void wf_tiled_free(wf_tiled *t) {
    if (!t)
        return;
    const wf_allocator keep = t->alloc;
    memset(t, 0, sizeof *t);
    t->alloc = keep;
}
