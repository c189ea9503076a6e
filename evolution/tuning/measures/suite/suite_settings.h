#pragma once
// The suite measures' settings (solved, points): the EPD suite members are scored on and the
// held-out suite the best is checked on. The measure owns them, their rules and their keys in a
// population file; the run's settings hold them (TuningSettings::of<SuiteSettings>()).

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "evolution/tuning/measures/measure_types.h"

namespace mf::tuning {

struct SuiteSettings {
    std::filesystem::path suite;            // the EPD suite chromosomes are scored on
    std::filesystem::path heldOutSuite;     // empty: none

    friend bool operator==(const SuiteSettings&, const SuiteSettings&) = default;
};

// The measure's part of a run's settings (measures/measure_types.h).
bool measureHasHeldOut(const SuiteSettings& suite);
std::vector<std::string> measureProblems(const SuiteSettings& suite);
// `suite` first of all keys, when the run measures on it or names one all the same.
void writeLeadingExtras(const SuiteSettings& suite, bool active, ExtraLines& extras);
void writeMeasureExtras(const SuiteSettings& suite, ExtraLines& extras);  // heldout, when given
bool readMeasureExtra(SuiteSettings& suite, const std::string& key, const std::string& value,
                      std::optional<std::string>& problem);

}  // namespace mf::tuning
