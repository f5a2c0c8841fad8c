/*
 * tower_defence: seed 000's game, driven by incremental re-planning.
 *
 * Creeps walk from their spawn to the base on a tile map while the player
 * builds turrets one by one. A turret that would cut the creeps off from
 * the base is refused: the connectivity index (wf_conn) says so in O(1)
 * once the turret is tried, and the cell is given back. An accepted turret
 * stays, and every creep's D* Lite planner (which watches the map) repairs
 * its path instead of searching again.
 *
 * The map is seed 000's own tower-defence map (a CSV tile map with its
 * legend, 4-directional moves) when one is named, else a generated cave of
 * 192 x 192 cells with 8-directional moves. Every answer is checked: a
 * refused turret really cuts (a fresh A* finds no way), an accepted one
 * does not, and every repaired path costs what a fresh A* from the creep's
 * cell costs. The program prints each turret and a summary, and exits 1
 * on any mismatch, so it doubles as a test.
 *
 *     tower_defence [MAP.csv] [TURRETS]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wayfind/wayfind.h>

#define CREEPS 6
#define STEPS_PER_TURRET 1 /* each creep walks this far between turrets */

static int failures;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "tower_defence: MISMATCH: %s\n", what);
        failures++;
    }
}

/* The seed's map when named, else a generated cave; the spawn and base:
 * the map's own marks, or two far cells of its largest region. */
static int load(const char *path, wf_grid **g, wf_point *spawn,
                wf_point *base, wf_move *move, uint8_t *turret) {
    if (path) {
        wf_map_marks marks;
        wf_diag diag;
        memset(&diag, 0, sizeof diag);
        if (wf_map_load(path, NULL, NULL, g, &marks, &diag) != WF_OK ||
            !marks.has_start || !marks.has_goal) {
            char buf[600];
            fprintf(stderr, "tower_defence: %s\n",
                    wf_diag_format(&diag, buf, sizeof buf));
            return -1;
        }
        *spawn = marks.start;
        *base = marks.goal;
        *move = wf_move_make(4, WF_CORNERS_NO_CUT);
    } else {
        if (wf_grid_create(192, 192, NULL, g) != WF_OK ||
            wf_gen_caves(*g, 7, NULL, 1) != WF_OK)
            return -1;
        *move = wf_move_default();
        wf_place_opts po = wf_place_opts_default();
        po.min_distance = 150;
        wf_point ends[2];
        if (wf_place_points(*g, 7, &po, 2, ends, NULL) != WF_OK)
            return -1;
        *spawn = ends[0];
        *base = ends[1];
    }
    /* a terrain code of our own for turrets, blocked; the CSV legend and
     * the caves use low codes */
    *turret = 250;
    return wf_grid_set_cost(*g, *turret, WF_BLOCKED) == WF_OK ? 0 : -1;
}

