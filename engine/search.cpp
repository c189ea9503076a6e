#include "engine/search.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/search_see.h"
#include "engine/tb/search_tables.h"

namespace mf {

namespace {

// Mate scores are stored relative to the node, not the root, so they stay right when the same
// position is reached at another distance from the root.
int valueToTt(int v, int ply) { return v >= MateBound ? v + ply : v <= -MateBound ? v - ply : v; }
int valueFromTt(int v, int ply) { return v >= MateBound ? v - ply : v <= -MateBound ? v + ply : v; }

constexpr std::uint64_t CheckInterval = 1024;  // nodes between clock and stop-token polls

}  // namespace

std::string uciMove(Move m) {
    if (m == Move::none()) return "0000";
    std::string text;
    for (Square s : {m.from(), m.to()}) {
        text += static_cast<char>('a' + fileOf(s));
        text += static_cast<char>('1' + rankOf(s));
    }
    if (m.kind() == MoveKind::Promotion) text += " nbrq"[m.promotion() - Knight + 1];
    return text;
}

std::string uciScore(int value) {
    if (value >= MateBound) return "mate " + std::to_string((MateValue - value + 1) / 2);
    if (value <= -MateBound) return "mate " + std::to_string(-(MateValue + value) / 2);
    return "cp " + std::to_string(value);
}

Search::Search(const Position& root, const SearchLimits& limits, Clock::time_point start, int moveOverheadMs,
               TranspositionTable& tt, MoveHistory& history, const EvalParams& params, const SearchParams& searchParams,
               Output output)
    : pos_(root), limits_(limits), start_(start), plan_(planTime(limits, root.sideToMove(), moveOverheadMs)),
      tt_(tt), history_(history), weights_(resolveWeights(params)), constants_(searchParams.constants()),
      reductions_(searchParams.reductions()), tunedKey_(evalWeightsKey(params) ^ searchConstantsKey(constants_)),
      output_(std::move(output)) {
    for (Move m : MoveList(pos_))
        if (std::find(limits_.searchMoves.begin(), limits_.searchMoves.end(), uciMove(m)) != limits_.searchMoves.end())
            searchMoves_.push_back(m);
}

std::int64_t Search::elapsedMs() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
}

bool Search::shouldStop() {
    if (stopped_) return true;
    // The node limit is checked at every node so `go nodes N` is exact and reproducible.
    if (limits_.nodes && nodes_ >= *limits_.nodes) return stopped_ = true;
    if (nodes_ % CheckInterval == 0) {
        // The clock never stops depth 1: a move searched to depth 1 is the least every search
        // answers with, also when the process was not scheduled for the whole of a short movetime
        // (a busy machine) or preparing the endgame tables took it.
        if (stopToken_.stop_requested() || (rootDepth_ > 1 && elapsedMs() >= plan_.maximumMs)) return stopped_ = true;
    }
    return false;
}

bool Search::rootMoveAllowed(Move m) const {
    return searchMoves_.empty() || std::find(searchMoves_.begin(), searchMoves_.end(), m) != searchMoves_.end();
}

void Search::playMove(Frame& frame, Move m) {
    frame.move = m;
    frame.movedPiece = pos_.pieceOn(m.from());
    tt_.prefetch(pos_.keyAfter(m) ^ tunedKey_);
    pos_.doMove(m);
}

bool Search::raisesAlpha(int ply, Move m, int value, int alpha, int& bestValue, Move& bestMove) {
    if (value <= bestValue) return false;
    bestValue = value;
    if (value <= alpha) return false;
    bestMove = m;
    updatePv(ply, m);
    return true;
}

void Search::updatePv(int ply, Move move) {
    pv_[ply][ply] = move;
    for (int i = ply + 1; i < pvLength_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pvLength_[ply] = std::max(pvLength_[ply + 1], ply + 1);
}

void Search::reportIteration(int depth, int score) {
    const std::int64_t ms = elapsedMs();
    std::ostringstream line;
    line << "info depth " << depth << " seldepth " << std::max(seldepth_, depth) << " multipv 1 score " << uciScore(score)
         << " nodes " << nodes_ << " nps " << (nodes_ * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(ms, 1)))
         << " hashfull " << tt_.hashfull() << " time " << ms << " pv";
    for (int i = 0; i < pvLength_[0]; ++i) line << ' ' << uciMove(pv_[0][i]);
    output_(line.str());
}

