/* A mesh's life and what it knows of itself: freeing, describing, the
 * connected pieces and dead ends of its polygons, and locating a point
 * (a uniform grid of buckets over the mesh, each listing the polygons
 * whose bounding box meets it, then exact tests). */
#include <math.h>

#include "mesh_internal.h"

static size_t edges_of(const wf_mesh *m) {
    return m->pstart ? m->pstart[m->np] : 0;
}

void wf_mesh_destroy(wf_mesh *m) {
    if (!m)
        return;
    wf_allocator a = m->alloc;
    const size_t ne = edges_of(m);
    wf__free(&a, m->vert, m->nv * sizeof *m->vert + 1);
    wf__free(&a, m->corner, m->nv + 1);
    wf__free(&a, m->pstart, (m->np + 1) * sizeof *m->pstart);
    wf__free(&a, m->pvert, ne * sizeof *m->pvert + 1);
    wf__free(&a, m->padj, ne * sizeof *m->padj + 1);
    wf__free(&a, m->pback, ne * sizeof *m->pback + 1);
    wf__free(&a, m->comp, m->np * sizeof *m->comp + 1);
    wf__free(&a, m->dead, m->np + 1);
    wf__free(&a, m->area, (m->np + 1) * sizeof *m->area);
    const size_t nb = (size_t)m->bw * m->bh;
    wf__free(&a, m->bpoly,
             (m->bstart && m->bpoly ? m->bstart[nb] : 0) * sizeof *m->bpoly +
                 1);
    wf__free(&a, m->bstart, (nb + 1) * sizeof *m->bstart);
    wf__free(&a, m, sizeof *m);
}

wf_status wf_mesh_describe(const wf_mesh *m, wf_mesh_info *info) {
    if (!m || !info)
        return WF_E_INVALID_ARG;
    memset(info, 0, sizeof *info);
    const size_t ne = edges_of(m), nb = (size_t)m->bw * m->bh;
    info->vertices = m->nv;
    info->polygons = m->np;
    info->triangles = m->triangles;
    for (uint32_t p = 0; p < m->np; p++)
        if (m->comp[p] + 1 > info->pieces)
            info->pieces = m->comp[p] + 1;
    info->bytes = sizeof *m + m->nv * (sizeof *m->vert + 1) +
                  (m->np + 1) * sizeof *m->pstart +
                  ne * (sizeof *m->pvert + sizeof *m->padj +
                        sizeof *m->pback) +
                  m->np * (sizeof *m->comp + 1) +
                  (m->np + 1) * sizeof *m->area +
                  (nb + 1) * sizeof *m->bstart +
                  m->bstart[nb] * sizeof *m->bpoly;
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

/* The bucket range polygon p's bounding box covers. */
static void box_of(const wf_mesh *m, uint32_t p, uint32_t *x0, uint32_t *y0,
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

static wf_status buckets(wf_mesh *m) {
    int32_t lx = 0, ly = 0, hx = 0, hy = 0;
    for (uint32_t v = 0; v < m->nv; v++) {
        const wf__mpt p = m->vert[v];
        if (v == 0 || p.x < lx) lx = p.x;
        if (v == 0 || p.y < ly) ly = p.y;
        if (v == 0 || p.x > hx) hx = p.x;
        if (v == 0 || p.y > hy) hy = p.y;
    }
    /* about one bucket a polygon */
    const double area = ((double)hx - lx + 1) * ((double)hy - ly + 1);
    const double side = sqrt(area / (m->np ? m->np : 1));
    m->bshift = 0;
    while ((double)((int64_t)1 << m->bshift) < side && m->bshift < 30)
        m->bshift++;
    m->bx0 = lx, m->by0 = ly;
    m->bw = (uint32_t)(((int64_t)hx - lx) >> m->bshift) + 1;
    m->bh = (uint32_t)(((int64_t)hy - ly) >> m->bshift) + 1;
    const size_t nb = (size_t)m->bw * m->bh;
    m->bstart = wf__alloc(&m->alloc, (nb + 1) * sizeof *m->bstart);
    if (!m->bstart)
        return WF_E_NOMEM;
    memset(m->bstart, 0, (nb + 1) * sizeof *m->bstart);
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t p = 0; p < m->np; p++) {
            uint32_t x0, y0, x1, y1;
            box_of(m, p, &x0, &y0, &x1, &y1);
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
            m->bpoly = wf__alloc(&m->alloc,
                                 m->bstart[nb] * sizeof *m->bpoly + 1);
            if (!m->bpoly)
                return WF_E_NOMEM;
        }
    }
    for (size_t b = nb; b > 0; b--)
        m->bstart[b] = m->bstart[b - 1];
    m->bstart[0] = 0;
    return WF_OK;
}

/* pback: each shared edge's index in the polygon across it. */
static wf_status backs(wf_mesh *m) {
    const size_t ne = edges_of(m);
    m->pback = wf__alloc(&m->alloc, ne * sizeof *m->pback + 1);
    if (!m->pback)
        return WF_E_NOMEM;
    for (uint32_t p = 0; p < m->np; p++)
        for (uint32_t i = m->pstart[p]; i < m->pstart[p + 1]; i++) {
            const uint32_t q = m->padj[i];
            const uint32_t next = i + 1 < m->pstart[p + 1] ? i + 1
                                                           : m->pstart[p];
            m->pback[i] = WF__NONE;
            for (uint32_t k = q == WF__NONE ? 0 : m->pstart[q];
                 q != WF__NONE && k < m->pstart[q + 1]; k++)
                if (m->pvert[k] == m->pvert[next])
                    m->pback[i] = k;
        }
    return WF_OK;
}

wf_status wf__mesh_index(wf_mesh *m) {
    wf_status s = pieces(m);
    if (s == WF_OK)
        s = backs(m);
    if (s == WF_OK)
        s = wf__mesh_areas(m);
    return s == WF_OK ? buckets(m) : s;
}

size_t wf__mesh_locate(const wf_mesh *m, wf__mpt p, uint32_t *out,
                       size_t max) {
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
        if (wf__mesh_holds(m, q, p)) {
            if (n < max)
                out[n] = q;
            n++;
        }
    }
    return n;
}

int wf__mesh_holds(const wf_mesh *m, uint32_t q, wf__mpt p) {
    const uint32_t s = m->pstart[q], e = m->pstart[q + 1];
    for (uint32_t j = s; j < e; j++)
        if (wf__orient(m->vert[m->pvert[j]],
                       m->vert[m->pvert[j + 1 < e ? j + 1 : s]], p) < 0)
            return 0;
    return 1;
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
