/* wayfind._wayfind.Mesh: corridors and string pulling for steering
 * (wf_mesh_corridor, wf_mesh_funnel). Both are quick and keep the GIL. */
#include "module.h"

/* corridor(points) -> list of polygon ids; points a buffer of float64 x, y
 * pairs. A point off the mesh or a segment leaving it raises
 * BlockedError. */
PyObject *wfpy_mesh_corridor(wfpy_mesh *o, PyObject *args) {
    Py_buffer b;
    const wf_mesh *m = wfpy_mesh_of(o);
    if (!m || !PyArg_ParseTuple(args, "y*", &b))
        return NULL;
    wf_polyline p;
    memset(&p, 0, sizeof p);
    p.points = b.buf;
    p.count = p.capacity = (size_t)b.len / sizeof(wf_vec2);
    size_t n = 0;
    wf_status st = wf_mesh_corridor(m, &p, NULL, 0, &n);
    long *c = st == WF_OK ? PyMem_Calloc(n + 1, sizeof *c) : NULL;
    if (st == WF_OK && !c) {
        PyBuffer_Release(&b);
        return PyErr_NoMemory();
    }
    if (c)
        st = wf_mesh_corridor(m, &p, c, n, &n);
    PyBuffer_Release(&b);
    PyObject *r = NULL;
    if (st == WF_NO_PATH)
        wfpy_raise(st, "a point of the path is off the mesh or a segment "
                       "leaves it");
    else if (st != WF_OK)
        wfpy_raise(st, st == WF_E_RANGE ? "a point lies too far out for the mesh"
                                        : NULL);
    else
        r = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; r && i < n; i++) {
        PyObject *v = PyLong_FromLong(c[i]);
        if (!v)
            Py_CLEAR(r);
        else
            PyList_SET_ITEM(r, (Py_ssize_t)i, v);
    }
    PyMem_Free(c);
    return r;
}

/* The polygon ids of list l (checked ints) as a new array; NULL with the
 * exception set. */
static long *ids(PyObject *l, size_t n) {
    long *c = PyMem_Calloc(n + 1, sizeof *c);
    if (!c)
        return (long *)PyErr_NoMemory();
    for (size_t i = 0; i < n; i++) {
        c[i] = PyLong_AsLong(PyList_GET_ITEM(l, (Py_ssize_t)i));
        if (c[i] == -1 && PyErr_Occurred()) {
            PyMem_Free(c);
            return NULL;
        }
    }
    return c;
}

/* funnel(corridor, x0, y0, x1, y1) -> the polyline tuple; WF_NO_PATH (an
 * end outside its polygon) as a path not found. */
PyObject *wfpy_mesh_funnel(wfpy_mesh *o, PyObject *args) {
    PyObject *l;
    wf_vec2 a, b;
    const wf_mesh *m = wfpy_mesh_of(o);
    if (!m || !PyArg_ParseTuple(args, "O!dddd", &PyList_Type, &l, &a.x, &a.y,
                                &b.x, &b.y))
        return NULL;
    const size_t n = (size_t)PyList_GET_SIZE(l);
    long *c = ids(l, n);
    if (!c)
        return NULL;
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    const wf_status st = wf_mesh_funnel(m, c, n, a, b, &p);
    PyMem_Free(c);
    PyObject *r = NULL;
    if (st == WF_NO_PATH)
        r = wfpy_polyline_tuple(st, &p, "the start is not in the corridor's "
                                        "first polygon or the goal not in its last");
    else if (st != WF_OK)
        wfpy_raise(st, st == WF_E_RANGE ? "a point lies too far out for the mesh"
                                        : NULL);
    else
        r = wfpy_polyline_tuple(st, &p, NULL);
    wf_polyline_free(&p);
    return r;
}
