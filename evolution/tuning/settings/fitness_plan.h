#pragma once
// FitnessPlan: a run's settings turned into the FitnessWork its evaluations are given. Loaded
// once when a run (or a print) starts: the files the measure needs are read and checked here, so
// a bad suite stops the run before any engine starts. Then the plan hands out the work of each
// generation, for the main evaluation and the held-out check. What the work is, generation by
// generation, is the measure's (its plan in its folder under measures/).

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/result.h"
#include "evolution/tuning/evaluate/fitness_work.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

class FitnessPlan {
public:
    // Reads what the measure needs (the suite and the held-out suite, the openings, the data
    // sets). Problems that leave the run usable (records skipped) are appended to `warnings`; an
    // unusable file is the error, naming the file and its first bad line.
    static Result<FitnessPlan> load(const TuningSettings& settings, std::vector<std::string>& warnings);

    // The work the members of `generation` are scored on. Suites: the same every generation.
    // Games: K openings of the training set, taken in turn from the seed's order by generation.
    FitnessWork mainWork(int generation) const;
    bool hasHeldOut() const;
    // The held-out check's work (only when hasHeldOut()): a held-out suite, the games' held-out
    // openings (kept apart from every generation's openings), or a held-out data set.
    FitnessWork heldOutWork(int generation) const;
    // The confirmation's work (the games measure with confirmation pairs): the run's answer
    // against its start values on openings no generation plays, at a clock. Nullopt otherwise.
    std::optional<FitnessWork> confirmationWork() const;
    // Its key in the score cache: no other work has it.
    static constexpr std::int64_t kConfirmationKey = std::numeric_limits<std::int64_t>::min();
    // True when the work changes from one generation to the next (games): then every member of a
    // generation is scored on it, elites and unchanged children too, so all are compared fairly.
    bool changesEachGeneration() const;
    // Evalfit on the trace path: the generation whose traces the run scores on now (trace_point.h);
    // 0 for the start's traces and for every other measure and path.
    int traceEpoch() const;

    // Equal keys: equal work, so a deterministic score measured under one key holds for the other
    // (the run's score cache is keyed by it).
    std::int64_t mainKey(int generation) const;
    std::int64_t heldOutKey(int generation) const;

    // The measure's own plan, for what only that measure has (evalfit's K and E0); null when the
    // run measures something else.
    template <class Plan>
    Plan* measurePlan() { return std::get_if<Plan>(&plan_); }
    template <class Plan>
    const Plan* measurePlan() const { return std::get_if<Plan>(&plan_); }

private:
    explicit FitnessPlan(Measures::Plan plan) : plan_(std::move(plan)) {}

    Measures::Plan plan_;
};

}  // namespace mf::tuning
