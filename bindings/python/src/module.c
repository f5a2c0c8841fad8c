/* wayfind._wayfind: the exception classes and the module itself. */
#include "module.h"

/* wayfind.Error and its subclasses, made once when the module loads. */
static PyObject *error, *invalid, *range, *nomem, *too_big, *parse, *file,
    *unsatisfiable, *unsupported, *thread, *blocked;

PyObject *wfpy_raise(wf_status s, const char *msg) {
    PyObject *cls = error;
    switch (s) {
    case WF_E_INVALID_ARG: cls = invalid; break;
    case WF_E_RANGE: cls = range; break;
    case WF_E_NOMEM: cls = nomem; break;
    case WF_E_TOO_BIG: cls = too_big; break;
    case WF_E_PARSE: cls = parse; break;
    case WF_E_IO: cls = file; break;
    case WF_E_UNSATISFIABLE: cls = unsatisfiable; break;
    case WF_E_UNSUPPORTED: cls = unsupported; break;
    case WF_E_THREAD: cls = thread; break;
    case WF_NO_PATH: cls = blocked; break;
    default: break;
    }
    PyErr_SetString(cls, msg && *msg ? msg : wf_strerror(s));
    return NULL;
}

PyObject *wfpy_raise_diag(wf_status s, const wf_diag *d) {
    char buf[600];
    wf_diag_format(d, buf, sizeof buf);
    return wfpy_raise(s, buf[0] ? buf : NULL);
}

PyObject *wfpy_save(PyObject *args, wf_write_fn fn, void *table,
                    const char *stale) {
    PyObject *path;
    wfpy_grid *gr;
    if (!PyArg_ParseTuple(args, "O&O!", PyUnicode_FSConverter, &path,
                          &wfpy_grid_type, &gr))
        return NULL;
    void *ud[2] = {table, gr->g};
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st;
    gr->busy++; /* written with the GIL released: the grid is not edited */
    Py_BEGIN_ALLOW_THREADS
    st = wf_file_write(PyBytes_AS_STRING(path), fn, ud, &d);
    Py_END_ALLOW_THREADS
    gr->busy--;
    Py_DECREF(path);
    if (st == WF_E_INVALID_ARG)
        return wfpy_raise(st, stale);
    if (st != WF_OK)
        return wfpy_raise_diag(st, &d);
    Py_RETURN_NONE;
}

static PyObject *version(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyUnicode_FromString(wf_version_string());
}

static PyObject *tiled_supported(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyBool_FromLong(wf_tiled_supported());
}

