/* The field crowd (WF_TEAM_FIELD): every plan it returns passes
 * wf_team_check, crowds flow through narrow corridors, the overlay steers
 * them, the cutoff and stalls fail with a reason, allocation failures are
 * clean. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Plans with the crowd; a WF_OK plan must pass wf_team_check. */
static wf_status plan_checked(const wf_grid *g, const wf_agent *ag, size_t n,
                              const wf_team_opts *o, wf_team_plan *p,
                              char *msg, size_t msg_size) {
    wf_team *t;
    assert_int_equal(wf_team_create(NULL, &t), WF_OK);
    const wf_status s = wf_team_plan_grid(t, g, ag, n, o, p);
    if (msg)
        snprintf(msg, msg_size, "%s", wf_team_message(t));
    wf_team_destroy(t);
    if (s == WF_OK) {
        wf_team_fault_info f;
        double sum;
        const wf_status c = wf_team_check(g, ag, n, p, o->move, o->filter,
                                          o->wait_cost, &sum, &f);
        if (c != WF_OK)
            fail_msg("unsound plan: fault %d agents %zu %zu step %u",
                     (int)f.kind, f.a, f.b, f.t);
        assert_true(wf_test_close(sum, p->sum_of_costs));
    } else {
        assert_int_equal(s, WF_E_UNSATISFIABLE);
    }
    return s;
}

/* Up to n agents with starts and goals in one region of the unit, no two
 * starts (or goals) within its size of each other. Returns how many. */
static size_t random_agents(wf_test_rng *r, const wf_grid *g, wf_move mv,
                            wf_agent *ag, size_t n) {
    const int w = wf_grid_width(g), h = wf_grid_height(g);
    uint32_t *lab = calloc((size_t)w * (size_t)h, sizeof *lab);
    uint32_t regions = 0;
    assert_int_equal(wf_grid_regions(g, mv, lab, &regions), WF_OK);
    size_t m = 0;
    for (size_t tries = 0; m < n && tries < 40 * n; tries++) {
        const wf_point s = wf_test_random_cell(r, g),
                       e = wf_test_random_cell(r, g);
        const uint32_t ls = lab[(size_t)s.y * (size_t)w + (size_t)s.x];
        if (!ls || ls != lab[(size_t)e.y * (size_t)w + (size_t)e.x])
            continue;
        int clash = 0;
        for (size_t i = 0; i < m && !clash; i++)
            clash = (abs(ag[i].start.x - s.x) < mv.size &&
                     abs(ag[i].start.y - s.y) < mv.size) ||
                    (abs(ag[i].goal.x - e.x) < mv.size &&
                     abs(ag[i].goal.y - e.y) < mv.size);
        if (!clash)
            ag[m++] = (wf_agent){s, e};
    }
    free(lab);
    return m;
}

static void test_random_maps_sound(void **state) {
    (void)state;
    wf_test_rng r = {0xc0ffee};
    size_t ok = 0, unsat = 0, agents_ok = 0;
    wf_agent ag[40];
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    const int maps = wf_test_count(400);
    for (int it = 0; it < maps; it++) {
        wf_grid *g = wf_test_random_map(&r, 24, it % 3 == 0);
        wf_filter f;
        const wf_search_opts so = wf_test_random_opts(&r, 1, &f);
        wf_team_opts o = wf_team_opts_default();
        o.algo = WF_TEAM_FIELD;
        o.move = so.move;
        o.move.size = 1 + (int)wf_test_rng_below(&r, 2);
        const size_t n = random_agents(&r, g, o.move, ag,
                                       1 + wf_test_rng_below(&r, 40));
        if (n) {
            char msg[256];
            if (plan_checked(g, ag, n, &o, &p, msg, sizeof msg) == WF_OK) {
                ok++;
                agents_ok += n;
            } else {
                unsat++;
                if (getenv("CROWD_WHY"))
                    printf("%zu agents: %s\n", n, msg);
            }
        }
        wf_grid_destroy(g);
    }
    printf("crowd on %d random maps: %zu plans sound (%zu agents), %zu "
           "refused\n",
           maps, ok, agents_ok, unsat);
    /* random maps are mazes of one-cell passages where an agent on its
     * goal often walls another off: the crowd may refuse, never err */
    assert_true(ok >= (size_t)maps / 5);
    wf_team_plan_free(&p);
}

