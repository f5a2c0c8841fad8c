/* wayfind gen: seeded worlds written as Moving AI maps (and scenarios). */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <wayfind/gen.h>

#include "cli.h"
#include "json_out.h"

#define CMD "gen"

static const char help[] =
    "usage: " CLI_PROG " gen KIND [--seed N] [--size WxH] [--out FILE.map]\n"
    "                   [--scen N] [--ascii] [generator options]\n"
    "\n"
    "Generates a map. KIND is one of:\n"
    "  islands   cellular-automaton islands: W deep sea, S shallow sea,\n"
    "            . land, T forest\n"
    "  caves     cellular-automaton caves: . floor, @ rock (one region)\n"
    "  maze      1-cell corridors (perfect unless --braid)\n"
    "  rooms     rooms joined by corridors\n"
    "  noise     random obstacles at --density\n"
    "  costs     terrain costs 1..--levels from smooth noise over the map\n"
    "            --from MAP (its walls kept, its size its own); written as\n"
    "            an ASCII map, the format that carries costs\n"
    "The same seed gives the same map on every machine. Without --out the\n"
    "Moving AI map (costs: the ASCII map) goes to stdout.\n"
    "A FILE ending in .map is a Moving AI map (its characters priced as Moving\n"
    "AI readers do: . S W cost 1, @ T blocked); any other FILE is an ASCII map\n"
    "of the generator's own costs ('.' 1, digits 2-9, '#' blocked; islands are\n"
    "priced for ships: deep sea 1, shallow sea 2, land blocked).\n"
    "Each file is replaced whole or not at all: a write that fails leaves\n"
    "FILE (or FILE.scen) as it was.\n"
    "\n"
    "  --seed N          seed (default 1)\n"
    "  --size WxH        size in cells (default 128x128, at most 16384x16384)\n"
    "  --out FILE        write the map to FILE (.map: Moving AI, else ASCII)\n"
    "  --scen N          also write FILE.scen: N random solvable queries with\n"
    "                    their optimal lengths (8-connected, no corner cutting,\n"
    "                    the costs the file carries)\n"
    "  --ascii           print the map as a picture instead of the file\n"
    "  --fill F          islands/caves: initial fill ratio 0..1\n"
    "  --iterations N    islands/caves: automaton steps 0..64\n"
    "  --braid B         maze: share of dead ends opened, 0..1 (default 0)\n"
    "  --density D       noise: share of obstacles, 0..1 (default 0.25)\n"
    "  --from MAP        costs: the map to price (any format path reads)\n"
    "  --levels K        costs: cost levels 2..9 (default 3)\n"
    "  --scale S         costs: size of the noise's features in cells,\n"
    "                    1..4096 (default 16)\n"
    "  --format text|json  json: one object saying what was made and\n"
    "                    written; without --out its \"rows\" hold the map\n"
    "                    (or the picture, with --ascii)\n"
    "  --help            this text\n"
    "\n"
    "Exit status: 0 ok, 2 usage, 3 impossible request, 4 I/O error.\n";

typedef struct args {
    const char *kind, *out, *from;
    uint64_t seed;
    int size[2], ascii, json; /* W, H */
    long scen;
    double fill, braid, density;
    long iterations, levels, scale;
} args;

static int parse(int argc, char **argv, args *a, int *code) {
    const cli_option opts[] = {
        CLI_OPTION("seed", CLI_SEED, &a->seed),
        CLI_OPTION("size", CLI_SIZE, a->size),
        CLI_OPTION("out", CLI_STRING, &a->out),
        CLI_OPTION_INT("scen", &a->scen, 1, 1000000),
        CLI_OPTION("ascii", CLI_FLAG, &a->ascii),
        CLI_OPTION("format", CLI_FORMAT, &a->json),
        CLI_OPTION_DOUBLE("fill", &a->fill, 0, 1),
        CLI_OPTION_INT("iterations", &a->iterations, 0, 64),
        CLI_OPTION_DOUBLE("braid", &a->braid, 0, 1),
        CLI_OPTION_DOUBLE("density", &a->density, 0, 1),
        CLI_OPTION("from", CLI_STRING, &a->from),
        CLI_OPTION_INT("levels", &a->levels, 2, 9),
        CLI_OPTION_INT("scale", &a->scale, 1, 4096),
        CLI_OPTION_HELP(help),
        CLI_OPTION_END};
    int first = cli_parse_options(CMD, argc, argv, opts, code);
    if (first < 0)
        return -1;
    *code = CLI_EXIT_USAGE;
    if (first != argc - 1) {
        cli_usage_error(CMD, "expected one KIND: islands, caves, maze, rooms, "
                             "noise or costs");
        return -1;
    }
    a->kind = argv[first];
    const int costs = strcmp(a->kind, "costs") == 0;
    if (costs != (a->from != NULL)) {
        cli_usage_error(CMD, costs ? "costs needs --from MAP"
                                   : "--from is for costs");
        return -1;
    }
    const size_t n = a->out ? strlen(a->out) : 0;
    if (costs && n > 4 && strcmp(a->out + n - 4, ".map") == 0) {
        cli_usage_error(CMD, "costs: a .map file cannot carry costs (Moving "
                             "AI readers price . S W at 1); name an ASCII "
                             "map instead");
        return -1;
    }
    if (a->scen && !a->out) {
        cli_usage_error(CMD, "--scen needs --out FILE (the scenarios go to "
                             "FILE.scen)");
        return -1;
    }
    return 0;
}

