// matefind-engine: the bundled engine. With no arguments it speaks UCI on stdin/stdout;
// `matefind-engine perft <depth> [fen]` counts leaf nodes and reports the speed;
// `matefind-engine bench [depth]` searches the bench positions and prints the node signature.
#include "engine/bench.h"
#include "engine/perft.h"
#include "engine/search_controller.h"
#include "engine/search_uci.h"
#include "engine/uci.h"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

namespace {

int perftCommand(int argc, char** argv) {
    const int depth = argc > 2 ? std::atoi(argv[2]) : 0;
    if (depth < 1) {
        std::cerr << "usage: matefind-engine perft <depth> [fen]\n";
        return 2;
    }
    std::string fen;
    for (int i = 3; i < argc; ++i) {
        if (!fen.empty()) fen += ' ';
        fen += argv[i];
    }
    std::string positionArguments = "startpos";
    if (!fen.empty()) positionArguments.assign("fen ").append(fen);
    mf::UciEngine engine(std::cin, std::cout);
    if (const std::string error = engine.setPosition(positionArguments); !error.empty()) {
        std::cerr << "matefind-engine: " << error << '\n';
        return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = engine.goPerft(depth);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Timing goes to stderr so stdout stays exactly Stockfish's format.
    std::cerr << "time " << seconds << " s, " << static_cast<std::uint64_t>(double(nodes) / seconds) << " nodes/s\n";
    return 0;
}

int benchCommand(int argc, char** argv) {
    const int depth = argc > 2 ? std::atoi(argv[2]) : mf::DefaultBenchDepth;
    if (depth < 1 || depth > 60) {
        std::cerr << "usage: matefind-engine bench [depth 1..60]\n";
        return 2;
    }
    mf::SearchController controller([](std::string_view line) { std::cout << line << std::endl; });
    controller.bench(depth);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    if (argc > 1 && std::string(argv[1]) == "perft") return perftCommand(argc, argv);
    if (argc > 1 && std::string(argv[1]) == "bench") return benchCommand(argc, argv);
    if (argc > 1) {
        std::cerr << "usage: matefind-engine            (UCI on stdin/stdout)\n"
                     "       matefind-engine perft <depth> [fen]\n"
                     "       matefind-engine bench [depth]\n";
        return 2;
    }
    mf::UciEngine engine(std::cin, std::cout);
    // Declared after the loop so it is destroyed first: a search still running at `quit` or end of
    // input is stopped and answers `bestmove` before the streams go away.
    mf::SearchController controller([&engine](std::string_view line) { engine.print(line); });
    mf::installSearchCommands(engine, controller);
    engine.run();
    return 0;
}
