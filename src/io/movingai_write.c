/* Moving AI .map writer. */
#include <stdio.h>

#include "wf_core_private.h"
#include "wayfind/io.h"

/* The character written for terrain code t: the code itself when it is a
 * Moving AI map character whose meaning (passable or not) matches the
 * grid's table, so that reading the file back gives the same passability;
 * otherwise '.' or '@'. */
static char cell_char(const wf_grid *g, uint8_t t) {
    int passable = g->passable[t] != 0;
    switch (t) {
    case '.': case 'G': case 'S': case 'W':
        return passable ? (char)t : '@';
    case '@': case 'O': case 'T':
        return passable ? '.' : (char)t;
    default:
        return passable ? '.' : '@';
    }
}

wf_status wf_movingai_map_write(const wf_grid *g, FILE *f) {
    if (!g || !f)
        return WF_E_INVALID_ARG;
    if (fprintf(f, "type octile\nheight %d\nwidth %d\nmap\n", g->height,
                g->width) < 0)
        return WF_E_IO;
    /* Rows go out through a fixed chunk: no allocation, few calls. */
    char chunk[4096];
    size_t k = 0;
    for (int y = 0; y < g->height; y++) {
        const uint8_t *row = g->terrain + (size_t)y * (size_t)g->width;
        for (int x = 0; x <= g->width; x++) {
            if (k == sizeof chunk) {
                if (fwrite(chunk, 1, k, f) != k)
                    return WF_E_IO;
                k = 0;
            }
            chunk[k++] = x < g->width ? cell_char(g, row[x]) : '\n';
        }
    }
    if (k && fwrite(chunk, 1, k, f) != k)
        return WF_E_IO;
    if (fflush(f) != 0 || ferror(f))
        return WF_E_IO;
    return WF_OK;
}

wf_status wf_scen_write(const wf_scen *s, FILE *f) {
    if (!s || !f || (s->count && !s->entries))
        return WF_E_INVALID_ARG;
    if (fputs("version 1\n", f) == EOF)
        return WF_E_IO;
    for (size_t i = 0; i < s->count; i++) {
        const wf_scen_entry *e = &s->entries[i];
        if (fprintf(f, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.8f\n", e->bucket,
                    s->map, e->map_width, e->map_height, e->start.x,
                    e->start.y, e->goal.x, e->goal.y, e->optimal) < 0)
            return WF_E_IO;
    }
    if (fflush(f) != 0 || ferror(f))
        return WF_E_IO;
    return WF_OK;
}
