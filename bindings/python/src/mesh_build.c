/* wayfind._wayfind: meshes made from outlines (given, or read from an
 * outlines file or a Tiled map) and meshes read from mesh files; saving a
 * mesh. Each build runs with the GIL released on arrays this file owns;
 * a refusal raises the library's diag message, which names the outline. */
#include "module.h"

/* The outline array over points (float64 x, y pairs, n_pts of them), with
 * counts, kinds and names (str or None) lists of n items. NULL with the
 * exception set. Names point into the str objects, which names keeps. */
static wf_outline *outline_array(const wf_vec2 *pts, size_t n_pts,
                                 PyObject *counts, PyObject *kinds,
                                 PyObject *names, size_t n) {
    wf_outline *o = PyMem_Calloc(n ? n : 1, sizeof *o);
    if (!o) {
        PyErr_NoMemory();
        return NULL;
    }
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        const size_t c = PyLong_AsSize_t(PyList_GET_ITEM(counts, i));
        const long k = PyLong_AsLong(PyList_GET_ITEM(kinds, i));
        PyObject *nm = PyList_GET_ITEM(names, i);
        const char *s = nm == Py_None ? NULL : PyUnicode_AsUTF8(nm);
        if (PyErr_Occurred() || c > n_pts - at) {
            if (!PyErr_Occurred())
                wfpy_raise(WF_E_INVALID_ARG, "outline counts pass the points");
            PyMem_Free(o);
            return NULL;
        }
        o[i].points = pts + at;
        o[i].count = c;
        o[i].kind = k ? WF_OUTLINE_OBSTACLE : WF_OUTLINE_WALKABLE;
        o[i].name = s;
        at += c;
    }
    return o;
}

/* Builds the mesh of n outlines with opts, the GIL released. */
static PyObject *build(const wf_outline *o, size_t n, const wf_mesh_opts *opts) {
    wf_mesh *m = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    Py_BEGIN_ALLOW_THREADS
    st = wf_mesh_from_outlines(o, n, opts, NULL, &m, &d);
    Py_END_ALLOW_THREADS
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    return wfpy_mesh_wrap(m);
}

/* mesh_from_outlines(points, counts, kinds, names, scale, cost, radius,
 * tile): points a C-contiguous float64 buffer of x, y pairs; the three
 * lists one item an outline (kinds: 0 walkable, 1 obstacle). */
PyObject *wfpy_mesh_from_outlines(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer b;
    PyObject *counts, *kinds, *names;
    wf_mesh_opts opts;
    memset(&opts, 0, sizeof opts);
    if (!PyArg_ParseTuple(args, "y*O!O!O!dddI", &b, &PyList_Type, &counts,
                          &PyList_Type, &kinds, &PyList_Type, &names,
                          &opts.scale, &opts.cost, &opts.radius, &opts.tile))
        return NULL;
    const size_t n = (size_t)PyList_GET_SIZE(counts);
    PyObject *r = NULL;
    if ((size_t)PyList_GET_SIZE(kinds) != n ||
        (size_t)PyList_GET_SIZE(names) != n)
        wfpy_raise(WF_E_INVALID_ARG, "one count, kind and name an outline");
    else {
        wf_outline *o = outline_array(b.buf, (size_t)b.len / sizeof(wf_vec2),
                                      counts, kinds, names, n);
        if (o)
            r = build(o, n, &opts);
        PyMem_Free(o);
    }
    PyBuffer_Release(&b);
    return r;
}

/* mesh_read_outlines(path, radius): an outlines file's mesh, with its
 * scale and cost. */
PyObject *wfpy_mesh_read_outlines(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *path;
    double radius;
    if (!PyArg_ParseTuple(args, "O&d", PyUnicode_FSConverter, &path, &radius))
        return NULL;
    wf_outlines o;
    memset(&o, 0, sizeof o);
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    Py_BEGIN_ALLOW_THREADS
    st = wf_outlines_read(PyBytes_AS_STRING(path), NULL, &o, &d);
    Py_END_ALLOW_THREADS
    Py_DECREF(path);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    o.opts.radius = radius;
    PyObject *r = build(o.outlines, o.count, &o.opts);
    wf_outlines_free(&o);
    return r;
}

