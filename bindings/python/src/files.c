/* Maps from files and generators, and PNG pictures. */
#include <stdlib.h>

#include "module.h"

static PyObject *point_or_none(int has, wf_point p) {
    if (!has)
        Py_RETURN_NONE;
    return Py_BuildValue("(ii)", p.x, p.y);
}

PyObject *wfpy_load_map(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *path_obj, *legend_obj = Py_None;
    if (!PyArg_ParseTuple(args, "O&|O", PyUnicode_FSConverter, &path_obj,
                          &legend_obj))
        return NULL;
    PyObject *legend_bytes = NULL;
    if (legend_obj != Py_None &&
        !PyUnicode_FSConverter(legend_obj, &legend_bytes)) {
        Py_DECREF(path_obj);
        return NULL;
    }
    wf_grid *g = NULL;
    wf_map_marks marks;
    wf_diag d;
    memset(&marks, 0, sizeof marks);
    memset(&d, 0, sizeof d);
    const char *path = PyBytes_AS_STRING(path_obj);
    const char *legend = legend_bytes ? PyBytes_AS_STRING(legend_bytes) : NULL;
    wf_status s;
    Py_BEGIN_ALLOW_THREADS
    s = wf_map_load(path, legend, NULL, &g, &marks, &d);
    Py_END_ALLOW_THREADS
    Py_DECREF(path_obj);
    Py_XDECREF(legend_bytes);
    if (s != WF_OK)
        return wfpy_raise_diag(s, &d);
    PyObject *grid = wfpy_grid_wrap(g);
    if (!grid)
        return NULL;
    return Py_BuildValue("NNN", grid, point_or_none(marks.has_start, marks.start),
                         point_or_none(marks.has_goal, marks.goal));
}

PyObject *wfpy_generate(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *names[] = {"kind", "width", "height", "seed", "density",
                            "braid", "movingai_costs", NULL};
    const char *kind;
    int w, h, movingai = 0;
    unsigned long long seed;
    double density = 0.25, braid = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "siiK|ddp", names, &kind, &w,
                                     &h, &seed, &density, &braid, &movingai))
        return NULL;
    wf_grid *g = wfpy_grid_create(w, h);
    if (!g)
        return NULL;
    wf_status s = WF_OK;
    Py_BEGIN_ALLOW_THREADS
    if (!strcmp(kind, "islands"))
        s = wf_gen_islands(g, seed, NULL);
    else if (!strcmp(kind, "caves"))
        s = wf_gen_caves(g, seed, NULL, 1);
    else if (!strcmp(kind, "maze"))
        s = wf_gen_maze(g, seed, braid);
    else if (!strcmp(kind, "rooms"))
        s = wf_gen_rooms(g, seed, NULL);
    else if (!strcmp(kind, "noise"))
        s = wf_gen_noise(g, seed, density);
    else
        s = WF_E_UNSATISFIABLE; /* not a generator: told apart below */
    if (s == WF_OK && movingai)
        s = wf_movingai_set_costs(g);
    Py_END_ALLOW_THREADS
    if (s == WF_E_UNSATISFIABLE && strcmp(kind, "islands") &&
        strcmp(kind, "caves") && strcmp(kind, "maze") && strcmp(kind, "rooms") &&
        strcmp(kind, "noise")) {
        wf_grid_destroy(g);
        char msg[160];
        snprintf(msg, sizeof msg,
                 "unknown world kind '%.60s' (islands, caves, maze, rooms, "
                 "noise)", kind);
        return wfpy_raise(WF_E_INVALID_ARG, msg);
    }
    if (s != WF_OK) {
        wf_grid_destroy(g);
        char msg[160];
        snprintf(msg, sizeof msg, "%s cannot be made at %d x %d with these "
                 "options: %s", kind, w, h, wf_strerror(s));
        return wfpy_raise(s, msg);
    }
    return wfpy_grid_wrap(g);
}

