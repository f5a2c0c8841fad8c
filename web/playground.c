/* The browser playground's C side: a small session object over
 * libwayfind, called from web/app.js through emscripten's cwrap. It keeps
 * the grid, the workspace of a sliced search, the last path, the viewer's
 * layer and the grid's jump table; JavaScript reads the grid's cells, the
 * search's cell states and the path straight out of the wasm heap, and
 * the names of algorithms and corner rules from the library's tables. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten/emscripten.h>

#include <wayfind/wayfind.h>

/* The brushes' terrain codes (unused by the generators and map files) and
 * what they cost. */
#define BRUSH_COST_1 1
#define BRUSH_COST_2 2
#define BRUSH_COST_5 5

typedef struct pg {
    wf_grid *g;
    wf_search *ws;
    wf_path path;
    int32_t *xy;        /* the path as x, y pairs */
    size_t xy_cap;
    uint8_t *states;    /* WF_CELL_* of each cell in the search so far */
    float *view;        /* the viewer's layer, or NULL */
    wf_viewer viewer;
    double view_weight; /* overlay_k: what a cell in view costs extra */
    wf_search_opts opts;
    wf_jump_table *jumps; /* the grid's, for JPS+; built when first asked */
    wf_point from, to;  /* of the search under way */
    int status;
    char msg[320];
} pg;

EMSCRIPTEN_KEEPALIVE pg *pg_create(void) {
    pg *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    wf_path_init(&p->path, NULL);
    if (wf_search_create(NULL, &p->ws) != WF_OK) {
        free(p);
        return NULL;
    }
    return p;
}

/* Takes a new grid: the brushes' costs set, the viewer and the last
 * search's pictures dropped. */
static int adopt(pg *p, wf_grid *g) {
    wf_search_cancel(p->ws);
    wf_jump_table_destroy(p->jumps);
    p->jumps = NULL;
    wf_grid_destroy(p->g);
    p->g = g;
    free(p->states);
    free(p->view);
    p->view = NULL;
    p->path.count = 0;
    const size_t n = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    p->states = calloc(n, 1);
    if (!p->states)
        return WF_E_NOMEM;
    wf_grid_set_cost(g, BRUSH_COST_1, 1.0);
    wf_grid_set_cost(g, BRUSH_COST_2, 2.0);
    wf_grid_set_cost(g, BRUSH_COST_5, 5.0);
    return WF_OK;
}

/* The largest grid the library makes, for the page's checks of a size. */
EMSCRIPTEN_KEEPALIVE int pg_max_side(void) { return WF_GRID_MAX_SIDE; }
EMSCRIPTEN_KEEPALIVE double pg_max_cells(void) { return (double)WF_GRID_MAX_CELLS; }

/* The seed s as `wayfind gen --seed` reads it: decimal digits only, 0 to
 * 2^64-1. 0 on success. */
static int read_seed(const char *s, uint64_t *out) {
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

/* kind: 0 islands (priced for ships: deep sea 1, shallow 2, land blocked,
 * as `wayfind gen islands --out FILE.txt` writes it), 1 caves, 2 maze,
 * 3 rooms, 4 noise, 5 an empty map. seed: its decimal digits (a string,
 * as a JavaScript number holds only 53 bits of it). */
EMSCRIPTEN_KEEPALIVE int pg_generate(pg *p, int kind, const char *seed, int w, int h) {
    uint64_t sd;
    if (read_seed(seed, &sd) != 0) {
        snprintf(p->msg, sizeof p->msg,
                 "seed: expected an integer from 0 to 2^64-1, got '%.200s'", seed);
        return WF_E_INVALID_ARG;
    }
    wf_grid *g;
    int s = wf_grid_create(w, h, NULL, &g);
    if (s != WF_OK) {
        snprintf(p->msg, sizeof p->msg, "a %d x %d map: %s", w, h, wf_strerror(s));
        return s;
    }
    switch (kind) {
    case 0: s = wf_gen_islands(g, sd, NULL); break;
    case 1: s = wf_gen_caves(g, sd, NULL, 1); break;
    case 2: s = wf_gen_maze(g, sd, 0.0); break; /* as wayfind gen maze */
    case 3: s = wf_gen_rooms(g, sd, NULL); break;
    case 4: s = wf_gen_noise(g, sd, 0.25); break;
    default: s = wf_grid_fill(g, BRUSH_COST_1); break;
    }
    if (s != WF_OK) {
        snprintf(p->msg, sizeof p->msg, "this world cannot be made at %d x %d: %s",
                 w, h, wf_strerror(s));
        wf_grid_destroy(g);
        return s;
    }
    return adopt(p, g);
}

/* A Moving AI .map file's text. */
EMSCRIPTEN_KEEPALIVE int pg_load_movingai(pg *p, const char *text, int len) {
    wf_grid *g = NULL;
    wf_diag d;
    memset(&d, 0, sizeof d);
    int s = wf_movingai_map_parse(text, (size_t)len, "map", NULL, &g, &d);
    if (s != WF_OK) {
        wf_diag_format(&d, p->msg, sizeof p->msg);
        return s;
    }
    return adopt(p, g);
}

/* The library's name tables (wayfind/names.h; plan.h for team planners),
 * by the page's word for each: the names of a table as one string, in the
 * enum's order, and the value of a name by the library's parser. The page
 * builds its menus and its checks of the query string from these, so it
 * holds no copy of the names. */
#define PARSER(kind, type)                                                     \
    static int parse_##kind(const char *name) {                                \
        type v;                                                                \
        return wf_##kind##_parse(name, &v) == WF_OK ? (int)v : -1;             \
    }
