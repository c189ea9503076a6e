// A plain run: generation after generation of one population, each kept (Save, a stop) as soon as
// it is evaluated, autosaved and reported, until the last or a stop. Its stages' optimisers make
// the batches, one stage after the other.
#include "evolution/tuning/run/run_controller.h"

#include "evolution/tuning/run/controller_state.h"
#include "evolution/tuning/settings/measure_gradient.h"
#include "evolution/tuning/run/run_history.h"
#include "evolution/tuning/run/pick_rules.h"
#include "evolution/tuning/settings/run_stages.h"
#include "evolution/tuning/run/measure_run_steps.h"

namespace mf::tuning {

namespace {

// What the run offers an optimiser while it makes a batch: the run's scoring, its stop, the
// measure's model, its notes.
class RunContext : public OptimizerContext {
public:
    using Scorer = std::function<std::vector<std::optional<double>>(const std::vector<std::vector<int>>&)>;
    RunContext(Scorer scorer, std::stop_token stop, std::function<GradientModel*()> model,
               std::function<void(const std::string&)> note)
        : scorer_(std::move(scorer)), stop_(std::move(stop)), model_(std::move(model)), note_(std::move(note)) {}

    std::vector<std::optional<double>> score(const std::vector<std::vector<int>>& candidates) override {
        if (stop_.stop_requested()) return {};
        return scorer_(candidates);
    }
    bool stopped() const override { return stop_.stop_requested(); }
    std::stop_token stopToken() const override { return stop_; }
    GradientModel* gradientModel() override { return model_(); }
    void note(const std::string& text) override { note_(text); }

private:
    Scorer scorer_;
    std::stop_token stop_;
    std::function<GradientModel*()> model_;
    std::function<void(const std::string&)> note_;
};

}  // namespace

StatusChange RunController::runSingle(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator) {
    takeFilePick(run);
    ga::RunState state = startingState(run);
    // A resumed run takes up the measure's state at its generation before anything is scored.
    if (auto failed = stepMeasureGeneration(run, state, false)) return *failed;
    if (run.mode == ControllerRun::Mode::Continue && ga::fullyEvaluated(state.population)) {
        {
            std::lock_guard lock(mutex_);
            lastCompleted_ = state;
        }
        if (lastGeneration(run, state.generation))
            return finishSingle(stop, run, evaluator, state,
                                "nothing to do: generation " + std::to_string(state.generation) + " is the last of " +
                                    std::to_string(run.settings.parameters.generations));
        if (auto end = advance(stop, run, evaluator, state)) return *end;
    }
    for (;;) {
        if (auto failed = stepMeasureGeneration(run, state, true)) return *failed;
        if (auto end = runGeneration(stop, run, evaluator, state)) return *end;
        if (auto end = advance(stop, run, evaluator, state)) return *end;
    }
}

void RunController::notePick(ControllerRun& run, ga::RunState& state, GenerationReport& report) {
    // Training scores compare only on the same work: where it changes every generation (games on
    // each generation's openings), a member's 2 of 2 in generation 0 is luck that no later score
    // can beat, so without held-out work the pick is the optimiser's latest answer (SPSA's theta,
    // the best of the latest batch), as for a run that cannot compare with its start.
    const bool comparable = !run.plan->changesEachGeneration();
    if (!run.pick && !run.plan->hasHeldOut() && comparable)
        run.pick = startPickOnTraining(state, state.genome.defaults(), report.startError);
    if (run.pick && run.pick->checked) {
        if (takeGeneration(*run.pick, report)) {
            run.pick->confirmation.reset();  // other values: their confirmation is still to come
            writeRunPick(state, *run.pick);
        }
        report.runPick = run.pick;
        return;
    }
    if (run.plan->hasHeldOut()) return;  // the start is scored with the next held-out round
    // Nothing to compare the start with: the optimiser's answer as it is.
    run.pick = uncheckedPick(report);
    writeRunPick(state, *run.pick);
    report.runPick = run.pick;
}

std::optional<StatusChange> RunController::advance(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator,
                                                   ga::RunState& state) {
    RunContext context(
        [&](const std::vector<std::vector<int>>& candidates) {
            return scoreCandidates(stop, run, evaluator, state, state.generation + 1, candidates);
        },
        stop,
        [&]() -> GradientModel* {
            if (!run.model)
                run.model = makeGradientModel(*run.plan, run.settings, [this](const std::string& text) {
                    if (observer_) observer_->note(text);
                });
            return run.model.get();
        },
        [this](const std::string& text) {
            if (observer_) observer_->note(text);
        });
    StageSpan now = stageAt(run.settings, state.generation);
    Optimizer& current = *run.optimizers[now.index];
    if (current.finished(state)) {
        const std::string& name = run.settings.optimizer.stages[now.index].optimizer;
        if (now.index + 1 == run.settings.optimizer.stages.size())
            return finishSingle(stop, run, evaluator, state,
                                name + " has nothing more to do at generation " + std::to_string(state.generation) +
                                    " (a local optimum)");
        endStageAt(run.settings, now, state.generation);
        state.parameters.generations = run.settings.parameters.generations;
        rewriteSettingsExtras(run, state);
        if (observer_) observer_->note(name + " ended its stage at generation " + std::to_string(state.generation));
    }
    const StageSpan next = stageAt(run.settings, state.generation + 1);
    try {
        if (next.index != now.index)
            run.optimizers[next.index]->enter(state, current.pick(state), stageInputs(run.settings, next), context);
        else
            current.next(state, stageInputs(run.settings, now), context);
    } catch (const std::runtime_error& e) {
        if (stop.stop_requested()) return stoppedSingle();
        return StatusChange{RunStatus::Failed, e.what()};
    }
    if (stop.stop_requested()) return stoppedSingle();
    return std::nullopt;
}

std::vector<std::optional<double>> RunController::scoreCandidates(std::stop_token stop, ControllerRun& run,
                                                                  FitnessEvaluator& evaluator, const ga::RunState& like,
                                                                  int generation,
                                                                  const std::vector<std::vector<int>>& candidates) {
    ga::RunState batch;
    batch.genome = like.genome;
    batch.parameters = like.parameters;
    batch.generation = generation;
    for (const auto& values : candidates) batch.population.push_back({ga::encode(like.genome, values), std::nullopt});
    if (!passPauseGate(stop)) return {};
    GenerationTally tally;
    tally.generation = generation;
    if (!evaluatePending(stop, run, evaluator, {&batch}, tally)) return {};
    std::vector<std::optional<double>> scores;
    for (const ga::Member& m : batch.population) scores.push_back(m.fitness);
    return scores;
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
    report.pick = optimizerOf(run, state.generation).pick(state);
    report.pickElo = run.scorer->lastElo(report.pick);
    report.speed = run.scorer->lastSpeed(report.pick);
    addMeasureFigures(run.settings, report);
    keepGeneration(run, state, report, tally);
    if (heldOutRound(run, state.generation)) {
        // The first round also scores the start values: the pick every later result must beat.
        const bool scoreStart = !run.pick || !run.pick->checked;
        std::vector<std::vector<int>> checked{report.pick};
        if (scoreStart) checked.push_back(state.genome.defaults());
        auto heldOut = scoreHeldOut(stop, run, evaluator, state.genome, checked, tally);
        if (!heldOut) return stoppedSingle();
        report.heldOut = heldOut->front();
        if (scoreStart) run.pick = startPickOnHeldOut(state.genome.defaults(), heldOut->back());
    }
    notePick(run, state, report);
    keepGeneration(run, state, report, tally);  // again, with the held-out result, its time and the pick
    noteGenerationTime(run, tally);
    autosave(state, run.settings.autosave, run.settings.autosavePause);
    report.population = state.population;
    flushStatus();
    if (observer_) observer_->generationFinished(report);
    if (lastGeneration(run, state.generation)) {
        StatusChange end = finishSingle(stop, run, evaluator, state,
                                        "all " + std::to_string(run.settings.parameters.generations) +
                                            " generations done (0 to " + std::to_string(state.generation) + ")");
        if (end.status == RunStatus::Finished) end.reason += confirmMeasureWinner(*run.plan, run.settings, evaluator, report, stop);
        return end;
    }
    return std::nullopt;
}

std::optional<StatusChange> RunController::stepMeasureGeneration(ControllerRun& run, ga::RunState& state, bool rescore) {
    const GenerationStep step = stepMeasure(*run.plan, run.settings, state, rescore);
    if (step.failure) return StatusChange{RunStatus::Failed, *step.failure};
    if (observer_ && !step.note.empty()) observer_->note(step.note);
    return std::nullopt;
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
