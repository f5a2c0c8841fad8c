/* wayfind._wayfind.Graph: waypoint graphs from arrays, from a grid's
 * moves or from graph files, and their searches. */
#include <stdlib.h>

#include "module.h"

static void graph_dealloc(wfpy_graph *o) {
    wf_graph_destroy(o->g);
    wf_names_destroy(o->names);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

static PyObject *graph_wrap(wf_graph *g, wf_names *names) {
    wfpy_graph *o = PyObject_New(wfpy_graph, &wfpy_graph_type);
    if (!o) {
        wf_graph_destroy(g);
        wf_names_destroy(names);
        return NULL;
    }
    o->g = g;
    o->names = names;
    return (PyObject *)o;
}

/* Graph(count, positions, dims, edges, weights, two_way): positions a
 * float64 buffer of count × dims values (dims 0: none), edges int64
 * (from, to) rows, weights float64, one an edge. */
static PyObject *graph_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    (void)type;
    (void)kw;
    Py_ssize_t count;
    int dims, two_way;
    Py_buffer pos, edges, weights;
    if (!PyArg_ParseTuple(args, "ny*iy*y*p", &count, &pos, &dims, &edges,
                          &weights, &two_way))
        return NULL;
    PyObject *r = NULL;
    wf_graph_builder *b = NULL;
    const size_t m = (size_t)edges.len / (2 * sizeof(int64_t));
    wf_status st;
    if (count < 0 || (size_t)pos.len != (size_t)count * (size_t)dims * sizeof(double) ||
        (size_t)edges.len != m * 2 * sizeof(int64_t) ||
        (size_t)weights.len != m * sizeof(double)) {
        wfpy_raise(WF_E_INVALID_ARG, "positions (n, dims), edges (m, 2) and m "
                                     "weights");
        goto done;
    }
    if ((st = wf_graph_builder_create(dims, NULL, &b)) != WF_OK) {
        wfpy_raise(st, "dims must be 0, 2 or 3");
        goto done;
    }
    const double *p = pos.buf;
    for (Py_ssize_t i = 0; i < count; i++)
        if ((st = wf_graph_builder_add_node(b, dims ? p + i * dims : NULL, NULL)) !=
            WF_OK) {
            char msg[96];
            snprintf(msg, sizeof msg, "node %zd: %s", i,
                     st == WF_E_INVALID_ARG ? "a position not finite"
                                            : wf_strerror(st));
            wfpy_raise(st, msg);
            goto done;
        }
    const int64_t *e = edges.buf;
    const double *w = weights.buf;
    for (size_t i = 0; i < m; i++) {
        if (e[2 * i] < 0 || e[2 * i] >= count || e[2 * i + 1] < 0 ||
            e[2 * i + 1] >= count) {
            char msg[96];
            snprintf(msg, sizeof msg, "edge %zu joins a node that does not exist", i);
            wfpy_raise(WF_E_RANGE, msg);
            goto done;
        }
        if ((st = wf_graph_builder_add_edge(b, (uint32_t)e[2 * i],
                                            (uint32_t)e[2 * i + 1], w[i],
                                            two_way)) != WF_OK) {
            char msg[96];
            snprintf(msg, sizeof msg, "edge %zu: %s", i,
                     st == WF_E_INVALID_ARG ? "a weight must be finite and > 0"
                                            : wf_strerror(st));
            wfpy_raise(st, msg);
            goto done;
        }
    }
    wf_graph *g;
    Py_BEGIN_ALLOW_THREADS /* b is this call's own */
    st = wf_graph_build(b, &g);
    Py_END_ALLOW_THREADS
    if (st != WF_OK) {
        wfpy_raise(st, NULL);
        goto done;
    }
    r = graph_wrap(g, NULL);
done:
    wf_graph_builder_destroy(b);
    PyBuffer_Release(&pos);
    PyBuffer_Release(&edges);
    PyBuffer_Release(&weights);
    return r;
}

static PyObject *graph_nodes(wfpy_graph *o, void *c) {
    (void)c;
    return PyLong_FromSize_t(wf_graph_node_count(o->g));
}

static PyObject *graph_arcs(wfpy_graph *o, void *c) {
    (void)c;
    return PyLong_FromSize_t(wf_graph_edge_count(o->g));
}

static PyObject *graph_names(wfpy_graph *o, void *c) {
    (void)c;
    if (!o->names)
        Py_RETURN_NONE;
    const size_t n = wf_names_count(o->names);
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l && i < n; i++) {
        PyObject *s = PyUnicode_FromString(wf_names_get(o->names, (uint32_t)i));
        if (!s) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, s);
    }
    return l;
}

static PyObject *graph_node_cell(wfpy_graph *o, PyObject *args) {
    unsigned long node;
    if (!PyArg_ParseTuple(args, "k", &node))
        return NULL;
    wf_point p;
    wf_status st = node > UINT32_MAX ? WF_E_RANGE
                                     : wf_graph_node_cell(o->g, (uint32_t)node, &p);
    if (st != WF_OK)
        return wfpy_raise(st, st == WF_E_RANGE ? "no such node"
                                               : "not a graph made from a grid");
    return Py_BuildValue("(ii)", p.x, p.y);
}

static PyObject *graph_cell_node(wfpy_graph *o, PyObject *args) {
    int x, y;
    if (!PyArg_ParseTuple(args, "ii", &x, &y))
        return NULL;
    uint32_t node;
    wf_status st = wf_graph_cell_node(o->g, x, y, &node);
    if (st != WF_OK)
        return wfpy_raise(st, st == WF_E_RANGE ? "the cell has no node (blocked "
                                                 "or off the grid)"
                                               : "not a graph made from a grid");
    return PyLong_FromUnsignedLong(node);
}

