#include "evolution/tuning/run/generation_scorer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

namespace mf::tuning {

double ScoringTotals::hitRate() const {
    return searched + cached == 0 ? 0.0 : static_cast<double>(cached) / static_cast<double>(searched + cached);
}

// A member that needs a fitness, and where its score comes from.
struct GenerationScorer::Need {
    ga::RunState* state = nullptr;
    std::size_t member = 0;
    std::vector<int> values;
    std::optional<CandidateScore> cached;  // served by the cache
    std::size_t candidate = 0;             // else: its search among Searches::candidates
};

struct GenerationScorer::Searches {
    std::vector<Need> needs;
    std::vector<Candidate> candidates;     // distinct chromosomes to search, in the needs' order
    std::size_t cached = 0;                // needs served by the cache or an equal chromosome
};

GenerationScorer::GenerationScorer(ScoreCache cache, uci::SearchLimit limit)
    : cache_(std::move(cache)), limit_(limit) {}

GenerationScorer::Searches GenerationScorer::plan(const std::vector<ga::RunState*>& states, std::int64_t workKey,
                                                  bool rescoreAll) {
    Searches out;
    for (ga::RunState* state : states)
        for (ga::Member& member : state->population)
            if (rescoreAll || (member.fitness && provisional_.contains(ga::decode(state->genome, member.chromosome))))
                member.fitness.reset();
    for (ga::RunState* state : states)
        for (std::size_t i : ga::pendingMembers(state->population))
            out.needs.push_back({state, i, ga::decode(state->genome, state->population[i].chromosome), {}, 0});

    // With a cache (a deterministic limit) members with equal values share one search.
    std::map<std::vector<int>, std::size_t> candidateOf;
    for (Need& need : out.needs) {
        need.cached = cache_.find(workKey, need.values);
        if (need.cached) {
            ++out.cached;
            continue;
        }
        if (cache_.enabled()) {
            auto [it, inserted] = candidateOf.try_emplace(need.values, out.candidates.size());
            if (!inserted) {
                need.candidate = it->second;
                ++out.cached;  // a duplicate within the generation costs nothing either
                continue;
            }
        }
        need.candidate = out.candidates.size();
        out.candidates.push_back(makeCandidate(need.state->genome, need.values));
    }
    return out;
}

std::optional<std::vector<CandidateScore>> GenerationScorer::search(const KeyedWork& work,
                                                                    const std::vector<Candidate>& candidates,
                                                                    FitnessEvaluator& evaluator, std::stop_token stop,
                                                                    const ProgressFor& progressFor,
                                                                    GenerationCost& cost) {
    using Clock = std::chrono::steady_clock;
    const auto started = Clock::now();
    const std::size_t units = unitsPlayed(work.work, candidates.size());
    const ProgressHandler onProgress = progressFor ? progressFor(candidates.size(), units) : ProgressHandler{};
    // Every evaluation is reported from its start: a slow first answer shows as waiting.
    if (onProgress) onProgress({0, units, 0});
    auto scores = evaluator.evaluate(work.work, candidates, stop, onProgress);
    cost.wallTime += Clock::now() - started;
    if (!stop.stop_requested()) totals_.units += units;
    if (stop.stop_requested() || scores.size() != candidates.size()) return std::nullopt;
    if (!std::all_of(scores.begin(), scores.end(), [](const CandidateScore& s) { return s.complete(); }))
        return std::nullopt;
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        cost.thinkTime += scores[c].thinkTime;
        cost.gamesPlayed += scores[c].games.gamesPlayed;
        cost.gamesLostOnTime += scores[c].games.lostOnTime;
        cache_.store(work.key, candidates[c].values, scores[c]);
    }
    return scores;
}

void GenerationScorer::countSearches(const std::vector<CandidateScore>& scores, GenerationCost& cost) const {
    for (const CandidateScore& score : scores) {
        cost.failedSearches += static_cast<std::size_t>(score.failed);
        for (const PositionResult& position : score.positions)
            if (position.scored && uci::nodesLimitBreak(limit_, position.nodes) != uci::LimitBreak::None)
                ++cost.limitBreakingSearches;
    }
}

