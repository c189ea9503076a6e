#include "evolution/dataset/quiet_filter.h"

#include "engine/movegen.h"
#include "engine/position_scoring.h"

namespace mf::dataset {

std::string_view toString(Quietness q) {
    switch (q) {
        case Quietness::Quiet: return "quiet";
        case Quietness::InCheck: return "in check";
        case Quietness::Tactical: return "capture pending";
        case Quietness::NoMove: return "no legal move";
    }
    return "?";
}

Quietness judgeQuietness(const Position& pos, const EvalParams& params) {
    if (pos.inCheck()) return Quietness::InCheck;
    if (countLegalMoves(pos) == 0) return Quietness::NoMove;
    const QuiescenceResult q = quiescenceScore(pos, params);
    if (q.scoreWhite == staticScoreWhite(pos, params)) return Quietness::Quiet;
    if (q.bestMove != Move::none() && !pos.isCapture(q.bestMove)) return Quietness::Quiet;
    return Quietness::Tactical;
}

}  // namespace mf::dataset