SearchResult Search::run(std::stop_token stop) {
    stopToken_ = std::move(stop);
    tt_.newSearch();
    SearchResult result;

    // Without a legal move there is nothing to search: report the terminal score.
    MoveList legal(pos_);
    if (legal.size() == 0) {
        result.score = pos_.inCheck() ? -MateValue : 0;
        output_("info depth 0 score " + uciScore(result.score));
        return result;
    }
    // A fallback so an immediate stop still answers with a legal move.
    for (Move m : legal)
        if (rootMoveAllowed(m)) { rootBest_ = m; break; }
    if (rootBest_ == Move::none()) rootBest_ = *legal.begin();
    result.bestMove = rootBest_;

    // Covered by the endgame tables: play the fastest mate, or the longest resistance, at once.
    if (tables_)
        for (const tb::RootMoveValue& entry : tb::rankRootMoves(*tables_, pos_)) {
            if (!rootMoveAllowed(entry.move)) continue;
            result.bestMove = entry.move;
            result.score = tb::searchScore(entry.result, 0, MateValue, MaxSearchPly);
            output_("info depth 1 score " + uciScore(result.score) + " nodes 0 pv " + uciMove(entry.move));
            output_("info string endgame table move");
            return result;
        }

    const int maxDepth = std::min(limits_.depth.value_or(MaxSearchPly - 4), MaxSearchPly - 4);
    int previousScore = 0;
    for (rootDepth_ = 1; rootDepth_ <= maxDepth; ++rootDepth_) {
        seldepth_ = 0;
        int delta = constants_.aspirationWindow;
        int alpha = -InfiniteValue, beta = InfiniteValue;
        if (rootDepth_ >= constants_.aspirationDepth) {
            alpha = std::max(previousScore - delta, -InfiniteValue);
            beta = std::min(previousScore + delta, InfiniteValue);
        }
        int score = 0;
        for (;;) {
            score = search(alpha, beta, rootDepth_, 0, false);
            if (stopped_) break;
            if (score <= alpha) {
                beta = (alpha + beta) / 2;
                alpha = std::max(score - delta, -InfiniteValue);
            } else if (score >= beta) {
                beta = std::min(score + delta, InfiniteValue);
            } else {
                break;
            }
            delta += delta * constants_.aspirationGrowth / 100;
        }
        // A move that beat the previous best in an unfinished iteration was proved better by a
        // full-window search, so it is kept (updated in search() at the root).
        result.bestMove = rootBest_;
        if (stopped_) break;

        previousScore = score;
        rootBestScore_ = score;
        result.score = score;
        result.depth = rootDepth_;
        result.ponderMove = pvLength_[0] > 1 ? pv_[0][1] : Move::none();
        reportIteration(rootDepth_, score);

        if (limits_.mate && score >= MateValue - 2 * *limits_.mate) break;
        // A mate found with depth to spare will not change: stop unless told to go on.
        const int mateDistance = MateValue - std::abs(score);
        if (!limits_.infinite && std::abs(score) >= MateBound && rootDepth_ >= 2 * mateDistance + 6) break;
        if (!limits_.infinite && elapsedMs() >= plan_.optimumMs && !limits_.movetimeMs) break;
        // One legal move under a clock: no need to think.
        if (limits_.usesClock() && !limits_.infinite && legal.size() == 1 && rootDepth_ >= 4) break;
    }
    result.score = rootBestScore_;
    result.nodes = nodes_;
    return result;
}

