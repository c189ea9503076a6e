#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <thread>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_extension.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_uci_path.h"

namespace mf::dataset {

std::string_view evalfitPathName(EvalfitPath path) {
    switch (path) {
        case EvalfitPath::Fast: return "fast";
        case EvalfitPath::Uci: return "uci";
        case EvalfitPath::Trace: return "trace";
        default: return "auto";
    }
}

std::optional<EvalfitPath> parseEvalfitPath(std::string_view name) {
    if (name == "auto") return EvalfitPath::Auto;
    if (name == "fast") return EvalfitPath::Fast;
    if (name == "uci") return EvalfitPath::Uci;
    if (name == "trace") return EvalfitPath::Trace;
    return std::nullopt;
}

int scoreToCentipawns(const uci::Score& score) {
    if (score.kind == uci::ScoreKind::Centipawns) return std::clamp(score.value, -QuiescenceMateClamp, QuiescenceMateClamp);
    const int moves = std::min(std::abs(score.value), 1000);
    return score.value > 0 ? QuiescenceMateClamp - moves : -(QuiescenceMateClamp - moves);  // "mate 0": mated
}

uci::EngineConfig engineConfigFor(const EvalfitEngineConfig& config, EvalfitPath path) {
    uci::EngineConfig engine;
    engine.command.program = config.program;
    engine.command.arguments = config.arguments;
    engine.startOptions = config.fixedOptions;
    engine.smallestHash = path == EvalfitPath::Uci;
    // Every search is a new game and no thinking time is counted: no round trip per position.
    engine.syncAfterNewGame = path != EvalfitPath::Uci;
    engine.lineTap = config.lineTap;
    engine.timeouts = config.timeouts;
    engine.freshProcessOnOptionChange = !config.keepProcess;
    return engine;
}

namespace {

std::string engineName(const EvalfitEngineConfig& config, const uci::EngineSession& session) {
    return session.identity().name.empty() ? config.program.filename().string() : session.identity().name;
}

class FastScorer final : public EvalfitScorer {
public:
    FastScorer(std::unique_ptr<PositionsFile> file, std::vector<std::unique_ptr<ExtensionEngine>> engines,
               PositionScoreKind kind)
        : file_(std::move(file)), engines_(std::move(engines)), kind_(kind) {}
    bool fastPath() const override { return true; }
    std::size_t workers() const override { return engines_.size(); }

    std::vector<CandidateScores> score(const std::vector<uci::OptionValues>& candidates, std::stop_token stop) override {
        std::vector<CandidateScores> out(candidates.size());
        std::atomic<std::size_t> next{0};
        auto work = [&](ExtensionEngine& engine) {
            for (std::size_t i = next++; i < candidates.size(); i = next++) {
                if (stop.stop_requested()) {
                    out[i].failure = "cancelled";
                    continue;
                }
                if (auto error = engine.scores(candidates[i], kind_, out[i].q, stop)) {
                    out[i].q.clear();
                    out[i].failure = *error;
                }
            }
        };
        std::vector<std::jthread> threads;
        for (std::size_t w = 1; w < engines_.size(); ++w) threads.emplace_back(work, std::ref(*engines_[w]));
        work(*engines_[0]);
        return out;
    }

private:
    std::unique_ptr<PositionsFile> file_;
    std::vector<std::unique_ptr<ExtensionEngine>> engines_;
    PositionScoreKind kind_;
};

// The uci path over several engine processes: the positions of a candidate are shared out among
// them, one session per thread.
class UciScorer final : public EvalfitScorer {
public:
    UciScorer(const uci::EngineConfig& engine, std::size_t workers, std::vector<std::string> fens, uci::SearchLimit limit)
        : fens_(std::move(fens)), limit_(limit) {
        for (std::size_t w = 0; w < workers; ++w) sessions_.push_back(std::make_unique<uci::EngineSession>(engine, w));
    }
    std::optional<std::string> start(std::stop_token stop) {
        std::vector<std::optional<std::string>> errors(sessions_.size());
        {
            std::vector<std::jthread> starts;
            for (std::size_t w = 0; w < sessions_.size(); ++w)
                starts.emplace_back([&, w] { errors[w] = sessions_[w]->start(stop); });
        }
        for (auto& error : errors)
            if (error) return error;
        return std::nullopt;
    }
    bool fastPath() const override { return false; }
    std::size_t workers() const override { return sessions_.size(); }

