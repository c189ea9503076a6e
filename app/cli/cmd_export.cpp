// matefind-cli export FILE: the run's pick as UCI setoption lines on stdout, with --engine-options
// OUT also as an options file for the bundled engine (both: the run's fixed options, then the
// tuned weights: the whole engine the run measured), and with
// --spsa openbench|fishtest as the tune lines of those tuners (on stdout, or in --out F). With
// --generation G, the best of generation G as the run recorded it (history.G): the generation the
// held-out E picks is often not the last.
#include <algorithm>
#include <boost/program_options.hpp>
#include <fstream>
#include <optional>
#include <iostream>

#include "app/cli/arguments.h"
#include "app/cli/cmd_tune_options.h"
#include "app/cli/command.h"
#include "evolution/ga/chromosome.h"
#include "evolution/ga/spsa_lines.h"
#include "evolution/tuning/results/engine_export.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/optimizer_extras.h"
#include "evolution/tuning/measures/evalfit/polish_history.h"
#include "evolution/tuning/common/run_pick.h"
#include "evolution/tuning/run/run_history.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

struct Chosen {
    std::vector<int> values;
    int generation = 0;
    double fitness = 0;
    bool spsaTheta = false;  // SPSA's theta, which no member has: it has no fitness of its own
    std::optional<tuning::RunPick> pick;  // the run's pick, when that is what is exported
};

// What answers for the run: its pick (common/run_pick.h), refused when that is its start values;
// for a file without a pick, the best evaluated member of its population, or of an SPSA run its
// theta (rounded), the values SPSA answers with.
Result<Chosen> theAnswer(const ga::RunState& state) {
    auto pick = tuning::readRunPick(state);
    if (!pick) return pick.error();
    if (*pick) {
        if ((*pick)->isStart())
            return Error{tuning::startAnswersWhy(**pick) + ": nothing to export (--generation G exports that "
                         "generation's best all the same)"};
        auto answer = tuning::runAnswer(state);
        if (!answer) return answer.error();
        return Chosen{answer->values, answer->generation, answer->fitness.value_or((*pick)->score), false, *pick};
    }
    tuning::OptimizerSettings optimizer;
    auto best = tuning::bestMember(state);
    if (!tuning::readOptimizerExtras(state.extras, optimizer)) {
        // An optimiser that answers with values no member has (SPSA's theta) answers for the run.
        std::vector<int> picked = tuning::makeOptimizer(optimizer.first())->pick(state);
        const bool aMember = std::any_of(state.population.begin(), state.population.end(), [&](const ga::Member& m) {
            return ga::decode(state.genome, m.chromosome) == picked;
        });
        if (!aMember) return Chosen{std::move(picked), state.generation, 0, true};
    }
    if (!best) return Error{"no evaluated chromosome"};
    return Chosen{ga::decode(state.genome, state.population[*best].chromosome), state.generation,
                  *state.population[*best].fitness};
}

// The best of `generation` as the run recorded it (history.G).
Result<Chosen> recordedBest(const ga::RunState& state, int generation) {
    auto recorded = tuning::recordedGenerations(state);
    if (!recorded) return Error{recorded.error().message};
    for (const auto& g : *recorded)
        if (g.report.stats.generation == generation && g.report.stats.bestValues.size() == state.genome.size())
            return Chosen{g.report.stats.bestValues, generation, g.report.stats.best};
    return Error{"generation " + std::to_string(generation) + " is not recorded" +
                 (recorded->empty() ? std::string(" (the file records no generation)")
                                    : " (recorded: " + std::to_string(recorded->front().report.stats.generation) + " to " +
                                          std::to_string(recorded->back().report.stats.generation) + ")")};
}

// Where the exported weights come from, for the options file's header: the run's pick, the best
// of a generation, or the weights a polish of an older file made from it (polish_history.h).
std::string sourceText(const Chosen& chosen, const std::optional<tuning::RecordedPolishPass>& polished,
                       const std::string& file) {
    const std::string fitness = ", fitness " + formatNumber(chosen.fitness);
    if (chosen.pick) return tuning::pickSourceLine(*chosen.pick, file);
    if (polished)
        return "polished best of generation " + std::to_string(polished->generation) + " of " + file +
               " (the polish, pass " + std::to_string(polished->pass.pass) + ": E " +
               formatNumber(polished->startError) + " -> " + formatNumber(polished->pass.error) + ")" + fitness;
    return "best of generation " + std::to_string(chosen.generation) + " of " + file + fitness;
}

