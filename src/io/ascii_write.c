/* ASCII map writer: the costs of a grid as '.', '2'–'9' and '#'. */
#include <stdio.h>

#include "wayfind/io.h"

wf_status wf_ascii_map_write(FILE *f, const wf_grid *g,
                             const wf_map_marks *marks) {
    if (!g || !f)
        return WF_E_INVALID_ARG;
    char ch[256];
    for (int t = 0; t < 256; t++) {
        double c = wf_grid_cost(g, (uint8_t)t);
        if (c == WF_BLOCKED)
            ch[t] = '#';
        else if (c >= 1 && c <= 9 && c == (double)(int)c)
            ch[t] = c == 1 ? '.' : (char)('0' + (int)c);
        else if (wf_grid_terrain_count(g, (uint8_t)t))
            return WF_E_RANGE;
    }
    const int w = wf_grid_width(g), h = wf_grid_height(g);
    const uint8_t *cells = wf_grid_cells(g);
    for (int y = 0; y < h; y++) {
        const uint8_t *row = cells + (size_t)y * (size_t)w;
        for (int x = 0; x < w; x++) {
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
