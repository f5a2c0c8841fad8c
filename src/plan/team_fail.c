/* Why a team request failed, into the workspace's message: the one
 * helper every planner (WHCA*, CBS, the field crowd) and the dispatcher
 * (team.c) share, in a file of its own so that the planners need nothing
 * of the dispatcher above them. */
#include <stdarg.h>
#include <stdio.h>

#include "plan_internal.h"

wf_status wf__team_fail(wf_team *t, wf_status s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->msg, sizeof t->msg, fmt, ap);
    va_end(ap);
    return s;
}
