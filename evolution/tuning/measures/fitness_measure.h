#pragma once
// The fitness measures a run can name. The values are listed here, before any measure folder,
// because the settings and the folders' own headers speak of them; which measure serves each
// value, and the text it is written as (population files, settings, the command line), is in that
// measure's traits struct (`names`), and measures/registry.h gathers them.

#include <optional>
#include <string>
#include <string_view>

namespace mf::tuning {

// What fitness measures. Solved: 1 per solved suite position (+ prize). Points: the STS points
// of the move played (+ prize when solved); only for suites whose c0 comments hold points.
// Games: points from game pairs against a baseline (GamesSettings): 1 a win, 1/2 a draw.
// Evalfit: Texel's error E of the engine's quiescence scores on labelled positions
// (EvalfitSettings, evolution/tuning/measures/evalfit/scoring/evalfit_fitness.h): fitness E0 / E.
enum class FitnessMeasure { Solved, Points, Games, Evalfit };

// A value a measure serves and its text; each traits struct lists its own in `names`.
struct MeasureName {
    FitnessMeasure measure = FitnessMeasure::Solved;
    std::string_view text;
};

// The text of `measure` as its traits struct gives it: "solved", "points", "games", "evalfit".
std::string_view fitnessMeasureName(FitnessMeasure measure);
// The value whose text is `name`; nullopt when no measure is called so.
std::optional<FitnessMeasure> parseFitnessMeasure(std::string_view name);
// Every measure's text for a message: "solved, points, games or evalfit".
std::string measureNameList();

}  // namespace mf::tuning
