#include "evolution/tuning/measures/elo_text.h"

#include <cmath>
#include <cstdio>

namespace mf::tuning {

std::string signedEloText(double elo) {
    if (std::abs(elo) < 0.05) elo = 0.0;  // "-0.0" would claim a sign the figure does not have
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f", elo);
    return text;
}

std::string eloFigureText(const EloFigure& e) {
    return "Elo " + signedEloText(e.elo) + " [" + signedEloText(e.low) + ", " + signedEloText(e.high) + "] (" +
           std::to_string(e.games) + " games)";
}

}  // namespace mf::tuning
