#pragma once
// The scores q (White's view, centipawns) that Texel's error needs, for every position of a data
// set and every candidate weight set, from a UCI engine. Two paths:
//  - fast: the evalfit extension (evalfit_extension.h), which matefind-engine speaks and any
//    engine can: each engine process loads the positions once, then per candidate takes the
//    options and answers with the score of every position in one command.
//  - uci: any engine. Each position is a search (`go depth 1` by default, or `go nodes N`); the
//    score of its last info line is q (evalfit_uci_path.h).
//  - trace: each position's score as a linear function of the weights, recorded once (the
//    engine's `evalfit trace`, or finite differences over one of the two paths above), then every
//    candidate as dot products in MateFind's memory (trace_table.h, trace_error.h).
// Auto takes the trace path when the engine writes traces, else the fast path when it has the
// extension, else the uci path, and finds out without waiting (the fence of evalfit_extension.h).
// Candidates are spread over the worker processes, one candidate per process at a time.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position_scoring.h"
#include "engine/result.h"
#include "evolution/dataset/labelled_position.h"
#include "evolution/uci/engine_config.h"
#include "evolution/uci/search_types.h"

namespace mf::dataset {

class PositionsFile;  // evalfit_extension.h

enum class EvalfitPath { Auto, Fast, Uci, Trace };
std::string_view evalfitPathName(EvalfitPath path);  // "auto", "fast", "uci", "trace"
std::optional<EvalfitPath> parseEvalfitPath(std::string_view name);

struct EvalfitEngineConfig {
    std::filesystem::path program;
    std::vector<std::string> arguments;
    uci::OptionValues fixedOptions;   // sent after every start (Hash, Threads, ...)
    std::size_t workers = 2;          // engine processes
    EvalfitPath path = EvalfitPath::Auto;
    uci::SearchLimit uciLimit = uci::SearchLimit::depth(1);  // the uci path's search per position
    PositionScoreKind kind = PositionScoreKind::Quiescence;  // the fast path's score
    uci::LineTap lineTap;             // every line to and from the engines, for an engine log
    uci::EngineTimeouts timeouts;     // the sessions' waits (tests scale them under a sanitizer)
    // One process across weight changes on the uci path (tune --keep-process; by default a fresh
    // one at each change: uci::EngineConfig::freshProcessOnOptionChange).
    bool keepProcess = false;
};

// One candidate's scores, or why it has none.
struct CandidateScores {
    std::vector<int> q;     // White's view, dataset order; empty when failed
    std::string failure;    // non-empty when the candidate could not be scored
};

// How a path's engines are configured: the program, its arguments and fixed options, and on the
// uci path the smallest hash (every search starts a new game, which clears it).
uci::EngineConfig engineConfigFor(const EvalfitEngineConfig& config, EvalfitPath path);

// Which path `config.path` means for this engine: Fast or Uci as asked, and for Auto whether the
// engine has the extension (one engine process, one position loaded behind the fence; an engine
// without it is answered within its `isready` round trip). An error names the engine and why (it
// does not start, or it has the extension and refused the load).
// Where the trace path's coefficients come from.
enum class TraceSource {
    Engine,       // the engine's own `evalfit trace`
    Differences,  // finite differences over the direct path (difference_trace.h)
};
struct ResolvedPath {
    EvalfitPath path = EvalfitPath::Uci;
    std::string reason;  // "Glaurung 2.2 has no evalfit extension (readyok came first)", ...
    // The path that scores positions directly on this engine (fast or uci): the trace path takes
    // its differences on it, confirms its winner on it, and falls back to it.
    EvalfitPath direct = EvalfitPath::Uci;
    TraceSource traceSource = TraceSource::Engine;  // path Trace only
};
Result<ResolvedPath> resolveEvalfitPath(const EvalfitEngineConfig& config, std::stop_token stop = {});

class EvalfitScorer {
public:
    virtual ~EvalfitScorer() = default;
    // Starts the engines and hands them the positions. An error names the engine and the reason.
    // A stop request ends the start-up at once with an error ("interrupted").
    static Result<std::unique_ptr<EvalfitScorer>> create(const EvalfitEngineConfig& config,
                                                          const std::vector<LabelledPosition>& positions,
                                                          std::stop_token stop = {});
    // The same for positions given as FENs (the engine reads them from a file; the uci path
    // keeps them).
    static Result<std::unique_ptr<EvalfitScorer>> create(const EvalfitEngineConfig& config, std::vector<std::string> fens,
                                                          std::stop_token stop = {});
    // The fast path on `count` positions already written to `file` (one FEN a line): the caller
    // streams them there, so no list of all the FENs is held beside the run's other data. An
    // engine without the extension is an error here (no FENs to fall back to the uci path with).
    static Result<std::unique_ptr<EvalfitScorer>> createFast(const EvalfitEngineConfig& config,
                                                              std::unique_ptr<PositionsFile> file, std::size_t count,
                                                              std::stop_token stop = {});

    virtual bool fastPath() const = 0;
    virtual std::size_t workers() const = 0;
    // The scores for each candidate's options (in order). Stops early when `stop` is requested:
    // unfinished candidates come back failed with "cancelled".
    virtual std::vector<CandidateScores> score(const std::vector<uci::OptionValues>& candidates, std::stop_token stop) = 0;
};

// A mate score as centipawns far beyond any evaluation (+-30000, nearer mates higher).
int scoreToCentipawns(const uci::Score& score);

}  // namespace mf::dataset
