/* The neighbour grid of a step: square cells twice the step's neighbour
 * distance, hashed into about two buckets per agent (so agents spread thin
 * over a wide world, a ring of 50,000, cost no more than packed ones), the
 * live agents counting-sorted into the buckets by slot, their positions
 * beside them (a query reads no agent it does not keep). A query visits the
 * buckets of the 2 × 2 cells around an agent; the neighbours it keeps are
 * ordered by distance, then slot, so nothing depends on the buckets'
 * order or the threads. */
#include "steer_internal.h"

#define CELL_MAX 4503599627370496.0 /* 2^52: cells of far-off agents clamp */

/* The cell of a coordinate (inv: 1 / the cell side). Any rounding of the
 * product is harmless: the map is monotonic and the same for agents and
 * queries, so a query's cells still cover every agent within its range. */
static int64_t cell_of(double v, double inv) {
    double k = floor(v * inv);
    return (int64_t)(k < -CELL_MAX ? -CELL_MAX : k > CELL_MAX ? CELL_MAX : k);
}

/* The bucket of cell (x, y). */
static uint32_t bucket_of(const wf_crowd *c, int64_t x, int64_t y) {
    uint64_t h = (uint64_t)x * 0x9E3779B97F4A7C15u ^
                 (uint64_t)y * 0xC2B2AE3D27D4EB4Fu;
    return (uint32_t)((h ^ (h >> 29)) & (c->hbuckets - 1));
}

/* Room for need elements of size elem in *p (capacity *cap). */
static int grow(const wf_allocator *a, void **p, size_t *cap, size_t need,
                size_t elem) {
    if (need <= *cap)
        return 1;
    size_t nc = need + need / 2, bytes;
    if (!wf__mul_size(nc, elem, &bytes))
        return 0;
    void *q = wf__realloc(a, *p, *cap * elem, bytes);
    if (!q)
        return 0;
    *p = q;
    *cap = nc;
    return 1;
}

wf_status wf__crowd_hash_begin(wf_crowd *c) {
    c->hinv = 0.5 / (c->range > 0.0 ? c->range : 1.0);
    size_t b = 16;
    while (b < 2 * c->live && b < ((size_t)1 << 31))
        b *= 2;
    c->hbuckets = b;
    if (!grow(&c->alloc, (void **)&c->hstart, &c->hcells_cap, b + 1,
              sizeof *c->hstart) ||
        !grow(&c->alloc, (void **)&c->hcell, &c->hcell_cap, c->n_slots + 1,
              sizeof *c->hcell) ||
        !grow(&c->alloc, (void **)&c->spos, &c->spos_cap, c->n_slots + 1,
              sizeof *c->spos) ||
        !grow(&c->alloc, (void **)&c->hpos, &c->hpos_cap, c->live + 1,
              sizeof *c->hpos) ||
        !grow(&c->alloc, (void **)&c->horder, &c->horder_cap, c->live + 1,
              sizeof *c->horder))
        return WF_E_NOMEM;
    return WF_OK;
}

void wf__crowd_hash_cells(wf_crowd *c, size_t from, size_t to) {
    for (size_t i = from; i < to; i++) {
        if (!c->ag[i].gen) {
            c->hcell[i] = WF__NO_CELL;
            continue;
        }
        vec2 p = c->ag[i].pos;
        c->hcell[i] = bucket_of(c, cell_of(p.x, c->hinv), cell_of(p.y, c->hinv));
        c->spos[i] = p;
    }
}

/* Reads only hcell and spos, not the agents: on one thread, while the
 * agents' lines sit in the caches of the workers that wrote them. */
void wf__crowd_hash_sort(wf_crowd *c) {
    size_t cells = c->hbuckets;
    memset(c->hstart, 0, (cells + 1) * sizeof *c->hstart);
    for (size_t i = 0; i < c->n_slots; i++)
        if (c->hcell[i] != WF__NO_CELL)
            c->hstart[c->hcell[i] + 1]++;
    for (size_t k = 0; k < cells; k++)
        c->hstart[k + 1] += c->hstart[k];
    /* place by slot order: hstart[k] runs up to the end of bucket k - 1,
     * then is shifted back below */
    for (size_t i = 0; i < c->n_slots; i++)
        if (c->hcell[i] != WF__NO_CELL) {
            uint32_t e = c->hstart[c->hcell[i]]++;
            c->horder[e] = (uint32_t)i;
            c->hpos[e] = c->spos[i];
        }
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
    vec2 p = c->ag[i].pos;
    double r = c->range, r2 = r * r;
    int64_t x0 = cell_of(p.x - r, c->hinv);
    int64_t x1 = cell_of(p.x + r, c->hinv);
    int64_t y0 = cell_of(p.y - r, c->hinv);
    int64_t y1 = cell_of(p.y + r, c->hinv);
    /* the cells are the side of 2r: 2 × 2 of them, and rounding may add a
     * row or a column; the caps only bite near 2^52 cells out, where the
     * cells blur */
    if (x1 > x0 + 2)
        x1 = x0 + 2;
    if (y1 > y0 + 2)
        y1 = y0 + 2;
    uint32_t seen[9];
    size_t n = 0, nseen = 0, cap = (size_t)c->o.max_neighbours;
    for (int64_t y = y0; y <= y1; y++)
        for (int64_t x = x0; x <= x1; x++) {
            uint32_t k = bucket_of(c, x, y);
            size_t q = 0;
            while (q < nseen && seen[q] != k)
                q++;
            if (q < nseen)
                continue; /* two cells in one bucket: visited once */
            seen[nseen++] = k;
            for (uint32_t e = c->hstart[k], end = c->hstart[k + 1]; e < end;
                 e++) {
                double dx = c->hpos[e].x - p.x, dy = c->hpos[e].y - p.y;
                double d = dx * dx + dy * dy;
                if (d < r2 && c->horder[e] != i)
                    keep_nearest(nb, nd, &n, cap, c->horder[e], d);
            }
        }
    return n;
}
