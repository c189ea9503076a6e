#pragma once
// What `go` asks for, parsed from the command's arguments. Parsing is a pure function so tests can
// feed it any text; unknown or malformed tokens are reported as warnings and otherwise ignored
// (a GUI's garbage must never stop the engine from answering `bestmove`).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf {

struct SearchLimits {
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<std::int64_t> movetimeMs;
    std::optional<int> mate;  // find a mate in at most this many moves
    std::optional<std::int64_t> time[2];  // wtime, btime
    std::int64_t increment[2] = {0, 0};   // winc, binc
    std::optional<int> movesToGo;
    bool infinite = false;
    std::vector<std::string> searchMoves;  // UCI move texts, resolved against the position by the caller

    bool usesClock() const { return time[0] || time[1]; }
};

struct ParsedGo {
    SearchLimits limits;
    std::vector<std::string> warnings;  // one per ignored token, saying why
};

// `args` is everything after "go".
ParsedGo parseGo(std::string_view args);

}  // namespace mf
