#include "evolution/tuning/optimizers/number_setting.h"

#include <cmath>

namespace mf::tuning {

bool allowedValue(const NumberSetting& s, double value) {
    if (!std::isfinite(value)) return false;
    const bool aboveLow = s.lowOpen ? value > s.low : value >= s.low;
    const bool belowHigh = s.highOpen ? value < s.high : value <= s.high;
    return aboveLow && belowHigh;
}

std::string settingProblem(const NumberSetting& s) { return std::string(s.name) + ": " + std::string(s.rule); }

}  // namespace mf::tuning
