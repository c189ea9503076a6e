// The run controller's side of scoring: the generation scorer does the scoring, this adds the
// progress reports (with their ETAs) and the time the evaluations took with pauses left out.
#include "evolution/tuning/run/run_controller.h"

#include <algorithm>
#include <chrono>

#include "evolution/tuning/run/controller_state.h"
#include "evolution/tuning/evaluate/progress_meter.h"

namespace mf::tuning {

namespace {

using Clock = ControllerRun::Clock;

}  // namespace

bool RunController::evaluatePending(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator,
                                    const std::vector<ga::RunState*>& states, GenerationTally& out) {
    const KeyedWork work{run.plan->mainWork(out.generation), run.plan->mainKey(out.generation)};
    RunProgress base;
    base.generation = out.generation;
    base.unit = workUnit(work.work);
    std::optional<ProgressMeter> meter;
    std::size_t units = 0;
    auto progressFor = [&](std::size_t candidates, std::size_t unitsTotal) {
        base.candidatesToSearch = candidates;
        units = unitsTotal;
        meter.emplace(Clock::now(), run.unitsDone, run.evaluationTime);
        return progressReporter(run, base, *meter, std::max(0, run.generationsLeft - 1));
    };
    auto cost = run.scorer->scorePending(states, work, run.plan->changesEachGeneration(), evaluator, stop, progressFor);
    if (meter) {
        out.active += meter->activeTime();
        run.evaluationTime += meter->activeTime();
    }
    if (!cost) return false;
    out.cost = *cost;
    run.unitsDone += units;
    return true;
}

std::optional<std::vector<HeldOutResult>> RunController::scoreHeldOut(std::stop_token stop, ControllerRun& run,
                                                                      FitnessEvaluator& evaluator,
                                                                      const ga::Genome& genome,
                                                                      const std::vector<std::vector<int>>& bests,
                                                                      GenerationTally& out) {
    const KeyedWork work{run.plan->heldOutWork(out.generation), run.plan->heldOutKey(out.generation)};
    RunProgress base;
    base.heldOut = true;
    return scoreOn(stop, run, evaluator, genome, bests, work, base, out);
}

std::optional<std::vector<HeldOutResult>> RunController::scoreOn(std::stop_token stop, ControllerRun& run,
                                                                 FitnessEvaluator& evaluator, const ga::Genome& genome,
                                                                 const std::vector<std::vector<int>>& bests,
                                                                 const KeyedWork& work, RunProgress base,
                                                                 GenerationTally& out) {
    base.generation = out.generation;
    base.unit = workUnit(work.work);
    std::optional<ProgressMeter> meter;
    auto progressFor = [&](std::size_t candidates, std::size_t) {
        base.candidatesToSearch = candidates;
        // No rate from earlier held-out passes is kept: the main evaluations' is a fair guess
        // only when the work is alike, so the ETA waits for this pass's first unit.
        meter.emplace(Clock::now(), 0, Clock::duration{});
        return progressReporter(run, base, *meter, std::max(0, run.generationsLeft - 1));
    };
    auto results = run.scorer->scoreBests(bests, genome, work, evaluator, stop, progressFor, out.cost);
    if (meter) out.active += meter->activeTime();
    return results;
}

ProgressHandler RunController::progressReporter(ControllerRun& run, const RunProgress& base, ProgressMeter& meter,
                                                int laterGenerations) {
    auto lastReport = Clock::now() - kProgressInterval;
    return [this, &run, base, &meter, laterGenerations, lastReport](const EvaluationProgress& progress) mutable {
        notePauseHeld(progress);
        const auto now = Clock::now();
        meter.update(progress, isPaused(), now);
        if (now - lastReport < kProgressInterval && progress.unitsDone < progress.unitsTotal) return;
        lastReport = now;
        RunProgress report = base;
        report.unitsDone = progress.unitsDone;
        report.unitsTotal = progress.unitsTotal;
        report.inFlight = progress.inFlight;
        report.waitingFor = meter.waitingFor(now);
        report.generationEta = meter.eta();
        // Later generations cost what the completed ones did on average (held-out passes and
        // cache hits included); before one completed, what this one is measured to cost.
        if (report.generationEta && laterGenerations >= 0) {
            std::optional<double> perGeneration;
            if (run.generationsTimed > 0)
                perGeneration = std::chrono::duration<double>(run.generationsTime).count() / run.generationsTimed;
            else if (!base.fit && !base.heldOut)
                perGeneration = std::chrono::duration<double>(meter.activeTime()).count() +
                                static_cast<double>(report.generationEta->count());
            if (perGeneration)
                report.runEta = roundedSeconds(static_cast<double>(report.generationEta->count()) +
                                               laterGenerations * *perGeneration);
        }
        if (observer_) observer_->progress(report);
    };
}

}  // namespace mf::tuning
