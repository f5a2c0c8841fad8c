/* Helpers of the fuzz targets (see fuzz.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

void fuzz_fail(const char *file, int line, const char *what) {
    fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    abort();
}

int fuzz_close(double a, double b) {
    if (a == b)
        return 1;
    if (!isfinite(a) || !isfinite(b))
        return 0;
    return fabs(a - b) <= 1e-9 * fmax(1.0, fmax(fabs(a), fabs(b)));
}

int fuzz_near(double a, double b) {
    return a == b || fabs(a - b) <= 1e-14 * fmax(fabs(a), fabs(b));
}

void fuzz_check_refused(wf_status s, int out_null, const wf_diag *d) {
    FUZZ_CHECK(s == WF_E_PARSE || s == WF_E_NOMEM || s == WF_E_TOO_BIG);
    FUZZ_CHECK(out_null);
    FUZZ_CHECK(s != WF_E_PARSE || d->message[0] != '\0');
}

wf_grid *fuzz_ascii_map(const char *text) {
    wf_grid *g = NULL;
    FUZZ_CHECK(wf_ascii_map_parse(text, strlen(text), "map.txt", NULL, &g,
                                  NULL, NULL) == WF_OK);
    return g;
}

int fuzz_passable_ends(const wf_grid *g, wf_point *first, wf_point *last) {
    int w = wf_grid_width(g), h = wf_grid_height(g), found = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (wf_grid_passable(g, x, y)) {
                wf_point p = {x, y};
                if (!found)
                    *first = p;
                *last = p;
                found = 1;
            }
    return found;
}

/* Checks one search result (see fuzz_check_search). */
static void check_path(const wf_grid *g, wf_point s, wf_point t,
                       wf_status st, const wf_path *p) {
    int ends_ok = wf_grid_passable(g, s.x, s.y) && wf_grid_passable(g, t.x, t.y);
    FUZZ_CHECK(st == WF_OK || st == WF_NO_PATH);
    if (st == WF_NO_PATH) {
        FUZZ_CHECK(p->count == 0);
        return;
    }
    FUZZ_CHECK(ends_ok);
    FUZZ_CHECK(p->count >= 1);
    FUZZ_CHECK(p->points[0].x == s.x && p->points[0].y == s.y);
    FUZZ_CHECK(p->points[p->count - 1].x == t.x &&
               p->points[p->count - 1].y == t.y);
    double sum = 0;
    for (size_t i = 1; i < p->count; i++) {
        double c = wf_grid_move_cost(g, p->points[i - 1], p->points[i], wf_move_default());
        FUZZ_CHECK(c != WF_BLOCKED);
        sum += c;
    }
    FUZZ_CHECK(fuzz_close(sum, p->cost));
}

void fuzz_check_search(const wf_grid *g, wf_point s, wf_point t) {
    wf_search *ws;
    wf_path a, d;
    FUZZ_CHECK(wf_search_create(NULL, &ws) == WF_OK);
    wf_path_init(&a, NULL);
    wf_path_init(&d, NULL);
    wf_search_opts o = wf_search_opts_default();
    wf_status sa = wf_search_grid(ws, g, s, t, &o, &a);
    check_path(g, s, t, sa, &a);
    o.algo = WF_ALGO_DIJKSTRA;
    wf_status sd = wf_search_grid(ws, g, s, t, &o, &d);
    check_path(g, s, t, sd, &d);
    FUZZ_CHECK(sa == sd);
    FUZZ_CHECK(fuzz_close(a.cost, d.cost));
    wf_path_free(&a);
    wf_path_free(&d);
    wf_search_destroy(ws);
}

void fuzz_check_mesh(const wf_mesh *m) {
    wf_mesh_query *q;
    FUZZ_CHECK(wf_mesh_query_create(NULL, &q) == WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    uint64_t state = 1;
    for (int i = 0; i < 4; i++) {
        wf_vec2 a, b, hit;
        if (wf_mesh_random_point(m, &state, &a) != WF_OK ||
            wf_mesh_random_point(m, &state, &b) != WF_OK)
            break;
        FUZZ_CHECK(wf_mesh_nearest(m, a, NULL) >= 0);
        const wf_status s = wf_mesh_path(q, m, a, b, &p);
        FUZZ_CHECK(s == WF_OK || s == WF_NO_PATH);
        if (s == WF_OK) {
            const wf_vec2 e0 = p.points[0], e1 = p.points[p.count - 1];
            FUZZ_CHECK(p.length >=
                       hypot(e1.x - e0.x, e1.y - e0.y) * (1 - 1e-9));
            for (size_t k = 0; k < p.count; k++)
                FUZZ_CHECK(wf_mesh_nearest(m, p.points[k], NULL) >= 0);
        }
        const wf_status r = wf_mesh_raycast(m, a, b, &hit);
        FUZZ_CHECK(r == WF_OK || r == WF_NO_PATH || r == WF_E_RANGE);
    }
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
}

void fuzz_out_open(fuzz_out *o) {
    o->buf = NULL;
    o->len = 0;
    o->f = open_memstream(&o->buf, &o->len);
    FUZZ_CHECK(o->f != NULL);
}

void fuzz_out_close(fuzz_out *o) {
    FUZZ_CHECK(fclose(o->f) == 0);
    o->f = NULL;
}

void fuzz_fix_checksum(uint8_t *b, size_t len, size_t from, size_t at,
                       uint64_t seed) {
    uint64_t h = seed;
    for (size_t i = from; i < len; i += 8) {
        uint64_t w = 0;
        for (int k = 7; k >= 0; k--)
            w = w << 8 | (i + (size_t)k < len ? b[i + (size_t)k] : 0u);
        h = (h ^ w) * 0x9E3779B97F4A7C15u;
        h ^= h >> 32;
    }
    for (int k = 0; k < 8; k++)
        b[at + (size_t)k] = (unsigned char)(h >> (8 * k));
}

void fuzz_binary_file(const wf_grid *g, const uint8_t *data, size_t size,
                      size_t header, size_t at, uint64_t seed,
                      fuzz_parse_fn parse) {
    parse(g, data, size);
    if (size < header)
        return;
    uint8_t *fixed = malloc(size ? size : 1);
    FUZZ_CHECK(fixed != NULL);
    memcpy(fixed, data, size);
    fuzz_fix_checksum(fixed, size, header, at, seed);
    parse(g, fixed, size);
    free(fixed);
}
