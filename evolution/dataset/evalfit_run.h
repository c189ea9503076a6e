#pragma once
// A GA run whose fitness is evalfit (evalfit_measure.h): generation by generation, every member
// that needs a fitness is scored in one batch (spread over the scorer's engine processes), one
// line per generation is reported, the held-out E of the best is measured every K generations and
// at the last, and the population file is rewritten after every generation. K and E0 are fitted
// at the start and saved in the file's extras, so a resumed run continues exactly: 2 generations,
// then --resume for 2 more, writes the same file as 4 straight.
#include <filesystem>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/dataset/evalfit_measure.h"
#include "evolution/dataset/evalfit_polish.h"
#include "evolution/ga/evolution.h"
#include "evolution/ga/start_population.h"

namespace mf::dataset {

// Scores candidates (their option values) on one data set; EvalfitScorer::score in production.
using ScoreFunction = std::function<std::vector<CandidateScores>(const std::vector<uci::OptionValues>&)>;

struct EvalfitRunSettings {
    ga::Parameters parameters;
    ga::Genome genome;
    ga::StartPopulation start = ga::StartPopulation::AroundDefaults;
    std::string data;               // the training data set (shown and saved)
    std::string heldOutData;        // empty: none
    int heldOutEvery = 5;
    std::filesystem::path out;      // rewritten after every generation; empty: not saved
    // Saved verbatim in the file's extras (engine, its arguments and options, path), so a resume
    // can restart the same engines.
    std::vector<std::pair<std::string, std::string>> engineExtras;
};

struct EvalfitGeneration {
    ga::GenerationStats stats;        // fitness = E0 / E
    double bestError = 0.0;           // E of the best
    double meanError = 0.0;           // mean E of the scored members
    std::size_t scored = 0;           // members scored in this generation (the others kept theirs)
    std::size_t cached = 0;           // members whose values were scored before in this process
    std::size_t failed = 0;           // members whose scoring failed: fitness 0, reported
    std::optional<double> heldOutError;
    std::vector<std::string> failures;
};

struct EvalfitPolish {
    PolishResult result;
    double startError = 0.0;                 // E of the member the polish started from
    std::optional<double> heldOutError;      // held-out E of the polished weights
    std::vector<std::string> failures;
};

struct EvalfitFit {
    double k = 1.0;
    double startError = 0.0;          // E0: the defaults' E at K
    std::optional<double> heldOutStartError;
};

class EvalfitRun {
public:
    EvalfitRun(EvalfitRunSettings settings, std::vector<double> results, ScoreFunction score,
               std::vector<double> heldOutResults = {}, ScoreFunction heldOutScore = {});

    // A new run: fits K on the genome's defaults, then generation 0 from the start population.
    Result<EvalfitFit> fit();
    // Continues a saved run (its K and E0 from the extras). An error names the bad extra.
    Result<EvalfitFit> resume(ga::RunState saved);

    // Evaluates the current generation, then breeds and evaluates until `lastGeneration`.
    // `onGeneration` sees each evaluated generation. Returns an error when a file cannot be written.
    Result<void> run(int lastGeneration, const std::function<void(const EvalfitGeneration&)>& onGeneration,
                     std::stop_token stop = {});

    // Texel's local search (evalfit_polish.h) from the best member of the evaluated current
    // generation, at most `maxPasses` passes. The polished weights replace the worst member (with
    // their fitness), so the best of the saved file, and `export`, give them; the evaluations
    // count grows by the polish's. The held-out E of the polished weights is measured, and the
    // file rewritten. Call after run(); an error when nothing is evaluated yet or a file cannot
    // be written.
    Result<EvalfitPolish> polish(int maxPasses, const std::function<void(const PolishPass&)>& onPass = {});

    const ga::RunState& state() const { return state_; }
    const EvalfitFit& fitted() const { return fit_; }

private:
    EvalfitGeneration evaluate();
    std::vector<std::pair<std::string, std::string>> extras() const;
    uci::OptionValues optionsOf(const std::vector<int>& values) const;

    EvalfitRunSettings settings_;
    std::vector<double> results_;
    ScoreFunction score_;
    std::vector<double> heldOutResults_;
    ScoreFunction heldOutScore_;
    EvalfitFit fit_;
    ga::RunState state_;
    bool evaluatedCurrent_ = false;
    std::vector<std::pair<std::vector<int>, double>> cache_;  // values -> E, this process only
};

// The extras keys of an evalfit population file.
inline constexpr const char* kEvalfitMeasureKey = "measure";
inline constexpr const char* kEvalfitMeasure = "evalfit";

}  // namespace mf::dataset