/* A room of 40 x 26 where the agents start, a corridor `width` wide and
 * 30 long, and a room of 80 x 52 beyond where the goals are packed on
 * every other cell of every other row (so that no agent on its goal walls
 * another's off: the crowd does not choose who arrives first). The agents
 * nearest the corridor go deepest. */
enum { RW = 40, CL = 30, RW2 = 80, MW = RW + CL + RW2, MH = 52, RH = 26 };

static wf_grid *corridor_map(int width, wf_agent *ag, size_t n) {
    char *rows[MH];
    const int mid = MH / 2;
    for (int y = 0; y < MH; y++) {
        rows[y] = malloc(MW + 1);
        for (int x = 0; x < MW; x++)
            rows[y][x] = (x < RW && abs(y - mid) <= RH / 2) ||
                                 x >= RW + CL ||
                                 (x >= RW && y >= mid - width / 2 &&
                                  y < mid - width / 2 + width)
                             ? '.'
                             : '#';
        rows[y][MW] = '\0';
    }
    wf_grid *g = wf_test_grid((const char *const *)rows, MH);
    for (int y = 0; y < MH; y++)
        free(rows[y]);
    size_t m = 0;
    for (int d = 0; m < n; d++)
        for (int y = 0; y < MH && m < n; y++)
            for (int x = 0; x < RW && m < n; x++) {
                const int dx = RW - 1 - x, dy = abs(y - mid);
                if ((dx > dy ? dx : dy) == d && dy <= RH / 2)
                    ag[m++].start = (wf_point){x, y};
            }
    m = 0;
    for (int d = RW2 + MH; m < n; d--)
        for (int y = 1; y < MH && m < n; y += 2)
            for (int x = RW + CL + 1; x < MW && m < n; x += 2) {
                const int dx = x - (RW + CL), dy = abs(y - mid);
                if ((dx > dy ? dx : dy) == d)
                    ag[m++].goal = (wf_point){x, y};
            }
    return g;
}

static void test_corridor_crowd(void **state) {
    (void)state;
    const size_t n = 1000;
    wf_agent *ag = calloc(n, sizeof *ag);
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    for (int width = 1; width <= 2; width++) {
        wf_grid *g = corridor_map(width, ag, n);
        wf_team_opts o = wf_team_opts_default();
        o.algo = WF_TEAM_FIELD;
        char msg[256];
        const wf_status s = plan_checked(g, ag, n, &o, &p, msg, sizeof msg);
        if (s != WF_OK)
            fail_msg("corridor %d: %s", width, msg);
        /* the packed goals share their maps: far fewer cells settled
         * than a map per goal would take */
        assert_true(p.expanded < n * (size_t)(MW * MH) / 4);
        printf("corridor %d wide: %zu agents in %u steps, %llu cells "
               "settled\n",
               width, n, p.makespan, (unsigned long long)p.expanded);
        wf_grid_destroy(g);
    }
    wf_team_plan_free(&p);
    free(ag);
}

/* An open room; agents cross it left to right past a guard's cone. */
static wf_grid *room(void) {
    wf_grid *g;
    assert_int_equal(wf_grid_create(30, 12, NULL, &g), WF_OK);
    return g;
}

static size_t room_agents(wf_agent *ag) {
    size_t n = 0;
    for (int y = 1; y < 11; y++)
        ag[n++] = (wf_agent){{1, y}, {28, y}};
    return n;
}

/* The overlay seen along every path: sum of its values at cells entered,
 * and whether any is INFINITY. */
static double exposure(const wf_team_plan *p, const float *ov, int w,
                       int *forbidden) {
    double sum = 0;
    *forbidden = 0;
    for (size_t i = 0; i < p->agents; i++)
        for (size_t k = p->offset[i] + 1; k < p->offset[i + 1]; k++) {
            const float v = ov[p->cells[k].y * w + p->cells[k].x];
            if (isinf(v))
                *forbidden = 1;
            else if (v > 0)
                sum += v;
        }
    return sum;
}

