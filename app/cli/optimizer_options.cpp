#include "app/cli/optimizer_options.h"

#include "engine/fixed_decimals.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/optimizer_uses.h"
#include "evolution/tuning/start_values.h"

#include <utility>

namespace po = boost::program_options;

namespace mf::cli {

namespace {

// "--optimizer"'s help: every optimiser's name and its one sentence.
std::string optimizerHelp() {
    std::string text;
    for (const tuning::OptimizerInfo* info : tuning::optimizerInfos())
        text += (text.empty() ? "" : "; ") + std::string(info->name) + " (" + std::string(info->help) + ")";
    return text;
}

// The GA's parameters and --start by flag, in the order a refusal names the first.
constexpr std::pair<const char*, tuning::RunSetting> kRunSettingFlags[] = {
    {"selection", tuning::RunSetting::Selection}, {"pk", tuning::RunSetting::Pk},
    {"pm", tuning::RunSetting::Pm},               {"elite", tuning::RunSetting::Elite},
    {"max", tuning::RunSetting::LinearMax},       {"qlin", tuning::RunSetting::QLin},
    {"qnolin", tuning::RunSetting::QNolin},       {"k", tuning::RunSetting::TournamentSize},
    {"start", tuning::RunSetting::Start}};

// Which optimiser uses which option is the library's table (optimizer_uses.h), shared with the window.
void refuseForeignOptions(const po::variables_map& values, const tuning::OptimizerSettings& optimizer) {
    const tuning::OptimizerWords words{"--optimizer ", "--start-values"};
    for (const auto& [flag, setting] : kRunSettingFlags)
        if (values.count(flag))
            if (auto why = tuning::unusedSettingReason(optimizer, setting, words))
                throw std::invalid_argument(std::string("--") + flag + " " + *why);
    for (const tuning::NumberSetting* setting : tuning::allNumberSettings())
        if (values.count(std::string(setting->flag)))
            if (auto why = tuning::unusedSettingReason(optimizer, *setting, words))
                throw std::invalid_argument("--" + std::string(setting->flag) + " " + *why);
}

}  // namespace

void addOptimizerOptions(po::options_description& options, bool withOptimizer) {
    options.add_options()("start-values", po::value<std::string>(),
                          "start from these values: an options file (Name = value lines, as export --engine-options "
                          "writes) or NAME=VALUE lines; each becomes its term's default, as if edited in the genome");
    if (!withOptimizer) return;
    options.add_options()("optimizer", po::value<std::string>(), optimizerHelp().c_str());
    for (const tuning::NumberSetting* setting : tuning::allNumberSettings()) {
        const std::string help = std::string(tuning::ownerOf(*setting).name) + ": " + std::string(setting->help) +
                                 " (default " + exactDecimal(setting->defaultValue) + ")";
        options.add_options()(std::string(setting->flag).c_str(), po::value<double>()->value_name("X"), help.c_str());
    }
}

void readOptimizerOptions(const po::variables_map& values, tuning::TuningSettings& settings) {
    tuning::OptimizerSettings& o = settings.optimizer;
    if (values.count("optimizer")) {
        const std::string name = values["optimizer"].as<std::string>();
        if (!tuning::findOptimizer(name))
            throw std::invalid_argument("--optimizer: expected " + tuning::optimizerNames() + ", got '" + name + "'");
        o.only(name);
    }
    refuseForeignOptions(values, o);
    for (const tuning::NumberSetting* setting : tuning::allNumberSettings())
        if (values.count(std::string(setting->flag))) o.set(*setting, values[std::string(setting->flag)].as<double>());
    if (values.count("start-values")) {
        auto genome = tuning::loadStartValues(settings.genome, values["start-values"].as<std::string>());
        if (!genome) throw std::invalid_argument("--start-values: " + genome.error().message);
        settings.genome = *genome;
    }
}

std::vector<std::string> optimizerFixedOptions() {
    std::vector<std::string> fixed{"optimizer", "start-values"};
    for (const tuning::NumberSetting* setting : tuning::allNumberSettings()) fixed.emplace_back(setting->flag);
    return fixed;
}

}  // namespace mf::cli
