#include "evolution/tuning/measures/suite/suite_positions.h"

#include <algorithm>

#include "engine/notation.h"
#include "engine/position.h"
#include "evolution/uci/epd_scoring.h"

namespace mf::tuning {

namespace {

std::string joined(const std::vector<std::string>& moves) {
    std::string text;
    for (const auto& move : moves) text += (text.empty() ? "" : " ") + move;
    return text;
}

std::string expectedText(const uci::SuitePosition& position) {
    std::string text;
    if (!position.bestSan.empty()) text = "bm " + joined(position.bestSan);
    if (!position.avoidSan.empty()) text += (text.empty() ? "am " : "; am ") + joined(position.avoidSan);
    if (text.empty() && !position.points.empty()) text = "points";
    return text;
}

// The move in SAN when it is legal on the position, else as the engine sent it.
std::string playedText(const uci::SuitePosition& position, const std::string& move) {
    if (move.empty()) return "-";
    auto board = Position::fromFen(position.fen);
    if (!board) return move;
    auto parsed = parseUciMove(*board, move);
    return parsed ? toSan(*board, *parsed) : move;
}

}  // namespace

PositionResult positionResult(const uci::SuitePosition& position, const uci::SearchResult& result,
                              const ScoringRule& rule) {
    const uci::PositionScore scored = uci::scorePosition(position, result, rule.limit, uci::PrizeRule{rule.prize});
    PositionResult out;
    out.line = position.line;
    out.id = position.id;
    out.expected = expectedText(position);
    out.played = playedText(position, result.bestMove);
    out.scored = scored.scored;
    out.solved = scored.solved;
    out.points = scored.points;
    out.score = scored.scored ? positionScore(scored.solved, scored.points, scored.settleFraction, rule) : 0.0;
    out.timeMs = std::chrono::duration_cast<std::chrono::milliseconds>(result.thinkTime).count();
    out.thinkTime = result.thinkTime;
    out.settleMs = result.settled.timeMs;
    out.depth = result.depth;
    out.nodes = result.nodes;
    if (result.status == uci::SearchStatus::Cancelled) out.failure = std::string(kCancelledFailure);
    else if (!scored.scored) out.failure = result.failure.empty() ? "search failed" : result.failure;
    return out;
}

double positionScore(bool solved, int points, double settleFraction, const ScoringRule& rule) {
    const double speed = solved ? rule.prize * (1.0 - std::clamp(settleFraction, 0.0, 1.0)) : 0.0;
    if (rule.measure == FitnessMeasure::Points) return std::max(points, 0) + speed;
    return solved ? 1.0 + speed : 0.0;
}

void summarize(CandidateScore& score) {
    score.fitness = 0.0;
    score.solved = score.scored = score.failed = score.cancelled = 0;
    score.points = 0;
    for (const PositionResult& position : score.positions) {
        if (!position.scored) {
            // An unscored position is either failed (the engine faulted twice) or cancelled (we
            // stopped it); only the failed ones carry a reason from the engine.
            if (position.failure == kCancelledFailure) ++score.cancelled;
            else ++score.failed;
            continue;
        }
        ++score.scored;
        if (position.solved) ++score.solved;
        score.points += position.points;
        score.fitness += position.score;
    }
}

}  // namespace mf::tuning
