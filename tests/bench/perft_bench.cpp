// Perft speed, single thread, no hashing: nodes per second for the start position at depth 6
// and Kiwipete at depth 5. Compare with Stockfish via tests/bench/perft_vs_stockfish.sh.
#include "engine/perft.h"

#include <benchmark/benchmark.h>

namespace {

void perftBenchmark(benchmark::State& state, const char* fen, int depth) {
    mf::Position pos = *mf::Position::fromFen(fen);
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = mf::perft(pos, depth);
        benchmark::DoNotOptimize(nodes);
    }
    // Nodes of one iteration, times the iterations, over the total CPU time of the benchmark.
    state.counters["nodes_per_second"] =
        benchmark::Counter(double(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK_CAPTURE(perftBenchmark, startpos_depth6, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
BENCHMARK_CAPTURE(perftBenchmark, kiwipete_depth5,
                  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

} // namespace

BENCHMARK_MAIN();