int main(int argc, char **argv) {
    const char *map = argc > 1 && strcmp(argv[1], "-") != 0 ? argv[1] : NULL;
    const int turrets = argc > 2 ? atoi(argv[2]) : 300;
    wf_grid *g = NULL;
    wf_point spawn, base;
    wf_move move;
    uint8_t turret;
    if (load(map, &g, &spawn, &base, &move, &turret) != 0) {
        fprintf(stderr, "tower_defence: cannot load the map\n");
        wf_grid_destroy(g);
        return 2;
    }
    wf_search_opts o = wf_search_opts_default();
    o.move = move;
    wf_conn *conn = NULL;
    wf_search *ws = NULL;
    wf_dstar *creep[CREEPS] = {0};
    wf_path path[CREEPS], fresh;
    wf_path_init(&fresh, NULL);
    int ok = wf_conn_create(g, move, NULL, NULL, &conn) == WF_OK &&
             wf_search_create(NULL, &ws) == WF_OK;
    /* the creeps leave the spawn one after another: creep i starts i × 4
     * cells along the first plan */
    for (int i = 0; i < CREEPS; i++) {
        wf_path_init(&path[i], NULL);
        ok = ok && wf_dstar_create(g, spawn, base, &o, NULL, NULL, 0,
                                   &creep[i]) == WF_OK &&
             wf_dstar_plan(creep[i], &path[i]) == WF_OK;
        if (ok && path[i].count > (size_t)(4 * i)) {
            wf_dstar_move(creep[i], path[i].points[4 * i]);
            ok = wf_dstar_plan(creep[i], &path[i]) == WF_OK;
        }
    }
    if (!ok) {
        fprintf(stderr, "tower_defence: no road from the spawn to the base\n");
        failures++;
        goto done;
    }
    printf("%s: %dx%d, spawn (%d, %d), base (%d, %d), %d creeps\n",
           map ? map : "generated cave (seed 7)", wf_grid_width(g),
           wf_grid_height(g), spawn.x, spawn.y, base.x, base.y, CREEPS);

    /* The player builds where the creeps walk: on or beside a creep's
     * path, chosen by a fixed sequence so every run is the same. */
    wf_rng rng;
    wf_rng_seed(&rng, 2026);
    int accepted = 0, refused = 0;
    uint64_t repaired = 0, searched = 0;
    for (int t = 0; t < turrets; t++) {
        const wf_path *p = &path[wf_rng_below(&rng, CREEPS)];
        if (p->count < 3)
            continue;
        wf_point c = p->points[1 + wf_rng_below(&rng, (uint32_t)p->count - 2)];
        c.x += (int)wf_rng_below(&rng, 3) - 1;
        c.y += (int)wf_rng_below(&rng, 3) - 1;
        if (!wf_grid_passable(g, c.x, c.y) ||
            (c.x == base.x && c.y == base.y))
            continue;
        int on_creep = 0;
        for (int i = 0; i < CREEPS; i++) {
            wf_point at = wf_dstar_position(creep[i]);
            on_creep |= at.x == c.x && at.y == c.y;
        }
        if (on_creep)
            continue;
        /* try it: the index follows the edit, then answers in O(1) */
        const uint8_t was = (uint8_t)wf_grid_get(g, c.x, c.y);
        wf_grid_set(g, c.x, c.y, turret);
        int cuts = 0;
        for (int i = 0; i < CREEPS; i++)
            cuts |= !wf_conn_reachable(conn, wf_dstar_position(creep[i]), base);
        if (cuts) {
            /* a fresh search agrees that some creep is cut off */
            int none = 0;
            for (int i = 0; i < CREEPS; i++)
                none |= wf_search_grid(ws, g, wf_dstar_position(creep[i]),
                                       base, &o, &fresh) == WF_NO_PATH;
            check(none, "a refused turret cuts the road");
            wf_grid_set(g, c.x, c.y, was);
            refused++;
            if (refused <= 5)
                printf("turret %3d at (%d, %d): refused, it would cut the "
                       "creeps off the base\n",
                       t, c.x, c.y);
            continue;
        }
        accepted++;
        uint64_t rep = 0, fr = 0;
        for (int i = 0; i < CREEPS; i++) {
            wf_status s = wf_dstar_plan(creep[i], &path[i]);
            wf_status fs = wf_search_grid(ws, g, wf_dstar_position(creep[i]),
                                          base, &o, &fresh);
            check(s == WF_OK && fs == WF_OK,
                  "an accepted turret leaves every creep a way");
            check(fabs(path[i].cost - fresh.cost) <= 1e-9 * fresh.cost,
                  "a repaired path costs what a fresh A* finds");
            rep += path[i].stats.expanded;
            fr += fresh.stats.expanded;
            /* the creep walks on */
            for (int k = 1; k <= STEPS_PER_TURRET && (size_t)k < path[i].count;
                 k++)
                wf_dstar_move(creep[i], path[i].points[k]);
            if (wf_dstar_plan(creep[i], &path[i]) != WF_OK)
                check(0, "a creep's plan after its walk");
        }
        repaired += rep;
        searched += fr;
        if (accepted <= 5)
            printf("turret %3d at (%d, %d): built; the creeps' paths "
                   "repaired, %llu cells expanded (fresh A*: %llu)\n",
                   t, c.x, c.y, (unsigned long long)rep,
                   (unsigned long long)fr);
    }
    printf("%d turrets built, %d refused; repairs expanded %llu cells, "
           "fresh A* searches would have expanded %llu (%.1fx)\n",
           accepted, refused, (unsigned long long)repaired,
           (unsigned long long)searched,
           repaired ? (double)searched / (double)repaired : 0.0);
    check(accepted > 0, "some turret was built");
done:
    for (int i = 0; i < CREEPS; i++) {
        wf_dstar_destroy(creep[i]);
        wf_path_free(&path[i]);
    }
    wf_path_free(&fresh);
    wf_search_destroy(ws);
    wf_conn_destroy(conn);
    wf_grid_destroy(g);
    if (failures)
        fprintf(stderr, "tower_defence: %d mismatches\n", failures);
    return failures ? 1 : 0;
}
