#pragma once
// FitnessPlan: a run's settings turned into the FitnessWork its evaluations are given. Loaded
// once when a run (or a print) starts: the files the measure needs are read and checked here, so
// a bad suite stops the run before any engine starts. Then the plan hands out the work of each
// generation, for the main evaluation and the held-out check.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/tuning/fitness_work.h"
#include "evolution/tuning/tuning_settings.h"

namespace mf::tuning {

class FitnessPlan {
public:
    // Reads what the measure needs (the suite and the held-out suite). Problems that leave the
    // run usable (records skipped) are appended to `warnings`; an unusable file is the error,
    // naming the file and its first bad line.
    static Result<FitnessPlan> load(const TuningSettings& settings, std::vector<std::string>& warnings);

    // The work the members of `generation` are scored on.
    const FitnessWork& mainWork(int generation) const;
    bool hasHeldOut() const { return heldOut_.has_value(); }
    // The held-out check's work (only when hasHeldOut()).
    const FitnessWork& heldOutWork(int generation) const;

    // Equal keys: equal work, so a deterministic score measured under one key holds for the other
    // (the run's score cache is keyed by it).
    std::int64_t mainKey(int generation) const;
    std::int64_t heldOutKey(int generation) const;

private:
    FitnessWork main_;
    std::optional<FitnessWork> heldOut_;
};

}  // namespace mf::tuning
