/* The colour bar under PNG heat maps: the ramp, two ticks, and the min and
 * max values in a tiny built-in font. */
#include <string.h>

#include "render_internal.h"

/* Legend layout, rows from the top of the legend strip. */
enum {
    LEG_BAR_TOP = 4, LEG_BAR_BOTTOM = 15, /* outlined bar, inclusive */
    LEG_TICK_BOTTOM = 18,
    LEG_TEXT_TOP = 21, LEG_FONT = 2,      /* 3x5 glyphs drawn 2x */
    LEG_ADVANCE = 4 * LEG_FONT
};
static const wf_rgb legend_bg = {255, 255, 255};
static const wf_rgb legend_ink = {50, 50, 50};


/* 3x5 glyphs, one byte per row, bit 2 the left column. */
static const uint8_t *glyph(char ch) {
    static const uint8_t digits[10][5] = {
        {7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {7, 1, 7, 4, 7}, {7, 1, 7, 1, 7},
        {5, 5, 7, 1, 1}, {7, 4, 7, 1, 7}, {7, 4, 7, 5, 7}, {7, 1, 1, 2, 2},
        {7, 5, 7, 5, 7}, {7, 5, 7, 1, 7}};
    static const uint8_t minus[5] = {0, 0, 7, 0, 0}, plus[5] = {0, 2, 7, 2, 0},
                         dot[5] = {0, 0, 0, 0, 2}, e[5] = {0, 7, 7, 4, 7},
                         blank[5] = {0, 0, 0, 0, 0};
    if (ch >= '0' && ch <= '9')
        return digits[ch - '0'];
    switch (ch) {
    case '-': return minus;
    case '+': return plus;
    case '.': return dot;
    case 'e': return e;
    default: return blank;
    }
}

static size_t text_width(const char *s) {
    size_t n = strlen(s);
    return n ? n * LEG_ADVANCE - (LEG_ADVANCE - 3 * LEG_FONT) : 0;
}

/* Row gy (0..4) of the glyphs of s, from pixel x0 on. */
static void draw_text_row(uint8_t *row, size_t width, const char *s,
                          size_t x0, int gy) {
    for (size_t i = 0; s[i]; i++) {
        uint8_t bits = glyph(s[i])[gy];
        for (int gx = 0; gx < 3; gx++) {
            if (!(bits & (4 >> gx)))
                continue;
            size_t x = x0 + i * LEG_ADVANCE + (size_t)gx * LEG_FONT, a, b;
            if (wf__span_clip((double)x, (double)x + LEG_FONT - 1, width, &a, &b))
                wf__fill(row, a, b, legend_ink);
        }
    }
}

void wf__png_legend_row(uint8_t *row, size_t width, const char *lab_lo,
                        const char *lab_hi, size_t ly) {
    const size_t W = width;
    const size_t margin = W >= 32 ? 6 : 0;
    const size_t x0 = margin, x1 = W - 1 - margin;
    wf__fill(row, 0, W - 1, legend_bg);
    if (ly >= LEG_BAR_TOP && ly <= LEG_BAR_BOTTOM) {
        wf__fill(row, x0, x1, legend_ink);
        if (ly > LEG_BAR_TOP && ly < LEG_BAR_BOTTOM && x1 > x0 + 1) {
            /* inner pixels x0+1 .. x1-1 run over the whole ramp */
            size_t n = x1 - x0 - 2;
            for (size_t x = x0 + 1; x < x1; x++)
                wf__put(row, x,
                    wf_render_ramp_color(n ? (double)(x - x0 - 1) / (double)n
                                           : 0.0));
        }
    } else if (ly > LEG_BAR_BOTTOM && ly <= LEG_TICK_BOTTOM) {
        wf__put(row, x0, legend_ink);
        wf__put(row, x1, legend_ink);
    } else if (ly >= LEG_TEXT_TOP && ly < LEG_TEXT_TOP + 5 * LEG_FONT) {
        int gy = (int)(ly - LEG_TEXT_TOP) / LEG_FONT;
        size_t wlo = text_width(lab_lo), whi = text_width(lab_hi);
        draw_text_row(row, W, lab_lo, x0, gy);
        /* the max label ends under the bar's end, if it fits beside min */
        if (x1 + 1 >= whi && x1 + 1 - whi >= x0 + wlo + LEG_ADVANCE)
            draw_text_row(row, W, lab_hi, x1 + 1 - whi, gy);
    }
}

