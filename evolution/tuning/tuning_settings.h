#pragma once
// Everything a tuning run needs besides the GA state: which engine (and the options it always
// runs with), which suites, how many engines at once, where to autosave. The GA parameters,
// including the search limit and the answer-speed prize, stay in ga::Parameters so population
// files keep them in one place; the rest travels in RunState::extras (see toExtras below).

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "evolution/dataset/evalfit_scoring.h"
#include "evolution/ga/evolution.h"
#include "evolution/ga/genome.h"
#include "evolution/ga/parameters.h"
#include "evolution/ga/start_population.h"
#include "evolution/tuning/fit_key.h"
#include "evolution/tuning/measures/fitness_measure.h"
#include "evolution/tuning/optimizers/optimizer_settings.h"
#include "evolution/uci/engine_config.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

struct EngineSpec {
    std::filesystem::path program;          // the UCI executable
    std::vector<std::string> arguments;
    uci::OptionValues fixedOptions;         // sent to every engine after start (Hash, Threads...)
    // Keep one process across weight changes (uci::EngineConfig::freshProcessOnOptionChange off):
    // for an engine that carries nothing from one weight set to the next, as `probe --genome`
    // checks; saves a start-up per candidate and worker. Saved with the run.
    bool keepProcess = false;
    // Deadlines of depth and nodes searches (uci/search_deadline.h). Not saved with a run.
    std::optional<std::chrono::milliseconds> searchTimeout;  // the user's fixed deadline
    double knownNodesPerSecond = 0.0;       // the limit probe's measured speed; 0: none

    friend bool operator==(const EngineSpec&, const EngineSpec&) = default;
};

// How every part that starts this engine (evaluators, the limit check, print) configures it:
// program, arguments, fixed options and the search deadlines.
uci::EngineConfig engineConfigOf(const EngineSpec& engine);
// The same engine for evalfit's scorers (K's fit, traces, the uci path): program, arguments,
// fixed options and the kept process; the caller sets the path, limit, workers and tap.
dataset::EvalfitEngineConfig evalfitEngineOf(const EngineSpec& engine);

// The opponent of the games measure. Written in a population file and on the command line as
// text (baselineText, parseBaseline): "defaults", "start", "engine:PATH", or the population file's name.
struct DefaultsBaseline {  // the tuned engine with its own defaults
    friend bool operator==(const DefaultsBaseline&, const DefaultsBaseline&) = default;
};
struct StartBaseline {  // the tuned engine with the run's start values (the genome's defaults, --start-values)
    friend bool operator==(const StartBaseline&, const StartBaseline&) = default;
};
struct EngineBaseline {  // another engine with its own defaults
    std::filesystem::path program;
    friend bool operator==(const EngineBaseline&, const EngineBaseline&) = default;
};
struct PopulationBaseline {  // the best member of a population file, played by the tuned engine
    std::filesystem::path file;
    friend bool operator==(const PopulationBaseline&, const PopulationBaseline&) = default;
};
using BaselineChoice = std::variant<DefaultsBaseline, StartBaseline, EngineBaseline, PopulationBaseline>;

// Every text is some baseline: "defaults", "start", "engine:PATH", else a population file's name. Empty
// text gives a PopulationBaseline without a file, which validateGames reports, so that front ends
// parse without judging.
BaselineChoice parseBaseline(std::string_view text);
std::string baselineText(const BaselineChoice& baseline);  // parseBaseline's inverse

// The games measure: every member of a generation plays `pairs` game pairs (each opening twice,
// colours reversed) against the baseline, from the same openings, at the run's limit per move.
struct GamesSettings {
    int pairs = 2;                          // K game pairs per member and generation
    BaselineChoice baseline = DefaultsBaseline{};
    std::filesystem::path openings;         // EPD/FEN or PGN; empty: the bundled openings
    int heldOutPairs = 0;                   // > 0: the best plays this many pairs on openings kept apart

    friend bool operator==(const GamesSettings&, const GamesSettings&) = default;
};

// The evalfit measure: a data set of labelled positions (evolution/dataset/dataset_reader.h), an
// optional held-out one, and how the engine scores them. K and E0 are fitted once, when a fresh
// run starts, on the genome's defaults (RunController); they are saved with the run (extras
// evalfit_k, evalfit_e0, evalfit_heldout_e0), so a resumed run scores exactly as before, with the
// key of what they were fitted on (evalfit_fit_key): a new run reuses them only when that key
// still holds (fit_rule.h).
struct EvalfitSettings {
    std::filesystem::path data;             // required with measure evalfit
    std::filesystem::path heldOutData;      // empty: none
    dataset::EvalfitPath path = dataset::EvalfitPath::Auto;
    uci::SearchLimit uciLimit = uci::SearchLimit::depth(1);  // the uci path's search per position (evalfitLimitProblem)
    std::optional<double> k;                // fitted: set by the run (or a resumed file)
    std::optional<double> startError;       // E0: the defaults' E at k
    std::optional<double> heldOutStartError;
    std::optional<FitKey> fitKey;           // what k and the E0s were fitted on (fit_rule.h)
    int retraceEvery = 0;                   // trace path: traces taken again every N generations (trace_point.h); 0: never
    double traceTolerance = 0.002;          // trace path: the linearity check's limit (trace_check.h), relative
    std::filesystem::path traceCache;       // trace path: traces kept between runs in this folder (trace_cache.h); empty: none

