#include "app/cli/cmd_tune_options.h"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <iostream>

#include "app/cli/engine_options.h"
#include "app/cli/limit_check.h"
#include "evolution/ga/genome.h"
#include "evolution/tuning/installed_paths.h"

namespace po = boost::program_options;

namespace mf::cli {

void addTuneOptions(po::options_description& options, TuneCommand command) {
    const ga::Parameters d;
    options.add_options()
        ("help,h", "show this help")
        ("suite", po::value<std::string>(), "EPD suite chromosomes are scored on (default: the bundled tuning suite)")
        ("engine", po::value<std::string>(), "UCI engine (default: matefind-engine beside matefind-cli)")
        ("genome", po::value<std::string>(), "genome file: the tuned terms and their bits (default: the MateFind preset)")
        ("population", po::value<int>(), ("population size N (default " + std::to_string(d.populationSize) + ")").c_str())
        ("generations", po::value<int>(), ("generations G in the run, counting generation 0 (default " +
                                           std::to_string(d.generations) +
                                           "; with --resume: the run's new total)").c_str())
        ("selection", po::value<std::string>(), "proportional|baker|linear|nonlinear|tournament (default tournament)")
        ("pk", po::value<double>(), "crossover probability per pair (default 0.7)")
        ("pm", po::value<double>(), "mutation probability per bit (default 0.01)")
        ("elite", po::value<int>(), "elitism: the E best survive unchanged (default 1)")
        ("max", po::value<double>(), "linear ranking: MAX = expected copies of the best, 1..2 (default 1.5)")
        ("qlin", po::value<double>(), "linear ranking: q_lin = MAX/N (alternative to --max)")
        ("qnolin", po::value<double>(), "nonlinear ranking: 0 < q_nolin < 1 (default 0.1)")
        ("k", po::value<int>(), "tournament size (default 2)")
        ("prize", po::value<double>(), "answer-speed prize P: a solved position scores 1 + P*(1 - s/L) (default 0)")
        ("option", po::value<std::vector<std::string>>()->composing(),
         "fixed engine option NAME=VALUE sent after start, e.g. Hash=16 (repeatable)")
        ("engine-arg", po::value<std::vector<std::string>>()->composing(),
         "command-line argument for the engine (repeatable, in order; --engine-arg=-x for one starting with '-')")
        ("workers", po::value<unsigned>(), "engines searching at once (default: hardware threads)")
        ("seed", po::value<std::uint64_t>(), "random seed (default 1)");
    options.add_options()
        ("movetime", po::value<std::int64_t>(), "search each position MS milliseconds (noisy fitness)")
        ("depth", po::value<std::int64_t>(), "search each position to D plies (deterministic)")
        ("nodes", po::value<std::int64_t>(), "search each position N nodes (default 20000; deterministic)");
    if (command == TuneCommand::Tune)
        options.add_options()
            ("out", po::value<std::string>(), "population file written after every generation (default matefind-tune.mfpop; "
                                              "with --resume: the resumed file)")
            ("resume", po::value<std::string>(), "continue the run saved in this population file");
    else
        options.add_options()
            ("out", po::value<std::string>(), "after every generation each lane is written to OUT with its selection name "
                                              "before the extension (default matefind-fight.mfpop: "
                                              "matefind-fight.tournament.mfpop, ...)");
    options.add_options()
        ("heldout", po::value<std::string>(), command == TuneCommand::Tune
                                                  ? "held-out suite: the best is scored on it every K-th generation and the "
                                                    "last (default without --suite: the bundled held-out suite)"
                                                  : "held-out suite: each lane's best is scored on it every K-th generation "
                                                    "and the last (default without --suite: the bundled held-out suite)")
        ("heldout-every", po::value<int>(), "K for --heldout or --heldout-pairs (default 5)");
    options.add_options()
        ("measure", po::value<std::string>(), "fitness: solved|points (EPD suite) or games (pairs against a baseline); "
                                              "default solved")
        ("pairs", po::value<int>(), "games: game pairs per member and generation (default 2)")
        ("baseline", po::value<std::string>(), "games: the opponent: defaults (the engine's own values; default), "
                                               "engine:PATH (another engine) or a population file (its best member)")
        ("openings", po::value<std::string>(), "games: openings file, EPD/FEN or PGN (default: the bundled openings)")
        ("heldout-pairs", po::value<int>(), "games: the best plays this many pairs on openings kept apart, every "
                                            "--heldout-every generations and the last (default 0: none)")
        ("start", po::value<std::string>(), "generation 0: around-defaults (the genome's defaults and members a few "
                                            "steps from them; default) or uniform (random over whole windows)");
    addLimitCheckOptions(options);
}

std::optional<int> checkEngineLimit(const std::string& command, tuning::TuningSettings& settings,
                                    const po::variables_map& values) {
    auto checked = runLimitCheck(command, tuning::engineConfigOf(settings.engine), tuning::searchLimit(settings.parameters), {}, values);
    if (checked.exitCode) return checked.exitCode;
    settings.engine.knownNodesPerSecond = checked.nodesPerSecond;
    return std::nullopt;
}

tuning::TuningSettings settingsFromOptions(const po::variables_map& values, const ga::Genome* genomeGiven) {
    tuning::TuningSettings settings;
    ga::Parameters& p = settings.parameters;
    const std::filesystem::path bin = tuning::executableDir();
    if (values.count("population")) p.populationSize = values["population"].as<int>();
    if (values.count("generations")) p.generations = values["generations"].as<int>();
    if (values.count("selection")) {
        auto type = ga::parseSelectionType(values["selection"].as<std::string>());
        if (!type) throw std::invalid_argument("--selection: expected proportional|baker|linear|nonlinear|tournament, got '" +
                                               values["selection"].as<std::string>() + "'");
        p.selection.type = *type;
    }
    if (values.count("pk")) p.pk = values["pk"].as<double>();
    if (values.count("pm")) p.pm = values["pm"].as<double>();
    if (values.count("elite")) p.elite = values["elite"].as<int>();
    if (values.count("max") && values.count("qlin")) throw std::invalid_argument("give --max or --qlin, not both");
    if (values.count("max")) p.selection.linearMax = values["max"].as<double>();
    if (values.count("qlin")) p.setQLin(values["qlin"].as<double>());
    if (values.count("qnolin")) p.selection.qNolin = values["qnolin"].as<double>();
    if (values.count("k")) p.selection.tournamentSize = values["k"].as<int>();
    if (values.count("seed")) p.seed = values["seed"].as<std::uint64_t>();
    if (values.count("prize")) p.prize = values["prize"].as<double>();
    if (values.count("movetime") + values.count("depth") + values.count("nodes") > 1)
        throw std::invalid_argument("give at most one of --movetime, --depth, --nodes");
    if (values.count("movetime")) { p.limitKind = ga::LimitKind::Time; p.limitValue = values["movetime"].as<std::int64_t>(); }
    if (values.count("depth")) { p.limitKind = ga::LimitKind::Depth; p.limitValue = values["depth"].as<std::int64_t>(); }
    if (values.count("nodes")) { p.limitKind = ga::LimitKind::Nodes; p.limitValue = values["nodes"].as<std::int64_t>(); }
    if (auto errors = ga::validate(p); !errors.empty()) throw std::invalid_argument(errors.front().message);

    settings.engine.program = values.count("engine") ? std::filesystem::path(values["engine"].as<std::string>())
                                                     : tuning::bundledEngine(bin);
    const bool bundledEngine = !values.count("engine");
    std::filesystem::path genomeFile;
    if (genomeGiven) settings.genome = *genomeGiven;
    else if (values.count("genome")) genomeFile = values["genome"].as<std::string>();
    else if (bundledEngine) genomeFile = tuning::bundledGenome(bin);
    else throw std::invalid_argument("--genome FILE is needed for an engine other than the bundled one "
                                     "(the MateFind preset names the bundled engine's options)");
    if (!genomeGiven) {
        auto genome = ga::loadGenome(genomeFile);
        if (!genome) throw std::invalid_argument("--genome: " + genome.error().message());
        settings.genome = *genome;
    }

    if (values.count("measure")) {
        auto measure = tuning::parseFitnessMeasure(values["measure"].as<std::string>());
        if (!measure)
            throw std::invalid_argument("--measure: expected solved, points or games, got '" +
                                        values["measure"].as<std::string>() + "'");
        settings.measure = *measure;
    }
    if (values.count("start")) {
        auto start = ga::parseStartPopulation(values["start"].as<std::string>());
        if (!start)
            throw std::invalid_argument("--start: expected around-defaults or uniform, got '" +
                                        values["start"].as<std::string>() + "'");
        settings.start = *start;
    }
    const bool games = settings.measure == tuning::FitnessMeasure::Games;
    for (const char* flag : {"pairs", "baseline", "openings", "heldout-pairs"})
        if (values.count(flag) && !games) throw std::invalid_argument(std::string("--") + flag + " needs --measure games");
    for (const char* flag : {"suite", "heldout", "prize"})
        if (values.count(flag) && games)
            throw std::invalid_argument(std::string("--") + flag + " is for the suite measures, not --measure games");
    if (games) {
        if (values.count("pairs")) settings.games.pairs = values["pairs"].as<int>();
        if (values.count("baseline")) settings.games.baseline = values["baseline"].as<std::string>();
        if (values.count("openings")) settings.games.openings = values["openings"].as<std::string>();
        if (values.count("heldout-pairs")) settings.games.heldOutPairs = values["heldout-pairs"].as<int>();
        if (auto problems = tuning::validateGames(settings.games); !problems.empty())
            throw std::invalid_argument("--" + problems.front());
    } else {
        if (values.count("suite")) settings.suite = values["suite"].as<std::string>();
        else settings.suite = tuning::bundledSuite(bin);
        if (settings.suite.empty()) throw std::invalid_argument("--suite FILE is required (no bundled suite is installed)");
        if (values.count("heldout")) settings.heldOutSuite = values["heldout"].as<std::string>();
        // The bundled suites come as a pair: tuning on the bundled suite also watches the bundled
        // held-out suite, unless another is named.
        else if (!values.count("suite")) settings.heldOutSuite = tuning::bundledHeldOutSuite(bin);
    }
    settings.heldOutEvery = 5;
    if (values.count("heldout-every")) {
        if (!tuning::hasHeldOut(settings))
            throw std::invalid_argument(games ? "--heldout-every needs --heldout-pairs N" : "--heldout-every needs --heldout FILE");
        settings.heldOutEvery = values["heldout-every"].as<int>();
        if (settings.heldOutEvery < 1)
            throw std::invalid_argument("--heldout-every must be at least 1, not " + std::to_string(settings.heldOutEvery));
    }
    if (values.count("option"))
        settings.engine.fixedOptions = parseOptionAssignments(values["option"].as<std::vector<std::string>>());
    if (values.count("engine-arg")) settings.engine.arguments = values["engine-arg"].as<std::vector<std::string>>();
    settings.workers = values.count("workers") ? values["workers"].as<unsigned>() : 0;
    if (values.count("workers") && settings.workers == 0) throw std::invalid_argument("--workers must be at least 1");
    return settings;
}

std::string formatNumber(double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    return buffer;
}

std::string heldOutText(const tuning::HeldOutResult& result) {
    if (result.unit == tuning::WorkUnit::Games)
        return formatNumber(result.fitness) + " (of " + std::to_string(result.scored) + " games)";
    return formatNumber(result.fitness) + " (solved " + std::to_string(result.solved) + "/" +
           std::to_string(result.scored) + ")";
}

TuneProgress::TuneProgress() : terminal_(::isatty(STDERR_FILENO) == 1) {}

void TuneProgress::show(const tuning::RunProgress& progress) {
    if (!terminal_) return;  // a log file gets the generation lines only
    std::string line = "gen " + std::to_string(progress.generation) + (progress.heldOut ? " held-out" : "") +
                       ": " + std::string(tuning::workUnitName(progress.unit)) + " " +
                       std::to_string(progress.unitsDone) + "/" + std::to_string(progress.unitsTotal);
    if (progress.generationEta) line += ", generation ETA " + std::to_string(progress.generationEta->count()) + " s";
    if (progress.runEta) line += ", run ETA " + std::to_string(progress.runEta->count()) + " s";
    std::cerr << "\r\033[K" << line << std::flush;
    drawn_ = true;
}

void TuneProgress::clear() {
    if (drawn_) std::cerr << "\r\033[K" << std::flush;
    drawn_ = false;
}

}  // namespace mf::cli
