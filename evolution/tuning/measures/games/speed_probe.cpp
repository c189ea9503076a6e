#include "evolution/tuning/measures/games/speed_probe.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>

namespace mf::tuning {

namespace {

// Positions of a game's three phases: the start, an open Sicilian, a Queen's Gambit Declined and
// a rook ending. Fixed, so that every candidate of every run is timed on the same searches.
constexpr std::array<const char*, 4> kProbePositions{
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pp2pppp/2np1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 2 6",
    "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2N1P3/PP3PPP/R2QKBNR w KQ - 0 7",
    "8/5pk1/6p1/8/3R4/6P1/5PK1/2r5 w - - 0 40",
};

// The probe's depth at a clock or a movetime: a few milliseconds a search for Glaurung 2.2 and
// Toga II 3.0 (17 and 8 ms), where a short movetime is not: Glaurung answers "go movetime 10"
// after 94 ms. Every engine of ENGINES.md honours a depth.
constexpr std::int64_t kProbeDepth = 6;

struct Tally {
    std::int64_t nodes = 0;
    std::chrono::nanoseconds time{0};
    double perSecond() const {
        const double seconds = std::chrono::duration<double>(time).count();
        return seconds > 0.0 ? static_cast<double>(nodes) / seconds : 0.0;
    }
};

// One search from a fresh game (no hash from the one before); false when it gave no speed.
bool timeOne(uci::EngineSession& session, const char* fen, const uci::OptionValues& options,
             const uci::SearchLimit& limit, std::stop_token stop, Tally& tally) {
    uci::SearchRequest request;
    request.fen = fen;
    request.limit = limit;
    request.options = options;
    request.newGame = true;
    const uci::SearchResult result = session.search(request, stop);
    if (result.status != uci::SearchStatus::Completed || result.nodes <= 0) return false;
    tally.nodes += result.nodes;
    tally.time += result.thinkTime;
    return true;
}

}  // namespace

uci::SearchLimit probeLimit(const match::GameLimits& limits) {
    switch (limits.kind) {
        case match::GameLimits::Kind::Nodes: return uci::SearchLimit::nodes(limits.value);
        case match::GameLimits::Kind::Depth: return uci::SearchLimit::depth(limits.value);
        case match::GameLimits::Kind::MoveTime:
        case match::GameLimits::Kind::Clock: break;
    }
    return uci::SearchLimit::depth(kProbeDepth);
}

std::optional<double> measureSpeedRatio(uci::EngineSession& session, const uci::OptionValues& options,
                                        const uci::OptionValues& start, const uci::SearchLimit& limit,
                                        std::chrono::nanoseconds& spent, std::stop_token stop) {
    if (options == start) return 1.0;
    Tally side, reference;
    struct Spent {  // counted however the probe ends
        const Tally& a;
        const Tally& b;
        std::chrono::nanoseconds& out;
        ~Spent() { out += a.time + b.time; }
    } count{side, reference, spent};
    // The start's searches first, then the side's, which the pair's games then keep: a session
    // that starts a fresh process at every change of values (the default; Glaurung 2.2 takes
    // 0.3 s to start) starts one more process for the probe, not one a search. The two blocks
    // follow each other within milliseconds, so a change of the machine's load falls on both.
    for (const char* fen : kProbePositions)
        if (!timeOne(session, fen, start, limit, stop, reference)) return std::nullopt;
    for (const char* fen : kProbePositions)
        if (!timeOne(session, fen, options, limit, stop, side)) return std::nullopt;
    const double startSpeed = reference.perSecond();
    if (startSpeed <= 0.0 || side.perSecond() <= 0.0) return std::nullopt;
    return side.perSecond() / startSpeed;
}

std::int64_t chargedNodes(std::int64_t nodes, double ratio) {
    if (!(ratio > 0.0) || !std::isfinite(ratio)) return nodes;
    return std::max<std::int64_t>(1, std::llround(static_cast<double>(nodes) * ratio));
}

}  // namespace mf::tuning
