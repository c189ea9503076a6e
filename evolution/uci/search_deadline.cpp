#include "evolution/uci/search_deadline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "evolution/uci/engine_config.h"

namespace mf::uci {
namespace {

using std::chrono::milliseconds;

std::string ms(milliseconds value) { return std::to_string(value.count()) + " ms"; }

std::string factorText(double factor) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", factor);
    return buffer;
}

}  // namespace

void SpeedRecord::record(const SearchLimit& limit, const SearchResult& result) {
    if (result.status != SearchStatus::Completed) return;
    const auto thinkMs = std::chrono::duration_cast<milliseconds>(result.thinkTime);
    if (limit.kind == SearchLimit::Kind::Depth) {
        auto& slowest = slowestByDepth_[static_cast<int>(limit.value)];
        slowest = std::max(slowest, thinkMs);
    }
    if (thinkMs.count() < kMinSampleMs || result.nodes <= 0) return;
    const double nps = static_cast<double>(result.nodes) * 1000.0 / static_cast<double>(thinkMs.count());
    slowestNps_ = slowestNps_ ? std::min(*slowestNps_, nps) : nps;
}

std::optional<milliseconds> SpeedRecord::slowestAtDepth(int depth) const {
    std::optional<milliseconds> slowest;
    for (auto it = slowestByDepth_.lower_bound(depth); it != slowestByDepth_.end(); ++it)
        slowest = slowest ? std::max(*slowest, it->second) : it->second;
    return slowest;
}

std::string formatNodesPerSecond(double nps) {
    char buffer[48];
    if (nps >= 1e6) std::snprintf(buffer, sizeof buffer, "%.2f M nodes/s", nps / 1e6);
    else if (nps >= 1e3) std::snprintf(buffer, sizeof buffer, "%.0f k nodes/s", nps / 1e3);
    else std::snprintf(buffer, sizeof buffer, "%.0f nodes/s", nps);
    return buffer;
}

SearchDeadline searchDeadline(const SearchLimit& limit, const EngineTimeouts& timeouts, const SpeedRecord& speed) {
    // A move time, or a game clock whose `value` is the mover's time left: never longer than that.
    if (limit.kind == SearchLimit::Kind::MoveTime || limit.kind == SearchLimit::Kind::Clock) {
        milliseconds budget = milliseconds(limit.value) + timeouts.searchGrace;
        return {budget, limit.describe() + " + grace " + ms(timeouts.searchGrace)};
    }
    if (timeouts.searchTimeout) return {*timeouts.searchTimeout, "the search timeout setting"};
    const std::string floorText = ", at least " + ms(timeouts.searchFloor);
    if (limit.kind == SearchLimit::Kind::Nodes) {
        std::optional<double> nps = speed.nodesPerSecond();
        if (timeouts.knownNodesPerSecond > 0) nps = nps ? std::min(*nps, timeouts.knownNodesPerSecond) : timeouts.knownNodesPerSecond;
        if (!nps) return {timeouts.unmeasuredSearch, "the engine's speed is not measured yet"};
        const double seconds = timeouts.speedFactor * static_cast<double>(limit.value) / *nps;
        const auto derived = milliseconds(static_cast<std::int64_t>(std::ceil(seconds * 1000.0)));
        return {std::max(timeouts.searchFloor, derived),
                factorText(timeouts.speedFactor) + " x the time for " + std::to_string(limit.value) + " nodes at " +
                    formatNodesPerSecond(*nps) + floorText};
    }
    auto slowest = speed.slowestAtDepth(static_cast<int>(limit.value));
    if (!slowest) return {timeouts.unmeasuredSearch, "no depth " + std::to_string(limit.value) + " search measured yet"};
    const auto derived = milliseconds(static_cast<std::int64_t>(std::ceil(timeouts.depthFactor * static_cast<double>(slowest->count()))));
    return {std::max(timeouts.searchFloor, derived),
            factorText(timeouts.depthFactor) + " x the slowest depth " + std::to_string(limit.value) + " search so far (" +
                ms(*slowest) + ")" + floorText};
}

}  // namespace mf::uci
