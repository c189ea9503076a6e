#pragma once
// The scores q (White's view, centipawns) that Texel's error needs, for every position of a data
// set and every candidate weight set, from a UCI engine. Two paths:
//  - fast: the bundled engine's `evalfit` extension. Each engine process loads the positions once
//    (`evalfit load FILE`), then per candidate takes the options and answers `evalfit scores`
//    with the quiescence score of every position (engine/position_scoring.h).
//  - uci: any engine. Each position is a search (`go depth 1` by default, or `go nodes 1`); the
//    score of its last info line is q. It goes through the engine pool, so a crashed or hung
//    engine is restarted and the search retried; a position that still fails fails the candidate.
// Auto takes the fast path when the engine answers `evalfit load`, else the uci path.
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
#include "evolution/uci/search_types.h"

namespace mf::dataset {

enum class EvalfitPath { Auto, Fast, Uci };
std::string_view evalfitPathName(EvalfitPath path);  // "auto", "fast", "uci"
std::optional<EvalfitPath> parseEvalfitPath(std::string_view name);

struct EvalfitEngineConfig {
    std::filesystem::path program;
    std::vector<std::string> arguments;
    uci::OptionValues fixedOptions;   // sent after every start (Hash, Threads, ...)
    std::size_t workers = 2;          // engine processes
    EvalfitPath path = EvalfitPath::Auto;
    uci::SearchLimit uciLimit = uci::SearchLimit::depth(1);  // the uci path's search per position
    PositionScoreKind kind = PositionScoreKind::Quiescence;  // the fast path's score
};

// One candidate's scores, or why it has none.
struct CandidateScores {
    std::vector<int> q;     // White's view, dataset order; empty when failed
    std::string failure;    // non-empty when the candidate could not be scored
};

class EvalfitScorer {
public:
    virtual ~EvalfitScorer() = default;
    // Starts the engines and hands them the positions. An error names the engine and the reason.
    static Result<std::unique_ptr<EvalfitScorer>> create(const EvalfitEngineConfig& config,
                                                          const std::vector<LabelledPosition>& positions);

    virtual bool fastPath() const = 0;
    virtual std::size_t workers() const = 0;
    // The scores for each candidate's options (in order). Stops early when `stop` is requested:
    // unfinished candidates come back failed with "cancelled".
    virtual std::vector<CandidateScores> score(const std::vector<uci::OptionValues>& candidates, std::stop_token stop) = 0;
};

// A mate score as centipawns far beyond any evaluation (+-30000, nearer mates higher).
int scoreToCentipawns(const uci::Score& score);

}  // namespace mf::dataset
