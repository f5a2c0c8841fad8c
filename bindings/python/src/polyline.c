/* Polylines: the tuple a path through real points comes back to Python
 * as (mesh paths, any-angle searches), and the grid's any-angle search,
 * which the package keeps private for now: its tests hold mesh paths to
 * Anya's. */
#include "module.h"

PyObject *wfpy_polyline_tuple(wf_status st, const wf_polyline *p,
                              const char *msg) {
    const size_t n = st == WF_NO_PATH ? 0 : p->count;
    PyObject *b = PyByteArray_FromStringAndSize(
        NULL, (Py_ssize_t)(n * 2 * sizeof(double)));
    if (!b)
        return NULL;
    double *xy = (double *)PyByteArray_AS_STRING(b);
    for (size_t i = 0; i < n; i++) {
        xy[2 * i] = p->points[i].x;
        xy[2 * i + 1] = p->points[i].y;
    }
    return Py_BuildValue("iNddKKs", (int)st, b, p->length, p->cost,
                         (unsigned long long)p->stats.expanded,
                         (unsigned long long)p->stats.generated,
                         msg ? msg : "");
}

/* search_any_angle(search, grid, sx, sy, gx, gy, engine, **opts): the
 * polyline tuple of wf_search_any_angle between two cell centres. */
PyObject *wfpy_search_any_angle(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    wfpy_search *s;
    wfpy_grid *gr;
    wf_point a, b;
    int engine;
    if (!PyArg_ParseTuple(args, "O!O!iiiii", &wfpy_search_type, &s,
                          &wfpy_grid_type, &gr, &a.x, &a.y, &b.x, &b.y,
                          &engine))
        return NULL;
    wf_search_opts o;
    wf_filter f;
    Py_buffer ov;
    if (!wfpy_opts(kw, gr->g, &o, &f, &ov))
        return NULL;
    PyObject *r = NULL;
    if (wfpy_search_lock(s)) {
        wf_polyline p;
        wf_polyline_init(&p, NULL);
        wf_status st;
        gr->busy++;
        Py_BEGIN_ALLOW_THREADS
        st = wf_search_any_angle(s->ws, gr->g, a, b, (wf_any_angle)engine, &o,
                                 &p);
        Py_END_ALLOW_THREADS
        gr->busy--;
        if (st < 0)
            wfpy_raise(st, wf_search_message(s->ws));
        else
            r = wfpy_polyline_tuple(st, &p, wf_search_message(s->ws));
        PyThread_release_lock(s->lock);
        wf_polyline_free(&p);
    }
    if (ov.obj)
        PyBuffer_Release(&ov);
    return r;
}
