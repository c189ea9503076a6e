#pragma once
// The evalfit measure: every candidate's engine scores every labelled position of a data set (the
// quiescence score q, White's view), and its fitness is E0 / E, Texel's error E of those scores
// against the game results (scoring/evalfit_fitness.h). This folder holds all of it: the work and
// its items (here), the split and merge (evalfit_items.cpp), the runner (evalfit_runner.cpp, on a
// DatasetScoringService), the plan with its fitted K and E0 (evalfit_plan.cpp), the report text
// (evalfit_report.cpp), a chunk's form on an MPI wire (evalfit_wire.h), Texel's local search
// (evalfit_polish.h); how an engine scores a position (scoring/), the trace path's storage and
// arithmetic (trace/), and the measure's own part of the run (run/: K and E0, the trace point,
// the gradient's model).

#include <filesystem>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/dataset/dataset_index.h"
#include "evolution/dataset/dataset_reader.h"
#include "evolution/tuning/measures/evalfit/trace/difference_trace.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/tuning/common/candidate_score.h"
#include "evolution/tuning/measures/fitness_measure.h"
#include "evolution/tuning/measures/measure_types.h"
#include "evolution/tuning/measures/evalfit/evalfit_settings.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

struct EvalfitMeasure;
class DatasetScoringService;
// The run's own types, for the run steps below (measure_run_steps.h).
class FitnessPlan;
class FitnessEvaluator;
struct TuningSettings;
struct GenerationReport;
struct RunStepHandlers;
struct RunStepOutcome;
struct GenerationStep;
}  // namespace mf::tuning
namespace mf::ga {
struct RunState;
}  // namespace mf::ga
namespace mf::tuning {

// Every candidate's engine scores every position (the bundled engine's fast path, or any engine's
// `go depth 1` score: measures/evalfit/scoring/evalfit_scoring.h), and its Texel error E = mean (R -
// sigmoid(K q / 400))^2 is merged from the item results; fitness = E0 / E. K and E0 are fitted
// once on the genome's defaults before the first generation (with `keepScores` set, the merge
// hands back the defaults' q).
// The trace path's settings (path Trace): where the coefficients come from and the weights they
// are taken at. Set when the path is resolved (evalfit_fit.h); traces are built once per chunk
// and kept while `point` and `epoch` stay the same.
struct TraceSpec {
    dataset::TraceSource source = dataset::TraceSource::Engine;
    dataset::EvalfitPath direct = dataset::EvalfitPath::Fast;  // scores directly: differences, confirmation, fallback
    uci::OptionValues point;                   // the weights the traces are taken at (genome order)
    std::vector<dataset::DifferenceTerm> terms;  // source Differences: the genome's terms at `point`
    int epoch = 0;                             // raised when the run re-traces (new leaves)
    std::filesystem::path cacheDir;            // traces kept between runs here (trace_cache.h); empty: none
    friend bool operator==(const TraceSpec&, const TraceSpec&) = default;
};

struct DatasetWork {
    using Measure = EvalfitMeasure;
    std::string file;                  // the data set's path (reports; a remote rank reads it itself)
    // The positions (read back from the file a range at a time) and R of each, White's view: 1,
    // 0.5, 0, in file order. Shared: a generation's copy of the work costs nothing.
    std::shared_ptr<const dataset::DatasetIndex> positions;
    std::size_t size() const { return positions ? positions->size() : 0; }
    double k = 1.0;                    // Texel's K
    double startError = 0.0;           // E0 at K; 0 before the fit (then fitness is not meaningful)
    dataset::EvalfitPath path = dataset::EvalfitPath::Auto;  // resolved before the first item
    uci::SearchLimit uciLimit = uci::SearchLimit::depth(1);  // the uci path's search per position
    bool keepScores = false;           // the fit: CandidateScore::q holds every position's q
    TraceSpec trace;                   // path Trace only
};

// The work of a data set indexed from `file`, scored on `path` with `uciLimit` per position on the
// uci path. Rank 0 and every worker rank build it the same way, so a chunk's positions are the
// same on both.
DatasetWork datasetWorkOf(dataset::DatasetIndex index, dataset::EvalfitPath path, const uci::SearchLimit& uciLimit);

// Positions [first, first + count) of a DatasetWork, scored by candidate `candidate`'s engine.
struct DatasetItem {
    std::size_t candidate = 0;
    std::size_t first = 0;
    std::size_t count = 0;
    friend bool operator==(const DatasetItem&, const DatasetItem&) = default;
};

// A DatasetItem's scores: q of each of its positions (White's view, count entries), or why none.
struct DatasetItemResult {
    std::vector<int> q;
    // The sum of (R - sigmoid(K q / 400))^2 over the item's positions, in place of q, wherever K
    // is known and the work does not keep scores (the trace path; the fast path on this machine),
    // so no candidate's q of a whole data set is held until the merge.
    std::optional<double> squaredErrorSum;
    std::string failure;     // non-empty: not scored (the engine failed twice, or an option it lacks)
    bool cancelled = false;  // stopped before it was scored
};

// The data set and the held-out one, the same in every generation once K and E0 are set.
struct EvalfitPlan {
    DatasetWork main;
    std::optional<DatasetWork> heldOut;
};

struct EvalfitMeasure {
    using Work = DatasetWork;
    using Item = DatasetItem;
    using ItemResult = DatasetItemResult;
    using Plan = EvalfitPlan;
    using Service = DatasetScoringService;  // what runs the items: scorers with an engine process each
    using Settings = EvalfitSettings;

