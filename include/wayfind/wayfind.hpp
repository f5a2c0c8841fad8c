/*
 * wayfind for C++ (C++17): RAII handles over the C API, errors as
 * exceptions, paths as std::vector. Header-only; link libwayfind as usual.
 *
 *     wayfind::grid g = wayfind::grid::load("arena.map");
 *     wayfind::search s;
 *     wayfind::path p = s.find(g, {1, 3}, {40, 40});
 *     if (p.found()) std::printf("%.3f over %zu cells\n", p.cost, p.points.size());
 *
 * Every handle is move-only and frees what it owns. A failing call throws
 * wayfind::error, which carries the wf_status and the library's message;
 * outcomes that are not errors (no path, a partial path) are returned in
 * path::status instead. The C handle of each object is native(), for the
 * parts of the C API this header does not wrap.
 */
#ifndef WAYFIND_HPP
#define WAYFIND_HPP

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "wayfind.h"

namespace wayfind {

/** A failed call: what() is the library's message, status() its code. */
class error : public std::runtime_error {
public:
    error(wf_status s, const std::string &msg)
        : std::runtime_error(msg.empty() ? wf_strerror(s) : msg), status_(s) {}
    wf_status status() const noexcept { return status_; }

private:
    wf_status status_;
};

/** Throws wayfind::error for an error status (< 0); returns s otherwise. */
inline wf_status check(wf_status s, const std::string &context = {}) {
    if (s < 0)
        throw error(s, context.empty() ? std::string(wf_strerror(s))
                                       : context + ": " + wf_strerror(s));
    return s;
}

/** A path on a grid: the cells from start to goal, their cost, and what
 *  the search did. */
struct path {
    wf_status status = WF_NO_PATH;
    std::vector<wf_point> points;
    double cost = 0;
    wf_stats stats{};
    /** True for WF_OK and WF_PARTIAL (a path to the nearest cell). */
    bool found() const noexcept { return status == WF_OK || status == WF_PARTIAL; }
};

/** A map of terrain codes with a cost table (wf_grid). */
class grid {
public:
    grid(int width, int height) { check(wf_grid_create(width, height, nullptr, &g_), "wf_grid_create"); }
    /** Takes ownership of a grid made by the C API. */
    explicit grid(wf_grid *g) noexcept : g_(g) {}
    ~grid() { wf_grid_destroy(g_); }
    grid(grid &&o) noexcept : g_(std::exchange(o.g_, nullptr)) {}
    grid &operator=(grid &&o) noexcept {
        std::swap(g_, o.g_);
        return *this;
    }
    grid(const grid &) = delete;
    grid &operator=(const grid &) = delete;

    /** Any map file wf_map_load reads (Moving AI, ASCII, CSV with legend). */
    static grid load(const std::string &file, const char *legend = nullptr) {
        wf_grid *g = nullptr;
        wf_diag d{};
        wf_status s = wf_map_load(file.c_str(), legend, nullptr, &g, nullptr, &d);
        if (s != WF_OK) {
            char buf[600];
            throw error(s, wf_diag_format(&d, buf, sizeof buf));
        }
        return grid(g);
    }
    /** A deep copy. */
    grid clone() const {
        wf_grid *c = nullptr;
        check(wf_grid_clone(g_, &c), "wf_grid_clone");
        return grid(c);
    }

    int width() const noexcept { return wf_grid_width(g_); }
    int height() const noexcept { return wf_grid_height(g_); }
    bool contains(wf_point p) const noexcept { return wf_grid_contains(g_, p.x, p.y); }
    bool passable(wf_point p) const noexcept { return wf_grid_passable(g_, p.x, p.y); }
    int get(wf_point p) const noexcept { return wf_grid_get(g_, p.x, p.y); }
    void set(wf_point p, uint8_t terrain) { check(wf_grid_set(g_, p.x, p.y, terrain), "wf_grid_set"); }
    void fill(uint8_t terrain) { check(wf_grid_fill(g_, terrain), "wf_grid_fill"); }
    /** Cost of entering @p terrain (WF_BLOCKED to block it). */
    void set_cost(uint8_t terrain, double cost) {
        check(wf_grid_set_cost(g_, terrain, cost), "wf_grid_set_cost");
    }
    double cost(uint8_t terrain) const noexcept { return wf_grid_cost(g_, terrain); }

    wf_grid *native() noexcept { return g_; }
    const wf_grid *native() const noexcept { return g_; }

private:
    wf_grid *g_ = nullptr;
};

/** A search workspace (wf_search): one per thread, reused by its queries. */
class search {
public:
    search() { check(wf_search_create(nullptr, &ws_), "wf_search_create"); }
    ~search() { wf_search_destroy(ws_); }
    search(search &&o) noexcept : ws_(std::exchange(o.ws_, nullptr)) {}
    search &operator=(search &&o) noexcept {
        std::swap(ws_, o.ws_);
        return *this;
    }
    search(const search &) = delete;
    search &operator=(const search &) = delete;

