/* wayfind._wayfind.Crowd: agents moving continuously (steer.h). Buffers in
 * and out (float64 x, y pairs, float64 values, uint64 handles); a step
 * runs with the GIL released, on a Pool when one is given. `lock` keeps
 * two threads from using one crowd at once; the crowd's grid is held
 * busy for its life, so it cannot be edited under the agents. */
#include "module.h"

typedef struct {
    PyObject_HEAD
    wf_crowd *c;
    wfpy_grid *grid; /* a reference, or NULL */
    PyThread_type_lock lock;
} wfpy_crowd;

static void crowd_dealloc(wfpy_crowd *o) {
    wf_crowd_destroy(o->c);
    if (o->grid) {
        o->grid->busy--;
        Py_DECREF(o->grid);
    }
    if (o->lock)
        PyThread_free_lock(o->lock);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

/* Crowd(grid, dt, time_horizon, wall_horizon, neighbour_dist,
 *       max_neighbours, arrive_dist, yield_weight): 0 for a default. */
static PyObject *crowd_new(PyTypeObject *t, PyObject *args, PyObject *kw) {
    static char *names[] = {"grid", "dt", "time_horizon", "wall_horizon",
                            "neighbour_dist", "max_neighbours",
                            "arrive_dist", "yield_weight", NULL};
    PyObject *g = Py_None;
    wf_crowd_opts o;
    memset(&o, 0, sizeof o);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|Oddddidd", names, &g, &o.dt,
                                     &o.time_horizon, &o.wall_horizon,
                                     &o.neighbour_dist, &o.max_neighbours,
                                     &o.arrive_dist, &o.yield_weight))
        return NULL;
    if (g != Py_None && !PyObject_TypeCheck(g, &wfpy_grid_type)) {
        PyErr_SetString(PyExc_TypeError, "grid must be a Grid or None");
        return NULL;
    }
    wfpy_crowd *self = (wfpy_crowd *)t->tp_alloc(t, 0);
    if (!self)
        return NULL;
    self->lock = PyThread_allocate_lock();
    if (!self->lock) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    o.grid = g != Py_None ? ((wfpy_grid *)g)->g : NULL;
    wf_status st = wf_crowd_create(&o, NULL, &self->c);
    if (st != WF_OK) {
        Py_DECREF(self);
        return wfpy_raise(st, st == WF_E_INVALID_ARG
                                  ? "a crowd option is out of its range "
                                    "(steer.h: wf_crowd_opts)"
                                  : NULL);
    }
    if (g != Py_None) {
        Py_INCREF(g);
        self->grid = (wfpy_grid *)g;
        self->grid->busy++;
    }
    return (PyObject *)self;
}

static int crowd_lock(wfpy_crowd *o) {
    if (PyThread_acquire_lock(o->lock, NOWAIT_LOCK))
        return 1;
    wfpy_raise(WF_E_INVALID_ARG, "the crowd is in use by another thread");
    return 0;
}

/* The reason an agent was refused, for the message. */
static const char *refusal(wf_status st) {
    switch (st) {
    case WF_E_INVALID_ARG:
        return "a radius, speed, acceleration or weight that is not finite "
               "and > 0, or a coordinate that is not finite";
    case WF_E_RANGE:
        return "its centre is off the grid or in a blocked cell";
    default:
        return wf_strerror(st);
    }
}

/* add(n, pos, vel, radius, max_speed, max_accel, weight) -> bytes of
 * uint64 handles; each a buffer of n (pos, vel: 2n) float64. All or none:
 * the agents added before a refused one are removed. */