static PyObject *graph_positions(wfpy_graph *o, PyObject *unused) {
    (void)unused;
    const int dims = wf_graph_dims(o->g);
    const size_t n = wf_graph_node_count(o->g);
    PyObject *b = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(n * (size_t)dims * 8));
    if (!b || !dims)
        return b;
    double *d = (double *)PyByteArray_AS_STRING(b);
    for (size_t i = 0; i < n; i++) {
        double p[3];
        wf_graph_position(o->g, (uint32_t)i, p);
        memcpy(d + i * (size_t)dims, p, (size_t)dims * sizeof *p);
    }
    return b;
}

static PyGetSetDef graph_getset[] = {
    {"nodes", (getter)graph_nodes, NULL, "Node count.", NULL},
    {"arcs", (getter)graph_arcs, NULL, "Arc count (a two-way edge is 2).", NULL},
    {"names", (getter)graph_names, NULL, "Node names from a file, or None.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef graph_methods[] = {
    {"node_cell", (PyCFunction)graph_node_cell, METH_VARARGS,
     "node_cell(node) -> (x, y) for graphs made from grids"},
    {"cell_node", (PyCFunction)graph_cell_node, METH_VARARGS,
     "cell_node(x, y) -> node for graphs made from grids"},
    {"positions", (PyCFunction)graph_positions, METH_NOARGS,
     "positions() -> bytearray of nodes × dims float64"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject wfpy_graph_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wayfind._wayfind.Graph",
    .tp_basicsize = sizeof(wfpy_graph),
    .tp_dealloc = (destructor)graph_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Graph(count, positions, dims, edges, weights, two_way)",
    .tp_methods = graph_methods,
    .tp_getset = graph_getset,
    .tp_new = graph_new,
};

PyObject *wfpy_graph_from_grid(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_grid *gr;
    double tile;
    if (!PyArg_ParseTuple(args, "O!d", &wfpy_grid_type, &gr, &tile))
        return NULL;
    wf_search_opts o;
    wf_filter f;
    if (!wfpy_move_opts(kw, gr->g, &o, &f))
        return NULL;
    wf_graph *g;
    wf_status st;
    gr->busy++; /* built with the GIL released: the grid is not edited */
    Py_BEGIN_ALLOW_THREADS
    st = wf_graph_from_grid(gr->g, o.move, o.filter, tile, NULL, &g);
    Py_END_ALLOW_THREADS
    gr->busy--;
    if (st != WF_OK)
        return wfpy_raise(st, st == WF_E_INVALID_ARG
                                  ? "tile size must be finite and > 0"
                                  : NULL);
    return graph_wrap(g, NULL);
}

PyObject *wfpy_load_graph(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *path;
    if (!PyArg_ParseTuple(args, "O&", PyUnicode_FSConverter, &path))
        return NULL;
    wf_graph *g = NULL;
    wf_names *names = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    Py_BEGIN_ALLOW_THREADS
    st = wf_graph_file_read(PyBytes_AS_STRING(path), NULL, &g, &names, &d);
    Py_END_ALLOW_THREADS
    Py_DECREF(path);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    return graph_wrap(g, names);
}

/* search_graph(search, graph, start, goal, **opts) -> (status, nodes
 * bytearray of uint32, cost, expanded) */
PyObject *wfpy_search_graph(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_search *s;
    wfpy_graph *gr;
    unsigned long a, b;
    if (!PyArg_ParseTuple(args, "O!O!kk", &wfpy_search_type, &s, &wfpy_graph_type,
                          &gr, &a, &b))
        return NULL;
    const size_t n = wf_graph_node_count(gr->g);
    if (a >= n || b >= n) {
        char msg[96];
        snprintf(msg, sizeof msg, "node %lu does not exist (%zu nodes)",
                 a >= n ? a : b, n);
        return wfpy_raise(WF_E_RANGE, msg);
    }
    wf_search_opts o = wf_search_opts_default();
    PyObject *key, *v;
    Py_ssize_t pos = 0;
    while (kw && PyDict_Next(kw, &pos, &key, &v)) {
        const char *k = PyUnicode_AsUTF8(key);
        if (!k)
            return NULL;
        if (!strcmp(k, "algo")) {
            long x = PyLong_AsLong(v);
            if (x == -1 && PyErr_Occurred())
                return NULL;
            o.algo = (wf_algo)x;
        } else if (!strcmp(k, "weight")) {
            if ((o.weight = PyFloat_AsDouble(v)) == -1.0 && PyErr_Occurred())
                return NULL;
        } else if (!strcmp(k, "max_expansions")) {
            unsigned long long e = PyLong_AsUnsignedLongLong(v);
            if (e == (unsigned long long)-1 && PyErr_Occurred())
                return NULL;
            o.max_expansions = e;
        } else {
            PyErr_Format(PyExc_TypeError, "unknown graph search option '%s'", k);
            return NULL;
        }
    }
    if (!wfpy_search_lock(s))
        return NULL;
    wf_node_path p;
    wf_node_path_init(&p, NULL);
    wf_status st;
    Py_BEGIN_ALLOW_THREADS
    st = wf_search_graph(s->ws, gr->g, (uint32_t)a, (uint32_t)b, &o, &p);
    Py_END_ALLOW_THREADS
    PyObject *r = NULL;
    if (st < 0) {
        wfpy_raise(st, wf_search_message(s->ws));
    } else {
        PyObject *nodes = PyByteArray_FromStringAndSize((const char *)p.nodes,
                                                        (Py_ssize_t)(p.count * 4));
        if (nodes)
            r = Py_BuildValue("iNdK", (int)st, nodes, p.cost,
                              (unsigned long long)p.stats.expanded);
    }
    PyThread_release_lock(s->lock);
    wf_node_path_free(&p);
    return r;
}
