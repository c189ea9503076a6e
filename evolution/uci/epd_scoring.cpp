#include "evolution/uci/epd_scoring.h"

#include <algorithm>

namespace mf::uci {

double settleFraction(const SearchResult& result, const SearchLimit& limit) {
    if (limit.value <= 0) return 1.0;
    double s = 0;
    switch (limit.kind) {
        case SearchLimit::Kind::MoveTime:
        case SearchLimit::Kind::Clock: s = double(result.settled.timeMs); break;
        case SearchLimit::Kind::Depth: s = double(result.settled.depth); break;
        case SearchLimit::Kind::Nodes: s = double(result.settled.nodes); break;
    }
    return std::clamp(s / double(limit.value), 0.0, 1.0);
}

PositionScore scorePosition(const SuitePosition& position, const SearchResult& result, const SearchLimit& limit,
                            const PrizeRule& rule) {
    PositionScore out;
    if (result.status != SearchStatus::Completed) return out;
    out.scored = true;
    const std::string& played = result.bestMove;
    auto contains = [&](const std::vector<std::string>& moves) {
        return std::find(moves.begin(), moves.end(), played) != moves.end();
    };
    if (auto it = position.points.find(played); it != position.points.end()) out.points = it->second;
    if (!position.best.empty() || !position.avoid.empty()) {
        out.solved = (position.best.empty() || contains(position.best)) && !contains(position.avoid);
    } else {
        out.solved = out.points > 0 && out.points == position.maxPoints();
    }
    out.settleFraction = settleFraction(result, limit);
    if (out.solved) out.score = 1.0 + rule.prize * (1.0 - out.settleFraction);
    return out;
}

}  // namespace mf::uci
