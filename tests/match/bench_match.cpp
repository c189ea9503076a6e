// Game-runner benchmark: games per minute and harness efficiency (engine think time /
// (wall x workers)) for the bundled engine against itself, at a nodes limit and at a clock, with
// the EPD solve path (LocalEnginePool over the same positions at the same nodes) measured in the
// same run as the baseline for the overhead per move.
//
//   match_bench [PAIRS_NODES] [PAIRS_CLOCK] [WORKERS] [NODES] [TC]
// defaults: 10 pairs at 5000 nodes, 2 pairs at 10+0.1, 2 workers. Not a test: run by hand or with
// `ctest -L bench`; a loaded machine lowers every figure (report the load with them).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "evolution/match/match_runner.h"
#include "evolution/match/openings.h"
#include "evolution/uci/local_engine_pool.h"

using namespace mf;

namespace {

struct Figures {
    double wall = 0, think = 0;
    double thinkWholeMs = -1;  // seconds: the moves' think times cut to whole ms, as summed before
    std::int64_t moves = 0, games = 0;
    int timeLosses = 0;
};

void print(const char* label, const Figures& f, std::size_t workers) {
    const double efficiency = f.think / (f.wall * double(workers));
    const double overheadMs = (f.wall * double(workers) - f.think) * 1000.0 / double(std::max<std::int64_t>(1, f.moves));
    std::printf("%-28s %6.1f s wall, %6lld moves, %5.1f games/min, efficiency %.3f, overhead %.2f ms/move, time losses %d\n",
                label, f.wall, static_cast<long long>(f.moves), double(f.games) * 60.0 / f.wall, efficiency, overheadMs,
                f.timeLosses);
    if (f.thinkWholeMs >= 0)
        std::printf("%-28s efficiency %.3f when each move's think time is cut to whole ms (how the sum was made before)\n", "",
                    f.thinkWholeMs / (f.wall * double(workers)));
}

Figures playMatch(const match::MatchConfig& config) {
    Figures f;
    f.thinkWholeMs = 0;
    auto summary = match::runMatch(config, [&](const match::PairResult& pair, const match::MatchSummary&) {
        for (const auto& game : pair.games) {
            for (const auto& move : game.moves) {
                f.moves += move.book ? 0 : 1;
                f.thinkWholeMs += double(move.timeMs) / 1000.0;
            }
            f.timeLosses += game.ending == match::Ending::TimeForfeit ? 1 : 0;
        }
    });
    f.wall = summary.wallSeconds;
    f.think = std::chrono::duration<double>(summary.thinkTime).count();
    f.games = summary.games.games();
    if (!summary.stopReason.empty()) std::cerr << "stopped: " << summary.stopReason << "\n";
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    const std::int64_t pairsNodes = argc > 1 ? std::atoll(argv[1]) : 10;
    const std::int64_t pairsClock = argc > 2 ? std::atoll(argv[2]) : 2;
    const std::size_t workers = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 2;
    const std::int64_t nodes = argc > 4 ? std::atoll(argv[4]) : 5000;
    const std::filesystem::path engine = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
    const std::filesystem::path openingsPath =
        std::filesystem::path(MATEFIND_SOURCE_DIR) / "resources" / "openings" / "matefind-openings.epd";
    if (!std::filesystem::exists(engine) || !std::filesystem::exists(openingsPath)) {
        std::cout << "skipped: needs " << engine << " and " << openingsPath << "\n";
        return 0;
    }
    auto openings = match::readOpenings(openingsPath.string()).openings;

    match::MatchConfig config;
    config.a = {"A", {}};
    config.b = {"B", {}};
    config.engineA.command.program = engine;
    config.engineA.newGame = uci::NewGamePolicy::Never;
    config.engineB = config.engineA;
    config.openings = openings;
    config.workers = workers;
    config.game.adjudication.maxPlies = 400;

    std::printf("bundled engine vs itself, %zu workers, %zu openings\n", workers, openings.size());
    config.pairs = pairsNodes;
    config.game.limits = match::GameLimits::nodes(nodes);
    const Figures byNodes = playMatch(config);
    print(("match, nodes " + std::to_string(nodes)).c_str(), byNodes, workers);

    // The EPD solve path on the positions the games reached would need them stored; the openings
    // themselves at the same nodes are the nearest like-for-like: one search per request.
    {
        uci::EngineConfig pool;
        pool.command.program = engine;
        auto service = uci::LocalEnginePool::create(pool, workers);
        if (!service) {
            std::cerr << service.error().message << "\n";
            return 1;
        }
        std::vector<uci::SearchRequest> requests;
        for (std::size_t i = 0; i < openings.size(); ++i) {
            uci::SearchRequest r;
            r.id = i;
            r.fen = openings[i].fen;
            r.limit = uci::SearchLimit::nodes(nodes);
            requests.push_back(r);
        }
        const auto start = std::chrono::steady_clock::now();
        auto batch = (*service)->submit(requests);
        batch->wait();
        Figures f;
        f.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        for (const auto& r : batch->results()) f.think += std::chrono::duration<double>(r.thinkTime).count();
        f.moves = std::int64_t(requests.size());
        print(("EPD solve path, nodes " + std::to_string(nodes)).c_str(), f, workers);
    }

    if (pairsClock > 0) {
        config.pairs = pairsClock;
        config.game.limits = match::GameLimits::clock(10'000, 100);
        print("match, tc 10+0.1", playMatch(config), workers);
    }
    return 0;
}
