#pragma once
// FitnessPlan: a run's settings turned into the FitnessWork its evaluations are given. Loaded
// once when a run (or a print) starts: the files the measure needs are read and checked here, so
// a bad suite stops the run before any engine starts. Then the plan hands out the work of each
// generation, for the main evaluation and the held-out check.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/tuning/fitness_work.h"
#include "evolution/tuning/tuning_settings.h"

namespace mf::tuning {

class FitnessPlan {
public:
    // Reads what the measure needs (the suite and the held-out suite). Problems that leave the
    // run usable (records skipped) are appended to `warnings`; an unusable file is the error,
    // naming the file and its first bad line.
    static Result<FitnessPlan> load(const TuningSettings& settings, std::vector<std::string>& warnings);

    // The work the members of `generation` are scored on. Suites: the same every generation.
    // Games: K openings of the training set, taken in turn from the seed's order by generation.
    FitnessWork mainWork(int generation) const;
    bool hasHeldOut() const { return heldOut_.has_value(); }
    // The held-out check's work (only when hasHeldOut()): a held-out suite, or the games'
    // held-out openings (kept apart from every generation's openings).
    FitnessWork heldOutWork(int generation) const;
    // True when the work changes from one generation to the next (games): then every member of a
    // generation is scored on it, elites and unchanged children too, so all are compared fairly.
    bool changesEachGeneration() const { return games_.has_value(); }

    // Measure evalfit: true until K and E0 are known (from the settings of a resumed run, or
    // setFit after the run has scored the genome's defaults).
    bool needsFit() const;
    // Sets K and E0 (and the held-out data's E0) in the main and held-out work.
    void setFit(double k, double startError, std::optional<double> heldOutStartError);
    // Measure evalfit: how the engines score ("auto" until resolved, then "fast" or "uci"), the
    // same for the main and held-out work. Empty for other measures.
    std::string evalfitPath() const;
    void setEvalfitPath(const std::string& path);

    // Equal keys: equal work, so a deterministic score measured under one key holds for the other
    // (the run's score cache is keyed by it).
    std::int64_t mainKey(int generation) const;
    std::int64_t heldOutKey(int generation) const;

private:
    // The games measure's openings: the file's, in the order the run's seed gives them.
    struct GamesPlan {
        GamesWork shape;                        // baseline, limits, adjudication, source (no openings)
        std::vector<match::Opening> training;   // generations take `pairs` of these in turn
        std::size_t pairs = 0;
    };
    static Result<FitnessPlan> loadGames(const TuningSettings& settings, std::vector<std::string>& warnings);
    static Result<FitnessPlan> loadEvalfit(const TuningSettings& settings, std::vector<std::string>& warnings);

    FitnessWork main_;
    std::optional<FitnessWork> heldOut_;
    std::optional<GamesPlan> games_;
};

// The game limit per move of the games measure: the run's limit (nodes, depth or movetime).
match::GameLimits gameLimits(const ga::Parameters& parameters);
// The adjudication the games measure plays with (values in fitness_plan.cpp and the README).
match::AdjudicationRules tuningAdjudication();

}  // namespace mf::tuning
