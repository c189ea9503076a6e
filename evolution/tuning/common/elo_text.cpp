#include "evolution/tuning/common/elo_text.h"

#include <cmath>
#include <cstdio>

#include "evolution/match/elo.h"

namespace mf::tuning {

std::string signedEloText(double elo) {
    if (std::abs(elo) < 0.05) elo = 0.0;  // "-0.0" would claim a sign the figure does not have
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f", elo);
    return text;
}

std::string eloFigureText(const EloFigure& e) {
    const std::string games = std::to_string(e.games) + " games";
    // Every game won (or lost) has no finite Elo, nor a bound on that side: words, not "+inf".
    if (std::isinf(e.elo)) return "all " + games + (e.elo > 0 ? " won" : " lost") + ": no finite Elo";
    // Fewer pairs than the interval needs: no zero-width "[+190.8, +190.8]" after one pair.
    if (e.games < 2 * match::kFewestSamplesForInterval)
        return "Elo " + signedEloText(e.elo) + " (" + games + ": too few for an interval, " +
               std::to_string(2 * match::kFewestSamplesForInterval) + " or more)";
    std::string interval;
    if (std::isinf(e.low) && std::isinf(e.high)) interval = "no bounds yet";
    else if (std::isinf(e.high)) interval = "above " + signedEloText(e.low);
    else if (std::isinf(e.low)) interval = "below " + signedEloText(e.high);
    else interval = signedEloText(e.low) + ", " + signedEloText(e.high);
    return "Elo " + signedEloText(e.elo) + " [" + interval + "] (" + games + ")";
}

std::string speedRatioText(double ratio) {
    char text[48];
    std::snprintf(text, sizeof text, "speed %.2f", ratio);
    return text;
}

}  // namespace mf::tuning
