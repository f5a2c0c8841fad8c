/* The libpng writer every PNG picture goes through: a picture hands over
 * its rows one at a time (a grid builds each as it goes, a mesh keeps its
 * whole image), libpng's memory comes from the caller's allocator, and
 * every failure (no memory, a write, a flush, libpng itself) becomes a
 * status with a diag that says why. */
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "render_internal.h"
#include "wayfind/io.h"

/* libpng's callbacks reach this through their user pointers. */
typedef struct png_ctx {
    wf_allocator alloc;
    FILE *f;
    int nomem;    /* an allocation failed */
    int io_err;   /* errno of a failed write or flush, 0 if none */
    char msg[128];
} png_ctx;

/* libpng frees without a size; the allocator wants one, kept in front. */
#define WF_PNG_HDR_ sizeof(max_align_t)

static png_voidp on_malloc(png_structp png, png_alloc_size_t n) {
    png_ctx *c = png_get_mem_ptr(png);
    unsigned char *p = NULL;
    size_t total = (size_t)n + WF_PNG_HDR_;
    if (n <= SIZE_MAX - WF_PNG_HDR_)
        p = wf__alloc(&c->alloc, total);
    if (!p) {
        c->nomem = 1;
        return NULL;
    }
    memcpy(p, &total, sizeof total);
    return p + WF_PNG_HDR_;
}

static void on_free(png_structp png, png_voidp ptr) {
    png_ctx *c = png_get_mem_ptr(png);
    if (!ptr)
        return;
    unsigned char *p = (unsigned char *)ptr - WF_PNG_HDR_;
    size_t total;
    memcpy(&total, p, sizeof total);
    wf__free(&c->alloc, p, total);
}

static void on_error(png_structp png, png_const_charp msg) {
    png_ctx *c = png_get_error_ptr(png);
    snprintf(c->msg, sizeof c->msg, "%s", msg ? msg : "error");
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg) {
    (void)png;
    (void)msg;
}

static void on_write(png_structp png, png_bytep data, size_t n) {
    png_ctx *c = png_get_io_ptr(png);
    errno = 0;
    if (fwrite(data, 1, n, c->f) != n) {
        c->io_err = errno ? errno : EIO;
        png_error(png, "write failed");
    }
}

static void on_flush(png_structp png) {
    png_ctx *c = png_get_io_ptr(png);
    errno = 0;
    if (fflush(c->f) != 0) {
        c->io_err = errno ? errno : EIO;
        png_error(png, "flush failed");
    }
}

/* The rows the caller hands over, and where they go. */
typedef struct png_rows {
    size_t width, height;
    wf__png_row_fn row;
    void *ud;
} png_rows;

/* No local of this function changes between setjmp and a longjmp, and
 * every buffer is the caller's, so none needs to be volatile. */
static wf_status encode(png_ctx *ctx, const png_rows *r) {
    png_structp png = png_create_write_struct_2(
        PNG_LIBPNG_VER_STRING, ctx, on_error, on_warning, ctx, on_malloc,
        on_free);
    if (!png)
        return WF_E_NOMEM;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return WF_E_NOMEM;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return ctx->nomem && !ctx->io_err ? WF_E_NOMEM : WF_E_IO;
    }
    png_set_write_fn(png, ctx, on_write, on_flush);
    png_set_IHDR(png, info, (png_uint_32)r->width, (png_uint_32)r->height, 8,
                 PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (size_t y = 0; y < r->height; y++)
        png_write_row(png, r->row(r->ud, y));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return WF_OK;
}

wf_status wf__png_nomem(wf_diag *diag, const char *name) {
    wf__diag_set(diag, name, 0, 0, "out of memory writing a PNG");
    return WF_E_NOMEM;
}

wf_status wf__png_encode(FILE *f, const char *name,
                         const wf_allocator *alloc, size_t width,
                         size_t height, wf__png_row_fn row, void *ud,
                         wf_diag *diag) {
    png_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.alloc = wf__allocator(alloc);
    ctx.f = f;
    const png_rows r = {width, height, row, ud};
    wf_status st = encode(&ctx, &r);
    if (st == WF_OK) {
        errno = 0;
        if (fflush(f) != 0 || ferror(f)) {
            ctx.io_err = errno ? errno : EIO;
            st = WF_E_IO;
        }
    }
    if (st == WF_E_NOMEM)
        return wf__png_nomem(diag, name);
    if (st == WF_E_IO && ctx.io_err)
        wf__diag_set(diag, name, 0, 0, "cannot write: %s",
                     strerror(ctx.io_err));
    else if (st == WF_E_IO)
        wf__diag_set(diag, name, 0, 0, "libpng: %s", ctx.msg);
    return st;
}

/* wf_file_write's view of a picture's emit function. */
typedef struct png_job {
    const char *name;
    wf__png_emit_fn emit;
    void *ud;
} png_job;

static wf_status emit_job(void *ud, FILE *f, wf_diag *diag) {
    const png_job *j = ud;
    return j->emit(j->ud, f, j->name, diag);
}

wf_status wf__png_to_path(const char *path, wf__png_emit_fn emit, void *ud,
                          wf_diag *diag) {
    png_job j = {path, emit, ud};
    return wf_file_write(path, emit_job, &j, diag);
}
