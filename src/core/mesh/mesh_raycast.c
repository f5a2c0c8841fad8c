/* Ray casts on a mesh, and the walk they make (corridors walk the same
 * way): from the polygon holding the start across the edges the segment
 * leaves by, until the polygon holding the end or the boundary. A segment
 * leaving through a corner goes on into the polygon round that corner
 * which holds its direction, turning round the corner across shared edges
 * only, so it never passes a point where the mesh's sides touch without an
 * edge (the one-free rule's diagonal touch). All decisions are exact
 * orientations; only the hit point is rounded. */
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

static void enter(wf__mwalk *w, uint32_t poly) {
    if (w->n < w->max)
        w->out[w->n] = (long)poly;
    w->n++;
}

/* The polygon round corner vertex vid from q, turning one way (0:
 * clockwise, across the edge leaving vid; 1: counter-clockwise), that
 * holds direction d, each polygon entered on the way listed in w;
 * WF__NONE when the boundary comes first. */
static uint32_t turn(const wf_mesh *m, uint32_t q, uint32_t vid, wf__mpt d,
                     int way, wf__mwalk *w) {
    uint32_t at = q;
    for (uint32_t steps = 0; at != WF__NONE && steps < m->np; steps++) {
        const uint32_t s = m->pstart[at], e = m->pstart[at + 1];
        uint32_t k = s;
        while (k < e && m->pvert[k] != vid)
            k++;
        if (k == e)
            break;
        if (at != q) {
            enter(w, at);
            if (holds(m, at, k, d))
                return at;
        }
        /* clockwise: the edge leaving vid; counter-clockwise: the one
           arriving */
        const uint32_t edge = way == 0 ? k : (k > s ? k - 1 : e - 1);
        at = m->padj[edge];
        if (at == q)
            break;
    }
    return WF__NONE;
}

/* The polygon round corner vid from q that holds direction d, turning
 * clockwise first, then counter-clockwise (the polygons of a way that
 * meets the boundary taken off w's list again); WF__NONE when the
 * boundary comes first both ways. */
static uint32_t round_corner(const wf_mesh *m, uint32_t q, uint32_t vid,
                             wf__mpt d, wf__mwalk *w) {
    const size_t listed = w->n;
    for (int way = 0; way < 2; way++) {
        const uint32_t at = turn(m, q, vid, d, way, w);
        if (at != WF__NONE)
            return at;
        w->n = listed;
    }
    return WF__NONE;
}

/* The edge of q the segment a → b leaves by (WF__NONE: none; a is on the
 * boundary, heading out) and in *corner the corner it leaves through, if
 * it does. */
static uint32_t exit_edge(const wf_mesh *m, uint32_t q, wf__mpt a, wf__mpt b,
                          uint32_t *corner) {
    const uint32_t s = m->pstart[q], e = m->pstart[q + 1];
    for (uint32_t j = s; j < e; j++) {
        const uint32_t j1 = j + 1 < e ? j + 1 : s;
        const wf__mpt u = m->vert[m->pvert[j]], w = m->vert[m->pvert[j1]];
        if (wf__orient(u, w, b) >= 0)
            continue;
        const int64_t su = wf__orient(a, b, u), sw = wf__orient(a, b, w);
        if (su > 0 || sw < 0 || wf__orient(u, w, a) < 0)
            continue;
        *corner = su == 0 ? m->pvert[j] : sw == 0 ? m->pvert[j1] : WF__NONE;
        return j;
    }
    *corner = WF__NONE;
    return WF__NONE;
}

int wf__mesh_walk(const wf_mesh *m, wf__mwalk *w) {
    const wf__mpt a = w->a, b = w->b, d = {b.x - a.x, b.y - a.y};
    uint32_t q = w->poly;
    w->edge = w->corner = WF__NONE;
    for (uint32_t steps = 0; steps <= m->np; steps++) {
        if (wf__mesh_holds(m, q, b, (wf__mpt){0, 0})) {
            w->poly = q;
            return 1;
        }
        uint32_t corner;
        const uint32_t out = exit_edge(m, q, a, b, &corner);
        if (out == WF__NONE)
            break;
        uint32_t next = m->padj[out];
        if (corner != WF__NONE)
            next = round_corner(m, q, corner, d, w);
        else if (next != WF__NONE)
            enter(w, next);
        if (next == WF__NONE) {
            w->edge = out;
            w->corner = corner;
            break;
        }
        q = next;
    }
    w->poly = q;
    return 0;
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
    wf__mwalk w = {a, b, q, NULL, 0, 0, WF__NONE, WF__NONE};
    const double k = m->scale;
    if (wf__mesh_walk(m, &w)) {
        *hit = (wf_vec2){b.x / k, b.y / k};
        return WF_OK;
    }
    if (w.edge == WF__NONE) {
        *hit = (wf_vec2){a.x / k, a.y / k};
        return WF_NO_PATH;
    }
    const uint32_t s = m->pstart[w.poly], e = m->pstart[w.poly + 1];
    const uint32_t j1 = w.edge + 1 < e ? w.edge + 1 : s;
    double x, y;
    wf__mesh_ray_point(a, b.x - a.x, b.y - a.y, m->vert[m->pvert[w.edge]],
                       m->vert[m->pvert[j1]], &x, &y);
    if (w.corner != WF__NONE)
        x = m->vert[w.corner].x, y = m->vert[w.corner].y;
    *hit = (wf_vec2){x / k, y / k};
    return WF_NO_PATH;
}