PARSER(algo, wf_algo)
PARSER(heuristic, wf_heuristic)
PARSER(corners, wf_corners)
PARSER(any_angle, wf_any_angle)
PARSER(team_algo, wf_team_algo)
#undef PARSER

#define NAME(v, s) "," s
static const struct {
    const char *kind;
    const char *names; /* ",a,b,c": each name after a comma */
    int (*parse)(const char *name);
} tables[] = {
    {"algo", WF_ALGO_NAMES(NAME), parse_algo},
    {"heuristic", WF_HEURISTIC_NAMES(NAME), parse_heuristic},
    {"corners", WF_CORNERS_NAMES(NAME), parse_corners},
    {"any-angle", WF_ANY_ANGLE_NAMES(NAME), parse_any_angle},
    {"team", WF_TEAM_ALGO_NAMES(NAME), parse_team_algo},
};
#undef NAME

static int table_of(const char *kind) {
    for (int i = 0; i < (int)(sizeof tables / sizeof tables[0]); i++)
        if (!strcmp(kind, tables[i].kind))
            return i;
    return -1;
}

/* The names of table kind ("algo", "heuristic", "corners", "any-angle" or
 * "team") comma-separated in value order ("astar,dijkstra,..."); "" for
 * another kind. */
EMSCRIPTEN_KEEPALIVE const char *pg_names(const char *kind) {
    const int t = table_of(kind);
    return t < 0 ? "" : tables[t].names + 1;
}

/* The value called name in table kind, or -1 when it has no such name. */
EMSCRIPTEN_KEEPALIVE int pg_value(const char *kind, const char *name) {
    const int t = table_of(kind);
    return t < 0 ? -1 : tables[t].parse(name);
}

EMSCRIPTEN_KEEPALIVE int pg_width(const pg *p) { return wf_grid_width(p->g); }
EMSCRIPTEN_KEEPALIVE int pg_height(const pg *p) { return wf_grid_height(p->g); }
EMSCRIPTEN_KEEPALIVE const uint8_t *pg_cells(const pg *p) { return wf_grid_cells(p->g); }
EMSCRIPTEN_KEEPALIVE const uint8_t *pg_states(const pg *p) { return p->states; }
EMSCRIPTEN_KEEPALIVE const float *pg_view(const pg *p) { return p->view; }
EMSCRIPTEN_KEEPALIVE const char *pg_message(const pg *p) { return p->msg; }

/* The colour of terrain t as 0xRRGGBB (the PNG renderer's palette). */
EMSCRIPTEN_KEEPALIVE int pg_terrain_rgb(const pg *p, int t) {
    wf_rgb c = wf_render_terrain_color(p->g, (uint8_t)t);
    return (c.r << 16) | (c.g << 8) | c.b;
}

/* brush: 0 wall, 1/2/5 that cost. */
EMSCRIPTEN_KEEPALIVE int pg_paint(pg *p, int x, int y, int brush) {
    if (!wf_grid_contains(p->g, x, y))
        return WF_E_RANGE;
    wf_search_cancel(p->ws);
    return wf_grid_set(p->g, x, y, brush == 0 ? WF_TERRAIN_WALL : (uint8_t)brush);
}

