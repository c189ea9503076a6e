#include "evolution/tuning/fitness_work.h"

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

std::string describeWork(const FitnessWork& work) {
    return std::visit([](const auto& measured) { return describe(measured); }, work);
}

}  // namespace mf::tuning
