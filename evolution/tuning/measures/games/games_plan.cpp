#include <algorithm>

#include "evolution/match/openings.h"
#include "evolution/tuning/measures/games/baseline.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/measures/games/games_measure.h"

namespace mf::tuning {

namespace {

// The openings the run plays from: the settings' file, else the bundled one.
Result<match::OpeningsFile> readRunOpenings(const GamesSettings& games, std::filesystem::path& path,
                                            std::vector<std::string>& warnings) {
    path = games.openings.empty() ? bundledOpenings(executableDir()) : games.openings;
    if (path.empty()) return Error{"openings: none given and no bundled openings file is installed"};
    match::OpeningsFile file = match::readOpenings(path.string());
    if (!file.errors.empty())
        warnings.push_back("openings " + path.string() + ": " + std::to_string(file.errors.size()) +
                           " left out; first: " + file.errors.front());
    const std::size_t pairs = static_cast<std::size_t>(std::max(games.pairs, 0));
    const std::size_t heldOut = static_cast<std::size_t>(std::max(games.heldOutPairs, 0));
    const std::size_t confirm = static_cast<std::size_t>(std::max(games.confirmPairs, 0));
    if (file.openings.size() < pairs + heldOut + confirm)
        return Error{"openings " + path.string() + ": " + std::to_string(file.openings.size()) +
                     " usable opening(s), but pairs " + std::to_string(pairs) +
                     (heldOut > 0 ? " + held-out pairs " + std::to_string(heldOut) : std::string()) +
                     (confirm > 0 ? " + confirmation pairs " + std::to_string(confirm) : std::string()) + " need " +
                     std::to_string(pairs + heldOut + confirm)};
    return file;
}

}  // namespace

Result<GamesPlan> GamesMeasure::load(const MeasureSetup& run, const GamesSettings& games,
                                     std::vector<std::string>& warnings) {
    std::filesystem::path path;
    auto file = readRunOpenings(games, path, warnings);
    if (!file) return file.error();
    auto baseline = resolveBaseline(run, games);
    if (!baseline) return baseline.error();

    auto limits = runGameLimits(run.parameters, games);
    if (!limits) return limits.error();
    GamesPlan plan;
    plan.shape.baseline = baseline->side;
    plan.shape.limits = *limits;
    plan.shape.adjudication = tuningAdjudication();
    plan.shape.source = path.filename().string();
    plan.shape.partners = std::holds_alternative<PartnerBaseline>(games.baseline);
    const match::Side start{"start values", makeCandidate(run.genome, run.genome.defaults()).options};
    // Every pair measures its sides' speed against the start's; another engine's side is no
    // candidate of this genome and has no ratio.
    plan.shape.speed.measure = true;
    plan.shape.speed.charge = games.chargeSpeed;
    plan.shape.speed.sideBIsTuned = !std::holds_alternative<EngineBaseline>(games.baseline);
    plan.shape.speed.start = start.options;
    // One order for the whole run, from its seed: the first `heldOut` openings are kept apart for
    // the held-out check, the last `confirm` for the confirmation, the rest are the training set.
    const std::size_t heldOut = static_cast<std::size_t>(std::max(games.heldOutPairs, 0));
    const std::size_t confirm = static_cast<std::size_t>(std::max(games.confirmPairs, 0));
    std::vector<match::Opening> order = match::shuffledOpenings(std::move(file->openings), run.parameters.seed);
    if (heldOut > 0) {
        GamesWork held = plan.shape;
        held.openings.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(heldOut));
        held.source += " (held-out openings)";
        if (held.partners) {  // the held-out check has no couple: the pick plays the start values
            held.partners = false;
            held.baseline = start;
            held.speed.sideBIsTuned = true;
        }
        plan.heldOut = std::move(held);
    }
    if (confirm > 0) {
        auto confirmLimits = confirmGameLimits(run.parameters, games);
        if (!confirmLimits) return confirmLimits.error();
        GamesWork check = plan.shape;
        check.partners = false;
        check.baseline = start;
        check.speed.sideBIsTuned = true;
        check.limits = *confirmLimits;
        check.openings.assign(order.end() - static_cast<std::ptrdiff_t>(confirm), order.end());
        check.source += " (confirmation openings)";
        plan.confirmation = std::move(check);
    }
    plan.training.assign(order.begin() + static_cast<std::ptrdiff_t>(heldOut),
                         order.end() - static_cast<std::ptrdiff_t>(confirm));
    plan.pairs = static_cast<std::size_t>(std::max(games.pairs, 0));
    return plan;
}

// New openings every generation until the training set is used up, the same ones for every
// member of a generation.
GamesWork generationWork(const GamesPlan& plan, int generation) {
    GamesWork work = plan.shape;
    const std::size_t size = plan.training.size();
    const std::size_t first = (static_cast<std::size_t>(std::max(generation, 0)) * plan.pairs) % size;
    for (std::size_t i = 0; i < plan.pairs; ++i) work.openings.push_back(plan.training[(first + i) % size]);
    work.source += ", generation " + std::to_string(generation);
    return work;
}

const std::optional<GamesWork>& heldOutOf(const GamesPlan& plan) { return plan.heldOut; }

const std::optional<GamesWork>& confirmationOf(const GamesPlan& plan) { return plan.confirmation; }

match::AdjudicationRules tuningAdjudication() {
    match::AdjudicationRules rules;
    rules.drawFromMove = 40;  // from move 40: 8 moves each within +-10 cp is a draw
    rules.drawMoves = 8;
    rules.drawScoreCp = 10;
    rules.winMoves = 4;       // both engines agree on +-1000 cp for 4 moves each: a win
    rules.winScoreCp = 1000;
    rules.maxPlies = 400;     // a game still running after 200 moves is a draw
    return rules;
}

}  // namespace mf::tuning