    std::vector<CandidateScores> score(const std::vector<uci::OptionValues>& candidates, std::stop_token stop) override {
        std::vector<CandidateScores> out(candidates.size());
        const std::size_t parts = sessions_.size();
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            // Contiguous slices, one per process, scored at once.
            std::vector<CandidateScores> slices(parts);
            {
                std::vector<std::jthread> threads;
                for (std::size_t w = 0; w < parts; ++w)
                    threads.emplace_back([&, w] {
                        const std::size_t first = fens_.size() * w / parts, last = fens_.size() * (w + 1) / parts;
                        slices[w] = scoreThroughUci(*sessions_[w], fens_, first, last - first, candidates[c], limit_, stop);
                    });
            }
            for (CandidateScores& slice : slices) {
                if (!slice.failure.empty()) {
                    out[c].q.clear();
                    out[c].failure = std::move(slice.failure);
                    break;
                }
                out[c].q.insert(out[c].q.end(), slice.q.begin(), slice.q.end());
            }
        }
        return out;
    }

private:
    std::vector<std::string> fens_;
    std::vector<std::unique_ptr<uci::EngineSession>> sessions_;
    uci::SearchLimit limit_;
};

Result<std::unique_ptr<EvalfitScorer>> makeUciScorer(const EvalfitEngineConfig& config, std::vector<std::string> fens,
                                                     std::stop_token stop) {
    auto scorer = std::make_unique<UciScorer>(engineConfigFor(config, EvalfitPath::Uci),
                                              std::max<std::size_t>(1, config.workers), std::move(fens), config.uciLimit);
    if (auto error = scorer->start(stop)) return Error{"engine " + config.program.string() + ": " + *error};
    return std::unique_ptr<EvalfitScorer>(std::move(scorer));
}

std::vector<std::string> fensOf(const std::vector<LabelledPosition>& positions) {
    std::vector<std::string> fens;
    fens.reserve(positions.size());
    for (const LabelledPosition& p : positions) fens.push_back(p.position.fen());
    return fens;
}

}  // namespace

namespace {

// Whether an engine that has the extension also writes traces: `evalfit trace static` on the one
// position loaded, fenced by isready like the load (an engine without the subcommand answers
// `evalfit error` before its readyok).
bool writesTraces(ExtensionEngine& engine, std::stop_token stop) {
    bool terms = false;
    auto onLine = [&](std::string_view line) {
        if (line.rfind("evalfit terms", 0) == 0) terms = true;
        return line == "readyok";
    };
    return !engine.session().exchange({}, "evalfit trace static\nisready", onLine, std::chrono::seconds(30), stop) && terms;
}

Result<ResolvedPath> askedFor(EvalfitPath path) {
    if (path == EvalfitPath::Fast) return ResolvedPath{EvalfitPath::Fast, "the evalfit extension, as asked", EvalfitPath::Fast};
    return ResolvedPath{EvalfitPath::Uci, "plain UCI searches, as asked", EvalfitPath::Uci};
}

// Auto and Trace, once the engine's answers are known.
ResolvedPath choose(EvalfitPath asked, const std::string& name, bool extension, bool traces, const std::string& detail) {
    const EvalfitPath direct = extension ? EvalfitPath::Fast : EvalfitPath::Uci;
    if (traces) return {EvalfitPath::Trace, name + " writes evaluation traces (evalfit trace)", direct, TraceSource::Engine};
    if (asked == EvalfitPath::Trace)
        return {EvalfitPath::Trace,
                name + (extension ? " has the evalfit extension but writes no traces"
                                  : " has no evalfit extension (" + detail + ")") +
                    ": traces by finite differences over " + (extension ? "evalfit scores" : "UCI searches"),
                direct, TraceSource::Differences};
    if (extension) return {EvalfitPath::Fast, name + " has the evalfit extension", direct};
    return {EvalfitPath::Uci, name + " has no evalfit extension (" + detail + ")", direct};
}

}  // namespace

