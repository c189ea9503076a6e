// matefind-cli score --options FILE: the fitness of one weight set, given as an options file, by
// the measure and on the engine a `tune` with the same flags would use: Texel's error E (with K
// and E0 fitted on the genome's defaults, as a run fits them), positions solved, or game points.
// The held-out work, when there is some, is scored too. No GA, no population: a set of weights
// is scored once, as a run would score it as a member.
#include <boost/program_options.hpp>
#include <iostream>

#include "app/cli/arguments.h"
#include "app/cli/cmd_tune_options.h"
#include "app/cli/command.h"
#include "app/cli/interrupt.h"
#include "app/cli/mpi_mode.h"
#include "engine/options_file.h"
#include "evolution/tuning/measures/evalfit/run/evalfit_fit.h"
#include "evolution/tuning/settings/fitness_plan.h"
#include "evolution/tuning/setup/weight_set.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

// The weights of --options against the genome; the file's other options join the fixed ones.
std::vector<int> readWeights(const std::string& file, tuning::TuningSettings& settings) {
    OptionsFileText text = readOptionsFileText(file);
    if (text.openError) throw std::runtime_error(*text.openError);
    auto set = tuning::weightSetFromOptionsText(text.text, file, settings.genome);
    if (!set) throw std::runtime_error(set.error().message);
    if (!set->defaulted.empty()) {
        std::string names;
        for (const std::string& name : set->defaulted) names += (names.empty() ? "" : ", ") + name;
        std::cerr << "score: " << file << " sets no value for " << names << ": the genome's default is scored\n";
    }
    for (const auto& option : set->otherOptions) {
        std::cerr << "score: " << file << ": " << option.first << " is no genome term: sent as a fixed option\n";
        settings.engine.fixedOptions.push_back(option);
    }
    return set->values;
}

// "E 0.1035 (fitness 1.0091, K 0.9889, E0 0.10445)", "solved 41/100 (fitness 41)", "points 5.5 of
// 8 games (3 wins, 5 draws, 0 losses; fitness 5.5)".
std::string scoreText(const tuning::CandidateScore& s, const tuning::TuningSettings& settings, bool heldOut) {
    std::string text;
    if (s.error) {
        // On the held-out data fitness is the held-out E0 / E: that E0 is the one shown.
        const std::optional<double>& e0 = heldOut ? settings.of<tuning::EvalfitSettings>().heldOutStartError : settings.of<tuning::EvalfitSettings>().startError;
        text = "E " + formatNumber(*s.error) + " (fitness " + formatNumber(s.fitness);
        if (settings.of<tuning::EvalfitSettings>().k) text += ", K " + formatNumber(*settings.of<tuning::EvalfitSettings>().k);
        if (e0) text += ", E0 " + formatNumber(*e0);
        text += ")";
    } else if (settings.measure == tuning::FitnessMeasure::Games) {
        text = "points " + formatNumber(s.games.points()) + " of " + std::to_string(s.games.games()) + " games (" +
               std::to_string(s.games.wins) + " wins, " + std::to_string(s.games.draws) + " draws, " +
               std::to_string(s.games.losses) + " losses; fitness " + formatNumber(s.fitness) + ")";
    } else {
        text = "solved " + std::to_string(s.solved) + "/" + std::to_string(s.scored + s.failed);
        if (settings.measure == tuning::FitnessMeasure::Points)
            text += ", points " + std::to_string(s.points) + "/" + std::to_string(s.maxPoints);
        text += " (fitness " + formatNumber(s.fitness) + ")";
    }
    if (s.failed > 0) text += ", " + std::to_string(s.failed) + " failed searches (not scored)";
    if (!s.failure.empty()) text += ", failed: " + s.failure;
    return text;
}

// Scores `candidate` on `work` with progress on stderr; nullopt (after saying why) when stopped or
// not scored.
std::optional<tuning::CandidateScore> scoreOn(tuning::FitnessEvaluator& evaluator, const tuning::FitnessWork& work,
                                              const tuning::Candidate& candidate, std::stop_token stop,
                                              TuneProgress& progress, const std::string& what) {
    auto scores = evaluator.evaluate(work, {candidate}, stop, [&](const tuning::EvaluationProgress& p) {
        progress.showText("score " + what + ": " + unitsText(tuning::workUnit(work), p.unitsDone, p.unitsTotal));
    });
    progress.clear();
    if (stop.stop_requested() || scores.size() != 1 || !scores[0].complete()) {
        std::cerr << "matefind-cli score: stopped before the " << what << " was scored\n";
        return std::nullopt;
    }
    return scores[0];
}

