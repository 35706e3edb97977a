// LEMON's matchings on a graph in a Library Checker format, printing what edmonds-blossom prints, so
// that both whole-process times include the same parsing and output work. The anchor of the `lemon`
// lines of testdata/edmonds-blossom/cases.manifest: `cargo xtask bench` builds it into
// target/lemon/ where LEMON is installed (Debian: liblemon-dev) and runs it beside the bench case.
//
// usage: lemon_matching MODE FILE      (stderr: parse and matching times)
//
//   cardinality        `general_matching` input (`N M`, then M lines `u v`, 0-based): MaxMatching;
//                      prints the size, then one `u v` line per matched edge (`matching`).
//   max-weight         `general_weighted_matching` input (`N M`, then M lines `u v w`, integer
//                      weights): MaxWeightedMatching; prints `size total`, then the matched edges
//                      (`weighted-matching`).
//   min-cost-perfect   the same input: MaxWeightedPerfectMatching on the negated weights; prints
//                      `size total` of a minimum-cost perfect matching, then its edges
//                      (`weighted-matching --objective min-cost-perfect`).
//
// Of repeated weighted edges the best copy is kept and self-loops are dropped, as edmonds-blossom
// does.
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

namespace {

using Graph = lemon::SmartGraph;
using Clock = std::chrono::steady_clock;

// The whole file in memory, and a cursor reading decimals (a weight may have a minus sign).
struct Reader {
    std::vector<char> bytes;
    size_t at = 0;

