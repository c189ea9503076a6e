#pragma once
// FitnessWork: what a FitnessEvaluator is asked to measure, as a plain value: one alternative per
// fitness measure (measures/registry.h):
//   SuiteWork   an EPD suite and the rule that scores each position (measures solved, points)
//   GamesWork   game pairs against a baseline (measure games)
//   DatasetWork labelled positions and Texel's error (measure evalfit)
// Everything in it is a value (no files, no engines, no pointers), so an evaluator can copy it,
// keep it for a run, or send it to another process.
//
// Adding a measure whose items run on a service that exists (searches, game slots, position
// scorers) touches three places:
//   1. a folder measures/NAME/: its header with the traits struct and the free functions that
//      measures/registry.h lists (work, items, split and merge, runner, plan, report), their
//      definitions (CMake picks the folder's .cpp files up), and its wire form when its items
//      travel to MPI ranks as more than a search (pure bytes, see measures/games/games_wire.h);
//      the traits' `names` give the FitnessMeasure values it serves and their text;
//   2. its value in FitnessMeasure (measures/fitness_measure.h);
//   3. its traits struct added to `Measures` in measures/registry.h (and the header's include).
// The core (this file, work_items, item_runner, fitness_plan, evaluation_report) dispatches with
// std::visit over the registry's variants and needs no edit; a function the folder lacks is a
// compile error there. The measure's name and parser, and both evaluator factories (local:
// local_evaluator.cpp, MPI: app/cli/mpi_mode.cpp), find the measure through the registry by its
// value and start the service its traits name. What the rest of the program says about one
// measure stays where it is said: options of its own (TuningSettings and its extras, the command
// line, the window's measure list and fields) and the rules keyed on a value (evalfit searches
// nothing; where the held-out work comes from). Only a measure that brings a
// new kind of engine service also needs that service started: a LocalEvaluator constructor and a
// makeFor overload (local_evaluator.*), an mpiEvaluatorFor overload (mpi_mode.cpp), and in
// evolution/mpi a ServiceKind with its wire form, a worker case and the rank 0 service.

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include "evolution/tuning/measures/measure_types.h"
#include "evolution/tuning/measures/registry.h"

namespace mf::tuning {

using FitnessWork = Measures::Work;

WorkUnit workUnit(const FitnessWork& work);

// Units one candidate costs (suite size, games per candidate): for held-out reports and ETAs.
std::size_t unitsPerCandidate(const FitnessWork& work);

// Units scoring `candidates` candidates really costs: games between couples count once, not
// once for each member.
std::size_t unitsPlayed(const FitnessWork& work, std::size_t candidates);

// What a candidate's score on `work` says of its strength in games (the games measure's Elo with
// its interval); nothing for a measure that plays no games.
std::optional<EloFigure> eloOf(const FitnessWork& work, const CandidateScore& score);

// One line saying what is measured, for reports: "suite X (300 positions), nodes 2000, prize 0,
// fitness by solved".
std::string describeWork(const FitnessWork& work);

}  // namespace mf::tuning
