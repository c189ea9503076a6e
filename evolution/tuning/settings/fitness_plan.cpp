#include "evolution/tuning/settings/fitness_plan.h"

#include <optional>
#include <stdexcept>
#include <type_traits>

namespace mf::tuning {

Result<FitnessPlan> FitnessPlan::load(const TuningSettings& settings, std::vector<std::string>& warnings) {
    std::optional<Result<FitnessPlan>> loaded;
    Measures::with(settings.measure, [&]<class M>() {
        auto plan = M::load(measureSetup(settings), settings.of<typename M::Settings>(), warnings);
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

std::optional<FitnessWork> FitnessPlan::confirmationWork() const {
    return std::visit(
        [](const auto& plan) -> std::optional<FitnessWork> {
            if constexpr (requires { confirmationOf(plan); })
                if (const auto& work = confirmationOf(plan)) return FitnessWork(*work);
            return std::nullopt;
        },
        plan_);
}

bool FitnessPlan::changesEachGeneration() const {
    return std::visit([](const auto& plan) { return changesWithGeneration(plan); }, plan_);
}

int FitnessPlan::traceEpoch() const {
    return std::visit(
        []<class Plan>(const Plan& plan) {
            if constexpr (std::is_same_v<Plan, EvalfitPlan>)
                return plan.main.path == dataset::EvalfitPath::Trace ? plan.main.trace.epoch : 0;
            else
                return 0;
        },
        plan_);
}

// Work that is the same in every generation has one key; work that changes with the generation
// has one per generation (the held-out work never changes). Traces taken again (trace_point.h)
// are other work: their scores get keys of their own, below zero, so none is read across them.
std::int64_t FitnessPlan::mainKey(int generation) const {
    if (changesEachGeneration()) return 2 + std::int64_t{generation};
    return -2 * std::int64_t{traceEpoch()};
}

std::int64_t FitnessPlan::heldOutKey(int) const {
    const int epoch = traceEpoch();
    return epoch == 0 ? 1 : -2 * std::int64_t{epoch} - 1;
}

}  // namespace mf::tuning
