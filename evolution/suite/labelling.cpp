#include "evolution/suite/labelling.h"

#include <cstdlib>

#include "engine/movegen.h"
#include "engine/notation.h"

namespace mf::suite {

std::string_view toString(Verdict verdict) {
    switch (verdict) {
        case Verdict::Kept: return "kept";
        case Verdict::InCheck: return "in check";
        case Verdict::OnlyMove: return "only one legal move";
        case Verdict::MissingLine: return "engine gave fewer than two lines";
        case Verdict::InexactScore: return "score is only a bound";
        case Verdict::Decided: return "already decided (outside the score window)";
        case Verdict::SmallMargin: return "margin too small";
        case Verdict::Recapture: return "trivial recapture";
        case Verdict::EngineFailed: return "search failed";
        case Verdict::TablesNoTest: return "tables: every move gives the same result";
    }
    return "?";
}

int toCentipawns(const uci::Score& score) {
    if (score.kind == uci::ScoreKind::Centipawns) return score.value;
    // Mate in n (n > 0) is better the smaller n; being mated in n (n <= 0) worse the smaller |n|.
    return score.value > 0 ? MateCp - score.value : -MateCp - score.value;
}

std::string formatScore(const uci::Score& score) {
    if (score.kind == uci::ScoreKind::Mate) return "#" + std::to_string(score.value);
    return (score.value > 0 ? "+" : "") + std::to_string(score.value);
}

Verdict preSearchVerdict(const Position& pos, const LabelRules& rules) {
    if (rules.rejectInCheck && pos.inCheck()) return Verdict::InCheck;
    if (MoveList(pos).size() < 2) return Verdict::OnlyMove;
    return Verdict::Kept;
}

Labelling judge(const Position& pos, Move lastMove, std::string_view bestMove, const std::vector<PvLine>& lines,
                const LabelRules& rules) {
    Labelling out;
    out.verdict = preSearchVerdict(pos, rules);
    if (out.verdict != Verdict::Kept) return out;

    if (lines.size() < 2 || lines[0].move != bestMove || lines[0].move == lines[1].move) {
        out.verdict = Verdict::MissingLine;
        return out;
    }
    auto best = parseUciMove(pos, lines[0].move);
    auto second = parseUciMove(pos, lines[1].move);
    if (!best || !second) {
        out.verdict = Verdict::MissingLine;  // an engine line we cannot read is no line
        return out;
    }
    out.best = *best;
    out.second = *second;
    out.bestCp = toCentipawns(lines[0].score);
    out.secondCp = toCentipawns(lines[1].score);
    out.margin = out.bestCp - out.secondCp;

    if (lines[0].score.bound != uci::ScoreBound::Exact || lines[1].score.bound != uci::ScoreBound::Exact)
        out.verdict = Verdict::InexactScore;
    else if (lines[0].score.kind == uci::ScoreKind::Mate || std::abs(out.bestCp) > rules.scoreWindow)
        out.verdict = Verdict::Decided;
    else if (out.margin < rules.minMargin)
        out.verdict = Verdict::SmallMargin;
    else if (rules.rejectRecaptures && lastMove != Move::none() && pos.capturedPiece() != NoPiece &&
             out.best.to() == lastMove.to() && pos.isCapture(out.best))
        out.verdict = Verdict::Recapture;
    else
        out.verdict = Verdict::Kept;
    return out;
}

}  // namespace mf::suite