    bool number(long long &out) {
        while (at < bytes.size() && bytes[at] != '-' && (bytes[at] < '0' || bytes[at] > '9')) {
            if (bytes[at] != ' ' && bytes[at] != '\n' && bytes[at] != '\r' && bytes[at] != '\t') return false;
            ++at;
        }
        if (at == bytes.size()) return false;
        bool negative = bytes[at] == '-';
        if (negative) ++at;
        long long x = 0;
        size_t first = at;
        while (at < bytes.size() && bytes[at] >= '0' && bytes[at] <= '9') x = x * 10 + (bytes[at++] - '0');
        if (at == first) return false;
        out = negative ? -x : x;
        return true;
    }
};

bool read_file(const char *path, Reader &in) {
    std::FILE *file = std::fopen(path, "rb");
    if (!file) return false;
    std::fseek(file, 0, SEEK_END);
    in.bytes.resize(std::ftell(file));
    std::fseek(file, 0, SEEK_SET);
    bool ok = std::fread(in.bytes.data(), 1, in.bytes.size(), file) == in.bytes.size();
    std::fclose(file);
    return ok;
}

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

// The matched pairs `u v`, u < v, in increasing u, from each vertex's mate (-1: unmatched).
void print_pairs(const std::vector<long long> &mate) {
    for (size_t v = 0; v < mate.size(); ++v)
        if (mate[v] > static_cast<long long>(v)) std::printf("%zu %lld\n", v, mate[v]);
}

int cardinality(Reader &in, long long n, long long m, Clock::time_point start) {
    Graph graph;
    graph.reserveNode(n);
    graph.reserveEdge(m);
    std::vector<Graph::Node> nodes(n);
    for (auto &node : nodes) node = graph.addNode();
    for (long long i = 0; i < m; ++i) {
        long long u, v;
        if (!in.number(u) || !in.number(v) || u < 0 || v < 0 || u >= n || v >= n) {
            std::fprintf(stderr, "bad edge %lld\n", i + 1);
            return 2;
        }
        graph.addEdge(nodes[u], nodes[v]);
    }
    in.bytes = std::vector<char>();
    auto parsed = Clock::now();
    lemon::MaxMatching<Graph> matching(graph);
    matching.run();
    auto matched = Clock::now();
    std::vector<long long> mate(n, -1);
    for (long long v = 0; v < n; ++v) {
        Graph::Node other = matching.mate(nodes[v]);
        if (other != lemon::INVALID) mate[v] = graph.id(other);
    }
    std::printf("%d\n", matching.matchingSize());
    print_pairs(mate);
    std::fprintf(stderr, "lemon: parse+build %.3f s, matching %.3f s\n", seconds(start, parsed),
                 seconds(parsed, matched));
    return 0;
}

int weighted(Reader &in, long long n, long long m, bool perfect, Clock::time_point start) {
    std::vector<std::tuple<long long, long long, long long>> edges;
    edges.reserve(m);
    for (long long i = 0; i < m; ++i) {
        long long u, v, w;
        if (!in.number(u) || !in.number(v) || !in.number(w) || u < 0 || v < 0 || u >= n || v >= n) {
            std::fprintf(stderr, "bad edge %lld\n", i + 1);
            return 2;
        }
        if (u == v) continue;
        edges.emplace_back(std::min(u, v), std::max(u, v), perfect ? -w : w);
    }
    in.bytes = std::vector<char>();
    // The best copy of each pair: sorted by pair, heaviest first, the first kept.
    std::sort(edges.begin(), edges.end(), [](const auto &a, const auto &b) {
        if (std::get<0>(a) != std::get<0>(b)) return std::get<0>(a) < std::get<0>(b);
        if (std::get<1>(a) != std::get<1>(b)) return std::get<1>(a) < std::get<1>(b);
        return std::get<2>(a) > std::get<2>(b);
    });
    Graph graph;
    graph.reserveNode(n);
    graph.reserveEdge(edges.size());
    std::vector<Graph::Node> nodes(n);
    for (auto &node : nodes) node = graph.addNode();
    Graph::EdgeMap<long long> weight(graph);
    for (size_t i = 0; i < edges.size(); ++i) {
        auto [u, v, w] = edges[i];
        if (i > 0 && std::get<0>(edges[i - 1]) == u && std::get<1>(edges[i - 1]) == v) continue;
        weight[graph.addEdge(nodes[u], nodes[v])] = w;
    }
    auto parsed = Clock::now();
    std::vector<long long> mate(n, -1);
    long long total = 0;
    if (perfect) {
        lemon::MaxWeightedPerfectMatching<Graph, Graph::EdgeMap<long long>> solver(graph, weight);
        if (!solver.run()) {
            std::fprintf(stderr, "no perfect matching\n");
            return 2;
        }
        for (long long v = 0; v < n; ++v) mate[v] = graph.id(solver.mate(nodes[v]));
        total = -solver.matchingWeight();
    } else {
        lemon::MaxWeightedMatching<Graph, Graph::EdgeMap<long long>> solver(graph, weight);
        solver.run();
        for (long long v = 0; v < n; ++v) {
            auto other = solver.mate(nodes[v]);
            if (other != lemon::INVALID) mate[v] = graph.id(other);
        }
        total = solver.matchingWeight();
    }
    auto matched = Clock::now();
    long long size = 0;
    for (long long v = 0; v < n; ++v) size += mate[v] > v;
    std::printf("%lld %lld\n", size, total);
    print_pairs(mate);
    std::fprintf(stderr, "lemon: parse+build %.3f s, matching %.3f s\n", seconds(start, parsed),
                 seconds(parsed, matched));
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    std::string mode = argc == 3 ? argv[1] : "";
    if (mode != "cardinality" && mode != "max-weight" && mode != "min-cost-perfect") {
        std::fprintf(stderr, "usage: lemon_matching cardinality|max-weight|min-cost-perfect FILE\n");
        return 2;
    }
    auto start = Clock::now();
    Reader in;
    if (!read_file(argv[2], in)) {
        std::perror(argv[2]);
        return 2;
    }
    long long n, m;
    if (!in.number(n) || !in.number(m) || n < 0 || m < 0) {
        std::fprintf(stderr, "bad header\n");
        return 2;
    }
    if (mode == "cardinality") return cardinality(in, n, m, start);
    return weighted(in, n, m, mode == "min-cost-perfect", start);
}
