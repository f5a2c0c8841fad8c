/* A mesh that came from outside (a file): what the io layer reads and
 * fills of it (wf__mesh_parts_of, wf__mesh_alloc), and the check that
 * stands between those bytes and every query (wf__mesh_check): numbers in
 * range, every corner used and alone at its point, every polygon convex,
 * counter-clockwise and winding once round, every shared edge shared both
 * ways. Then the mesh derives the rest as one built here does
 * (wf__mesh_index), so it answers every query as the mesh it was saved
 * from. A polygon of k corners was merged from k - 2 triangles (every
 * corner of the triangulation is on an outline, so on a polygon's side):
 * the count wf_mesh_describe gives is not stored but derived. A link is
 * checked as wf_mesh_add_link checks one, once the mesh can locate its
 * ends. */
#include <inttypes.h>
#include <math.h>

#include "mesh_internal.h"

void wf__mesh_parts_of(const wf_mesh *m, wf__mesh_parts *p) {
    *p = (wf__mesh_parts){.vertices = m->nv,
                          .polygons = m->np,
                          .corners = m->ne,
                          .links = (uint32_t)m->nlink,
                          .scale = m->scale,
                          .cost = m->cost,
                          .vert = m->vert,
                          .pstart = m->pstart,
                          .pvert = m->pvert,
                          .padj = m->padj,
                          .link = m->link,
                          .from_grid = m->from_grid,
                          .grid_width = m->grid_width,
                          .grid_height = m->grid_height,
                          .grid_digest = m->grid_digest,
                          .move = m->move};
}

wf_status wf__mesh_alloc(const wf__mesh_parts *p, const wf_allocator *alloc,
                         wf_mesh **out) {
    *out = NULL;
    if (p->vertices == WF__NONE || p->polygons == WF__NONE ||
        p->corners == WF__NONE || p->links > WF__NONE / 4)
        return WF_E_TOO_BIG;
    const wf_allocator a = wf__allocator(alloc);
    wf_mesh *m = wf__alloc(&a, sizeof *m);
    if (!m)
        return WF_E_NOMEM;
    memset(m, 0, sizeof *m);
    m->alloc = a;
    if (p->links) {
        m->link = wf__alloc(&a, (size_t)p->links * sizeof *m->link);
        m->nlink = m->cap_link = m->link ? p->links : 0;
    }
    if ((p->links && !m->link) ||
        wf__mesh_arrays(m, p->vertices, p->polygons, p->corners) != WF_OK) {
        wf_mesh_destroy(m);
        return WF_E_NOMEM;
    }
    m->scale = p->scale;
    m->cost = p->cost;
    m->from_grid = p->from_grid;
    m->grid_width = p->grid_width;
    m->grid_height = p->grid_height;
    m->grid_digest = p->grid_digest;
    m->move = p->move;
    *out = m;
    return WF_OK;
}

#define FAIL(...) wf__refuse(msg, size, __VA_ARGS__)

/* Scale, cost and what the mesh was made from. */
static int check_source(const wf_mesh *m, char *msg, size_t size) {
    if (!(m->cost > 0) || !isfinite(m->cost))
        return FAIL("a path costs %g a unit of length, not a number > 0",
                    m->cost);
    if (!m->from_grid) {
        if (m->grid_width || m->grid_height || m->grid_digest ||
            m->move.connect || m->move.corners || m->move.size)
            return FAIL("a mesh made from no grid has a grid's size, "
                        "digest or unit");
        return !(m->scale > 0) || !isfinite(m->scale)
                   ? FAIL("%g fixed-point units a unit of length, not a "
                          "number > 0",
                          m->scale)
                   : 0;
    }
    if (m->scale != WF_MESH_GRID_SCALE)
        return FAIL("a grid's mesh with %g fixed-point units a cell, not %d",
                    m->scale, WF_MESH_GRID_SCALE);
    if (m->grid_width < 1 || m->grid_height < 1 ||
        ((int64_t)m->grid_width + 2) * WF_MESH_GRID_SCALE >= WF__MESH_LIM ||
        ((int64_t)m->grid_height + 2) * WF_MESH_GRID_SCALE >= WF__MESH_LIM)
        return FAIL("made from a %d x %d grid, not one of 1 to %d cells a "
                    "side",
                    m->grid_width, m->grid_height,
                    (int)(WF__MESH_LIM / WF_MESH_GRID_SCALE) - 3);
    wf_move mv = m->move;
    char why[WF__MSG_SIZE];
    if (wf__move_check(&mv, why, sizeof why) != WF_OK)
        return FAIL("its unit: %s", why);
    if (mv.connect != m->move.connect || mv.size != m->move.size ||
        mv.connect != 8)
        return FAIL("its unit moves %d-connected with size %d, not as a "
                    "mesh's unit (8-connected, size 1 or more)",
                    m->move.connect, m->move.size);
    return 0;
}

