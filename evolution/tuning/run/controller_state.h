#pragma once
// One run of the RunController as its run thread holds it, and the steps a plain run and a fight
// share. Only the controller's own files use it.

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>

#include "evolution/ga/evolution.h"
#include "evolution/tuning/settings/fitness_plan.h"
#include "evolution/tuning/run/generation_scorer.h"
#include "evolution/tuning/optimizers/optimizer.h"
#include "evolution/tuning/run/run_observer.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

// Progress is reported at most this often; a paused run looks for commands as often.
inline constexpr auto kProgressInterval = std::chrono::milliseconds(100);

struct ControllerRun {
    using Clock = std::chrono::steady_clock;
    enum class Mode { Fresh, Continue, Fight };
    Mode mode = Mode::Fresh;
    TuningSettings settings;
    std::optional<ga::RunState> initial;
    // One optimiser per stage of settings.optimizer, made when the run is launched.
    std::vector<std::unique_ptr<Optimizer>> optimizers;
    // The measure's model of its error, made when a stage first asks (the gradient).
    std::unique_ptr<GradientModel> model;
    // What answers for the run (pick_rules.h); from the file for a continued run.
    std::optional<RunPick> pick;
    std::optional<FitnessPlan> plan;          // loaded when the run thread starts
    std::optional<GenerationScorer> scorer;   // made when the run thread starts
    bool recordCosts = false;                 // RunController::recordCosts when the run started
    // For the ETA.
    std::size_t unitsDone = 0;                // work units of the main evaluations so far
    Clock::duration evaluationTime{};         // of those units, paused time left out
    Clock::duration generationsTime{};        // completed generations' evaluations, held-out included
    int generationsTimed = 0;
    int generationsLeft = 0;
};

// What one generation's evaluations (main and held-out) cost so far.
struct GenerationTally {
    int generation = 0;
    GenerationCost cost;
    ControllerRun::Clock::duration active{};  // wall without paused time (the ETA's measure)
};

// The run's first state: the loaded one, or the first stage's generation 0 from the settings' seed; with the
// settings in its extras and, when loaded, the past generations its file remembers.
ga::RunState startingState(const ControllerRun& run);

// The run's pick as a loaded file has it (nothing for a fresh run or an older file): into run.pick.
void takeFilePick(ControllerRun& run);

// The optimiser that makes `generation`'s batch (its stage's).
Optimizer& optimizerOf(const ControllerRun& run, int generation);

// The settings' keys of `state`'s extras written afresh (after a stage ended early), its history kept.
void rewriteSettingsExtras(const ControllerRun& run, ga::RunState& state);

// True when `generation` is the last of the run.
bool lastGeneration(const ControllerRun& run, int generation);

// Held-out scoring happens every k-th generation and after the last.
bool heldOutRound(const ControllerRun& run, int generation);

// The run's totals so far (fight lanes: of the whole fight) and whether fitness is noisy.
void addRunTotals(const ControllerRun& run, GenerationReport& report);

// A generation is complete: its evaluation time joins the run's average (the ETA of the rest).
void noteGenerationTime(ControllerRun& run, const GenerationTally& tally);

}  // namespace mf::tuning
