#include "app/cli/optimizer_options.h"

#include "evolution/tuning/optimizers/optimizer_uses.h"
#include "evolution/tuning/start_values.h"

#include <utility>

namespace po = boost::program_options;

namespace mf::cli {

void addOptimizerOptions(po::options_description& options, bool withOptimizer) {
    options.add_options()("start-values", po::value<std::string>(),
                          "start from these values: an options file (Name = value lines, as export --engine-options "
                          "writes) or NAME=VALUE lines; each becomes its term's default, as if edited in the genome");
    if (!withOptimizer) return;
    const tuning::OptimizerSettings d;
    options.add_options()
        ("optimizer", po::value<std::string>(), "ga (the genetic algorithm; default), spsa (fishtest/OpenBench SPSA: an "
                                                "even --population, 2 candidates per iteration) or cmaes (pagmo's CMA-ES, "
                                                "--population samples per generation, at least 5)")
        ("spsa-r-end", po::value<double>(), ("spsa: r_end of terms whose genome gives no c_end/r_end (c_end is then the "
                                             "window / 20) (default " + std::to_string(d.spsa.rEnd).substr(0, 5) + ")").c_str())
        ("spsa-scale", po::value<double>(), "spsa: an iteration's result (fishtest's wins - losses) is SCALE x the fitness "
                                            "difference of theta+ and theta- (default: games 2, evalfit 1000, suite 1)")
        ("cmaes-sigma", po::value<double>(), "cmaes: the first step size as a fraction of every window, 0 < F <= 1 "
                                             "(default 0.3)")
        ("creep", po::value<double>(), "ga: probability per term that a bred member's value takes a Gaussian step "
                                       "(1/8 of the window at first, growing while the best improves, shrinking while "
                                       "not) beside the bit flips (default 0: off)")
        ("creep-shrink", po::value<double>(), "ga: the creep's step is multiplied by F after a generation whose best "
                                              "did not improve, 0 < F < 1 (default 0.8; 0.6 with --pm 0.005 did best on "
                                              "docs/tuning.md's task (a))")
        ("restart-spread", po::value<double>(), "ga: when the members' values span less than this fraction of the "
                                                "windows (mean over terms), keep the elites and draw the rest anew as a "
                                                "Latin hypercube (default 0: never)");
}

namespace {

// Each optimiser option by its flag, in the order a refusal names the first: the GA's, then
// --start, then the other optimisers' own.
constexpr std::pair<const char*, tuning::OptimizerSetting> kSettingFlags[] = {
    {"selection", tuning::OptimizerSetting::Selection}, {"pk", tuning::OptimizerSetting::Pk},
    {"pm", tuning::OptimizerSetting::Pm},               {"elite", tuning::OptimizerSetting::Elite},
    {"max", tuning::OptimizerSetting::LinearMax},       {"qlin", tuning::OptimizerSetting::QLin},
    {"qnolin", tuning::OptimizerSetting::QNolin},       {"k", tuning::OptimizerSetting::TournamentSize},
    {"creep", tuning::OptimizerSetting::Creep},         {"creep-shrink", tuning::OptimizerSetting::CreepShrink},
    {"restart-spread", tuning::OptimizerSetting::RestartSpread},
    {"start", tuning::OptimizerSetting::Start},         {"spsa-r-end", tuning::OptimizerSetting::SpsaREnd},
    {"spsa-scale", tuning::OptimizerSetting::SpsaScale}, {"cmaes-sigma", tuning::OptimizerSetting::CmaesSigma}};

// Which optimiser uses which option is the library's table (optimizer_uses.h), shared with the window.
void refuseForeignOptions(const po::variables_map& values, tuning::OptimizerKind kind) {
    const tuning::OptimizerWords words{"--optimizer ", "--start-values"};
    for (const auto& [flag, setting] : kSettingFlags)
        if (values.count(flag))
            if (auto why = tuning::unusedSettingReason(kind, setting, words))
                throw std::invalid_argument(std::string("--") + flag + " " + *why);
}

}  // namespace

void readOptimizerOptions(const po::variables_map& values, tuning::TuningSettings& settings) {
    tuning::OptimizerSettings& o = settings.optimizer;
    if (values.count("optimizer")) {
        const std::string name = values["optimizer"].as<std::string>();
        auto kind = tuning::parseOptimizer(name);
        if (!kind) throw std::invalid_argument("--optimizer: expected ga, spsa or cmaes, got '" + name + "'");
        o.kind = *kind;
    }
    refuseForeignOptions(values, o.kind);
    if (values.count("spsa-r-end")) o.spsa.rEnd = values["spsa-r-end"].as<double>();
    if (values.count("spsa-scale")) o.spsa.resultScale = values["spsa-scale"].as<double>();
    if (values.count("cmaes-sigma")) o.cmaes.sigma0 = values["cmaes-sigma"].as<double>();
    if (values.count("creep")) o.ga.creep = values["creep"].as<double>();
    if (values.count("creep-shrink")) o.ga.creepShrink = values["creep-shrink"].as<double>();
    if (values.count("restart-spread")) o.ga.restartSpread = values["restart-spread"].as<double>();
    if (values.count("start-values")) {
        auto genome = tuning::loadStartValues(settings.genome, values["start-values"].as<std::string>());
        if (!genome) throw std::invalid_argument("--start-values: " + genome.error().message);
        settings.genome = *genome;
    }
}

}  // namespace mf::cli
