#include <ostream>

#include "evolution/tuning/measures/games/games_measure.h"
#include "evolution/tuning/common/elo_text.h"
#include "evolution/tuning/measures/report_text.h"

namespace mf::tuning {

void writeScoreSummary(std::ostream& out, const GamesWork&, const CandidateScore& score) {
    const GameTally& t = score.games;
    out << "  games +" << t.wins << " =" << t.draws << " -" << t.losses;
    if (t.forfeits > 0) out << "  forfeits " << t.forfeits;
    if (t.baselineForfeits > 0) out << "  baseline forfeits " << t.baselineForfeits;
    if (auto speed = t.speedRatio()) out << "  " << speedRatioText(*speed) << " of the start's";
}

// One line per game: the opening, the candidate's colour, the result and how it ended.
void writeScoreDetails(std::ostream& out, const GamesWork&, const CandidateScore& score) {
    out << "  " << padRight("opening", 24) << padRight("colour", 8) << padRight("result", 9) << padRight("plies", 7)
        << "ending\n";
    for (const match::PairResult& pair : score.pairs)
        for (int g = 0; g < 2; ++g) {
            const match::GameRecord& game = pair.games[std::size_t(g)];
            out << "  " << padRight(game.openingName, 24) << padRight(g == 0 ? "white" : "black", 8)
                << padRight(std::string(match::pgnResult(game.result)), 9)
                << padRight(std::to_string(game.moves.size()), 7) << match::endingName(game.ending);
            if (!game.reason.empty()) out << ": " << game.reason;
            out << "\n";
        }
}

}  // namespace mf::tuning
