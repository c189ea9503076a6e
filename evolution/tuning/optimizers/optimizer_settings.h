#pragma once
// Which optimisers make a run's batches, in which stages, and the numbers they read. A run is a
// sequence of stages, each an optimiser for a number of generations (the GA for 40, then the
// gradient for 10); every optimiser is a folder beside this file and a line in registry.h, and
// describes its own numbers (number_setting.h). The run's settings hold this; the population file
// keeps it in its extras (optimizer_extras.h).

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/tuning/optimizers/number_setting.h"

namespace mf::tuning {

// One stage: `optimizer` (its registry name: "ga", "spsa", "cmaes" ...) makes the batches of
// `generations` generations; the last stage makes the rest of the run (its count is not used).
struct Stage {
    std::string optimizer = "ga";
    int generations = 0;
    friend bool operator==(const Stage&, const Stage&) = default;
};

struct OptimizerSettings {
    std::vector<Stage> stages{Stage{}};  // never empty
    // The optimisers' numbers by NumberSetting::key; a missing key is the setting's default.
    std::map<std::string, double, std::less<>> numbers;

    // The first stage's optimiser: the one that makes generation 0.
    const std::string& first() const { return stages.front().optimizer; }
    // Makes the run a single stage of `optimizer`.
    void only(std::string_view optimizer);
    double number(const NumberSetting& setting) const;
    // Sets (or, at the default, clears) the setting's value.
    void set(const NumberSetting& setting, double value);

    friend bool operator==(const OptimizerSettings&, const OptimizerSettings&) = default;
};

}  // namespace mf::tuning
