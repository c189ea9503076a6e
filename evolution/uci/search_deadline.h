#pragma once
// When a search has run too long. A movetime search ends by the clock: limit + grace; a game-clock
// search likewise, with the mover's time left as the limit (a later bestmove is a loss on time). A depth or
// nodes search ends when the engine decides, so an engine that ignores the limit (Toga II under
// `go nodes`) or hangs would be waited for forever; its deadline comes from what the engine has
// shown of its speed on this process:
//   nodes N: max(floor, speedFactor x N / the slowest nodes-per-second seen)
//   depth D: max(floor, depthFactor x the slowest completed search at depth >= D)
// Before anything is measured (the first search of a process, unless the probe's speed was
// handed over in EngineTimeouts::knownNodesPerSecond) the deadline is `unmeasuredSearch`. A user
// setting (EngineTimeouts::searchTimeout) replaces the rule for both.
// docs/talking-to-engines.md documents the same rule.

#include <chrono>
#include <map>
#include <optional>
#include <string>

#include "evolution/uci/search_types.h"

namespace mf::uci {

struct EngineTimeouts;

// What one process has shown of its speed. Samples come from completed searches of at least
// kMinSampleMs (shorter ones measure the harness, not the engine).
class SpeedRecord {
public:
    static constexpr std::int64_t kMinSampleMs = 20;

    void record(const SearchLimit& limit, const SearchResult& result);
    // The slowest nodes per second seen (the safe side for a deadline), if any.
    std::optional<double> nodesPerSecond() const { return slowestNps_; }
    // The longest think time of a completed depth search at `depth` or deeper, if any.
    std::optional<std::chrono::milliseconds> slowestAtDepth(int depth) const;

private:
    std::optional<double> slowestNps_;
    std::map<int, std::chrono::milliseconds> slowestByDepth_;
};

struct SearchDeadline {
    std::chrono::milliseconds budget{0};  // from "go" to the moment "stop" is sent
    std::string rule;                     // how it was found, for the failure message
};

SearchDeadline searchDeadline(const SearchLimit& limit, const EngineTimeouts& timeouts, const SpeedRecord& speed);

// "1.25 M nodes/s", "830 k nodes/s"
std::string formatNodesPerSecond(double nps);

}  // namespace mf::uci
