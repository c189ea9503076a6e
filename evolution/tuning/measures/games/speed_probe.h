#pragma once
// What a candidate's nodes cost. At a node limit a dearer node is free: a candidate that prunes
// less or evaluates more plays stronger at 2000 nodes and weaker at a clock. So every games run
// measures each side's speed before its pair: nodes a second with its values over nodes a second
// with the run's start values, searched on the side's own engine, the start's four positions and
// then the side's, within milliseconds, so that what the machine's load takes from one it takes
// from the other. With the speed charge (GamesSettings::chargeSpeed) a node-limited pair
// gives each side the node limit times its ratio: a node limit then plays like a clock, without a
// clock's noise.

#include <chrono>
#include <cstdint>
#include <optional>
#include <stop_token>

#include "evolution/match/game_types.h"
#include "evolution/uci/engine_session.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

// What a pair's players do about speed, set by the games plan (GamesWork::speed).
struct SpeedProbe {
    bool measure = false;        // measure the sides' speed ratios before the pair
    bool charge = false;         // node limit: each side gets the limit times its ratio
    bool sideBIsTuned = true;    // side B plays on the tuned engine (not another engine)
    uci::OptionValues start;     // the run's start values as engine options
};

// The searches a speed probe runs: the run's own node limit or depth (a node's cost at the
// run's size), else depth 6 (the speed is nodes over time either way).
uci::SearchLimit probeLimit(const match::GameLimits& limits);

// Nodes a second of `options` over those of `start`, on `session`; 1 when they are the same.
// Nothing when the engine reports no nodes, a search fails or a stop request comes.
// `spent` gains the engine's think time over the probe's searches (engine work the run asked for).
std::optional<double> measureSpeedRatio(uci::EngineSession& session, const uci::OptionValues& options,
                                        const uci::OptionValues& start, const uci::SearchLimit& limit,
                                        std::chrono::nanoseconds& spent, std::stop_token stop = {});

// The node limit of a side whose speed ratio is `ratio`: the limit times it, at least 1.
std::int64_t chargedNodes(std::int64_t nodes, double ratio);

}  // namespace mf::tuning
