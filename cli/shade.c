/* Text pictures of float fields: cells shaded 0–9 from low to high. */
#include <math.h>
#include <stdlib.h>

#include "cli.h"

int cli_shade(const wf_grid *g, const float *f, const wf_path *paths,
              size_t npaths) {
    int W = wf_grid_width(g), H = wf_grid_height(g);
    size_t cells = (size_t)W * (size_t)H;
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < cells; i++)
        if (isfinite(f[i])) {
            lo = fmin(lo, f[i]);
            hi = fmax(hi, f[i]);
        }
    char *pic = malloc(cells);
    if (!pic)
        return cli_fail(WF_E_NOMEM, NULL);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            size_t c = (size_t)y * (size_t)W + (size_t)x;
            double v = f[c];
            pic[c] = !wf_grid_passable(g, x, y) ? '#'
                     : !isfinite(v)             ? ' '
                     : hi > lo ? (char)('0' + (int)fmin(9, 10 * (v - lo) / (hi - lo)))
                               : '0';
        }
    /* Paths on top: the first '*', the second '+', then 'x'. */
    for (size_t k = 0; k < npaths; k++)
        for (size_t i = 0; i < paths[k].count; i++) {
            wf_point p = paths[k].points[i];
            pic[(size_t)p.y * (size_t)W + (size_t)p.x] = k == 0 ? '*' : k == 1 ? '+' : 'x';
        }
    for (int y = 0; y < H; y++) {
        fwrite(pic + (size_t)y * (size_t)W, 1, (size_t)W, stdout);
        putchar('\n');
    }
    free(pic);
    return 0;
}
