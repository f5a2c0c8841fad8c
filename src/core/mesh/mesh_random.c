/* Random points of a mesh, uniform by area: a polygon chosen by its share
 * of the area (a binary search in the running sums wf__mesh_index keeps),
 * a triangle of its fan by its share of the polygon, then a point of the
 * triangle by the reflection method. The generator is the caller's state
 * (splitmix64), so the same seed gives the same points everywhere. */
#include <math.h>

#include "mesh_internal.h"

static uint64_t next(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A double in [0, 1) with 53 random bits. */
static double uniform(uint64_t *s) {
    return (double)(next(s) >> 11) * (1.0 / 9007199254740992.0);
}

wf_status wf__mesh_areas(wf_mesh *m) {
    m->area = wf__alloc(&m->alloc, (m->np + 1) * sizeof *m->area);
    if (!m->area)
        return WF_E_NOMEM;
    m->area[0] = 0;
    for (uint32_t p = 0; p < m->np; p++) {
        const uint32_t s = m->pstart[p], e = m->pstart[p + 1];
        int64_t twice = 0; /* exact: a fan of orientations */
        for (uint32_t j = s + 1; j + 1 < e; j++)
            twice += wf__orient(m->vert[m->pvert[s]], m->vert[m->pvert[j]],
                                m->vert[m->pvert[j + 1]]);
        m->area[p + 1] = m->area[p] + (double)twice;
    }
    return WF_OK;
}

wf_status wf_mesh_random_point(const wf_mesh *m, uint64_t *state,
                               wf_vec2 *out) {
    if (!m || !state || !out)
        return WF_E_INVALID_ARG;
    if (!m->np || !(m->area[m->np] > 0))
        return WF_NO_PATH;
    /* the polygon: the first whose running sum passes the draw */
    const double a = uniform(state) * m->area[m->np];
    uint32_t lo = 0, hi = m->np - 1;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (m->area[mid + 1] <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    /* the triangle of its fan from the first corner */
    const uint32_t s = m->pstart[lo], e = m->pstart[lo + 1];
    const wf__mpt o = m->vert[m->pvert[s]];
    double left = uniform(state) * (m->area[lo + 1] - m->area[lo]);
    uint32_t j = s + 1;
    for (; j + 2 < e; j++) {
        const double t = (double)wf__orient(o, m->vert[m->pvert[j]],
                                            m->vert[m->pvert[j + 1]]);
        if (left < t)
            break;
        left -= t;
    }
    const wf__mpt b = m->vert[m->pvert[j]], c = m->vert[m->pvert[j + 1]];
    double u = uniform(state), v = uniform(state);
    if (u + v > 1)
        u = 1 - u, v = 1 - v;
    out->x = (o.x + u * (b.x - o.x) + v * (c.x - o.x)) / m->scale;
    out->y = (o.y + u * (b.y - o.y) + v * (c.y - o.y)) / m->scale;
    return WF_OK;
}
