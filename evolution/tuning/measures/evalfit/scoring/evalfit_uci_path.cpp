#include "evolution/tuning/measures/evalfit/scoring/evalfit_uci_path.h"

namespace mf::dataset {

bool whiteToMoveInFen(const std::string& fen) {
    const std::size_t space = fen.find(' ');
    return space == std::string::npos || fen.compare(space + 1, 1, "w") == 0;
}

CandidateScores scoreThroughUci(uci::EngineSession& session, const std::vector<std::string>& fens, std::size_t first,
                                std::size_t count, const uci::OptionValues& options, const uci::SearchLimit& limit,
                                std::stop_token stop) {
    CandidateScores out;
    out.q.reserve(count);
    uci::SearchRequest request;
    request.limit = limit;
    request.options = options;
    for (std::size_t i = first; i < first + count; ++i) {
        request.id = i;
        request.fen = fens[i];
        const uci::SearchResult r = session.search(request, stop);
        if (r.status != uci::SearchStatus::Completed || !r.score) {
            out.q.clear();
            out.failure = r.status == uci::SearchStatus::Cancelled ? std::string("cancelled")
                          : "position " + std::to_string(i + 1) + ": " +
                                (r.status == uci::SearchStatus::Completed ? std::string("no score in the engine's info lines")
                                                                          : r.failure);
            return out;
        }
        const int mover = scoreToCentipawns(*r.score);
        out.q.push_back(whiteToMoveInFen(fens[i]) ? mover : -mover);
    }
    return out;
}

}  // namespace mf::dataset
