/* Colours of the pictures: terrain, the heat-map ramp, paths and markers. */
#include "wayfind/render.h"

static wf_rgb rgb(int r, int g, int b) {
    wf_rgb c = {(uint8_t)r, (uint8_t)g, (uint8_t)b};
    return c;
}

wf_rgb wf_render_terrain_color(const wf_grid *g, uint8_t t) {
    switch (t) {
    case '.': return rgb(232, 222, 186);  /* sand */
    case 'G': return rgb(196, 224, 160);  /* grass */
    case 'W': return rgb(28, 66, 150);
    case 'S': return rgb(128, 184, 226);
    case 'T': return rgb(34, 98, 48);
    case '@': return rgb(40, 40, 44);
    case 'O': return rgb(64, 64, 70);
    case '#': return rgb(28, 28, 30);
    default: break;
    }
    if (t >= '1' && t <= '9') {
        /* Cost 1 light brown to cost 9 dark brown, in eight equal steps. */
        int k = t - '1';
        return rgb(222 - k * (222 - 96) / 8, 196 - k * (196 - 60) / 8,
                   150 - k * (150 - 30) / 8);
    }
    if (g && wf_grid_cost(g, t) == WF_BLOCKED)
        return rgb(22, 22, 24);
    return rgb(200, 200, 200);
}

wf_rgb wf_render_ramp_color(double t) {
    /* Five samples of viridis: even steps in lightness, readable in grey. */
    static const uint8_t stops[5][3] = {
        {68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98},
        {253, 231, 37}};
    if (!(t > 0.0)) /* also NaN */
        t = 0.0;
    if (t > 1.0)
        t = 1.0;
    double u = t * 4.0;
    int i = (int)u;
    if (i > 3)
        i = 3;
    double f = u - i;
    wf_rgb c;
    c.r = (uint8_t)(stops[i][0] + f * (stops[i + 1][0] - stops[i][0]) + 0.5);
    c.g = (uint8_t)(stops[i][1] + f * (stops[i + 1][1] - stops[i][1]) + 0.5);
    c.b = (uint8_t)(stops[i][2] + f * (stops[i + 1][2] - stops[i][2]) + 0.5);
    return c;
}

wf_rgb wf_render_path_color(size_t i) {
    static const uint8_t colors[8][3] = {
        {235, 70, 20}, {30, 110, 235}, {230, 20, 200}, {0, 200, 200},
        {250, 205, 0}, {120, 60, 200}, {255, 255, 255}, {0, 0, 0}};
    const uint8_t *c = colors[i % 8];
    return rgb(c[0], c[1], c[2]);
}

wf_rgb wf_render_mark_color(size_t i) {
    static const uint8_t colors[4][3] = {
        {0, 230, 255}, {255, 0, 255}, {255, 255, 255}, {255, 230, 0}};
    const uint8_t *c = colors[i % 4];
    return rgb(c[0], c[1], c[2]);
}
