/* The PNG writer of a build without libpng (WF_WITH_PNG=OFF): the same
 * functions, so that programs link against either build, each refusing
 * with WF_E_UNSUPPORTED (a mesh's picture after checking its options).
 * Built instead of png.c, png_legend.c, png_mesh.c and png_write.c. */
#include "render_internal.h"

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

static wf_status mesh_unsupported(wf__mesh_pic *pic, void *ud, wf_diag *diag) {
    (void)pic;
    (void)ud;
    wf__diag_set(diag, NULL, 0, 0, "built without PNG support");
    return WF_E_UNSUPPORTED;
}

wf_status wf_render_mesh_png(const char *path, const wf_mesh *m,
                             const wf_mesh_svg_opts *opts, wf_diag *diag) {
    return wf__mesh_pic_draw(path && *path ? path : NULL, "no file name", m,
                             opts, mesh_unsupported, NULL, diag);
}

wf_status wf_render_mesh_png_file(FILE *f, const wf_mesh *m,
                                  const wf_mesh_svg_opts *opts, wf_diag *diag) {
    return wf__mesh_pic_draw(f, "no stream", m, opts, mesh_unsupported, NULL,
                             diag);
}
