#include "app/cli/optimizer_options.h"

#include "engine/fixed_decimals.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/optimizer_uses.h"
#include "evolution/tuning/settings/start_values.h"

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
    options.add_options()
        ("optimizer", po::value<std::string>(), ("the first stage's optimiser (--generations G generations): " +
                                                 optimizerHelp()).c_str())
        ("then", po::value<std::vector<std::string>>()->composing()->value_name("NAME:G"),
         "then optimiser NAME for G more generations, from the values the stage before answers with (repeatable; "
         "the run's generations are --generations plus every G): ga:30, local:6, gradient:10 ...")
        ("polish", po::value<int>()->value_name("PASSES"), "the same as --then local:PASSES (Texel's local search, a "
                                                           "pass over the terms a generation), or with --polish-method "
                                                           "gradient --then gradient:PASSES")
        ("polish-method", po::value<std::string>(), "coordinate (Texel's local search, the default) or gradient");
    for (const tuning::NumberSetting* setting : tuning::allNumberSettings()) {
        const std::string help = std::string(tuning::ownerOf(*setting).name) + ": " + std::string(setting->help) +
                                 " (default " + exactDecimal(setting->defaultValue) + ")";
        options.add_options()(std::string(setting->flag).c_str(), po::value<double>()->value_name("X"), help.c_str());
    }
}

namespace {

// The stages --then and --polish ask for, in that order.
std::vector<tuning::Stage> laterStages(const po::variables_map& values) {
    std::vector<tuning::Stage> stages;
    if (values.count("then"))
        for (const std::string& text : values["then"].as<std::vector<std::string>>()) {
            const std::size_t colon = text.find(':');
            tuning::Stage stage;
            stage.optimizer = text.substr(0, colon);
            if (!tuning::findOptimizer(stage.optimizer))
                throw std::invalid_argument("--then " + text + ": expected " + tuning::optimizerNames() + ", then :G");
            const std::string count = colon == std::string::npos ? std::string() : text.substr(colon + 1);
            try {
                std::size_t used = 0;
                stage.generations = std::stoi(count, &used);
                if (used != count.size() || stage.generations < 1) throw std::invalid_argument(count);
            } catch (const std::exception&) {
                throw std::invalid_argument("--then " + text + ": expected NAME:G with G a number of generations (1 or more)");
            }
            stages.push_back(stage);
        }
    if (values.count("polish-method") && !values.count("polish"))
        throw std::invalid_argument("--polish-method needs --polish PASSES");
    if (values.count("polish")) {
        const int passes = values["polish"].as<int>();
        if (passes < 1) throw std::invalid_argument("--polish must be at least 1");
        const std::string method = values.count("polish-method") ? values["polish-method"].as<std::string>() : "coordinate";
        if (method != "coordinate" && method != "gradient")
            throw std::invalid_argument("--polish-method: expected coordinate or gradient, got '" + method + "'");
        stages.push_back({method == "gradient" ? "gradient" : "local", passes});
    }
    return stages;
}

}  // namespace

bool appendStages(const po::variables_map& values, tuning::TuningSettings& settings) {
    std::vector<tuning::Stage> later = laterStages(values);
    if (later.empty()) return false;
    std::vector<tuning::Stage>& stages = settings.optimizer.stages;
    int before = 0;
    for (std::size_t i = 0; i + 1 < stages.size(); ++i) before += stages[i].generations;
    stages.back().generations = settings.parameters.generations - before;
    for (const tuning::Stage& stage : later) {
        settings.parameters.generations += stage.generations;
        stages.push_back(stage);
    }
    return true;
}

void readOptimizerOptions(const po::variables_map& values, tuning::TuningSettings& settings) {
    tuning::OptimizerSettings& o = settings.optimizer;
    if (values.count("optimizer")) {
        const std::string name = values["optimizer"].as<std::string>();
        if (!tuning::findOptimizer(name))
            throw std::invalid_argument("--optimizer: expected " + tuning::optimizerNames() + ", got '" + name + "'");
        o.only(name);
    }
    appendStages(values, settings);
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
    std::vector<std::string> fixed{"optimizer", "start-values"};  // --then and --polish add stages: allowed
    for (const tuning::NumberSetting* setting : tuning::allNumberSettings()) fixed.emplace_back(setting->flag);
    return fixed;
}

}  // namespace mf::cli
