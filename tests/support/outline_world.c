/* The random worlds of outline_world.h. */
#include "outline_world.h"

#include <string.h>

void wf_world_begin(wf_world *w, wf_outline_kind kind) {
    assert_true(w->n < WF_WORLD_MAXO);
    w->o[w->n] = (wf_outline){w->pt + w->np, 0, kind, NULL};
}

void wf_world_add(wf_world *w, double x, double y) {
    assert_true(w->np < WF_WORLD_MAXP);
    w->pt[w->np++] = (wf_vec2){x, y};
    w->o[w->n].count++;
}

void wf_world_end(wf_world *w, wf_test_rng *r) {
    wf_outline *o = &w->o[w->n++];
    const int reverse = (int)wf_test_rng_below(r, 2);
    for (size_t i = 0; reverse && i < o->count / 2; i++) {
        wf_vec2 *p = (wf_vec2 *)o->points;
        const wf_vec2 t = p[i];
        p[i] = p[o->count - 1 - i];
        p[o->count - 1 - i] = t;
    }
}

/* The ground: the square [0, 48]² with extra points along its sides, some
 * pushed outwards (so it is not convex). */
static void ground(wf_world *w, wf_test_rng *r) {
    static const int corner[4][2] = {{0, 0}, {48, 0}, {48, 48}, {0, 48}};
    wf_world_begin(w, WF_OUTLINE_WALKABLE);
    for (int side = 0; side < 4; side++) {
        wf_world_add(w, corner[side][0], corner[side][1]);
        int at = 0;
        for (int k = 0; k < 3; k++) {
            at += 1 + (int)wf_test_rng_below(r, 14);
            if (at >= 48)
                break;
            const int out = (int)wf_test_rng_below(r, 6);
            const double x = side == 0 ? at : side == 1 ? 48 + out
                           : side == 2 ? 48 - at : -out;
            const double y = side == 0 ? -out : side == 1 ? at
                           : side == 2 ? 48 + out : 48 - at;
            wf_world_add(w, x, y);
        }
    }
    wf_world_end(w, r);
}

/* A hole in the lattice cell of 8 × 8 at (x0, y0), or none. */
static void hole(wf_world *w, wf_test_rng *r, int x0, int y0) {
    const uint32_t kind = wf_test_rng_below(r, 20);
    if (kind >= 11)
        return;
    wf_world_begin(w, WF_OUTLINE_OBSTACLE);
    if (kind < 5) {
        const int x1 = kind < 4 ? x0 + 8 : x0 + 2 + (int)wf_test_rng_below(r, 6);
        const int y1 = kind < 4 ? y0 + 8 : y0 + 2 + (int)wf_test_rng_below(r, 6);
        wf_world_add(w, x0, y0);
        if (wf_test_rng_below(r, 3) == 0)
            wf_world_add(w, (x0 + x1) / 2, y0); /* collinear */
        wf_world_add(w, x1, y0);
        wf_world_add(w, x1, y1);
        if (wf_test_rng_below(r, 3) == 0)
            wf_world_add(w, x1, y1); /* repeated */
        wf_world_add(w, x0, y1);
    } else {
        wf_vec2 p[3];
        do {
            for (int i = 0; i < 3; i++) {
                const uint32_t c = wf_test_rng_below(r, 12);
                p[i] = c < 9 ? (wf_vec2){x0 + 4.0 * (c % 3), y0 + 4.0 * (c / 3)}
                             : (wf_vec2){x0 + 1.0 + wf_test_rng_below(r, 7),
                                         y0 + 1.0 + wf_test_rng_below(r, 7)};
            }
        } while ((p[1].x - p[0].x) * (p[2].y - p[0].y) ==
                 (p[1].y - p[0].y) * (p[2].x - p[0].x));
        for (int i = 0; i < 3; i++)
            wf_world_add(w, p[i].x, p[i].y);
    }
    wf_world_end(w, r);
}

/* The ground as walkable strips side by side, [x, x + 16] × [0, 48]
 * (their sides on lattice lines, so no hole crosses them), with extra
 * points on the lines they share: edges and corners inside the ground
 * that bound nothing. */
