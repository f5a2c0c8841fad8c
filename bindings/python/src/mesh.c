/* wayfind._wayfind.Mesh: a navigation mesh (mesh.h), made from a grid by
 * mesh_from_grid. A mesh is immutable, so any number of threads query one
 * at once: a path runs with the GIL released on the calling thread's
 * Search (its mesh query state, made on first use, locked as the grid
 * searches lock it); the quick queries keep the GIL. Points are checked
 * by the package; here the library's own checks answer for the rest. */
#include "module.h"

PyObject *wfpy_mesh_wrap(wf_mesh *m) {
    wfpy_mesh *o = PyObject_New(wfpy_mesh, &wfpy_mesh_type);
    if (!o) {
        wf_mesh_destroy(m);
        return NULL;
    }
    o->m = m;
    o->busy = 0;
    o->changing = 0;
    return (PyObject *)o;
}

wf_mesh *wfpy_mesh_of(wfpy_mesh *o) {
    if (!o->changing)
        return o->m;
    wfpy_raise(WF_E_INVALID_ARG, "the mesh is being updated in another "
                                 "thread (update releases the GIL)");
    return NULL;
}

static void mesh_dealloc(wfpy_mesh *o) {
    wf_mesh_destroy(o->m);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

/* mesh_from_grid(grid, tile, size=, filter=): built with the GIL
 * released, the grid held unedited meanwhile; a refusal raises the
 * library's reason. tile: cells per tile side, 0 for one tile. */
PyObject *wfpy_mesh_from_grid(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_grid *gr;
    wf_mesh_opts mo;
    memset(&mo, 0, sizeof mo);
    if (!PyArg_ParseTuple(args, "O!I", &wfpy_grid_type, &gr, &mo.tile))
        return NULL;
    wf_search_opts o;
    wf_filter f;
    if (!wfpy_move_opts(kw, gr->g, &o, &f))
        return NULL;
    wf_mesh *m = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_mesh_from_grid(gr->g, &o.move, o.filter, &mo, NULL, &m, &d);
    Py_END_ALLOW_THREADS
    gr->busy--;
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    return wfpy_mesh_wrap(m);
}

/* What m holds (0), or -1 with the exception set while it changes. */
static int describe(wfpy_mesh *o, wf_mesh_info *i) {
    memset(i, 0, sizeof *i);
    const wf_mesh *m = wfpy_mesh_of(o);
    return m ? (wf_mesh_describe(m, i), 0) : -1;
}

static PyObject *mesh_info(wfpy_mesh *o, void *c) {
    (void)c;
    wf_mesh_info i;
    if (describe(o, &i))
        return NULL;
    return Py_BuildValue("{snsnsnsnsnsnsdsd}", "vertices", (Py_ssize_t)i.vertices,
                         "polygons", (Py_ssize_t)i.polygons, "triangles",
                         (Py_ssize_t)i.triangles, "pieces", (Py_ssize_t)i.pieces,
                         "links", (Py_ssize_t)i.links, "bytes", (Py_ssize_t)i.bytes,
                         "scale", i.scale, "cost", i.cost);
}

/* path(search, x0, y0, x1, y1) -> (the polyline tuple, the links taken:
 * [(id, point index)]); an end off the mesh raises BlockedError, as a
 * blocked start does on a grid. The mesh's busy count keeps it unchanged
 * while the GIL is released. */
static PyObject *mesh_path(wfpy_mesh *o, PyObject *args) {
    wfpy_search *s;
    wf_vec2 a, b;
    const wf_mesh *m = NULL;
    if (!PyArg_ParseTuple(args, "O!dddd", &wfpy_search_type, &s, &a.x, &a.y,
                          &b.x, &b.y) ||
        !(m = wfpy_mesh_of(o)) || !wfpy_search_lock(s))
        return NULL;
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    wf_status st = s->mq ? WF_OK : wf_mesh_query_create(NULL, &s->mq);
    if (st == WF_OK) {
        o->busy++;
        Py_BEGIN_ALLOW_THREADS
        st = wf_mesh_path(s->mq, m, a, b, &p);
        Py_END_ALLOW_THREADS
        o->busy--;
    }
    const char *msg = s->mq ? wf_mesh_query_message(s->mq) : NULL;
    PyObject *r = NULL;
    if (st == WF_NO_PATH &&
        (wf_mesh_locate(m, a) < 0 || wf_mesh_locate(m, b) < 0))
        wfpy_raise(WF_NO_PATH, msg);
    else if (st < 0)
        wfpy_raise(st, msg);
    else {
        PyObject *t = wfpy_polyline_tuple(st, &p, msg);
        PyObject *l = t ? wfpy_mesh_taken(s->mq) : NULL;
        r = l ? Py_BuildValue("NN", t, l) : NULL;
        if (!l)
            Py_XDECREF(t);
    }
    PyThread_release_lock(s->lock);
    wf_polyline_free(&p);
    return r;
}

static PyObject *mesh_locate(wfpy_mesh *o, PyObject *args) {
    wf_vec2 p;
    const wf_mesh *m = NULL;
    if (!PyArg_ParseTuple(args, "dd", &p.x, &p.y) || !(m = wfpy_mesh_of(o)))
        return NULL;
    return PyLong_FromLong(wf_mesh_locate(m, p));
}

/* nearest(x, y) -> (polygon, x, y); polygon -1 when there is none */
static PyObject *mesh_nearest(wfpy_mesh *o, PyObject *args) {
    wf_vec2 p, q = {0, 0};
    const wf_mesh *m = NULL;
    if (!PyArg_ParseTuple(args, "dd", &p.x, &p.y) || !(m = wfpy_mesh_of(o)))
        return NULL;
    const long poly = wf_mesh_nearest(m, p, &q);
    return Py_BuildValue("ldd", poly, q.x, q.y);
}

/* raycast(x0, y0, x1, y1) -> (clear, x, y) */
static PyObject *mesh_raycast(wfpy_mesh *o, PyObject *args) {
    wf_vec2 a, b, hit = {0, 0};
    const wf_mesh *m = NULL;
    if (!PyArg_ParseTuple(args, "dddd", &a.x, &a.y, &b.x, &b.y) ||
        !(m = wfpy_mesh_of(o)))
        return NULL;
    const wf_status st = wf_mesh_raycast(m, a, b, &hit);
    if (st < 0)
        return wfpy_raise(st, st == WF_E_RANGE
                                  ? "a point lies too far out for the mesh"
                                  : "the points must be finite");
    return Py_BuildValue("Ndd", PyBool_FromLong(st == WF_OK), hit.x, hit.y);
}

/* random_points(seed, count) -> count float64 x, y pairs drawn in order
 * from the generator seeded with seed (a uint64), or None for a mesh
 * without area. */
static PyObject *mesh_random_points(wfpy_mesh *o, PyObject *args) {
    PyObject *seed_obj;
    Py_ssize_t n;
    const wf_mesh *m = NULL;
    if (!PyArg_ParseTuple(args, "On", &seed_obj, &n) || !(m = wfpy_mesh_of(o)))
        return NULL;
    uint64_t seed = PyLong_AsUnsignedLongLong(seed_obj);
    if (seed == (uint64_t)-1 && PyErr_Occurred())
        return NULL;
    if (n < 0 || (size_t)n > (size_t)PY_SSIZE_T_MAX / sizeof(wf_vec2))
        return wfpy_raise(WF_E_INVALID_ARG, "a count of points must be >= 0 "
                                            "and fit in memory");
    PyObject *b = PyByteArray_FromStringAndSize(
        NULL, n * (Py_ssize_t)sizeof(wf_vec2));
    if (!b)
        return NULL;
    wf_vec2 *xy = (wf_vec2 *)PyByteArray_AS_STRING(b);
    wf_status st = WF_OK;
    o->busy++; /* read without the GIL: no change meanwhile */
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n && st == WF_OK; i++)
        st = wf_mesh_random_point(m, &seed, &xy[i]);
    Py_END_ALLOW_THREADS
    o->busy--;
    if (st == WF_OK)
        return b;
    Py_DECREF(b);
    if (st == WF_NO_PATH)
        Py_RETURN_NONE;
    return wfpy_raise(st, NULL);
}

