#include "evolution/tuning/evaluate/fitness_work.h"

namespace mf::tuning {

std::string_view workUnitName(WorkUnit unit) {
    switch (unit) {
    case WorkUnit::Positions: return "positions";
    case WorkUnit::Games: return "games";
    }
    return "units";
}

WorkUnit workUnit(const FitnessWork& work) {
    return std::visit([](const auto& measured) { return unitKind(measured); }, work);
}

std::size_t unitsPerCandidate(const FitnessWork& work) {
    return std::visit([](const auto& measured) { return candidateUnits(measured); }, work);
}

std::size_t unitsPlayed(const FitnessWork& work, std::size_t candidates) {
    return std::visit(
        [&](const auto& measured) -> std::size_t {
            if constexpr (requires { measureUnitsPlayed(measured, candidates); })
                return measureUnitsPlayed(measured, candidates);
            return candidates * candidateUnits(measured);
        },
        work);
}

std::optional<EloFigure> eloOf(const FitnessWork& work, const CandidateScore& score) {
    return std::visit(
        [&](const auto& measured) -> std::optional<EloFigure> {
            if constexpr (requires { measureElo(measured, score); }) return measureElo(measured, score);
            return std::nullopt;
        },
        work);
}

std::string describeWork(const FitnessWork& work) {
    return std::visit([](const auto& measured) { return describe(measured); }, work);
}

}  // namespace mf::tuning
