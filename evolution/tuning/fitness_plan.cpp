#include "evolution/tuning/fitness_plan.h"

#include <optional>
#include <stdexcept>

namespace mf::tuning {

Result<FitnessPlan> FitnessPlan::load(const TuningSettings& settings, std::vector<std::string>& warnings) {
    std::optional<Result<FitnessPlan>> loaded;
    Measures::with(settings.measure, [&]<class M>() {
        auto plan = M::load(settings, warnings);
        if (plan) loaded.emplace(FitnessPlan(Measures::Plan(std::move(*plan))));
        else loaded.emplace(plan.error());
    });
    if (!loaded) return Error{"measure " + std::string(fitnessMeasureName(settings.measure)) + ": no such measure"};
    return std::move(*loaded);
}

FitnessWork FitnessPlan::mainWork(int generation) const {
    return std::visit([&](const auto& plan) { return FitnessWork(generationWork(plan, generation)); }, plan_);
}

bool FitnessPlan::hasHeldOut() const {
    return std::visit([](const auto& plan) { return heldOutOf(plan).has_value(); }, plan_);
}

FitnessWork FitnessPlan::heldOutWork(int) const {
    return std::visit(
        [](const auto& plan) {
            const auto& work = heldOutOf(plan);
            if (!work) throw std::logic_error("FitnessPlan: the run has no held-out work");
            return FitnessWork(*work);
        },
        plan_);
}

bool FitnessPlan::changesEachGeneration() const {
    return std::visit([](const auto& plan) { return changesWithGeneration(plan); }, plan_);
}

// Work that is the same in every generation has one key; work that changes with the generation
// has one per generation (the held-out work never changes).
std::int64_t FitnessPlan::mainKey(int generation) const {
    return changesEachGeneration() ? 2 + std::int64_t{generation} : 0;
}

std::int64_t FitnessPlan::heldOutKey(int) const { return 1; }

}  // namespace mf::tuning
