#include "evolution/tuning/measures/evalfit/scoring/evalfit_conformance.h"

#include "evolution/tuning/measures/evalfit/scoring/evalfit_extension.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_trace_conformance.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_uci_path.h"

namespace mf::dataset {
namespace {

// At most this many score disagreements are listed one by one; the rest are counted.
constexpr std::size_t kListedMismatches = 5;

}  // namespace

std::string conformancePositionName(std::size_t index) {
    return "position " + std::to_string(index + 1) + " (" + conformanceSample()[index] + ")";
}

const std::vector<std::string>& conformanceSample() {
    static const std::vector<std::string> sample = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "r3k2r/pp1n1ppp/2p1pn2/q2p4/1bPP4/2N1PN2/PPQ2PPP/R1B1KB1R w KQkq - 0 9",
        "r2q1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R b KQ - 3 9",
        "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1",
        "4k3/8/8/3q4/4P3/8/8/4K3 b - - 0 1",
        "8/5pk1/6p1/8/3N4/6P1/5PK1/8 w - - 0 40",
        "8/8/4k3/8/2K5/8/3P4/8 b - - 0 50",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
        "r1b1k2r/ppppqppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 6",
        "2r3k1/1p3ppp/p3p3/3pP3/3P4/P1R2N2/1P3PPP/6K1 b - - 1 25",
        "r4rk1/1bq1bppp/p2ppn2/1p6/3BPP2/P1NB4/1PP1Q1PP/R4R1K w - - 3 15",
        "3r2k1/p4ppp/1p6/8/8/1P4P1/P3RP1P/6K1 w - - 0 32",
        "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2",
        "8/8/8/8/8/5k2/4p3/4K3 w - - 0 80",
        "1k6/8/8/8/8/8/6Q1/K7 b - - 0 70",
        "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
        "5rk1/pp4pp/2p5/2b1p3/4Pq2/2N2P2/PPPQ2PP/R4R1K b - - 2 20",
    };
    return sample;
}

namespace {

// Step 1: the sample loads behind the fence. False when the check ends here (no start, no
// extension, a load that does not conform), the verdict given.
bool checkLoad(ExtensionEngine& engine, ExtensionCheck& check, std::stop_token stop) {
    const ExtensionEngine::LoadOutcome load = engine.load(stop);
    if (load.loaded == ExtensionEngine::Loaded::Failed && load.detail.rfind("evalfit load", 0) != 0) {
        check.verdict = "the check could not run: " + load.detail;  // no start, no answer
        return false;
    }
    check.started = true;
    if (load.loaded == ExtensionEngine::Loaded::NoExtension) {
        check.verdict = "no evalfit extension (" + load.detail + "): MateFind scores it through plain UCI searches";
        return false;
    }
    check.present = true;
    if (load.loaded == ExtensionEngine::Loaded::Failed) {
        check.faults.push_back(load.detail + " (" + std::to_string(check.positions) + " positions in the file)");
        check.verdict = "has the evalfit extension, but it does not conform: " + check.faults.front();
        return false;
    }
    return true;
}

struct SampleScores {
    std::vector<int> quiescence;  // empty when they could not be read
    std::vector<int> statics;
};

// Step 2: both kinds of score, read strictly.
SampleScores checkScores(ExtensionEngine& engine, ExtensionCheck& check, std::stop_token stop) {
    SampleScores scores;
    for (PositionScoreKind kind : {PositionScoreKind::Quiescence, PositionScoreKind::Static}) {
        const char* name = kind == PositionScoreKind::Static ? "evalfit scores static" : "evalfit scores quiescence";
        EvalfitScoresReader reader(check.positions);
        if (auto fault = engine.scoresOnce({}, kind, reader, stop)) {
            std::string text = std::string(name) + ": " + *fault;
            if (reader.faultPosition() && *reader.faultPosition() < check.positions)
                text += "; " + conformancePositionName(*reader.faultPosition());
            check.faults.push_back(text);
            // A bad answer was read to its closing line (the engine is in step, go on); a failed
            // engine (exit, no closing line in time) was killed: the check ends here.
            if (!reader.failed()) break;
            continue;
        }
        (kind == PositionScoreKind::Quiescence ? scores.quiescence : scores.statics) = reader.scores();
    }
    return scores;
}

// Step 3: the same quiescence scores through a plain `go depth 0` search.
void checkAgainstSearch(ExtensionEngine& engine, const std::vector<int>& quiescence, ExtensionCheck& check,
                        std::stop_token stop) {
    const std::vector<std::string>& fens = conformanceSample();
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < fens.size() && !stop.stop_requested(); ++i) {
        CandidateScores plain = scoreThroughUci(engine.session(), fens, i, 1, {}, uci::SearchLimit::depth(0), stop);
        if (!plain.failure.empty()) {
            check.faults.push_back("`go depth 0`: " + plain.failure + " (" + fens[i] + ")");
            break;
        }
        if (plain.q[0] == quiescence[i]) continue;
        if (++mismatches <= kListedMismatches)
            check.faults.push_back(conformancePositionName(i) + ": `evalfit scores quiescence` gives " + std::to_string(quiescence[i]) +
                                   ", `go depth 0` reports " + std::to_string(plain.q[0]) + " (White's view)");
    }
    if (mismatches > kListedMismatches)
        check.faults.push_back("... and " + std::to_string(mismatches - kListedMismatches) +
                               " more positions whose two scores differ");
}

