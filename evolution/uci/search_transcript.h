#pragma once
// Reads the info lines of one search, in order, and sums them up when the bestmove arrives:
// final score/depth/nodes, the last pv of each multipv index, and the settle point (when the
// engine first chose the move it kept). Pure: the session hands it lines and elapsed times, the
// tests hand it recorded engine output.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "evolution/uci/search_types.h"

namespace mf::uci {

class SearchTranscript {
public:
    // `elapsedMs` is the harness clock since "go", used where the engine's line has no "time".
    void add(const InfoLine& info, std::int64_t elapsedMs);

    // Fills score, depth, seldepth, nodes, engineTimeMs, settled and lines of `result` for the
    // move finally played. `elapsedMs` is the harness clock at the bestmove.
    void finish(const std::string& bestMove, std::int64_t elapsedMs, SearchResult& result) const;

private:
    struct Point {
        std::int64_t timeMs = 0;
        int depth = 0;
        std::int64_t nodes = 0;
    };
    Point current_;               // latest known time/depth/nodes from any line
    std::optional<std::string> lastFirstMove_;  // pv[0] of the latest multipv-1 line
    Point runStart_;              // where the current run of that first move began
    std::optional<Score> score_;
    int pvDepth_ = 0;
    int seldepth_ = 0;
    std::optional<std::int64_t> engineTime_;
    std::vector<InfoLine> lines_;  // index multipv-1
};

}  // namespace mf::uci
