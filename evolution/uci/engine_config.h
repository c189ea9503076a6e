#pragma once
// How to start and supervise one engine: its command, the options it always runs with, and the
// named timeouts after which a silent engine counts as faulty.

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "evolution/uci/engine_process.h"
#include "evolution/uci/search_types.h"

namespace mf::uci {

// Every search has a deadline (search_deadline.h has the rule). Past it the session sends
// "stop", waits `stopGrace` for the bestmove (else kills the process) and the search is Failed
// (SearchFault::PastDeadline), never retried and never scored.
struct EngineTimeouts {
    std::chrono::milliseconds startup{10'000};   // "uci" -> "uciok"
    std::chrono::milliseconds ping{5'000};       // "isready" -> "readyok"; also "stop" -> "bestmove" on cancel
    std::chrono::milliseconds searchGrace{2'000};  // movetime searches: limit + grace before the deadline
    // Depth and nodes searches: derived from the engine's measured speed...
    double speedFactor = 20.0;                   // nodes: x the time N nodes take at the slowest speed seen
    double depthFactor = 50.0;                   // depth: x the slowest search to that depth seen
    std::chrono::milliseconds searchFloor{3'000};  // never less than this
    std::chrono::milliseconds unmeasuredSearch{60'000};  // before any speed is measured
    double knownNodesPerSecond = 0.0;            // a speed measured elsewhere (the probe); 0: none
    // ...or fixed by the user (matefind-cli --search-timeout): replaces the rule when set.
    std::optional<std::chrono::milliseconds> searchTimeout;
    std::chrono::milliseconds stopGrace{1'000};  // past the deadline: "stop" -> "bestmove" before the kill
    std::chrono::milliseconds quit{300};         // "quit" -> exit before the kill
};

// Says why `move` is not a legal answer to `request`, or std::nullopt when it is. The default
// (legalMoveCheck) replays the position with the engine library.
using MoveCheck = std::function<std::optional<std::string>(const SearchRequest& request, std::string_view move)>;
std::optional<std::string> legalMoveCheck(const SearchRequest& request, std::string_view move);

// One line of an engine's conversation, handed to a LineTap as it is written or read (Note: an
// event of the harness itself, e.g. a kill after a fault). `worker` is the pool's worker index.
enum class LineDirection { Sent, Received, Note };
using LineTap = std::function<void(std::size_t worker, LineDirection direction, std::string_view line)>;

// When "ucinewgame" (+ "isready") precedes a search.
enum class NewGamePolicy {
    EverySearch,          // always: no result depends on what the process searched before
    DeterministicLimits,  // depth and nodes searches only (see below)
    Never,
};

struct EngineConfig {
    EngineCommand command;
    OptionValues startOptions;  // sent after every start (Hash, Threads, OwnBook false, ...)
    EngineTimeouts timeouts;
    // Lines that are neither info nor bestmove during one search before the engine counts as
    // flooding garbage (real engines print a handful at most).
    int maxNoiseLines = 2'000;
    MoveCheck moveCheck = legalMoveCheck;
    // "ucinewgame" makes a result independent of what the process searched before (hash,
    // histories). It costs the engine a few milliseconds per search (Stockfish clears its hash:
    // 5-12 ms at Hash 16, a quarter of a 50 ms search). Depth and nodes searches need it: their
    // results are cached and must be reproducible whatever the order. A movetime search is not
    // reproducible anyway (the clock decides where it stops), so by default it runs on the warm
    // process; the hash may then hold entries of earlier searches (other positions, or the same
    // position under other option values), which is one more source of the noise time-mode
    // fitness has by nature. EverySearch restores strict order-independence for time limits too.
    NewGamePolicy newGame = NewGamePolicy::DeterministicLimits;
    // "isready" after "ucinewgame", as UCI asks, so the engine's reset (hash clearing, the bundled
    // engine's look for new endgame tables) is not counted as thinking time: the think time is
    // what harness efficiency and search deadlines are made of. Off for work that counts no
    // thinking time and starts a new game every search (evalfit's uci path): the new game then
    // goes out in the same write as the search.
    bool syncAfterNewGame = true;
    // A new process whenever a search or exchange would change an option the running process has
    // already worked with. "ucinewgame" clears what UCI says it clears (hash, histories), but an
    // engine may keep more: Toga II 3.0 keeps evaluation caches keyed by the position alone across
    // "ucinewgame" and weight changes, so after other weights some of its scores are the old
    // weights' (docs/talking-to-engines.md). A fresh process costs its start-up (Toga II: 90 ms,
    // Stockfish: 220 ms), paid once per weight change: once per candidate and worker on evalfit's
    // uci path, once per game pair for the tuned engine of the games measure. Not for the bundled
    // engine (it carries nothing: the session knows it by its name) nor for the evalfit extension
    // (its process holds the loaded positions).
    bool freshProcessOnOptionChange = true;
    // Every line written to or read from the engine, for an engine log window. Empty: nothing
    // is copied or formatted (the cost of an unset tap is one test per line).
    LineTap lineTap;
    // Options MateFind sets from what the engine announces (harness_options.h): one thread, no
    // book, no pondering by default; the smallest hash on request. startOptions win.
    bool tunerDefaults = true;
    bool smallestHash = false;
};

}  // namespace mf::uci
