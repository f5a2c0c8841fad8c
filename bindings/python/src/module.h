/* The C side of the Python package: one extension module, wayfind._wayfind,
 * over libwayfind. Buffers in and out (the Python side makes and reads the
 * NumPy arrays), the GIL released while the library works. */
#ifndef WFPY_MODULE_H
#define WFPY_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <wayfind/wayfind.h>

/* A grid. `busy` counts searches running on it with the GIL released
 * (changed only with the GIL held): an edit while it is non-zero is an
 * error, so a map is never written while another thread reads it. */
typedef struct {
    PyObject_HEAD
    wf_grid *g;
    Py_ssize_t busy;
} wfpy_grid;

/* A search workspace: one per Python thread (the package keeps them in a
 * threading.local); `lock` keeps two threads from sharing one anyway.
 * `mq` is the thread's mesh query state, made by its first mesh path
 * (a query state may move between meshes). */
typedef struct {
    PyObject_HEAD
    wf_search *ws;
    wf_mesh_query *mq;
    PyThread_type_lock lock;
} wfpy_search;

/* The library's persistent thread pool; `lock` serialises calls on it. */
typedef struct {
    PyObject_HEAD
    wf_pool *pool;
    PyThread_type_lock lock;
} wfpy_pool;

/* A graph, with its node names when it came from a file (else NULL). */
typedef struct {
    PyObject_HEAD
    wf_graph *g;
    wf_names *names;
} wfpy_graph;

/* A grid's jump table (JPS+). */
typedef struct {
    PyObject_HEAD
    wf_jump_table *t;
} wfpy_jumps;

/* A navigation mesh: threads query it at once, each on its own
 * workspace's mesh query state. `busy` counts calls reading it with the
 * GIL released (path, save, random points; changed only with the GIL
 * held): adding a link or updating its tiles while it is non-zero is an
 * error. `changing` is 1 while update changes it with the GIL released:
 * every other call then raises (wfpy_mesh_of). So a mesh is never changed
 * while another thread reads it. */
typedef struct {
    PyObject_HEAD
    wf_mesh *m;
    Py_ssize_t busy;
    int changing;
} wfpy_mesh;

/* o's mesh, to read with the GIL held; NULL with InvalidArgumentError
 * while another thread updates it. */
wf_mesh *wfpy_mesh_of(wfpy_mesh *o);

extern PyTypeObject wfpy_jumps_type;
extern PyTypeObject wfpy_mesh_type;
extern PyTypeObject wfpy_ch_type;
extern PyTypeObject wfpy_grid_type;
extern PyTypeObject wfpy_search_type;
extern PyTypeObject wfpy_slice_type;
extern PyTypeObject wfpy_pool_type;
extern PyTypeObject wfpy_graph_type;
extern PyTypeObject wfpy_crowd_type;

/* Raises the exception class of status s with message msg (NULL: the
 * status's own text); returns NULL. */
PyObject *wfpy_raise(wf_status s, const char *msg);
/* Raises wayfind.Error's subclass for a file problem, from a diag. */
PyObject *wfpy_raise_diag(wf_status s, const wf_diag *d);

/* save(path, grid) of a table: writes it through fn (whole or not at
 * all), which gets {table, grid} as its ud; WF_E_INVALID_ARG raises with
 * the message stale (the table is not the grid's as it is). */
PyObject *wfpy_save(PyObject *args, wf_write_fn fn, void *table,
                    const char *stale);

/* The cells of p as a bytearray of int32 x, y pairs, or NULL with the
 * exception set. */
PyObject *wfpy_points_bytes(const wf_path *p);

/* A polyline result as (status, points, length, cost, expanded,
 * generated, message): points a bytearray of float64 x, y pairs (none for
 * WF_NO_PATH), msg (may be NULL) why there is no path; NULL with the
 * exception set. */
PyObject *wfpy_polyline_tuple(wf_status st, const wf_polyline *p,
                              const char *msg);

/* A new grid of w × h cells, or NULL with the exception set. */
wf_grid *wfpy_grid_create(int w, int h);
/* A new Python grid owning g (destroyed on failure). */
PyObject *wfpy_grid_wrap(wf_grid *g);

/* The search options from keyword values (see search.c); 0 or -1 with
 * an exception set. The filter, when given, is written into *f and
 * o->filter points at it; overlays into o->overlay (a view held in *ov,
 * released with PyBuffer_Release by the caller when ov->obj). */
int wfpy_opts(PyObject *kw, const wf_grid *g, wf_search_opts *o, wf_filter *f,
              Py_buffer *ov);

/* wfpy_opts for calls that take only the movement model and the filter:
 * an overlay given is let go at once. */
int wfpy_move_opts(PyObject *kw, const wf_grid *g, wf_search_opts *o, wf_filter *f);

/* Takes s's lock without waiting: 0, with the exception set, when another
 * thread holds it. */
int wfpy_search_lock(wfpy_search *s);

/* Functions of the module, by file. */
PyObject *wfpy_search_grid(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_batch(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_field(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_load_map(PyObject *self, PyObject *args);
PyObject *wfpy_load_scen(PyObject *self, PyObject *args);
PyObject *wfpy_price_noise(PyObject *self, PyObject *args);
PyObject *wfpy_jump_table(PyObject *self, PyObject *arg);
PyObject *wfpy_load_jumps(PyObject *self, PyObject *args);
PyObject *wfpy_hierarchy(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_load_hierarchy(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_generate(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_render_png(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_slice_begin(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_flee(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_flow(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_falloff(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_view(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_blend(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_graph_from_grid(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_load_graph(PyObject *self, PyObject *args);
PyObject *wfpy_search_graph(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_search_any_angle(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_mesh_from_grid(PyObject *self, PyObject *args, PyObject *kw);
PyObject *wfpy_mesh_from_outlines(PyObject *self, PyObject *args);
PyObject *wfpy_mesh_read_outlines(PyObject *self, PyObject *args);
PyObject *wfpy_mesh_read(PyObject *self, PyObject *args);
PyObject *wfpy_mesh_read_tiled(PyObject *self, PyObject *args);

/* A new Python mesh owning m (destroyed on failure). */
PyObject *wfpy_mesh_wrap(wf_mesh *m);
/* Mesh methods and getters kept apart from mesh.c (mesh_edit.c). */
PyObject *wfpy_mesh_add_link(wfpy_mesh *o, PyObject *args);
PyObject *wfpy_mesh_links(wfpy_mesh *o, void *c);
PyObject *wfpy_mesh_update(wfpy_mesh *o, PyObject *args);
PyObject *wfpy_mesh_add_obstacle(wfpy_mesh *o, PyObject *args);
PyObject *wfpy_mesh_remove_obstacle(wfpy_mesh *o, PyObject *args);
PyObject *wfpy_mesh_save(wfpy_mesh *o, PyObject *args);
PyObject *wfpy_mesh_corridor(wfpy_mesh *o, PyObject *args);
PyObject *wfpy_mesh_funnel(wfpy_mesh *o, PyObject *args);
/* The links q's last path took, as a list of (link id, point index);
 * NULL with the exception set. */
PyObject *wfpy_mesh_taken(const wf_mesh_query *q);

#endif
