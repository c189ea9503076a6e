// The settings' checks that span the stages (settings/run_stages.h): apart from
// tuning_settings.cpp so that the stages, which read the settings, and the settings do not
// include each other.
#include <algorithm>

#include "evolution/tuning/common/settings_rules.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/settings/run_stages.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

std::vector<std::string> optimizerProblems(const TuningSettings& settings) {
    std::vector<std::string> problems;
    const OptimizerSettings& o = settings.optimizer;
    std::vector<const OptimizerInfo*> seen;
    for (std::size_t i = 0; i < o.stages.size(); ++i) {
        const Stage& stage = o.stages[i];
        const OptimizerInfo* info = findOptimizer(stage.optimizer);
        if (!info) {
            problems.push_back("optimizer: '" + stage.optimizer + "' is no optimiser (expected " + optimizerNames() + ")");
            continue;
        }
        if (i + 1 < o.stages.size() && stage.generations < 1)
            problems.push_back("stage " + stage.optimizer + ": needs a number of generations (1 or more)");
        if (std::find(seen.begin(), seen.end(), info) != seen.end()) continue;
        seen.push_back(info);
        for (const NumberSetting& number : info->settings)
            if (!allowedValue(number, o.number(number))) problems.push_back(settingProblem(number));
        for (std::string& problem : makeOptimizer(info->name)->validate(stageInputs(settings, stageSpan(settings, i))))
            problems.push_back(std::move(problem));
    }
    if (auto problem = stagesProblem(settings)) problems.push_back(std::move(*problem));
    return problems;
}

std::vector<std::string> validateSettings(const TuningSettings& settings) {
    std::vector<std::string> problems;
    auto add = [&](std::optional<std::string> problem) {
        if (problem) problems.push_back(std::move(*problem));
    };
    for (const ga::FieldError& error : ga::validate(settings.parameters)) problems.push_back(error.message);
    if (auto error = ga::validateGenome(settings.genome)) problems.push_back("genome: " + error->message);
    add(inputFileProblem(settings.engine.program, "engine", true, true));
    withMeasureSettings(settings.measure, settings.measures, [&](const auto& own) {
        for (std::string& problem : measureProblems(own)) problems.push_back(std::move(problem));
        if constexpr (requires { measureRunProblems(own, measureSetup(settings)); })
            for (std::string& problem : measureRunProblems(own, measureSetup(settings))) problems.push_back(std::move(problem));
    });
    add(heldOutEveryProblem(settings.heldOutEvery));
    add(workersProblem(settings.workers));
    add(outputFileProblem(settings.autosave, "autosave"));
    for (std::string& problem : engineOptionProblems(settings.engine, settings.genome))
        problems.push_back(std::move(problem));
    for (std::string& problem : optimizerProblems(settings)) problems.push_back(std::move(problem));
    return problems;
}

}  // namespace mf::tuning
