// matefind-engine: the bundled engine. With no arguments it speaks UCI on stdin/stdout;
// `matefind-engine perft <depth> [fen]` counts leaf nodes and reports the speed;
// `matefind-engine bench [depth]` searches the bench positions and prints the node signature;
// `matefind-engine [--options FILE] terms` prints every evaluation term's value as an options file.
// `--options FILE` first (UCI or bench) applies an options file at start, e.g. the weights
// `matefind-cli export --engine-options FILE` wrote, before the first command is read.
#include "engine/bench.h"
#include "engine/eval_terms_file.h"
#include "engine/perft.h"
#include "engine/search_controller.h"
#include "engine/search_uci.h"
#include "engine/uci.h"
#include "engine/whole_number.h"

#include <chrono>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr const char* Usage =
    "usage: matefind-engine [--options FILE]            (UCI on stdin/stdout)\n"
    "       matefind-engine [--options FILE] bench [depth]\n"
    "       matefind-engine [--options FILE] terms       (every evaluation term, as an options file)\n"
    "       matefind-engine perft <depth> [fen]\n";

int perftCommand(const std::vector<std::string>& args) {
    const int depth = args.size() > 1 ? mf::parseWholeNumber<int>(args[1]).value_or(0) : 0;
    if (depth < 1) {
        std::cerr << "usage: matefind-engine perft <depth> [fen]\n";
        return 2;
    }
    std::string fen;
    for (std::size_t i = 2; i < args.size(); ++i) {
        if (!fen.empty()) fen += ' ';
        fen += args[i];
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

int benchCommand(const std::vector<std::string>& args, const std::optional<std::string>& optionsFile) {
    const int depth = args.size() > 1 ? mf::parseWholeNumber<int>(args[1]).value_or(0) : mf::DefaultBenchDepth;
    if (depth < 1 || depth > 60 || args.size() > 2) {
        std::cerr << Usage;
        return 2;
    }
    mf::SearchController controller([](std::string_view line) { std::cout << line << std::endl; });
    if (optionsFile) controller.loadOptionsFile(*optionsFile);
    controller.bench(depth);
    return 0;
}

// The weights in use (the defaults, or an options file's) as an options file of the terms alone.
int termsCommand(const std::vector<std::string>& args, const std::optional<std::string>& optionsFile) {
    if (args.size() != 1) {
        std::cerr << Usage;
        return 2;
    }
    mf::SearchController controller([](std::string_view line) { std::cerr << line << std::endl; });
    if (optionsFile) controller.loadOptionsFile(*optionsFile);
    std::cout << mf::termsOptionsText(controller.evalParams(),
                                      "matefind-engine's evaluation terms" +
                                          (optionsFile ? " with " + *optionsFile : std::string(" at their defaults")) +
                                          ", as the evaluation reads them\n(the legacy options folded in: load it with them at "
                                          "their defaults)");
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    std::vector<std::string> args(argv + 1, argv + argc);
    std::optional<std::string> optionsFile;
    if (!args.empty() && args[0].rfind("--options=", 0) == 0) {
        optionsFile = args[0].substr(10);
        args.erase(args.begin());
    } else if (!args.empty() && args[0] == "--options") {
        if (args.size() < 2) {
            std::cerr << "matefind-engine: --options needs a file\n" << Usage;
            return 2;
        }
        optionsFile = args[1];
        args.erase(args.begin(), args.begin() + 2);
    }
    if (!args.empty() && args[0] == "perft" && !optionsFile) return perftCommand(args);
    if (!args.empty() && args[0] == "bench") return benchCommand(args, optionsFile);
    if (!args.empty() && args[0] == "terms") return termsCommand(args, optionsFile);
    if (!args.empty()) {
        std::cerr << Usage;
        return 2;
    }
    mf::UciEngine engine(std::cin, std::cout);
    // Declared after the loop so it is destroyed first: a search still running at `quit` or end of
    // input is stopped and answers `bestmove` before the streams go away.
    mf::SearchController controller([&engine](std::string_view line) { engine.print(line); });
    mf::installSearchCommands(engine, controller);
    if (optionsFile) controller.loadOptionsFile(*optionsFile);
    engine.run();
    return 0;
}
