/* wayfind._wayfind.Slice: a sliced search (wf_search_begin/step) with its
 * own workspace. It holds its grid, and keeps it from being edited, until
 * the search ends or is cancelled; the options' arrays are copied or held
 * for as long. And wayfind._wayfind.Pool: the library's persistent pool. */
#include <stdlib.h>

#include "module.h"

typedef struct {
    PyObject_HEAD
    wf_search *ws;
    wfpy_grid *grid;   /* held while the search runs; NULL after */
    wf_search_opts o;
    wf_filter f;
    Py_buffer ov;      /* the overlay's view while held */
    wf_path p;
} wfpy_slice;

/* Lets the grid go (edits allowed again) and the overlay's view. */
static void slice_end(wfpy_slice *s) {
    if (s->grid) {
        s->grid->busy--;
        Py_CLEAR(s->grid);
    }
    if (s->ov.obj)
        PyBuffer_Release(&s->ov);
    s->ov.obj = NULL;
}

static void slice_dealloc(wfpy_slice *s) {
    slice_end(s);
    wf_search_destroy(s->ws);
    wf_path_free(&s->p);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

PyTypeObject wfpy_slice_type;

PyObject *wfpy_slice_begin(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_grid *gr;
    wf_point a, b;
    if (!PyArg_ParseTuple(args, "O!iiii", &wfpy_grid_type, &gr, &a.x, &a.y,
                          &b.x, &b.y))
        return NULL;
    wfpy_slice *s = (wfpy_slice *)wfpy_slice_type.tp_alloc(&wfpy_slice_type, 0);
    if (!s)
        return NULL;
    wf_path_init(&s->p, NULL);
    s->ov.obj = NULL;
    wf_status st = wf_search_create(NULL, &s->ws);
    if (st != WF_OK) {
        Py_DECREF(s);
        return wfpy_raise(st, NULL);
    }
    if (!wfpy_opts(kw, gr->g, &s->o, &s->f, &s->ov)) {
        Py_DECREF(s);
        return NULL;
    }
    if (s->o.filter)
        s->o.filter = &s->f; /* the copy in s, which lives as long */
    st = wf_search_begin(s->ws, gr->g, a, b, &s->o);
    if (st != WF_OK) {
        wfpy_raise(st, wf_search_message(s->ws));
        Py_DECREF(s);
        return NULL;
    }
    Py_INCREF(gr);
    s->grid = gr;
    gr->busy++;
    return (PyObject *)s;
}

/* step(budget) -> None while pending, else the search's answer as
 * search_grid gives it. */
static PyObject *slice_step(wfpy_slice *s, PyObject *args) {
    unsigned long long budget;
    if (!PyArg_ParseTuple(args, "K", &budget))
        return NULL;
    if (!s->grid)
        return wfpy_raise(WF_E_INVALID_ARG,
                          "the search has ended (or was cancelled)");
    if (budget == 0)
        return wfpy_raise(WF_E_INVALID_ARG, "a step's budget must be >= 1");
    wf_status st;
    Py_BEGIN_ALLOW_THREADS
    st = wf_search_step(s->ws, budget, &s->p);
    Py_END_ALLOW_THREADS
    if (st == WF_PENDING)
        Py_RETURN_NONE;
    slice_end(s);
    if (st < 0)
        return wfpy_raise(st, wf_search_message(s->ws));
    PyObject *b = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)s->p.count * 8);
    if (!b)
        return NULL;
    int32_t *xy = (int32_t *)PyByteArray_AS_STRING(b);
    for (size_t i = 0; i < s->p.count; i++) {
        xy[2 * i] = s->p.points[i].x;
        xy[2 * i + 1] = s->p.points[i].y;
    }
    return Py_BuildValue("iNdKKis", (int)st, b, s->p.cost,
                         (unsigned long long)s->p.stats.expanded,
                         (unsigned long long)s->p.stats.generated,
                         (int)s->p.stats.engine, wf_search_message(s->ws));
}

static PyObject *slice_cancel(wfpy_slice *s, PyObject *unused) {
    (void)unused;
    wf_search_cancel(s->ws);
    slice_end(s);
    Py_RETURN_NONE;
}

static PyObject *slice_running(wfpy_slice *s, void *c) {
    (void)c;
    return PyBool_FromLong(s->grid != NULL);
}

static PyMethodDef slice_methods[] = {
    {"step", (PyCFunction)slice_step, METH_VARARGS,
     "step(budget): expand at most budget cells; None while pending"},
    {"cancel", (PyCFunction)slice_cancel, METH_NOARGS,
     "End the search now (the grid may be edited again)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef slice_getset[] = {
    {"running", (getter)slice_running, NULL, "True until it ends.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject wfpy_slice_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wayfind._wayfind.Slice",
    .tp_basicsize = sizeof(wfpy_slice),
    .tp_dealloc = (destructor)slice_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A sliced search; made by slice_begin.",
    .tp_methods = slice_methods,
    .tp_getset = slice_getset,
};

/* ---- the persistent pool ---------------------------------------------- */

static PyObject *pool_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"threads", NULL};
    int threads;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "i", names, &threads))
        return NULL;
    wfpy_pool *o = (wfpy_pool *)type->tp_alloc(type, 0);
    if (!o)
        return NULL;
    o->lock = PyThread_allocate_lock();
    wf_status s = o->lock ? wf_pool_create(threads, NULL, &o->pool) : WF_E_NOMEM;
    if (s != WF_OK) {
        Py_DECREF(o);
        return wfpy_raise(s, s == WF_E_INVALID_ARG ? "threads must be 1 to 256"
                                                   : NULL);
    }
    return (PyObject *)o;
}

static void pool_dealloc(wfpy_pool *o) {
    wf_pool_destroy(o->pool);
    if (o->lock)
        PyThread_free_lock(o->lock);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

static PyObject *pool_threads(wfpy_pool *o, void *c) {
    (void)c;
    return PyLong_FromLong(wf_pool_threads(o->pool));
}

static PyGetSetDef pool_getset[] = {
    {"threads", (getter)pool_threads, NULL, "Workers, the caller included.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject wfpy_pool_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wayfind._wayfind.Pool",
    .tp_basicsize = sizeof(wfpy_pool),
    .tp_dealloc = (destructor)pool_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Pool(threads): search threads kept across calls.",
    .tp_getset = pool_getset,
    .tp_new = pool_new,
};