/* Every polygon's corners: 3 or more, in order, all of them used. */
static int check_starts(const wf_mesh *m, char *msg, size_t size) {
    const uint32_t ne = m->ne;
    if (m->pstart[0] != 0)
        return FAIL("polygon 0's corners start at %" PRIu32 ", not 0",
                    m->pstart[0]);
    for (uint32_t p = 0; p < m->np; p++)
        if (m->pstart[p + 1] < m->pstart[p] ||
            m->pstart[p + 1] - m->pstart[p] < 3 || m->pstart[p + 1] > ne)
            return FAIL("polygon %" PRIu32 "'s corners end at %" PRIu32
                        ", outside %" PRIu32 " + 3 .. %" PRIu32,
                        p, m->pstart[p + 1], m->pstart[p], ne);
    if (m->pstart[m->np] != ne)
        return FAIL("the polygons have %" PRIu32 " corners, the mesh %" PRIu32,
                    m->pstart[m->np], ne);
    return 0;
}

/* Every corner a vertex and every edge's far side a polygon or the
 * boundary, never its own polygon; every vertex a corner of a polygon
 * (seen: nv bytes of scratch). */
static int check_indices(const wf_mesh *m, uint8_t *seen, char *msg,
                         size_t size) {
    memset(seen, 0, m->nv + 1);
    for (uint32_t p = 0; p < m->np; p++)
        for (uint32_t i = m->pstart[p]; i < m->pstart[p + 1]; i++) {
            const uint32_t v = m->pvert[i], q = m->padj[i];
            if (v >= m->nv)
                return FAIL("polygon %" PRIu32 "'s corner %" PRIu32 " is "
                            "vertex %" PRIu32 ", of %" PRIu32,
                            p, i - m->pstart[p], v, m->nv);
            if (q != WF__NONE && (q >= m->np || q == p))
                return FAIL("polygon %" PRIu32 "'s edge %" PRIu32 " leads "
                            "to polygon %" PRIu32
                            ", not another of the %" PRIu32,
                            p, i - m->pstart[p], q, m->np);
            seen[v] = 1;
        }
    for (uint32_t v = 0; v < m->nv; v++)
        if (!seen[v])
            return FAIL("vertex %" PRIu32 " is a corner of no polygon", v);
    return 0;
}

/* Every vertex inside the fixed point's range (a grid's mesh: on the
 * grid), no two at one point (e: nv entries of scratch); -1 when out of
 * memory. */
static int check_vertices(const wf_mesh *m, wf__keyed *e, char *msg,
                          size_t size) {
    const double k = m->scale; /* any double > 0; a grid's: 128 */
    const int64_t gk = WF_MESH_GRID_SCALE;
    for (uint32_t v = 0; v < m->nv; v++) {
        const wf__mpt p = m->vert[v];
        const int out = m->from_grid
                            ? p.x < 0 || p.y < 0 || p.x > m->grid_width * gk ||
                                  p.y > m->grid_height * gk
                            : p.x <= -WF__MESH_LIM || p.y <= -WF__MESH_LIM ||
                                  p.x >= WF__MESH_LIM || p.y >= WF__MESH_LIM;
        if (out)
            return FAIL("vertex %" PRIu32 " at (%g, %g) is off the %s", v,
                        (double)p.x / k, (double)p.y / k,
                        m->from_grid ? "grid" : "fixed point's range");
        e[v] = (wf__keyed){(uint64_t)(uint32_t)(p.x + WF__MESH_LIM) << 32 |
                               (uint32_t)(p.y + WF__MESH_LIM),
                           v};
    }
    if (wf__keyed_sort(e, m->nv, &m->alloc) != WF_OK)
        return -1;
    for (uint32_t j = 1; j < m->nv; j++)
        if (e[j].key == e[j - 1].key)
            return FAIL("vertices %" PRIu32 " and %" PRIu32 " are both at "
                        "(%g, %g)",
                        e[j - 1].i, e[j].i, (double)m->vert[e[j].i].x / k,
                        (double)m->vert[e[j].i].y / k);
    return 0;
}

/* Is direction d in the upper half of the turn, angles [0, pi)? */
static int upper(int64_t dx, int64_t dy) {
    return dy > 0 || (dy == 0 && dx > 0);
}

/* Polygon p: every turn to the left or straight on (never back), and
 * once round in all (its edges' directions pass angle 0 once): so
 * convex, counter-clockwise and simple. */
