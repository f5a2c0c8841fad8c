/* Conflict-Based Search (WF_TEAM_CBS): the least sum of costs, against a
 * brute-force search over the joint state of the whole team on tiny maps;
 * its plans pass wf_team_check; it never costs less than the agents'
 * independent paths; hand-made cases, its node limit, determinism and
 * allocation failure. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXA 3

/* ---- the brute force ---------------------------------------------------
 * A Dijkstra over (every agent's cell, which agents have finished). At
 * each step every agent that has not finished moves or waits, paying for
 * it; a finished agent stays on its goal for free; an agent on its goal
 * may finish at no cost (its path ends there: its cost counts up to its
 * last step). No two agents' steps may collide (wf_team_collide). */

typedef struct bf {
    const wf_test_pricing *pr;
    int n, k;
    double wait;
    size_t cells, states;
    int goal[MAXA];
    double *dist;
    /* a binary heap of (cost, state) */
    double *hk;
    size_t *hs, hn, hcap;
} bf;

static void bf_push(bf *b, double d, size_t s) {
    if (b->hn == b->hcap) {
        b->hcap = b->hcap ? 2 * b->hcap : 1024;
        b->hk = realloc(b->hk, b->hcap * sizeof *b->hk);
        b->hs = realloc(b->hs, b->hcap * sizeof *b->hs);
        assert_non_null(b->hk);
        assert_non_null(b->hs);
    }
    size_t i = b->hn++;
    while (i && d < b->hk[(i - 1) / 2]) {
        b->hk[i] = b->hk[(i - 1) / 2];
        b->hs[i] = b->hs[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    b->hk[i] = d;
    b->hs[i] = s;
}

static void bf_pop(bf *b, double *d, size_t *s) {
    *d = b->hk[0];
    *s = b->hs[0];
    const double kd = b->hk[--b->hn];
    const size_t ks = b->hs[b->hn];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= b->hn)
            break;
        if (c + 1 < b->hn && b->hk[c + 1] < b->hk[c])
            c++;
        if (!(b->hk[c] < kd))
            break;
        b->hk[i] = b->hk[c];
        b->hs[i] = b->hs[c];
        i = c;
    }
    b->hk[i] = kd;
    b->hs[i] = ks;
}

static void bf_relax(bf *b, size_t s, double d) {
    if (d < b->dist[s]) {
        b->dist[s] = d;
        bf_push(b, d, s);
    }
}

static size_t bf_encode(const bf *b, const int *pos, unsigned mask) {
    size_t s = 0;
    for (int i = b->n - 1; i >= 0; i--)
        s = s * b->cells + (size_t)pos[i];
    return s << b->n | mask;
}

static wf_point bf_pt(const bf *b, int c) {
    const int W = wf_grid_width(b->pr->g);
    return (wf_point){c % W, c / W};
}

/* Chooses agent i's step, then the next agent's, pruning collisions. */
static void bf_steps(bf *b, const int *pos, unsigned mask, int i, int *to,
                     double cost) {
    if (i == b->n) {
        bf_relax(b, bf_encode(b, to, mask), cost);
        return;
    }
    const wf_point p = bf_pt(b, pos[i]);
    const int W = wf_grid_width(b->pr->g);
    for (int m = 0; m < 9; m++) {
        const wf_point q = {p.x + m % 3 - 1, p.y + m / 3 - 1};
        double c;
        if (mask >> i & 1) {
            if (m != 4)
                continue;
            c = 0;
        } else if (m == 4) {
            c = b->wait;
        } else {
            c = wf_test_ref_move(b->pr, p, q);
            if (c < 0)
                continue;
        }
        int ok = 1;
        for (int o = 0; o < i && ok; o++)
            ok = !wf_team_collide(bf_pt(b, pos[o]), bf_pt(b, to[o]), b->k, p,
                                  q, b->k);
        if (!ok)
            continue;
        to[i] = q.y * W + q.x;
        bf_steps(b, pos, mask, i + 1, to, cost + c);
    }
}

