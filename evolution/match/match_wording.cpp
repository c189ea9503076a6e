#include "evolution/match/match_wording.h"

#include <cmath>

#include "engine/fixed_decimals.h"

namespace mf::match {
namespace {

// "+12.3", "-4.0", "+0.0": an even score's -0.0 (or -0.04) is no loss, so it reads "+0.0".
std::string signedElo(double v) {
    std::string text = fixedDecimals(v, 1);
    if (text == "-0.0") text = "0.0";
    return (text.front() == '-' ? "" : "+") + text;
}

}  // namespace

std::string eloInWords(const EloEstimate& e) {
    if (e.samples == 0) return "no games yet";
    if (std::isinf(e.elo))
        return e.elo > 0 ? "every game won so far: no finite estimate" : "every game lost so far: no finite estimate";
    if (e.samples < kFewestSamplesForInterval) return signedElo(e.elo) + " (too few games for an interval)";
    const bool low = std::isfinite(e.low), high = std::isfinite(e.high);
    std::string interval;
    if (low && high) interval = "95%: " + signedElo(e.low) + " to " + signedElo(e.high);
    else if (low) interval = "95%: above " + signedElo(e.low) + ", too few games for an upper bound";
    else if (high) interval = "95%: below " + signedElo(e.high) + ", too few games for a lower bound";
    else interval = "too few games for an interval";
    return signedElo(e.elo) + " (" + interval + ")";
}

std::string sprtInWords(const SprtStatus& s, const SprtConfig& config, bool finished) {
    const std::string where = "LLR " + fixedDecimals(s.llr, 2) + " of [" + fixedDecimals(s.lower, 2) + ", " +
                              fixedDecimals(s.upper, 2) + "]";
    std::string verdict;
    switch (s.decision) {
        case SprtStatus::Decision::AcceptH1:
            verdict = "H1 accepted: side A is about " + signedElo(config.elo1) + " Elo better or more";
            break;
        case SprtStatus::Decision::AcceptH0:
            verdict = "H0 accepted: side A is not " + signedElo(config.elo1) + " Elo better (about " +
                      signedElo(config.elo0) + " or less)";
            break;
        case SprtStatus::Decision::Continue:
            verdict = finished ? "no verdict: the match ended before the LLR reached a bound" : "undecided so far";
            break;
    }
    return "SPRT " + where + ": " + verdict;
}

}  // namespace mf::match
