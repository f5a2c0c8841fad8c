/* Flee maps, flow fields and influence layers (wayfind/field.h), each
 * into a new bytearray the package reads as a NumPy array. */
#include <stdlib.h>

#include "module.h"

static size_t cells_of(const wf_grid *g) {
    return (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
}

/* A float32 buffer of one value a cell of g, viewed into *b. */
static int layer_arg(PyObject *o, const wf_grid *g, Py_buffer *b,
                     const char *what) {
    if (PyObject_GetBuffer(o, b, PyBUF_C_CONTIGUOUS) < 0)
        return 0;
    if ((size_t)b->len != cells_of(g) * sizeof(float)) {
        PyBuffer_Release(b);
        char msg[128];
        snprintf(msg, sizeof msg, "%s must hold one float32 a cell", what);
        wfpy_raise(WF_E_INVALID_ARG, msg);
        return 0;
    }
    return 1;
}

static PyObject *new_layer(const wf_grid *g, size_t each) {
    return PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(cells_of(g) * each));
}

PyObject *wfpy_flee(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_search *s;
    wfpy_grid *gr;
    PyObject *dist_obj;
    double k;
    if (!PyArg_ParseTuple(args, "O!O!Od", &wfpy_search_type, &s, &wfpy_grid_type,
                          &gr, &dist_obj, &k))
        return NULL;
    Py_buffer d;
    wf_search_opts o;
    wf_filter f;
    if (!layer_arg(dist_obj, gr->g, &d, "the distance map"))
        return NULL;
    PyObject *out = NULL;
    if (!wfpy_move_opts(kw, gr->g, &o, &f) || !(out = new_layer(gr->g, 4)))
        goto done;
    if (!wfpy_search_lock(s)) {
        Py_CLEAR(out);
        goto done;
    }
    wf_status st;
    wf_layer dl = {d.buf, cells_of(gr->g)};
    float *dst = (float *)PyByteArray_AS_STRING(out);
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_field_flee_grid(s->ws, gr->g, dl, k, o.move, o.filter, dst);
    Py_END_ALLOW_THREADS
    gr->busy--;
    PyThread_release_lock(s->lock);
    if (st != WF_OK) {
        Py_CLEAR(out);
        wfpy_raise(st, k > 0 ? NULL : "k must be > 0");
    }
done:
    PyBuffer_Release(&d);
    return out;
}

PyObject *wfpy_flow(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_grid *gr;
    PyObject *field_obj;
    if (!PyArg_ParseTuple(args, "O!O", &wfpy_grid_type, &gr, &field_obj))
        return NULL;
    Py_buffer d;
    wf_search_opts o;
    wf_filter f;
    if (!layer_arg(field_obj, gr->g, &d, "the field"))
        return NULL;
    PyObject *out = NULL;
    if (!wfpy_move_opts(kw, gr->g, &o, &f) || !(out = new_layer(gr->g, 1)))
        goto done;
    wf_status st;
    wf_layer fl = {d.buf, cells_of(gr->g)};
    int8_t *dir = (int8_t *)PyByteArray_AS_STRING(out);
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_field_flow_grid(gr->g, fl, o.move, o.filter, dir);
    Py_END_ALLOW_THREADS
    gr->busy--;
    if (st != WF_OK) {
        Py_CLEAR(out);
        wfpy_raise(st, NULL);
    }
done:
    PyBuffer_Release(&d);
    return out;
}

/* falloff(search, grid, sources, kind, path_distance, **opts): sources a
 * float64 buffer of (x, y, strength, radius) rows. */
