#include "app/cli/match_report.h"

#include <algorithm>
#include <chrono>

#include "engine/fixed_decimals.h"
#include "evolution/match/match_wording.h"

namespace mf::cli {
namespace {

std::string percent(double fraction) { return fixedDecimals(100 * fraction, 1) + "%"; }

// The interval as an interval (match_wording.h): a short match has an unbounded end, which
// "+- inf [-inf, -34.1]" said badly.
void printElo(std::ostream& out, const match::MatchSummary& s) {
    out << "Elo (pentanomial): " << match::eloInWords(s.elo) << ", LOS " << percent(s.elo.los) << "\n";
    out << "Elo (trinomial):   " << match::eloInWords(s.trinomialElo) << "\n";
}

void printSprt(std::ostream& out, const match::MatchConfig& config, const match::MatchSummary& s) {
    if (!s.sprt || !config.sprt) return;
    out << "SPRT hypotheses: elo0 " << config.sprt->elo0 << ", elo1 " << config.sprt->elo1 << ", alpha "
        << config.sprt->alpha << ", beta " << config.sprt->beta << "\n";
    out << match::sprtInWords(*s.sprt, *config.sprt, true) << "\n";
}

void printTime(std::ostream& out, const match::MatchConfig& config, const match::MatchSummary& s) {
    const double efficiency =
        s.wallSeconds > 0 ? std::chrono::duration<double>(s.thinkTime).count() / (s.wallSeconds * double(config.workers)) : 0;
    out << "time: " << fixedDecimals(s.wallSeconds, 1) << " s wall, "
        << fixedDecimals(double(s.games.games()) * 60.0 / std::max(1e-9, s.wallSeconds), 1)
        << " games/min, engine think time / (wall x workers) " << fixedDecimals(efficiency, 3) << "\n";
}

}  // namespace

std::string matchProgressDetail(const match::MatchSummary& s) {
    std::string text = "Elo " + match::eloInWords(s.elo) + " W-D-L " + std::to_string(s.games.wins) + "-" +
                       std::to_string(s.games.draws) + "-" + std::to_string(s.games.losses);
    if (s.sprt)
        text += " LLR " + fixedDecimals(s.sprt->llr, 2) + " [" + fixedDecimals(s.sprt->lower, 2) + ", " +
                fixedDecimals(s.sprt->upper, 2) + "]";
    return text;
}

void printMatchSummary(std::ostream& out, const match::MatchConfig& config, const match::MatchSummary& s) {
    out << "match: " << config.a.name << " vs " << config.b.name << ", " << config.game.limits.describe() << ", "
        << config.workers << " workers\n";
    out << "pairs: " << s.pairsDone << " of " << s.pairsPlanned << " (" << s.games.games() << " games)";
    if (!s.stopReason.empty()) out << ", stopped: " << s.stopReason;
    out << "\n";
    out << "games: +" << s.games.wins << " =" << s.games.draws << " -" << s.games.losses << " for " << config.a.name
        << ", score " << percent(s.elo.score) << "\n";
    out << "pentanomial [0, 1/2, 1, 3/2, 2 points per pair]: " << s.pairs.counts[0] << " " << s.pairs.counts[1] << " "
        << s.pairs.counts[2] << " " << s.pairs.counts[3] << " " << s.pairs.counts[4] << "\n";
    printElo(out, s);
    printSprt(out, config, s);
    out << "endings:";
    for (const auto& [name, count] : s.endings) out << " " << name << " " << count << ";";
    out << "\n";
    out << "forfeits: " << config.a.name << " " << s.forfeitsA << ", " << config.b.name << " " << s.forfeitsB
        << " (on time: " << s.timeLossesA << ", " << s.timeLossesB << "); engine restarts " << s.restarts << "\n";
    for (const auto& skipped : s.skipped) out << "not scored: " << skipped << "\n";
    printTime(out, config, s);
}

}  // namespace mf::cli
