#pragma once
// Scoring a generation, without threads: which members need a fitness, which distinct chromosomes
// the engines must really search (the score cache and equal chromosomes serve the rest), one
// evaluator call for those, then every pending member's fitness and what it all cost. The run
// controller drives it from its run thread and adds what is about threads (pause, status, the
// observer); the scorer keeps what a run carries from one generation to the next.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stop_token>
#include <vector>

#include "evolution/ga/evolution.h"
#include "evolution/tuning/evaluate/fitness_evaluator.h"
#include "evolution/tuning/run/run_observer.h"
#include "evolution/tuning/evaluate/score_cache.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

// Counts over every generation a scorer has scored (the reports' run totals).
struct ScoringTotals {
    std::size_t searched = 0;
    std::size_t cached = 0;
    std::size_t failed = 0;
    std::size_t limitBreaking = 0;
    std::size_t units = 0;  // work units searched (games played, positions searched)
    // cached / (cached + searched), 0 before anything was scored.
    double hitRate() const;
};

// What one evaluator call needs from its caller: the handler its progress goes to, asked for once
// the number of candidates to search and of work units (over all of them) is known. May return an
// empty handler.
using ProgressFor = std::function<ProgressHandler(std::size_t candidates, std::size_t units)>;

// The work one evaluation scores on and its cache key (FitnessPlan: equal keys, equal work).
struct KeyedWork {
    FitnessWork work;
    std::int64_t key = 0;
};

class GenerationScorer {
public:
    // `cache` keeps scores between generations when it is enabled (deterministic limits): then
    // equal chromosomes in one generation share a search too. `limit` is the run's search limit,
    // which the scored searches' nodes are checked against.
    GenerationScorer(ScoreCache cache, uci::SearchLimit limit);

    // Scores every pending member of `states` on `work` (several states: a fight's lanes, scored
    // together) and writes its fitness. `rescoreAll`: the work is new this generation (games: new
    // openings), so every member is scored, those that kept a fitness too. The generation's cost,
    // or nullopt when the evaluation was stopped (no fitness written).
    std::optional<GenerationCost> scorePending(const std::vector<ga::RunState*>& states, const KeyedWork& work,
                                               bool rescoreAll, FitnessEvaluator& evaluator, std::stop_token stop,
                                               const ProgressFor& progressFor);

    // The result of each of `bests` (decoded values of `genome`) on the held-out `work`, in order:
    // each distinct chromosome not scored on it before is searched once. Its wall and think time
    // are added to `cost`; nullopt when stopped.
    std::optional<std::vector<HeldOutResult>> scoreBests(const std::vector<std::vector<int>>& bests,
                                                         const ga::Genome& genome, const KeyedWork& work,
                                                         FitnessEvaluator& evaluator, std::stop_token stop,
                                                         const ProgressFor& progressFor, GenerationCost& cost);

    const ScoringTotals& totals() const { return totals_; }
    // The Elo figure of `values` in the last scorePending (measure games); nothing when it was not
    // scored there or its measure plays no games.
    std::optional<EloFigure> lastElo(const std::vector<int>& values) const;
    // The speed ratio of `values` in the last scorePending (measure games: nodes a second over
    // the start's), else the geometric mean of that generation's members' ratios (the pick of
    // SPSA is no member: its members are theta +- c); nothing when none was measured.
    std::optional<double> lastSpeed(const std::vector<int>& values) const;
    const ScoreCache& cache() const { return cache_; }

private:
    struct Need;
    struct Searches;
    // Who in `states` needs a fitness, and what must be searched for them.
    Searches plan(const std::vector<ga::RunState*>& states, std::int64_t workKey, bool rescoreAll);
    // Runs `candidates` on the evaluator, adds its wall and think time to `cost` and keeps the
    // scores in the cache; nullopt when stopped (an incomplete score is never used).
    std::optional<std::vector<CandidateScore>> search(const KeyedWork& work, const std::vector<Candidate>& candidates,
                                                      FitnessEvaluator& evaluator, std::stop_token stop,
                                                      const ProgressFor& progressFor, GenerationCost& cost);
    void countSearches(const std::vector<CandidateScore>& scores, GenerationCost& cost) const;
    void assign(const std::vector<Need>& needs, const std::vector<CandidateScore>& scores, const FitnessWork& work);

    ScoreCache cache_;
    uci::SearchLimit limit_;
    // Values whose fitness was earned while some of their searches failed: such a fitness is
    // provisional, and a member with these values is scored again the next time it is met
    // (elites and unchanged copies keep their fitness otherwise), until a score without failures.
    std::set<std::vector<int>> provisional_;
    ScoringTotals totals_;
    std::map<std::vector<int>, EloFigure> lastElo_;
    std::map<std::vector<int>, double> lastSpeed_;
};

}  // namespace mf::tuning
