#pragma once
// How to start and supervise one engine: its command, the options it always runs with, and the
// named timeouts after which a silent engine counts as faulty.

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "evolution/uci/engine_process.h"
#include "evolution/uci/search_types.h"

namespace mf::uci {

struct EngineTimeouts {
    std::chrono::milliseconds startup{10'000};   // "uci" -> "uciok"
    std::chrono::milliseconds ping{5'000};       // "isready" -> "readyok"; also "stop" -> "bestmove"
    std::chrono::milliseconds searchGrace{2'000};  // movetime searches: limit + grace before a hang
    std::chrono::milliseconds unboundedSearch{600'000};  // depth/nodes searches have no time limit
    std::chrono::milliseconds quit{300};         // "quit" -> exit before the kill
};

// Says why `move` is not a legal answer to `request`, or std::nullopt when it is. The default
// (legalMoveCheck) replays the position with the engine library.
using MoveCheck = std::function<std::optional<std::string>(const SearchRequest& request, std::string_view move)>;
std::optional<std::string> legalMoveCheck(const SearchRequest& request, std::string_view move);

struct EngineConfig {
    EngineCommand command;
    OptionValues startOptions;  // sent after every start (Hash, Threads, OwnBook false, ...)
    EngineTimeouts timeouts;
    // Lines that are neither info nor bestmove during one search before the engine counts as
    // flooding garbage (real engines print a handful at most).
    int maxNoiseLines = 2'000;
    MoveCheck moveCheck = legalMoveCheck;
    // "ucinewgame" before every search, so no result depends on what the process searched
    // before (hash, histories). It costs the engine a few milliseconds (Stockfish clears its
    // hash: 5-12 ms at Hash 16); switch it off only where order-dependence does not matter.
    bool newGamePerSearch = true;
};

}  // namespace mf::uci
