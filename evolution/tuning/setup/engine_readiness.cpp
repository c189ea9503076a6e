#include "evolution/tuning/setup/engine_readiness.h"

#include "evolution/tuning/setup/engine_genome.h"

namespace mf::tuning {

ReadinessInputs readinessInputs(const TuningSettings& settings) {
    ReadinessInputs inputs;
    inputs.engine = settings.engine;
    inputs.engine.knownNodesPerSecond = 0.0;
    inputs.genome = settings.genome;
    inputs.limitKind = settings.parameters.limitKind;
    inputs.limitValue = settings.parameters.limitValue;
    inputs.searches = settings.measure != FitnessMeasure::Evalfit;
    if (!inputs.searches) inputs.limitValue = 0;  // the limit fields do not matter to it
    return inputs;
}

EngineReadiness checkEngineReadiness(const ReadinessInputs& inputs, bool checkLimit, std::stop_token stop) {
    EngineReadiness readiness;
    auto announced = announcedOptions(inputs.engine, stop);
    if (!announced) {
        readiness.blocking = announced.error().message;
        return readiness;
    }
    if (auto mismatch = checkGenomeAgainstEngine(inputs.genome, *announced)) {
        readiness.blocking = *mismatch;
        return readiness;
    }
    if (!checkLimit || !inputs.searches || stop.stop_requested()) return readiness;
    ga::Parameters parameters;
    parameters.limitKind = inputs.limitKind;
    parameters.limitValue = inputs.limitValue;
    uci::LimitCheck check = uci::checkLimitHonoured(engineConfigOf(inputs.engine), searchLimit(parameters), {}, stop);
    if (!stop.stop_requested()) readiness.limit = std::move(check);
    return readiness;
}

}  // namespace mf::tuning
