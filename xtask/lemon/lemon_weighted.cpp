// LEMON's weighted matching on a graph in Library Checker's `general_weighted_matching` format
// (`N M`, then M lines `u v w`, 0-based, integer weights): prints what `edmonds-blossom
// weighted-matching` prints, `size total` and then one `u v` line per matched edge, so that both
// whole-process times include the same output work. `max` runs MaxWeightedMatching;
// `min-cost-perfect` runs MaxWeightedPerfectMatching on the negated weights. Of repeated edges the
// best copy is kept, as edmonds-blossom does. The reference of the weighted side-by-side timings in
// docs/BENCHMARKS.md, built by compare_weighted.sh (next to this file) only where LEMON is
// installed (Debian: liblemon-dev).
//
// usage: lemon_weighted max|min-cost-perfect FILE      (stderr: the matching's time)
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <tuple>
#include <vector>

int main(int argc, char **argv) {
    if (argc != 3 || (std::strcmp(argv[1], "max") != 0 && std::strcmp(argv[1], "min-cost-perfect") != 0)) {
        std::fprintf(stderr, "usage: lemon_weighted max|min-cost-perfect FILE\n");
        return 2;
    }
    bool perfect = std::strcmp(argv[1], "min-cost-perfect") == 0;
    std::FILE *file = std::fopen(argv[2], "rb");
    if (!file) {
        std::perror(argv[2]);
        return 2;
    }
    long long n, m;
    if (std::fscanf(file, "%lld %lld", &n, &m) != 2) {
        std::fprintf(stderr, "bad header\n");
        return 2;
    }
    std::vector<std::tuple<long long, long long, long long>> edges;
    edges.reserve(m);
    for (long long i = 0; i < m; ++i) {
        long long u, v, w;
        if (std::fscanf(file, "%lld %lld %lld", &u, &v, &w) != 3) {
            std::fprintf(stderr, "bad edge %lld\n", i);
            return 2;
        }
        if (u == v) continue;
        if (perfect) w = -w;
        edges.emplace_back(std::min(u, v), std::max(u, v), w);
    }
    std::fclose(file);
    // The best copy of each pair: sort by pair, heaviest first, keep the first.
    std::sort(edges.begin(), edges.end(), [](const auto &a, const auto &b) {
        if (std::get<0>(a) != std::get<0>(b)) return std::get<0>(a) < std::get<0>(b);
        if (std::get<1>(a) != std::get<1>(b)) return std::get<1>(a) < std::get<1>(b);
        return std::get<2>(a) > std::get<2>(b);
    });
    lemon::SmartGraph graph;
    std::vector<lemon::SmartGraph::Node> nodes(n);
    for (auto &node : nodes) node = graph.addNode();
    lemon::SmartGraph::EdgeMap<long long> weight(graph);
    for (size_t i = 0; i < edges.size(); ++i) {
        auto [u, v, w] = edges[i];
        if (i > 0 && std::get<0>(edges[i - 1]) == u && std::get<1>(edges[i - 1]) == v) continue;
        weight[graph.addEdge(nodes[u], nodes[v])] = w;
    }
    auto start = std::chrono::steady_clock::now();
    std::vector<long long> mate(n, -1);
    long long total = 0;
    if (perfect) {
        lemon::MaxWeightedPerfectMatching<lemon::SmartGraph, lemon::SmartGraph::EdgeMap<long long>> solver(graph, weight);
        if (!solver.run()) {
            std::fprintf(stderr, "no perfect matching\n");
            return 2;
        }
        for (long long v = 0; v < n; ++v) mate[v] = graph.id(solver.mate(nodes[v]));
        total = -solver.matchingWeight();
    } else {
        lemon::MaxWeightedMatching<lemon::SmartGraph, lemon::SmartGraph::EdgeMap<long long>> solver(graph, weight);
        solver.run();
        for (long long v = 0; v < n; ++v) {
            auto other = solver.mate(nodes[v]);
            mate[v] = other == lemon::INVALID ? -1 : graph.id(other);
        }
        total = solver.matchingWeight();
    }
    auto took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    long long size = 0;
    for (long long v = 0; v < n; ++v) size += mate[v] > v;
    std::printf("%lld %lld\n", size, total);
    for (long long v = 0; v < n; ++v)
        if (mate[v] > v) std::printf("%lld %lld\n", v, mate[v]);
    std::fprintf(stderr, "matching %.3f s\n", took);
    return 0;
}
