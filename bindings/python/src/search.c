/* wayfind._wayfind.Search (a workspace) and the searches: one query, a
 * batch on a thread pool, a Dijkstra field. The GIL is released while the
 * library searches; the grid counts the searches running on it so that
 * no edit can happen meanwhile. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "module.h"

static PyObject *search_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    if (!PyArg_ParseTuple(args, "") || (kw && PyDict_Size(kw))) {
        PyErr_SetString(PyExc_TypeError, "Search() takes no arguments");
        return NULL;
    }
    wfpy_search *o = (wfpy_search *)type->tp_alloc(type, 0);
    if (!o)
        return NULL;
    o->lock = PyThread_allocate_lock();
    wf_status s = o->lock ? wf_search_create(NULL, &o->ws) : WF_E_NOMEM;
    if (s != WF_OK) {
        Py_DECREF(o);
        return wfpy_raise(s, NULL);
    }
    return (PyObject *)o;
}

static void search_dealloc(wfpy_search *self) {
    wf_search_destroy(self->ws);
    wf_mesh_query_destroy(self->mq);
    if (self->lock)
        PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *search_bytes(wfpy_search *self, void *c) {
    (void)c;
    return PyLong_FromSize_t(wf_search_bytes(self->ws));
}

static PyGetSetDef search_getset[] = {
    {"bytes", (getter)search_bytes, NULL, "Memory the workspace holds.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject wfpy_search_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wayfind._wayfind.Search",
    .tp_basicsize = sizeof(wfpy_search),
    .tp_dealloc = (destructor)search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A search workspace: one per thread, reused by its queries.",
    .tp_getset = search_getset,
    .tp_new = search_new,
};

/* ---- options ------------------------------------------------------------ */

static int get_int(PyObject *v, const char *name, long lo, long hi, long *out) {
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred())
        return 0;
    if (x < lo || x > hi) {
        char msg[160];
        snprintf(msg, sizeof msg, "%s must be %ld to %ld, not %ld", name, lo,
                 hi, x);
        wfpy_raise(WF_E_INVALID_ARG, msg);
        return 0;
    }
    *out = x;
    return 1;
}

/* Option `name`'s value x, one of an enum's values: `known` is its name
 * in the library's table (names.h), NULL when x is none of them. */
static int named(const char *name, long x, const char *known) {
    if (known)
        return 1;
    char msg[160];
    snprintf(msg, sizeof msg, "%s %ld is not one of the library's values", name, x);
    wfpy_raise(WF_E_INVALID_ARG, msg);
    return 0;
}

static int opts_of(PyObject *kw, const wf_grid *g, wf_search_opts *o,
                   wf_filter *f, Py_buffer *ov);

int wfpy_opts(PyObject *kw, const wf_grid *g, wf_search_opts *o, wf_filter *f,
              Py_buffer *ov) {
    if (opts_of(kw, g, o, f, ov))
        return 1;
    /* an overlay taken before a later option failed is let go */
    if (ov->obj)
        PyBuffer_Release(ov);
    ov->obj = NULL;
    return 0;
}

