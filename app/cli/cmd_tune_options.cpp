#include "app/cli/cmd_tune_options.h"


#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iostream>

#include "app/cli/engine_options.h"
#include "evolution/tuning/common/elo_text.h"
#include "app/cli/limit_check.h"
#include "app/cli/optimizer_options.h"
#include "evolution/tuning/setup/run_presets.h"
#include "evolution/ga/genome.h"
#include "evolution/ga/parameters.h"
#include "evolution/match/game_types.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/common/settings_rules.h"

namespace po = boost::program_options;

namespace mf::cli {

namespace {

// --preset's help: every preset's name and what it does.
std::string presetHelp() {
    std::string text = "a whole recipe by name (then only --data, --heldout-data, --out, --workers, --seed, --trace-cache "
                       "and --mpi may be given, and for a recipe of any engine --engine, --option, --engine-arg and "
                       "--keep-process):";
    for (const tuning::RunPreset& preset : tuning::runPresets())
        text += " " + std::string(preset.name) + (preset.anyEngine ? " (any engine)" : "") + ", " +
                std::string(preset.description) + ";";
    text.back() = '.';
    return text;
}

std::string defaultText(double value) { return "(default " + formatNumber(value) + ")"; }

std::string shortNumber(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g", value);
    return buffer;
}

// --pm and --k default differently for evalfit (tuning::defaultSettings of the measure and genome):
// the help shows both, evalfit's p_m for the bundled genome, as a run without the options takes them.
std::string pmHelp(const tuning::TuningSettings& d) {
    const tuning::TuningSettings evalfit = tuning::defaultSettings(tuning::FitnessMeasure::Evalfit, d.genome);
    std::string text = "mutation probability per bit (default: evalfit " + formatNumber(tuning::kEvalfitBitsFlipped) + "/m";
    if (d.genome.length() > 0)
        text += " = " + shortNumber(evalfit.parameters.pm) + " for the bundled genome's m = " +
                std::to_string(d.genome.length()) + " bits";
    return text + "; solved, points and games " + formatNumber(d.parameters.pm) + ")";
}

std::string tournamentHelp(const tuning::TuningSettings& d) {
    const tuning::TuningSettings evalfit = tuning::defaultSettings(tuning::FitnessMeasure::Evalfit, d.genome);
    return "tournament size (default: evalfit " + std::to_string(evalfit.parameters.selection.tournamentSize) +
           "; solved, points and games " + std::to_string(d.parameters.selection.tournamentSize) + "; at most N)";
}

// The engine and the search limit: what every measure and `score` need.
void addEngineOptions(po::options_description& options, const tuning::TuningSettings& d) {
    options.add_options()
        ("help,h", "show this help")
        ("suite", po::value<std::string>(), "EPD suite chromosomes are scored on (default: the bundled tuning suite)")
        ("engine", po::value<std::string>(), "UCI engine (default: matefind-engine beside matefind-cli)")
        ("genome", po::value<std::string>(), "genome file: the tuned terms and their bits, as JSON (matefind-genome) or OpenBench/fishtest "
                                              "tune lines, told apart by content (default with the bundled engine: all its "
                                              "terms with evalfit, the MateFind preset with the other measures)")
        ("prize", po::value<double>(), ("answer-speed prize P: a solved position scores 1 + P*(1 - s/L) " +
                                        defaultText(d.parameters.prize)).c_str())
        ("option", po::value<std::vector<std::string>>()->composing(),
         "fixed engine option NAME=VALUE sent after start, e.g. Hash=16 (repeatable)")
        ("engine-arg", po::value<std::vector<std::string>>()->composing(),
         "command-line argument for the engine (repeatable, in order; --engine-arg=-x for one starting with '-')")
        ("workers", po::value<unsigned>(), "engines searching at once (default: hardware threads)")
        ("keep-process", "keep each engine's process across weight changes, for an engine that carries nothing "
                         "from one weight set to the next (`probe --genome` checks it); default: a fresh process "
                         "at each change");
    options.add_options()
        ("movetime", po::value<std::int64_t>(), "search each position MS milliseconds (noisy fitness)")
        ("depth", po::value<std::int64_t>(), "search each position to D plies (deterministic)")
        ("nodes", po::value<std::int64_t>(), ("search each position N nodes (default " +
                                              std::to_string(d.parameters.limitValue) + "; deterministic)").c_str());
}

// The GA: what a run needs besides the engine. `d` holds the defaults, its genome the bundled
// evalfit genome (empty when not installed).
void addGaOptions(po::options_description& options, const tuning::TuningSettings& d) {
    const ga::Parameters& p = d.parameters;
    options.add_options()
        ("population", po::value<int>(), ("population size N " + defaultText(p.populationSize)).c_str())
        ("generations", po::value<int>(), ("generations G in the run, counting generation 0 (default " +
                                           std::to_string(p.generations) +
                                           "; with --resume: the run's new total)").c_str())
        ("selection", po::value<std::string>(), ("proportional|baker|linear|nonlinear|tournament (default " +
                                                 std::string(ga::selectionName(p.selection.type)) + ")").c_str())
        ("pk", po::value<double>(), ("crossover probability per pair " + defaultText(p.pk)).c_str())
        ("pm", po::value<double>(), pmHelp(d).c_str())
        ("elite", po::value<int>(), ("elitism: the E best survive unchanged " + defaultText(p.elite)).c_str())
        ("max", po::value<double>(), ("linear ranking: MAX = expected copies of the best, 1..2 " +
                                      defaultText(p.selection.linearMax)).c_str())
        ("qlin", po::value<double>(), "linear ranking: q_lin = MAX/N (alternative to --max)")
        ("qnolin", po::value<double>(), ("nonlinear ranking: 0 < q_nolin < 1 " + defaultText(p.selection.qNolin)).c_str())
        ("k", po::value<int>(), tournamentHelp(d).c_str())
        ("cache-mb", po::value<std::int64_t>(),
         ("memory bound of the score cache in MiB (depth, nodes and evalfit runs): past it the least recently used "
          "scores are dropped and searched again when met, with the same results (default " +
          std::to_string(d.scoreCacheBytes >> 20) + "; 0: keep none)").c_str())
        ("seed", po::value<std::uint64_t>(), ("random seed " + defaultText(double(p.seed))).c_str());
}

void addOutputOptions(po::options_description& options, TuneCommand command, const tuning::TuningSettings& d) {
    if (command == TuneCommand::Score) {
        options.add_options()("heldout", po::value<std::string>(),
                              "held-out suite: the weights are scored on it too (default without --suite: the bundled "
                              "held-out suite)");
        return;
    }
    if (command == TuneCommand::Tune)
        options.add_options()
            ("out", po::value<std::string>(), "population file written after every generation (default matefind-tune.mfpop; "
                                              "with --resume: the resumed file)")
            ("resume", po::value<std::string>(), "continue the run saved in this population file")
            ("preset", po::value<std::string>(), presetHelp().c_str());
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
        ("heldout-every", po::value<int>(), ("K for --heldout or --heldout-pairs " + defaultText(d.heldOutEvery)).c_str());
}

// The measure, and the options of the games and evalfit measures.
void addMeasureOptions(po::options_description& options, TuneCommand command, const tuning::TuningSettings& d) {
    const std::string confirmTcHelp = "games: the confirmation's clock (default: the run's clock or movetime, else movetime " +
                                      std::to_string(tuning::kConfirmMoveTimeMs) + ")";
    options.add_options()
        ("measure", po::value<std::string>(), "fitness: evalfit (Texel's error on labelled positions; the default), "
                                              "solved|points (EPD suite; solved is the default when --suite, --heldout or "
                                              "--prize is given) or games (pairs against a baseline)")
        ("pairs", po::value<int>(), ("games: game pairs per member and generation " + defaultText(d.of<tuning::GamesSettings>().pairs)).c_str())
        ("baseline", po::value<std::string>(), "games: the opponent: defaults (the engine's own values; default), "
                                               "start (the tuned engine with the run's start values: the genome's "
                                               "defaults or --start-values), engine:PATH (another engine) or a "
                                               "population file (its best member)")
        ("openings", po::value<std::string>(), "games: openings file, EPD/FEN or PGN (default: the bundled openings)")
        ("heldout-pairs", po::value<int>(), "games: the best plays this many pairs on openings kept apart, every "
                                            "--heldout-every generations and the last (default 0: none)")
        ("tc", po::value<std::string>(), "games: play at a clock, [MOVES/]SECONDS[+INCREMENT] as cutechess writes it "
                                         "(10+0.1, 40/10+0.1), instead of --movetime, --depth or --nodes; a move that "
                                         "overruns the clock by more than 50 ms loses on time")
        ("confirm", po::value<int>(), "games: after the last generation the run's answer plays this many pairs (10 or "
                                      "more) against the start values on openings no generation played; it stays the "
                                      "answer only when the interval's lower bound is above 0, else the start answers "
                                      "(default 0: no confirmation)")
        ("confirm-tc", po::value<std::string>(), confirmTcHelp.c_str())
        ("confirm-movetime", po::value<std::int64_t>(), "games: the confirmation's time a move in ms instead of a clock")
        ("charge-speed", "games at --nodes N: each side searches N times its speed ratio (nodes a second with its "
                         "values over the start's, measured before each pair), so a candidate cannot buy dearer "
                         "nodes for free; a clock (--tc) charges speed itself");
    if (command != TuneCommand::Score)
        options.add_options()("start", po::value<std::string>(),
                              "generation 0: around-defaults (the genome's defaults and members a few steps from "
                              "them; default), uniform (random over whole windows) or latin-hypercube (the defaults "
                              "and the others spread over every window, one per stratum)");
    options.add_options()
        ("data", po::value<std::string>(), "evalfit: labelled positions (EPD with c9, or FEN [1.0] lines; default: the "
                                           "bundled self-play data set)")
        ("heldout-data", po::value<std::string>(), "evalfit: held-out labelled positions, the best's E on them every "
                                                   "--heldout-every generations and the last (default with the bundled "
                                                   "data: its held-out games)")
        ("evalfit-path", po::value<std::string>(), "evalfit: auto (default: trace where the engine writes traces, else "
                                                   "fast where it has the extension, else uci), trace (scores from "
                                                   "coefficients taken once; finite differences on other engines), "
                                                   "fast, or uci (any engine's score of a short search)")
        ("evalfit-depth", po::value<std::int64_t>(), ("evalfit, uci path: go depth D per position " +
                                                      defaultText(double(d.of<tuning::EvalfitSettings>().uciLimit.value))).c_str())
        ("evalfit-nodes", po::value<std::int64_t>(), "evalfit, uci path: go nodes N per position instead");
    if (command == TuneCommand::Tune)
        options.add_options()
            ("trace-tolerance", po::value<double>(), "evalfit, trace path: the linearity check's limit, in percent of E "
                                                     "(default 0.2): random candidates near the start whose model E "
                                                     "differs more from their real E send the run to direct scoring")
            ("max-memory", po::value<std::int64_t>(), "evalfit, trace path: the most memory the run may take, in MiB "
                                                      "(default: what the machine has free); a run whose traces are "
                                                      "estimated to need more is refused before it starts, with the "
                                                      "estimate; not saved with the run")
            ("trace-cache", po::value<std::string>(), "evalfit, trace path: keep the traces in this folder and read "
                                                      "them back in later runs from the same weights on the same data "
                                                      "(finite differences through UCI cost minutes a run); not saved "
                                                      "with the run: give it to --resume too")
            ("retrace-every", po::value<int>(), "evalfit, trace path: take the traces again every N generations, at "
                                                "the best member of the generation before, and score every member on "
                                                "them (default 0: the traces of the defaults serve the whole run)");
}

}  // namespace

void addTuneOptions(po::options_description& options, TuneCommand command) {
    tuning::TuningSettings defaults = tuning::defaultSettings();
    // The default measure's genome, for the defaults that depend on it (--pm).
    if (auto genome = ga::loadGenome(tuning::bundledAllTermsGenome(tuning::executableDir()))) defaults.genome = *genome;
    addEngineOptions(options, defaults);
    if (command != TuneCommand::Score) addGaOptions(options, defaults);
    addOutputOptions(options, command, defaults);
    addMeasureOptions(options, command, defaults);
    addOptimizerOptions(options, command == TuneCommand::Tune);
    addLimitCheckOptions(options);
}

std::optional<int> checkEngineLimit(const std::string& command, tuning::TuningSettings& settings,
                                    const po::variables_map& values, std::stop_token stop) {
    if (settings.measure == tuning::FitnessMeasure::Evalfit) return std::nullopt;  // it searches nothing
    auto checked = runLimitCheck(command, tuning::engineConfigOf(settings.engine), tuning::searchLimit(settings.parameters), {},
                                 values, stop);
    if (checked.exitCode) return checked.exitCode;
    settings.engine.knownNodesPerSecond = checked.nodesPerSecond;
    return std::nullopt;
}

namespace {

// The GA's parameters: --population ... --seed and the search limit; their rules are ga::validate's.
void readGaParameters(const po::variables_map& values, ga::Parameters& p) {
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
}

// The measure: --measure; else a suite option asks for the suite measure solved (as before
// evalfit became the default); else evalfit on the bundled data. Options of another measure are
// refused, naming the measure they belong to.
tuning::FitnessMeasure readMeasure(const po::variables_map& values) {
    const bool suiteNamed = values.count("suite") || values.count("heldout") || values.count("prize");
    tuning::FitnessMeasure measure = suiteNamed ? tuning::FitnessMeasure::Solved : tuning::FitnessMeasure::Evalfit;
    if (values.count("measure")) {
        auto named = tuning::parseFitnessMeasure(values["measure"].as<std::string>());
        if (!named)
            throw std::invalid_argument("--measure: expected evalfit, solved, points or games, got '" +
                                        values["measure"].as<std::string>() + "'");
        measure = *named;
    }
    const bool evalfit = measure == tuning::FitnessMeasure::Evalfit;
    const bool games = measure == tuning::FitnessMeasure::Games;
    for (const char* limit : {"movetime", "depth", "nodes"})
        if (evalfit && values.count(limit))
            throw std::invalid_argument(std::string("--") + limit +
                                        " limits the searches of the measures solved, points and games; evalfit" +
                                        (values.count("measure") ? "" : " (the default measure)") +
                                        " scores every position with a quiescence search and needs no limit: drop --" +
                                        limit + ", or give --measure solved|points|games (evalfit's UCI path takes "
                                        "--evalfit-depth or --evalfit-nodes)");
    for (const char* flag : {"data", "heldout-data", "evalfit-path", "evalfit-depth", "evalfit-nodes", "retrace-every",
                             "trace-cache", "trace-tolerance", "max-memory"})
        if (values.count(flag) && !evalfit)
            throw std::invalid_argument(std::string("--") + flag + " is for --measure evalfit, not " +
                                        std::string(tuning::fitnessMeasureName(measure)));
    for (const char* flag : {"pairs", "baseline", "openings", "heldout-pairs", "tc", "confirm", "confirm-tc", "confirm-movetime",
                             "charge-speed"})
        if (values.count(flag) && !games) throw std::invalid_argument(std::string("--") + flag + " needs --measure games");
    for (const char* flag : {"suite", "heldout", "prize"})
        if (values.count(flag) && (games || evalfit))
            throw std::invalid_argument(std::string("--") + flag + " is for the suite measures, not --measure " +
                                        std::string(tuning::fitnessMeasureName(measure)));
    return measure;
}

// The engine and the genome: --genome, the genome given by the caller, or the bundled preset,
// which only the bundled engine understands.
void readEngineAndGenome(const po::variables_map& values, const std::filesystem::path& bin, const ga::Genome* genomeGiven,
                         tuning::TuningSettings& settings) {
    const bool bundledEngine = !values.count("engine");
    settings.engine.program = bundledEngine ? tuning::bundledEngine(bin) : std::filesystem::path(values["engine"].as<std::string>());
    if (values.count("option"))
        settings.engine.fixedOptions = parseOptionAssignments(values["option"].as<std::vector<std::string>>());
    if (values.count("engine-arg")) settings.engine.arguments = values["engine-arg"].as<std::vector<std::string>>();
    settings.engine.keepProcess = values.count("keep-process") > 0;
    if (genomeGiven) {
        settings.genome = *genomeGiven;
        return;
    }
    std::filesystem::path genomeFile;
    if (values.count("genome")) genomeFile = values["genome"].as<std::string>();
    else if (!bundledEngine) throw std::invalid_argument("--genome FILE is needed for an engine other than the bundled one "
                                                         "(the MateFind preset names the bundled engine's options)");
    else if (settings.measure == tuning::FitnessMeasure::Evalfit) genomeFile = tuning::bundledAllTermsGenome(bin);
    else genomeFile = tuning::bundledGenome(bin);
    auto genome = ga::loadGenome(genomeFile);
    if (!genome) throw std::invalid_argument("--genome: " + genome.error().message);
    settings.genome = *genome;
}

// --tc: the games' clock (tuning::takeClockAsLimit says what becomes of the limit per move).
void readClock(const po::variables_map& values, tuning::TuningSettings& settings) {
    if (!values.count("tc")) return;
    for (const char* limit : {"movetime", "depth", "nodes"})
        if (values.count(limit))
            throw std::invalid_argument(std::string("--tc and --") + limit + " are two limits: give one");
    auto& games = settings.of<tuning::GamesSettings>();
    games.timeControl = values["tc"].as<std::string>();
    if (!match::parseTimeControl(games.timeControl))
        throw std::invalid_argument("--tc: expected [MOVES/]SECONDS[+INCREMENT] (10+0.1, 40/10+0.1), got '" +
                                    games.timeControl + "'");
    tuning::takeClockAsLimit(games, settings.parameters);
}

void readGamesOptions(const po::variables_map& values, tuning::TuningSettings& settings) {
    tuning::GamesSettings& games = settings.of<tuning::GamesSettings>();
    if (values.count("pairs")) games.pairs = values["pairs"].as<int>();
    if (values.count("baseline")) games.baseline = tuning::parseBaseline(values["baseline"].as<std::string>());
    if (values.count("openings")) games.openings = values["openings"].as<std::string>();
    if (values.count("heldout-pairs")) games.heldOutPairs = values["heldout-pairs"].as<int>();
    if (values.count("charge-speed")) games.chargeSpeed = true;
    readClock(values, settings);
    readConfirmOptions(values, games);
    if (auto problems = tuning::validateGames(games); !problems.empty()) throw std::invalid_argument("--" + problems.front());
}

// The evalfit measure's data sets and scoring path; the limit's rule is the library's, so what is
// accepted here is what a resumed run accepts.
void readEvalfitData(const po::variables_map& values, const std::filesystem::path& bin, tuning::EvalfitSettings& e) {
    if (values.count("data")) {
        e.data = values["data"].as<std::string>();
    } else {
        e.data = tuning::bundledDataset(bin);
        if (e.data.empty())
            throw std::invalid_argument("--data FILE is required with --measure evalfit (no bundled data set is "
                                        "installed; make one with matefind-cli make-dataset)");
        // The bundled data comes with positions of other games held out, as the bundled suites do.
        if (!values.count("heldout-data")) e.heldOutData = tuning::bundledHeldOutDataset(bin);
    }
    if (values.count("heldout-data")) e.heldOutData = values["heldout-data"].as<std::string>();
    if (values.count("evalfit-path")) {
        const std::string name = values["evalfit-path"].as<std::string>();
        auto path = dataset::parseEvalfitPath(name);
        if (!path) throw std::invalid_argument("--evalfit-path: expected auto, trace, fast or uci, got '" + name + "'");
        e.path = *path;
    }
    if (values.count("trace-cache")) e.traceCache = values["trace-cache"].as<std::string>();
    e.maxMemory = maxMemoryOption(values);
    if (values.count("trace-tolerance")) e.traceTolerance = values["trace-tolerance"].as<double>() / 100.0;
    if (values.count("retrace-every")) e.retraceEvery = values["retrace-every"].as<int>();
    if (auto problem = tuning::retraceProblem(e)) throw std::invalid_argument("--" + *problem);
    if (values.count("evalfit-depth") && values.count("evalfit-nodes"))
        throw std::invalid_argument("give at most one of --evalfit-depth and --evalfit-nodes");
    if (values.count("evalfit-depth")) e.uciLimit = uci::SearchLimit::depth(values["evalfit-depth"].as<std::int64_t>());
    if (values.count("evalfit-nodes")) e.uciLimit = uci::SearchLimit::nodes(values["evalfit-nodes"].as<std::int64_t>());
    if (auto problem = tuning::evalfitLimitProblem(e.uciLimit)) throw std::invalid_argument("--" + *problem);
}

// Measure evalfit: the data, and the GA defaults of Texel-style tuning (tuning::defaultSettings
// of the measure and genome, which `tune --help` shows too).
void readEvalfitOptions(const po::variables_map& values, const std::filesystem::path& bin,
                        tuning::TuningSettings& settings) {
    readEvalfitData(values, bin, settings.of<tuning::EvalfitSettings>());
    const ga::Parameters d = tuning::defaultSettings(settings.measure, settings.genome).parameters;
    ga::Parameters& p = settings.parameters;
    if (!values.count("pm")) p.pm = d.pm;
    if (!values.count("k")) p.selection.tournamentSize = std::min(d.selection.tournamentSize, p.populationSize);
}

void readSuiteOptions(const po::variables_map& values, const std::filesystem::path& bin, tuning::TuningSettings& settings) {
    if (values.count("suite")) settings.of<tuning::SuiteSettings>().suite = values["suite"].as<std::string>();
    else settings.of<tuning::SuiteSettings>().suite = tuning::bundledSuite(bin);
    if (settings.of<tuning::SuiteSettings>().suite.empty()) throw std::invalid_argument("--suite FILE is required (no bundled suite is installed)");
    if (values.count("heldout")) settings.of<tuning::SuiteSettings>().heldOutSuite = values["heldout"].as<std::string>();
    // The bundled suites come as a pair: tuning on the bundled suite also watches the bundled
    // held-out suite, unless another is named.
    else if (!values.count("suite")) settings.of<tuning::SuiteSettings>().heldOutSuite = tuning::bundledHeldOutSuite(bin);
}

void readHeldOutEvery(const po::variables_map& values, tuning::TuningSettings& settings) {
    if (!values.count("heldout-every")) return;
    if (!tuning::hasHeldOut(settings))
        throw std::invalid_argument(settings.measure == tuning::FitnessMeasure::Games     ? "--heldout-every needs --heldout-pairs N"
                                    : settings.measure == tuning::FitnessMeasure::Evalfit ? "--heldout-every needs --heldout-data FILE"
                                                                                          : "--heldout-every needs --heldout FILE");
    settings.heldOutEvery = values["heldout-every"].as<int>();
    if (settings.heldOutEvery < 1)
        throw std::invalid_argument("--heldout-every must be at least 1, not " + std::to_string(settings.heldOutEvery));
}

}  // namespace

void readConfirmOptions(const po::variables_map& values, tuning::GamesSettings& games) {
    if (values.count("confirm-tc") && values.count("confirm-movetime"))
        throw std::invalid_argument("--confirm-tc and --confirm-movetime are two limits: give one");
    if ((values.count("confirm-tc") || values.count("confirm-movetime")) && !values.count("confirm") && games.confirmPairs == 0)
        throw std::invalid_argument("--confirm-tc and --confirm-movetime need --confirm PAIRS");
    if (values.count("confirm")) games.confirmPairs = values["confirm"].as<int>();
    if (values.count("confirm-tc")) games.confirmLimit = "tc " + values["confirm-tc"].as<std::string>();
    if (values.count("confirm-movetime"))
        games.confirmLimit = "movetime " + std::to_string(values["confirm-movetime"].as<std::int64_t>());
    if (auto problems = tuning::validateGames(games); !problems.empty()) throw std::invalid_argument("--" + problems.front());
}

tuning::TuningSettings settingsFromOptions(const po::variables_map& values, const ga::Genome* genomeGiven) {
    tuning::TuningSettings settings = tuning::defaultSettings();
    const std::filesystem::path bin = tuning::executableDir();
    readGaParameters(values, settings.parameters);
    settings.measure = readMeasure(values);
    readEngineAndGenome(values, bin, genomeGiven, settings);
    if (values.count("start")) {
        auto start = ga::parseStartPopulation(values["start"].as<std::string>());
        if (!start)
            throw std::invalid_argument("--start: expected around-defaults, uniform or latin-hypercube, got '" +
                                        values["start"].as<std::string>() + "'");
        settings.start = *start;
    }
    readOptimizerOptions(values, settings);  // after the genome: --start-values changes it
    switch (settings.measure) {
    case tuning::FitnessMeasure::Games: readGamesOptions(values, settings); break;
    case tuning::FitnessMeasure::Evalfit: readEvalfitOptions(values, bin, settings); break;
    case tuning::FitnessMeasure::Solved:
    case tuning::FitnessMeasure::Points: readSuiteOptions(values, bin, settings); break;
    }
    readHeldOutEvery(values, settings);
    settings.workers = values.count("workers") ? values["workers"].as<unsigned>() : 0;
    if (values.count("workers") && settings.workers == 0) throw std::invalid_argument("--workers must be at least 1");
    settings.scoreCacheBytes = scoreCacheBytesOption(values);
    return settings;
}

std::uint64_t maxMemoryOption(const po::variables_map& values) {
    if (!values.count("max-memory")) return 0;
    constexpr std::int64_t kMostMiB = std::int64_t{1} << 30;
    const std::int64_t mib = values["max-memory"].as<std::int64_t>();
    if (mib < 1 || mib > kMostMiB)
        throw std::invalid_argument("--max-memory must be between 1 and " + std::to_string(kMostMiB) + " (MiB), not " +
                                    std::to_string(mib));
    return static_cast<std::uint64_t>(mib) << 20;
}

std::size_t scoreCacheBytesOption(const po::variables_map& values) {
    if (!values.count("cache-mb")) return tuning::kDefaultScoreCacheBytes;
    // 1 TiB: more than any machine this runs on, and far from overflowing the byte count.
    constexpr std::int64_t kMostMiB = std::int64_t{1} << 20;
    const std::int64_t mib = values["cache-mb"].as<std::int64_t>();
    if (mib < 0 || mib > kMostMiB)
        throw std::invalid_argument("--cache-mb must be between 0 and " + std::to_string(kMostMiB) + " (MiB), not " +
                                    std::to_string(mib));
    return static_cast<std::size_t>(mib) << 20;
}

std::string formatNumber(double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    return buffer;
}

std::string heldOutText(const tuning::HeldOutResult& result) {
    if (result.error) return "E " + formatNumber(*result.error) + " (fitness " + formatNumber(result.fitness) + ")";
    if (result.unit == tuning::WorkUnit::Games && result.elo) return tuning::eloFigureText(*result.elo);
    if (result.unit == tuning::WorkUnit::Games)
        return formatNumber(result.fitness) + " (of " + std::to_string(result.scored) + " games)";
    return formatNumber(result.fitness) + " (solved " + std::to_string(result.solved) + "/" +
           std::to_string(result.scored) + ")";
}

std::string cacheEvictionText(const tuning::ScoreCacheUse& cache) {
    if (cache.evictions == 0) return {};
    return ", " + std::to_string(cache.evictions) + " evicted (cache at its bound of " +
           formatNumber(static_cast<double>(cache.capacity) / (1 << 20)) + " MiB)";
}

}  // namespace mf::cli
