#include "evolution/tuning/fitness_plan.h"

#include <algorithm>

#include "evolution/dataset/dataset_reader.h"
#include "evolution/match/openings.h"
#include "evolution/tuning/baseline.h"
#include "evolution/tuning/installed_paths.h"
#include "evolution/uci/epd_suite.h"

namespace mf::tuning {

namespace {

// A suite that cannot give a single position is an error; skipped records are a warning.
Result<uci::Suite> loadUsableSuite(const std::filesystem::path& path, const char* what,
                                   std::vector<std::string>& warnings) {
    uci::Suite suite = uci::loadSuite(path.string());
    if (!suite.errors.empty())
        warnings.push_back(std::string(what) + " " + path.string() + ": " + std::to_string(suite.errors.size()) +
                           " record(s) left out; first: line " + std::to_string(suite.errors.front().line) + ": " +
                           suite.errors.front().message);
    if (suite.positions.empty())
        return Error{std::string(what) + " " + path.string() + ": no usable position" +
                     (suite.errors.empty() ? std::string()
                                           : " (first problem: line " + std::to_string(suite.errors.front().line) +
                                                 ": " + suite.errors.front().message + ")")};
    return suite;
}

// A data set that gives no position is an error; lines left out are a warning.
Result<DatasetWork> loadUsableDataset(const std::filesystem::path& path, const char* what, const EvalfitSettings& settings,
                                      std::vector<std::string>& warnings) {
    const dataset::Dataset data = dataset::readDataset(path.string());
    if (!data.errors.empty())
        warnings.push_back(std::string(what) + " " + path.string() + ": " + std::to_string(data.errors.size()) +
                           " line(s) left out; first: " + dataset::describeError(data, data.errors.front()));
    if (data.positions.empty())
        return Error{std::string(what) + " " + path.string() + ": no labelled position" +
                     (data.errors.empty() ? std::string() : " (first problem: " + dataset::describeError(data, data.errors.front()) + ")")};
    DatasetWork work;
    work.file = path.string();
    for (const dataset::LabelledPosition& p : data.positions) {
        work.fens.push_back(p.position.fen());
        work.results.push_back(p.result);
    }
    work.path = std::string(dataset::evalfitPathName(settings.path));
    work.uciLimit = settings.uciLimit;
    return work;
}

}  // namespace

Result<FitnessPlan> FitnessPlan::load(const TuningSettings& settings, std::vector<std::string>& warnings) {
    if (settings.measure == FitnessMeasure::Games) return loadGames(settings, warnings);
    if (settings.measure == FitnessMeasure::Evalfit) return loadEvalfit(settings, warnings);
    const ScoringRule rule{searchLimit(settings.parameters), settings.parameters.prize, settings.measure};
    auto suite = loadUsableSuite(settings.suite, "suite", warnings);
    if (!suite) return suite.error();
    FitnessPlan plan;
    if (!settings.heldOutSuite.empty()) {
        auto heldOut = loadUsableSuite(settings.heldOutSuite, "held-out suite", warnings);
        if (!heldOut) return heldOut.error();
        plan.heldOut_ = SuiteWork{std::move(*heldOut), rule};
    }
    if (settings.measure == FitnessMeasure::Points && !suite->hasPoints())
        return Error{"suite " + settings.suite.string() + ": fitness by points, but no record has c0 points"};
    plan.main_ = SuiteWork{std::move(*suite), rule};
    return plan;
}

Result<FitnessPlan> FitnessPlan::loadGames(const TuningSettings& settings, std::vector<std::string>& warnings) {
    const GamesSettings& games = settings.games;
    const std::filesystem::path path =
        games.openings.empty() ? bundledOpenings(executableDir()) : games.openings;
    if (path.empty()) return Error{"openings: none given and no bundled openings file is installed"};
    match::OpeningsFile file = match::readOpenings(path.string());
    if (!file.errors.empty())
        warnings.push_back("openings " + path.string() + ": " + std::to_string(file.errors.size()) +
                           " left out; first: " + file.errors.front());
    const std::size_t pairs = static_cast<std::size_t>(std::max(games.pairs, 0));
    const std::size_t heldOut = static_cast<std::size_t>(std::max(games.heldOutPairs, 0));
    if (file.openings.size() < pairs + heldOut)
        return Error{"openings " + path.string() + ": " + std::to_string(file.openings.size()) +
                     " usable opening(s), but pairs " + std::to_string(pairs) +
                     (heldOut > 0 ? " + held-out pairs " + std::to_string(heldOut) : std::string()) + " need " +
                     std::to_string(pairs + heldOut)};
    auto baseline = resolveBaseline(settings);
    if (!baseline) return baseline.error();

    GamesWork shape;
    shape.baseline = baseline->side;
    shape.limits = gameLimits(settings.parameters);
    shape.adjudication = tuningAdjudication();
    shape.source = path.filename().string();
    // One order for the whole run, from its seed: the first `heldOut` openings are kept apart for
    // the held-out check, the rest are the training set.
    std::vector<match::Opening> order = match::shuffledOpenings(std::move(file.openings), settings.parameters.seed);
    FitnessPlan plan;
    if (heldOut > 0) {
        GamesWork held = shape;
        held.openings.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(heldOut));
        held.source += " (held-out openings)";
        plan.heldOut_ = std::move(held);
    }
    GamesPlan games_plan;
    games_plan.shape = std::move(shape);
    games_plan.training.assign(order.begin() + static_cast<std::ptrdiff_t>(heldOut), order.end());
    games_plan.pairs = pairs;
    plan.games_ = std::move(games_plan);
    plan.main_ = plan.mainWork(0);
    return plan;
}

