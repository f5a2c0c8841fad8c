/* Internal helpers of the plan layer, for its own source files only. Not
 * installed. */
#ifndef WF_PLAN_INTERNAL_H
#define WF_PLAN_INTERNAL_H

#include "wf_core_private.h"
#include "wayfind/plan.h"

/* The cost of a wait: @p wait_cost when > 0, else the smallest cost of a
 * terrain present on @p g that the unit (its filter, NULL: none) may
 * enter (1 when there is none). */
double wf__team_wait_cost(const wf_grid *g, const wf_filter *filter,
                          double wait_cost);

#endif
