#include "evolution/tuning/run/pick_rules.h"

#include "engine/fixed_decimals.h"

namespace mf::tuning {

namespace {

// Replaces the pick by `values` with `score` when they score higher; else, while the start
// answers, remembers the best other values' score (what fell short).
bool offer(RunPick& pick, const std::vector<int>& values, int generation, double score, std::optional<double> error) {
    if (score > pick.score) {
        pick.values = values;
        pick.generation = generation;
        pick.score = score;
        pick.error = error;
        pick.bestOther.reset();
        pick.bestOtherError.reset();
        return true;
    }
    if (pick.isStart() && (!pick.bestOther || score > *pick.bestOther)) {
        pick.bestOther = score;
        pick.bestOtherError = error;
        return true;
    }
    return false;
}

}  // namespace

RunPick startPickOnHeldOut(const std::vector<int>& start, const HeldOutResult& heldOut) {
    return RunPick{start, -1, true, true, heldOut.fitness, heldOut.fitness, heldOut.error, heldOut.error, {}, {}, {}};
}

RunPick uncheckedPick(const GenerationReport& report) {
    RunPick pick;
    pick.values = report.pick;
    pick.generation = report.stats.generation;
    pick.heldOut = false;
    pick.checked = false;
    return pick;
}

std::optional<RunPick> startPickOnTraining(const ga::RunState& state, const std::vector<int>& start,
                                           std::optional<double> startError) {
    for (const ga::Member& m : state.population)
        if (m.fitness && ga::decode(state.genome, m.chromosome) == start)
            return RunPick{start, -1, false, true, *m.fitness, *m.fitness, startError, startError, {}, {}, {}};
    return std::nullopt;
}

bool takeGeneration(RunPick& pick, const GenerationReport& report) {
    const int generation = report.stats.generation;
    if (pick.heldOut) {
        if (!report.heldOut || report.pick.empty() || (report.heldOut->scored == 0 && !report.heldOut->error)) return false;
        return offer(pick, report.pick, generation, report.heldOut->fitness, report.heldOut->error);
    }
    if (report.stats.bestValues.empty()) return false;
    return offer(pick, report.stats.bestValues, generation, report.stats.best, report.bestError);
}

std::string pickSummary(const RunPick& pick) {
    const std::string confirmed = pick.confirmation ? "; " + confirmationText(*pick.confirmation) : std::string();
    if (!pick.checked && !pick.confirmation)
        return "; the pick: the optimiser's values after generation " + std::to_string(pick.generation) +
               " (nothing to check them against: give held-out work to compare them with the start)";
    if (pick.isStart()) return "; the pick is the start values: " + startAnswersWhy(pick) + ", nothing to export";
    if (!pick.checked)
        return "; the pick: the optimiser's values after generation " + std::to_string(pick.generation) + confirmed;
    const std::string where = pick.heldOut ? "held-out" : "training";
    std::string text = "; the pick: generation " + std::to_string(pick.generation) + ", " + where;
    if (pick.error && pick.startError)
        return text + " E " + fixedDecimals(*pick.error, 6) + " (the start " + fixedDecimals(*pick.startError, 6) + ")" +
               confirmed;
    return text + " score " + fixedDecimals(pick.score, 6) + " (the start " + fixedDecimals(pick.startScore, 6) + ")" +
           confirmed;
}

}  // namespace mf::tuning
