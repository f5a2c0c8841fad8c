/* A mesh's life and what it knows of itself: freeing, describing, the
 * corners on its boundary, the edge across each shared one (the edges
 * sorted by the corners they join, with the one radix sort of the mesh),
 * the connected pieces and dead ends of its polygons, and locating a
 * point (a uniform grid of buckets over the mesh, each listing the
 * polygons whose bounding box meets it, then exact tests). */
#include <math.h>

#include "mesh_internal.h"

/* The most buckets and bucket entries a corner of the mesh (the Moving AI
 * maps' meshes have 0.4 to 0.9). */
#define BUCKET_FILL 16

static size_t edges_of(const wf_mesh *m) { return m->ne; }

wf_status wf__mesh_arrays(wf_mesh *m, size_t nv, size_t np, size_t ne) {
    m->nv = (uint32_t)nv;
    m->np = (uint32_t)np;
    m->ne = (uint32_t)ne;
    m->vert = wf__alloc(&m->alloc, nv * sizeof *m->vert + 1);
    m->pstart = wf__alloc(&m->alloc, (np + 1) * sizeof *m->pstart);
    m->pvert = wf__alloc(&m->alloc, ne * sizeof *m->pvert + 1);
    m->padj = wf__alloc(&m->alloc, ne * sizeof *m->padj + 1);
    return m->vert && m->pstart && m->pvert && m->padj ? WF_OK
                                                       : WF_E_NOMEM;
}

void wf__mesh_clear(wf_mesh *m) {
    wf_allocator a = m->alloc;
    /* a tiled mesh keeps room for more (its capacities); others none but
       in their bucket entries */
    const size_t nv = m->cap.v ? m->cap.v : m->nv,
                 np = m->cap.p ? m->cap.p : m->np,
                 ne = m->cap.e ? m->cap.e : edges_of(m);
    const size_t nb = (size_t)m->bw * m->bh;
    wf__free(&a, m->vert, nv * sizeof *m->vert + 1);
    wf__free(&a, m->corner, nv + 1);
    wf__free(&a, m->pstart, (np + 1) * sizeof *m->pstart);
    wf__free(&a, m->pvert, ne * sizeof *m->pvert + 1);
    wf__free(&a, m->padj, ne * sizeof *m->padj + 1);
    wf__free(&a, m->pback, ne * sizeof *m->pback + 1);
    wf__free(&a, m->comp, np * sizeof *m->comp + 1);
    wf__free(&a, m->dead, np + 1);
    wf__free(&a, m->area, (np + 1) * sizeof *m->area);
    wf__free(&a, m->bpoly, m->cap.b * sizeof *m->bpoly + 1);
    wf__free(&a, m->bstart, (nb + 1) * sizeof *m->bstart);
    m->vert = NULL, m->corner = NULL, m->pstart = NULL, m->pvert = NULL;
    m->padj = NULL, m->pback = NULL, m->comp = NULL, m->dead = NULL;
    m->area = NULL, m->bpoly = NULL, m->bstart = NULL;
    m->nv = m->np = m->ne = 0;
    m->bw = m->bh = 0;
    m->triangles = 0;
    memset(&m->cap, 0, sizeof m->cap);
}

void wf_mesh_destroy(wf_mesh *m) {
    if (!m)
        return;
    wf_allocator a = m->alloc;
    wf__mesh_clear(m);
    wf__mesh_tiles_free(m);
    wf__free(&a, m->link, m->cap_link * sizeof *m->link);
    wf__free(&a, m, sizeof *m);
}

/* The bytes of m's arrays (as allocated) and buckets. */
static size_t array_bytes(const wf_mesh *m) {
    const size_t nv = m->cap.v ? m->cap.v : m->nv,
                 np = m->cap.p ? m->cap.p : m->np,
                 ne = m->cap.e ? m->cap.e : edges_of(m);
    size_t n = sizeof *m + nv * (sizeof *m->vert + 1) +
               (np + 1) * (sizeof *m->pstart + sizeof *m->area) +
               ne * (sizeof *m->pvert + sizeof *m->padj + sizeof *m->pback) +
               np * (sizeof *m->comp + 1);
    if (m->bstart)
        n += ((size_t)m->bw * m->bh + 1) * sizeof *m->bstart +
             m->cap.b * sizeof *m->bpoly;
    return n;
}

