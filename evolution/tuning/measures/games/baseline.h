#pragma once
// The opponent of the games measure, from GamesSettings::baseline: which engine plays it and
// with which option values. The factory starts its engine; the FitnessPlan puts its side (name
// and values) into the work. Kept apart from games_settings.h because only this reads the
// population file of a PopulationBaseline.
//   DefaultsBaseline    the tuned engine (same program, arguments, fixed options), no values set
//   StartBaseline       the tuned engine with the genome's defaults set: the values the run starts
//                       from (--start-values), so that a run from far-off weights plays its start
//   EngineBaseline      another engine, with its own defaults
//   PopulationBaseline  the best member of that population file, on the tuned engine

#include "engine/result.h"
#include "evolution/match/game_types.h"
#include "evolution/tuning/measures/games/games_settings.h"
#include "evolution/tuning/measures/measure_types.h"

namespace mf::tuning {

struct Baseline {
    EngineSpec engine;
    match::Side side;
};

// Errors name the baseline and what is wrong (unreadable file, no evaluated member).
Result<Baseline> resolveBaseline(const MeasureSetup& run, const GamesSettings& games);

}  // namespace mf::tuning
