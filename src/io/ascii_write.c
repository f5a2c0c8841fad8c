/* ASCII map writer: the costs of a grid as '.', '2'–'9' and '#'. */
#include <stdio.h>

#include "wf_core_private.h"
#include "wayfind/io.h"

wf_status wf_ascii_map_write(const wf_grid *g, const wf_map_marks *marks,
                             FILE *f) {
    if (!g || !f)
        return WF_E_INVALID_ARG;
    char ch[256];
    for (int t = 0; t < 256; t++) {
        double c = g->cost[t];
        if (!g->passable[t])
            ch[t] = '#';
        else if (c >= 1 && c <= 9 && c == (double)(int)c)
            ch[t] = c == 1 ? '.' : (char)('0' + (int)c);
        else if (g->count[t])
            return WF_E_RANGE;
    }
    for (int y = 0; y < g->height; y++) {
        const uint8_t *row = g->terrain + (size_t)y * (size_t)g->width;
        for (int x = 0; x < g->width; x++) {
            char c = ch[row[x]];
            if (marks && marks->has_start && marks->start.x == x &&
                marks->start.y == y)
                c = 'S';
            else if (marks && marks->has_goal && marks->goal.x == x &&
                     marks->goal.y == y)
                c = 'G';
            if (putc(c, f) == EOF)
                return WF_E_IO;
        }
        if (putc('\n', f) == EOF)
            return WF_E_IO;
    }
    return fflush(f) == 0 && !ferror(f) ? WF_OK : WF_E_IO;
}