static void strips(wf_world *w, wf_test_rng *r) {
    for (int x = 0; x < 48; x += 16) {
        wf_world_begin(w, WF_OUTLINE_WALKABLE);
        wf_world_add(w, x, 0), wf_world_add(w, x + 16, 0);
        for (int y = 0; y < 48; y += 4 + (int)wf_test_rng_below(r, 10))
            if (y && x + 16 < 48)
                wf_world_add(w, x + 16, y);
        wf_world_add(w, x + 16, 48), wf_world_add(w, x, 48);
        for (int y = 48; y > 0; y -= 4 + (int)wf_test_rng_below(r, 10))
            if (y < 48 && x > 0)
                wf_world_add(w, x, y);
        wf_world_end(w, r);
    }
}

static void holes(wf_world *w, wf_test_rng *r) {
    for (int y = 0; y < 48; y += 8)
        for (int x = 0; x < 48; x += 8)
            hole(w, r, x, y);
}

void wf_world_random(wf_world *w, wf_test_rng *r) {
    w->np = w->n = 0;
    ground(w, r);
    holes(w, r);
}

void wf_world_random_mixed(wf_world *w, wf_test_rng *r) {
    w->np = w->n = 0;
    if (wf_test_rng_below(r, 3) == 0)
        strips(w, r);
    else
        ground(w, r);
    holes(w, r);
}

/* A shape of kind `kind` in the box [x, x + a] × [y, y + b]: a rectangle,
 * a diamond, a right triangle (its hypotenuse at 45 degrees), an octagon
 * or an L; sides along the axes and diagonals only, on integers, so that
 * crossings fall on half-integers. With `general`, one time in two a
 * triangle on any integers of the box instead. */
static void shape(wf_world *w, wf_test_rng *r, wf_outline_kind kind, int x,
                  int y, int a, int b, int general) {
    const int m = a < b ? a : b, c = 1 + (int)wf_test_rng_below(r, (uint32_t)m / 2);
    const uint32_t k = general && wf_test_rng_below(r, 2)
                           ? 5
                           : wf_test_rng_below(r, 5);
    static const int tri[3][2] = {{0, 0}, {1, 0}, {0, 1}};
    wf_world_begin(w, kind);
    if (k == 0) {
        wf_world_add(w, x, y), wf_world_add(w, x + a, y);
        wf_world_add(w, x + a, y + b), wf_world_add(w, x, y + b);
    } else if (k == 1) {
        const int h = m / 2;
        wf_world_add(w, x + h, y), wf_world_add(w, x + 2 * h, y + h);
        wf_world_add(w, x + h, y + 2 * h), wf_world_add(w, x, y + h);
    } else if (k == 2) {
        const int f = (int)wf_test_rng_below(r, 4);
        for (int i = 0; i < 3; i++) { /* turned a quarter f times */
            const int u = f & 1 ? 1 - tri[i][1] : tri[i][0];
            const int v = f & 1 ? tri[i][0] : tri[i][1];
            wf_world_add(w, x + (f & 2 ? 1 - u : u) * m,
                         y + (f & 2 ? 1 - v : v) * m);
        }
    } else if (k == 3) {
        wf_world_add(w, x + c, y), wf_world_add(w, x + a - c, y);
        wf_world_add(w, x + a, y + c), wf_world_add(w, x + a, y + b - c);
        wf_world_add(w, x + a - c, y + b), wf_world_add(w, x + c, y + b);
        wf_world_add(w, x, y + b - c), wf_world_add(w, x, y + c);
    } else if (k == 4) {
        wf_world_add(w, x, y), wf_world_add(w, x + a, y);
        wf_world_add(w, x + a, y + c), wf_world_add(w, x + c, y + c);
        wf_world_add(w, x + c, y + b), wf_world_add(w, x, y + b);
    } else {
        wf_vec2 p[3];
        do {
            for (int i = 0; i < 3; i++)
                p[i] = (wf_vec2){x + (double)wf_test_rng_below(r, (uint32_t)a + 1),
                                 y + (double)wf_test_rng_below(r, (uint32_t)b + 1)};
        } while ((p[1].x - p[0].x) * (p[2].y - p[0].y) ==
                 (p[1].y - p[0].y) * (p[2].x - p[0].x));
        for (int i = 0; i < 3; i++)
            wf_world_add(w, p[i].x, p[i].y);
    }
    wf_world_end(w, r);
}