wf_status wf_mesh_describe(const wf_mesh *m, wf_mesh_info *info) {
    if (!m || !info)
        return WF_E_INVALID_ARG;
    memset(info, 0, sizeof *info);
    info->vertices = m->nv;
    info->polygons = m->np;
    info->triangles = m->triangles;
    for (uint32_t p = 0; p < m->np; p++)
        if (m->comp[p] + 1 > info->pieces)
            info->pieces = m->comp[p] + 1;
    info->bytes = array_bytes(m) + m->cap_link * sizeof *m->link;
    const struct wf__mtiles *t = m->tiles;
    for (size_t i = 0; t && i < (size_t)t->ntx * t->nty; i++)
        info->bytes += sizeof t->tile[i] + array_bytes(t->tile[i].x) +
                       t->tile[i].x->nv + t->tile[i].nseam * sizeof(uint32_t);
    info->links = m->nlink;
    info->scale = m->scale;
    info->cost = m->cost;
    return WF_OK;
}

/* comp and dead: a breadth-first numbering of the pieces. */
static wf_status pieces(wf_mesh *m) {
    m->comp = wf__alloc(&m->alloc, m->np * sizeof *m->comp + 1);
    m->dead = wf__alloc(&m->alloc, m->np + 1);
    uint32_t *queue = wf__alloc(&m->alloc, m->np * sizeof *queue + 1);
    if (!m->comp || !m->dead || !queue) {
        wf__free(&m->alloc, queue, m->np * sizeof *queue + 1);
        return WF_E_NOMEM;
    }
    uint32_t n = 0;
    for (uint32_t p = 0; p < m->np; p++)
        m->comp[p] = WF__NONE;
    for (uint32_t p = 0; p < m->np; p++) {
        unsigned out = 0;
        for (uint32_t i = m->pstart[p]; i < m->pstart[p + 1]; i++)
            out += m->padj[i] != WF__NONE;
        m->dead[p] = out <= 1;
        if (m->comp[p] != WF__NONE)
            continue;
        size_t head = 0, tail = 0;
        queue[tail++] = p;
        m->comp[p] = n;
        while (head < tail) {
            const uint32_t q = queue[head++];
            for (uint32_t i = m->pstart[q]; i < m->pstart[q + 1]; i++) {
                const uint32_t r = m->padj[i];
                if (r != WF__NONE && m->comp[r] == WF__NONE) {
                    m->comp[r] = n;
                    queue[tail++] = r;
                }
            }
        }
        n++;
    }
    wf__free(&m->alloc, queue, m->np * sizeof *queue + 1);
    return WF_OK;
}

void wf__mesh_box(const wf_mesh *m, uint32_t p, uint32_t *x0, uint32_t *y0,
                   uint32_t *x1, uint32_t *y1) {
    int32_t lx = INT32_MAX, ly = INT32_MAX, hx = INT32_MIN, hy = INT32_MIN;
    for (uint32_t i = m->pstart[p]; i < m->pstart[p + 1]; i++) {
        const wf__mpt v = m->vert[m->pvert[i]];
        lx = v.x < lx ? v.x : lx, hx = v.x > hx ? v.x : hx;
        ly = v.y < ly ? v.y : ly, hy = v.y > hy ? v.y : hy;
    }
    *x0 = (uint32_t)(lx - m->bx0) >> m->bshift;
    *y0 = (uint32_t)(ly - m->by0) >> m->bshift;
    *x1 = (uint32_t)(hx - m->bx0) >> m->bshift;
    *y1 = (uint32_t)(hy - m->by0) >> m->bshift;
}

/* The bucket entries of m's polygons: the buckets each one's bounding box
 * covers, summed (no overflow: at most 2^32 polygons of 2^60 buckets). */
