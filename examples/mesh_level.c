/* A level made of outlines, as a level editor would save it: the yard of
 * docs/pictures/level.outlines meshed, a ladder over the inner
 * courtyard's west wall added as a two-way off-mesh link (cost 3), and
 * the cheapest way from the yard's south-west corner into the courtyard,
 * which climbs the ladder, drawn over the mesh beside the walk through
 * the gate that the ladder saves, as SVG and PNG.
 *
 *   mesh_level LEVEL.outlines [OUT.svg [OUT.png]]
 *
 * Checks what the library promises: without the ladder the path walks
 * round through the gate; with it the path takes the ladder (that link
 * only), costs its walked length plus the ladder's 3, and is cheaper than
 * the walk. Exit status 0 when they hold.
 *
 * The README's pictures are made by
 *   mesh_level docs/pictures/level.outlines docs/pictures/mesh_level.svg \
 *              docs/pictures/mesh_level.png
 */
#include <math.h>
#include <stdio.h>

#include <wayfind/wayfind.h>

static const wf_vec2 start = {3, 20}, goal = {28, 6};
static const wf_mesh_link ladder = {{22.8, 8}, {26.2, 8}, 3, 1};

static wf_mesh *load(const char *file) {
    wf_outlines level = {0};
    wf_diag d = {0};
    wf_mesh *m = NULL;
    if (wf_outlines_read(file, NULL, &level, &d) != WF_OK ||
        wf_mesh_from_outlines(level.outlines, level.count, &level.opts, NULL,
                              &m, &d) != WF_OK)
        fprintf(stderr, "mesh_level: %s\n", d.message);
    wf_outlines_free(&level);
    return m;
}

/* The path over the ladder first (on top), the walk under it. */
static int draw(const wf_mesh *m, const wf_polyline paths[2], int argc,
                char **argv) {
    const wf_vec2 marks[2] = {start, goal};
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
    o.polylines = paths;
    o.polyline_count = 2;
    o.marks = marks;
    o.mark_count = 2;
    wf_diag d = {0};
    int ok = 1;
    if (argc > 2) {
        FILE *f = fopen(argv[2], "w");
        ok = f && wf_render_mesh_svg(f, m, &o, &d) == WF_OK;
        if (f && fclose(f) != 0)
            ok = 0;
    }
    if (ok && argc > 3 && wf_render_png_supported())
        ok = wf_render_mesh_png(argv[3], m, &o, &d) == WF_OK;
    if (!ok)
        fprintf(stderr, "mesh_level: cannot draw the level: %s\n",
                d.message[0] ? d.message : "cannot write");
    return ok;
}

/* The promises of the file comment, for the walk and the climb. */
static int check(const wf_mesh_query *q, const wf_polyline *walk,
                 const wf_polyline *climb) {
    size_t id = 0, at = 0;
    const int one = wf_mesh_path_links(q, &id, &at, 1) == 1 && id == 0 &&
                    at + 1 < climb->count;
    /* walked: less the ladder's straight line, between the points where it
     * is taken and where it lands (its ends as the mesh rounded them) */
    const wf_vec2 a = climb->points[at], b = climb->points[one ? at + 1 : at];
    const double walked = climb->length - hypot(b.x - a.x, b.y - a.y);
    printf("walk through the gate: %zu points, length %.4f\n", walk->count,
           walk->length);
    printf("over the ladder:       %zu points, length %.4f, cost %.4f "
           "(%.4f walked + 3)\n",
           climb->count, climb->length, climb->cost, walked);
    return one &&
           fabs(climb->cost - (walked + ladder.cost)) <= 1e-9 * climb->cost &&
           climb->cost < walk->cost;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) {
        fprintf(stderr,
                "usage: mesh_level LEVEL.outlines [OUT.svg [OUT.png]]\n");
        return 2;
    }
    wf_mesh *m = load(argv[1]);
    if (!m)
        return 3;
    wf_mesh_query *q = NULL;
    wf_polyline paths[2]; /* [0] over the ladder, [1] through the gate */
    wf_polyline_init(&paths[0], NULL);
    wf_polyline_init(&paths[1], NULL);
    wf_diag d = {0};
    int ok = wf_mesh_query_create(NULL, &q) == WF_OK &&
             wf_mesh_path(q, m, start, goal, &paths[1]) == WF_OK &&
             wf_mesh_add_link(m, &ladder, NULL, &d) == WF_OK &&
             wf_mesh_path(q, m, start, goal, &paths[0]) == WF_OK;
    if (ok) {
        wf_mesh_info info;
        wf_mesh_describe(m, &info);
        printf("level: %zu polygons, %zu corners, %zu link\n", info.polygons,
               info.vertices, info.links);
        ok = check(q, &paths[1], &paths[0]);
        if (!ok)
            fprintf(stderr, "mesh_level: a promise was broken\n");
        ok = ok && draw(m, paths, argc, argv);
    } else {
        fprintf(stderr, "mesh_level: no path (%s%s)\n", d.message,
                q ? wf_mesh_query_message(q) : "");
    }
    wf_polyline_free(&paths[0]);
    wf_polyline_free(&paths[1]);
    wf_mesh_query_destroy(q);
    wf_mesh_destroy(m);
    return ok ? 0 : 1;
}
