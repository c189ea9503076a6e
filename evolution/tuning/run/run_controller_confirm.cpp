// The end of a games run with confirmation pairs: its answer plays the start values at a clock on
// openings no generation played, and stays the pick only when the pentanomial interval's lower
// bound is above 0. A node limit lets a candidate buy dearer nodes for free, and a generation's
// few pairs flatter the luckiest member: this is the check before anything is handed out.
#include "evolution/tuning/run/run_controller.h"

#include "evolution/match/elo.h"
#include "evolution/tuning/run/controller_state.h"
#include "evolution/tuning/evaluate/progress_meter.h"
#include "evolution/tuning/run/pick_rules.h"

namespace mf::tuning {

namespace {

// The limit the confirmation's games were played at, as its work describes it.
std::string limitOf(const FitnessWork& work) {
    const auto* games = std::get_if<GamesWork>(&work);
    return games ? games->limits.describe() : std::string("the run's limit");
}

}  // namespace

bool RunController::confirmPick(std::stop_token stop, ControllerRun& run,
                                                      FitnessEvaluator& evaluator, ga::RunState& state) {
    const std::optional<FitnessWork> work = run.plan->confirmationWork();
    // Nothing to confirm: no confirmation asked, the start answers already, or it was confirmed
    // (a finished run resumed).
    if (!work || !run.pick || run.pick->isStart() || run.pick->confirmation) return true;
    if (run.pick->values == state.genome.defaults()) {  // SPSA's theta may round to the start: no games prove a tie
        if (observer_) observer_->note("the answer is the start values themselves: nothing to confirm");
        return true;
    }
    if (observer_)
        observer_->note("confirming the pick (" + (run.pick->checked ? "generation " + std::to_string(run.pick->generation)
                                                                     : std::string("the optimiser's answer")) +
                        ") against the start values: " + describeWork(*work));
    const KeyedWork keyed{*work, FitnessPlan::kConfirmationKey};
    GenerationTally tally;
    tally.generation = state.generation;
    RunProgress base;
    base.confirming = true;
    auto results = scoreOn(stop, run, evaluator, state.genome, {run.pick->values}, keyed, base, tally);
    if (!results) return false;
    const HeldOutResult& result = results->front();
    PickConfirmation confirmation;
    confirmation.limit = limitOf(*work);
    if (result.elo) {
        confirmation.elo = result.elo->elo;
        confirmation.low = result.elo->low;
        confirmation.high = result.elo->high;
        confirmation.games = result.elo->games;
    }
    confirmation.passed = confirmation.games >= 2 * match::kFewestSamplesForInterval && confirmation.low > 0;
    run.pick = confirmedPick(*run.pick, state.genome.defaults(), confirmation);
    writeRunPick(state, *run.pick);
    autosave(state, run.settings.autosave, run.settings.autosavePause);
    {
        std::lock_guard lock(mutex_);
        lastCompleted_ = state;
    }
    return true;
}

StatusChange RunController::finishSingle(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator,
                                         ga::RunState& state, std::string done) {
    if (!confirmPick(stop, run, evaluator, state)) return stoppedSingle();
    // The pick first: it is what a user acts on, and a narrow status line shows the start.
    return StatusChange{RunStatus::Finished, done + (run.pick ? pickSummary(*run.pick) : std::string())};
}

}  // namespace mf::tuning
