#pragma once
// The games measure: every candidate plays game pairs (each opening twice, colours reversed)
// against a baseline, and its fitness is its points (1 a win, 1/2 a draw). This folder holds all
// of it: the work and its items (here), the split and merge (games_items.cpp), the runner
// (games_runner.cpp), the plan that hands each generation its openings (games_plan.cpp), the
// report text (games_report.cpp) and a pair's form on an MPI wire (games_wire.h).

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/match/game_types.h"
#include "evolution/tuning/common/candidate_score.h"
#include "evolution/tuning/measures/fitness_measure.h"
#include "evolution/tuning/measures/games/game_players.h"
#include "evolution/tuning/measures/measure_types.h"
#include "evolution/tuning/measures/games/games_settings.h"
#include "evolution/tuning/measures/games/speed_probe.h"

namespace mf::tuning {

struct GamesMeasure;

// Every candidate plays one game pair (each colour once) from each opening against `baseline`:
// pair i of every candidate starts from openings[i], so a generation is compared fairly. The
// candidate plays on the tuned engine with its values; which engine plays the baseline (the
// tuned one or another) belongs to the evaluator's engines (EvaluatorFactory), not to the work.
struct GamesWork {
    using Measure = GamesMeasure;
    std::vector<match::Opening> openings;
    match::Side baseline;                   // name and option values ({}: the engine's defaults)
    // The candidates play each other in couples (2j against 2j + 1) instead of the baseline.
    bool partners = false;
    match::GameLimits limits;
    match::AdjudicationRules adjudication;
    std::string source;                     // where the openings come from, for reports
    SpeedProbe speed;                       // each side's speed against the start, the speed charge
};

// Game pair `pair` (from GamesWork::openings[pair]) of candidate `candidate` against the baseline,
// or with partners against candidate `partner` (its couple's other member).
struct GamePairItem {
    std::size_t candidate = 0;
    std::size_t pair = 0;
    std::optional<std::size_t> partner;
    friend bool operator==(const GamePairItem&, const GamePairItem&) = default;
};

// A GamePairItem's pair: side A is the candidate (White in games[0]), side B the baseline.
struct GamePairItemResult {
    match::PairResult pair;
    bool cancelled = false;  // stopped before it finished: never scored
};

// The openings file's openings in the order the run's seed gives them: the first held-out ones
// kept apart for the held-out check, the rest the training set that generations take in turn.
struct GamesPlan {
    GamesWork shape;                        // baseline, limits, adjudication, source (no openings)
    std::vector<match::Opening> training;   // generations take `pairs` of these in turn
    std::size_t pairs = 0;
    std::optional<GamesWork> heldOut;
    // The run's answer against the start values on openings no generation plays, at a clock.
    std::optional<GamesWork> confirmation;
};

struct GamesMeasure {
    using Work = GamesWork;
    using Item = GamePairItem;
    using ItemResult = GamePairItemResult;
    using Plan = GamesPlan;
    using Service = GamePairService;  // what runs the items: game slots of two engines each
    using Settings = GamesSettings;

    // The FitnessMeasure values it serves, with their text in population files and on the command line.
    static constexpr MeasureName names[]{{FitnessMeasure::Games, "games"}};
    // Reads the openings and resolves the baseline; too few openings for the pairs is the error.
    static Result<GamesPlan> load(const MeasureSetup& run, const GamesSettings& settings,
                                  std::vector<std::string>& warnings);
    static std::size_t workers(const GamePairService& players) { return players.slotCount(); }
};

// The work.
WorkUnit unitKind(const GamesWork& work);
std::size_t candidateUnits(const GamesWork& work);  // two games per opening
std::size_t measureUnitsPlayed(const GamesWork& work, std::size_t candidates);  // couples play once
std::string describe(const GamesWork& work);

// Split and merge: one item per pair, whatever the options; the merge tallies each candidate's
// games in opening order (a game that did not finish is not scored).
std::vector<GamePairItem> splitItems(const GamesWork& work, std::size_t candidates, const SplitOptions& options);
std::size_t unitsOf(const GamePairItem& item);
std::size_t candidateOf(const GamePairItem& item);
GamePairItemResult cancelledItem(const GamesWork& work, const GamePairItem& item);
std::vector<CandidateScore> mergeItems(const GamesWork& work, std::size_t candidates,
                                       const std::vector<GamePairItem>& items,
                                       const std::vector<std::optional<GamePairItemResult>>& results);

// Plays one pair on a free game slot of `players`, the item's candidate as side A, the baseline or
// its partner (of `candidates`) as side B.
void runItem(GamePairService* players, const GamesWork& work, const GamePairItem& item,
             const std::vector<Candidate>& candidates, std::stop_token stop,
             std::function<void(GamePairItemResult)> done);

// What a candidate's games say of its strength against side B: Elo with its 95% interval from
// its game pairs (pentanomial), nothing when it played no finished pair.
std::optional<EloFigure> measureElo(const GamesWork& work, const CandidateScore& score);

// The plan: generation g plays training openings g*K .. g*K+K-1 (wrapping); the held-out
// openings are the same every generation.
GamesWork generationWork(const GamesPlan& plan, int generation);
const std::optional<GamesWork>& heldOutOf(const GamesPlan& plan);
const std::optional<GamesWork>& confirmationOf(const GamesPlan& plan);
inline bool changesWithGeneration(const GamesPlan&) { return true; }

// The adjudication the games measure plays with (values in games_plan.cpp and the README).
match::AdjudicationRules tuningAdjudication();

// The report: "  games +W =D -L" after the fitness, and one line per game.
void writeScoreSummary(std::ostream& out, const GamesWork& work, const CandidateScore& score);
void writeScoreDetails(std::ostream& out, const GamesWork& work, const CandidateScore& score);

}  // namespace mf::tuning