// The options file's header: where the values come from, the run's figures (E, engine, data) and
// what the file holds.
std::string optionsHeader(const ga::RunState& state, const Chosen& chosen, const std::string& file) {
    // A polish's weights carry their own held-out E (the generation's is another member's).
    const auto polished = chosen.spsaTheta ? std::nullopt : tuning::polishOf(state, chosen.values);
    std::string description = tuning::exportDescription(state, chosen.generation, chosen.fitness, file,
                                                        polished ? polished->heldOutError : std::nullopt);
    const std::string rest = description.substr(description.find('\n') + 1);
    if (chosen.spsaTheta)
        description = "SPSA theta after generation " + std::to_string(chosen.generation) + " of " + file + "\n" + rest;
    else if (polished || chosen.pick)
        description = sourceText(chosen, polished, file) + "\n" + rest;
    return description + tuning::contentsLine(state) + "\n";
}

// Tune lines hold the tuned weights only: said on stderr when the run also fixed options.
void sayTuneLinesAreTunedOnly(const ga::RunState& state) {
    if (const std::size_t fixed = tuning::fixedOptionCount(state))
        std::cerr << "tune lines: the " << state.genome.size() << " tuned weights only; the run's " << fixed
                  << " fixed options are not tuned (--engine-options writes them with the weights)\n";
}

int run(const std::vector<std::string>& args) {
    po::options_description options(
        "matefind-cli export FILE [--generation G] [--engine-options OUT] [--spsa openbench|fishtest [--out F]]");
    options.add_options()
        ("help,h", "show this help")
        ("file", po::value<std::string>(), "population file")
        ("engine-options", po::value<std::string>(), "also write the bundled engine's options file here")
        ("spsa", po::value<std::string>(), "print the pick as SPSA tune lines instead: openbench "
                                           "(name, int, start, min, max, c_end, r_end) or fishtest "
                                           "(name,start,min,max,c_end,r_end)")
        ("out", po::value<std::string>(), "with --spsa: write the tune lines to this file (stdout keeps the setoption lines)")
        ("generation", po::value<int>(), "the best of this generation as the run recorded it (default: the run's pick)");
    CommandLine line("export", options);
    line.positional("file");
    std::optional<ga::SpsaFormat> spsa;
    if (auto finished = line.parse(
            args,
            "\nThe run's pick, as `setoption name X value Y` lines: the options the run held fixed (a preset's\n"
            "hand-set terms), then the tuned weights, so that the lines, or the options file, are the engine the\n"
            "run measured. The pick: the values with the best held-out score the run checked (or, without\n"
            "held-out work, the best training score), refused when nothing beat the start values there. With\n"
            "--generation G, the best of generation G as the run recorded it. A file from before picks: its best\n"
            "evaluated chromosome (of an SPSA run, its theta, rounded).\n"
            "With --spsa, as the tune lines OpenBench or fishtest read, of the tuned weights only (standard error\n"
            "says so when the run fixed other options): start = the exported value, min/max = the term's window,\n"
            "c_end/r_end as the genome's tune lines gave them, else (max-min)/20 (at least 0.5) and 0.002. No\n"
            "comments: the lines paste into the tuner as they are.\n",
            [&](const po::variables_map& values) {
                requirePopulationFile(values);
                if (values.count("spsa")) {
                    spsa = ga::parseSpsaFormat(values["spsa"].as<std::string>());
                    if (!spsa)
                        throw std::invalid_argument("--spsa: expected openbench or fishtest, got '" +
                                                    values["spsa"].as<std::string>() + "'");
                }
                if (values.count("out") && !spsa) throw std::invalid_argument("--out needs --spsa openbench|fishtest");
            }))
        return *finished;
    const po::variables_map& values = line.values();
    const std::string file = values["file"].as<std::string>();
    auto state = loadPopulationOrReport("export", file);
    if (!state) return 1;
    auto chosen = values.count("generation") ? recordedBest(*state, values["generation"].as<int>()) : theAnswer(*state);
    if (!chosen) return line.failure(file + ": " + chosen.error().message);
    const std::vector<int>& values_ = chosen->values;
    const uci::OptionValues engine = tuning::exportedOptions(*state, values_);
    const bool spsaToFile = spsa && values.count("out");
    if (spsa && !spsaToFile)
        std::cout << ga::spsaLines(state->genome, values_, *spsa);
    else
        std::cout << tuning::setOptionLines(engine);
    if (spsa) sayTuneLinesAreTunedOnly(*state);
    if (spsaToFile) {
        const std::string out = values["out"].as<std::string>();
        std::ofstream stream(out);
        stream << ga::spsaLines(state->genome, values_, *spsa);
        if (!stream.flush()) return line.failure("cannot write " + out);
        std::cerr << "wrote " << out << ": " << state->genome.size() << " " << ga::spsaFormatName(*spsa)
                  << " tune lines\n";
    }
    if (values.count("engine-options")) {
        const std::string out = values["engine-options"].as<std::string>();
        std::ofstream stream(out);
        stream << tuning::engineOptionsFile(engine, optionsHeader(*state, *chosen, file));
        if (!stream.flush()) return line.failure("cannot write " + out);
    }
    return 0;
}

RegisterCommand exportCommand{"export", "write the run's pick (or a generation's best) of a population file as engine settings", run};

}  // namespace
}  // namespace mf::cli