/* The least sum of costs of a collision-free plan; INFINITY when none. */
static double brute(const wf_test_pricing *pr, const wf_agent *ag, int n,
                    double wait) {
    bf b;
    memset(&b, 0, sizeof b);
    b.pr = pr;
    b.n = n;
    b.k = pr->move.size > 1 ? pr->move.size : 1;
    b.wait = wait;
    const int W = wf_grid_width(pr->g);
    b.cells = (size_t)W * (size_t)wf_grid_height(pr->g);
    b.states = 1;
    for (int i = 0; i < n; i++)
        b.states *= b.cells;
    b.states <<= n;
    b.dist = malloc(b.states * sizeof *b.dist);
    assert_non_null(b.dist);
    for (size_t s = 0; s < b.states; s++)
        b.dist[s] = INFINITY;
    int pos[MAXA], to[MAXA];
    for (int i = 0; i < n; i++) {
        pos[i] = ag[i].start.y * W + ag[i].start.x;
        b.goal[i] = ag[i].goal.y * W + ag[i].goal.x;
    }
    bf_relax(&b, bf_encode(&b, pos, 0), 0);
    double best = INFINITY;
    const unsigned all = (1u << n) - 1;
    while (b.hn) {
        double d;
        size_t s;
        bf_pop(&b, &d, &s);
        if (d > b.dist[s])
            continue;
        const unsigned mask = (unsigned)(s & all);
        if (mask == all) {
            best = d;
            break;
        }
        size_t r = s >> n;
        for (int i = 0; i < n; i++) {
            pos[i] = (int)(r % b.cells);
            r /= b.cells;
        }
        for (int i = 0; i < n; i++)
            if (!(mask >> i & 1) && pos[i] == b.goal[i])
                bf_relax(&b, bf_encode(&b, pos, mask | 1u << i), d);
        bf_steps(&b, pos, mask, 0, to, d);
    }
    free(b.dist);
    free(b.hk);
    free(b.hs);
    return best;
}

/* ---- helpers ----------------------------------------------------------- */

/* The sum of the agents' own least costs (wf_search_grid), and whether
 * those paths, as timed paths, are free of collisions. */
static double independent(const wf_grid *g, const wf_agent *ag, size_t n,
                          const wf_team_opts *o, int *clash) {
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_search_opts so = wf_search_opts_default();
    so.move = o->move;
    so.filter = o->filter;
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    assert_int_equal(wf_team_plan_reset(&p, n), WF_OK);
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        wf_path path;
        wf_path_init(&path, NULL);
        assert_int_equal(
            wf_search_grid(ws, g, ag[i].start, ag[i].goal, &so, &path),
            WF_OK);
        sum += path.cost;
        assert_int_equal(wf_team_plan_push(&p, path.points, path.count),
                         WF_OK);
        wf_path_free(&path);
    }
    wf_team_fault_info f;
    *clash = wf_team_check(g, ag, n, &p, o->move, o->filter, o->wait_cost,
                           NULL, &f) != WF_OK;
    wf_team_plan_free(&p);
    wf_search_destroy(ws);
    return sum;
}

/* Plans with CBS and checks the plan (wf_team_check, its sum of costs,
 * at least the independent sum, equal to it when those paths never
 * meet). Returns the status; the sum in *sum. */
static wf_status plan_checked(wf_team *t, const wf_grid *g,
                              const wf_agent *ag, size_t n,
                              const wf_team_opts *o, wf_team_plan *p,
                              double *sum) {
    const wf_status s = wf_team_plan_grid(t, g, ag, n, o, p);
    if (s != WF_OK)
        return s;
    wf_team_fault_info f;
    double check;
    assert_int_equal(wf_team_check(g, ag, n, p, o->move, o->filter,
                                   o->wait_cost, &check, &f),
                     WF_OK);
    assert_true(wf_test_close(check, p->sum_of_costs));
    int clash;
    const double ind = independent(g, ag, n, o, &clash);
    assert_true(p->sum_of_costs >= ind - 1e-9);
    if (!clash)
        assert_true(wf_test_close(p->sum_of_costs, ind));
    *sum = p->sum_of_costs;
    return s;
}