/* Runs the generator named a->kind; -1 when the name is unknown. */
static int generate(const args *a, wf_grid *g, wf_status *st) {
    if (strcmp(a->kind, "islands") == 0) {
        wf_islands_opts o = wf_islands_opts_default();
        if (a->fill >= 0)
            o.ca.fill = a->fill;
        if (a->iterations >= 0)
            o.ca.iterations = (int)a->iterations;
        *st = wf_gen_islands(g, a->seed, &o);
    } else if (strcmp(a->kind, "caves") == 0) {
        wf_ca_opts o = wf_ca_opts_default();
        if (a->fill >= 0)
            o.fill = a->fill;
        if (a->iterations >= 0)
            o.iterations = (int)a->iterations;
        *st = wf_gen_caves(g, a->seed, &o, 1);
    } else if (strcmp(a->kind, "maze") == 0) {
        *st = wf_gen_maze(g, a->seed, a->braid);
    } else if (strcmp(a->kind, "rooms") == 0) {
        *st = wf_gen_rooms(g, a->seed, NULL);
    } else if (strcmp(a->kind, "noise") == 0) {
        *st = wf_gen_noise(g, a->seed, a->density);
    } else if (strcmp(a->kind, "costs") == 0) {
        wf_cost_noise_opts o = wf_cost_noise_opts_default();
        o.levels = (int)a->levels;
        o.scale = (int)a->scale;
        *st = wf_gen_cost_noise(g, a->seed, &o);
    } else {
        return -1;
    }
    return 0;
}

/* N queries between points placed in the largest region, each answered
 * with A* for its optimal length, into *sc (entries malloc'd: the caller
 * frees them). Made before any file is written, so that a request that
 * cannot be met leaves the files as they were. Returns 0, or the exit code
 * after printing why. */
static int make_scen(const args *a, const wf_grid *g, wf_scen *sc) {
    size_t n = (size_t)a->scen;
    wf_point *pts = malloc(2 * n * sizeof *pts);
    memset(sc, 0, sizeof *sc);
    sc->entries = calloc(n, sizeof *sc->entries);
    sc->count = n;
    const char *base = strrchr(a->out, '/');
    snprintf(sc->map, sizeof sc->map, "%s", base ? base + 1 : a->out);
    wf_search *ws = NULL;
    wf_path p;
    wf_path_init(&p, NULL);
    wf_diag diag;
    memset(&diag, 0, sizeof diag);
    wf_status st = pts && sc->entries ? wf_search_create(NULL, &ws)
                                      : WF_E_NOMEM;
    if (st == WF_OK)
        st = wf_place_points(g, a->seed ^ 0x5CE0ull, NULL, 2 * n, pts, &diag);
    for (size_t i = 0; i < n && st == WF_OK; i++) {
        wf_scen_entry *e = &sc->entries[i];
        e->start = pts[2 * i];
        e->goal = pts[2 * i + 1];
        e->map_width = wf_grid_width(g);
        e->map_height = wf_grid_height(g);
        st = wf_search_grid(ws, g, e->start, e->goal, NULL, &p);
        e->optimal = p.cost;
        e->bucket = (int)floor(p.cost / 4.0);
    }
    int code = 0;
    if (st == WF_E_UNSATISFIABLE) {
        cli_error(CMD, "--scen %zu: %s", n, diag.message);
        code = CLI_EXIT_INPUT;
    } else if (st != WF_OK) {
        code = cli_fail(st, &diag);
    }
    wf_path_free(&p);
    wf_search_destroy(ws);
    free(pts);
    return code;
}

/* The files gen writes, for wf_file_write. */
typedef struct map_out {
    const wf_grid *g;
    int movingai; /* a Moving AI map, else an ASCII one */
} map_out;

static wf_status write_map(void *ud, FILE *f, wf_diag *diag) {
    const map_out *m = ud;
    (void)diag;
    return m->movingai ? wf_movingai_map_write(f, m->g)
                       : wf_ascii_map_write(f, m->g, NULL);
}

static wf_status movingai_rows(void *ud, FILE *f) {
    return wf_movingai_map_write(f, ud);
}

static wf_status picture_rows(void *ud, FILE *f) {
    return wf_render_ascii(f, ud, NULL);
}

static wf_status ascii_rows(void *ud, FILE *f) {
    return wf_ascii_map_write(f, ud, NULL);
}

