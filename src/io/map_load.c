/* wf_map_load: any map file, its format told by content and name. */
#include "wf_core_private.h"
#include "file_read.h"

/* 1 when the first word of the text (after blanks, line ends and a UTF-8
 * byte order mark) is "type". */
static int looks_movingai(const char *buf, size_t len) {
    size_t i = 0;
    if (!buf)
        return 0;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' ||
                       buf[i] == '\n'))
        i++;
    if (len - i < 4 || memcmp(buf + i, "type", 4) != 0)
        return 0;
    i += 4;
    return i == len || buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' ||
           buf[i] == '\n';
}

static int ends_with_csv(const char *path) {
    size_t n = strlen(path);
    if (n < 4)
        return 0;
    const char *e = path + n - 4;
    return e[0] == '.' && (e[1] | 0x20) == 'c' && (e[2] | 0x20) == 's' &&
           (e[3] | 0x20) == 'v';
}

wf_map_format wf_map_format_of(const char *path, const char *buf,
                               size_t len) {
    if (looks_movingai(buf, len))
        return WF_MAP_FORMAT_MOVINGAI;
    if (path && ends_with_csv(path))
        return WF_MAP_FORMAT_CSV;
    return WF_MAP_FORMAT_ASCII;
}

static wf_status load_csv(const char *path, const char *legend_path,
                          const wf_allocator *a, const char *buf, size_t len,
                          wf_grid **out, wf_map_marks *marks, wf_diag *diag) {
    char *own = NULL;
    size_t own_size = 0;
    if (!legend_path) {
        size_t stem = strlen(path) - 4;
        own_size = stem + sizeof ".legend";
        own = wf__alloc(a, own_size);
        if (!own)
            return WF_E_NOMEM;
        memcpy(own, path, stem);
        memcpy(own + stem, ".legend", sizeof ".legend");
        legend_path = own;
    }
    /* The legend is large (about 14 KiB): keep it off the stack. */
    wf_legend *legend = wf__alloc(a, sizeof *legend);
    wf_status s = WF_E_NOMEM;
    if (legend) {
        s = wf_legend_read(legend_path, a, legend, diag);
        if (s == WF_OK)
            s = wf_csv_map_parse(buf, len, path, legend, a, out, marks, diag);
        wf__free(a, legend, sizeof *legend);
    }
    wf__free(a, own, own_size);
    return s;
}

typedef struct load_ctx {
    const char *legend_path;
    const wf_allocator *alloc;
    wf_grid **out;
    wf_map_marks *marks;
} load_ctx;

static wf_status parse_any(void *ctx, const char *buf, size_t len,
                           const char *path, wf_diag *diag) {
    load_ctx *c = ctx;
    const wf_map_format f = wf_map_format_of(path, buf, len);
    wf_status s;
    switch (f) {
    case WF_MAP_FORMAT_MOVINGAI:
        s = wf_movingai_map_parse(buf, len, path, c->alloc, c->out, diag);
        break;
    case WF_MAP_FORMAT_CSV:
        s = load_csv(path, c->legend_path, c->alloc, buf, len, c->out,
                     c->marks, diag);
        break;
    default:
        s = wf_ascii_map_parse(buf, len, path, c->alloc, c->out, c->marks,
                               diag);
        break;
    }
    if (s == WF_OK && c->marks)
        c->marks->format = f;
    return s;
}

wf_status wf_map_load(const char *path, const char *legend_path,
                      const wf_allocator *alloc, wf_grid **out,
                      wf_map_marks *marks, wf_diag *diag) {
    if (out)
        *out = NULL;
    if (marks)
        memset(marks, 0, sizeof *marks);
    if (!path || !out)
        return WF_E_INVALID_ARG;
    wf_allocator a = wf__allocator(alloc);
    load_ctx c = {legend_path, &a, out, marks};
    if (ends_with_csv(path))
        return wf__read_parse(path, WF_CSV_FILE_MAX, "a CSV map file", &a,
                              parse_any, &c, diag);
    return wf__read_parse(path, WF_MAP_FILE_MAX, "a map file", &a, parse_any,
                          &c, diag);
}