static PyObject *crowd_add(wfpy_crowd *o, PyObject *args) {
    Py_ssize_t n;
    Py_buffer b[6];
    if (!PyArg_ParseTuple(args, "ny*y*y*y*y*y*", &n, &b[0], &b[1], &b[2],
                          &b[3], &b[4], &b[5]))
        return NULL;
    int short_buf = n < 0;
    for (int k = 0; k < 6; k++)
        short_buf |= b[k].len < n * (k < 2 ? 16 : 8);
    if (short_buf) {
        for (int k = 0; k < 6; k++)
            PyBuffer_Release(&b[k]);
        return wfpy_raise(WF_E_INVALID_ARG, "add: a buffer shorter than n "
                                            "agents");
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, n * 8);
    wf_agent_id *ids = out ? (wf_agent_id *)PyBytes_AS_STRING(out) : NULL;
    Py_ssize_t i = 0;
    wf_status st = WF_OK;
    if (ids && crowd_lock(o)) {
        const double *p = b[0].buf, *v = b[1].buf, *r = b[2].buf,
                     *s = b[3].buf, *acc = b[4].buf, *w = b[5].buf;
        for (; i < n && st == WF_OK; i++) {
            wf_agent_opts a = {{p[2 * i], p[2 * i + 1]}, {v[2 * i], v[2 * i + 1]},
                               r[i], s[i], acc[i], w[i]};
            st = wf_crowd_add(o->c, &a, &ids[i]);
        }
        if (st != WF_OK)
            for (Py_ssize_t k = 0; k + 1 < i; k++)
                wf_crowd_remove(o->c, ids[k]);
        PyThread_release_lock(o->lock);
    } else {
        Py_CLEAR(out);
    }
    for (int k = 0; k < 6; k++)
        PyBuffer_Release(&b[k]);
    if (out && st != WF_OK) {
        char msg[200];
        snprintf(msg, sizeof msg, "agent %zd: %s", i - 1, refusal(st));
        Py_CLEAR(out);
        wfpy_raise(st, msg);
    }
    return out;
}

/* The handles of buffer b (uint64), n of them into *n. */
static const wf_agent_id *handles(const Py_buffer *b, size_t *n) {
    *n = (size_t)b->len / sizeof(wf_agent_id);
    return b->buf;
}

/* remove(ids): each handle's agent; an unknown one raises (those before
 * it are removed). */
static PyObject *crowd_remove(wfpy_crowd *o, PyObject *args) {
    Py_buffer b;
    if (!PyArg_ParseTuple(args, "y*", &b))
        return NULL;
    size_t n, i = 0;
    const wf_agent_id *id = handles(&b, &n);
    wf_status st = WF_OK;
    if (crowd_lock(o)) {
        for (; i < n && st == WF_OK; i++)
            st = wf_crowd_remove(o->c, id[i]);
        PyThread_release_lock(o->lock);
    } else {
        PyBuffer_Release(&b);
        return NULL;
    }
    PyBuffer_Release(&b);
    if (st != WF_OK) {
        char msg[120];
        snprintf(msg, sizeof msg, "ids[%zu]: no such agent", i - 1);
        return wfpy_raise(st, msg);
    }
    Py_RETURN_NONE;
}

/* set(ids, values, what): what 0 goals (x, y pairs), 1 preferred
 * velocities. */
static PyObject *crowd_set(wfpy_crowd *o, PyObject *args) {
    Py_buffer b, v;
    int what;
    if (!PyArg_ParseTuple(args, "y*y*i", &b, &v, &what))
        return NULL;
    size_t n, i = 0;
    const wf_agent_id *id = handles(&b, &n);
    const double *x = v.buf;
    wf_status st = WF_OK;
    if ((size_t)v.len < n * 16) {
        PyBuffer_Release(&b);
        PyBuffer_Release(&v);
        return wfpy_raise(WF_E_INVALID_ARG, "one (x, y) a handle");
    }
    int locked = crowd_lock(o);
    for (; locked && i < n && st == WF_OK; i++) {
        wf_vec2 p = {x[2 * i], x[2 * i + 1]};
        st = what ? wf_crowd_set_velocity(o->c, id[i], p)
                  : wf_crowd_set_goal(o->c, id[i], p);
    }
    if (locked)
        PyThread_release_lock(o->lock);
    PyBuffer_Release(&b);
    PyBuffer_Release(&v);
    if (!locked)
        return NULL;
    if (st != WF_OK) {
        char msg[120];
        snprintf(msg, sizeof msg, "agent %zu: an unknown handle or a %s that "
                 "is not finite", i - 1, what ? "velocity" : "goal");
        return wfpy_raise(st, msg);
    }
    Py_RETURN_NONE;
}

