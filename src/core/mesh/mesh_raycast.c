/* Ray casts on a mesh: walk from the polygon holding the start across the
 * edges the segment leaves by, until the polygon holding the end or the
 * boundary. A segment leaving through a corner goes on into the polygon
 * round that corner which holds its direction, turning round the corner
 * across shared edges only, so it never passes a point where the mesh's
 * sides touch without an edge (the one-free rule's diagonal touch). All
 * decisions are exact orientations; only the hit point is rounded. */
#include <math.h>

#include "mesh_internal.h"

/* Does direction d from corner k of polygon q point into q (closed)? */
static int holds(const wf_mesh *m, uint32_t q, uint32_t k, wf__mpt d) {
    const uint32_t s = m->pstart[q], e = m->pstart[q + 1];
    const wf__mpt v = m->vert[m->pvert[k]];
    const wf__mpt n = m->vert[m->pvert[k + 1 < e ? k + 1 : s]];
    const wf__mpt p = m->vert[m->pvert[k > s ? k - 1 : e - 1]];
    const wf__mpt t = {v.x + d.x, v.y + d.y};
    return wf__orient(v, n, t) >= 0 && wf__orient(p, v, t) >= 0;
}

/* The polygon round corner vertex vid (starting from q) that holds
 * direction d, turning across shared edges both ways; WF__NONE when the
 * boundary comes first. */
static uint32_t round_corner(const wf_mesh *m, uint32_t q, uint32_t vid,
                             wf__mpt d) {
    for (int way = 0; way < 2; way++) {
        uint32_t at = q;
        for (uint32_t steps = 0; at != WF__NONE && steps < m->np; steps++) {
            const uint32_t s = m->pstart[at], e = m->pstart[at + 1];
            uint32_t k = s;
            while (k < e && m->pvert[k] != vid)
                k++;
            if (k == e)
                break;
            if (at != q && holds(m, at, k, d))
                return at;
            /* forward: the edge leaving vid; back: the edge arriving */
            const uint32_t edge = way == 0 ? k : (k > s ? k - 1 : e - 1);
            at = m->padj[edge];
            if (at == q)
                break;
        }
    }
    return WF__NONE;
}

wf_status wf_mesh_raycast(const wf_mesh *m, wf_vec2 from, wf_vec2 to,
                          wf_vec2 *hit) {
    wf__mpt a, b;
    if (!m || !hit || !isfinite(from.x) || !isfinite(from.y) ||
        !isfinite(to.x) || !isfinite(to.y))
        return WF_E_INVALID_ARG;
    if (!wf__mesh_fix(m, from, &a) || !wf__mesh_fix(m, to, &b))
        return WF_E_RANGE;
    uint32_t q;
    if (!wf__mesh_locate(m, a, &q, 1)) {
        *hit = from;
        return WF_NO_PATH;
    }
    const wf__mpt d = {b.x - a.x, b.y - a.y};
    /* a polygon holding a and the direction, when a is on a corner or edge */
    for (uint32_t steps = 0; steps <= m->np; steps++) {
        if (wf__mesh_holds(m, q, b)) {
            *hit = (wf_vec2){(double)b.x / m->scale, (double)b.y / m->scale};
            return WF_OK;
        }
        const uint32_t s = m->pstart[q], e = m->pstart[q + 1];
        uint32_t out = WF__NONE, corner = WF__NONE;
        for (uint32_t j = s; j < e && out == WF__NONE; j++) {
            const uint32_t j1 = j + 1 < e ? j + 1 : s;
            const wf__mpt u = m->vert[m->pvert[j]], w = m->vert[m->pvert[j1]];
            if (wf__orient(u, w, b) >= 0)
                continue;
            const int64_t su = wf__orient(a, b, u), sw = wf__orient(a, b, w);
            if (su > 0 || sw < 0 || wf__orient(u, w, a) < 0)
                continue;
            out = j;
            corner = su == 0 ? m->pvert[j] : sw == 0 ? m->pvert[j1] : WF__NONE;
        }
        if (out == WF__NONE)
            break; /* a on the boundary, heading out */
        const uint32_t next = corner != WF__NONE
                                  ? round_corner(m, q, corner, d)
                                  : m->padj[out];
        if (next == WF__NONE) {
            const uint32_t j1 = out + 1 < e ? out + 1 : s;
            double x, y;
            wf__mesh_ray_point(a, d.x, d.y, m->vert[m->pvert[out]],
                               m->vert[m->pvert[j1]], &x, &y);
            if (corner != WF__NONE)
                x = m->vert[corner].x, y = m->vert[corner].y;
            *hit = (wf_vec2){x / m->scale, y / m->scale};
            return WF_NO_PATH;
        }
        q = next;
    }
    *hit = (wf_vec2){(double)a.x / m->scale, (double)a.y / m->scale};
    return WF_NO_PATH;
}
