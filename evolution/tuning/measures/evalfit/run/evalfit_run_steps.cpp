// The evalfit measure's run steps (measure_run_steps.h): what a run does for Texel's error besides
// scoring its candidates.
#include "evolution/tuning/measures/evalfit/evalfit_measure.h"

#include "engine/fixed_decimals.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_fitness.h"
#include "evolution/tuning/measures/evalfit/run/evalfit_fit.h"
#include "evolution/tuning/run/measure_run_steps.h"
#include "evolution/tuning/measures/evalfit/run/trace_check.h"
#include "evolution/tuning/measures/evalfit/run/trace_point.h"

namespace mf::tuning {

// K and E0 go into `settings` too: saved with the run, so a resume scores the same.
RunStepOutcome EvalfitMeasure::prepareRun(FitnessPlan& plan, TuningSettings& settings, FitnessEvaluator& evaluator,
                                          std::stop_token stop, const RunStepHandlers& handlers) {
    const EvalfitFitOutcome outcome =
        fitEvalfit(plan, settings, evaluator, stop, handlers.onProgress, handlers.onPass, handlers.onNote);
    RunStepOutcome step;
    step.stopped = outcome.stopped;
    step.failure = outcome.failure;
    return step;
}

// A resumed run scores on the traces its generation was scored on, as its history says; a
// generation that re-traces scores every member again on the new traces.
GenerationStep EvalfitMeasure::atGeneration(FitnessPlan& plan, const TuningSettings& settings, ga::RunState& state,
                                            bool rescore) {
    GenerationStep step;
    EvalfitPlan* evalfit = plan.measurePlan<EvalfitPlan>();
    if (!evalfit) return step;
    const TracePointMove move = moveTracePoint(*evalfit, settings, state);
    if (move.error) {
        step.failure = "evalfit: " + *move.error;
        return step;
    }
    if (!move.moved) return step;
    if (rescore && evalfit->main.trace.epoch == state.generation) rescoreAll(state);
    step.note = move.note;
    return step;
}

// The winner's E as the engine itself scores it (on the trace path the run's E came from the
// model), so the figure a user saves or exports is the engine's own; both are shown.
std::string EvalfitMeasure::confirmWinner(FitnessPlan& plan, const TuningSettings& settings, FitnessEvaluator& evaluator,
                                          const GenerationReport& report, std::stop_token stop) {
    const ga::GenerationStats& stats = report.stats;
    const EvalfitPlan* evalfit = plan.measurePlan<EvalfitPlan>();
    if (!evalfit || stats.bestValues.empty()) return {};
    const DatasetWork& work = evalfit->main;
    DatasetWork direct = work;
    if (work.path != dataset::EvalfitPath::Trace) direct.trace.direct = work.path;
    const std::optional<double> real = directError(direct, settings.genome, stats.bestValues, evaluator, stop);
    const std::string path(dataset::evalfitPathName(direct.trace.direct));
    if (!real) return "; the last generation's best E could not be scored on the " + path + " path";
    std::string text = "; the last generation's best E scored directly (" + path + " path): " + exactDecimal(*real);
    if (work.path == dataset::EvalfitPath::Trace && report.bestError)
        text += ", from the traces: " + exactDecimal(*report.bestError);
    return text;
}

// What a user reads beside the fitness: Texel's error E of the best (E0 / fitness), E0 and K.
void EvalfitMeasure::addFigures(const TuningSettings& settings, GenerationReport& report) {
    const EvalfitSettings& evalfit = settings.of<EvalfitSettings>();
    if (!evalfit.startError) return;
    report.startError = evalfit.startError;
    report.evalfitK = evalfit.k;
    if (report.stats.best > 0) report.bestError = dataset::errorFromFitness(report.stats.best, *evalfit.startError);
}

std::optional<std::string> EvalfitMeasure::fightProblem(const TuningSettings& settings) {
    if (settings.of<EvalfitSettings>().retraceEvery > 0)
        return "a multiselection fight scores every lane on the traces of the start: retrace-every is for a plain run";
    return std::nullopt;
}

}  // namespace mf::tuning
