/* wayfind._wayfind.JumpTable: a grid's jump table (JPS+), made for a grid
 * or read from a file written for it; queries pass it as `jumps`. */
#include "module.h"

static void jumps_dealloc(wfpy_jumps *o) {
    wf_jump_table_destroy(o->t);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

static PyObject *jumps_wrap(wf_jump_table *t) {
    wfpy_jumps *o = PyObject_New(wfpy_jumps, &wfpy_jumps_type);
    if (!o) {
        wf_jump_table_destroy(t);
        return NULL;
    }
    o->t = t;
    return (PyObject *)o;
}

static PyObject *jumps_bytes(wfpy_jumps *o, void *c) {
    (void)c;
    return PyLong_FromSize_t(wf_jump_table_bytes(o->t));
}

static PyObject *jumps_current(wfpy_jumps *o, PyObject *arg) {
    if (!PyObject_TypeCheck(arg, &wfpy_grid_type)) {
        PyErr_SetString(PyExc_TypeError, "current(grid) takes a Grid");
        return NULL;
    }
    return PyBool_FromLong(wf_jump_table_current(o->t, ((wfpy_grid *)arg)->g));
}

static wf_status write_table(void *ud, FILE *f, wf_diag *d) {
    (void)d;
    void *const *p = ud;
    return wf_jump_table_write(f, p[0], p[1]);
}

/* save(path, grid): written whole or not at all. */
static PyObject *jumps_save(wfpy_jumps *o, PyObject *args) {
    return wfpy_save(args, write_table, o->t,
                     "the table is not this grid's as it is now");
}

static PyGetSetDef jumps_getset[] = {
    {"bytes", (getter)jumps_bytes, NULL, "Memory the table holds.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef jumps_methods[] = {
    {"current", (PyCFunction)jumps_current, METH_O,
     "current(grid): whether it is that grid's, unedited since."},
    {"save", (PyCFunction)jumps_save, METH_VARARGS,
     "save(path, grid): write it for `wayfind path --prep`."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject wfpy_jumps_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wayfind._wayfind.JumpTable",
    .tp_basicsize = sizeof(wfpy_jumps),
    .tp_dealloc = (destructor)jumps_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A grid's jump table (JPS+); made by jump_table or load_jumps.",
    .tp_methods = jumps_methods,
    .tp_getset = jumps_getset,
};

PyObject *wfpy_jump_table(PyObject *self, PyObject *arg) {
    (void)self;
    if (!PyObject_TypeCheck(arg, &wfpy_grid_type)) {
        PyErr_SetString(PyExc_TypeError, "jump_table(grid) takes a Grid");
        return NULL;
    }
    wfpy_grid *gr = (wfpy_grid *)arg;
    wf_jump_table *t = NULL;
    wf_status st;
    Py_BEGIN_ALLOW_THREADS
    st = wf_jump_table_create(gr->g, NULL, &t);
    Py_END_ALLOW_THREADS
    if (st != WF_OK)
        return wfpy_raise(st, NULL);
    return jumps_wrap(t);
}

PyObject *wfpy_load_jumps(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *path;
    wfpy_grid *gr;
    if (!PyArg_ParseTuple(args, "O&O!", PyUnicode_FSConverter, &path,
                          &wfpy_grid_type, &gr))
        return NULL;
    wf_jump_table *t = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    Py_BEGIN_ALLOW_THREADS
    st = wf_jump_table_read(PyBytes_AS_STRING(path), gr->g, NULL, &t, &d);
    Py_END_ALLOW_THREADS
    Py_DECREF(path);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    return jumps_wrap(t);
}