PyObject *wfpy_render_png(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *names[] = {"path", "grid", "paths", "scale", NULL};
    PyObject *path_obj, *list = NULL;
    wfpy_grid *gr;
    int scale = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O&O!|Oi", names,
                                     PyUnicode_FSConverter, &path_obj,
                                     &wfpy_grid_type, &gr, &list, &scale))
        return NULL;
    PyObject *r = NULL;
    Py_ssize_t n = 0;
    wf_path *paths = NULL;
    if (list && list != Py_None) {
        if (!PyList_Check(list)) {
            PyErr_SetString(PyExc_TypeError, "paths must be a list");
            goto done;
        }
        n = PyList_GET_SIZE(list);
    }
    paths = calloc((size_t)n + 1, sizeof *paths);
    if (!paths) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_buffer b;
        if (PyObject_GetBuffer(PyList_GET_ITEM(list, i), &b,
                               PyBUF_C_CONTIGUOUS) < 0)
            goto done;
        const size_t k = (size_t)b.len / 8;
        wf_path_init(&paths[i], NULL);
        if (wf_path_reserve(&paths[i], k ? k : 1) != WF_OK) {
            PyBuffer_Release(&b);
            PyErr_NoMemory();
            goto done;
        }
        const int32_t *xy = b.buf;
        for (size_t j = 0; j < k; j++)
            paths[i].points[j] = (wf_point){xy[2 * j], xy[2 * j + 1]};
        paths[i].count = k;
        PyBuffer_Release(&b);
    }
    wf_png_opts o = wf_png_opts_default();
    o.scale = scale;
    o.paths = paths;
    o.path_count = (size_t)n;
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status s;
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    s = wf_render_png(PyBytes_AS_STRING(path_obj), gr->g, &o, &d);
    Py_END_ALLOW_THREADS
    gr->busy--;
    if (s != WF_OK)
        wfpy_raise_diag(s, &d);
    else
        r = Py_NewRef(Py_None);
done:
    for (Py_ssize_t i = 0; paths && i < n; i++)
        wf_path_free(&paths[i]);
    free(paths);
    Py_DECREF(path_obj);
    return r;
}

/* load_scen(path) -> (map, ends int32 bytearray of sx sy gx gy rows,
 * optimal float64 bytearray, bucket int32 bytearray, width, height) */
PyObject *wfpy_load_scen(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *path;
    if (!PyArg_ParseTuple(args, "O&", PyUnicode_FSConverter, &path))
        return NULL;
    wf_scen sc;
    memset(&sc, 0, sizeof sc);
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    Py_BEGIN_ALLOW_THREADS
    st = wf_scen_read(PyBytes_AS_STRING(path), NULL, &sc, &d);
    Py_END_ALLOW_THREADS
    Py_DECREF(path);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    const Py_ssize_t n = (Py_ssize_t)sc.count;
    PyObject *ends = PyByteArray_FromStringAndSize(NULL, n * 16);
    PyObject *opt = PyByteArray_FromStringAndSize(NULL, n * 8);
    PyObject *bucket = PyByteArray_FromStringAndSize(NULL, n * 4);
    PyObject *r = NULL;
    if (ends && opt && bucket) {
        int32_t *e = (int32_t *)PyByteArray_AS_STRING(ends);
        double *o = (double *)PyByteArray_AS_STRING(opt);
        int32_t *b = (int32_t *)PyByteArray_AS_STRING(bucket);
        for (Py_ssize_t i = 0; i < n; i++) {
            const wf_scen_entry *x = &sc.entries[i];
            e[4 * i] = x->start.x;
            e[4 * i + 1] = x->start.y;
            e[4 * i + 2] = x->goal.x;
            e[4 * i + 3] = x->goal.y;
            o[i] = x->optimal;
            b[i] = x->bucket;
        }
        r = Py_BuildValue("sOOOii", sc.map, ends, opt, bucket,
                          n ? sc.entries[0].map_width : 0,
                          n ? sc.entries[0].map_height : 0);
    }
    Py_XDECREF(ends);
    Py_XDECREF(opt);
    Py_XDECREF(bucket);
    wf_scen_free(&sc);
    return r;
}

/* price_noise(grid, seed, levels, scale) -> a new grid: grid's free cells
 * priced 1..levels by smooth seeded noise, its walls kept. */
PyObject *wfpy_price_noise(PyObject *self, PyObject *args) {
    (void)self;
    wfpy_grid *gr;
    unsigned long long seed;
    int levels, scale;
    if (!PyArg_ParseTuple(args, "O!Kii", &wfpy_grid_type, &gr, &seed, &levels,
                          &scale))
        return NULL;
    wf_grid *c;
    wf_status st = wf_grid_clone(gr->g, &c);
    if (st != WF_OK)
        return wfpy_raise(st, NULL);
    wf_cost_noise_opts o = {levels, scale};
    Py_BEGIN_ALLOW_THREADS /* on the clone, this call's own */
    st = wf_gen_cost_noise(c, seed, &o);
    Py_END_ALLOW_THREADS
    if (st != WF_OK) {
        wf_grid_destroy(c);
        return wfpy_raise(st, st == WF_E_INVALID_ARG
                                  ? "levels must be 2 to 9 and scale 1 to 4096"
                                  : NULL);
    }
    return wfpy_grid_wrap(c);
}
