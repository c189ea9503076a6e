#pragma once
// The suite measures (solved, points): every candidate searches every position of an EPD suite
// under one rule, and its fitness is the sum of the positions' scores. This folder holds all of
// it: the work and its items (here), the split and merge (suite_items.cpp), one searched position
// as a result (suite_positions.h), the runner (suite_runner.cpp), the plan (suite_plan.cpp) and
// the report text (suite_report.cpp). Searches travel to MPI ranks as uci search requests, so
// the measure needs no wire code of its own.

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/tuning/common/candidate_score.h"
#include "evolution/tuning/measures/fitness_measure.h"
#include "evolution/tuning/measures/measure_types.h"
#include "evolution/tuning/measures/suite/suite_settings.h"
#include "evolution/uci/epd_suite.h"
#include "evolution/uci/search_service.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

struct SuiteMeasure;

// How positions are searched and counted; the same for every candidate of a run.
struct ScoringRule {
    uci::SearchLimit limit;
    double prize = 0.0;  // answer-speed prize: up to this much more for a position solved at once
    FitnessMeasure measure = FitnessMeasure::Solved;
};

// Every candidate searches every position of `suite` under `rule`.
struct SuiteWork {
    using Measure = SuiteMeasure;
    uci::Suite suite;
    ScoringRule rule;
};

// Positions [first, first + count) of a SuiteWork's suite, searched by candidate `candidate`.
struct SuiteItem {
    std::size_t candidate = 0;
    std::size_t first = 0;
    std::size_t count = 0;
    friend bool operator==(const SuiteItem&, const SuiteItem&) = default;
};

// A SuiteItem's positions, in suite order (count entries).
struct SuiteItemResult {
    std::vector<PositionResult> positions;
};

// The suite and the held-out suite, the same in every generation.
struct SuitePlan {
    SuiteWork main;
    std::optional<SuiteWork> heldOut;
};

struct SuiteMeasure {
    using Work = SuiteWork;
    using Item = SuiteItem;
    using ItemResult = SuiteItemResult;
    using Plan = SuitePlan;
    using Service = uci::SearchService;  // what runs the items: a pool of searching engines
    using Settings = SuiteSettings;

    // The FitnessMeasure values it serves, with their text in population files and on the command line.
    static constexpr MeasureName names[]{{FitnessMeasure::Solved, "solved"}, {FitnessMeasure::Points, "points"}};
    // Reads the suite and the held-out suite; skipped records are warnings, an unusable file the error.
    static Result<SuitePlan> load(const MeasureSetup& run, const SuiteSettings& settings,
                                  std::vector<std::string>& warnings);
    static std::size_t workers(const uci::SearchService& service) { return service.workers(); }
};

// The work.
WorkUnit unitKind(const SuiteWork& work);
std::size_t candidateUnits(const SuiteWork& work);  // the suite's positions
std::string describe(const SuiteWork& work);        // "suite X (300 positions), nodes 2000, prize 0, fitness by solved"

// Split and merge: chunks of `positionsPerItem` positions, candidate by candidate; the merge sums
// each candidate's positions (a position no result covers counts cancelled).
std::vector<SuiteItem> splitItems(const SuiteWork& work, std::size_t candidates, const SplitOptions& options);
std::size_t unitsOf(const SuiteItem& item);
std::size_t candidateOf(const SuiteItem& item);
SuiteItemResult cancelledItem(const SuiteWork& work, const SuiteItem& item);
std::vector<CandidateScore> mergeItems(const SuiteWork& work, std::size_t candidates, const std::vector<SuiteItem>& items,
                                       const std::vector<std::optional<SuiteItemResult>>& results);

// Runs one item: every position is one request to `service`, all in one batch.
void runItem(uci::SearchService* service, const SuiteWork& work, const SuiteItem& item, const std::vector<Candidate>& candidates,
             std::stop_token stop, std::function<void(SuiteItemResult)> done);

// The plan.
SuiteWork generationWork(const SuitePlan& plan, int generation);
const std::optional<SuiteWork>& heldOutOf(const SuitePlan& plan);
inline bool changesWithGeneration(const SuitePlan&) { return false; }

// The report: "  solved S/N" after the fitness, and a table of the positions.
void writeScoreSummary(std::ostream& out, const SuiteWork& work, const CandidateScore& score);
void writeScoreDetails(std::ostream& out, const SuiteWork& work, const CandidateScore& score);

}  // namespace mf::tuning
