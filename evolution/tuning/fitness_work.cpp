#include "evolution/tuning/fitness_work.h"

#include <sstream>

namespace mf::tuning {

WorkUnit workUnit(const FitnessWork& work) {
    return std::visit(Overloaded{[](const SuiteWork&) { return WorkUnit::Positions; },
                                 [](const GamesWork&) { return WorkUnit::Games; },
                                 [](const DatasetWork&) { return WorkUnit::Positions; }},
                      work);
}

std::string_view workUnitName(WorkUnit unit) {
    switch (unit) {
    case WorkUnit::Positions: return "positions";
    case WorkUnit::Games: return "games";
    }
    return "units";
}

std::size_t unitsPerCandidate(const FitnessWork& work) {
    return std::visit(Overloaded{[](const SuiteWork& suite) { return suite.suite.positions.size(); },
                                 [](const GamesWork& games) { return 2 * games.openings.size(); },
                                 [](const DatasetWork& data) { return data.fens.size(); }},
                      work);
}

std::string describeWork(const FitnessWork& work) {
    return std::visit(Overloaded{[](const SuiteWork& suite) {
                          std::ostringstream out;
                          out << "suite " << suite.suite.path << " (" << suite.suite.positions.size()
                              << " positions), " << suite.rule.limit.describe() << ", prize " << suite.rule.prize
                              << ", fitness by " << fitnessMeasureName(suite.rule.measure);
                          return out.str();
                      },
                                 [](const GamesWork& games) {
                                     std::ostringstream out;
                                     out << games.openings.size() << " game pairs against " << games.baseline.name
                                         << " from " << games.source << ", " << games.limits.describe()
                                         << " per move, fitness by games (1 a win, 1/2 a draw)";
                                     return out.str();
                                 },
                                 [](const DatasetWork& data) {
                                     std::ostringstream out;
                                     out.precision(6);
                                     out << "data set " << data.file << " (" << data.fens.size()
                                         << " labelled positions), K " << data.k << ", E0 " << data.startError
                                         << ", evalfit path " << data.path << ", fitness E0/E (Texel's error E)";
                                     return out.str();
                                 }},
                      work);
}

}  // namespace mf::tuning
