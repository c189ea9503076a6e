#include "evolution/uci/search_transcript.h"

#include <algorithm>

namespace mf::uci {

void SearchTranscript::add(const InfoLine& info, std::int64_t elapsedMs) {
    // A line without a field inherits the latest known value: Toga II prints "info depth 9"
    // alone before the pv lines of depth 9, Glaurung's last line carries nodes and time only.
    if (info.timeMs) {
        current_.timeMs = *info.timeMs;
        engineTime_ = *info.timeMs;
    } else {
        current_.timeMs = std::max(current_.timeMs, elapsedMs);
    }
    if (info.depth) current_.depth = *info.depth;
    if (info.nodes) current_.nodes = *info.nodes;
    if (info.seldepth) seldepth_ = *info.seldepth;
    if (info.pv.empty()) return;

    // The index comes from the engine: a nonsense value must not make us allocate without bound.
    constexpr int MaxMultiPv = 256;  // UCI engines offer at most a few hundred lines
    int multipv = info.multipv.value_or(1);
    if (multipv < 1 || multipv > MaxMultiPv) return;
    if (lines_.size() < static_cast<std::size_t>(multipv)) lines_.resize(static_cast<std::size_t>(multipv));
    lines_[static_cast<std::size_t>(multipv - 1)] = info;
    if (multipv != 1) return;

    if (info.score) score_ = info.score;
    pvDepth_ = current_.depth;
    if (!lastFirstMove_ || *lastFirstMove_ != info.pv.front()) {
        lastFirstMove_ = info.pv.front();
        runStart_ = current_;
    }
}

void SearchTranscript::finish(const std::string& bestMove, std::int64_t elapsedMs, SearchResult& result) const {
    result.score = score_;
    result.depth = pvDepth_ > 0 ? pvDepth_ : current_.depth;
    result.seldepth = seldepth_;
    result.nodes = current_.nodes;
    result.engineTimeMs = engineTime_.value_or(elapsedMs);
    result.lines = lines_;
    // Drop multipv slots the engine never filled (an engine may skip indexes).
    std::erase_if(result.lines, [](const InfoLine& line) { return line.pv.empty(); });
    if (lastFirstMove_ && *lastFirstMove_ == bestMove) {
        result.settled = SettlePoint{runStart_.timeMs, runStart_.depth, runStart_.nodes, true};
    } else {
        // The engine never showed the move it played as its main line (or changed its mind after
        // the last line): it settled at the very end.
        result.settled = SettlePoint{std::max(result.engineTimeMs, elapsedMs), result.depth, result.nodes, false};
    }
}

}  // namespace mf::uci