static int check_shape(const wf_mesh *m, uint32_t p, char *msg, size_t size) {
    const uint32_t s = m->pstart[p], n = m->pstart[p + 1] - s;
    unsigned rounds = 0;
    for (uint32_t j = 0; j < n; j++) {
        const wf__mpt a = m->vert[m->pvert[s + j]];
        const wf__mpt b = m->vert[m->pvert[s + (j + 1) % n]];
        const wf__mpt c = m->vert[m->pvert[s + (j + 2) % n]];
        const int64_t ux = (int64_t)b.x - a.x, uy = (int64_t)b.y - a.y;
        const int64_t vx = (int64_t)c.x - b.x, vy = (int64_t)c.y - b.y;
        const int64_t turn = wf__orient(a, b, c);
        if (turn < 0 || (turn == 0 && ux * vx + uy * vy <= 0))
            return FAIL("polygon %" PRIu32 " is not convex and "
                        "counter-clockwise at its corner %" PRIu32
                        " (vertex %" PRIu32 ")",
                        p, (j + 1) % n, m->pvert[s + (j + 1) % n]);
        rounds += !upper(ux, uy) && upper(vx, vy);
    }
    return rounds != 1 ? FAIL("polygon %" PRIu32 " winds %u times round, "
                              "not once",
                              p, rounds)
                       : 0;
}

/* After indexing: every shared edge has its twin in the polygon across,
 * which names this polygon back. */
static int check_shared(const wf_mesh *m, char *msg, size_t size) {
    for (uint32_t p = 0; p < m->np; p++)
        for (uint32_t i = m->pstart[p]; i < m->pstart[p + 1]; i++) {
            const uint32_t q = m->padj[i], k = m->pback[i];
            if (q == WF__NONE || (k != WF__NONE && m->padj[k] == p))
                continue;
            const uint32_t j = i + 1 < m->pstart[p + 1] ? i + 1 : m->pstart[p];
            return FAIL("polygon %" PRIu32 "'s edge %" PRIu32
                        " (vertex %" PRIu32 " to %" PRIu32
                        ") leads to polygon %" PRIu32
                        ", which has not that edge the other way back to "
                        "it (or it twice)",
                        p, i - m->pstart[p], m->pvert[i], m->pvert[j], q);
        }
    return 0;
}

/* After indexing: every link as wf_mesh_add_link makes one, its ends
 * where a query's point may be and on the mesh. */
static int check_links(const wf_mesh *m, char *msg, size_t size) {
    for (size_t i = 0; i < m->nlink; i++) {
        const wf__mlink *l = &m->link[i];
        if (!(l->cost >= 0) || !isfinite(l->cost))
            return FAIL("link %zu costs %g, not a number 0 or more", i,
                        l->cost);
        if (l->two_way > 1)
            return FAIL("link %zu is neither one-way (0) nor two-way (1)",
                        i);
        for (int e = 0; e < 2; e++) {
            const wf__mpt p = e ? l->b : l->a;
            uint32_t poly;
            if (p.x <= -WF__MESH_LIM / 2 || p.x >= WF__MESH_LIM / 2 ||
                p.y <= -WF__MESH_LIM / 2 || p.y >= WF__MESH_LIM / 2 ||
                !wf__mesh_locate(m, p, &poly, 1))
                return FAIL("link %zu's %s end (%g, %g) is not on the mesh",
                            i, e ? "second" : "first", p.x / m->scale,
                            p.y / m->scale);
        }
    }
    return 0;
}

/* Everything before indexing (scratch: nv keys): 0 when it holds, 1 when
 * not (msg says why), -1 when out of memory. */
static int check_parts(const wf_mesh *m, wf__keyed *scratch, char *msg,
                       size_t size) {
    int bad = check_source(m, msg, size);
    if (!bad)
        bad = check_starts(m, msg, size);
    if (!bad)
        bad = check_indices(m, (uint8_t *)scratch, msg, size);
    if (!bad)
        bad = check_vertices(m, scratch, msg, size);
    for (uint32_t p = 0; !bad && p < m->np; p++)
        bad = check_shape(m, p, msg, size);
    return bad;
}

wf_status wf__mesh_check(wf_mesh *m, const wf_grid *g, char *msg,
                         size_t size) {
    const size_t bytes = (size_t)m->nv * sizeof(wf__keyed) + 1;
    wf__keyed *scratch = wf__alloc(&m->alloc, bytes);
    if (!scratch)
        return WF_E_NOMEM;
    const int bad = check_parts(m, scratch, msg, size);
    wf__free(&m->alloc, scratch, bytes);
    if (bad < 0)
        return WF_E_NOMEM;
    if (bad)
        return WF_E_PARSE;
    const wf_status st = wf__mesh_index(m);
    if (st != WF_OK)
        return st;
    if (check_shared(m, msg, size) || check_links(m, msg, size))
        return WF_E_PARSE;
    m->triangles = (size_t)m->ne - 2 * (size_t)m->np;
    m->grid_serial = g ? g->serial : 0;
    m->grid_version = g ? g->version : 0;
    return WF_OK;
}
