/* The checks every binary file's header starts with (binary.h): the whole
 * header there, the magic, the version, and the map it was made for. */
#include <inttypes.h>

#include "binary.h"

wf_status wf__binary_head(const unsigned char *b, size_t len, const char *name,
                          const wf__binary_kind *k, wf_diag *diag) {
    if (len < k->header) {
        wf__diag_set(diag, name, 0, 0,
                     "truncated: %zu bytes, not even the %zu-byte header of "
                     "a %s",
                     len, k->header, k->what);
        return WF_E_PARSE;
    }
    if (memcmp(b, k->magic, 8) != 0) {
        /* the magic's letters, without the line end closing it */
        int letters = 0;
        while (letters < 8 && k->magic[letters] >= 'A')
            letters++;
        wf__diag_set(diag, name, 0, 0,
                     "not a %s (it does not start with \"%.*s\")", k->what,
                     letters, k->magic);
        return WF_E_PARSE;
    }
    const uint32_t version = wf__get32(b + k->version_at);
    if (version != k->version) {
        wf__diag_set(diag, name, 0, 0,
                     "%s version %" PRIu32
                     ", this build reads version %" PRIu32
                     " (make it again with %s)",
                     k->what, version, k->version, k->remake);
        return WF_E_PARSE;
    }
    return WF_OK;
}

wf_status wf__binary_map(const unsigned char *b, size_t at, uint64_t got,
                         uint64_t want, const char *digest, const char *name,
                         const wf_grid *g, wf_diag *diag) {
    const uint32_t w = wf__get32(b + at), h = wf__get32(b + at + 4);
    if (w != (uint32_t)g->width || h != (uint32_t)g->height) {
        wf__diag_set(diag, name, 0, 0,
                     "made for another map: a %" PRIu32 "x%" PRIu32
                     " one, this map is %dx%d",
                     w, h, g->width, g->height);
        return WF_E_PARSE;
    }
    if (got != want) {
        wf__diag_set(diag, name, 0, 0,
                     "made for another map: its %s differs from this map's "
                     "(or the map was edited since)",
                     digest);
        return WF_E_PARSE;
    }
    return WF_OK;
}