static uint64_t bucket_entries(const wf_mesh *m) {
    uint64_t n = 0;
    for (uint32_t p = 0; p < m->np; p++) {
        uint32_t x0, y0, x1, y1;
        wf__mesh_box(m, p, &x0, &y0, &x1, &y1);
        n += ((uint64_t)x1 - x0 + 1) * ((uint64_t)y1 - y0 + 1);
    }
    return n;
}

/* Buckets of 2^shift units from (lx, ly) to (hx, hy). */
static void bucket_grid(wf_mesh *m, unsigned shift, int32_t lx, int32_t ly,
                        int32_t hx, int32_t hy) {
    m->bshift = shift;
    m->bx0 = lx, m->by0 = ly;
    m->bw = (uint32_t)(((int64_t)hx - lx) >> shift) + 1;
    m->bh = (uint32_t)(((int64_t)hy - ly) >> shift) + 1;
}

/* About one bucket a polygon; coarser while the buckets and the entries
 * of the polygons' boxes would be more than BUCKET_FILL a corner (or
 * than 32 bits count), so that long thin polygons across many buckets (a
 * mesh read from a file may have any shapes) never make the lists
 * outgrow the mesh. */
void wf__mesh_bucket_grid(wf_mesh *m, wf__mpt lo, wf__mpt hi) {
    const double area = ((double)hi.x - lo.x + 1) * ((double)hi.y - lo.y + 1);
    const double side = sqrt(area / (m->np ? m->np : 1));
    unsigned shift = 0;
    while ((double)((int64_t)1 << shift) < side && shift < 30)
        shift++;
    bucket_grid(m, shift, lo.x, lo.y, hi.x, hi.y);
    uint64_t most = BUCKET_FILL * (uint64_t)(edges_of(m) + 1);
    most = most < UINT32_MAX ? most : UINT32_MAX - 1;
    while (shift < 30 &&
           bucket_entries(m) + (uint64_t)m->bw * m->bh > most)
        bucket_grid(m, ++shift, lo.x, lo.y, hi.x, hi.y);
}

wf_status wf__mesh_fill_buckets(wf_mesh *m) {
    const size_t nb = (size_t)m->bw * m->bh;
    memset(m->bstart, 0, (nb + 1) * sizeof *m->bstart);
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t p = 0; p < m->np; p++) {
            uint32_t x0, y0, x1, y1;
            wf__mesh_box(m, p, &x0, &y0, &x1, &y1);
            for (uint32_t y = y0; y <= y1; y++)
                for (uint32_t x = x0; x <= x1; x++) {
                    const size_t b = (size_t)y * m->bw + x;
                    if (pass == 0)
                        m->bstart[b + 1]++;
                    else
                        m->bpoly[m->bstart[b]++] = p;
                }
        }
        if (pass == 0) {
            for (size_t b = 0; b < nb; b++)
                m->bstart[b + 1] += m->bstart[b];
            const size_t need = m->bstart[nb];
            if (m->bpoly && need <= m->cap.b)
                continue;
            wf__free(&m->alloc, m->bpoly, m->cap.b * sizeof *m->bpoly + 1);
            m->cap.b = m->tiles ? need + need / 4 : need;
            m->bpoly = wf__alloc(&m->alloc, m->cap.b * sizeof *m->bpoly + 1);
            if (!m->bpoly) {
                m->cap.b = 0;
                return WF_E_NOMEM;
            }
        }
    }
    for (size_t b = nb; b > 0; b--)
        m->bstart[b] = m->bstart[b - 1];
    m->bstart[0] = 0;
    return WF_OK;
}

/* The buckets of an untiled mesh: over its corners' box. */
static wf_status buckets(wf_mesh *m) {
    wf__mpt lo = {0, 0}, hi = {0, 0};
    for (uint32_t v = 0; v < m->nv; v++) {
        const wf__mpt p = m->vert[v];
        if (v == 0 || p.x < lo.x) lo.x = p.x;
        if (v == 0 || p.y < lo.y) lo.y = p.y;
        if (v == 0 || p.x > hi.x) hi.x = p.x;
        if (v == 0 || p.y > hi.y) hi.y = p.y;
    }
    wf__mesh_bucket_grid(m, lo, hi);
    const size_t nb = (size_t)m->bw * m->bh;
    m->bstart = wf__alloc(&m->alloc, (nb + 1) * sizeof *m->bstart);
    return m->bstart ? wf__mesh_fill_buckets(m) : WF_E_NOMEM;
}