/* Random starts and goals for n agents where the unit stands, no two
 * starts (or goals) overlapping; 0 when none were found. */
static int random_agents(wf_test_rng *r, const wf_test_pricing *pr, int n,
                         wf_agent *ag) {
    const int k = pr->move.size > 1 ? pr->move.size : 1;
    for (int i = 0; i < n; i++)
        for (int which = 0; which < 2; which++) {
            int tries = 0;
            for (;;) {
                if (++tries > 100)
                    return 0;
                const wf_point c = wf_test_random_cell(r, pr->g);
                if (!wf_test_ref_passable(pr, c.x, c.y))
                    continue;
                int ok = 1;
                for (int o = 0; o < i && ok; o++) {
                    const wf_point q = which ? ag[o].goal : ag[o].start;
                    ok = abs(q.x - c.x) >= k || abs(q.y - c.y) >= k;
                }
                if (!ok)
                    continue;
                if (which)
                    ag[i].goal = c;
                else
                    ag[i].start = c;
                break;
            }
        }
    return 1;
}

/* The wait cost the team uses by default: the least cost of a terrain on
 * the map the unit may enter. */
static double default_wait(const wf_test_pricing *pr) {
    double w = INFINITY;
    for (int y = 0; y < wf_grid_height(pr->g); y++)
        for (int x = 0; x < wf_grid_width(pr->g); x++) {
            const int t = wf_grid_get(pr->g, x, y);
            double c = wf_grid_cost(pr->g, (uint8_t)t);
            if (c == WF_BLOCKED)
                continue;
            if (pr->filter)
                c *= pr->filter->mult[t];
            if (c < w)
                w = c;
        }
    return w == INFINITY ? 1 : w;
}

/* ---- tests ------------------------------------------------------------- */

static void test_equals_brute_force(void **state) {
    (void)state;
    wf_test_rng r = {20261125};
    wf_team *t;
    assert_int_equal(wf_team_create(NULL, &t), WF_OK);
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    int runs = 0, solved = 0, none = 0, detours = 0, big = 0, limited = 0;
    uint64_t nodes = 0;
    const int total = wf_test_count(400);
    for (int it = 0; it < total; it++) {
        /* 2 agents up to 5 x 5, 3 up to 4 x 4 (every fifth), size 2 on
         * some of the 2-agent ones */
        const int n = it % 5 == 4 ? 3 : 2;
        const int size = n == 2 && it % 7 == 3 ? 2 : 1;
        wf_grid *g = wf_test_random_map(&r, n == 3 ? 4 : 5, it % 3 == 0);
        wf_filter f;
        const wf_search_opts so = wf_test_random_opts(&r, 0, &f);
        wf_team_opts o = wf_team_opts_default();
        o.algo = WF_TEAM_CBS;
        o.move = so.move;
        o.move.size = size;
        o.filter = so.filter;
        o.wait_cost = it % 4 == 0 ? 0 : 0.5 * (1 + wf_test_rng_below(&r, 4));
        o.max_steps = 64;
        o.max_nodes = 3000;
        const wf_test_pricing pr = {g, o.move, o.filter, NULL, NULL, NULL};
        wf_agent ag[MAXA];
        if (!random_agents(&r, &pr, n, ag)) {
            wf_grid_destroy(g);
            continue;
        }
        const double wait = o.wait_cost > 0 ? o.wait_cost : default_wait(&pr);
        const double want = brute(&pr, ag, n, wait);
        double got = INFINITY;
        const wf_status s = plan_checked(t, g, ag, (size_t)n, &o, &p, &got);
        runs++;
        const char *bound = strstr(wf_team_message(t), "at least ");
        if (s != WF_OK && bound) {
            /* past the node limit: the bound it gives holds */
            assert_true(atof(bound + 9) <= want * (1 + 1e-9));
            if (want < INFINITY)
                limited++;
            else
                none++;
        } else if (want == INFINITY) {
            /* unreachable goals are refused up front; a deadlock runs
             * into the node limit */
            assert_int_equal(s, WF_E_UNSATISFIABLE);
            none++;
        } else {
            if (s != WF_OK)
                fail_msg("instance %d: %s, brute force %g", it,
                         wf_team_message(t), want);
            assert_true(wf_test_close(got, want));
            solved++;
            nodes += p.nodes;
            detours += p.nodes > 1;
            big += size > 1;
        }
        wf_grid_destroy(g);
    }
    printf("CBS = brute force: %d instances, %d solved (%d needed more "
           "than the root, %d of size 2), %d without a plan, %d past the "
           "node limit with a sound bound; %llu constraint-tree nodes\n",
           runs, solved, detours, big, none, limited,
           (unsigned long long)nodes);
    assert_true(solved > total / 2);
    assert_true(limited <= total / 25);
    assert_true(detours > 10);
    wf_team_plan_free(&p);
    wf_team_destroy(t);
}

