#include "engine/search_uci.h"

#include <memory>
#include <string>

#include "engine/bench.h"
#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/position_scoring.h"
#include "engine/whole_number.h"

namespace mf {

void installSearchCommands(UciEngine& engine, SearchController& controller) {
    engine.setOptionLines([&controller] {
        std::string text;
        for (const std::string& line : controller.options().uciLines()) text += line + '\n';
        return text;
    });
    // Answered at once, also while the search thread is busy.
    engine.setCommand("isready", [&controller](std::string_view) {
        controller.prepareTables();
        controller.print("readyok");
    });
    engine.setCommand("setoption", [&controller](std::string_view args) { controller.setOption(args); });
    engine.setCommand("ucinewgame", [&engine, &controller](std::string_view) {
        controller.newGame();
        engine.position() = Position::startPosition();
    });
    engine.setCommand("stop", [&controller](std::string_view) { controller.stop(); });
    engine.setCommand("go", [&engine, &controller](std::string_view args) {
        const auto received = SearchController::Clock::now();
        if (args.substr(0, 5) == "perft") {
            controller.stop();
            std::string_view rest = args.substr(5);
            while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
            const int depth = parseWholeNumber<int>(rest).value_or(0);
            if (depth < 1) controller.print("info string error: go perft needs a depth of at least 1");
            else engine.goPerft(depth);
            return;
        }
        ParsedGo parsed = parseGo(args);
        for (const std::string& warning : parsed.warnings) controller.print("info string " + warning);
        if (parsed.limits.depth && *parsed.limits.depth == 0) {
            // `go depth 0`: the quiescence score alone, the q of evaluation tuning (the same
            // function as `evalfit scores`), answered at once on this thread.
            controller.stop();
            const Position& pos = engine.position();
            const QuiescenceResult r = quiescenceScore(pos, controller.evalParams());
            const int moverScore = pos.sideToMove() == White ? r.scoreWhite : -r.scoreWhite;
            Move best = r.bestMove;
            if (best == Move::none())
                if (const MoveList moves(pos); moves.size() > 0) best = *moves.begin();
            // A pv so that GUIs and MateFind's client take the score (the move: the quiescence's
            // capture, else the first legal move; depth 0 chooses no quiet move).
            controller.print("info depth 0 score cp " + std::to_string(moverScore) + " nodes " + std::to_string(r.nodes) +
                             (best == Move::none() ? std::string() : " pv " + toUci(best)));
            controller.print("bestmove " + toUci(best));
            return;
        }
        controller.go(engine.position(), parsed.limits, received);
    });
    engine.setCommand("eval", [&engine, &controller](std::string_view) {
        std::string report = evaluationReport(engine.position(), controller.evalParams());
        if (!report.empty() && report.back() == '\n') report.pop_back();
        controller.print(report);
    });
    // Evaluation tuning's fast path: load a file of positions once, then score them all per weight set.
    auto scorer = std::make_shared<PositionScorer>();
    engine.setCommand("evalfit", [&controller, scorer](std::string_view args) {
        controller.stop();
        evalfitCommand(*scorer, controller.evalParams(), args, [&controller](std::string_view line) { controller.print(line); });
    });
    engine.setCommand("bench", [&controller](std::string_view args) {
        int depth = DefaultBenchDepth;
        if (!args.empty()) {
            depth = parseWholeNumber<int>(args).value_or(0);
            if (depth < 1 || depth > 60) {
                controller.print("info string bench: depth must be 1..60, got '" + std::string(args) + "'");
                return;
            }
        }
        controller.bench(depth);
    });
}

}  // namespace mf