int Search::search(int alpha, int beta, int depth, int ply, bool cutNode) {
    const bool pvNode = beta - alpha > 1;
    const bool root = ply == 0;
    if (depth <= 0) return quiescence(alpha, beta, ply);

    pvLength_[ply] = ply;
    if (shouldStop()) return 0;
    ++nodes_;
    seldepth_ = std::max(seldepth_, ply);
    Frame& frame = stack_[ply + 2];
    Frame& parent = stack_[ply + 1];

    if (!root) {
        if (pos_.isDraw(ply)) return 0;
        if (ply >= MaxSearchPly) return pos_.inCheck() ? 0 : evaluate(pos_, weights_, pawnCache_);
        if (tables_ && popcount(pos_.pieces()) <= 4)
            if (const auto r = tb::probe(*tables_, pos_)) return tb::searchScore(*r, ply, MateValue, MaxSearchPly);
        // Mate-distance pruning: no line from here can beat a mate already found closer to the root.
        alpha = std::max(alpha, -MateValue + ply);
        beta = std::min(beta, MateValue - ply - 1);
        if (alpha >= beta) return alpha;
    }
    stack_[ply + 3].killers[0] = stack_[ply + 3].killers[1] = Move::none();

    TtData tte;
    const bool ttHit = tt_.probe(ttKey(), tte);
    const int ttValue = ttHit ? valueFromTt(tte.value, ply) : 0;
    Move ttMove = root ? rootBest_ : ttHit ? tte.move : Move::none();
    if (!pvNode && ttHit && tte.depth >= depth &&
        (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttValue >= beta) ||
         (tte.bound == Bound::Upper && ttValue <= alpha)))
        return ttValue;

    const bool inCheck = pos_.inCheck();
    int staticEval = 0, eval = 0;
    if (inCheck) {
        staticEval = eval = frame.staticEval = -InfiniteValue;
    } else {
        staticEval = ttHit ? tte.staticEval : evaluate(pos_, weights_, pawnCache_);
        frame.staticEval = staticEval;
        eval = staticEval;
        // The stored search value is a better guess than the static one when its bound agrees.
        if (ttHit && ((tte.bound == Bound::Lower && ttValue > eval) || (tte.bound == Bound::Upper && ttValue < eval)))
            eval = ttValue;
        if (!ttHit) tt_.store(ttKey(), Move::none(), 0, staticEval, -6, Bound::None);
    }
    const bool improving = !inCheck && (ply < 2 || stack_[ply].staticEval == -InfiniteValue || staticEval > stack_[ply].staticEval);
    const bool hasPieces = pos_.pieces(pos_.sideToMove()) !=
                           (pos_.pieces(pos_.sideToMove(), Pawn) | pos_.pieces(pos_.sideToMove(), King));

    if (!pvNode && !inCheck) {
        // Reverse futility: far above beta at low depth, assume the opponent cannot catch up.
        if (depth <= constants_.reverseFutilityDepth && eval - constants_.reverseFutilityMargin * (depth - improving) >= beta &&
            eval < MateBound)
            return eval;
        // Razoring: hopeless at very low depth unless a capture saves it.
        if (depth <= constants_.razoringDepth && eval + constants_.razoringMargin * depth < alpha) {
            const int v = quiescence(alpha, alpha + 1, ply);
            if (v <= alpha) return v;
        }
        // Null move: if passing still fails high, a real move will too (not in pawn endings,
        // where zugzwang is common).
        if (depth >= constants_.nullMoveDepth && eval >= beta && !parent.nullMoved && hasPieces && beta > -MateBound) {
            const int r = constants_.nullMoveReduction + depth / constants_.nullMoveDepthDivisor +
                          std::min((eval - beta) / constants_.nullMoveEvalDivisor, constants_.nullMoveEvalCap);
            frame.move = Move::none();
            frame.movedPiece = NoPiece;
            frame.nullMoved = true;
            pos_.doNullMove();
            const int v = -search(-beta, -beta + 1, depth - r, ply + 1, !cutNode);
            pos_.undoNullMove();
            frame.nullMoved = false;
            if (stopped_) return 0;
            if (v >= beta) return v >= MateBound ? beta : v;
        }
    }
    frame.nullMoved = false;
    // Internal iterative reduction: a node without a hash move is searched shallower first time.
    if (!root && depth >= constants_.iirDepth && ttMove == Move::none()) --depth;

    const Move previous = parent.move;
    const Move counter = previous != Move::none() ? history_.counterMove[parent.movedPiece][previous.to()] : Move::none();
    const MoveHistory::PieceToTable* continuation =
        previous != Move::none() ? &history_.continuation[parent.movedPiece][previous.to()] : nullptr;
    MovePicker picker(pos_, ttMove, history_, frame.killers[0], frame.killers[1], counter, continuation);

    Move quiets[64];
    int quietCount = 0;
    int moveCount = 0;
    int bestValue = -InfiniteValue;
    Move bestMove = Move::none();
    bool skipQuiets = false;
    const int originalAlpha = alpha;
    // Late-move pruning: quiet moves past this count are skipped (fewer when not improving).
    const int lateMoveLimit = (constants_.lateMovePruningBase + depth * depth) *
                              (improving ? 100 : constants_.lateMovePruningNotImproving) / 100;

    for (Move m = picker.next(skipQuiets); m != Move::none(); m = picker.next(skipQuiets)) {
        if (root && !rootMoveAllowed(m)) continue;
        if (!pos_.isLegal(m)) continue;
        ++moveCount;
        const bool tactical = pos_.isCapture(m) || m.kind() == MoveKind::Promotion;
        const bool givesCheck = pos_.givesCheck(m);

        // Shallow-depth pruning, never while a mate against us is all we have found.
        if (!root && bestValue > -MateBound && hasPieces) {
            if (!tactical && !givesCheck) {
                if (moveCount >= lateMoveLimit) {
                    skipQuiets = true;
                    continue;
                }
                const int lmrDepth = std::max(depth - 1 - reductions_(depth, moveCount), 0);
                if (!inCheck && lmrDepth <= constants_.futilityDepth &&
                    staticEval + constants_.futilityBase + constants_.futilityPerDepth * lmrDepth <= alpha)
                    continue;
                if (lmrDepth <= constants_.seeQuietDepth &&
                    !seeAtLeast(pos_, m, -constants_.seeQuietMargin * lmrDepth * lmrDepth))
                    continue;
            } else if (!givesCheck && depth <= constants_.seeCaptureDepth &&
                       !seeAtLeast(pos_, m, -constants_.seeCaptureMargin * depth)) {
                continue;
            }
        }

        // Check extension, bounded so perpetual-check lines cannot run away.
        const int extension = givesCheck && ply * 100 < constants_.checkExtensionReach * rootDepth_ ? 1 : 0;
        const int newDepth = depth - 1 + extension;

        playMove(frame, m);
        int value;
        if (moveCount == 1) {
            value = -search(-beta, -alpha, newDepth, ply + 1, !pvNode && !cutNode);
        } else {
            int r = 0;
            if (depth >= constants_.lmrDepth && moveCount > 1 + 2 * root && (!tactical || cutNode)) {
                r = reductions_(depth, moveCount);
                r += cutNode;
                r += !improving;
                r -= givesCheck;
                r -= (m == frame.killers[0] || m == frame.killers[1] || m == counter);
                if (!tactical) r -= history_.score(~pos_.sideToMove(), m) / constants_.lmrHistoryDivisor;
                r = std::clamp(r, 0, newDepth - 1);
            }
            value = -search(-alpha - 1, -alpha, newDepth - r, ply + 1, true);
            if (value > alpha && r > 0) value = -search(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
            if (pvNode && value > alpha && value < beta) value = -search(-beta, -alpha, newDepth, ply + 1, false);
        }
        pos_.undoMove(m);
        if (stopped_) return 0;

        if (raisesAlpha(ply, m, value, alpha, bestValue, bestMove)) {
            if (root) {
                const bool changed = rootBest_ != m;
                rootBest_ = m;
                // Report a new best move as soon as it is known (not during the first iterations).
                if (changed && rootDepth_ > 1 && value < beta) reportIteration(rootDepth_, value);
            }
            if (value >= beta) break;
            alpha = value;
        }
        if (!tactical && m != bestMove && quietCount < 64) quiets[quietCount++] = m;
    }

    if (moveCount == 0) {
        if (root && !searchMoves_.empty()) return alpha;
        return inCheck ? -MateValue + ply : 0;
    }

    if (bestMove != Move::none() && bestValue >= beta && !pos_.isCapture(bestMove) && bestMove.kind() != MoveKind::Promotion)
        updateQuietStats(ply, bestMove, quiets, quietCount, depth);

    const Bound bound = bestValue >= beta ? Bound::Lower : (pvNode && bestValue > originalAlpha) ? Bound::Exact : Bound::Upper;
    tt_.store(ttKey(), bestMove, valueToTt(bestValue, ply), staticEval == -InfiniteValue ? 0 : staticEval, depth, bound);
    return bestValue;
}

