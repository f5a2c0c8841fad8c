/* When a jump point search applies to a query: the option rules JPS and
 * weighted JPS share (one table, worded for each), and the one cost every
 * passable terrain must have for JPS (JPS+ and auto ask the same). */
#include <math.h>

#include "search_internal.h"

/* The uniform cost of entering the passable terrains present on g under
 * the filter multipliers mult (NULL: none) into *cost (1 when none is
 * present), or why there is none. Skips absent codes four at a time (a
 * map uses few of the 256). */
static const char *uniform_cost(const wf_grid *g, const double *mult,
                                double *cost) {
    const size_t *n = g->count;
    double c = 0;
    for (int t = 0; t < 256; t += 4) {
        if (!(n[t] | n[t + 1] | n[t + 2] | n[t + 3]))
            continue;
        for (int k = t; k < t + 4; k++) {
            if (!n[k] || !g->passable[k])
                continue;
            double ck = g->cost[k];
            if (mult) {
                if (!(mult[k] < INFINITY))
                    return "jps cannot use a filter that forbids a terrain "
                           "present on the grid";
                ck *= mult[k];
            }
            if (c && ck != c)
                return "jps needs every passable terrain present to cost the "
                       "same";
            c = ck;
        }
    }
    if (!(c < INFINITY))
        return "jps: a terrain cost overflows under the filter";
    *cost = c ? c : 1.0;
    return NULL;
}

/* The rules of every jump point search, JPS's and weighted JPS's wording
 * side by side. */
#define RULE(text) {"jps " text, "jpsw " text}
static const char *const rules[][2] = {
    RULE("needs 8-connected moves"),
    RULE("needs the no-cut corner rule"),
    RULE("needs an agent of size 1"),
    RULE("needs the default (octile) heuristic"),
    RULE("needs weight 1"),
    RULE("cannot use a cost overlay"),
    RULE("cannot use a move-cost callback"),
    RULE("cannot stop at an expansion limit"),
    RULE("cannot fall back to the nearest cell"),
};
#undef RULE

const char *wf__jump_rules(const wf_search_opts *o, int weighted) {
    const int broken[] = {
        o->move.connect != 8,
        o->move.corners != WF_CORNERS_NO_CUT,
        weighted && o->move.size != 1, /* JPS plans sizes on derived bits */
        o->heuristic != WF_H_DEFAULT && o->heuristic != WF_H_OCTILE,
        o->weight != 1.0,
        o->overlay.values && o->overlay_k > 0,
        o->move_cost != NULL,
        o->max_expansions != 0,
        o->goal_fallback != WF_FALLBACK_NONE,
    };
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++)
        if (broken[i])
            return rules[i][weighted != 0];
    return NULL;
}

const char *wf__jps_applies(wf_search *ws, const wf_grid *g,
                            const wf_search_opts *o, double *cost) {
    const char *why = wf__jump_rules(o, 0);
    if (why)
        return why;
    if (o->filter)
        return uniform_cost(g, o->filter->mult, cost);
    /* Without a filter the answer is the grid's: kept for its version. */
    if (ws && ws->jps_serial == g->serial && ws->jps_version == g->version) {
        *cost = ws->jps_cost;
        return NULL;
    }
    why = uniform_cost(g, NULL, cost);
    if (!why && ws) {
        ws->jps_serial = g->serial;
        ws->jps_version = g->version;
        ws->jps_cost = *cost;
    }
    return why;
}