/* Two lists of n items: the corners (x, y) and the polygon beyond each
 * edge (None at the boundary). */
static PyObject *corner_lists(const wf_vec2 *v, const long *across, size_t n) {
    PyObject *pts = PyList_New((Py_ssize_t)n), *nbr = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; pts && nbr && i < n; i++) {
        PyObject *p = Py_BuildValue("(dd)", v[i].x, v[i].y);
        PyObject *q = across[i] < 0 ? Py_NewRef(Py_None)
                                    : PyLong_FromLong(across[i]);
        if (!p || !q) {
            Py_XDECREF(p);
            Py_XDECREF(q);
            Py_CLEAR(pts);
            break;
        }
        PyList_SET_ITEM(pts, (Py_ssize_t)i, p);
        PyList_SET_ITEM(nbr, (Py_ssize_t)i, q);
    }
    if (!pts || !nbr) {
        Py_XDECREF(pts);
        Py_XDECREF(nbr);
        return NULL;
    }
    return Py_BuildValue("NN", pts, nbr);
}

/* polygon(i) -> (corners, neighbours); RangeError for a bad index */
static PyObject *mesh_polygon(wfpy_mesh *o, PyObject *args) {
    Py_ssize_t i;
    wf_mesh_info info;
    if (!PyArg_ParseTuple(args, "n", &i) || describe(o, &info))
        return NULL;
    const wf_mesh *m = o->m;
    const size_t np = info.polygons;
    if (i < 0 || (size_t)i >= np) {
        char msg[160];
        snprintf(msg, sizeof msg, "polygon %zd is not one of the mesh's %zu",
                 i, np);
        return wfpy_raise(WF_E_RANGE, msg);
    }
    const size_t n = wf_mesh_polygon(m, (size_t)i, NULL, NULL, 0);
    wf_vec2 *v = PyMem_Calloc(n + 1, sizeof *v);
    long *across = PyMem_Calloc(n + 1, sizeof *across);
    PyObject *r = NULL;
    if (!v || !across)
        PyErr_NoMemory();
    else if (wf_mesh_polygon(m, (size_t)i, v, across, n) == n)
        r = corner_lists(v, across, n);
    else
        wfpy_raise(WF_E_INVALID_ARG, "the polygon's corners changed");
    PyMem_Free(v);
    PyMem_Free(across);
    return r;
}