static PyMethodDef methods[] = {
    {"version", version, METH_NOARGS, "The library's version string."},
    {"search_grid", (PyCFunction)(void (*)(void))wfpy_search_grid,
     METH_VARARGS | METH_KEYWORDS,
     "search_grid(search, grid, sx, sy, gx, gy, **opts) -> (status, "
     "points, cost, expanded, generated, engine, message)"},
    {"batch", (PyCFunction)(void (*)(void))wfpy_batch,
     METH_VARARGS | METH_KEYWORDS,
     "batch(grid, ends, threads, pool, **opts) -> list of (status, points, "
     "cost, expanded, generated, engine)"},
    {"field", (PyCFunction)(void (*)(void))wfpy_field,
     METH_VARARGS | METH_KEYWORDS,
     "field(search, grid, sources, **opts) -> bytearray of float32"},
    {"jump_table", wfpy_jump_table, METH_O, "jump_table(grid) -> JumpTable"},
    {"load_jumps", wfpy_load_jumps, METH_VARARGS,
     "load_jumps(path, grid) -> JumpTable"},
    {"hierarchy", (PyCFunction)(void (*)(void))wfpy_hierarchy,
     METH_VARARGS | METH_KEYWORDS,
     "hierarchy(grid, connect=, corners=, filter=) -> Hierarchy"},
    {"load_hierarchy", (PyCFunction)(void (*)(void))wfpy_load_hierarchy,
     METH_VARARGS | METH_KEYWORDS,
     "load_hierarchy(path, grid, connect=, corners=, filter=) -> Hierarchy"},
    {"price_noise", wfpy_price_noise, METH_VARARGS,
     "price_noise(grid, seed, levels, scale) -> Grid"},
    {"load_scen", wfpy_load_scen, METH_VARARGS,
     "load_scen(path) -> (map, ends, optimal, bucket, width, height)"},
    {"load_map", wfpy_load_map, METH_VARARGS,
     "load_map(path, legend) -> (grid, start, goal)"},
    {"generate", (PyCFunction)(void (*)(void))wfpy_generate,
     METH_VARARGS | METH_KEYWORDS, "generate(kind, width, height, seed) -> grid"},
    {"render_png", (PyCFunction)(void (*)(void))wfpy_render_png,
     METH_VARARGS | METH_KEYWORDS, "render_png(path, grid, paths, scale)"},
    {"slice_begin", (PyCFunction)(void (*)(void))wfpy_slice_begin,
     METH_VARARGS | METH_KEYWORDS, "slice_begin(grid, sx, sy, gx, gy, **opts) -> Slice"},
    {"flee", (PyCFunction)(void (*)(void))wfpy_flee, METH_VARARGS | METH_KEYWORDS,
     "flee(search, grid, dist, k, **opts) -> float32 bytearray"},
    {"flow", (PyCFunction)(void (*)(void))wfpy_flow, METH_VARARGS | METH_KEYWORDS,
     "flow(grid, field, **opts) -> int8 bytearray"},
    {"falloff", (PyCFunction)(void (*)(void))wfpy_falloff,
     METH_VARARGS | METH_KEYWORDS,
     "falloff(search, grid, sources, kind, path_distance, **opts)"},
    {"view", (PyCFunction)(void (*)(void))wfpy_view, METH_VARARGS | METH_KEYWORDS,
     "view(grid, x, y, facing, fov, range, fade, **opts)"},
    {"blend", (PyCFunction)(void (*)(void))wfpy_blend, METH_VARARGS | METH_KEYWORDS,
     "blend(layers, weights, cells, normalise, clamp, lo, hi)"},
    {"graph_from_grid", (PyCFunction)(void (*)(void))wfpy_graph_from_grid,
     METH_VARARGS | METH_KEYWORDS, "graph_from_grid(grid, tile, **opts) -> Graph"},
    {"load_graph", wfpy_load_graph, METH_VARARGS, "load_graph(path) -> Graph"},
    {"search_graph", (PyCFunction)(void (*)(void))wfpy_search_graph,
     METH_VARARGS | METH_KEYWORDS,
     "search_graph(search, graph, a, b, **opts) -> (status, nodes, cost, expanded)"},
    {"search_any_angle", (PyCFunction)(void (*)(void))wfpy_search_any_angle,
     METH_VARARGS | METH_KEYWORDS,
     "search_any_angle(search, grid, sx, sy, gx, gy, engine, **opts) -> "
     "(status, points, length, cost, expanded, generated, message)"},
    {"mesh_from_grid", (PyCFunction)(void (*)(void))wfpy_mesh_from_grid,
     METH_VARARGS | METH_KEYWORDS, "mesh_from_grid(grid, tile, size=, filter=) -> Mesh"},
    {"mesh_from_outlines", wfpy_mesh_from_outlines, METH_VARARGS,
     "mesh_from_outlines(points, counts, kinds, names, scale, cost, radius) "
     "-> Mesh"},
    {"mesh_read_outlines", wfpy_mesh_read_outlines, METH_VARARGS,
     "mesh_read_outlines(path, radius) -> Mesh"},
    {"mesh_read", wfpy_mesh_read, METH_VARARGS,
     "mesh_read(path, grid or None) -> Mesh"},
    {"mesh_read_tiled", wfpy_mesh_read_tiled, METH_VARARGS,
     "mesh_read_tiled(path, radius) -> Mesh (UnsupportedError without cJSON)"},
    {"tiled_supported", tiled_supported, METH_NOARGS,
     "1 when this build reads Tiled maps."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "wayfind._wayfind",
    "The C extension under the wayfind package; use the package.", -1,
    methods, NULL, NULL, NULL, NULL,
};

/* Makes class `name` under Error (and a built-in base, may be NULL) and
 * adds it to m. */
static PyObject *new_error(PyObject *m, const char *name, PyObject *base,
                           const char *doc) {
    char qual[96];
    snprintf(qual, sizeof qual, "wayfind.%s", name);
    PyObject *bases = base ? PyTuple_Pack(2, error, base)
                           : PyTuple_Pack(1, error);
    if (!bases)
        return NULL;
    PyObject *cls = PyErr_NewExceptionWithDoc(qual, doc, bases, NULL);
    Py_DECREF(bases);
    if (cls && PyModule_AddObjectRef(m, name, cls) < 0)
        Py_CLEAR(cls);
    return cls;
}

/* The library's name tables (names.h; plan.h for team planners), each
 * X-macro expanded here into rows and given to Python as a dict of name ->
 * value in the enum's order: the package holds no copy of the names. */
typedef struct {
    const char *name;
    int value;
} name_row;

#define NAME_ROW(v, s) {s, (int)(v)},
static const name_row algo_rows[] = {WF_ALGO_NAMES(NAME_ROW)};
static const name_row heuristic_rows[] = {WF_HEURISTIC_NAMES(NAME_ROW)};
static const name_row corners_rows[] = {WF_CORNERS_NAMES(NAME_ROW)};
static const name_row any_angle_rows[] = {WF_ANY_ANGLE_NAMES(NAME_ROW)};
static const name_row team_algo_rows[] = {WF_TEAM_ALGO_NAMES(NAME_ROW)};
#undef NAME_ROW

#define TABLE(attr, rows) {attr, rows, sizeof rows / sizeof rows[0]}
static const struct {
    const char *attr;
    const name_row *rows;
    size_t count;
} name_tables[] = {
    TABLE("ALGORITHMS", algo_rows),
    TABLE("HEURISTICS", heuristic_rows),
    TABLE("CORNERS", corners_rows),
    TABLE("ANY_ANGLES", any_angle_rows),
    TABLE("TEAM_ALGORITHMS", team_algo_rows),
};
#undef TABLE

/* Adds each name table to m as a dict, and DEFAULTS: the names of a
 * default query's algorithm, heuristic and corner rule; -1 with the
 * exception set. */
static int add_name_tables(PyObject *m) {
    for (size_t t = 0; t < sizeof name_tables / sizeof name_tables[0]; t++) {
        PyObject *d = PyDict_New();
        if (!d)
            return -1;
        for (size_t i = 0; i < name_tables[t].count; i++) {
            PyObject *v = PyLong_FromLong(name_tables[t].rows[i].value);
            if (!v || PyDict_SetItemString(d, name_tables[t].rows[i].name, v) < 0) {
                Py_XDECREF(v);
                Py_DECREF(d);
                return -1;
            }
            Py_DECREF(v);
        }
        if (PyModule_AddObject(m, name_tables[t].attr, d) < 0) {
            Py_DECREF(d);
            return -1;
        }
    }
    /* the names of a default query's values (wf_search_opts_default) */
    const wf_search_opts o = wf_search_opts_default();
    PyObject *d = Py_BuildValue("{ssssss}", "algo", wf_algo_name(o.algo),
                                "heuristic", wf_heuristic_name(o.heuristic),
                                "corners", wf_corners_name(o.move.corners));
    if (!d || PyModule_AddObject(m, "DEFAULTS", d) < 0) {
        Py_XDECREF(d);
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC PyInit__wayfind(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyType_Ready(&wfpy_grid_type) < 0 ||
        PyType_Ready(&wfpy_search_type) < 0 ||
        PyType_Ready(&wfpy_slice_type) < 0 ||
        PyType_Ready(&wfpy_pool_type) < 0 ||
        PyType_Ready(&wfpy_graph_type) < 0 ||
        PyType_Ready(&wfpy_jumps_type) < 0 ||
        PyType_Ready(&wfpy_ch_type) < 0 ||
        PyType_Ready(&wfpy_mesh_type) < 0 ||
        PyType_Ready(&wfpy_crowd_type) < 0 ||
        PyModule_AddObjectRef(m, "Grid", (PyObject *)&wfpy_grid_type) < 0 ||
        PyModule_AddObjectRef(m, "Search", (PyObject *)&wfpy_search_type) < 0 ||
        PyModule_AddObjectRef(m, "Slice", (PyObject *)&wfpy_slice_type) < 0 ||
        PyModule_AddObjectRef(m, "Pool", (PyObject *)&wfpy_pool_type) < 0 ||
        PyModule_AddObjectRef(m, "Graph", (PyObject *)&wfpy_graph_type) < 0 ||
        PyModule_AddObjectRef(m, "JumpTable", (PyObject *)&wfpy_jumps_type) < 0 ||
        PyModule_AddObjectRef(m, "Hierarchy", (PyObject *)&wfpy_ch_type) < 0 ||
        PyModule_AddObjectRef(m, "Mesh", (PyObject *)&wfpy_mesh_type) < 0 ||
        PyModule_AddObjectRef(m, "Crowd", (PyObject *)&wfpy_crowd_type) < 0)
        goto fail;
    if (add_name_tables(m) < 0)
        goto fail;
    error = PyErr_NewExceptionWithDoc(
        "wayfind.Error",
        "Every error the library reports; the message is the library's.",
        NULL, NULL);
    if (!error || PyModule_AddObjectRef(m, "Error", error) < 0)
        goto fail;
    if (!(invalid = new_error(m, "InvalidArgumentError", PyExc_ValueError,
                              "A bad argument (the library's WF_E_INVALID_ARG).")) ||
        !(range = new_error(m, "RangeError", PyExc_IndexError,
                            "A point or index off the map (WF_E_RANGE).")) ||
        !(nomem = new_error(m, "NoMemoryError", PyExc_MemoryError,
                            "Out of memory (WF_E_NOMEM).")) ||
        !(too_big = new_error(m, "TooBigError", PyExc_ValueError,
                              "A size over the library's limits (WF_E_TOO_BIG).")) ||
        !(parse = new_error(m, "ParseError", PyExc_ValueError,
                            "A malformed file (WF_E_PARSE); the message names "
                            "file, line and column.")) ||
        !(file = new_error(m, "FileError", PyExc_OSError,
                           "A file could not be read or written (WF_E_IO).")) ||
        !(unsatisfiable = new_error(m, "UnsatisfiableError", NULL,
                                    "The request cannot be met on this map "
                                    "(WF_E_UNSATISFIABLE).")) ||
        !(unsupported = new_error(m, "UnsupportedError", NULL,
                                  "Not supported by this build (WF_E_UNSUPPORTED).")) ||
        !(thread = new_error(m, "ThreadError", PyExc_RuntimeError,
                             "A thread could not be started (WF_E_THREAD).")) ||
        !(blocked = new_error(m, "BlockedError", PyExc_ValueError,
                              "A start or goal the unit cannot stand on.")))
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
