#pragma once
// Everything a tuning run needs besides the GA state: which engine (and the options it always
// runs with), what measures fitness (each measure's own settings), which optimisers make the
// batches, how many engines at once, where to autosave. The GA parameters, including the search
// limit and the answer-speed prize, stay in ga::Parameters so population files keep them in one
// place; the rest travels in RunState::extras (see toExtras below).
//
// The run's settings hold the measures' and optimisers' settings; each of those folders owns its
// own (their fields, rules and keys), so nothing here names a measure or an optimiser.

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "evolution/ga/evolution.h"
#include "evolution/ga/genome.h"
#include "evolution/ga/parameters.h"
#include "evolution/ga/start_population.h"
#include "evolution/tuning/common/engine_spec.h"
#include "evolution/tuning/common/search_limit.h"
#include "evolution/tuning/measures/fitness_measure.h"
#include "evolution/tuning/measures/registry.h"
#include "evolution/tuning/optimizers/optimizer.h"
#include "evolution/tuning/optimizers/optimizer_settings.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

// The score cache's default bound: 256 MiB, some 600,000 entries of a 20-term genome (about 430
// bytes each). A 1000-generation run of population 100 stores at most 100,000: the bound is for
// runs of days and wide genomes, not for an evening's run.
inline constexpr std::size_t kDefaultScoreCacheBytes = std::size_t{256} << 20;

struct TuningSettings {
    ga::Parameters parameters;              // G, N, p_k, p_m, e, selection, seed, limit, prize
    ga::Genome genome;
    EngineSpec engine;
    FitnessMeasure measure = FitnessMeasure::Solved;
    // Every measure's own settings (the suites, the games, the data sets: measures/*/*_settings.h),
    // whichever measures the run: of<GamesSettings>().
    MeasureSettings measures;
    // How generation 0 is made (ga/start_population.h): around the genome's defaults, or uniform
    // over the windows. Used by a fresh run only; saved in the file's extras.
    ga::StartPopulation start = ga::StartPopulation::AroundDefaults;
    // What makes each batch from the last (optimizers/optimizer.h), stage by stage.
    OptimizerSettings optimizer;
    // Score the optimiser's pick on the held-out work every k-th generation (and the last): the run's
    // answer is the best of those (common/run_pick.h), so every generation is checked by default.
    int heldOutEvery = 1;
    std::size_t workers = 2;                // engines searching at once (0: one per hardware thread)
    std::filesystem::path autosave;         // empty: no autosave; else written after every generation
    // > 0: every autosave stops half-way for that long, so the kill-and-resume tests can kill the
    // process during a write. Not saved with the run.
    std::chrono::milliseconds autosavePause{0};
    // The score cache's memory bound (score_cache.h; 0: keep no scores). Like workers, a property
    // of the machine, not of the run: a capped run gives the results of an uncapped one, so it is
    // not saved and a resumed run takes this machine's value.
    std::size_t scoreCacheBytes = kDefaultScoreCacheBytes;

    template <class Settings>
    Settings& of() { return std::get<Settings>(measures); }
    template <class Settings>
    const Settings& of() const { return std::get<Settings>(measures); }

    friend bool operator==(const TuningSettings&, const TuningSettings&) = default;
};

// The settings every front end starts a new run from (the CLI's option defaults, the window's
// first values): the member initialisers above, in one place to ask for them.
TuningSettings defaultSettings();

// The settings a new run of `measure` on `genome` starts from when the user sets nothing else:
// defaultSettings() with that measure and genome, and the GA defaults the measure asks for (its
// settings' header in its folder under measures/). What
// `tune --help` shows and what a run without --pm / --k uses. (The tournament is further kept
// within the population size by whoever sets that.)
TuningSettings defaultSettings(FitnessMeasure measure, const ga::Genome& genome);

// What a fitness difference of 1 is worth in wins - losses (the measure's scale: SPSA's result).
double measureResultScale(const TuningSettings& settings);

// True when the run checks its best on held-out work: a held-out suite, held-out game pairs, or a
// held-out data set (the measure's settings say).
bool hasHeldOut(const TuningSettings& settings);

// Problems a user can fix, each naming its field ("suite", "held-out every", "p_m", ...), before
// anything starts: ga::validate, the rules of common/settings_rules.h, the measure's and every
// stage optimiser's. Looks at files, writes none.
// Defined in settings_check.cpp, beside the stages' checks.
std::vector<std::string> validateSettings(const TuningSettings& settings);

// What a measure's plan reads of these settings besides its own (measures/measure_types.h).
MeasureSetup measureSetup(const TuningSettings& settings);

// What the run's optimisers read of these settings (optimizers/optimizer.h); refers into `settings`.
OptimizerInputs optimizerInputs(const TuningSettings& settings);

// The optimisers' problems alone (validateSettings has them too): an unknown optimiser, a stage
// without its count, a number outside its range, each stage optimiser's own rules.
// Defined in settings_check.cpp.
std::vector<std::string> optimizerProblems(const TuningSettings& settings);

// Calls f(settings) with the settings of the measure that serves `measure`.
template <class F>
void withMeasureSettings(FitnessMeasure measure, const MeasureSettings& all, F&& f) {
    Measures::with(measure, [&]<class M>() { f(std::get<typename M::Settings>(all)); });
}

// The tuner's fields for RunState::extras, in a fixed order (so a resumed run writes the same
// file): the measures' leading keys (suite), measure, start, the measure's own keys, heldout_every,
// engine, engine_arg.N, engine_option.N (= name=value), engine_keep_process, the optimisers'.
// The limit and prize are ga::Parameters fields and need no extras; workers, the autosave path and
// the score cache's bound are not properties of the run and are not saved.
std::vector<std::pair<std::string, std::string>> toExtras(const TuningSettings& settings);

// Rebuilds settings from a loaded population file: parameters and genome from the state, the rest
// from its extras; `workers`, `autosave` and the settings of the measures the run does not use keep their
// values in `settings`. Unknown extras are
// ignored; one that cannot be read is an error naming the key. Whether the values are allowed is
// validateSettings' question, as for settings from the command line or the window.
std::optional<std::string> applyExtras(const ga::RunState& state, TuningSettings& settings);

}  // namespace mf::tuning
