/* the field crowd (plan.h): not built yet; refuses with WF_E_UNSUPPORTED. */
#include "plan_internal.h"

wf_status wf__team_field(wf_team *t, const wf__team_job *j, wf_team_plan *out) {
    (void)j;
    (void)out;
    return wf__team_fail(t, WF_E_UNSUPPORTED, "%s is not built yet",
                         "the field crowd");
}

void wf__crowd_free(wf_team *t) { (void)t; }
