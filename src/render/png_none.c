/* The PNG writer of a build without libpng (WF_WITH_PNG=OFF): the same
 * functions, so that programs link against either build, each refusing
 * with WF_E_UNSUPPORTED. Built instead of png.c and png_legend.c. */
#include "wf_core_private.h"
#include "wayfind/render.h"

int wf_render_png_supported(void) { return 0; }

static wf_status unsupported(const wf_grid *g, wf_diag *diag) {
    if (!g)
        return WF_E_INVALID_ARG;
    wf__diag_set(diag, NULL, 0, 0, "built without PNG support");
    return WF_E_UNSUPPORTED;
}

wf_status wf_render_png(const char *path, const wf_grid *g,
                        const wf_png_opts *opts, wf_diag *diag) {
    (void)opts;
    return path ? unsupported(g, diag) : WF_E_INVALID_ARG;
}

wf_status wf_render_png_file(FILE *f, const wf_grid *g,
                             const wf_png_opts *opts, wf_diag *diag) {
    (void)opts;
    return f ? unsupported(g, diag) : WF_E_INVALID_ARG;
}
