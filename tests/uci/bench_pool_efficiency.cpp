// Harness efficiency: (sum of the engines' think time) / (wall time x workers) for a suite at a
// fixed movetime. The harness must cost nearly nothing next to the engines: exit 1 below 0.95
// or when a search failed; exit 77 (ctest: skipped) when the engine or the suite is absent.
//
//   uci_pool_bench [ENGINE] [SUITE] [POSITIONS] [MOVETIME_MS] [WORKERS] [NEWGAME]
// defaults: /usr/games/stockfish, ../shared/epd/wac.epd, 40, 50, 2, default. NEWGAME: default
// (the pool's policy: "ucinewgame" before depth/nodes searches only, so none at a movetime),
// every (before every search: strict order-independence, costs the engine its hash clearing),
// never.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "evolution/uci/local_engine_pool.h"
#include "evolution/uci/suite_runner.h"

using namespace mf::uci;

constexpr int kSkipped = 77;  // SKIP_RETURN_CODE in CMakeLists.txt
constexpr double kTargetEfficiency = 0.95;

int main(int argc, char** argv) {
    std::string engine = argc > 1 ? argv[1] : "/usr/games/stockfish";
    std::string suitePath = argc > 2 ? argv[2] : std::string(MATEFIND_SHARED_DIR) + "/epd/wac.epd";
    std::size_t positions = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 40;
    std::int64_t movetime = argc > 4 ? std::strtoll(argv[4], nullptr, 10) : 50;
    std::size_t workers = argc > 5 ? std::strtoul(argv[5], nullptr, 10) : 2;
    std::string newGame = argc > 6 ? argv[6] : "default";
    if (newGame != "default" && newGame != "every" && newGame != "never") {
        std::cerr << "NEWGAME must be default, every or never, not '" << newGame << "'\n";
        return 2;
    }
    if (!std::filesystem::exists(engine) || !std::filesystem::exists(suitePath)) {
        std::cout << "skipped: needs " << engine << " and " << suitePath << "\n";
        return kSkipped;
    }
    Suite suite = loadSuite(suitePath);
    if (suite.positions.size() > positions) suite.positions.resize(positions);

    EngineConfig config;
    config.command.program = engine;
    if (newGame == "every") config.newGame = NewGamePolicy::EverySearch;
    if (newGame == "never") config.newGame = NewGamePolicy::Never;
    auto pool = LocalEnginePool::create(config, workers);
    if (!pool) {
        std::cerr << pool.error().message << "\n";
        return 1;
    }
    OptionValues options;
    if ((*pool)->engine().findOption("Threads")) options.emplace_back("Threads", "1");
    if ((*pool)->engine().findOption("Hash")) options.emplace_back("Hash", "16");
    SuiteRunSettings settings{SearchLimit::moveTime(movetime), options, {}};
    auto report = runSuite(**pool, suite, settings);

    using ms = std::chrono::duration<double, std::milli>;
    double think = ms(report.thinkTime).count();
    double wall = ms(report.wallTime).count();
    double efficiency = think / (wall * double((*pool)->workers()));
    std::printf("engine %s, %zu positions, movetime %lld ms, %zu workers, ucinewgame %s\n",
                (*pool)->engine().name.c_str(), suite.positions.size(), static_cast<long long>(movetime),
                (*pool)->workers(), newGame.c_str());
    std::printf("think %.0f ms, wall %.0f ms, solved %d/%d, failed %d\n", think, wall, report.solved, report.scored,
                report.failed);
    std::printf("efficiency %.3f (target %.2f)\n", efficiency, kTargetEfficiency);
    return efficiency >= kTargetEfficiency && report.failed == 0 ? 0 : 1;
}
