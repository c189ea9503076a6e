#include "evolution/tuning/run/measure_run_steps.h"

#include "evolution/tuning/measures/registry.h"

namespace mf::tuning {

RunStepOutcome prepareMeasure(FitnessPlan& plan, TuningSettings& settings, FitnessEvaluator& evaluator,
                              std::stop_token stop, const RunStepHandlers& handlers) {
    RunStepOutcome outcome;
    Measures::with(settings.measure, [&]<class M>() {
        if constexpr (requires { M::prepareRun(plan, settings, evaluator, stop, handlers); })
            outcome = M::prepareRun(plan, settings, evaluator, stop, handlers);
    });
    return outcome;
}

GenerationStep stepMeasure(FitnessPlan& plan, const TuningSettings& settings, ga::RunState& state, bool rescore) {
    GenerationStep step;
    Measures::with(settings.measure, [&]<class M>() {
        if constexpr (requires { M::atGeneration(plan, settings, state, rescore); })
            step = M::atGeneration(plan, settings, state, rescore);
    });
    return step;
}

std::string confirmMeasureWinner(FitnessPlan& plan, const TuningSettings& settings, FitnessEvaluator& evaluator,
                                 const GenerationReport& report, std::stop_token stop) {
    std::string text;
    Measures::with(settings.measure, [&]<class M>() {
        if constexpr (requires { M::confirmWinner(plan, settings, evaluator, report, stop); })
            text = M::confirmWinner(plan, settings, evaluator, report, stop);
    });
    return text;
}

void addMeasureFigures(const TuningSettings& settings, GenerationReport& report) {
    Measures::with(settings.measure, [&]<class M>() {
        if constexpr (requires { M::addFigures(settings, report); }) M::addFigures(settings, report);
    });
}

std::optional<std::string> measureFightProblem(const TuningSettings& settings) {
    std::optional<std::string> problem;
    Measures::with(settings.measure, [&]<class M>() {
        if constexpr (requires { M::fightProblem(settings); }) problem = M::fightProblem(settings);
    });
    return problem;
}

bool measureScoresRepeat(const TuningSettings& settings) {
    bool repeat = false;
    Measures::with(settings.measure, [&]<class M>() {
        if constexpr (requires { M::scoresRepeat; }) repeat = M::scoresRepeat;
    });
    return repeat;
}

}  // namespace mf::tuning