std::optional<EloFigure> GenerationScorer::lastElo(const std::vector<int>& values) const {
    const auto it = lastElo_.find(values);
    return it == lastElo_.end() ? std::nullopt : std::optional<EloFigure>(it->second);
}

std::optional<double> GenerationScorer::lastSpeed(const std::vector<int>& values) const {
    if (const auto it = lastSpeed_.find(values); it != lastSpeed_.end()) return it->second;
    if (lastSpeed_.empty()) return std::nullopt;
    double logSum = 0.0;
    for (const auto& [member, ratio] : lastSpeed_) logSum += std::log(ratio);
    return std::exp(logSum / static_cast<double>(lastSpeed_.size()));
}

void GenerationScorer::assign(const std::vector<Need>& needs, const std::vector<CandidateScore>& scores,
                              const FitnessWork& work) {
    lastElo_.clear();
    lastSpeed_.clear();
    for (const Need& need : needs) {
        const CandidateScore& score = need.cached ? *need.cached : scores[need.candidate];
        if (auto elo = eloOf(work, score)) lastElo_[need.values] = *elo;
        if (auto speed = score.games.speedRatio(); speed && *speed > 0.0) lastSpeed_[need.values] = *speed;
        need.state->population[need.member].fitness = score.fitness;
        ++need.state->evaluations;
        if (score.failed > 0)
            provisional_.insert(need.values);
        else
            provisional_.erase(need.values);
    }
}

std::optional<GenerationCost> GenerationScorer::scorePending(const std::vector<ga::RunState*>& states,
                                                             const KeyedWork& work, bool rescoreAll,
                                                             FitnessEvaluator& evaluator, std::stop_token stop,
                                                             const ProgressFor& progressFor) {
    const Searches searches = plan(states, work.key, rescoreAll);
    GenerationCost cost;
    cost.searchedCandidates = searches.candidates.size();
    cost.cachedCandidates = searches.cached;
    std::vector<CandidateScore> scores;
    if (!searches.candidates.empty()) {
        auto searched = search(work, searches.candidates, evaluator, stop, progressFor, cost);
        if (!searched) return std::nullopt;
        scores = std::move(*searched);
        countSearches(scores, cost);
    }
    assign(searches.needs, scores, work.work);
    totals_.searched += cost.searchedCandidates;
    totals_.cached += cost.cachedCandidates;
    totals_.failed += cost.failedSearches;
    totals_.limitBreaking += cost.limitBreakingSearches;
    return cost;
}

std::optional<std::vector<HeldOutResult>> GenerationScorer::scoreBests(const std::vector<std::vector<int>>& bests,
                                                                       const ga::Genome& genome, const KeyedWork& work,
                                                                       FitnessEvaluator& evaluator,
                                                                       std::stop_token stop,
                                                                       const ProgressFor& progressFor,
                                                                       GenerationCost& cost) {
    std::vector<Candidate> candidates;
    std::map<std::vector<int>, CandidateScore> scored;
    for (const auto& values : bests) {
        if (scored.contains(values)) continue;
        if (auto hit = cache_.find(work.key, values))
            scored.emplace(values, std::move(*hit));
        else if (std::none_of(candidates.begin(), candidates.end(), [&](const Candidate& c) { return c.values == values; }))
            candidates.push_back(makeCandidate(genome, values));
    }
    if (!candidates.empty()) {
        auto scores = search(work, candidates, evaluator, stop, progressFor, cost);
        if (!scores) return std::nullopt;
        for (std::size_t c = 0; c < candidates.size(); ++c)
            scored.emplace(candidates[c].values, std::move((*scores)[c]));
    }
    std::vector<HeldOutResult> results;
    for (const auto& values : bests) {
        const CandidateScore& score = scored.at(values);
        results.push_back({score.fitness, score.solved, score.scored, score.failed, unitsPerCandidate(work.work),
                           workUnit(work.work), score.error, eloOf(work.work, score)});
    }
    return results;
}

}  // namespace mf::tuning
