#include "engine/movepick.h"

#include <utility>

#include "engine/search_see.h"

namespace mf {

namespace {
enum GenKind { Captures, Quiets, Evasions };
}

MovePicker::MovePicker(const Position& pos, Move ttMove, const MoveHistory& history, Move killer1, Move killer2,
                       Move counter, const MoveHistory::PieceToTable* continuation)
    : pos_(pos), history_(history), ttMove_(ttMove), killers_{killer1, killer2}, counter_(counter),
      continuation_(continuation) {
    stage_ = pos.inCheck() ? Stage::EvasionTt : Stage::MainTt;
    if (!(ttMove_ != Move::none() && pos.isPseudoLegal(ttMove_))) {
        ttMove_ = Move::none();
        stage_ = static_cast<Stage>(static_cast<int>(stage_) + 1);
    }
}

MovePicker::MovePicker(const Position& pos, Move ttMove, const MoveHistory& history, bool quietChecks)
    : pos_(pos), history_(history), ttMove_(ttMove), killers_{Move::none(), Move::none()}, counter_(Move::none()),
      quietChecks_(quietChecks) {
    stage_ = pos.inCheck() ? Stage::EvasionTt : Stage::QsTt;
    // Outside check, quiescence only tries a hash move that is itself a capture or promotion.
    const bool usable = ttMove_ != Move::none() && pos.isPseudoLegal(ttMove_) &&
                        (pos.inCheck() || pos.isCapture(ttMove_) || ttMove_.kind() == MoveKind::Promotion);
    if (!usable) {
        ttMove_ = Move::none();
        stage_ = static_cast<Stage>(static_cast<int>(stage_) + 1);
    }
}

MovePicker::Scored* MovePicker::generateInto(Scored* out, int kind) {
    Move buffer[MaxMoves];
    Move* last = kind == Captures ? generate<GenType::Captures>(pos_, buffer)
                 : kind == Quiets ? generate<GenType::Quiets>(pos_, buffer)
                                  : generate<GenType::Evasions>(pos_, buffer);
    for (Move* m = buffer; m != last; ++m) *out++ = {m->raw(), 0};
    return out;
}

void MovePicker::scoreCaptures(Scored* begin, Scored* end) {
    for (Scored* s = begin; s != end; ++s) {
        const Move m = s->move();
        const PieceType victim = m.kind() == MoveKind::EnPassant ? Pawn : typeOf(pos_.pieceOn(m.to()));
        const int promotion = m.kind() == MoveKind::Promotion ? SeeValue[m.promotion()] : 0;
        s->score = 8 * (SeeValue[victim] + promotion) - SeeValue[typeOf(pos_.pieceOn(m.from()))] / 32;
    }
}

void MovePicker::scoreQuiets(Scored* begin, Scored* end) {
    const Color us = pos_.sideToMove();
    for (Scored* s = begin; s != end; ++s) {
        const Move m = s->move();
        s->score = history_.score(us, m);
        if (continuation_) s->score += 2 * (*continuation_)[pos_.pieceOn(m.from())][m.to()];
    }
}

void MovePicker::scoreEvasions(Scored* begin, Scored* end) {
    const Color us = pos_.sideToMove();
    for (Scored* s = begin; s != end; ++s) {
        const Move m = s->move();
        if (pos_.isCapture(m)) {
            const PieceType victim = m.kind() == MoveKind::EnPassant ? Pawn : typeOf(pos_.pieceOn(m.to()));
            s->score = (1 << 20) + (SeeValue[victim] * 8 - SeeValue[typeOf(pos_.pieceOn(m.from()))] / 32);
        } else {
            s->score = history_.score(us, m);
        }
    }
}

// Selection sort step: cheap because the first few moves usually settle the node.
Move MovePicker::pickBest() {
    Scored* best = cur_;
    for (Scored* s = cur_ + 1; s < end_; ++s)
        if (s->score > best->score) best = s;
    std::swap(*best, *cur_);
    return (cur_++)->move();
}

bool MovePicker::isSpecial(Move m) const {
    return m == ttMove_ || m == killers_[0] || m == killers_[1] || m == counter_;
}

Move MovePicker::next(bool skipQuiets) {
    for (;;) {
        switch (stage_) {
            case Stage::MainTt:
            case Stage::EvasionTt:
            case Stage::QsTt:
                stage_ = static_cast<Stage>(static_cast<int>(stage_) + 1);
                return ttMove_;

            case Stage::GenCaptures:
            case Stage::QsGenCaptures:
                cur_ = badEnd_ = moves_;
                end_ = generateInto(moves_, Captures);
                scoreCaptures(cur_, end_);
                stage_ = static_cast<Stage>(static_cast<int>(stage_) + 1);
                break;

            case Stage::GoodCaptures:
                while (cur_ < end_) {
                    const Move m = pickBest();
                    if (m == ttMove_) continue;
                    // Captures losing material wait until after the quiet moves.
                    if (!seeAtLeast(pos_, m, -50)) {
                        *badEnd_++ = cur_[-1];
                        continue;
                    }
                    return m;
                }
                stage_ = Stage::Killer1;
                break;

            case Stage::Killer1:
            case Stage::Killer2:
            case Stage::Counter: {
                const Move m = stage_ == Stage::Killer1 ? killers_[0] : stage_ == Stage::Killer2 ? killers_[1] : counter_;
                const bool repeated = (stage_ == Stage::Killer2 && m == killers_[0]) ||
                                      (stage_ == Stage::Counter && (m == killers_[0] || m == killers_[1]));
                stage_ = static_cast<Stage>(static_cast<int>(stage_) + 1);
                if (!skipQuiets && m != Move::none() && m != ttMove_ && !repeated && !pos_.isCapture(m) &&
                    m.kind() != MoveKind::Promotion && pos_.isPseudoLegal(m))
                    return m;
                break;
            }

            case Stage::GenQuiets:
                if (skipQuiets) {
                    stage_ = Stage::BadCaptures;
                    cur_ = moves_;
                    end_ = badEnd_;
                    break;
                }
                cur_ = badEnd_;
                end_ = generateInto(badEnd_, Quiets);
                scoreQuiets(cur_, end_);
                stage_ = Stage::Quiets;
                break;

            case Stage::Quiets:
                while (!skipQuiets && cur_ < end_) {
                    const Move m = pickBest();
                    if (!isSpecial(m)) return m;
                }
                stage_ = Stage::BadCaptures;
                cur_ = moves_;
                end_ = badEnd_;
                break;

            case Stage::BadCaptures:
                while (cur_ < end_) {
                    const Move m = (cur_++)->move();
                    if (m != ttMove_) return m;
                }
                stage_ = Stage::Done;
                break;

            case Stage::GenEvasions:
                cur_ = moves_;
                end_ = generateInto(moves_, Evasions);
                scoreEvasions(cur_, end_);
                stage_ = Stage::Evasions;
                break;

            case Stage::Evasions:
                while (cur_ < end_) {
                    const Move m = pickBest();
                    if (m != ttMove_) return m;
                }
                stage_ = Stage::Done;
                break;

            case Stage::QsCaptures:
                while (cur_ < end_) {
                    const Move m = pickBest();
                    if (m != ttMove_) return m;
                }
                stage_ = quietChecks_ ? Stage::QsGenChecks : Stage::Done;
                break;

            case Stage::QsGenChecks:
                cur_ = moves_;
                end_ = generateInto(moves_, Quiets);
                stage_ = Stage::QsChecks;
                break;

            case Stage::QsChecks:
                while (cur_ < end_) {
                    const Move m = (cur_++)->move();
                    if (m != ttMove_ && pos_.givesCheck(m)) return m;
                }
                stage_ = Stage::Done;
                break;

            case Stage::Done:
                return Move::none();
        }
    }
}

}  // namespace mf
