#pragma once
// Scores by chromosome values, for deterministic limits (depth, nodes): an elite or a duplicate
// costs nothing. Keyed by the work too (FitnessPlan::mainKey / heldOutKey: the main suite and the
// held-out suite are scored apart).
// Scores with failed searches are not kept: the next evaluation may succeed.

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "evolution/tuning/fitness_evaluator.h"

namespace mf::tuning {

class ScoreCache {
public:
    explicit ScoreCache(bool enabled) : enabled_(enabled) {}

    bool enabled() const { return enabled_; }
    std::optional<CandidateScore> find(std::int64_t work, const std::vector<int>& values) const {
        if (!enabled_) return std::nullopt;
        auto it = scores_.find({work, values});
        if (it == scores_.end()) return std::nullopt;
        return it->second;
    }
    void store(std::int64_t work, const std::vector<int>& values, const CandidateScore& score) {
        if (!enabled_ || score.failed > 0 || !score.complete()) return;
        CandidateScore kept = score;
        // The per-position (per-game) detail is for reports, not for selection. Moved over, not
        // cleared: clear() kept the copy's buffers, some 190 bytes a position for every entry
        // (16 MB in a thousand generations of the soak test).
        kept.positions = std::vector<PositionResult>();
        kept.pairs = std::vector<match::PairResult>();
        scores_.insert_or_assign({work, values}, std::move(kept));
    }

private:
    bool enabled_;
    std::map<std::pair<std::int64_t, std::vector<int>>, CandidateScore> scores_;
};

}  // namespace mf::tuning
