/* --cost TILE=VALUE: per-query terrain costs, applied as a filter so the
 * map itself stays as loaded. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_costs_add(const char *cmd, cli_costs *c, const char *arg) {
    const char *eq = strrchr(arg, '=');
    if (!eq || eq == arg || !eq[1]) {
        cli_error(cmd, "--cost: expected TILE=VALUE, got '%s'", arg);
        return -1;
    }
    if (c->n >= CLI_MAX_COSTS) {
        cli_error(cmd, "--cost: at most %d overrides", CLI_MAX_COSTS);
        return -1;
    }
    size_t tl = (size_t)(eq - arg);
    if (tl >= sizeof c->e[0].tile) {
        cli_error(cmd, "--cost: tile '%.*s' is too long", (int)tl, arg);
        return -1;
    }
    double v;
    if (strcmp(eq + 1, "inf") == 0) {
        v = INFINITY;
    } else if (cli_parse_double(cmd, "cost", eq + 1, 1e-300, 1e300, &v) != 0) {
        return -1;
    }
    memcpy(c->e[c->n].tile, arg, tl);
    c->e[c->n].tile[tl] = '\0';
    c->e[c->n].value = v;
    c->n++;
    return 0;
}

int cli_read_legend(const char *cmd, const char *map, const char *legend,
                    wf_legend *out) {
    char own[4096];
    if (!legend) {
        const size_t n = strlen(map);
        if (n < 4 || n - 4 + sizeof ".legend" > sizeof own) {
            cli_error(cmd, "%s: map path too long", map);
            return -1;
        }
        memcpy(own, map, n - 4);
        memcpy(own + n - 4, ".legend", sizeof ".legend");
        legend = own;
    }
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st = wf_legend_read(legend, NULL, out, &d);
    if (st != WF_OK) {
        cli_fail(st, &d);
        return -1;
    }
    return 0;
}

/* The terrain code of a --cost tile: a map character, or for a CSV map
 * the tile number its legend lists (terrain = the entry's index). */
static int tile_terrain(const char *cmd, const char *tile, const char *map,
                        const char *legend, uint8_t *out) {
    size_t n = strlen(map);
    if (n >= 4 && strcmp(map + n - 4, ".csv") == 0) {
        char *end;
        long t = strtol(tile, &end, 10);
        if (*end || end == tile) {
            cli_error(cmd, "--cost: a CSV map's tiles are numbers, got '%s'",
                      tile);
            return -1;
        }
        wf_legend *lg = malloc(sizeof *lg);
        if (!lg)
            return cli_fail(WF_E_NOMEM, NULL) ? -1 : -1;
        if (cli_read_legend(cmd, map, legend, lg) != 0) {
            free(lg);
            return -1;
        }
        for (int i = 0; i < lg->count; i++)
            if (lg->entries[i].tile == t) {
                *out = (uint8_t)i;
                free(lg);
                return 0;
            }
        free(lg);
        cli_error(cmd, "--cost: tile %ld is not in the legend", t);
        return -1;
    }
    if (strlen(tile) != 1) {
        cli_error(cmd, "--cost: a tile is one map character, got '%s'", tile);
        return -1;
    }
    *out = (uint8_t)tile[0];
    return 0;
}

int cli_costs_filter(const char *cmd, const cli_costs *c, const char *map,
                     const char *legend, const wf_grid *g, wf_filter *f,
                     const wf_filter **unit) {
    *unit = NULL;
    wf_filter_init(f);
    for (size_t i = 0; i < c->n; i++) {
        uint8_t t;
        if (tile_terrain(cmd, c->e[i].tile, map, legend, &t) != 0)
            return -1;
        if (!wf_grid_terrain_count(g, t)) {
            cli_error(cmd, "--cost: no cell of the map is tile '%s'",
                      c->e[i].tile);
            return -1;
        }
        double base = wf_grid_cost(g, t), v = c->e[i].value;
        if (base < 0) {
            if (isinf(v))
                continue; /* blocked already */
            cli_error(cmd, "--cost: tile '%s' is blocked on this map; --cost "
                           "can only change or forbid passable terrain",
                      c->e[i].tile);
            return -1;
        }
        /* the filter multiplies the map's cost: v / base gives v */
        double m = isinf(v) ? INFINITY : v / base;
        if (!(m > 0) || wf_filter_set(f, t, m) != WF_OK) {
            cli_error(cmd, "--cost: tile '%s': cost %g cannot be applied",
                      c->e[i].tile, v);
            return -1;
        }
    }
    *unit = c->n ? f : NULL;
    return 0;
}