static void test_overlay_steers(void **state) {
    (void)state;
    wf_grid *g = room();
    wf_agent ag[16];
    const size_t n = room_agents(ag);
    float ov[30 * 12];
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    wf_team_opts o = wf_team_opts_default();
    o.algo = WF_TEAM_FIELD;
    for (int kind = 0; kind < 2; kind++) {
        /* a cone from a guard at (15, 0) looking down: forbidden, or
         * dear to be seen in */
        for (int y = 0; y < 12; y++)
            for (int x = 0; x < 30; x++)
                ov[y * 30 + x] = abs(x - 15) <= y / 2 + 1 && y < 10
                                     ? (kind ? 5.0f : INFINITY)
                                     : (x == 3 ? -1.0f : 0.0f);
        o.overlay = (wf_layer){NULL, 0};
        assert_int_equal(plan_checked(g, ag, n, &o, &p, NULL, 0), WF_OK);
        int forb;
        const double seen_plain = exposure(&p, ov, 30, &forb);
        assert_true(kind || forb);
        o.overlay = (wf_layer){ov, 30 * 12};
        o.overlay_k = 1;
        assert_int_equal(plan_checked(g, ag, n, &o, &p, NULL, 0), WF_OK);
        const double seen = exposure(&p, ov, 30, &forb);
        assert_false(forb);
        if (kind) {
            assert_true(seen < seen_plain / 2);
        }
        if (kind)
            printf("overlay (cost 5 in the cone): seen %.0f without it, "
                   "%.0f with it; %u steps\n",
                   seen_plain, seen, p.makespan);
        else
            printf("overlay (cone forbidden): entered without it, never "
                   "with it; %u steps\n",
                   p.makespan);
    }
    /* a goal walled off by forbidden cells: refused with the reason */
    for (int y = 0; y < 12; y++)
        for (int x = 0; x < 30; x++)
            ov[y * 30 + x] = x == 20 ? INFINITY : 0.0f;
    char msg[256];
    assert_int_equal(plan_checked(g, ag, n, &o, &p, msg, sizeof msg),
                     WF_E_UNSATISFIABLE);
    assert_non_null(strstr(msg, "overlay"));
    wf_team_plan_free(&p);
    wf_grid_destroy(g);
}

static void test_cutoff(void **state) {
    (void)state;
    wf_grid *g = room();
    wf_agent ag[16];
    const size_t n = room_agents(ag);
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    wf_team_opts o = wf_team_opts_default();
    o.algo = WF_TEAM_FIELD;
    assert_int_equal(plan_checked(g, ag, n, &o, &p, NULL, 0), WF_OK);
    const uint64_t full = p.expanded;
    /* the goals are 27 steps away: a cutoff of 28 is enough */
    o.cutoff = 28;
    assert_int_equal(plan_checked(g, ag, n, &o, &p, NULL, 0), WF_OK);
    const uint64_t cut = p.expanded;
    assert_true(cut < full);
    /* 10 leaves the agents outside their goals' fields, for ever */
    o.cutoff = 10;
    char msg[256];
    assert_int_equal(plan_checked(g, ag, n, &o, &p, msg, sizeof msg),
                     WF_E_UNSATISFIABLE);
    assert_non_null(strstr(msg, "cutoff"));
    printf("cutoff: %llu cells settled without, %llu with 28; 10: %s\n",
           (unsigned long long)full, (unsigned long long)cut, msg);
    wf_team_plan_free(&p);
    wf_grid_destroy(g);
}

