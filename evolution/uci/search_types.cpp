#include "evolution/uci/search_types.h"

namespace mf::uci {

std::string SearchLimit::goCommand() const {
    switch (kind) {
        case Kind::MoveTime: return "go movetime " + std::to_string(value);
        case Kind::Depth: return "go depth " + std::to_string(value);
        case Kind::Nodes: return "go nodes " + std::to_string(value);
        case Kind::Clock:
            return "go wtime " + std::to_string(wtime) + " btime " + std::to_string(btime) + " winc " +
                   std::to_string(winc) + " binc " + std::to_string(binc);
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

std::string_view toString(SearchStatus status) {
    switch (status) {
        case SearchStatus::Completed: return "completed";
        case SearchStatus::Failed: return "failed";
        case SearchStatus::Cancelled: return "cancelled";
    }
    return "?";
}

}  // namespace mf::uci