Result<FitnessPlan> FitnessPlan::loadEvalfit(const TuningSettings& settings, std::vector<std::string>& warnings) {
    const EvalfitSettings& evalfit = settings.evalfit;
    auto data = loadUsableDataset(evalfit.data, "data", evalfit, warnings);
    if (!data) return data.error();
    FitnessPlan plan;
    plan.main_ = std::move(*data);
    if (!evalfit.heldOutData.empty()) {
        auto heldOut = loadUsableDataset(evalfit.heldOutData, "held-out data", evalfit, warnings);
        if (!heldOut) return heldOut.error();
        plan.heldOut_ = std::move(*heldOut);
    }
    // A resumed run keeps the K and E0 it was fitted with.
    if (evalfit.k && evalfit.startError && (evalfit.heldOutData.empty() || evalfit.heldOutStartError))
        plan.setFit(*evalfit.k, *evalfit.startError, evalfit.heldOutStartError);
    return plan;
}

bool FitnessPlan::needsFit() const {
    const auto* data = std::get_if<DatasetWork>(&main_);
    return data && data->startError <= 0.0;
}

void FitnessPlan::setFit(double k, double startError, std::optional<double> heldOutStartError) {
    if (auto* data = std::get_if<DatasetWork>(&main_)) {
        data->k = k;
        data->startError = startError;
    }
    if (heldOut_)
        if (auto* data = std::get_if<DatasetWork>(&*heldOut_)) {
            data->k = k;
            data->startError = heldOutStartError.value_or(0.0);
        }
}

std::string FitnessPlan::evalfitPath() const {
    const auto* data = std::get_if<DatasetWork>(&main_);
    return data ? data->path : std::string();
}

void FitnessPlan::setEvalfitPath(const std::string& path) {
    if (auto* data = std::get_if<DatasetWork>(&main_)) data->path = path;
    if (heldOut_)
        if (auto* data = std::get_if<DatasetWork>(&*heldOut_)) data->path = path;
}

FitnessWork FitnessPlan::mainWork(int generation) const {
    if (!games_) return main_;
    // Generation g plays training openings g*K .. g*K+K-1 (wrapping): new openings every
    // generation until the set is used up, the same ones for every member of it.
    GamesWork work = games_->shape;
    const std::size_t size = games_->training.size();
    const std::size_t first = (static_cast<std::size_t>(std::max(generation, 0)) * games_->pairs) % size;
    for (std::size_t i = 0; i < games_->pairs; ++i) work.openings.push_back(games_->training[(first + i) % size]);
    work.source += ", generation " + std::to_string(generation);
    return work;
}

FitnessWork FitnessPlan::heldOutWork(int) const { return *heldOut_; }

// A suite is the same work in every generation; games change with the generation (the
// held-out openings do not).
std::int64_t FitnessPlan::mainKey(int generation) const { return games_ ? 2 + std::int64_t{generation} : 0; }
std::int64_t FitnessPlan::heldOutKey(int) const { return 1; }

match::GameLimits gameLimits(const ga::Parameters& parameters) {
    switch (parameters.limitKind) {
    case ga::LimitKind::Time: return match::GameLimits::moveTime(parameters.limitValue);
    case ga::LimitKind::Depth: return match::GameLimits::depth(parameters.limitValue);
    case ga::LimitKind::Nodes: return match::GameLimits::nodes(parameters.limitValue);
    }
    return match::GameLimits::nodes(parameters.limitValue);
}

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