    friend bool operator==(const EvalfitSettings&, const EvalfitSettings&) = default;
};

// The score cache's default bound: 256 MiB, some 600,000 entries of a 20-term genome (about 430
// bytes each). A 1000-generation run of population 100 stores at most 100,000: the bound is for
// runs of days and wide genomes, not for an evening's run.
inline constexpr std::size_t kDefaultScoreCacheBytes = std::size_t{256} << 20;

struct TuningSettings {
    ga::Parameters parameters;              // G, N, p_k, p_m, e, selection, seed, limit, prize
    ga::Genome genome;
    EngineSpec engine;
    std::filesystem::path suite;            // the EPD suite chromosomes are scored on (solved, points)
    FitnessMeasure measure = FitnessMeasure::Solved;
    GamesSettings games;                    // measure games
    EvalfitSettings evalfit;                // measure evalfit
    // How generation 0 is made (ga/start_population.h): around the genome's defaults, or uniform
    // over the windows. Used by a fresh run only; saved in the file's extras.
    ga::StartPopulation start = ga::StartPopulation::AroundDefaults;
    // What makes each batch from the last (optimizers/optimizer.h): the GA, SPSA or CMA-ES.
    OptimizerSettings optimizer;
    std::filesystem::path heldOutSuite;     // empty: none
    int heldOutEvery = 5;                   // score the best on the held-out suite every k-th generation
    std::size_t workers = 2;                // engines searching at once (0: one per hardware thread)
    std::filesystem::path autosave;         // empty: no autosave; else written after every generation
    // > 0: every autosave stops half-way for that long, so the kill-and-resume tests can kill the
    // process during a write. Not saved with the run.
    std::chrono::milliseconds autosavePause{0};
    // The score cache's memory bound (score_cache.h; 0: keep no scores). Like workers, a property
    // of the machine, not of the run: a capped run gives the results of an uncapped one, so it is
    // not saved and a resumed run takes this machine's value.
    std::size_t scoreCacheBytes = kDefaultScoreCacheBytes;

    friend bool operator==(const TuningSettings&, const TuningSettings&) = default;
};

// The settings every front end starts a new run from (the CLI's option defaults, the window's
// first values): the member initialisers above, in one place to ask for them.
TuningSettings defaultSettings();

// Measure evalfit's GA defaults, the Texel-style recipe the README's runs use: about this many
// bits flipped per child whatever the genome's length (p_m = kEvalfitBitsFlipped / m), and
// tournaments of this size, which press harder on the small differences of E between neighbours
// than tournaments of 2.
inline constexpr double kEvalfitBitsFlipped = 1.5;
inline constexpr int kEvalfitTournamentSize = 3;

// The settings a new run of `measure` on `genome` starts from when the user sets nothing else:
// defaultSettings() with that measure and genome, and with evalfit its GA defaults above. What
// `tune --help` shows and what a run without --pm / --k uses. (The tournament is further kept
// within the population size by whoever sets that.)
TuningSettings defaultSettings(FitnessMeasure measure, const ga::Genome& genome);

// True when the run checks its best on held-out work: a held-out suite, held-out game pairs, or a
// held-out data set.
bool hasHeldOut(const TuningSettings& settings);

// Game pairs per member (and for the held-out check) are at most this many.
inline constexpr int kMaxGamePairs = 100'000;

// The games measure's fields: pairs, held-out pairs, openings, baseline (each problem names it).
std::vector<std::string> validateGames(const GamesSettings& games);

// Problems a user can fix, each naming its field ("suite", "held-out every", "p_m", ...), before
// anything starts: the rules of settings_rules.h and ga::validate. Looks at files, writes none.
std::vector<std::string> validateSettings(const TuningSettings& settings);

// The GA limit as a UCI search limit (Time -> movetime ms, Depth -> depth, Nodes -> nodes).
uci::SearchLimit searchLimit(const ga::Parameters& parameters);

// True when a chromosome's fitness cannot change between two evaluations (depth or nodes limit,
// one search thread per engine): such results are cached and the run is not noisy.
bool deterministicLimit(const ga::Parameters& parameters);

// The tuner's fields for RunState::extras, in a fixed order (so a resumed run writes the same
// file): suite, measure, heldout, heldout_every, engine, engine_arg.N, engine_option.N (= name=value);
// with measure games also games_pairs, games_baseline, games_openings, games_heldout_pairs.
// The limit and prize are ga::Parameters fields and need no extras; workers, the autosave path and
// the score cache's bound are not properties of the run and are not saved.
std::vector<std::pair<std::string, std::string>> toExtras(const TuningSettings& settings);

// Rebuilds settings from a loaded population file: parameters and genome from the state, the rest
// from its extras; `workers` and `autosave` keep their values in `settings`. Unknown extras are
// ignored; one that cannot be read is an error naming the key. Whether the values are allowed is
// validateSettings' question, as for settings from the command line or the window.
std::optional<std::string> applyExtras(const ga::RunState& state, TuningSettings& settings);

}  // namespace mf::tuning