/* A viewer (range 0: none); cells it sees cost weight more to enter. */
EMSCRIPTEN_KEEPALIVE int pg_set_viewer(pg *p, int x, int y, double facing, double fov,
                                       double range, double weight) {
    free(p->view);
    p->view = NULL;
    if (range <= 0)
        return WF_OK;
    const size_t n = (size_t)wf_grid_width(p->g) * (size_t)wf_grid_height(p->g);
    p->view = calloc(n, sizeof *p->view);
    if (!p->view)
        return WF_E_NOMEM;
    p->viewer = (wf_viewer){{x, y}, facing, fov, range, 0};
    p->view_weight = weight;
    int s = wf_field_view_grid(p->g, &p->viewer, wf_move_default(), NULL, p->view);
    if (s != WF_OK) {
        snprintf(p->msg, sizeof p->msg, "the viewer: %s", wf_strerror(s));
        free(p->view);
        p->view = NULL;
    }
    return s;
}

/* Begins a search (algo: wf_algo; connect 4 or 8; corners: wf_corners).
 * WF_ALGO_JPS_PLUS searches with the grid's jump table. */
EMSCRIPTEN_KEEPALIVE int pg_begin(pg *p, int sx, int sy, int gx, int gy, int algo,
                                  int connect, int corners) {
    wf_search_opts *o = &p->opts;
    *o = wf_search_opts_default();
    o->algo = (wf_algo)algo;
    o->move.connect = connect;
    o->move.corners = (wf_corners)corners;
    if (p->view) {
        o->overlay.values = p->view;
        o->overlay.count = (size_t)wf_grid_width(p->g) * (size_t)wf_grid_height(p->g);
        o->overlay_k = p->view_weight;
    }
    p->path.count = 0;
    p->msg[0] = 0;
    p->from = (wf_point){sx, sy};
    p->to = (wf_point){gx, gy};
    if (o->algo == WF_ALGO_JPS_PLUS) {
        /* JPS+ reads the grid's jump table: built for it as it is now
         * (again after an edit, which makes the last one stale) */
        if (!wf_jump_table_current(p->jumps, p->g)) {
            wf_search_cancel(p->ws); /* a search the old one served */
            wf_jump_table_destroy(p->jumps);
            p->jumps = NULL;
            int s = wf_jump_table_create(p->g, NULL, &p->jumps);
            if (s != WF_OK) {
                snprintf(p->msg, sizeof p->msg, "the jump table: %s", wf_strerror(s));
                return s;
            }
        }
        o->jumps = p->jumps;
    }
    int s = wf_search_begin(p->ws, p->g, (wf_point){sx, sy}, (wf_point){gx, gy}, o);
    if (s != WF_OK)
        snprintf(p->msg, sizeof p->msg, "%s", wf_search_message(p->ws));
    return s;
}

/* Expands at most budget cells; WF_PENDING (4) until the search ends. The
 * cell states are brought up to date either way. */
EMSCRIPTEN_KEEPALIVE int pg_step(pg *p, int budget) {
    int s = wf_search_step(p->ws, (uint64_t)budget, &p->path);
    wf_search_cell_states(p->ws, p->g, p->states);
    if (s == WF_PENDING)
        return s;
    if (s < 0 || s == WF_NO_PATH)
        snprintf(p->msg, sizeof p->msg, "%s", wf_search_message(p->ws));
    if (s == WF_NO_PATH && !p->msg[0]) {
        const int sb = !wf_grid_passable(p->g, p->from.x, p->from.y);
        const wf_point b = sb ? p->from : p->to;
        if (sb || !wf_grid_passable(p->g, b.x, b.y))
            snprintf(p->msg, sizeof p->msg, "the %s (%d, %d) is blocked",
                     sb ? "start" : "goal", b.x, b.y);
        else
            snprintf(p->msg, sizeof p->msg, "the goal cannot be reached");
    }
    if (p->path.count > p->xy_cap) {
        int32_t *xy = realloc(p->xy, p->path.count * 2 * sizeof *xy);
        if (!xy)
            return WF_E_NOMEM;
        p->xy = xy;
        p->xy_cap = p->path.count;
    }
    for (size_t i = 0; i < p->path.count; i++) {
        p->xy[2 * i] = p->path.points[i].x;
        p->xy[2 * i + 1] = p->path.points[i].y;
    }
    p->status = s;
    return s;
}

EMSCRIPTEN_KEEPALIVE int pg_path_count(const pg *p) { return (int)p->path.count; }
EMSCRIPTEN_KEEPALIVE const int32_t *pg_path_xy(const pg *p) { return p->xy; }
EMSCRIPTEN_KEEPALIVE double pg_path_cost(const pg *p) { return p->path.cost; }
EMSCRIPTEN_KEEPALIVE double pg_expanded(const pg *p) { return (double)p->path.stats.expanded; }
EMSCRIPTEN_KEEPALIVE int pg_engine(const pg *p) { return (int)p->path.stats.engine; }
