/* wayfind._wayfind.Grid: a wf_grid, its terrain readable as a buffer
 * (height × width bytes, read-only: edits go through the methods, which
 * keep the library's caches current). */
#include "module.h"

static int not_busy(const wfpy_grid *self) {
    if (self->busy) {
        wfpy_raise(WF_E_INVALID_ARG,
                   "the grid is being searched by another thread; edit it "
                   "between searches");
        return 0;
    }
    return 1;
}

PyObject *wfpy_grid_wrap(wf_grid *g) {
    wfpy_grid *o = PyObject_New(wfpy_grid, &wfpy_grid_type);
    if (!o) {
        wf_grid_destroy(g);
        return NULL;
    }
    o->g = g;
    o->busy = 0;
    return (PyObject *)o;
}

wf_grid *wfpy_grid_create(int w, int h) {
    wf_grid *g;
    wf_status s = wf_grid_create(w, h, NULL, &g);
    if (s != WF_OK) {
        char msg[128];
        snprintf(msg, sizeof msg, "a %d x %d grid: %s", w, h, wf_strerror(s));
        wfpy_raise(s, msg);
        return NULL;
    }
    return g;
}

static PyObject *grid_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"width", "height", NULL};
    int w, h;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ii", names, &w, &h))
        return NULL;
    wf_grid *g = wfpy_grid_create(w, h);
    if (!g)
        return NULL;
    wfpy_grid *o = (wfpy_grid *)type->tp_alloc(type, 0);
    if (!o) {
        wf_grid_destroy(g);
        return NULL;
    }
    o->g = g;
    return (PyObject *)o;
}

