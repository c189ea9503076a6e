// A multiselection fight: the five selection types bred from one start, their lanes scored
// together each round (a chromosome in two lanes is searched once), each lane autosaved to its
// own file.
#include "evolution/tuning/run/run_controller.h"

#include "evolution/tuning/run/controller_state.h"
#include "evolution/tuning/run/measure_run_steps.h"
#include "evolution/tuning/run/run_history.h"

namespace mf::tuning {

namespace {

StatusChange fightStopped(int completedRound) {
    return {RunStatus::Idle, completedRound < 0
                                 ? std::string("stopped by user before a round completed")
                                 : "stopped by user; kept round " + std::to_string(completedRound)};
}

// A lane's report of the round, before its held-out result and the run's totals.
GenerationReport laneReport(const TuningSettings& settings, const ga::FightLane& lane) {
    GenerationReport report;
    report.stats = ga::computeStats(lane.state);
    report.population = lane.state.population;
    report.lane = lane.type;
    addMeasureFigures(settings, report);
    return report;
}

}  // namespace

StatusChange RunController::runFight(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator) {
    std::vector<ga::FightLane> lanes = ga::makeFightLanes(startingState(run));
    int completed = -1;
    for (int generation = lanes.front().state.generation;; ++generation) {
        run.generationsLeft = run.settings.parameters.generations - generation;
        std::optional<FightRound> round = scoreRound(stop, run, evaluator, lanes, generation);
        if (!round) return fightStopped(completed);
        keepRound(run, lanes, *round);
        completed = generation;
        flushStatus();
        if (observer_) observer_->fightRoundFinished(*round);
        if (lastGeneration(run, generation))
            return {RunStatus::Finished, "fight: all " + std::to_string(run.settings.parameters.generations) +
                                             " generations done (0 to " + std::to_string(generation) + ")"};
        for (auto& lane : lanes) ga::nextGeneration(lane.state);
    }
}

std::optional<FightRound> RunController::scoreRound(std::stop_token stop, ControllerRun& run,
                                                    FitnessEvaluator& evaluator, std::vector<ga::FightLane>& lanes,
                                                    int generation) {
    if (!passPauseGate(stop)) return std::nullopt;
    std::vector<ga::RunState*> states;
    for (auto& lane : lanes) states.push_back(&lane.state);
    GenerationTally tally;
    tally.generation = generation;
    if (!evaluatePending(stop, run, evaluator, states, tally)) return std::nullopt;

    FightRound round;
    round.generation = generation;
    for (const auto& lane : lanes) round.lanes.push_back(laneReport(run.settings, lane));
    if (heldOutRound(run, generation)) {
        std::vector<std::vector<int>> bests;
        for (const auto& report : round.lanes) bests.push_back(report.stats.bestValues);
        // Every lane breeds from the same start, so they share its genome.
        auto heldOut = scoreHeldOut(stop, run, evaluator, lanes.front().state.genome, bests, tally);
        if (!heldOut) return std::nullopt;
        for (std::size_t i = 0; i < round.lanes.size(); ++i) round.lanes[i].heldOut = (*heldOut)[i];
    }
    // Run totals on every lane; the round's cost once, on the round.
    for (auto& report : round.lanes) addRunTotals(run, report);
    round.cost = tally.cost;
    noteGenerationTime(run, tally);
    return round;
}

void RunController::keepRound(const ControllerRun& run, std::vector<ga::FightLane>& lanes, const FightRound& round) {
    // Each lane's file keeps its own statistics (the cost is the round's, not a lane's).
    for (std::size_t i = 0; i < lanes.size(); ++i) recordGeneration(lanes[i].state, round.lanes[i], false);
    for (const auto& lane : lanes)
        autosave(lane.state, fightLaneFile(run.settings.autosave, lane.type), run.settings.autosavePause);
    for (std::size_t i = 0; i < lanes.size(); ++i) lanes[i].history.push_back(round.lanes[i].stats);
    std::lock_guard lock(mutex_);
    fightLanes_ = lanes;
}

std::filesystem::path fightLaneFile(const std::filesystem::path& autosave, ga::SelectionType lane) {
    if (autosave.empty()) return {};
    std::filesystem::path file = autosave;
    file.replace_filename(autosave.stem().string() + "." + std::string(ga::selectionName(lane)) +
                          autosave.extension().string());
    return file;
}

}  // namespace mf::tuning
