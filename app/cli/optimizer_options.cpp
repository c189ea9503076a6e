#include "app/cli/optimizer_options.h"

#include "evolution/tuning/start_values.h"

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
        ("restart-spread", po::value<double>(), "ga: when the members' values span less than this fraction of the "
                                                "windows (mean over terms), keep the elites and draw the rest anew as a "
                                                "Latin hypercube (default 0: never)");
}

namespace {

void refuseForeignOptions(const po::variables_map& values, tuning::OptimizerKind kind) {
    const std::string name(tuning::optimizerName(kind));
    if (kind != tuning::OptimizerKind::Ga)
        for (const char* flag : {"selection", "pk", "pm", "elite", "max", "qlin", "qnolin", "k", "creep", "restart-spread"})
            if (values.count(flag))
                throw std::invalid_argument(std::string("--") + flag + " is a GA option; --optimizer " + name +
                                            " does not use it");
    if (kind == tuning::OptimizerKind::Spsa && values.count("start"))
        throw std::invalid_argument("--start is for ga and cmaes; SPSA starts at the defaults (see --start-values)");
    for (const char* flag : {"spsa-r-end", "spsa-scale"})
        if (values.count(flag) && kind != tuning::OptimizerKind::Spsa)
            throw std::invalid_argument(std::string("--") + flag + " needs --optimizer spsa");
    if (values.count("cmaes-sigma") && kind != tuning::OptimizerKind::Cmaes)
        throw std::invalid_argument("--cmaes-sigma needs --optimizer cmaes");
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
    if (values.count("restart-spread")) o.ga.restartSpread = values["restart-spread"].as<double>();
    if (values.count("start-values")) {
        auto genome = tuning::loadStartValues(settings.genome, values["start-values"].as<std::string>());
        if (!genome) throw std::invalid_argument("--start-values: " + genome.error().message);
        settings.genome = *genome;
    }
}

}  // namespace mf::cli
