/* The crowd scenarios of 'wayfind simulate', the tests and the bench
 * (circle swap, two groups crossing, a door in a wall, units crossing a
 * Moving AI map through a flow field to packed goals), and a monitor
 * that measures, after every step and without any of the steer layer's
 * code, the closest any two agents came (distance / sum of radii) and
 * the deepest any disc went into a blocked cell (overlap / radius). */
#ifndef WF_CROWD_SCEN_H
#define WF_CROWD_SCEN_H

#include <stddef.h>

#include "wayfind/wayfind.h"

typedef struct wf_crowd_scen {
    wf_crowd *crowd;
    wf_grid *grid;          /* owned, may be NULL */
    int8_t *flow;           /* owned, may be NULL */
    float *dist;            /* owned, may be NULL */
    wf_agent_id *ids;
    double *radius;         /* per agent, as added */
    size_t n;
    long max_steps;         /* the stated bound on arrival */
    /* called by wf_cscen_run after every step when not NULL (the setups
     * leave it NULL): 'wayfind simulate' records trajectories with it */
    void (*on_step)(void *ud, const struct wf_crowd_scen *s, long step);
    void *on_step_ud;
} wf_crowd_scen;

/* n agents of radius r on a circle of radius R = n · 1.4 · 2r / 2π (at
 * least 10 r), each going to its antipode. */
wf_status wf_cscen_circle(wf_crowd_scen *s, size_t n, double r);
/* Two square blocks of n/2 agents each crossing at right angles. */
wf_status wf_cscen_crossing(wf_crowd_scen *s, size_t n, double r);
/* n agents on one side of a wall with a 3-cell door, to packed goals on
 * the other side. */
wf_status wf_cscen_door(wf_crowd_scen *s, size_t n, double r);
/* n agents crossing the map at path (Moving AI) through a flow field to
 * packed goals (wf_place_agents). */
wf_status wf_cscen_rts(wf_crowd_scen *s, const char *path, size_t n, double r,
                      uint64_t seed);
void wf_cscen_free(wf_crowd_scen *s);

typedef struct wf_crowd_report {
    long steps;          /* steps run */
    size_t arrived;      /* agents that reached their goal at some step */
    long last_arrival;   /* the step the last of them did */
    double min_sep;      /* least distance / (ra + rb) over the run, of
                            the pairs that came within twice the sum of
                            their radii (INFINITY: none did) */
    double max_wall;     /* largest overlap / radius with a blocked cell */
    double ms_per_step;  /* wall time */
} wf_crowd_report;

/* Steps until every agent has arrived or max_steps (measuring after each
 * step when measure is set), on pool (may be NULL). */
wf_status wf_cscen_run(wf_crowd_scen *s, wf_pool *pool, int measure,
                      wf_crowd_report *rep);
/* The measures of the current state, folded into rep. */
void wf_cscen_measure(const wf_crowd_scen *s, wf_crowd_report *rep);

#endif
