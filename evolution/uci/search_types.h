#pragma once
// The vocabulary shared by every search service: what a caller asks for and what comes back.
// Plain values so they can cross threads, and later the wire to an MPI worker.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "evolution/uci/uci_protocol.h"

namespace mf::uci {

struct SearchLimit {
    // Clock: a game clock ("go wtime btime winc binc [movestogo]"); `value` is the mover's own
    // time left in milliseconds, which bounds the search like a movetime (plus the grace) before
    // a hang. movestogo: the mover's moves left in the period of a "40/10" control, 0 when none.
    enum class Kind { MoveTime, Depth, Nodes, Clock };
    Kind kind = Kind::MoveTime;
    std::int64_t value = 100;  // milliseconds, plies or nodes
    std::int64_t wtime = 0, btime = 0, winc = 0, binc = 0;  // Clock only, milliseconds
    std::int64_t movestogo = 0;                             // Clock only

    static SearchLimit of(Kind kind, std::int64_t value) {
        SearchLimit limit;
        limit.kind = kind;
        limit.value = value;
        return limit;
    }
    static SearchLimit moveTime(std::int64_t ms) { return of(Kind::MoveTime, ms); }
    static SearchLimit depth(std::int64_t plies) { return of(Kind::Depth, plies); }
    static SearchLimit nodes(std::int64_t count) { return of(Kind::Nodes, count); }
    static SearchLimit clock(bool whiteToMove, std::int64_t wtimeMs, std::int64_t btimeMs, std::int64_t wincMs,
                             std::int64_t bincMs, std::int64_t movesToGo = 0) {
        SearchLimit limit = of(Kind::Clock, whiteToMove ? wtimeMs : btimeMs);
        limit.movestogo = movesToGo;
        limit.wtime = wtimeMs;
        limit.btime = btimeMs;
        limit.winc = wincMs;
        limit.binc = bincMs;
        return limit;
    }
    std::string goCommand() const;    // "go movetime 100"
    std::string describe() const;     // "movetime 100 ms"
    friend bool operator==(const SearchLimit&, const SearchLimit&) = default;
};

// A nodes search "breaks" its limit when the engine reports more than kLimitBreakFactor times
// the nodes asked (it ignores `go nodes`: Toga II reports millions for 3000) or fewer than the
// limit divided by it (it stops far too early: Ethereal 12 reports 5 for 3000). Judged from the
// nodes the engine reports, never from timings, so the verdict holds on a loaded machine.
inline constexpr double kLimitBreakFactor = 10.0;
enum class LimitBreak { None, Above, Below };
// None for other limit kinds and when the engine reported no nodes (0).
LimitBreak nodesLimitBreak(const SearchLimit& limit, std::int64_t reportedNodes);

// Ordered name/value pairs sent as setoption; names are matched case-insensitively, as UCI says.
using OptionValues = std::vector<std::pair<std::string, std::string>>;

struct SearchRequest {
    std::uint64_t id = 0;             // chosen by the caller, echoed in the result
    std::string fen;                  // start position (FEN, or the 4 EPD position fields)
    std::vector<std::string> moves;   // optional UCI moves played from it
    SearchLimit limit;
    OptionValues options;             // the engine options this search runs with
    // Send "ucinewgame" before this search whatever EngineConfig::newGame says: a game runner
    // sets it on a game's first search, so a game never sees the hash of the one before.
    bool newGame = false;
};

enum class SearchStatus {
    Completed,  // the engine played a legal move within its limit
    Failed,     // a fault survived one retry, or the search passed its deadline or had no move; see failure
    Cancelled,  // the caller stopped it; never scored
};
std::string_view toString(SearchStatus status);

// The point of the search from which the engine kept the move it finally played, read from its
// info lines (the first line of the last unbroken run of principal variations starting with the
// best move). When the engine never showed that move in a pv, it is the end of the search.
struct SettlePoint {
    std::int64_t timeMs = 0;
    int depth = 0;
    std::int64_t nodes = 0;
    bool fromInfo = false;  // false: no info line showed the final move
};

// What kind of fault made a search Failed, for callers that treat some kinds apart (a game
// runner forfeits the side whose engine said it has no move, or passed its deadline).
enum class SearchFault {
    None,          // not failed, or failed for a bad request (an invalid option)
    PastDeadline,  // no bestmove by the deadline (search_deadline.h); never retried
    NoMove,        // "bestmove (none)", "bestmove 0000" or an empty bestmove while moves are legal
    Engine,        // crash, exit, illegal move, garbage, no handshake: failed again after one retry
};
std::string_view toString(SearchFault fault);

struct SearchResult {
    std::uint64_t id = 0;
    SearchStatus status = SearchStatus::Failed;
    SearchFault fault = SearchFault::None;
    std::string failure;          // why, when Failed (both attempts' reasons)
    int attempts = 0;             // 1, or 2 after a retry on a fresh process
    std::string bestMove;         // UCI notation
    std::string ponder;
    std::optional<Score> score;   // of the last multipv-1 line
    int depth = 0;
    int seldepth = 0;
    std::int64_t nodes = 0;
    std::int64_t engineTimeMs = 0;               // the engine's own last "time"
    std::chrono::nanoseconds thinkTime{0};      // measured: "go" sent -> "bestmove" read
    SettlePoint settled;
    std::vector<InfoLine> lines;  // the last info line with a pv of each multipv index (1 first)
};

}  // namespace mf::uci
