#include "evolution/match/adjudicator.h"

#include <cstdlib>

#include "engine/tb/probe.h"

namespace mf::match {
namespace {

// Mate scores count as beyond any threshold.
int centipawns(const uci::Score& score) {
    constexpr int mateCp = 100'000;
    if (score.kind == uci::ScoreKind::Centipawns) return score.value;
    return score.value > 0 ? mateCp - score.value : -mateCp - score.value;
}

}  // namespace

Adjudicator::Adjudicator(const AdjudicationRules& rules, const tb::Tablebases* tables)
    : rules_(rules), tables_(rules.tablebases ? tables : nullptr) {}

std::optional<Verdict> Adjudicator::afterMove(std::optional<uci::Score> moverScore, Color mover, const Position& after) {
    std::optional<int> white;
    if (moverScore) white = mover == White ? centipawns(*moverScore) : -centipawns(*moverScore);
    whiteScores_.push_back(white);

    if (tables_) {
        if (auto probed = tb::probe(*tables_, after)) {
            const bool whiteToMove = after.sideToMove() == White;
            if (probed->wdl == tb::Wdl::Draw)
                return Verdict{GameResult::Draw, Ending::Tablebase, "Draw by the endgame tables"};
            const bool moverToPlayWins = probed->wdl == tb::Wdl::Win;
            const bool whiteWins = moverToPlayWins == whiteToMove;
            return Verdict{whiteWins ? GameResult::WhiteWins : GameResult::BlackWins, Ending::Tablebase,
                           whiteWins ? "White wins by the endgame tables" : "Black wins by the endgame tables"};
        }
    }

    // Both rules look at the last 2N searched plies: N moves of each engine.
    auto lastPlies = [&](int moves, auto predicate) {
        const std::size_t plies = std::size_t(2 * moves);
        if (moves <= 0 || whiteScores_.size() < plies) return false;
        for (std::size_t i = whiteScores_.size() - plies; i < whiteScores_.size(); ++i)
            if (!whiteScores_[i] || !predicate(*whiteScores_[i])) return false;
        return true;
    };
    if (rules_.winMoves > 0) {
        const int t = rules_.winScoreCp;
        if (lastPlies(rules_.winMoves, [t](int cp) { return cp >= t; }))
            return Verdict{GameResult::WhiteWins, Ending::AdjudicatedWin, "White wins by adjudication"};
        if (lastPlies(rules_.winMoves, [t](int cp) { return cp <= -t; }))
            return Verdict{GameResult::BlackWins, Ending::AdjudicatedWin, "Black wins by adjudication"};
    }
    if (rules_.drawMoves > 0 && after.fullMoveNumber() > rules_.drawFromMove) {
        const int t = rules_.drawScoreCp;
        if (lastPlies(rules_.drawMoves, [t](int cp) { return std::abs(cp) <= t; }))
            return Verdict{GameResult::Draw, Ending::AdjudicatedDraw, "Draw by adjudication"};
    }
    return std::nullopt;
}

}  // namespace mf::match
