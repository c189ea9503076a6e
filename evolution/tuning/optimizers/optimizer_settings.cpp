#include "evolution/tuning/optimizers/optimizer_settings.h"

namespace mf::tuning {

void OptimizerSettings::only(std::string_view optimizer) { stages = {Stage{std::string(optimizer), 0}}; }

double OptimizerSettings::number(const NumberSetting& setting) const {
    const auto it = numbers.find(setting.key);
    return it == numbers.end() ? setting.defaultValue : it->second;
}

void OptimizerSettings::set(const NumberSetting& setting, double value) {
    // Kept only when it differs, so that two settings that mean the same compare equal.
    if (value == setting.defaultValue) numbers.erase(std::string(setting.key));
    else numbers[std::string(setting.key)] = value;
}

}  // namespace mf::tuning