static void test_deterministic(void **state) {
    (void)state;
    wf_test_rng r = {42};
    wf_agent ag[40];
    wf_team_plan a, b;
    wf_team_plan_init(&a, NULL);
    wf_team_plan_init(&b, NULL);
    size_t same = 0;
    for (int it = 0; it < wf_test_count(60); it++) {
        wf_grid *g = wf_test_random_map(&r, 20, 0);
        wf_team_opts o = wf_team_opts_default();
        o.algo = WF_TEAM_FIELD;
        const size_t n = random_agents(&r, g, o.move, ag, 6);
        if (n && plan_checked(g, ag, n, &o, &a, NULL, 0) == WF_OK) {
            assert_int_equal(plan_checked(g, ag, n, &o, &b, NULL, 0), WF_OK);
            assert_memory_equal(a.offset, b.offset,
                                (n + 1) * sizeof *a.offset);
            assert_memory_equal(a.cells, b.cells,
                                a.offset[n] * sizeof *a.cells);
            same++;
        }
        wf_grid_destroy(g);
    }
    printf("deterministic: %zu plans the same twice\n", same);
    assert_true(same > 0);
    wf_team_plan_free(&a);
    wf_team_plan_free(&b);
}

static void test_stall(void **state) {
    (void)state;
    /* head on in a one-cell passage with no room to give way */
    const char *rows[] = {"########", "#......#", "########"};
    wf_grid *g = wf_test_grid(rows, 3);
    const wf_agent ag[2] = {{{1, 1}, {6, 1}}, {{6, 1}, {1, 1}}};
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    wf_team_opts o = wf_team_opts_default();
    o.algo = WF_TEAM_FIELD;
    char msg[256];
    assert_int_equal(plan_checked(g, ag, 2, &o, &p, msg, sizeof msg),
                     WF_E_UNSATISFIABLE);
    assert_non_null(strstr(msg, "stalled"));
    assert_non_null(strstr(msg, "0 of 2 agents arrived"));
    /* max_steps ends it first when it is shorter */
    o.max_steps = 3;
    assert_int_equal(plan_checked(g, ag, 2, &o, &p, msg, sizeof msg),
                     WF_E_UNSATISFIABLE);
    assert_non_null(strstr(msg, "max_steps"));
    printf("stall: %s\n", msg);
    wf_team_plan_free(&p);
    wf_grid_destroy(g);
}

static void test_alloc_failure(void **state) {
    (void)state;
    /* two goals side by side (one group, box maps) and a path longer
     * than the first history buffer */
    wf_grid *g;
    assert_int_equal(wf_grid_create(74, 3, NULL, &g), WF_OK);
    const wf_agent ag[3] = {
        {{0, 0}, {73, 1}}, {{0, 2}, {72, 1}}, {{1, 1}, {40, 0}}};
    wf_team_opts o = wf_team_opts_default();
    o.algo = WF_TEAM_FIELD;
    size_t fails = 0;
    for (size_t at = 1;; at++) {
        wf_test_alloc ta;
        const wf_allocator al = wf_test_alloc_init(&ta, at);
        wf_team *t;
        wf_status s = wf_team_create(&al, &t);
        wf_team_plan p;
        wf_team_plan_init(&p, &al);
        if (s == WF_OK)
            s = wf_team_plan_grid(t, g, ag, 3, &o, &p);
        wf_team_destroy(t);
        if (s == WF_OK) {
            assert_int_equal(wf_team_check(g, ag, 3, &p, o.move, NULL, 0,
                                           NULL, NULL),
                             WF_OK);
            assert_true(p.makespan > 64);
        }
        wf_team_plan_free(&p);
        assert_int_equal(ta.live, 0);
        if (!ta.refused) {
            assert_int_equal(s, WF_OK);
            break;
        }
        assert_int_equal(s, WF_E_NOMEM);
        fails++;
    }
    printf("allocation failure: each of %zu allocations refused in turn, "
           "WF_E_NOMEM and nothing leaked\n",
           fails);
    wf_grid_destroy(g);
}

/* Up to n cells of g's region `label`, nearest (by 4-connected steps) to
 * the region cell nearest `from`, skipping cells in `used` and, with
 * `lattice`, cells with an odd coordinate; marks them used. */