static int opts_of(PyObject *kw, const wf_grid *g, wf_search_opts *o,
                   wf_filter *f, Py_buffer *ov) {
    *o = wf_search_opts_default();
    ov->obj = NULL;
    if (!kw)
        return 1;
    PyObject *key, *v;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kw, &pos, &key, &v)) {
        const char *k = PyUnicode_AsUTF8(key);
        long x;
        if (!k)
            return 0;
        if (v == Py_None)
            continue;
        if (!strcmp(k, "algo")) {
            if (!get_int(v, k, INT_MIN, INT_MAX, &x) ||
                !named(k, x, wf_algo_name((wf_algo)x)))
                return 0;
            o->algo = (wf_algo)x;
        } else if (!strcmp(k, "connect")) {
            if (!get_int(v, k, 4, 8, &x))
                return 0;
            if (x != 4 && x != 8)
                return wfpy_raise(WF_E_INVALID_ARG, "connect must be 4 or 8"),
                       0;
            o->move.connect = (int)x;
        } else if (!strcmp(k, "corners")) {
            if (!get_int(v, k, INT_MIN, INT_MAX, &x) ||
                !named(k, x, wf_corners_name((wf_corners)x)))
                return 0;
            o->move.corners = (wf_corners)x;
        } else if (!strcmp(k, "size")) {
            if (!get_int(v, k, 1, WF_MOVE_MAX_SIZE, &x))
                return 0;
            o->move.size = (int)x;
        } else if (!strcmp(k, "heuristic")) {
            if (!get_int(v, k, INT_MIN, INT_MAX, &x) ||
                !named(k, x, wf_heuristic_name((wf_heuristic)x)))
                return 0;
            o->heuristic = (wf_heuristic)x;
        } else if (!strcmp(k, "weight")) {
            o->weight = PyFloat_AsDouble(v);
            if (o->weight == -1.0 && PyErr_Occurred())
                return 0;
        } else if (!strcmp(k, "max_expansions")) {
            unsigned long long e = PyLong_AsUnsignedLongLong(v);
            if (e == (unsigned long long)-1 && PyErr_Occurred())
                return 0;
            o->max_expansions = e;
        } else if (!strcmp(k, "fallback")) {
            if (!get_int(v, k, 0, 1, &x))
                return 0;
            o->goal_fallback = (wf_goal_fallback)x;
        } else if (!strcmp(k, "filter")) {
            Py_buffer b;
            if (PyObject_GetBuffer(v, &b, PyBUF_C_CONTIGUOUS) < 0)
                return 0;
            if (b.len != (Py_ssize_t)sizeof f->mult) {
                PyBuffer_Release(&b);
                return wfpy_raise(WF_E_INVALID_ARG,
                                  "a filter is 256 float64 multipliers"),
                       0;
            }
            memcpy(f->mult, b.buf, sizeof f->mult);
            PyBuffer_Release(&b);
            o->filter = f;
        } else if (!strcmp(k, "overlay")) {
            if (PyObject_GetBuffer(v, ov, PyBUF_C_CONTIGUOUS) < 0) {
                ov->obj = NULL;
                return 0;
            }
            const size_t n = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
            if ((size_t)ov->len != n * sizeof(float)) {
                PyBuffer_Release(ov);
                ov->obj = NULL;
                return wfpy_raise(WF_E_INVALID_ARG,
                                  "an overlay is one float32 a cell"),
                       0;
            }
            o->overlay.values = ov->buf;
            o->overlay.count = n;
        } else if (!strcmp(k, "jumps")) {
            if (!PyObject_TypeCheck(v, &wfpy_jumps_type)) {
                PyErr_SetString(PyExc_TypeError,
                                "jumps must be a JumpTable (Grid.jump_table)");
                return 0;
            }
            o->jumps = ((wfpy_jumps *)v)->t;
        } else if (!strcmp(k, "overlay_k")) {
            o->overlay_k = PyFloat_AsDouble(v);
            if (o->overlay_k == -1.0 && PyErr_Occurred())
                return 0;
        } else {
            PyErr_Format(PyExc_TypeError, "unknown search option '%s'", k);
            return 0;
        }
    }
    return 1;
}

int wfpy_move_opts(PyObject *kw, const wf_grid *g, wf_search_opts *o, wf_filter *f) {
    Py_buffer ov;
    if (!wfpy_opts(kw, g, o, f, &ov))
        return 0;
    if (ov.obj)
        PyBuffer_Release(&ov);
    o->overlay.values = NULL;
    o->overlay.count = 0;
    return 1;
}

int wfpy_search_lock(wfpy_search *s) {
    if (PyThread_acquire_lock(s->lock, NOWAIT_LOCK))
        return 1;
    wfpy_raise(WF_E_INVALID_ARG, "a Search is used by one thread at a time");
    return 0;
}

/* May the unit stand on p (size, terrain, filter)? */
static int stands(const wf_grid *g, const wf_search_opts *o, wf_point p) {
    if (o->move.size > 1)
        return wf_grid_clearance(g, p.x, p.y) >= o->move.size &&
               (!o->filter ||
                !isinf(o->filter->mult[wf_grid_get(g, p.x, p.y)]));
    return wf_grid_passable(g, p.x, p.y) &&
           (!o->filter || !isinf(o->filter->mult[wf_grid_get(g, p.x, p.y)]));
}

/* A RangeError naming what lies off the grid; 0 when both are on it. */
static int off_grid(const wf_grid *g, const char *what, wf_point p) {
    if (wf_grid_contains(g, p.x, p.y))
        return 0;
    char msg[160];
    snprintf(msg, sizeof msg, "%s (%d, %d) is off the %d x %d grid", what,
             p.x, p.y, wf_grid_width(g), wf_grid_height(g));
    wfpy_raise(WF_E_RANGE, msg);
    return 1;
}

PyObject *wfpy_points_bytes(const wf_path *p) {
    PyObject *b = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)p->count * 8);
    if (!b)
        return NULL;
    int32_t *xy = (int32_t *)PyByteArray_AS_STRING(b);
    for (size_t i = 0; i < p->count; i++) {
        xy[2 * i] = p->points[i].x;
        xy[2 * i + 1] = p->points[i].y;
    }
    return b;
}

/* ---- one query ---------------------------------------------------------- */