void wf_world_overlapping(wf_world *w, wf_test_rng *r, int general) {
    w->np = w->n = 0;
    const int grounds = 1 + (int)wf_test_rng_below(r, 3);
    for (int i = 0; i < grounds; i++) {
        const int a = 20 + (int)wf_test_rng_below(r, 29);
        const int b = 20 + (int)wf_test_rng_below(r, 29);
        const int x = (int)wf_test_rng_below(r, 49 - (uint32_t)a);
        const int y = (int)wf_test_rng_below(r, 49 - (uint32_t)b);
        shape(w, r, WF_OUTLINE_WALKABLE, x, y, a, b, 0);
    }
    const int holes = 3 + (int)wf_test_rng_below(r, 14);
    for (int i = 0; i < holes; i++)
        wf_world_shape(w, r,
                       wf_test_rng_below(r, general ? 3 : 10)
                           ? WF_OUTLINE_OBSTACLE
                           : WF_OUTLINE_WALKABLE,
                       general);
}

void wf_world_shape(wf_world *w, wf_test_rng *r, wf_outline_kind kind,
                    int general) {
    const int a = 2 + (int)wf_test_rng_below(r, 12);
    const int b = 2 + (int)wf_test_rng_below(r, 12);
    const int x = (int)wf_test_rng_below(r, 56) - 4 - a / 2;
    const int y = (int)wf_test_rng_below(r, 56) - 4 - b / 2;
    shape(w, r, kind, x, y, a, b, general);
}

void wf_world_scaled(const wf_world *w, double f, wf_world *s) {
    memcpy(s, w, sizeof *s);
    for (size_t i = 0; i < w->np; i++)
        s->pt[i] = (wf_vec2){w->pt[i].x * f, w->pt[i].y * f};
    for (size_t i = 0; i < w->n; i++)
        s->o[i].points = s->pt + (w->o[i].points - w->pt);
}

void wf_world_grid(const wf_grid *g, wf_world *w, wf_test_rng *r) {
    w->np = w->n = 0;
    const int gw = wf_grid_width(g), gh = wf_grid_height(g);
    wf_world_begin(w, WF_OUTLINE_WALKABLE);
    wf_world_add(w, 0, 0), wf_world_add(w, gw, 0);
    wf_world_add(w, gw, gh), wf_world_add(w, 0, gh);
    wf_world_end(w, r);
    for (int y = 0; y < gh; y++)
        for (int x = 0; x < gw; x++) {
            if (wf_grid_passable(g, x, y))
                continue;
            int x1 = x + 1;
            if (wf_test_rng_below(r, 2))
                while (x1 < gw && !wf_grid_passable(g, x1, y))
                    x1++;
            wf_world_begin(w, WF_OUTLINE_OBSTACLE);
            wf_world_add(w, x, y), wf_world_add(w, x1, y);
            wf_world_add(w, x1, y + 1), wf_world_add(w, x, y + 1);
            wf_world_end(w, r);
            x = x1 - 1;
        }
}

wf_vec2 wf_world_point(const wf_oracle *ref, wf_test_rng *r) {
    wf_vec2 p;
    const int tries = wf_test_rng_below(r, 8) ? 20 : 1;
    for (int i = 0; i < tries; i++) {
        p = (wf_vec2){((int)wf_test_rng_below(r, 112) - 8) / 2.0 + 0.25,
                      ((int)wf_test_rng_below(r, 112) - 8) / 2.0 + 0.25};
        if (wf_oracle_where(ref, p) == 1)
            break;
    }
    return p;
}

wf_status wf_world_build(const wf_allocator *a, void *ud) {
    const wf_world_job *j = ud;
    wf_mesh *m = NULL;
    const wf_status s =
        wf_mesh_from_outlines(j->w->o, j->w->n, j->opts, a, &m, NULL);
    wf_mesh_destroy(m);
    return s;
}
