#include "evolution/tuning/optimizers/spsa/spsa_schedule.h"

#include <cmath>

#include "evolution/ga/spsa_lines.h"

namespace mf::tuning {

SpsaConstants spsaConstants(const ga::SpsaSteps& steps, long long iterations) {
    const double n = static_cast<double>(iterations);
    SpsaConstants k;
    k.bigA = kSpsaAFraction * n;
    k.c = steps.cEnd * std::pow(n, kSpsaGamma);
    const double aEnd = steps.rEnd * steps.cEnd * steps.cEnd;
    k.a = aEnd * std::pow(k.bigA + n, kSpsaAlpha);
    return k;
}

SpsaStep spsaStep(const SpsaConstants& constants, long long k) {
    const double iteration = static_cast<double>(k + 1);  // fishtest counts from 1
    SpsaStep step;
    step.c = constants.c / std::pow(iteration, kSpsaGamma);
    step.r = constants.a / std::pow(constants.bigA + iteration, kSpsaAlpha) / (step.c * step.c);
    return step;
}

ga::SpsaSteps termSteps(const ga::Term& term, double rEnd) {
    if (term.spsa) return *term.spsa;
    ga::SpsaSteps steps = ga::defaultSpsaSteps(term.low(), term.high());
    steps.rEnd = rEnd;
    return steps;
}

double spsaResultScale(double measures, double given) { return given > 0 ? given : measures; }

}  // namespace mf::tuning
