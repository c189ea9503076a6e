#include "engine/position_scoring.h"

#include <algorithm>
#include <fstream>

#include "engine/eval.h"
#include "engine/movepick.h"
#include "engine/search_see.h"
#include "engine/text.h"

namespace mf {

namespace {

constexpr int Infinite = 32001;
constexpr int MaxQuiescencePly = 64;

// Empty: the picker then orders captures by victim and attacker only, the same every time.
const MoveHistory& emptyHistory() {
    static const MoveHistory history{};
    return history;
}

int quiescence(Position& pos, const EvalParams& params, int alpha, int beta, int ply, Move* best, std::uint64_t& nodes) {
    ++nodes;
    const bool inCheck = pos.inCheck();
    if (ply >= MaxQuiescencePly) return inCheck ? 0 : evaluate(pos, params);
    int bestValue = -Infinite;
    int staticEval = 0;
    if (!inCheck) {
        staticEval = evaluate(pos, params);
        bestValue = staticEval;
        if (bestValue >= beta) return bestValue;  // stand pat
        alpha = std::max(alpha, bestValue);
    }
    MovePicker picker(pos, Move::none(), emptyHistory(), false);
    int legal = 0;
    for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
        if (!pos.isLegal(m)) continue;
        ++legal;
        // Captures that lose material are not worth resolving (the search prunes them too).
        if (!inCheck && !seeAtLeast(pos, m, 0)) continue;
        pos.doMove(m);
        const int value = -quiescence(pos, params, -beta, -alpha, ply + 1, nullptr, nodes);
        pos.undoMove(m);
        if (value > bestValue) {
            bestValue = value;
            if (value > alpha) {
                if (best) *best = m;
                if (value >= beta) break;
                alpha = value;
            }
        }
    }
    if (inCheck && legal == 0) return -QuiescenceMateClamp + ply;
    return bestValue;
}

}  // namespace

int staticScoreWhite(const Position& pos, const EvalParams& params) {
    const int v = evaluate(pos, params);
    return pos.sideToMove() == White ? v : -v;
}

QuiescenceResult quiescenceScore(const Position& pos, const EvalParams& params) {
    Position work = pos;
    QuiescenceResult r;
    const int v = std::clamp(quiescence(work, params, -Infinite, Infinite, 0, &r.bestMove, r.nodes), -QuiescenceMateClamp,
                             QuiescenceMateClamp);
    r.scoreWhite = pos.sideToMove() == White ? v : -v;
    return r;
}

std::string PositionScorer::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return path + ": cannot open";
    std::vector<Position> positions;
    int lineNumber = 0;
    for (std::string line; std::getline(in, line);) {
        ++lineNumber;
        std::string_view text = trim(line);
        if (text.empty() || text.front() == '#') continue;
        // The board, side, castling and en-passant fields; the move counters when numeric.
        std::string fen;
        std::size_t at = 0;
        for (int field = 0; field < 6 && at < text.size(); ++field) {
            const std::size_t end = std::min(text.find_first_of(" \t", at), text.size());
            const std::string_view word = text.substr(at, end - at);
            if (field >= 4 && (word.empty() || !std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; })))
                break;
            if (!fen.empty()) fen += ' ';
            fen += word;
            at = text.find_first_not_of(" \t", end);
            if (at == std::string_view::npos) break;
        }
        auto pos = Position::fromFen(fen);
        if (!pos) return path + ":" + std::to_string(lineNumber) + ": " + pos.error().message;
        positions.push_back(std::move(*pos));
    }
    positions_ = std::move(positions);
    return {};
}

std::vector<int> PositionScorer::score(const EvalParams& params, PositionScoreKind kind, std::uint64_t* nodes) const {
    std::vector<int> scores;
    scores.reserve(positions_.size());
    std::uint64_t total = 0;
    for (const Position& pos : positions_) {
        if (kind == PositionScoreKind::Static) {
            scores.push_back(staticScoreWhite(pos, params));
            ++total;
        } else {
            const QuiescenceResult r = quiescenceScore(pos, params);
            scores.push_back(r.scoreWhite);
            total += r.nodes;
        }
    }
    if (nodes) *nodes = total;
    return scores;
}

void evalfitCommand(PositionScorer& scorer, const EvalParams& params, std::string_view args,
                    const std::function<void(std::string_view)>& print) {
    args = trim(args);
    const std::size_t space = std::min(args.find(' '), args.size());
    const std::string_view sub = args.substr(0, space);
    const std::string_view rest = trim(args.substr(space));
    if (sub == "load") {
        if (rest.empty()) return print("evalfit error load needs a file");
        if (std::string error = scorer.load(std::string(rest)); !error.empty()) return print("evalfit error " + error);
        return print("evalfit loaded " + std::to_string(scorer.size()));
    }
    if (sub == "scores") {
        PositionScoreKind kind = PositionScoreKind::Quiescence;
        if (rest == "static") kind = PositionScoreKind::Static;
        else if (!rest.empty() && rest != "quiescence")
            return print("evalfit error scores takes 'static' or 'quiescence', not '" + std::string(rest) + "'");
        const std::vector<int> scores = scorer.score(params, kind);
        std::string line;
        for (std::size_t i = 0; i < scores.size(); ++i) {
            if (i % EvalfitValuesPerLine == 0) line = "evalfit part";
            line += ' ';
            line += std::to_string(scores[i]);
            if ((i + 1) % EvalfitValuesPerLine == 0 || i + 1 == scores.size()) print(line);
        }
        return print("evalfit scores " + std::to_string(scores.size()));
    }
    print("evalfit error unknown subcommand '" + std::string(sub) + "' (load PATH | scores [static|quiescence])");
}

}  // namespace mf