int scoreWeights(const po::variables_map& values, tuning::TuningSettings& settings, const std::vector<int>& weights,
                 std::stop_token stop) {
    std::vector<std::string> warnings;
    auto plan = tuning::FitnessPlan::load(settings, warnings);
    for (const auto& warning : warnings) std::cerr << "score: " << warning << "\n";
    if (!plan) throw std::runtime_error(plan.error().message);
    auto evaluator = evaluatorFactory(mpiRequested(values))(settings, {}, stop);
    if (!evaluator) throw std::runtime_error("engine: " + evaluator.error().message);
    TuneProgress progress(progressEveryOption(values));
    // Evalfit: K and E0 from the genome's defaults, as a run fits them before generation 0.
    const auto fit = tuning::fitEvalfit(*plan, settings, **evaluator, stop, [&](const tuning::EvaluationProgress& p) {
        progress.showText("fitting K/E0: " + unitsText(tuning::WorkUnit::Positions, p.unitsDone, p.unitsTotal));
    }, {}, [](const std::string& note) { std::cerr << note << "\n"; });
    progress.clear();
    if (fit.stopped) return 1;
    if (fit.failure) throw std::runtime_error(*fit.failure);
    const tuning::Candidate candidate = tuning::makeCandidate(settings.genome, weights);
    const auto main = scoreOn(**evaluator, plan->mainWork(0), candidate, stop, progress, "weights");
    if (!main) return 1;
    std::cout << scoreText(*main, settings, false) << std::endl;
    if (plan->hasHeldOut()) {
        const auto held = scoreOn(**evaluator, plan->heldOutWork(0), candidate, stop, progress, "held-out work");
        if (!held) return 1;
        std::cout << "held-out " << scoreText(*held, settings, true) << std::endl;
    }
    return main->failure.empty() ? 0 : 1;
}

int run(const std::vector<std::string>& args) {
    po::options_description options(
        "matefind-cli score --options FILE [--measure evalfit|solved|points|games] [the engine, measure and limit\n"
        "  options of tune: --engine --genome --option --data --heldout-data --suite --heldout --pairs ...]");
    addTuneOptions(options, TuneCommand::Score);
    addMpiOption(options);
    addProgressOption(options);
    options.add_options()("options", po::value<std::string>()->value_name("FILE"),
                          "the weight set: an options file, `Name = Value` per line (as `export --engine-options` "
                          "writes); a genome term it does not set keeps its default");
    CommandLine line("score", options);
    tuning::TuningSettings settings;
    std::vector<int> weights;
    auto finished = line.parse(
        args,
        "\nPrints the fitness of the weights as a run of `tune` with the same flags would score them as a member:\n"
        "  evalfit: E x (fitness E0/E, K k, E0 e0)   (K and E0 fitted on the genome's defaults, as a run does)\n"
        "  solved:  solved s/n (fitness f)           points: solved s/n, points p/max (fitness f)\n"
        "  games:   points p of n games (w wins, d draws, l losses; fitness f)\n"
        "then the same for the held-out work when there is some. Exit code 1 when a search failed.\n",
        [&](const po::variables_map& values) {
            if (!values.count("options")) throw std::invalid_argument("--options FILE is required");
            progressEveryOption(values);  // a bad value is a usage error here
            settings = settingsFromOptions(values);
            weights = readWeights(values["options"].as<std::string>(), settings);
            if (auto problems = tuning::validateSettings(settings); !problems.empty())
                throw std::invalid_argument(problems.front());
        });
    if (finished) return *finished;
    Interrupt interrupt;
    if (auto refused = checkEngineLimit("score", settings, line.values(), interrupt.token())) return *refused;
    try {
        return scoreWeights(line.values(), settings, weights, interrupt.token());
    } catch (const std::runtime_error& error) {
        return line.failure(error.what());
    }
}

RegisterCommand score{"score", "the fitness of one weight set given as an options file (E, solved or points), "
                               "scored as tune would score it", run};

}  // namespace
}  // namespace mf::cli