/* Agents of size 2 on 6 x 6 maps with a few walls, against the brute
 * force. */
static void test_size_two(void **state) {
    (void)state;
    wf_test_rng r = {1511};
    wf_team *t;
    assert_int_equal(wf_team_create(NULL, &t), WF_OK);
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    static const wf_corners rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ONE_FREE,
                                        WF_CORNERS_ALWAYS};
    int solved = 0, split = 0, none = 0;
    const int total = wf_test_count(60);
    for (int it = 0; it < total; it++) {
        wf_grid *g;
        assert_int_equal(wf_grid_create(6, 6, NULL, &g), WF_OK);
        for (int k = 1; k <= 2; k++)
            assert_int_equal(wf_grid_set_cost(g, (uint8_t)k, k + 1), WF_OK);
        for (int y = 0; y < 6; y++)
            for (int x = 0; x < 6; x++)
                assert_int_equal(
                    wf_grid_set(g, x, y, (uint8_t)wf_test_rng_below(&r, 3)),
                    WF_OK);
        for (uint32_t w = wf_test_rng_below(&r, 4); w > 0; w--) {
            const wf_point c = wf_test_random_cell(&r, g);
            assert_int_equal(wf_grid_set(g, c.x, c.y, WF_TERRAIN_WALL), WF_OK);
        }
        wf_team_opts o = wf_team_opts_default();
        o.algo = WF_TEAM_CBS;
        /* one draw a statement: the order of a call's arguments is
         * unspecified (gcc and clang differ), and the instances must not
         * depend on the compiler */
        const wf_corners rule = rules[wf_test_rng_below(&r, 3)];
        const int connect = wf_test_rng_below(&r, 2) ? 8 : 4;
        o.move = wf_move_make(connect, rule);
        o.move.size = 2;
        o.max_steps = 64;
        o.max_nodes = 3000;
        const wf_test_pricing pr = {g, o.move, NULL, NULL, NULL, NULL};
        wf_agent ag[2];
        if (random_agents(&r, &pr, 2, ag)) {
            const double want = brute(&pr, ag, 2, default_wait(&pr));
            double got = INFINITY;
            const wf_status s = plan_checked(t, g, ag, 2, &o, &p, &got);
            if (want == INFINITY) {
                assert_int_equal(s, WF_E_UNSATISFIABLE);
                none++;
            } else {
                if (s != WF_OK)
                    fail_msg("size 2, instance %d: %s, brute force %g", it,
                             wf_team_message(t), want);
                assert_true(wf_test_close(got, want));
                solved++;
                split += p.nodes > 1;
            }
        }
        wf_grid_destroy(g);
    }
    printf("size 2: %d instances equal to the brute force (%d needed more "
           "than the root), %d without a plan\n",
           solved, split, none);
    assert_true(solved > total / 2);
    wf_team_plan_free(&p);
    wf_team_destroy(t);
}