static wf_status write_mesh(void *ud, FILE *f, wf_diag *diag) {
    (void)diag;
    return wf_mesh_write(f, ud);
}

/* save(path): the mesh file, replaced whole or not at all; written with
 * the GIL released, the mesh held unchanged by its busy count. */
PyObject *wfpy_mesh_save(wfpy_mesh *o, PyObject *args) {
    PyObject *path;
    if (!PyArg_ParseTuple(args, "O&", PyUnicode_FSConverter, &path))
        return NULL;
    wf_mesh *m = wfpy_mesh_of(o);
    if (!m) {
        Py_DECREF(path);
        return NULL;
    }
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    o->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_file_write(PyBytes_AS_STRING(path), write_mesh, m, &d);
    Py_END_ALLOW_THREADS
    o->busy--;
    Py_DECREF(path);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    Py_RETURN_NONE;
}

/* mesh_read(path, grid or None): a mesh file, checked against the grid
 * it was made from when given. */
PyObject *wfpy_mesh_read(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *path, *grid;
    if (!PyArg_ParseTuple(args, "O&O", PyUnicode_FSConverter, &path, &grid))
        return NULL;
    if (grid != Py_None && !PyObject_TypeCheck(grid, &wfpy_grid_type)) {
        Py_DECREF(path);
        PyErr_SetString(PyExc_TypeError, "grid must be a Grid or None");
        return NULL;
    }
    wfpy_grid *gr = grid == Py_None ? NULL : (wfpy_grid *)grid;
    wf_mesh *m = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    if (gr)
        gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_mesh_read(PyBytes_AS_STRING(path), gr ? gr->g : NULL, NULL, &m, &d);
    Py_END_ALLOW_THREADS
    if (gr)
        gr->busy--;
    Py_DECREF(path);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    return wfpy_mesh_wrap(m);
}

/* Adds t's links to the mesh object r (consumed on error); r or NULL. */
static PyObject *add_links(PyObject *r, const wf_tiled *t) {
    for (size_t i = 0; r && i < t->link_count; i++) {
        const wf_tiled_link *k = &t->links[i];
        const wf_mesh_link l = {k->a, k->b, k->cost, k->two_way};
        wf_diag d;
        memset(&d, 0, sizeof d);
        const wf_status st = wf_mesh_add_link(((wfpy_mesh *)r)->m, &l, NULL, &d);
        if (st != WF_OK) {
            Py_CLEAR(r);
            wfpy_raise_diag(st, &d);
        }
    }
    return r;
}

/* mesh_read_tiled(path, radius): the mesh of a Tiled map's objects, with
 * its links; UnsupportedError when this build reads no Tiled maps. */
PyObject *wfpy_mesh_read_tiled(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *path;
    double radius;
    if (!PyArg_ParseTuple(args, "O&d", PyUnicode_FSConverter, &path, &radius))
        return NULL;
    if (!wf_tiled_supported()) {
        Py_DECREF(path);
        return wfpy_raise(WF_E_UNSUPPORTED,
                          "this build of the wayfind package reads no Tiled maps "
                          "(it is built without cJSON); use the library or the "
                          "wayfind program built with WF_WITH_TILED=ON");
    }
    wf_tiled t;
    memset(&t, 0, sizeof t);
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    Py_BEGIN_ALLOW_THREADS
    st = wf_tiled_read(PyBytes_AS_STRING(path), NULL, NULL, &t, &d);
    Py_END_ALLOW_THREADS
    Py_DECREF(path);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    wf_mesh_opts opts = t.outlines.opts;
    opts.radius = radius;
    PyObject *r = add_links(build(t.outlines.outlines, t.outlines.count, &opts), &t);
    wf_tiled_free(&t);
    return r;
}
