/* What 'wayfind simulate' keeps of a run (the agents' positions every
 * k-th step) and writes of it: JSON trajectories and an animated SVG. */
#ifndef WF_CLI_SIMULATE_OUT_H
#define WF_CLI_SIMULATE_OUT_H

#include <stdio.h>

#include "crowd_scen.h"

typedef struct sim_track {
    const wf_crowd_scen *scen;
    const char *name; /* the scenario's */
    double dt;        /* the crowd's time step */
    long every;       /* a frame every this many steps (and the last) */
    size_t frames, cap;
    long *step;       /* per frame: the step it shows */
    float *xy;        /* per frame: n x, y pairs in the scenario's order */
    int failed;       /* out of memory: what was kept is incomplete */
} sim_track;

/* Starts t with the agents' positions now (frame 0); WF_E_NOMEM. */
wf_status sim_track_begin(sim_track *t, const wf_crowd_scen *s,
                          const char *name, double dt, long every);
/* wf_crowd_scen.on_step: a frame when step is a multiple of every. */
void sim_track_step(void *ud, const wf_crowd_scen *s, long step);
/* The last step as a frame (when it is not one already). */
void sim_track_end(sim_track *t, long step);
void sim_track_free(sim_track *t);

/* wf_write_fn: {"scenario", "agents", "dt", "every", "radius": [...],
 * "walls": [[x, y, w, h], ...] (blocked runs of the grid), "frames":
 * [{"step": S, "xy": [[x, y], ...]}, ...]}. */
wf_status sim_write_json(void *ud, FILE *f, wf_diag *diag);
/* wf_write_fn: walls as rectangles, each agent a circle moving by SMIL
 * (25 frames a second), the picture looping. */
wf_status sim_write_svg(void *ud, FILE *f, wf_diag *diag);

#endif
