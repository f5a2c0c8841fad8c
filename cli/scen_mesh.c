/* wayfind scen --mesh: every scenario answered on the map's navigation
 * mesh (centre of the start cell to centre of the goal cell) and checked
 * against the grid's any-angle optimum for the same query (Anya), with
 * the time of both. */
#include <math.h>
#include <stdio.h>

#include "cli.h"
#include "json_out.h"

#define CMD "scen"
#define MAX_SHOWN 20

typedef struct mesh_tally {
    size_t equal, none, differ, shown;
    double mesh_us, anya_us, build_ms;
    wf_mesh_info info;
} mesh_tally;

static wf_vec2 centre(wf_point p) {
    return (wf_vec2){p.x + 0.5, p.y + 0.5};
}

/* Scenario i: the mesh's answer and Anya's; 0, or an exit code. */
static int one(const wf_grid *g, const wf_mesh *m, wf_mesh_query *q,
               wf_search *ws, const wf_search_opts *o,
               const wf_scen_entry *e, size_t i, int quiet,
               mesh_tally *t, wf_polyline *a, wf_polyline *b) {
    double t0 = cli_now_ms();
    const wf_status sm = wf_mesh_path(q, m, centre(e->start), centre(e->goal),
                                      a);
    double t1 = cli_now_ms();
    const wf_status sa = wf_search_any_angle(ws, g, e->start, e->goal,
                                             WF_ANY_ANGLE_ANYA, o, b);
    double t2 = cli_now_ms();
    t->mesh_us += (t1 - t0) * 1e3;
    t->anya_us += (t2 - t1) * 1e3;
    if (sm < 0 || sa < 0) {
        cli_error(CMD, "scenario %zu: %s", i + 1,
                  sm < 0 ? wf_mesh_query_message(q) : wf_search_message(ws));
        return cli_exit_code(sm < 0 ? sm : sa);
    }
    const int same = sm == sa && (sm == WF_NO_PATH ||
                                  fabs(a->length - b->length) <=
                                      1e-9 * fmax(1, b->length));
    if (same && sm == WF_NO_PATH)
        t->none++;
    else if (same)
        t->equal++;
    else if (t->differ++, !quiet && t->shown++ < MAX_SHOWN)
        printf("scenario %zu: %d,%d -> %d,%d: mesh %s %.10f, anya %s "
               "%.10f\n",
               i + 1, e->start.x, e->start.y, e->goal.x, e->goal.y,
               wf_strerror(sm), a->length, wf_strerror(sa), b->length);
    return 0;
}

static void report(const char *scen_path, size_t n, const mesh_tally *t,
                   int json) {
    const double k = n ? 1.0 / (double)n : 0;
    if (json) {
        fputs("{\"scen\":", stdout);
        cli_json_str(scen_path);
        printf(",\"scenarios\":%zu,\"polygons\":%zu,\"mesh_bytes\":%zu,"
               "\"build_ms\":",
               n, t->info.polygons, t->info.bytes);
        cli_json_num(t->build_ms);
        printf(",\"equal\":%zu,\"no_path\":%zu,\"differ\":%zu,\"mesh_us\":",
               t->equal, t->none, t->differ);
        cli_json_num(t->mesh_us * k);
        fputs(",\"anya_us\":", stdout);
        cli_json_num(t->anya_us * k);
        fputs("}\n", stdout);
        return;
    }
    printf("%s: %zu scenarios on the mesh (%zu polygons, %zu bytes, built "
           "in %.1f ms): %zu as long as Anya's any-angle optimum, %zu "
           "without a path on both, %zu differ; %.2f us/query on the mesh, "
           "%.2f us/query by Anya\n",
           scen_path, n, t->info.polygons, t->info.bytes, t->build_ms,
           t->equal, t->none, t->differ, t->mesh_us * k, t->anya_us * k);
}

int cli_scen_mesh(const char *scen_path, const wf_grid *g,
                  const wf_scen *sc, const wf_search_opts *opts, int quiet,
                  int json) {
    wf_search_opts o = *opts;
    o.move.connect = 8;
    o.move.corners = WF_CORNERS_ONE_FREE;
    mesh_tally t = {0};
    wf_diag diag = {0};
    wf_mesh *m = NULL;
    wf_mesh_query *q = NULL;
    wf_search *ws = NULL;
    const double t0 = cli_now_ms();
    wf_status st = wf_mesh_from_grid(g, &o.move, o.filter, NULL, NULL, &m, &diag);
    t.build_ms = cli_now_ms() - t0;
    if (st != WF_OK) {
        cli_error(CMD, "%s: no mesh: %s", scen_path, diag.message);
        return st == WF_E_INVALID_ARG ? CLI_EXIT_USAGE : cli_exit_code(st);
    }
    wf_mesh_describe(m, &t.info);
    st = wf_mesh_query_create(NULL, &q);
    if (st == WF_OK)
        st = wf_search_create(NULL, &ws);
    wf_polyline a, b;
    wf_polyline_init(&a, NULL);
    wf_polyline_init(&b, NULL);
    int code = st == WF_OK ? 0 : cli_fail(st, NULL);
    for (size_t i = 0; i < sc->count && !code; i++)
        code = one(g, m, q, ws, &o, &sc->entries[i], i, quiet || json, &t,
                   &a, &b);
    if (!code && !quiet && !json && t.shown > MAX_SHOWN)
        printf("... and %zu more differences\n", t.shown - MAX_SHOWN);
    if (!code) {
        report(scen_path, sc->count, &t, json);
        code = t.differ ? CLI_EXIT_NO_PATH : CLI_EXIT_OK;
    }
    wf_polyline_free(&a);
    wf_polyline_free(&b);
    wf_search_destroy(ws);
    wf_mesh_query_destroy(q);
    wf_mesh_destroy(m);
    return code;
}
