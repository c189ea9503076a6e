#include "evolution/tuning/optimizers/optimizer_extras.h"

#include <charconv>
#include <cmath>

#include "engine/fixed_decimals.h"

namespace mf::tuning {

namespace {

std::optional<double> parseNumber(const std::string& text) {
    double x = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), x);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(x)) return std::nullopt;
    return x;
}

}  // namespace

void addOptimizerExtras(const OptimizerSettings& settings, std::vector<std::pair<std::string, std::string>>& extras) {
    if (settings.kind == OptimizerKind::Ga) {
        if (settings.ga.creep > 0) extras.emplace_back("ga_creep", exactDecimal(settings.ga.creep));
        if (settings.ga.restartSpread > 0) extras.emplace_back("ga_restart_spread", exactDecimal(settings.ga.restartSpread));
        // Only when it differs from the rule every earlier file was made with, so they read the same.
        if (settings.ga.creepShrink != GaExploration{}.creepShrink)
            extras.emplace_back("ga_creep_shrink", exactDecimal(settings.ga.creepShrink));
        return;
    }
    extras.emplace_back("optimizer", std::string(optimizerName(settings.kind)));
    if (settings.kind == OptimizerKind::Spsa) {
        extras.emplace_back("spsa_r_end", exactDecimal(settings.spsa.rEnd));
        extras.emplace_back("spsa_scale", exactDecimal(settings.spsa.resultScale));
    } else {
        extras.emplace_back("cmaes_sigma0", exactDecimal(settings.cmaes.sigma0));
    }
}

std::optional<std::string> readOptimizerExtras(const std::vector<std::pair<std::string, std::string>>& extras,
                                               OptimizerSettings& settings) {
    settings = OptimizerSettings{};
    for (const auto& [key, value] : extras) {
        if (key == "optimizer") {
            auto kind = parseOptimizer(value);
            if (!kind) return "extras: optimizer: expected ga, spsa or cmaes, got '" + value + "'";
            settings.kind = *kind;
        } else if (double* target = key == "spsa_r_end"          ? &settings.spsa.rEnd
                                    : key == "spsa_scale"        ? &settings.spsa.resultScale
                                    : key == "cmaes_sigma0"      ? &settings.cmaes.sigma0
                                    : key == "ga_creep"          ? &settings.ga.creep
                                    : key == "ga_restart_spread" ? &settings.ga.restartSpread
                                    : key == "ga_creep_shrink"   ? &settings.ga.creepShrink
                                                                 : nullptr) {
            auto number = parseNumber(value);
            if (!number) return "extras: " + key + ": expected a number, got '" + value + "'";
            *target = *number;
        }
    }
    return std::nullopt;
}

}  // namespace mf::tuning