/* corner: the corners where a boundary edge starts. */
static wf_status corners(wf_mesh *m) {
    m->corner = wf__alloc(&m->alloc, m->nv + 1);
    if (!m->corner)
        return WF_E_NOMEM;
    memset(m->corner, 0, m->nv + 1);
    const size_t ne = edges_of(m);
    for (size_t i = 0; i < ne; i++)
        if (m->padj[i] == WF__NONE)
            m->corner[m->pvert[i]] = 1;
    return WF_OK;
}

wf_status wf__keyed_sort(wf__keyed *e, size_t n, const wf_allocator *a) {
    uint64_t any = 0, every = ~(uint64_t)0;
    for (size_t i = 0; i < n; i++)
        any |= e[i].key, every &= e[i].key;
    const uint64_t varies = any ^ every; /* the bits that tell keys apart */
    if (!varies)
        return WF_OK;
    wf__keyed *t = wf__alloc(a, n * sizeof *t);
    if (!t)
        return WF_E_NOMEM;
    wf__keyed *src = e, *dst = t;
    for (unsigned shift = 0; shift < 64; shift += 8) {
        if (!((varies >> shift) & 0xFF))
            continue;
        size_t at[257] = {0};
        for (size_t i = 0; i < n; i++)
            at[((src[i].key >> shift) & 0xFF) + 1]++;
        for (int b = 0; b < 256; b++)
            at[b + 1] += at[b];
        for (size_t i = 0; i < n; i++)
            dst[at[(src[i].key >> shift) & 0xFF]++] = src[i];
        wf__keyed *x = src;
        src = dst, dst = x;
    }
    if (src != e)
        memcpy(e, src, n * sizeof *e);
    wf__free(a, t, n * sizeof *t);
    return WF_OK;
}

/* pback[i] = j when edge j lies in the polygon across edge i. */
static void link_back(wf_mesh *m, uint32_t i, uint32_t j) {
    const uint32_t q = m->padj[i];
    if (q != WF__NONE && j >= m->pstart[q] && j < m->pstart[q + 1])
        m->pback[i] = j;
}

/* pback: each shared edge's index in the polygon across it: the edges
 * sorted by the two corners they join, an edge and the one joining the
 * same corners the other way are neighbours (WF__NONE when the polygon
 * across has no such edge, or more edges join those corners). */
static wf_status backs(wf_mesh *m) {
    const size_t ne = edges_of(m);
    m->pback = wf__alloc(&m->alloc, ne * sizeof *m->pback + 1);
    wf__keyed *e = wf__alloc(&m->alloc, ne * sizeof *e + 1);
    wf_status st = m->pback && e ? WF_OK : WF_E_NOMEM;
    for (uint32_t p = 0; st == WF_OK && p < m->np; p++)
        for (uint32_t i = m->pstart[p]; i < m->pstart[p + 1]; i++) {
            const uint32_t next = i + 1 < m->pstart[p + 1] ? i + 1
                                                           : m->pstart[p];
            const uint64_t u = m->pvert[i], v = m->pvert[next];
            e[i] = (wf__keyed){u < v ? u << 32 | v : v << 32 | u, i};
            m->pback[i] = WF__NONE;
        }
    if (st == WF_OK)
        st = wf__keyed_sort(e, ne, &m->alloc);
    for (size_t k = 0, run; st == WF_OK && k < ne; k += run) {
        run = 1;
        while (k + run < ne && e[k + run].key == e[k].key)
            run++;
        const uint32_t i = e[k].i, j = e[k + 1 < ne ? k + 1 : k].i;
        if (run != 2 || m->pvert[i] == m->pvert[j])
            continue; /* a boundary, or edges that overlap */
        link_back(m, i, j);
        link_back(m, j, i);
    }
    wf__free(&m->alloc, e, ne * sizeof *e + 1);
    return st;
}

