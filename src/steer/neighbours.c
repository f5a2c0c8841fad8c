/* The neighbour grid of a step: square cells of the step's neighbour
 * distance (larger when the agents are spread so thin that there would be
 * more cells than a few per agent), the live agents counting-sorted into
 * them by slot, so a query visits the 3 × 3 cells around an agent and the
 * order of what it finds depends on the slots only. */
#include "steer_internal.h"

/* The cell of a coordinate, clamped. */
static int cell_of(double v, double o, double side, int n) {
    double k = floor((v - o) / side);
    return k < 0 ? 0 : k >= n ? n - 1 : (int)k;
}

static int grow(const wf_allocator *a, uint32_t **p, size_t *cap,
                size_t need) {
    if (need <= *cap)
        return 1;
    size_t nc = need + need / 2, bytes;
    if (!wf__mul_size(nc, sizeof **p, &bytes))
        return 0;
    uint32_t *q = wf__realloc(a, *p, *cap * sizeof **p, bytes);
    if (!q)
        return 0;
    *p = q;
    *cap = nc;
    return 1;
}

/* The grid's origin, cell side and size over the live agents. */
static void hash_extent(wf_crowd *c) {
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (size_t i = 0; i < c->n_slots; i++) {
        if (!c->ag[i].gen)
            continue;
        x0 = fmin(x0, c->ag[i].pos.x);
        y0 = fmin(y0, c->ag[i].pos.y);
        x1 = fmax(x1, c->ag[i].pos.x);
        y1 = fmax(y1, c->ag[i].pos.y);
    }
    if (!(x0 <= x1)) {
        x0 = y0 = x1 = y1 = 0.0;
    }
    double limit = 4.0 * (double)c->live + 16.0;
    c->hside = c->range > 0.0 ? c->range : 1.0;
    for (;;) {
        double w = floor((x1 - x0) / c->hside) + 1;
        double h = floor((y1 - y0) / c->hside) + 1;
        if (w * h <= limit) {
            c->hw = (int)w;
            c->hh = (int)h;
            break;
        }
        c->hside *= 2.0;
    }
    c->hx = x0;
    c->hy = y0;
}

wf_status wf__crowd_hash_begin(wf_crowd *c) {
    hash_extent(c);
    size_t cells = (size_t)c->hw * (size_t)c->hh;
    if (!grow(&c->alloc, &c->hstart, &c->hcells_cap, cells + 1) ||
        !grow(&c->alloc, &c->horder, &c->horder_cap, c->live + 1) ||
        !grow(&c->alloc, &c->hcell, &c->hcell_cap, c->n_slots + 1))
        return WF_E_NOMEM;
    return WF_OK;
}

void wf__crowd_hash_cell(wf_crowd *c, size_t i, wf__scratch *s) {
    (void)s;
    int cx = cell_of(c->ag[i].pos.x, c->hx, c->hside, c->hw);
    int cy = cell_of(c->ag[i].pos.y, c->hy, c->hside, c->hh);
    c->hcell[i] = (uint32_t)((size_t)cy * (size_t)c->hw + (size_t)cx);
}

void wf__crowd_hash_sort(wf_crowd *c) {
    size_t cells = (size_t)c->hw * (size_t)c->hh;
    memset(c->hstart, 0, (cells + 1) * sizeof *c->hstart);
    for (size_t i = 0; i < c->n_slots; i++)
        if (c->ag[i].gen)
            c->hstart[c->hcell[i] + 1]++;
    for (size_t k = 0; k < cells; k++)
        c->hstart[k + 1] += c->hstart[k];
    /* place by slot order: hstart[k] runs up to the end of cell k - 1,
     * then is shifted back below */
    for (size_t i = 0; i < c->n_slots; i++)
        if (c->ag[i].gen)
            c->horder[c->hstart[c->hcell[i]]++] = (uint32_t)i;
    for (size_t k = cells; k > 0; k--)
        c->hstart[k] = c->hstart[k - 1];
    c->hstart[0] = 0;
}

/* Inserts (d, j) into the sorted list of *n (at most cap) entries. */
static void keep_nearest(uint32_t *nb, double *nd, size_t *n, size_t cap,
                         uint32_t j, double d) {
    size_t k = *n;
    if (k == cap) {
        if (d > nd[k - 1] || (d == nd[k - 1] && j > nb[k - 1]))
            return;
        k--;
    } else {
        (*n)++;
    }
    while (k > 0 && (nd[k - 1] > d || (nd[k - 1] == d && nb[k - 1] > j))) {
        nb[k] = nb[k - 1];
        nd[k] = nd[k - 1];
        k--;
    }
    nb[k] = j;
    nd[k] = d;
}

size_t wf__crowd_neighbours(const wf_crowd *c, size_t i, uint32_t *nb,
                            double *nd) {
    const wf__agent *a = &c->ag[i];
    double r = c->range, r2 = r * r;
    int x0 = cell_of(a->pos.x - r, c->hx, c->hside, c->hw);
    int x1 = cell_of(a->pos.x + r, c->hx, c->hside, c->hw);
    int y0 = cell_of(a->pos.y - r, c->hy, c->hside, c->hh);
    int y1 = cell_of(a->pos.y + r, c->hy, c->hside, c->hh);
    size_t n = 0, cap = (size_t)c->o.max_neighbours;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            size_t k = (size_t)y * (size_t)c->hw + (size_t)x;
            for (uint32_t e = c->hstart[k]; e < c->hstart[k + 1]; e++) {
                uint32_t j = c->horder[e];
                if (j == i)
                    continue;
                double d = v2_len2(v2_sub(c->ag[j].pos, a->pos));
                if (d < r2)
                    keep_nearest(nb, nd, &n, cap, j, d);
            }
        }
    return n;
}