PyObject *wfpy_search_grid(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_search *s;
    wfpy_grid *gr;
    wf_point a, b;
    if (!PyArg_ParseTuple(args, "O!O!iiii", &wfpy_search_type, &s,
                          &wfpy_grid_type, &gr, &a.x, &a.y, &b.x, &b.y))
        return NULL;
    const wf_grid *g = gr->g;
    if (off_grid(g, "start", a) || off_grid(g, "goal", b))
        return NULL;
    wf_search_opts o;
    wf_filter f;
    Py_buffer ov;
    if (!wfpy_opts(kw, g, &o, &f, &ov))
        return NULL;
    if (!wfpy_search_lock(s)) {
        if (ov.obj)
            PyBuffer_Release(&ov);
        return NULL;
    }
    wf_path p;
    wf_path_init(&p, NULL);
    wf_status st;
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_search_grid(s->ws, g, a, b, &o, &p);
    Py_END_ALLOW_THREADS
    gr->busy--;
    PyObject *r = NULL;
    if (st == WF_NO_PATH && (!stands(g, &o, a) || !stands(g, &o, b))) {
        char msg[300];
        snprintf(msg, sizeof msg, "%s (%d, %d) is blocked for this unit%s%s",
                 stands(g, &o, a) ? "goal" : "start",
                 stands(g, &o, a) ? b.x : a.x, stands(g, &o, a) ? b.y : a.y,
                 *wf_search_message(s->ws) ? ": " : "",
                 wf_search_message(s->ws));
        wfpy_raise(WF_NO_PATH, msg);
    } else if (st < 0) {
        wfpy_raise(st, wf_search_message(s->ws));
    } else {
        PyObject *pts = wfpy_points_bytes(&p);
        if (pts)
            r = Py_BuildValue("iNdKKis", (int)st, pts, p.cost,
                              (unsigned long long)p.stats.expanded,
                              (unsigned long long)p.stats.generated,
                              (int)p.stats.engine, wf_search_message(s->ws));
    }
    PyThread_release_lock(s->lock);
    wf_path_free(&p);
    if (ov.obj)
        PyBuffer_Release(&ov);
    return r;
}

/* ---- batches ------------------------------------------------------------ */

typedef struct answer {
    wf_status status;
    double cost;
    wf_stats stats; /* expanded, generated and the engine that answered */
    size_t count;
    int32_t *xy; /* malloc'd by the worker */
} answer;

/* Runs on the pool's threads, without the GIL: C memory only. */
static void keep(void *ud, size_t i, wf_status status, const wf_path *p,
                 uint64_t ns) {
    (void)ns;
    answer *a = (answer *)ud + i;
    a->status = status;
    a->cost = p ? p->cost : 0;
    if (p)
        a->stats = p->stats;
    a->count = 0;
    if (status < 0 || !p || !p->count)
        return;
    a->xy = malloc(p->count * 2 * sizeof *a->xy);
    if (!a->xy) {
        a->status = WF_E_NOMEM;
        return;
    }
    for (size_t k = 0; k < p->count; k++) {
        a->xy[2 * k] = p->points[k].x;
        a->xy[2 * k + 1] = p->points[k].y;
    }
    a->count = p->count;
}

