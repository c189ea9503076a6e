#pragma once
// The list of fitness measures. Each measure is a folder beside this file; its header declares a
// traits struct (Work, Item, ItemResult, Plan, Service; measures(FitnessMeasure), load, workers)
// and, as free functions found by argument-dependent lookup, everything done with its work:
//   unitKind, candidateUnits, describe             the work (fitness_work.h)
//   splitItems, unitsOf, candidateOf, cancelledItem, mergeItems   split and merge (work_items.h)
//   runItem                                        run one item on its Service (item_runner.h)
//   generationWork, heldOutOf, changesWithGeneration   the plan (fitness_plan.h)
//   writeScoreSummary, writeScoreDetails           the report (evaluation_report.h)
// The core reaches them through std::visit with a generic lambda, so it names no measure; a
// measure missing one of them is a compile error there. Adding a measure: a new folder and its
// line in `Measures` below.

#include <cstddef>
#include <tuple>
#include <variant>

#include "evolution/tuning/measures/evalfit/evalfit_measure.h"
#include "evolution/tuning/measures/games/games_measure.h"
#include "evolution/tuning/measures/suite/suite_measure.h"

namespace mf::tuning {

template <class... M>
struct MeasureList {
    using Work = std::variant<typename M::Work...>;
    using Item = std::variant<typename M::Item...>;
    using ItemResult = std::variant<typename M::ItemResult...>;
    using Plan = std::variant<typename M::Plan...>;
    // The engines of one machine, one service per measure (null: not started for this run). The
    // services' types must differ: a measure's runner finds its own by type.
    using Services = std::tuple<typename M::Service*...>;

    // Calls f.template operator()<M>() for each measure in turn until one returns true.
    template <class F>
    static bool any(F&& f) {
        return (f.template operator()<M>() || ...);
    }
};

using Measures = MeasureList<SuiteMeasure, GamesMeasure, EvalfitMeasure>;

// The measure a work value belongs to.
template <class Work>
using MeasureOf = typename Work::Measure;

}  // namespace mf::tuning
