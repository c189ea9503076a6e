#pragma once
// FitnessWork: what a FitnessEvaluator is asked to measure, as a plain value: one alternative per
// fitness measure (measures/registry.h):
//   SuiteWork   an EPD suite and the rule that scores each position (measures solved, points)
//   GamesWork   game pairs against a baseline (measure games)
//   DatasetWork labelled positions and Texel's error (measure evalfit)
// Everything in it is a value (no files, no engines, no pointers), so an evaluator can copy it,
// keep it for a run, or send it to another process.
//
// Adding a measure:
//   1. a folder measures/NAME/: its header with the traits struct and the free functions that
//      measures/registry.h lists (work, items, split and merge, runner, plan, report), their
//      definitions (CMake picks the folder's .cpp files up), and its wire form when its items
//      travel to MPI ranks as more than a search (pure bytes, see measures/games/games_wire.h);
//   2. its traits struct added to `Measures` in measures/registry.h.
// The core (this file, work_items, item_runner, fitness_plan, evaluation_report) dispatches with
// std::visit over the registry's variants and needs no edit; a function the folder lacks is a
// compile error there. Beyond the folder: the measure's name is a FitnessMeasure value
// (tuning_settings.h); and only a measure that brings a new kind of engine service (not
// searches, game slots or position scorers) also needs the evaluators to start it
// (local_evaluator.cpp; under MPI an ItemKind and ServiceKind, a worker case and a service in
// evolution/mpi).

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

// One line saying what is measured, for reports: "suite X (300 positions), nodes 2000, prize 0,
// fitness by solved".
std::string describeWork(const FitnessWork& work);

}  // namespace mf::tuning
