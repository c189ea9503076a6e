// One byte per table entry: the result for the side to move with its distance to mate in plies.
//
// A decided entry holds dtm + 1; the parity of dtm says who wins (odd: the side to move mates in
// dtm plies, even: it is mated in dtm plies, 0 = it is mated now). Draws and the layout's holes
// have their own codes; Unknown exists only while a table is being generated.
#pragma once

#include <cstdint>

namespace mf::tb {

using Value = std::uint8_t;

namespace value {

constexpr Value Unknown = 0;
constexpr Value Draw = 254;
constexpr Value Invalid = 255;
constexpr int MaxDtm = 252;

constexpr Value fromDtm(int plies) { return Value(plies + 1); }
constexpr bool isDecided(Value v) { return v != Unknown && v < Draw; }
constexpr int dtm(Value v) { return int(v) - 1; }
constexpr bool isWin(Value v) { return isDecided(v) && (dtm(v) & 1); }
constexpr bool isLoss(Value v) { return isDecided(v) && !(dtm(v) & 1); }

// The value of a position whose only move leads to a position of value v (seen from the other side).
constexpr Value throughMove(Value child) {
    return isDecided(child) ? fromDtm(dtm(child) + 1) : child;
}

// True when a is better than b for the side to move: the fastest win, then a draw, then the
// longest loss.
constexpr bool better(Value a, Value b) {
    auto rank = [](Value v) -> int {
        if (isWin(v)) return 1000 - dtm(v);
        if (isLoss(v)) return -1000 + dtm(v);
        return 0;
    };
    return rank(a) > rank(b);
}

} // namespace value

enum class Wdl : std::int8_t { Loss = -1, Draw = 0, Win = 1 };

// A probe result from the side to move's point of view; dtm in plies, 0 for draws.
struct ProbeResult {
    Wdl wdl = Wdl::Draw;
    int dtm = 0;

    bool operator==(const ProbeResult&) const = default;
};

constexpr ProbeResult toProbeResult(Value v) {
    if (value::isWin(v)) return {Wdl::Win, value::dtm(v)};
    if (value::isLoss(v)) return {Wdl::Loss, value::dtm(v)};
    return {Wdl::Draw, 0};
}

} // namespace mf::tb
