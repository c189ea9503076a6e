#include "evolution/uci/search_types.h"

namespace mf::uci {

std::string SearchLimit::goCommand() const {
    switch (kind) {
        case Kind::MoveTime: return "go movetime " + std::to_string(value);
        case Kind::Depth: return "go depth " + std::to_string(value);
        case Kind::Nodes: return "go nodes " + std::to_string(value);
        case Kind::Clock:
            return "go wtime " + std::to_string(wtime) + " btime " + std::to_string(btime) + " winc " +
                   std::to_string(winc) + " binc " + std::to_string(binc) +
                   (movestogo > 0 ? " movestogo " + std::to_string(movestogo) : "");
    }
    return "go";
}

std::string SearchLimit::describe() const {
    switch (kind) {
        case Kind::MoveTime: return "movetime " + std::to_string(value) + " ms";
        case Kind::Depth: return "depth " + std::to_string(value);
        case Kind::Nodes: return "nodes " + std::to_string(value);
        case Kind::Clock: return "clock " + std::to_string(value) + " ms left";
    }
    return "?";
}

LimitBreak nodesLimitBreak(const SearchLimit& limit, std::int64_t reportedNodes) {
    if (limit.kind != SearchLimit::Kind::Nodes || reportedNodes <= 0 || limit.value <= 0) return LimitBreak::None;
    const double ratio = static_cast<double>(reportedNodes) / static_cast<double>(limit.value);
    if (ratio > kLimitBreakFactor) return LimitBreak::Above;
    if (ratio < 1.0 / kLimitBreakFactor) return LimitBreak::Below;
    return LimitBreak::None;
}

std::string_view toString(SearchStatus status) {
    switch (status) {
        case SearchStatus::Completed: return "completed";
        case SearchStatus::Failed: return "failed";
        case SearchStatus::Cancelled: return "cancelled";
    }
    return "?";
}

std::string_view toString(SearchFault fault) {
    switch (fault) {
        case SearchFault::None: return "none";
        case SearchFault::PastDeadline: return "past its deadline";
        case SearchFault::NoMove: return "no move";
        case SearchFault::Engine: return "engine fault";
    }
    return "?";
}

}  // namespace mf::uci
