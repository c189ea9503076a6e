#pragma once
// One number an optimiser reads, described once for every front end: its key in a population
// file, its command-line flag, its name in problems, the window's label and object name, the one
// help text that `tune --help` and the window's tip both show, its default and its range. The
// CLI adds an option, the window a field and the population file a key from this description,
// so a new optimiser's settings need no code in any front end.

#include <string>
#include <string_view>

namespace mf::tuning {

struct NumberSetting {
    std::string_view key;      // in a population file's extras: "ga_creep"
    std::string_view flag;     // matefind-cli tune --creep
    std::string_view name;     // how a problem names it: "creep: ..."
    std::string_view label;    // the window's "Creep"
    std::string_view widget;   // the window field's object name (and its saved settings key)
    std::string_view help;     // what it does; both front ends show it (the window adds the flag)
    double defaultValue = 0;
    double low = 0;            // allowed values: low..high, each end included unless open
    bool lowOpen = false;
    double high = 1;
    bool highOpen = false;
    std::string_view rule;     // the allowed values in words, after "name: " in a problem
    // Written to a population file even at its default, when the optimiser runs (files of SPSA and
    // CMA-ES always held their settings); else only when it differs, so older files read the same.
    bool savedAtDefault = false;
    // The window shows an empty field for the default and this text in it ("the measure's").
    std::string_view emptyText = {};

    friend bool operator==(const NumberSetting& a, const NumberSetting& b) { return a.key == b.key; }
};

// True when `value` is in the setting's range.
bool allowedValue(const NumberSetting& setting, double value);

// "name: rule" when `value` is not allowed.
std::string settingProblem(const NumberSetting& setting);

}  // namespace mf::tuning