static void grid_dealloc(wfpy_grid *self) {
    wf_grid_destroy(self->g);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *grid_width(wfpy_grid *self, void *c) {
    (void)c;
    return PyLong_FromLong(wf_grid_width(self->g));
}

static PyObject *grid_height(wfpy_grid *self, void *c) {
    (void)c;
    return PyLong_FromLong(wf_grid_height(self->g));
}

static PyObject *grid_set_cells(wfpy_grid *self, PyObject *arg) {
    Py_buffer b;
    if (!not_busy(self) || PyObject_GetBuffer(arg, &b, PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    const size_t n = (size_t)wf_grid_width(self->g) * (size_t)wf_grid_height(self->g);
    if ((size_t)b.len != n) {
        PyBuffer_Release(&b);
        PyErr_Format(PyExc_ValueError, "set_cells needs %zu bytes, got %zd", n,
                     b.len);
        return NULL;
    }
    wf_status s = wf_grid_set_cells(self->g, b.buf);
    PyBuffer_Release(&b);
    if (s != WF_OK)
        return wfpy_raise(s, NULL);
    Py_RETURN_NONE;
}

static PyObject *grid_set_cost(wfpy_grid *self, PyObject *args) {
    int t;
    double c;
    if (!not_busy(self) || !PyArg_ParseTuple(args, "id", &t, &c))
        return NULL;
    if (t < 0 || t > 255)
        return wfpy_raise(WF_E_RANGE, "a terrain code is 0 to 255");
    wf_status s = wf_grid_set_cost(self->g, (uint8_t)t, c);
    if (s != WF_OK) {
        char msg[128];
        snprintf(msg, sizeof msg,
                 "cost %g for terrain %d: a cost is finite and > 0 (or "
                 "blocked): %s", c, t, wf_strerror(s));
        return wfpy_raise(s, msg);
    }
    Py_RETURN_NONE;
}

static PyObject *grid_cost(wfpy_grid *self, PyObject *args) {
    int t;
    if (!PyArg_ParseTuple(args, "i", &t))
        return NULL;
    if (t < 0 || t > 255)
        return wfpy_raise(WF_E_RANGE, "a terrain code is 0 to 255");
    return PyFloat_FromDouble(wf_grid_cost(self->g, (uint8_t)t));
}

static int cell_args(wfpy_grid *self, PyObject *args, int *x, int *y,
                     int *t) {
    if (!(t ? PyArg_ParseTuple(args, "iii", x, y, t)
            : PyArg_ParseTuple(args, "ii", x, y)))
        return 0;
    if (!wf_grid_contains(self->g, *x, *y)) {
        char msg[128];
        snprintf(msg, sizeof msg, "cell (%d, %d) is off the %d x %d grid", *x,
                 *y, wf_grid_width(self->g), wf_grid_height(self->g));
        wfpy_raise(WF_E_RANGE, msg);
        return 0;
    }
    if (t && (*t < 0 || *t > 255)) {
        wfpy_raise(WF_E_RANGE, "a terrain code is 0 to 255");
        return 0;
    }
    return 1;
}

static PyObject *grid_set(wfpy_grid *self, PyObject *args) {
    int x, y, t;
    if (!not_busy(self) || !cell_args(self, args, &x, &y, &t))
        return NULL;
    wf_status s = wf_grid_set(self->g, x, y, (uint8_t)t);
    if (s != WF_OK)
        return wfpy_raise(s, NULL);
    Py_RETURN_NONE;
}

static PyObject *grid_get(wfpy_grid *self, PyObject *args) {
    int x, y;
    if (!cell_args(self, args, &x, &y, NULL))
        return NULL;
    return PyLong_FromLong(wf_grid_get(self->g, x, y));
}

static PyObject *grid_passable(wfpy_grid *self, PyObject *args) {
    int x, y;
    if (!cell_args(self, args, &x, &y, NULL))
        return NULL;
    return PyBool_FromLong(wf_grid_passable(self->g, x, y));
}

static PyObject *grid_clone(wfpy_grid *self, PyObject *unused) {
    (void)unused;
    wf_grid *c;
    wf_status s = wf_grid_clone(self->g, &c);
    if (s != WF_OK)
        return wfpy_raise(s, NULL);
    return wfpy_grid_wrap(c);
}

static int grid_getbuffer(wfpy_grid *self, Py_buffer *view, int flags) {
    if (flags & PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError,
                        "a grid's terrain is read-only; edit it with "
                        "Grid.set or Grid.set_cells");
        view->obj = NULL;
        return -1;
    }
    const Py_ssize_t w = wf_grid_width(self->g), h = wf_grid_height(self->g);
    if (PyBuffer_FillInfo(view, (PyObject *)self,
                          (void *)wf_grid_cells(self->g), w * h, 1, flags) < 0)
        return -1;
    if (flags & PyBUF_ND) {
        /* shape and strides live in the view's internal slot */
        Py_ssize_t *dims = PyMem_Malloc(4 * sizeof *dims);
        if (!dims) {
            PyBuffer_Release(view);
            PyErr_NoMemory();
            return -1;
        }
        dims[0] = h;
        dims[1] = w;
        dims[2] = w;
        dims[3] = 1;
        view->ndim = 2;
        view->shape = dims;
        view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? dims + 2 : NULL;
        view->internal = dims;
    }
    return 0;
}

static void grid_releasebuffer(wfpy_grid *self, Py_buffer *view) {
    (void)self;
    PyMem_Free(view->internal);
}

static PyBufferProcs grid_buffer = {
    (getbufferproc)grid_getbuffer,
    (releasebufferproc)grid_releasebuffer,
};

static PyGetSetDef grid_getset[] = {
    {"width", (getter)grid_width, NULL, "Cells a row.", NULL},
    {"height", (getter)grid_height, NULL, "Rows.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef grid_methods[] = {
    {"set_cells", (PyCFunction)grid_set_cells, METH_O,
     "Every cell's terrain code from a buffer of width*height bytes."},
    {"set_cost", (PyCFunction)grid_set_cost, METH_VARARGS,
     "set_cost(code, cost): cost of entering terrain code (-1: blocked)."},
    {"cost", (PyCFunction)grid_cost, METH_VARARGS,
     "cost(code): the cost of entering the code, -1 when blocked."},
    {"set", (PyCFunction)grid_set, METH_VARARGS, "set(x, y, code)"},
    {"get", (PyCFunction)grid_get, METH_VARARGS, "get(x, y) -> code"},
    {"passable", (PyCFunction)grid_passable, METH_VARARGS,
     "passable(x, y) -> bool"},
    {"clone", (PyCFunction)grid_clone, METH_NOARGS, "A deep copy."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject wfpy_grid_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wayfind._wayfind.Grid",
    .tp_basicsize = sizeof(wfpy_grid),
    .tp_dealloc = (destructor)grid_dealloc,
    .tp_as_buffer = &grid_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Grid(width, height): a libwayfind grid of terrain codes.",
    .tp_methods = grid_methods,
    .tp_getset = grid_getset,
    .tp_new = grid_new,
};
