/* wayfind._wayfind.Mesh: what changes a mesh (off-mesh links, tile
 * updates after grid edits, obstacles added to and removed from an
 * outline mesh in tiles, which keep the GIL: a few tiles) and the links a
 * path took. A change starts
 * only while no call reads the mesh with the GIL released (its `busy`
 * count, module.h) and no update runs (`changing`): it raises instead of
 * waiting. Adding a link is quick and keeps the GIL; an update, which
 * builds tiles again, releases it, marking the mesh `changing` so that
 * every other call on it raises meanwhile, and the grid busy so that it
 * is not edited. So no thread ever reads a mesh while it changes. */
#include "module.h"

/* 1 when m may change now; else 0 with the exception set. */
static int not_busy(wfpy_mesh *m, const char *what) {
    if (!wfpy_mesh_of(m))
        return 0;
    if (!m->busy)
        return 1;
    char msg[160];
    snprintf(msg, sizeof msg, "cannot %s while %zd path queries run on the "
             "mesh in other threads", what, m->busy);
    wfpy_raise(WF_E_INVALID_ARG, msg);
    return 0;
}

/* add_link(ax, ay, bx, by, cost, two_way) -> id */
PyObject *wfpy_mesh_add_link(wfpy_mesh *o, PyObject *args) {
    wf_mesh_link l;
    int two_way;
    if (!PyArg_ParseTuple(args, "dddddp", &l.a.x, &l.a.y, &l.b.x, &l.b.y,
                          &l.cost, &two_way))
        return NULL;
    l.two_way = two_way;
    if (!not_busy(o, "add a link"))
        return NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    size_t id = 0;
    const wf_status st = wf_mesh_add_link(o->m, &l, &id, &d);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    return PyLong_FromSize_t(id);
}

/* add_obstacle(points, name) -> id; points float64 x, y pairs */
PyObject *wfpy_mesh_add_obstacle(wfpy_mesh *o, PyObject *args) {
    Py_buffer b;
    const char *name;
    if (!PyArg_ParseTuple(args, "y*z", &b, &name))
        return NULL;
    if (!not_busy(o, "add an obstacle")) {
        PyBuffer_Release(&b);
        return NULL;
    }
    const wf_outline ob = {b.buf, (size_t)b.len / sizeof(wf_vec2),
                           WF_OUTLINE_OBSTACLE, name};
    wf_diag d;
    memset(&d, 0, sizeof d);
    uint32_t id = 0;
    const wf_status st = wf_mesh_add_obstacle(o->m, &ob, &id, &d);
    PyBuffer_Release(&b);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    return PyLong_FromUnsignedLong(id);
}

/* remove_obstacle(id) -> None */
PyObject *wfpy_mesh_remove_obstacle(wfpy_mesh *o, PyObject *args) {
    unsigned long id;
    if (!PyArg_ParseTuple(args, "k", &id) || !not_busy(o, "remove an obstacle"))
        return NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    const wf_status st = id > UINT32_MAX
                             ? WF_E_INVALID_ARG
                             : wf_mesh_remove_obstacle(o->m, (uint32_t)id, &d);
    if (id > UINT32_MAX)
        snprintf(d.message, sizeof d.message, "no outline %lu in this mesh",
                 id);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    Py_RETURN_NONE;
}

/* links -> list of ((ax, ay), (bx, by), cost, two_way) */
PyObject *wfpy_mesh_links(wfpy_mesh *o, void *c) {
    (void)c;
    const wf_mesh *m = wfpy_mesh_of(o);
    if (!m)
        return NULL;
    const size_t n = wf_mesh_link_count(m);
    PyObject *r = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; r && i < n; i++) {
        wf_mesh_link l;
        PyObject *t = NULL;
        if (wf_mesh_get_link(m, i, &l) == WF_OK)
            t = Py_BuildValue("(dd)(dd)dN", l.a.x, l.a.y, l.b.x, l.b.y,
                              l.cost, PyBool_FromLong(l.two_way));
        else
            wfpy_raise(WF_E_INVALID_ARG, "a link went missing");
        if (!t)
            Py_CLEAR(r);
        else
            PyList_SET_ITEM(r, (Py_ssize_t)i, t);
    }
    return r;
}

/* The links q's last path took, as a list of (link id, point index). */
PyObject *wfpy_mesh_taken(const wf_mesh_query *q) {
    const size_t n = wf_mesh_path_links(q, NULL, NULL, 0);
    size_t *ids = PyMem_Calloc(n + 1, sizeof *ids);
    size_t *at = PyMem_Calloc(n + 1, sizeof *at);
    PyObject *r = ids && at ? PyList_New((Py_ssize_t)n) : PyErr_NoMemory();
    if (r)
        wf_mesh_path_links(q, ids, at, n);
    for (size_t i = 0; r && i < n; i++) {
        PyObject *t = Py_BuildValue("nn", (Py_ssize_t)ids[i], (Py_ssize_t)at[i]);
        if (!t)
            Py_CLEAR(r);
        else
            PyList_SET_ITEM(r, (Py_ssize_t)i, t);
    }
    PyMem_Free(ids);
    PyMem_Free(at);
    return r;
}

/* The changes for cells (n int32 x, y pairs on g's grid, checked by the
 * package), each with the terrain it has now (the library reads only
 * where the cell is and its terrain after). NULL with the exception set. */
static wf_cell_change *changes(const wf_grid *g, const int32_t *xy, size_t n) {
    wf_cell_change *c = PyMem_Calloc(n ? n : 1, sizeof *c);
    if (!c) {
        PyErr_NoMemory();
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        c[i].cell.x = xy[2 * i];
        c[i].cell.y = xy[2 * i + 1];
        c[i].before = c[i].after = wf_grid_get(g, c[i].cell.x, c[i].cell.y);
    }
    return c;
}

/* update(grid, cells): brings a tiled mesh up to date with grid's edits
 * of cells (a buffer of int32 x, y pairs, or None: any cell), only when
 * nothing reads the mesh. With the GIL released: the mesh marked
 * changing (other calls on it raise), the grid busy (not edited). */
PyObject *wfpy_mesh_update(wfpy_mesh *o, PyObject *args) {
    wfpy_grid *gr;
    PyObject *cells;
    if (!PyArg_ParseTuple(args, "O!O", &wfpy_grid_type, &gr, &cells) ||
        !not_busy(o, "update the mesh"))
        return NULL;
    Py_buffer b = {0};
    if (cells != Py_None &&
        PyObject_GetBuffer(cells, &b, PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    const size_t n = (size_t)b.len / (2 * sizeof(int32_t));
    wf_cell_change *c = cells == Py_None ? NULL : changes(gr->g, b.buf, n);
    if (b.obj)
        PyBuffer_Release(&b);
    if (cells != Py_None && !c)
        return NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    o->changing = 1;
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_mesh_update(o->m, gr->g, c, c ? n : 0, &d);
    Py_END_ALLOW_THREADS
    gr->busy--;
    o->changing = 0;
    PyMem_Free(c);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    Py_RETURN_NONE;
}
