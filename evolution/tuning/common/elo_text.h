#pragma once

#include <string>

namespace mf::tuning {

// A candidate's strength as its games measure it: Elo against the other side with its 95%
// interval (pentanomial: game pairs), and how many games that rests on.
struct EloFigure {
    double elo = 0;
    double low = 0;
    double high = 0;
    long long games = 0;
    friend bool operator==(const EloFigure&, const EloFigure&) = default;
};

// "Elo +12.3 [+1.0, +23.6] (640 games)": one wording for the log, the CLI and the window.
// A figure that rounds to zero reads +0.0, never -0.0.
std::string eloFigureText(const EloFigure& elo);

// "+12.3": the signed Elo alone, one decimal.
std::string signedEloText(double elo);

// "speed 0.97": nodes a second with a candidate's values over the start's, two decimals; one
// wording for the log, the report and the window.
std::string speedRatioText(double ratio);

}  // namespace mf::tuning