void Search::updateQuietStats(int ply, Move best, const Move* quiets, int quietCount, int depth) {
    Frame& frame = stack_[ply + 2];
    if (frame.killers[0] != best) {
        frame.killers[1] = frame.killers[0];
        frame.killers[0] = best;
    }
    const Color us = pos_.sideToMove();
    const int bonus = std::min(constants_.historyBonusQuadratic * depth * depth + constants_.historyBonusLinear * depth,
                               constants_.historyBonusMax);
    history_.update(us, best, bonus);
    for (int i = 0; i < quietCount; ++i) history_.update(us, quiets[i], -bonus);
    const Frame& parent = stack_[ply + 1];
    if (parent.move != Move::none()) {
        history_.counterMove[parent.movedPiece][parent.move.to()] = best;
        auto& table = history_.continuation[parent.movedPiece][parent.move.to()];
        MoveHistory::update(table[pos_.pieceOn(best.from())][best.to()], bonus);
        for (int i = 0; i < quietCount; ++i) MoveHistory::update(table[pos_.pieceOn(quiets[i].from())][quiets[i].to()], -bonus);
    }
}

int Search::quiescence(int alpha, int beta, int ply, int qsDepth) {
    pvLength_[ply] = ply;
    if (shouldStop()) return 0;
    ++nodes_;
    seldepth_ = std::max(seldepth_, ply);
    if (pos_.isDraw(ply)) return 0;
    const bool inCheck = pos_.inCheck();
    if (ply >= MaxSearchPly) return inCheck ? 0 : evaluate(pos_, weights_, pawnCache_);
    const bool pvNode = beta - alpha > 1;

    TtData tte;
    const bool ttHit = tt_.probe(ttKey(), tte);
    const int ttValue = ttHit ? valueFromTt(tte.value, ply) : 0;
    const int ttDepth = qsDepth == 0 ? 0 : -1;  // the first quiescence ply also tries quiet checks
    if (!pvNode && ttHit && tte.bound != Bound::None && tte.depth >= ttDepth &&
        (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttValue >= beta) ||
         (tte.bound == Bound::Upper && ttValue <= alpha)))
        return ttValue;

    int bestValue = -InfiniteValue;
    int staticEval = 0;
    if (!inCheck) {
        staticEval = ttHit ? tte.staticEval : evaluate(pos_, weights_, pawnCache_);
        bestValue = staticEval;
        if (ttHit && tte.bound != Bound::None &&
            ((tte.bound == Bound::Lower && ttValue > bestValue) || (tte.bound == Bound::Upper && ttValue < bestValue)))
            bestValue = ttValue;
        // Stand pat: the side to move is not forced to capture.
        if (bestValue >= beta) {
            if (!ttHit) tt_.store(ttKey(), Move::none(), valueToTt(bestValue, ply), staticEval, -1, Bound::Lower);
            return bestValue;
        }
        alpha = std::max(alpha, bestValue);
    }

    MovePicker picker(pos_, ttHit ? tte.move : Move::none(), history_, qsDepth == 0);
    Move bestMove = Move::none();
    int moveCount = 0;
    for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
        if (!pos_.isLegal(m)) continue;
        ++moveCount;
        if (!inCheck && bestValue > -MateBound) {
            const bool givesCheck = pos_.givesCheck(m);
            // Delta pruning: even winning the victim outright would not reach alpha.
            const PieceType victim = m.kind() == MoveKind::EnPassant ? Pawn : typeOf(pos_.pieceOn(m.to()));
            if (m.kind() != MoveKind::Promotion && !givesCheck && staticEval + SeeValue[victim] + constants_.deltaMargin <= alpha)
                continue;
            // SEE pruning: skip moves that lose material, except checks on the first ply, which
            // may be mates.
            if (!(givesCheck && qsDepth == 0) && !seeAtLeast(pos_, m, 0)) continue;
        }
        playMove(stack_[ply + 2], m);
        const int value = -quiescence(-beta, -alpha, ply + 1, qsDepth - 1);
        pos_.undoMove(m);
        if (stopped_) return 0;
        if (raisesAlpha(ply, m, value, alpha, bestValue, bestMove)) {
            if (value >= beta) break;
            alpha = value;
        }
    }
    if (inCheck && moveCount == 0) return -MateValue + ply;

    const Bound bound = bestValue >= beta ? Bound::Lower : Bound::Upper;
    tt_.store(ttKey(), bestMove, valueToTt(bestValue, ply), inCheck ? 0 : staticEval, ttDepth, bound);
    return bestValue;
}

}  // namespace mf