    /** wf_search_grid: the path, or status WF_NO_PATH (not an exception)
     *  when the goal cannot be reached; errors throw with the reason. */
    path find(const grid &g, wf_point start, wf_point goal,
              const wf_search_opts &opts = wf_search_opts_default()) {
        wf_path p;
        wf_path_init(&p, nullptr);
        wf_status s = wf_search_grid(ws_, g.native(), start, goal, &opts, &p);
        path r;
        r.status = s;
        if (s >= 0) {
            r.points.assign(p.points, p.points + p.count);
            r.cost = p.cost;
            r.stats = p.stats;
        }
        wf_path_free(&p);
        if (s < 0)
            throw error(s, wf_search_message(ws_));
        return r;
    }

    /** The message of the last call (why it failed, or ""). */
    std::string message() const { return wf_search_message(ws_); }
    wf_search *native() noexcept { return ws_; }

private:
    wf_search *ws_ = nullptr;
};

/** The persistent thread pool (wf_pool). */
class pool {
public:
    explicit pool(int threads) { check(wf_pool_create(threads, nullptr, &p_), "wf_pool_create"); }
    ~pool() { wf_pool_destroy(p_); }
    pool(pool &&o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
    pool &operator=(pool &&o) noexcept {
        std::swap(p_, o.p_);
        return *this;
    }
    pool(const pool &) = delete;
    pool &operator=(const pool &) = delete;

    int threads() const noexcept { return wf_pool_threads(p_); }

    /** Every query starts[i] → goals[i], answered on the pool's threads;
     *  the i-th path answers query i. A query's own error throws after all
     *  have run. */
    std::vector<path> find(const grid &g, const std::vector<wf_point> &starts,
                           const std::vector<wf_point> &goals,
                           const wf_search_opts &opts = wf_search_opts_default()) {
        if (starts.size() != goals.size())
            throw error(WF_E_INVALID_ARG, "as many goals as starts");
        std::vector<path> out(starts.size());
        check(wf_pool_search_grid(p_, g.native(), starts.data(), goals.data(), starts.size(),
                                  &opts, keep, &out),
              "wf_pool_search_grid");
        for (const path &p : out)
            check(p.status, "a query of the batch");
        return out;
    }

    wf_pool *native() noexcept { return p_; }

private:
    static void keep(void *ud, size_t i, wf_status s, const wf_path *p, uint64_t) {
        path &r = (*static_cast<std::vector<path> *>(ud))[i];
        r.status = s;
        if (s >= 0 && p) {
            r.points.assign(p->points, p->points + p->count);
            r.cost = p->cost;
            r.stats = p->stats;
        }
    }
    wf_pool *p_ = nullptr;
};

/** A waypoint graph (wf_graph), read-only once built. */
class graph {
public:
    explicit graph(wf_graph *g) noexcept : g_(g) {}
    ~graph() { wf_graph_destroy(g_); }
    graph(graph &&o) noexcept : g_(std::exchange(o.g_, nullptr)) {}
    graph &operator=(graph &&o) noexcept {
        std::swap(g_, o.g_);
        return *this;
    }
    graph(const graph &) = delete;
    graph &operator=(const graph &) = delete;

    /** The graph of a grid's moves (wf_graph_from_grid). */
    static graph from_grid(const grid &g, wf_move move = wf_move_default(),
                           double tile_size = 1.0) {
        wf_graph *out = nullptr;
        check(wf_graph_from_grid(g.native(), move, nullptr, tile_size, nullptr, &out),
              "wf_graph_from_grid");
        return graph(out);
    }

    size_t nodes() const noexcept { return wf_graph_node_count(g_); }
    /** The cheapest path between two nodes: node ids and cost. */
    std::pair<std::vector<uint32_t>, double> find(search &ws, uint32_t from, uint32_t to) const {
        wf_node_path p;
        wf_node_path_init(&p, nullptr);
        wf_search_opts o = wf_search_opts_default();
        wf_status s = wf_search_graph(ws.native(), g_, from, to, &o, &p);
        std::pair<std::vector<uint32_t>, double> r;
        if (s >= 0) {
            r.first.assign(p.nodes, p.nodes + p.count);
            r.second = p.cost;
        }
        wf_node_path_free(&p);
        if (s < 0)
            throw error(s, ws.message());
        return r;
    }
    wf_graph *native() noexcept { return g_; }
    const wf_graph *native() const noexcept { return g_; }

private:
    wf_graph *g_ = nullptr;
};

/** A Dijkstra map (wf_field_dijkstra_grid) of @p sources: one float a
 *  cell, row-major, INFINITY where none is reachable. */
inline std::vector<float> dijkstra_map(search &ws, const grid &g,
                                       const std::vector<wf_field_source> &sources,
                                       wf_move move = wf_move_default()) {
    std::vector<float> out(static_cast<size_t>(g.width()) * static_cast<size_t>(g.height()));
    check(wf_field_dijkstra_grid(ws.native(), g.native(), sources.data(), sources.size(),
                                 move, nullptr, out.data()),
          "wf_field_dijkstra_grid");
    return out;
}

} // namespace wayfind

#endif