static size_t cells_near(const wf_grid *g, const uint32_t *lab,
                         uint32_t label, wf_point from, int lattice,
                         char *used, wf_point *out, size_t n) {
    const int w = wf_grid_width(g), h = wf_grid_height(g);
    const size_t cells = (size_t)w * (size_t)h;
    size_t seed = 0;
    long best = -1;
    for (size_t c = 0; c < cells; c++) {
        const long dx = (long)(c % (size_t)w) - from.x,
                   dy = (long)(c / (size_t)w) - from.y;
        if (lab[c] == label && (best < 0 || dx * dx + dy * dy < best)) {
            best = dx * dx + dy * dy;
            seed = c;
        }
    }
    uint32_t *queue = malloc((cells + 1) * sizeof *queue);
    char *seen = calloc(cells + 1, 1);
    size_t head = 0, tail = 0, m = 0;
    queue[tail++] = (uint32_t)seed;
    seen[seed] = 1;
    while (head < tail && m < n) {
        const size_t c = queue[head++];
        const int x = (int)(c % (size_t)w), y = (int)(c / (size_t)w);
        if (!used[c] && (!lattice || !((x | y) & 1))) {
            used[c] = 1;
            out[m++] = (wf_point){x, y};
        }
        static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (int k = 0; k < 4; k++) {
            const int nx = x + dx[k], ny = y + dy[k];
            const size_t v = (size_t)ny * (size_t)w + (size_t)nx;
            if (wf_grid_contains(g, nx, ny) && !seen[v] && lab[v] == label) {
                seen[v] = 1;
                queue[tail++] = (uint32_t)v;
            }
        }
    }
    free(queue);
    free(seen);
    return m;
}

/* A crowd across a city: 250 agents packed in one street block walk to
 * goals handed out on every other cell of a region in the centre, past
 * the agents already there (a diagonal beside an agent that stands is a
 * collision, so they must go round, backing out of dead ends). Not every
 * count gets through: with 300, two agents near their goals keep stepping
 * round each other and the crowd stalls with 298 arrived. */
static void test_city_crowd(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(
        wf_movingai_map_read(WF_SHARED_DIR "/movingai/street/Boston_0_512.map",
                             NULL, &g, NULL),
        WF_OK);
    const int w = wf_grid_width(g), h = wf_grid_height(g);
    const size_t cells = (size_t)w * (size_t)h, n = 250;
    uint32_t *lab = malloc(cells * sizeof *lab), count = 0;
    assert_int_equal(wf_grid_regions(g, wf_move_default(), lab, &count),
                     WF_OK);
    size_t *size = calloc(count + 1, sizeof *size);
    for (size_t c = 0; c < cells; c++)
        size[lab[c]]++;
    uint32_t big = 1;
    for (uint32_t r = 1; r <= count; r++)
        big = size[r] > size[big] ? r : big;
    char *used = calloc(cells, 1);
    wf_point *goals = malloc(n * sizeof *goals),
             *starts = malloc(n * sizeof *starts);
    assert_int_equal(cells_near(g, lab, big, (wf_point){w / 2, h / 2}, 1,
                                used, goals, n),
                     n);
    assert_int_equal(cells_near(g, lab, big, (wf_point){w / 5, h / 5}, 0,
                                used, starts, n),
                     n);
    wf_agent *ag = malloc(n * sizeof *ag);
    for (size_t i = 0; i < n; i++)
        ag[i] = (wf_agent){starts[i], goals[i]};
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    wf_team_opts o = wf_team_opts_default();
    o.algo = WF_TEAM_FIELD;
    char msg[256];
    const wf_status s = plan_checked(g, ag, n, &o, &p, msg, sizeof msg);
    if (s != WF_OK)
        fail_msg("city crowd: %s", msg);
    printf("city crowd: %zu agents across Boston_0_512 in %u steps\n", n,
           p.makespan);
    wf_team_plan_free(&p);
    free(ag);
    free(starts);
    free(goals);
    free(used);
    free(size);
    free(lab);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_maps_sound),
        cmocka_unit_test(test_corridor_crowd),
        cmocka_unit_test(test_overlay_steers),
        cmocka_unit_test(test_cutoff),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_stall),
        cmocka_unit_test(test_alloc_failure),
        cmocka_unit_test(test_city_crowd),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
