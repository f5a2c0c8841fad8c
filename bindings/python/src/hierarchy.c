/* wayfind._wayfind.Hierarchy: a grid's contraction hierarchy for one unit
 * (ch.h), built for a grid or read from a file written for it, with the
 * query state its path calls share (one thread at a time). */
#include "module.h"

typedef struct {
    PyObject_HEAD
    wf_ch *c;
    wf_ch_query *q;
    PyThread_type_lock lock;
} wfpy_ch;

static void ch_dealloc(wfpy_ch *o) {
    wf_ch_query_free(o->q);
    wf_ch_free(o->c);
    if (o->lock)
        PyThread_free_lock(o->lock);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

PyTypeObject wfpy_ch_type;

/* A Python hierarchy owning c (freed on failure). */
static PyObject *ch_wrap(wf_ch *c) {
    wf_ch_query *q = NULL;
    wf_status st = wf_ch_query_create(c, NULL, &q);
    PyThread_type_lock lock = st == WF_OK ? PyThread_allocate_lock() : NULL;
    wfpy_ch *o = lock ? PyObject_New(wfpy_ch, &wfpy_ch_type) : NULL;
    if (!o) {
        if (lock)
            PyThread_free_lock(lock);
        wf_ch_query_free(q);
        wf_ch_free(c);
        return st != WF_OK ? wfpy_raise(st, NULL) : PyErr_NoMemory();
    }
    o->c = c;
    o->q = q;
    o->lock = lock;
    return (PyObject *)o;
}

static PyObject *ch_info(wfpy_ch *o, void *c) {
    (void)c;
    wf_ch_info i;
    wf_ch_describe(o->c, &i);
    return Py_BuildValue("{s:n,s:n,s:n,s:n}", "nodes", (Py_ssize_t)i.nodes,
                         "arcs", (Py_ssize_t)i.arcs, "shortcuts",
                         (Py_ssize_t)i.shortcuts, "bytes",
                         (Py_ssize_t)i.bytes);
}

/* path(grid, sx, sy, gx, gy) -> (status, points, cost, expanded,
 * generated, engine, message), as search_grid returns. */
static PyObject *ch_path(wfpy_ch *o, PyObject *args) {
    wfpy_grid *gr;
    wf_point a, b;
    if (!PyArg_ParseTuple(args, "O!iiii", &wfpy_grid_type, &gr, &a.x, &a.y,
                          &b.x, &b.y))
        return NULL;
    if (!PyThread_acquire_lock(o->lock, NOWAIT_LOCK))
        return wfpy_raise(WF_E_INVALID_ARG,
                          "a Hierarchy answers one thread at a time");
    wf_path p;
    wf_path_init(&p, NULL);
    wf_status st;
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_ch_path(o->q, gr->g, a, b, &p);
    Py_END_ALLOW_THREADS
    gr->busy--;
    PyThread_release_lock(o->lock);
    PyObject *r = NULL;
    if (st == WF_E_INVALID_ARG)
        wfpy_raise(st, "the hierarchy is not this grid's, or the grid was "
                       "edited since it was built (build it again)");
    else if (st == WF_E_RANGE)
        wfpy_raise(st, "a point lies off the grid");
    else if (st < 0)
        wfpy_raise(st, NULL);
    else {
        PyObject *pts = wfpy_points_bytes(&p);
        if (pts)
            r = Py_BuildValue("iNdKKis", (int)st, pts, p.cost,
                              (unsigned long long)p.stats.expanded,
                              (unsigned long long)p.stats.generated,
                              (int)p.stats.engine, "");
    }
    wf_path_free(&p);
    return r;
}

static wf_status write_ch(void *ud, FILE *f, wf_diag *d) {
    (void)d;
    void *const *p = ud;
    return wf_ch_write(f, p[0], p[1]);
}

/* save(path, grid): written whole or not at all. */
static PyObject *ch_save(wfpy_ch *o, PyObject *args) {
    return wfpy_save(args, write_ch, o->c,
                     "the hierarchy is not this grid's as it is now");
}

static PyGetSetDef ch_getset[] = {
    {"info", (getter)ch_info, NULL,
     "{'nodes', 'arcs', 'shortcuts', 'bytes'} of the hierarchy.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef ch_methods[] = {
    {"path", (PyCFunction)ch_path, METH_VARARGS,
     "path(grid, sx, sy, gx, gy): a cheapest path."},
    {"save", (PyCFunction)ch_save, METH_VARARGS,
     "save(path, grid): write it for `wayfind path --hierarchy`."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject wfpy_ch_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wayfind._wayfind.Hierarchy",
    .tp_basicsize = sizeof(wfpy_ch),
    .tp_dealloc = (destructor)ch_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A grid's contraction hierarchy for one unit; made by "
              "hierarchy or load_hierarchy.",
    .tp_methods = ch_methods,
    .tp_getset = ch_getset,
};

/* hierarchy(grid, connect=, corners=, filter=) -> Hierarchy */
PyObject *wfpy_hierarchy(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_grid *gr;
    if (!PyArg_ParseTuple(args, "O!", &wfpy_grid_type, &gr))
        return NULL;
    wf_search_opts o;
    wf_filter f;
    if (!wfpy_move_opts(kw, gr->g, &o, &f))
        return NULL;
    wf_ch *c = NULL;
    wf_status st;
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_ch_build(gr->g, &o.move, o.filter, NULL, &c);
    Py_END_ALLOW_THREADS
    gr->busy--;
    if (st == WF_E_INVALID_ARG)
        return wfpy_raise(st, "a hierarchy is for units of size 1");
    if (st != WF_OK)
        return wfpy_raise(st, NULL);
    return ch_wrap(c);
}

/* load_hierarchy(path, grid, connect=, corners=, filter=) -> Hierarchy */
PyObject *wfpy_load_hierarchy(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    PyObject *path;
    wfpy_grid *gr;
    if (!PyArg_ParseTuple(args, "O&O!", PyUnicode_FSConverter, &path,
                          &wfpy_grid_type, &gr))
        return NULL;
    wf_search_opts o;
    wf_filter f;
    if (!wfpy_move_opts(kw, gr->g, &o, &f)) {
        Py_DECREF(path);
        return NULL;
    }
    wf_ch *c = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    Py_BEGIN_ALLOW_THREADS
    st = wf_ch_read(PyBytes_AS_STRING(path), gr->g, &o.move, o.filter, NULL,
                    &c, &d);
    Py_END_ALLOW_THREADS
    Py_DECREF(path);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    return ch_wrap(c);
}
