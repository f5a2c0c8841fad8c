// The C++ header: compiled with -std=c++17 -Wall -Wextra -Werror, and run:
// its handles give the C API's answers, errors throw with the library's
// message, moved-from handles are safe to destroy.
#include <wayfind/wayfind.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

static int failures = 0;
#define EXPECT(c)                                                              \
    do {                                                                       \
        if (!(c)) {                                                            \
            std::fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #c); \
            failures++;                                                        \
        }                                                                      \
    } while (0)

int main() {
    const std::string map = std::string(WF_SHARED_DIR) + "/movingai/dao/arena.map";
    wayfind::grid g = wayfind::grid::load(map);
    EXPECT(g.width() == 49 && g.height() == 49);

    wayfind::search ws;
    wayfind::path p = ws.find(g, {1, 3}, {40, 40});
    EXPECT(p.found() && p.status == WF_OK);
    EXPECT(p.points.front().x == 1 && p.points.back().y == 40);

    // the same query through the C API
    wf_search *raw = nullptr;
    wf_search_create(nullptr, &raw);
    wf_path cp;
    wf_path_init(&cp, nullptr);
    EXPECT(wf_search_grid(raw, g.native(), {1, 3}, {40, 40}, nullptr, &cp) == WF_OK);
    EXPECT(cp.cost == p.cost && cp.count == p.points.size());
    wf_path_free(&cp);
    wf_search_destroy(raw);

    wf_search_opts jps = wf_search_opts_default();
    jps.algo = WF_ALGO_JPS;
    EXPECT(std::fabs(ws.find(g, {1, 3}, {40, 40}, jps).cost - p.cost) < 1e-9);

    // errors throw with the library's message; no path is not an error
    try {
        ws.find(g, {1, 3}, {400, 40});
        EXPECT(false);
    } catch (const wayfind::error &e) {
        EXPECT(e.status() == WF_E_RANGE);
        EXPECT(std::string(e.what()).find("400") != std::string::npos);
    }
    wayfind::grid walled = g.clone();
    for (int x = 0; x < walled.width(); x++)
        walled.set({x, 20}, WF_TERRAIN_WALL);
    EXPECT(ws.find(walled, {1, 3}, {40, 40}).status == WF_NO_PATH);
    try {
        wayfind::grid::load("/nonexistent/x.map");
        EXPECT(false);
    } catch (const wayfind::error &e) {
        EXPECT(e.status() == WF_E_IO);
    }

    // the pool answers as one search does
    wayfind::pool pl(2);
    std::vector<wf_point> starts{{1, 3}, {40, 40}, {10, 10}}, goals{{40, 40}, {1, 3}, {30, 5}};
    std::vector<wayfind::path> many = pl.find(g, starts, goals);
    EXPECT(many.size() == 3 && many[0].cost == p.cost);
    for (size_t i = 0; i < many.size(); i++)
        EXPECT(many[i].cost == ws.find(g, starts[i], goals[i]).cost);

    // graphs and fields
    wayfind::graph gr = wayfind::graph::from_grid(g);
    uint32_t a = 0, b = 0;
    wf_graph_cell_node(gr.native(), 1, 3, &a);
    wf_graph_cell_node(gr.native(), 40, 40, &b);
    EXPECT(std::fabs(gr.find(ws, a, b).second - p.cost) < 1e-9);
    std::vector<float> d = wayfind::dijkstra_map(ws, g, {{{40, 40}, 0.0}});
    EXPECT(std::fabs(d[3 * 49 + 1] - p.cost) < 1e-3);

    // moving leaves an empty handle that destroys cleanly
    wayfind::grid moved = std::move(walled);
    EXPECT(moved.width() == 49);
    wayfind::search ws2 = std::move(ws);
    EXPECT(ws2.find(g, {1, 3}, {40, 40}).cost == p.cost);

    if (failures)
        std::fprintf(stderr, "%d failures\n", failures);
    return failures ? 1 : 0;
}