Result<ResolvedPath> resolveEvalfitPath(const EvalfitEngineConfig& config, std::stop_token stop) {
    if (config.path == EvalfitPath::Fast || config.path == EvalfitPath::Uci) return askedFor(config.path);
    // One position is enough to see the fence.
    PositionsFile file({"4k3/8/8/8/8/8/8/4K3 w - - 0 1"});
    if (file.path().empty()) return Error{"cannot write a temporary positions file"};
    ExtensionEngine engine(engineConfigFor(config, EvalfitPath::Fast), file.path(), 1);
    const ExtensionEngine::LoadOutcome outcome = engine.load(stop);
    const std::string name = engineName(config, engine.session());
    if (outcome.loaded == ExtensionEngine::Loaded::Failed) return Error{"engine " + config.program.string() + ": " + outcome.detail};
    const bool extension = outcome.loaded == ExtensionEngine::Loaded::Yes;
    const bool traces = extension && writesTraces(engine, stop);
    return choose(config.path, name, extension, traces, outcome.detail);
}

namespace {

// config.workers engine processes, each loaded with the file's positions. Empty when the first
// answered without the extension (the caller decides whether the uci path takes over).
Result<std::vector<std::unique_ptr<ExtensionEngine>>> startFastEngines(const EvalfitEngineConfig& config,
                                                                      const PositionsFile& file, std::size_t count,
                                                                      std::stop_token stop) {
    const std::size_t workers = std::max<std::size_t>(1, config.workers);
    std::vector<std::unique_ptr<ExtensionEngine>> engines;
    for (std::size_t w = 0; w < workers; ++w)
        engines.push_back(std::make_unique<ExtensionEngine>(engineConfigFor(config, EvalfitPath::Fast), file.path(), count));
    std::vector<ExtensionEngine::LoadOutcome> loads(workers);
    {
        std::vector<std::jthread> starts;
        for (std::size_t w = 0; w < workers; ++w) starts.emplace_back([&, w] { loads[w] = engines[w]->load(stop); });
    }
    if (loads[0].loaded == ExtensionEngine::Loaded::NoExtension && config.path == EvalfitPath::Auto)
        return std::vector<std::unique_ptr<ExtensionEngine>>{};
    for (const auto& load : loads) {
        if (load.loaded == ExtensionEngine::Loaded::Yes) continue;
        return Error{"engine " + config.program.string() + ": " +
                     (load.loaded == ExtensionEngine::Loaded::NoExtension ? "no evalfit extension (" + load.detail + ")"
                                                                           : load.detail)};
    }
    return engines;
}

}  // namespace

Result<std::unique_ptr<EvalfitScorer>> EvalfitScorer::create(const EvalfitEngineConfig& config,
                                                             const std::vector<LabelledPosition>& positions,
                                                             std::stop_token stop) {
    return create(config, fensOf(positions), stop);
}

Result<std::unique_ptr<EvalfitScorer>> EvalfitScorer::create(const EvalfitEngineConfig& config, std::vector<std::string> fens,
                                                             std::stop_token stop) {
    if (fens.empty()) return Error{"the data set has no positions"};
    if (config.path == EvalfitPath::Uci) return makeUciScorer(config, std::move(fens), stop);
    auto file = std::make_unique<PositionsFile>(fens);
    if (file->path().empty()) return Error{"cannot write a temporary positions file"};
    const std::size_t count = fens.size();
    auto fast = startFastEngines(config, *file, count, stop);
    if (!fast) return fast.error();
    if (fast->empty() && config.path == EvalfitPath::Auto) return makeUciScorer(config, std::move(fens), stop);
    if (fast->empty()) return Error{"engine " + config.program.string() + ": no evalfit extension"};
    return std::unique_ptr<EvalfitScorer>(std::make_unique<FastScorer>(std::move(file), std::move(*fast), config.kind));
}

Result<std::unique_ptr<EvalfitScorer>> EvalfitScorer::createFast(const EvalfitEngineConfig& config,
                                                                 std::unique_ptr<PositionsFile> file, std::size_t count,
                                                                 std::stop_token stop) {
    if (count == 0) return Error{"the data set has no positions"};
    if (!file || file->path().empty()) return Error{"cannot write a temporary positions file"};
    auto fast = startFastEngines(config, *file, count, stop);
    if (!fast) return fast.error();
    if (fast->empty()) return Error{"engine " + config.program.string() + ": no evalfit extension"};
    return std::unique_ptr<EvalfitScorer>(std::make_unique<FastScorer>(std::move(file), std::move(*fast), config.kind));
}

}  // namespace mf::dataset
