#include "evolution/tuning/measures/suite/suite_measure.h"

#include "evolution/tuning/common/search_limit.h"

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

}  // namespace

Result<SuitePlan> SuiteMeasure::load(const MeasureSetup& run, const SuiteSettings& settings,
                                     std::vector<std::string>& warnings) {
    const ScoringRule rule{searchLimit(run.parameters), run.parameters.prize, run.measure};
    auto suite = loadUsableSuite(settings.suite, "suite", warnings);
    if (!suite) return suite.error();
    SuitePlan plan;
    if (!settings.heldOutSuite.empty()) {
        auto heldOut = loadUsableSuite(settings.heldOutSuite, "held-out suite", warnings);
        if (!heldOut) return heldOut.error();
        plan.heldOut = SuiteWork{std::move(*heldOut), rule};
    }
    if (run.measure == FitnessMeasure::Points && !suite->hasPoints())
        return Error{"suite " + settings.suite.string() + ": fitness by points, but no record has c0 points"};
    plan.main = SuiteWork{std::move(*suite), rule};
    return plan;
}

SuiteWork generationWork(const SuitePlan& plan, int) { return plan.main; }

const std::optional<SuiteWork>& heldOutOf(const SuitePlan& plan) { return plan.heldOut; }

}  // namespace mf::tuning