wf_status wf__mesh_index_local(wf_mesh *m) {
    wf_status s = pieces(m);
    if (s == WF_OK)
        s = backs(m);
    return s == WF_OK ? wf__mesh_areas(m) : s;
}

wf_status wf__mesh_index(wf_mesh *m) {
    wf_status s = corners(m);
    if (s == WF_OK)
        s = wf__mesh_index_local(m);
    return s == WF_OK ? buckets(m) : s;
}

int wf__mesh_holds(const wf_mesh *m, uint32_t q, wf__mpt p, wf__mpt d) {
    const uint32_t s = m->pstart[q], e = m->pstart[q + 1];
    const wf__mpt o = {0, 0};
    for (uint32_t j = s; j < e; j++) {
        const wf__mpt u = m->vert[m->pvert[j]];
        const wf__mpt w = m->vert[m->pvert[j + 1 < e ? j + 1 : s]];
        const int64_t side = wf__orient(u, w, p);
        /* on the edge's line: the ray must not head out across it */
        if (side < 0 ||
            (side == 0 && wf__side(w.x - u.x, w.y - u.y, o, d) < 0))
            return 0;
    }
    return 1;
}

size_t wf__mesh_locate_toward(const wf_mesh *m, wf__mpt p, wf__mpt d,
                              uint32_t *out, size_t max) {
    if (m->tiles)
        return wf__mesh_tiles_locate(m, p, d, out, max);
    if (!m->np || p.x < m->bx0 || p.y < m->by0)
        return 0;
    const uint32_t x = (uint32_t)(p.x - m->bx0) >> m->bshift,
                   y = (uint32_t)(p.y - m->by0) >> m->bshift;
    if (x >= m->bw || y >= m->bh)
        return 0;
    const size_t b = (size_t)y * m->bw + x;
    size_t n = 0;
    for (uint32_t i = m->bstart[b]; i < m->bstart[b + 1]; i++) {
        const uint32_t q = m->bpoly[i];
        if (wf__mesh_holds(m, q, p, d)) {
            if (n < max)
                out[n] = q;
            n++;
        }
    }
    return n;
}

int wf__mesh_fix(const wf_mesh *m, wf_vec2 w, wf__mpt *out) {
    const double x = floor(w.x * m->scale + 0.5),
                 y = floor(w.y * m->scale + 0.5);
    if (!(fabs(x) < WF__MESH_LIM / 2) || !(fabs(y) < WF__MESH_LIM / 2))
        return 0;
    out->x = (int32_t)x;
    out->y = (int32_t)y;
    return 1;
}

long wf_mesh_locate(const wf_mesh *m, wf_vec2 p) {
    wf__mpt f;
    uint32_t q;
    if (!m || !wf__mesh_fix(m, p, &f) || !wf__mesh_locate(m, f, &q, 1))
        return -1;
    return (long)q;
}

size_t wf_mesh_polygon(const wf_mesh *m, size_t p, wf_vec2 *out,
                       long *across, size_t max) {
    if (!m || p >= m->np)
        return 0;
    const uint32_t s = m->pstart[p], n = m->pstart[p + 1] - s;
    for (uint32_t i = 0; i < n && i < max; i++) {
        const wf__mpt v = m->vert[m->pvert[s + i]];
        if (out)
            out[i] = (wf_vec2){(double)v.x / m->scale,
                               (double)v.y / m->scale};
        if (across)
            across[i] = m->padj[s + i] == WF__NONE ? -1 : (long)m->padj[s + i];
    }
    return n;
}

int wf_mesh_polygon_contains(const wf_mesh *m, size_t p, wf_vec2 pt) {
    wf__mpt f;
    if (!m || p >= m->np || !isfinite(pt.x) || !isfinite(pt.y) ||
        !wf__mesh_fix(m, pt, &f))
        return 0;
    const wf__mpt zero = {0, 0};
    return wf__mesh_holds(m, (uint32_t)p, f, zero);
}