/* step(steps, pool): the GIL released throughout. */
static PyObject *crowd_step(wfpy_crowd *o, PyObject *args) {
    long steps;
    PyObject *pool_obj;
    if (!PyArg_ParseTuple(args, "lO", &steps, &pool_obj))
        return NULL;
    if (pool_obj != Py_None && !PyObject_TypeCheck(pool_obj, &wfpy_pool_type)) {
        PyErr_SetString(PyExc_TypeError, "pool must be a wayfind.Pool");
        return NULL;
    }
    wfpy_pool *pool = pool_obj != Py_None ? (wfpy_pool *)pool_obj : NULL;
    if (!crowd_lock(o))
        return NULL;
    wf_status st = WF_OK;
    Py_BEGIN_ALLOW_THREADS
    if (pool)
        PyThread_acquire_lock(pool->lock, WAIT_LOCK);
    for (long k = 0; k < steps && st == WF_OK; k++)
        st = wf_crowd_step(o->c, pool ? pool->pool : NULL);
    if (pool)
        PyThread_release_lock(pool->lock);
    Py_END_ALLOW_THREADS
    PyThread_release_lock(o->lock);
    if (st != WF_OK)
        return wfpy_raise(st, NULL);
    Py_RETURN_NONE;
}

/* export() -> (ids, positions, velocities, arrived) as bytes: uint64,
 * float64 pairs, float64 pairs, uint8 flags, in slot order. */
static PyObject *crowd_export(wfpy_crowd *o, PyObject *unused) {
    (void)unused;
    if (!crowd_lock(o))
        return NULL;
    size_t n = wf_crowd_count(o->c);
    PyObject *id = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 8));
    PyObject *p = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 16));
    PyObject *v = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 16));
    PyObject *a = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)n);
    PyObject *r = NULL;
    if (id && p && v && a) {
        wf_agent_id *ids = (wf_agent_id *)PyBytes_AS_STRING(id);
        wf_crowd_export(o->c, ids, (wf_vec2 *)PyBytes_AS_STRING(p),
                        (wf_vec2 *)PyBytes_AS_STRING(v), n);
        for (size_t i = 0; i < n; i++) {
            wf_agent_state s;
            wf_crowd_get(o->c, ids[i], &s);
            PyBytes_AS_STRING(a)[i] = (char)(s.arrived != 0);
        }
        r = PyTuple_Pack(4, id, p, v, a);
    }
    PyThread_release_lock(o->lock);
    Py_XDECREF(id);
    Py_XDECREF(p);
    Py_XDECREF(v);
    Py_XDECREF(a);
    return r;
}

static PyObject *crowd_count(wfpy_crowd *o, void *c) {
    (void)c;
    return PyLong_FromSize_t(wf_crowd_count(o->c));
}

static PyObject *crowd_steps(wfpy_crowd *o, void *c) {
    (void)c;
    return PyLong_FromLong(wf_crowd_steps(o->c));
}

static PyObject *crowd_arrived(wfpy_crowd *o, void *c) {
    (void)c;
    return PyLong_FromSize_t(wf_crowd_arrived(o->c));
}

static PyGetSetDef crowd_getset[] = {
    {"count", (getter)crowd_count, NULL, "Agents in the crowd.", NULL},
    {"steps", (getter)crowd_steps, NULL, "Steps taken so far.", NULL},
    {"arrived", (getter)crowd_arrived, NULL,
     "Agents within arrive_dist of their goal now.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef crowd_methods[] = {
    {"add", (PyCFunction)crowd_add, METH_VARARGS,
     "add(n, pos, vel, radius, max_speed, max_accel, weight) -> ids."},
    {"remove", (PyCFunction)crowd_remove, METH_VARARGS, "remove(ids)."},
    {"set", (PyCFunction)crowd_set, METH_VARARGS,
     "set(ids, xy, what): 0 goals, 1 preferred velocities."},
    {"step", (PyCFunction)crowd_step, METH_VARARGS, "step(steps, pool)."},
    {"export", (PyCFunction)crowd_export, METH_NOARGS,
     "export() -> (ids, positions, velocities, arrived) as bytes."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject wfpy_crowd_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wayfind._wayfind.Crowd",
    .tp_basicsize = sizeof(wfpy_crowd),
    .tp_dealloc = (destructor)crowd_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Agents moving continuously, avoiding each other (ORCA).",
    .tp_methods = crowd_methods,
    .tp_getset = crowd_getset,
    .tp_new = crowd_new,
};