PyObject *wfpy_batch(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_grid *gr;
    Py_buffer ends;
    int threads;
    PyObject *pool_obj = Py_None;
    if (!PyArg_ParseTuple(args, "O!y*i|O", &wfpy_grid_type, &gr, &ends, &threads,
                          &pool_obj))
        return NULL;
    wfpy_pool *pool = NULL;
    if (pool_obj != Py_None) {
        if (!PyObject_TypeCheck(pool_obj, &wfpy_pool_type)) {
            PyBuffer_Release(&ends);
            PyErr_SetString(PyExc_TypeError, "pool must be a wayfind.Pool");
            return NULL;
        }
        pool = (wfpy_pool *)pool_obj;
    }
    const wf_grid *g = gr->g;
    PyObject *r = NULL;
    wf_point *pts = NULL;
    answer *ans = NULL;
    wf_search_opts o;
    wf_filter f;
    Py_buffer ov = {0};
    const size_t n = (size_t)ends.len / (4 * sizeof(int32_t));
    if ((size_t)ends.len != n * 4 * sizeof(int32_t)) {
        wfpy_raise(WF_E_INVALID_ARG, "ends are int32 (sx, sy, gx, gy) rows");
        goto done;
    }
    if (threads < 1 || threads > 256) {
        wfpy_raise(WF_E_INVALID_ARG, "threads must be 1 to 256");
        goto done;
    }
    if (!wfpy_opts(kw, g, &o, &f, &ov))
        goto done;
    pts = malloc((2 * n + 1) * sizeof *pts);
    ans = calloc(n + 1, sizeof *ans);
    if (!pts || !ans) {
        PyErr_NoMemory();
        goto done;
    }
    const int32_t *e = ends.buf;
    for (size_t i = 0; i < n; i++) {
        pts[i] = (wf_point){e[4 * i], e[4 * i + 1]};
        pts[n + i] = (wf_point){e[4 * i + 2], e[4 * i + 3]};
        char what[64];
        snprintf(what, sizeof what, "query %zu's start", i);
        if (off_grid(g, what, pts[i]))
            goto done;
        snprintf(what, sizeof what, "query %zu's goal", i);
        if (off_grid(g, what, pts[n + i]))
            goto done;
    }
    wf_status st = WF_OK;
    if (n) {
        gr->busy++;
        Py_BEGIN_ALLOW_THREADS
        if (pool) { /* one call at a time on a pool */
            PyThread_acquire_lock(pool->lock, WAIT_LOCK);
            st = wf_pool_search_grid(pool->pool, g, pts, pts + n, n, &o, keep, ans);
            PyThread_release_lock(pool->lock);
        } else {
            st = wf_search_grid_batch(g, pts, pts + n, n, &o, threads, keep, ans);
        }
        Py_END_ALLOW_THREADS
        gr->busy--;
    }
    if (st != WF_OK) {
        wfpy_raise(st, NULL);
        goto done;
    }
    r = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; r && i < n; i++) {
        if (ans[i].status < 0) {
            Py_CLEAR(r);
            char msg[96];
            snprintf(msg, sizeof msg, "query %zu: %s", i,
                     wf_strerror(ans[i].status));
            wfpy_raise(ans[i].status, msg);
            break;
        }
        PyObject *b = PyByteArray_FromStringAndSize(
            (const char *)ans[i].xy, (Py_ssize_t)(ans[i].count * 8));
        PyObject *t = b ? Py_BuildValue("iNdKKi", (int)ans[i].status, b,
                                        ans[i].cost,
                                        (unsigned long long)ans[i].stats.expanded,
                                        (unsigned long long)ans[i].stats.generated,
                                        (int)ans[i].stats.engine)
                        : NULL;
        if (!t) {
            Py_CLEAR(r);
            break;
        }
        PyList_SET_ITEM(r, (Py_ssize_t)i, t);
    }
done:
    if (ans)
        for (size_t i = 0; i < n; i++)
            free(ans[i].xy);
    free(ans);
    free(pts);
    if (ov.obj)
        PyBuffer_Release(&ov);
    PyBuffer_Release(&ends);
    return r;
}

/* ---- fields ------------------------------------------------------------- */

PyObject *wfpy_field(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_search *s;
    wfpy_grid *gr;
    Py_buffer cells, values = {0};
    if (!PyArg_ParseTuple(args, "O!O!y*|y*", &wfpy_search_type, &s,
                          &wfpy_grid_type, &gr, &cells, &values))
        return NULL;
    const wf_grid *g = gr->g;
    PyObject *out = NULL;
    wf_field_source *src = NULL;
    wf_search_opts o;
    wf_filter f;
    Py_buffer ov = {0};
    const size_t n = (size_t)cells.len / (2 * sizeof(int32_t));
    if ((size_t)cells.len != n * 2 * sizeof(int32_t) ||
        (values.obj && (size_t)values.len != n * sizeof(double))) {
        wfpy_raise(WF_E_INVALID_ARG,
                   "sources are int32 (x, y) rows with one float64 value each");
        goto done;
    }
    if (!wfpy_opts(kw, g, &o, &f, &ov))
        goto done;
    src = malloc((n + 1) * sizeof *src);
    if (!src) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        src[i].cell = (wf_point){((const int32_t *)cells.buf)[2 * i],
                                 ((const int32_t *)cells.buf)[2 * i + 1]};
        src[i].value = values.obj ? ((const double *)values.buf)[i] : 0.0;
        char what[64];
        snprintf(what, sizeof what, "source %zu", i);
        if (off_grid(g, what, src[i].cell))
            goto done;
    }
    const size_t cells_n = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    out = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(cells_n * sizeof(float)));
    if (!out)
        goto done;
    if (!wfpy_search_lock(s)) {
        Py_CLEAR(out);
        goto done;
    }
    float *dist = (float *)PyByteArray_AS_STRING(out);
    wf_status st;
    gr->busy++;
    Py_BEGIN_ALLOW_THREADS
    st = wf_field_dijkstra_grid(s->ws, g, src, n, o.move, o.filter, dist);
    Py_END_ALLOW_THREADS
    gr->busy--;
    PyThread_release_lock(s->lock);
    if (st != WF_OK) {
        Py_CLEAR(out);
        wfpy_raise(st, NULL);
    }
done:
    free(src);
    if (ov.obj)
        PyBuffer_Release(&ov);
    PyBuffer_Release(&cells);
    if (values.obj)
        PyBuffer_Release(&values);
    return out;
}