// Step 4: a load of a file that is not there is refused with `evalfit error`.
void checkMissingFile(ExtensionEngine& engine, const std::string& missing, ExtensionCheck& check,
                      std::stop_token stop) {
    bool refused = false, loadedAnyway = false;
    auto onLine = [&](std::string_view line) {
        if (line.substr(0, 13) == "evalfit error") refused = true;
        if (line.substr(0, 14) == "evalfit loaded") loadedAnyway = true;
        return line == "readyok";
    };
    if (auto fault = engine.session().exchange({}, "evalfit load " + missing + "\nisready", onLine,
                                               std::chrono::seconds(10), stop))
        check.faults.push_back("evalfit load of a missing file: " + *fault);
    else if (!refused)
        check.faults.push_back(std::string("evalfit load of a missing file: ") +
                               (loadedAnyway ? "answered `evalfit loaded`" : "no `evalfit error` before readyok"));
}

}  // namespace

ExtensionCheck checkEvalfitExtension(const uci::EngineConfig& config, std::stop_token stop, std::uint64_t traceSeed) {
    ExtensionCheck check;
    const std::vector<std::string>& fens = conformanceSample();
    check.positions = fens.size();
    PositionsFile file(fens);
    if (file.path().empty()) {
        check.verdict = "cannot write a temporary positions file";
        return check;
    }
    uci::EngineConfig engineConfig = config;
    // The moves of the `go depth 0` searches are not what is checked here, only their scores.
    engineConfig.moveCheck = nullptr;
    ExtensionEngine engine(engineConfig, file.path(), fens.size());
    if (!checkLoad(engine, check, stop)) return check;
    const SampleScores scores = checkScores(engine, check, stop);
    if (!scores.quiescence.empty()) checkAgainstSearch(engine, scores.quiescence, check, stop);
    if (!scores.quiescence.empty() || !scores.statics.empty())
        checkEvalfitTrace(engine, scores.statics, scores.quiescence, check, traceSeed, stop);
    checkMissingFile(engine, file.path() + ".missing", check, stop);

    check.verdict = check.faults.empty()
                        ? "has the evalfit extension and conforms: " + std::to_string(fens.size()) +
                              " positions loaded, both kinds of score read, every quiescence score equal to `go depth 0`'s"
                        : "has the evalfit extension, but " + std::to_string(check.faults.size()) +
                              (check.faults.size() == 1 ? " fault" : " faults");
    return check;
}

}  // namespace mf::dataset