    // The FitnessMeasure values it serves, with their text in population files and on the command line.
    static constexpr MeasureName names[]{{FitnessMeasure::Evalfit, "evalfit"}};
    // Reads the data set and the held-out one; a resumed run's K and E0 come with the settings.
    static Result<EvalfitPlan> load(const MeasureSetup& run, const EvalfitSettings& settings,
                                    std::vector<std::string>& warnings);
    static std::size_t workers(const DatasetScoringService& service);

    // The run steps (measure_run_steps.h; defined in run/evalfit_run_steps.cpp, which stands on the
    // run core's plan and settings). Before the first generation:
    // the path resolved, K and E0 fitted on the genome's defaults, the traces checked against
    // direct scoring. At each generation: the trace point (trace_point.h). At the end: the
    // winner's E as the engine itself scores it. Beside the fitness: E, E0 and K.
    static RunStepOutcome prepareRun(FitnessPlan& plan, TuningSettings& settings, FitnessEvaluator& evaluator,
                                     std::stop_token stop, const RunStepHandlers& handlers);
    static GenerationStep atGeneration(FitnessPlan& plan, const TuningSettings& settings, ga::RunState& state,
                                       bool rescore);
    static std::string confirmWinner(FitnessPlan& plan, const TuningSettings& settings, FitnessEvaluator& evaluator,
                                     const GenerationReport& report, std::stop_token stop);
    static void addFigures(const TuningSettings& settings, GenerationReport& report);
    static std::optional<std::string> fightProblem(const TuningSettings& settings);
    // A position's quiescence score (or depth 1 search) is the same every time.
    static constexpr bool scoresRepeat = true;
};

// The work.
WorkUnit unitKind(const DatasetWork& work);
std::size_t candidateUnits(const DatasetWork& work);  // the data set's positions
std::string describe(const DatasetWork& work);

// Split and merge: chunks of positions (SplitOptions::datasetPositionsPerItem), candidate by
// candidate; the merge computes E over every chunk's q (a failed or missing chunk leaves the
// candidate unscored).
std::vector<DatasetItem> splitItems(const DatasetWork& work, std::size_t candidates, const SplitOptions& options);
std::size_t unitsOf(const DatasetItem& item);
std::size_t candidateOf(const DatasetItem& item);
DatasetItemResult cancelledItem(const DatasetWork& work, const DatasetItem& item);
std::vector<CandidateScore> mergeItems(const DatasetWork& work, std::size_t candidates,
                                       const std::vector<DatasetItem>& items,
                                       const std::vector<std::optional<DatasetItemResult>>& results);

// Scores one chunk on `scoring` with the candidate's options.
void runItem(DatasetScoringService* scoring, const DatasetWork& work, const DatasetItem& item,
             const std::vector<Candidate>& candidates, std::stop_token stop, std::function<void(DatasetItemResult)> done);

// The plan.
DatasetWork generationWork(const EvalfitPlan& plan, int generation);
const std::optional<DatasetWork>& heldOutOf(const EvalfitPlan& plan);
inline bool changesWithGeneration(const EvalfitPlan&) { return false; }
// True until K and E0 are known (from the settings of a resumed run, or setFit after the run has
// scored the genome's defaults).
bool needsFit(const EvalfitPlan& plan);
// Sets K and E0 (and the held-out data's E0) in the main and held-out work.
void setFit(EvalfitPlan& plan, double k, double startError, std::optional<double> heldOutStartError);
// How the engines score, the same for the main and held-out work (Auto until resolved).
void setScoringPath(EvalfitPlan& plan, dataset::EvalfitPath path);
// The trace path's settings, the same for the main and held-out work.
void setTraceSpec(EvalfitPlan& plan, const TraceSpec& spec);

// The report: "  E x over N positions" after the fitness; no table.
void writeScoreSummary(std::ostream& out, const DatasetWork& work, const CandidateScore& score);
void writeScoreDetails(std::ostream& out, const DatasetWork& work, const CandidateScore& score);

}  // namespace mf::tuning
