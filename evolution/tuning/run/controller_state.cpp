#include "evolution/tuning/run/controller_state.h"

#include "evolution/tuning/measures/evalfit/polish_history.h"
#include "evolution/tuning/run/run_history.h"
#include "evolution/tuning/settings/run_stages.h"

namespace mf::tuning {

ga::RunState startingState(const ControllerRun& run) {
    const TuningSettings& settings = run.settings;
    ga::RunState state =
        run.initial ? *run.initial : run.optimizers.front()->start(stageInputs(settings, stageSpan(settings, 0)));
    state.extras = toExtras(settings);
    if (run.initial) {  // the file's past generations and polish passes stay in it
        keepHistory(*run.initial, state);
        keepPolish(*run.initial, state);
        if (run.pick) writeRunPick(state, *run.pick);
    }
    return state;
}

void takeFilePick(ControllerRun& run) {
    if (!run.initial) return;
    auto read = readRunPick(*run.initial);
    if (read && *read) run.pick = **read;
}

Optimizer& optimizerOf(const ControllerRun& run, int generation) {
    return *run.optimizers[stageAt(run.settings, generation).index];
}

void rewriteSettingsExtras(const ControllerRun& run, ga::RunState& state) {
    ga::RunState fresh = state;
    fresh.extras = toExtras(run.settings);
    keepHistory(state, fresh);
    keepPolish(state, fresh);
    if (run.pick) writeRunPick(fresh, *run.pick);
    state.extras = std::move(fresh.extras);
}

bool lastGeneration(const ControllerRun& run, int generation) {
    return generation + 1 >= run.settings.parameters.generations;
}

bool heldOutRound(const ControllerRun& run, int generation) {
    return run.plan->hasHeldOut() && (generation % run.settings.heldOutEvery == 0 || lastGeneration(run, generation));
}

void addRunTotals(const ControllerRun& run, GenerationReport& report) {
    const ScoringTotals& totals = run.scorer->totals();
    report.cacheHitRate = totals.hitRate();
    report.cache = run.scorer->cache().use();
    report.failedSearchesTotal = totals.failed;
    report.limitBreakingSearchesTotal = totals.limitBreaking;
    report.noisyFitness = !run.scorer->cache().enabled();
    report.unitsTotal = totals.units;
    report.unitsKind = run.settings.measure == FitnessMeasure::Games ? WorkUnit::Games : WorkUnit::Positions;
}

void noteGenerationTime(ControllerRun& run, const GenerationTally& tally) {
    run.generationsTime += tally.active;
    ++run.generationsTimed;
}

}  // namespace mf::tuning
