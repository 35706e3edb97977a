// LEMON's maximum matching on a graph in the Library Checker format (`N M`, then M lines `u v`,
// 0-based): prints what `edmonds-blossom matching` prints, the size of a maximum matching and then
// one `u v` line per matched edge (so both whole-process times include the same output work). The reference of the side-by-side timings in docs/BENCHMARKS.md;
// built by compare.sh (next to this file) only where LEMON is installed (Debian: liblemon-dev).
//
// usage: lemon_matching FILE      (stderr: parse and matching times)
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

// The whole file in memory, and a cursor reading unsigned decimals.
struct Reader {
    std::vector<char> bytes;
    size_t at = 0;

    bool number(unsigned long long &out) {
        while (at < bytes.size() && (bytes[at] < '0' || bytes[at] > '9')) {
            if (bytes[at] != ' ' && bytes[at] != '\n' && bytes[at] != '\r' && bytes[at] != '\t') return false;
            ++at;
        }
        if (at == bytes.size()) return false;
        unsigned long long x = 0;
        while (at < bytes.size() && bytes[at] >= '0' && bytes[at] <= '9') x = x * 10 + (bytes[at++] - '0');
        out = x;
        return true;
    }
};

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: lemon_matching FILE\n");
        return 2;
    }
    auto start = std::chrono::steady_clock::now();
    Reader in;
    std::FILE *file = std::fopen(argv[1], "rb");
    if (!file) {
        std::perror(argv[1]);
        return 2;
    }
    std::fseek(file, 0, SEEK_END);
    in.bytes.resize(std::ftell(file));
    std::fseek(file, 0, SEEK_SET);
    if (std::fread(in.bytes.data(), 1, in.bytes.size(), file) != in.bytes.size()) {
        std::perror(argv[1]);
        return 2;
    }
    std::fclose(file);
    unsigned long long n, m;
    if (!in.number(n) || !in.number(m)) {
        std::fprintf(stderr, "bad header\n");
        return 2;
    }
    lemon::SmartGraph graph;
    graph.reserveNode(n);
    graph.reserveEdge(m);
    std::vector<lemon::SmartGraph::Node> nodes(n);
    for (auto &node : nodes) node = graph.addNode();
    for (unsigned long long i = 0; i < m; ++i) {
        unsigned long long u, v;
        if (!in.number(u) || !in.number(v) || u >= n || v >= n) {
            std::fprintf(stderr, "bad edge %llu\n", i + 1);
            return 2;
        }
        graph.addEdge(nodes[u], nodes[v]);
    }
    in.bytes = std::vector<char>();
    auto parsed = std::chrono::steady_clock::now();
    lemon::MaxMatching<lemon::SmartGraph> matching(graph);
    matching.run();
    auto matched = std::chrono::steady_clock::now();
    std::printf("%d\n", matching.matchingSize());
    for (unsigned long long u = 0; u < n; ++u) {
        lemon::SmartGraph::Node mate = matching.mate(nodes[u]);
        if (mate != lemon::INVALID && static_cast<unsigned long long>(graph.id(mate)) > u) {
            std::printf("%llu %d\n", u, graph.id(mate));
        }
    }
    auto seconds = [](auto a, auto b) { return std::chrono::duration<double>(b - a).count(); };
    std::fprintf(stderr, "lemon: parse+build %.3f s, matching %.3f s\n", seconds(start, parsed),
                 seconds(parsed, matched));
    return 0;
}
