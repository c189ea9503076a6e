#pragma once

#include <string>

#include "evolution/tuning/measures/measure_types.h"

namespace mf::tuning {

// "Elo +12.3 [+1.0, +23.6] (640 games)": one wording for the log, the CLI and the window.
// A figure that rounds to zero reads +0.0, never -0.0.
std::string eloFigureText(const EloFigure& elo);

// "+12.3": the signed Elo alone, one decimal.
std::string signedEloText(double elo);

}  // namespace mf::tuning