PyObject *wfpy_falloff(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_search *s;
    wfpy_grid *gr;
    Py_buffer sb;
    int kind, path_distance;
    if (!PyArg_ParseTuple(args, "O!O!y*ip", &wfpy_search_type, &s,
                          &wfpy_grid_type, &gr, &sb, &kind, &path_distance))
        return NULL;
    PyObject *out = NULL;
    wf_influence_source *src = NULL;
    wf_search_opts o;
    wf_filter f;
    const size_t n = (size_t)sb.len / (4 * sizeof(double));
    if ((size_t)sb.len != n * 4 * sizeof(double)) {
        wfpy_raise(WF_E_INVALID_ARG, "sources are (x, y, strength, radius) rows");
        goto done;
    }
    if (kind < 0 || kind > WF_FALLOFF_STEP) {
        wfpy_raise(WF_E_INVALID_ARG, "unknown falloff kind");
        goto done;
    }
    if (!wfpy_move_opts(kw, gr->g, &o, &f))
        goto done;
    src = malloc((n + 1) * sizeof *src);
    if (!src) {
        PyErr_NoMemory();
        goto done;
    }
    const double *v = sb.buf;
    for (size_t i = 0; i < n; i++) {
        if (!(v[4 * i] >= INT32_MIN && v[4 * i] <= INT32_MAX &&
              v[4 * i + 1] >= INT32_MIN && v[4 * i + 1] <= INT32_MAX)) {
            wfpy_raise(WF_E_RANGE, "a source lies off the grid");
            goto done;
        }
        src[i].cell = (wf_point){(int)v[4 * i], (int)v[4 * i + 1]};
        src[i].strength = v[4 * i + 2];
        src[i].radius = v[4 * i + 3];
    }
    if (!(out = new_layer(gr->g, 4)))
        goto done;
    if (!wfpy_search_lock(s)) {
        Py_CLEAR(out);
        goto done;
    }
    wf_falloff_opts fo = wf_falloff_opts_default();
    fo.kind = (wf_falloff)kind;
    fo.distance = path_distance ? WF_DISTANCE_PATH : WF_DISTANCE_STRAIGHT;
    fo.move = o.move;
    fo.filter = o.filter;
    float *dst = (float *)PyByteArray_AS_STRING(out);
    wf_status st;
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_field_falloff_grid(s->ws, gr->g, src, n, &fo, NULL, dst);
    Py_END_ALLOW_THREADS
    gr->busy--;
    PyThread_release_lock(s->lock);
    if (st != WF_OK) {
        Py_CLEAR(out);
        wfpy_raise(st, NULL);
    }
done:
    free(src);
    PyBuffer_Release(&sb);
    return out;
}

/* view(grid, x, y, facing, fov, range, fade, **opts) */
PyObject *wfpy_view(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_grid *gr;
    wf_viewer v;
    if (!PyArg_ParseTuple(args, "O!iidddp", &wfpy_grid_type, &gr, &v.cell.x,
                          &v.cell.y, &v.facing, &v.fov, &v.range, &v.fade))
        return NULL;
    wf_search_opts o;
    wf_filter f;
    if (!wfpy_move_opts(kw, gr->g, &o, &f))
        return NULL;
    PyObject *out = new_layer(gr->g, 4);
    if (!out)
        return NULL;
    float *dst = (float *)PyByteArray_AS_STRING(out);
    wf_status st;
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_field_view_grid(gr->g, &v, o.move, NULL, dst);
    Py_END_ALLOW_THREADS
    gr->busy--;
    if (st != WF_OK) {
        Py_DECREF(out);
        return wfpy_raise(st, st == WF_E_RANGE ? "the viewer is off the grid"
                                               : "a bad viewer (fov (0, 360], "
                                                 "range >= 0, all finite)");
    }
    return out;
}

/* blend(layers: list of float32 buffers of `cells` values, weights,
 * cells, normalise, clamp, lo, hi) */
PyObject *wfpy_blend(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    (void)kw;
    PyObject *list;
    Py_buffer wb;
    Py_ssize_t cells;
    wf_blend_opts bo = wf_blend_opts_default();
    if (!PyArg_ParseTuple(args, "O!y*nppdd", &PyList_Type, &list, &wb, &cells,
                          &bo.normalise, &bo.clamp, &bo.lo, &bo.hi))
        return NULL;
    const Py_ssize_t n = PyList_GET_SIZE(list);
    PyObject *out = NULL;
    Py_buffer *views = calloc((size_t)n + 1, sizeof *views);
    wf_layer *layers = calloc((size_t)n + 1, sizeof *layers);
    Py_ssize_t got = 0;
    if (!views || !layers) {
        PyErr_NoMemory();
        goto done;
    }
    if ((size_t)wb.len != (size_t)n * sizeof(double)) {
        wfpy_raise(WF_E_INVALID_ARG, "one weight a layer");
        goto done;
    }
    for (; got < n; got++) {
        if (PyObject_GetBuffer(PyList_GET_ITEM(list, got), &views[got],
                               PyBUF_C_CONTIGUOUS) < 0)
            goto done;
        layers[got].values = views[got].buf;
        layers[got].count = (size_t)views[got].len / sizeof(float);
    }
    out = PyByteArray_FromStringAndSize(NULL, cells * (Py_ssize_t)sizeof(float));
    if (!out)
        goto done;
    wf_status st = wf_field_blend(layers, wb.buf, (size_t)n, (size_t)cells, 0, &bo,
                                  NULL, (float *)PyByteArray_AS_STRING(out));
    if (st != WF_OK) {
        Py_CLEAR(out);
        wfpy_raise(st, "layers of the grid's size, finite weights (not all 0 "
                       "to normalise), lo <= hi");
    }
done:
    for (Py_ssize_t i = 0; i < got; i++)
        PyBuffer_Release(&views[i]);
    free(views);
    free(layers);
    PyBuffer_Release(&wb);
    return out;
}
