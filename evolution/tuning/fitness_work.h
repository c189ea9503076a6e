#pragma once
// FitnessWork: what a FitnessEvaluator is asked to measure, as a plain value. One alternative per
// fitness measure family:
//   SuiteWork   an EPD suite and the rule that scores each position (measures solved, points)
//   GamesWork   game pairs against a baseline (measure games)
//   DatasetWork labelled positions and Texel's error (measure evalfit)
// Everything in it is a value (no files, no engines, no pointers), so an evaluator can copy it,
// keep it for a run, or send it to another process.
//
// Adding a measure family (e.g. DatasetWork for labelled positions):
//   1. here: a struct of plain values, added to FitnessWork, and its case in workUnit() and
//      describeWork();
//   2. work_items.h: its work item and item result (added to WorkItem / ItemResult) and its
//      cases in splitWork, itemUnits, itemCandidate, cancelledResult and mergeResults;
//   3. item_runner.cpp: how one item runs on this machine's engines;
//   4. fitness_plan.cpp: how a run's settings become this work (main and held-out);
//   5. evaluation_report.cpp: how its result reads in `print`.
// Every one of those is a std::visit over the variant with one lambda per alternative, so the
// compiler names each place a new alternative still lacks. Evaluators (local, MPI) and the run
// controller need no edit.

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "evolution/match/game_types.h"
#include "evolution/tuning/tuning_settings.h"
#include "evolution/uci/epd_suite.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

// How positions are searched and counted; the same for every candidate of a run.
struct ScoringRule {
    uci::SearchLimit limit;
    double prize = 0.0;                       // answer-speed prize (SPEC section 4)
    FitnessMeasure measure = FitnessMeasure::Solved;
};

// Every candidate searches every position of `suite` under `rule`.
struct SuiteWork {
    uci::Suite suite;
    ScoringRule rule;
};

// Every candidate plays one game pair (each colour once) from each opening against `baseline`:
// pair i of every candidate starts from openings[i], so a generation is compared fairly. The
// candidate plays on the tuned engine with its values; which engine plays the baseline (the
// tuned one or another) belongs to the evaluator's engines (EvaluatorFactory), not to the work.
struct GamesWork {
    std::vector<match::Opening> openings;
    match::Side baseline;                   // name and option values ({}: the engine's defaults)
    match::GameLimits limits;
    match::AdjudicationRules adjudication;
    std::string source;                     // where the openings come from, for reports
};

// Every candidate's engine scores every position (the quiescence score q, White's view; the
// bundled engine's fast path, or any engine's `go depth 1` score: evolution/dataset/evalfit_scoring.h),
// and its Texel error E = mean (R - sigmoid(K q / 400))^2 is merged from the item results; fitness
// = E0 / E (evolution/dataset/evalfit_measure.h). K and E0 are fitted once on the genome's defaults
// before the first generation (with `keepScores` set, the merge hands back the defaults' q).
struct DatasetWork {
    std::string file;                  // the data set's path (reports; a remote rank reads it itself)
    std::vector<std::string> fens;     // the positions, in file order
    std::vector<double> results;       // R of each position, White's view: 1, 0.5, 0
    double k = 1.0;                    // Texel's K
    double startError = 0.0;           // E0 at K; 0 before the fit (then fitness is not meaningful)
    std::string path = "auto";         // auto | fast | uci (dataset::EvalfitPath)
    uci::SearchLimit uciLimit = uci::SearchLimit::depth(1);  // the uci path's search per position
    bool keepScores = false;           // the fit: CandidateScore::q holds every position's q
};

using FitnessWork = std::variant<SuiteWork, GamesWork, DatasetWork>;

// What progress is counted in: one unit is one search of a position, or one game.
enum class WorkUnit { Positions, Games };
WorkUnit workUnit(const FitnessWork& work);
std::string_view workUnitName(WorkUnit unit);  // "positions", "games"

// Units one candidate costs (suite size, games per candidate): for held-out reports and ETAs.
std::size_t unitsPerCandidate(const FitnessWork& work);

// One line saying what is measured, for reports: "suite X (300 positions), nodes 2000, prize 0,
// fitness by solved".
std::string describeWork(const FitnessWork& work);

// Lets std::visit take one lambda per alternative.
template<class... Fs>
struct Overloaded : Fs... {
    using Fs::operator()...;
};
template<class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

}  // namespace mf::tuning