static PyGetSetDef mesh_getset[] = {
    {"info", (getter)mesh_info, NULL,
     "What it holds: vertices, polygons, triangles, pieces, links, bytes, "
     "scale, cost.", NULL},
    {"links", (getter)wfpy_mesh_links, NULL,
     "The off-mesh links: [((ax, ay), (bx, by), cost, two_way)].", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef mesh_methods[] = {
    {"path", (PyCFunction)mesh_path, METH_VARARGS,
     "path(search, x0, y0, x1, y1) -> ((status, points, length, cost, "
     "expanded, generated, message), [(link id, point index)])"},
    {"add_link", (PyCFunction)wfpy_mesh_add_link, METH_VARARGS,
     "add_link(ax, ay, bx, by, cost, two_way) -> id"},
    {"add_obstacle", (PyCFunction)wfpy_mesh_add_obstacle, METH_VARARGS,
     "add_obstacle(points, name) -> id; points float64 x, y pairs"},
    {"remove_obstacle", (PyCFunction)wfpy_mesh_remove_obstacle, METH_VARARGS,
     "remove_obstacle(id) -> None"},
    {"update", (PyCFunction)wfpy_mesh_update, METH_VARARGS,
     "update(grid, cells) -> None; cells int32 x, y pairs or None"},
    {"save", (PyCFunction)wfpy_mesh_save, METH_VARARGS,
     "save(path) -> None; refused for links or a scale the file cannot hold"},
    {"corridor", (PyCFunction)wfpy_mesh_corridor, METH_VARARGS,
     "corridor(points) -> [polygon]; points float64 x, y pairs"},
    {"funnel", (PyCFunction)wfpy_mesh_funnel, METH_VARARGS,
     "funnel(corridor, x0, y0, x1, y1) -> the polyline tuple"},
    {"locate", (PyCFunction)mesh_locate, METH_VARARGS,
     "locate(x, y) -> polygon index, -1 when off the mesh"},
    {"nearest", (PyCFunction)mesh_nearest, METH_VARARGS,
     "nearest(x, y) -> (polygon, x, y); polygon -1 for none"},
    {"raycast", (PyCFunction)mesh_raycast, METH_VARARGS,
     "raycast(x0, y0, x1, y1) -> (clear, x, y)"},
    {"random_points", (PyCFunction)mesh_random_points, METH_VARARGS,
     "random_points(seed, count) -> float64 bytearray, None without area"},
    {"polygon", (PyCFunction)mesh_polygon, METH_VARARGS,
     "polygon(i) -> (corners, neighbours)"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject wfpy_mesh_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wayfind._wayfind.Mesh",
    .tp_basicsize = sizeof(wfpy_mesh),
    .tp_dealloc = (destructor)mesh_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A navigation mesh; made by mesh_from_grid.",
    .tp_methods = mesh_methods,
    .tp_getset = mesh_getset,
};
