#include "evolution/tuning/measures/suite/suite_settings.h"

#include "evolution/tuning/common/settings_rules.h"

namespace mf::tuning {

bool measureHasHeldOut(const SuiteSettings& suite) { return !suite.heldOutSuite.empty(); }

std::vector<std::string> measureProblems(const SuiteSettings& suite) {
    std::vector<std::string> problems;
    if (auto problem = inputFileProblem(suite.suite, "suite", true)) problems.push_back(std::move(*problem));
    if (auto problem = inputFileProblem(suite.heldOutSuite, "held-out suite", false)) problems.push_back(std::move(*problem));
    return problems;
}

void writeLeadingExtras(const SuiteSettings& suite, bool active, ExtraLines& extras) {
    if (active || !suite.suite.empty()) extras.emplace_back("suite", suite.suite.string());
}

void writeMeasureExtras(const SuiteSettings& suite, ExtraLines& extras) {
    if (!suite.heldOutSuite.empty()) extras.emplace_back("heldout", suite.heldOutSuite.string());
}

bool readMeasureExtra(SuiteSettings& suite, const std::string& key, const std::string& value,
                      std::optional<std::string>&) {
    if (key == "suite") suite.suite = value;
    else if (key == "heldout") suite.heldOutSuite = value;
    else return false;
    return true;
}

}  // namespace mf::tuning