static void test_hand_made(void **state) {
    (void)state;
    wf_team *t;
    assert_int_equal(wf_team_create(NULL, &t), WF_OK);
    wf_team_plan p;
    wf_team_plan_init(&p, NULL);
    wf_team_opts o = wf_team_opts_default();
    o.algo = WF_TEAM_CBS;
    double sum;
    /* two agents swapping ends of a corridor with a pocket above it: one
     * steps into the pocket and lets the other pass */
    const char *pocket[] = {"#.##", "...."};
    wf_grid *g = wf_test_grid(pocket, 2);
    const wf_agent swap[2] = {{{0, 1}, {3, 1}}, {{3, 1}, {0, 1}}};
    o.move = wf_move_make(4, WF_CORNERS_NO_CUT);
    assert_int_equal(plan_checked(t, g, swap, 2, &o, &p, &sum), WF_OK);
    const wf_test_pricing pr = {g, o.move, NULL, NULL, NULL, NULL};
    assert_true(wf_test_close(sum, brute(&pr, swap, 2, 1)));
    assert_true(sum > 6);
    printf("swap through a pocket: sum of costs %g (alone 6), %llu nodes\n",
           sum, (unsigned long long)p.nodes);
    /* without the pocket there is no plan: the node limit says so */
    const char *corridor[] = {"####", "...."};
    wf_grid *g2 = wf_test_grid(corridor, 2);
    o.max_nodes = 200;
    o.max_steps = 40;
    assert_int_equal(wf_team_plan_grid(t, g2, swap, 2, &o, &p),
                     WF_E_UNSATISFIABLE);
    assert_non_null(strstr(wf_team_message(t), "limit of 200"));
    printf("corridor swap: %s\n", wf_team_message(t));
    wf_grid_destroy(g2);
    wf_grid_destroy(g);
    /* four agents crossing a 3 x 3 room, each to the opposite side */
    const char *room[] = {"...", "...", "..."};
    g = wf_test_grid(room, 3);
    const wf_agent cross[4] = {{{1, 0}, {1, 2}}, {{1, 2}, {1, 0}},
                               {{0, 1}, {2, 1}}, {{2, 1}, {0, 1}}};
    o.max_nodes = 0;
    o.max_steps = 0;
    for (int c = 4; c <= 8; c += 4) {
        o.move = wf_move_make(c, WF_CORNERS_NO_CUT);
        assert_int_equal(plan_checked(t, g, cross, 4, &o, &p, &sum), WF_OK);
        assert_true(sum > 8);
        printf("4 agents across a 3x3 room, %d-connected: sum of costs %g "
               "(alone 8), makespan %u, %llu nodes, %llu expansions\n",
               c, sum, p.makespan, (unsigned long long)p.nodes,
               (unsigned long long)p.expanded);
    }
    /* the limit: one node is not enough */
    o.max_nodes = 1;
    assert_int_equal(wf_team_plan_grid(t, g, cross, 4, &o, &p),
                     WF_E_UNSATISFIABLE);
    assert_non_null(strstr(wf_team_message(t), "limit of 1 "));
    /* an agent already on its goal that another must pass: it steps aside
     * and comes back, so its path outlasts the other's constraint */
    const char *row[] = {".#.", "...", ".#."};
    wf_grid *g3 = wf_test_grid(row, 3);
    const wf_agent sit[2] = {{{1, 1}, {1, 1}}, {{0, 1}, {2, 1}}};
    o.max_nodes = 0;
    o.move = wf_move_make(4, WF_CORNERS_NO_CUT);
    assert_int_equal(plan_checked(t, g3, sit, 2, &o, &p, &sum), WF_OK);
    const wf_test_pricing pr3 = {g3, o.move, NULL, NULL, NULL, NULL};
    assert_true(wf_test_close(sum, brute(&pr3, sit, 2, 1)));
    assert_true(wf_team_plan_length(&p, 0) > 1);
    printf("an agent on its goal steps aside: sum of costs %g\n", sum);
    wf_grid_destroy(g3);
    wf_grid_destroy(g);
    wf_team_plan_free(&p);
    wf_team_destroy(t);
}

