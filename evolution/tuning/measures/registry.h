#pragma once
// The list of fitness measures. Each measure is a folder beside this file; its header declares a
// traits struct (Work, Item, ItemResult, Plan, Service; names, load, workers)
// and, as free functions found by argument-dependent lookup, everything done with its work:
//   unitKind, candidateUnits, describe             the work (fitness_work.h)
//   splitItems, unitsOf, candidateOf, cancelledItem, mergeItems   split and merge (work_items.h)
//   runItem                                        run one item on its Service (item_runner.h)
//   generationWork, heldOutOf, changesWithGeneration   the plan (fitness_plan.h)
//   writeScoreSummary, writeScoreDetails           the report (evaluation_report.h)
// The core reaches them through std::visit with a generic lambda, so it names no measure; a
// measure missing one of them is a compile error there. The traits' `names` say which
// FitnessMeasure values (measures/fitness_measure.h) the measure serves and their text, so the
// settings, the command line and both evaluator factories find a measure here by its value.
// Adding a measure: a new folder, its value in FitnessMeasure and its line in `Measures` below.

#include <algorithm>
#include <array>
#include <cstddef>
#include <tuple>
#include <variant>

#include "evolution/tuning/measures/evalfit/evalfit_measure.h"
#include "evolution/tuning/measures/fitness_measure.h"
#include "evolution/tuning/measures/games/games_measure.h"
#include "evolution/tuning/measures/suite/suite_measure.h"

namespace mf::tuning {

// True when `measure` is one of the values measure M serves (its traits' `names`).
template <class M>
constexpr bool serves(FitnessMeasure measure) {
    return std::ranges::any_of(M::names, [measure](const MeasureName& name) { return name.measure == measure; });
}

// The measures' name lists one after the other, in the order given.
template <std::size_t... N>
constexpr auto joinNames(const MeasureName (&... lists)[N]) {
    std::array<MeasureName, (N + ...)> all{};
    auto next = all.begin();
    ((next = std::ranges::copy(lists, next).out), ...);
    return all;
}

template <class... M>
struct MeasureList {
    using Work = std::variant<typename M::Work...>;
    using Item = std::variant<typename M::Item...>;
    using ItemResult = std::variant<typename M::ItemResult...>;
    using Plan = std::variant<typename M::Plan...>;
    // Every measure's own settings, one of each (the run's settings hold them all: a run keeps the
    // suite it names while it measures by games).
    using Settings = std::tuple<typename M::Settings...>;
    // The engines of one machine, one service per measure (null: not started for this run). The
    // services' types must differ: a measure's runner finds its own by type.
    using Services = std::tuple<typename M::Service*...>;

    // Calls f.template operator()<M>() for each measure in turn until one returns true.
    template <class F>
    static bool any(F&& f) {
        return (f.template operator()<M>() || ...);
    }

    // Calls f.template operator()<M>() for the measure that serves `measure`; false when none does.
    template <class F>
    static bool with(FitnessMeasure measure, F&& f) {
        return any([&]<class Measure>() {
            if (!serves<Measure>(measure)) return false;
            f.template operator()<Measure>();
            return true;
        });
    }

    // Every value a measure serves and its text, measure by measure in list order.
    static constexpr auto names = joinNames(M::names...);
};

using Measures = MeasureList<SuiteMeasure, GamesMeasure, EvalfitMeasure>;

// The settings of every measure, as a run's settings hold them.
using MeasureSettings = Measures::Settings;

// The measure a work value belongs to.
template <class Work>
using MeasureOf = typename Work::Measure;

}  // namespace mf::tuning
