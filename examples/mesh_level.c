/* A level made of outlines, as a level editor would save it: the yard of
 * docs/pictures/level.outlines meshed, a ladder over the inner
 * courtyard's west wall added as a two-way off-mesh link (cost 3), and
 * the cheapest way from the yard's south-west corner into the courtyard,
 * which climbs the ladder, drawn over the mesh with the polygons it
 * walks through (its corridor) tinted, beside the walk through the gate
 * that the ladder saves, as SVG and PNG.
 *
 *   mesh_level LEVEL.outlines [OUT.svg [OUT.png]]
 *
 * Checks what the library promises: without the ladder the path walks
 * round through the gate; with it the path takes the ladder (that link
 * only), costs its walked length plus the ladder's 3, and is cheaper than
 * the walk; its corridor is found. Exit status 0 when they hold.
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

/* The polygons path walks through into c (at most max): the corridor of
 * each stretch it walks, end to end (a link's jump leaves the mesh, so
 * the path is cut where it takes one); 0 when that fails. */
static size_t walked_corridor(const wf_mesh *m, const wf_mesh_query *q,
                              const wf_polyline *path, long *c, size_t max) {
    size_t at[8], n = 0, from = 0;
    const size_t links = wf_mesh_path_links(q, NULL, at, 8);
    if (links > 8)
        return 0;
    for (size_t i = 0; i <= links; i++) {
        /* up to where link i is taken; the next stretch from where it
         * lands */
        const size_t to = i < links ? at[i] + 1 : path->count;
        wf_polyline stretch = *path;
        stretch.points += from;
        stretch.count = to - from;
        size_t k = 0;
        if (wf_mesh_corridor(m, &stretch, c + n, max - n, &k) != WF_OK ||
            k > max - n)
            return 0;
        n += k;
        from = to;
    }
    return n;
}

/* The path over the ladder first (on top), the walk under it, the
 * climb's corridor under both. */
static int draw(const wf_mesh *m, const wf_polyline paths[2],
                const long *corridor, size_t n, int argc, char **argv) {
    const wf_vec2 marks[2] = {start, goal};
    wf_mesh_svg_opts o = wf_mesh_svg_opts_default();
    o.corridor = corridor;
    o.corridor_count = n;
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
        long corridor[64];
        const size_t n = walked_corridor(m, q, &paths[0], corridor, 64);
        printf("its corridor:          %zu polygons\n", n);
        ok = ok && n > 0;
        if (!ok)
            fprintf(stderr, "mesh_level: a promise was broken\n");
        ok = ok && draw(m, paths, corridor, n, argc, argv);
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
