// A plain run: generation after generation of one population, each kept (Save, a stop) as soon as
// it is evaluated, autosaved and reported, until the last or a stop.
#include "evolution/tuning/run_controller.h"

#include "evolution/tuning/controller_run.h"
#include "evolution/tuning/run_history.h"
#include "evolution/tuning/trace_check.h"
#include "evolution/tuning/trace_point.h"
#include "engine/fixed_decimals.h"

namespace mf::tuning {

StatusChange RunController::runSingle(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator) {
    ga::RunState state = startingState(run);
    OptimizerContext context;
    // A resumed run scores on the traces its generation was scored on, as its history says.
    if (auto failed = followTracePoint(run, state, false)) return *failed;
    if (run.mode == ControllerRun::Mode::Continue && ga::fullyEvaluated(state.population)) {
        {
            std::lock_guard lock(mutex_);
            lastCompleted_ = state;
        }
        if (lastGeneration(run, state.generation))
            return {RunStatus::Finished, "nothing to do: generation " + std::to_string(state.generation) +
                                             " is the last of " + std::to_string(run.settings.parameters.generations)};
        run.optimizer->next(state, optimizerInputs(run.settings), context);
    }
    for (;;) {
        if (auto failed = followTracePoint(run, state, true)) return *failed;
        if (auto end = runGeneration(stop, run, evaluator, state)) return *end;
        run.optimizer->next(state, optimizerInputs(run.settings), context);
    }
}

std::optional<StatusChange> RunController::runGeneration(std::stop_token stop, ControllerRun& run,
                                                         FitnessEvaluator& evaluator, ga::RunState& state) {
    run.generationsLeft = run.settings.parameters.generations - state.generation;
    if (!passPauseGate(stop)) return stoppedSingle();
    GenerationTally tally;
    tally.generation = state.generation;
    if (!evaluatePending(stop, run, evaluator, {&state}, tally)) return stoppedSingle();

    GenerationReport report;
    report.stats = ga::computeStats(state);
    report.pick = run.optimizer->pick(state);
    addEvalfitFigures(run.settings, report);
    keepGeneration(run, state, report, tally);
    if (heldOutRound(run, state.generation)) {
        auto heldOut = scoreHeldOut(stop, run, evaluator, state.genome, {report.pick}, tally);
        if (!heldOut) return stoppedSingle();
        report.heldOut = heldOut->front();
        keepGeneration(run, state, report, tally);  // again, with the held-out result and its time
    }
    noteGenerationTime(run, tally);
    autosave(state, run.settings.autosave, run.settings.autosavePause);
    report.population = state.population;
    flushStatus();
    if (observer_) observer_->generationFinished(report);
    if (lastGeneration(run, state.generation))
        return StatusChange{RunStatus::Finished, "all " + std::to_string(run.settings.parameters.generations) +
                                                     " generations done (0 to " + std::to_string(state.generation) +
                                                     ")" + confirmWinner(stop, run, evaluator, report)};
    return std::nullopt;
}

std::optional<StatusChange> RunController::followTracePoint(ControllerRun& run, ga::RunState& state, bool rescore) {
    EvalfitPlan* evalfit = run.plan->measurePlan<EvalfitPlan>();
    if (!evalfit) return std::nullopt;
    const TracePointMove move = moveTracePoint(*evalfit, run.settings, state);
    if (move.error) return StatusChange{RunStatus::Failed, "evalfit: " + *move.error};
    if (!move.moved) return std::nullopt;
    if (rescore && evalfit->main.trace.epoch == state.generation) rescoreAll(state);
    if (observer_) observer_->note(move.note);
    return std::nullopt;
}

// Evalfit: the winner's E as the engine itself scores it (on the trace path the GA's E came from
// the model), so the figure a user saves or exports is the engine's own; both are shown.
std::string RunController::confirmWinner(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator,
                                         const GenerationReport& report) {
    const ga::GenerationStats& stats = report.stats;
    const EvalfitPlan* evalfit = run.plan->measurePlan<EvalfitPlan>();
    if (!evalfit || stats.bestValues.empty()) return {};
    const DatasetWork& work = evalfit->main;
    DatasetWork direct = work;
    if (work.path != dataset::EvalfitPath::Trace) direct.trace.direct = work.path;
    const std::optional<double> real = directError(direct, run.settings.genome, stats.bestValues, evaluator, stop);
    const std::string path(dataset::evalfitPathName(direct.trace.direct));
    if (!real) return "; the winner's E could not be scored on the " + path + " path";
    std::string text = "; the winner's E scored directly (" + path + " path): " + exactDecimal(*real);
    if (work.path == dataset::EvalfitPath::Trace && report.bestError)
        text += ", from the traces: " + exactDecimal(*report.bestError);
    return text;
}

void RunController::keepGeneration(const ControllerRun& run, ga::RunState& state, GenerationReport& report,
                                   const GenerationTally& tally) {
    report.cost = tally.cost;
    addRunTotals(run, report);
    recordGeneration(state, report, run.recordCosts);
    std::lock_guard lock(mutex_);
    lastCompleted_ = state;
}

StatusChange RunController::stoppedSingle() const {
    std::lock_guard lock(mutex_);
    return {RunStatus::Idle, lastCompleted_ ? "stopped by user; kept generation " +
                                                  std::to_string(lastCompleted_->generation)
                                            : std::string("stopped by user before a generation completed")};
}

}  // namespace mf::tuning