/* The --format json report of what was made and written. */
static int print_json(const args *a, const wf_grid *g, int movingai) {
    size_t open = 0;
    for (int y = 0; y < wf_grid_height(g); y++)
        for (int x = 0; x < wf_grid_width(g); x++)
            open += wf_grid_passable(g, x, y) != 0;
    printf("{\"kind\":");
    cli_json_str(a->kind);
    printf(",\"seed\":%llu,\"width\":%d,\"height\":%d,\"format\":\"%s\","
           "\"passable\":%zu,\"out\":",
           (unsigned long long)a->seed, wf_grid_width(g), wf_grid_height(g),
           a->ascii ? "picture" : movingai ? "movingai" : "ascii", open);
    cli_json_str(a->out && !a->ascii ? a->out : NULL);
    printf(",\"scenarios\":%ld,\"scen_file\":", a->scen);
    char *scen = a->scen ? malloc(strlen(a->out) + sizeof ".scen") : NULL;
    if (scen) {
        strcpy(scen, a->out);
        strcat(scen, ".scen");
    }
    cli_json_str(scen);
    free(scen);
    int rc = 0;
    if (a->ascii || !a->out) {
        putchar(',');
        rc = a->ascii    ? cli_json_rows_of(picture_rows, (void *)g, NULL)
             : movingai ? cli_json_rows_of(movingai_rows, (void *)g, "map")
                        : cli_json_rows_of(ascii_rows, (void *)g, NULL);
    }
    puts("}");
    return rc ? cli_fail(WF_E_NOMEM, NULL) : 0;
}

static wf_status write_scen(void *ud, FILE *f, wf_diag *diag) {
    (void)diag;
    return wf_scen_write(f, ud);
}

/* FILE.scen beside the map FILE. */
static int write_scen_file(const char *out, wf_scen *sc) {
    size_t n = strlen(out);
    char *path = malloc(n + sizeof ".scen");
    if (!path)
        return cli_fail(WF_E_NOMEM, NULL);
    memcpy(path, out, n);
    memcpy(path + n, ".scen", sizeof ".scen");
    int code = cli_write_file(path, write_scen, sc);
    free(path);
    return code;
}

int cli_gen(int argc, char **argv) {
    args a;
    memset(&a, 0, sizeof a);
    a.seed = 1;
    a.size[0] = a.size[1] = 128;
    a.fill = -1;
    a.iterations = -1;
    a.density = 0.25;
    a.levels = 3;
    a.scale = 16;
    int code;
    if (parse(argc, argv, &a, &code) != 0)
        return code;
    wf_grid *g = NULL;
    wf_status st = WF_OK;
    if (a.from) {
        if ((code = cli_load_map(a.from, NULL, &g, NULL)) != 0)
            return code;
        a.size[0] = wf_grid_width(g);
        a.size[1] = wf_grid_height(g);
    } else if ((st = wf_grid_create(a.size[0], a.size[1], NULL, &g)) !=
               WF_OK) {
        return cli_fail(st, NULL);
    }
    if (generate(&a, g, &st) != 0) {
        wf_grid_destroy(g);
        return cli_usage_error(CMD, "unknown KIND '%s' (islands, caves, maze, "
                                    "rooms, noise or costs)", a.kind);
    }
    if (st != WF_OK) {
        wf_grid_destroy(g);
        if (st == WF_E_INVALID_ARG)
            return cli_usage_error(CMD, "%s cannot be made at %dx%d with "
                                        "these options", a.kind, a.size[0], a.size[1]);
        return cli_fail(st, NULL);
    }
    /* A Moving AI file carries the Moving AI meaning of each character,
     * which is also what its readers give back: price the grid that way.
     * An ASCII file carries the generator's own costs. */
    size_t n = a.out ? strlen(a.out) : 0;
    int movingai = !a.from &&
                   (!a.out || (n > 4 && strcmp(a.out + n - 4, ".map") == 0));
    if (movingai)
        wf_movingai_set_costs(g);
    wf_scen sc;
    memset(&sc, 0, sizeof sc);
    code = a.scen ? make_scen(&a, g, &sc) : 0;
    if (code) {
        /* nothing written */
    } else if (a.json && (a.ascii || !a.out)) {
        code = print_json(&a, g, movingai);
    } else if (a.ascii || !a.out) {
        st = a.ascii      ? wf_render_ascii(stdout, g, NULL)
             : movingai ? wf_movingai_map_write(stdout, g)
                        : wf_ascii_map_write(stdout, g, NULL);
        if (st != WF_OK)
            code = cli_fail(st, NULL);
    } else {
        map_out m = {g, movingai};
        code = cli_write_file(a.out, write_map, &m);
    }
    /* Each file is whole, but a .scen that cannot be written after its
     * map leaves the map new and the .scen old: the message says which. */
    if (!code && a.scen)
        code = write_scen_file(a.out, &sc);
    if (!code && a.json && a.out && !a.ascii)
        code = print_json(&a, g, movingai);
    free(sc.entries);
    wf_grid_destroy(g);
    return code;
}