/* A harder team on an open 8 x 8 map, for determinism and allocation. */
static const char *open8[] = {"........", "...#....", "...#....", "........",
                              "....##..", "........", ".#......", "........"};
static const wf_agent team5[5] = {{{0, 0}, {7, 7}}, {{7, 7}, {0, 0}},
                                  {{0, 7}, {7, 0}}, {{7, 0}, {0, 7}},
                                  {{3, 3}, {4, 3}}};

static void test_deterministic(void **state) {
    (void)state;
    wf_grid *g = wf_test_grid(open8, 8);
    wf_team_opts o = wf_team_opts_default();
    o.algo = WF_TEAM_CBS;
    wf_team_plan p[3];
    wf_team *t1, *t2;
    assert_int_equal(wf_team_create(NULL, &t1), WF_OK);
    assert_int_equal(wf_team_create(NULL, &t2), WF_OK);
    for (int i = 0; i < 3; i++)
        wf_team_plan_init(&p[i], NULL);
    assert_int_equal(wf_team_plan_grid(t1, g, team5, 5, &o, &p[0]), WF_OK);
    /* a fresh workspace, and one reused after another request */
    assert_int_equal(wf_team_plan_grid(t2, g, team5, 5, &o, &p[1]), WF_OK);
    assert_int_equal(wf_team_plan_grid(t1, g, team5 + 1, 3, &o, &p[2]),
                     WF_OK);
    assert_int_equal(wf_team_plan_grid(t1, g, team5, 5, &o, &p[2]), WF_OK);
    for (int i = 1; i < 3; i++) {
        assert_int_equal(p[i].offset[5], p[0].offset[5]);
        assert_memory_equal(p[i].cells, p[0].cells,
                            p[0].offset[5] * sizeof *p[0].cells);
        assert_int_equal(p[i].nodes, p[0].nodes);
        assert_int_equal(p[i].expanded, p[0].expanded);
    }
    printf("5 agents on 8x8: sum of costs %g, %llu nodes, %llu expansions, "
           "the same three times\n",
           p[0].sum_of_costs, (unsigned long long)p[0].nodes,
           (unsigned long long)p[0].expanded);
    for (int i = 0; i < 3; i++)
        wf_team_plan_free(&p[i]);
    wf_team_destroy(t1);
    wf_team_destroy(t2);
    wf_grid_destroy(g);
}

static void test_allocation_failure(void **state) {
    (void)state;
    wf_grid *g = wf_test_grid(open8, 8);
    wf_team_opts o = wf_team_opts_default();
    o.algo = WF_TEAM_CBS;
    wf_team_plan want;
    wf_team_plan_init(&want, NULL);
    wf_team *t;
    assert_int_equal(wf_team_create(NULL, &t), WF_OK);
    assert_int_equal(wf_team_plan_grid(t, g, team5, 5, &o, &want), WF_OK);
    wf_team_destroy(t);
    size_t runs = 0;
    for (size_t n = 1;; n++) {
        wf_test_alloc ta;
        const wf_allocator a = wf_test_alloc_init(&ta, n);
        wf_team_plan p;
        wf_team_plan_init(&p, &a);
        wf_status s = wf_team_create(&a, &t);
        if (s == WF_OK) {
            s = wf_team_plan_grid(t, g, team5, 5, &o, &p);
        }
        runs++;
        if (ta.refused) {
            assert_int_equal(s, WF_E_NOMEM);
        } else {
            assert_int_equal(s, WF_OK);
            assert_memory_equal(p.cells, want.cells,
                                want.offset[5] * sizeof *p.cells);
        }
        wf_team_destroy(t);
        t = NULL;
        wf_team_plan_free(&p);
        assert_int_equal(ta.live, 0);
        if (!ta.refused)
            break;
    }
    printf("allocation failure: %zu runs, each refusal WF_E_NOMEM with "
           "nothing leaked\n",
           runs);
    wf_team_plan_free(&want);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_equals_brute_force),
        cmocka_unit_test(test_size_two),
        cmocka_unit_test(test_hand_made),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_allocation_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
