#pragma once
// What an engine really does with each UCI limit, found by asking it: one search per limit mode
// on a fresh process, judged from what the engine reports (nodes, depth), never from how long it
// took (a loaded machine slows everything down; it never makes an engine stop early). Used by
// `matefind-cli probe`, the window's engine dialog, and before every run (checkLimitHonoured):
// Toga II 3.0 ignores `go nodes`, Ethereal 12 stops at depth 1 under it.

#include <chrono>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/uci/engine_config.h"
#include "evolution/uci/engine_session.h"
#include "evolution/uci/search_types.h"

namespace mf::uci {

enum class LimitVerdict {
    Honoured,    // the engine stopped near the limit
    Ignored,     // it searched far past it (nodes > 10x, depth far deeper)
    StopsEarly,  // it stopped far short of it (nodes < 1/10, depth under half, time under a tenth)
    Failed,      // the probe search failed (deadline, crash, no move): see detail
    Unknown,     // it reports nothing to judge by (no nodes or no depth in its info lines)
};
std::string_view toString(LimitVerdict verdict);  // "honoured", "ignored", "stops early", ...

struct LimitProbe {
    SearchLimit limit;
    LimitVerdict verdict = LimitVerdict::Unknown;
    std::int64_t nodes = 0;                 // as reported
    int depth = 0;                          // as reported
    std::chrono::milliseconds time{0};      // measured, "go" to "bestmove"
    std::string detail;                     // "reported 2345678 nodes for go nodes 3000", or the failure
};

// Judges one probe search (pure: the tests feed it results).
LimitProbe judgeLimit(const SearchLimit& limit, const SearchResult& result);

struct ProbeSettings {
    // The limits tried, in this order (the movetime search first: it measures the speed).
    std::vector<SearchLimit> limits{SearchLimit::moveTime(200), SearchLimit::nodes(20'000), SearchLimit::depth(6)};
    // The position searched: the start position (every engine plays it, and any move an engine
    // answers with a fixed reply, like the tests' fake engine, is legal there).
    std::string fen = "startpos";
    std::vector<std::string> moves;
    OptionValues options;                   // sent with every probe search (e.g. OwnBook=false)
};

struct ProbeReport {
    std::optional<std::string> startError;  // the engine could not be started: nothing else is set
    EngineIdentity identity;
    std::optional<double> nodesPerSecond;   // measured: nodes / think time of the longest search
    std::vector<LimitProbe> limits;         // in ProbeSettings order

    const LimitProbe* find(SearchLimit::Kind kind) const;
    // The limit kinds whose probe was Honoured, in the order depth, movetime, nodes.
    std::vector<SearchLimit::Kind> honouredKinds() const;
};

// Starts the engine of `config` (its own process, quit at the end), runs one search per limit.
ProbeReport probeEngine(const EngineConfig& config, const ProbeSettings& settings = {}, std::stop_token stop = {});

// "--nodes", "--depth", "--movetime": how the command line names a limit kind.
std::string_view limitFlag(SearchLimit::Kind kind);
// "`go nodes`"
std::string goName(SearchLimit::Kind kind);

struct LimitCheck {
    bool honoured = false;                  // false also when the engine could not be probed
    std::string engine;                     // its name
    LimitProbe probe;                       // the search in the chosen mode
    std::vector<SearchLimit::Kind> working; // the other modes it honours (probed only on a refusal)
    std::optional<double> nodesPerSecond;   // measured speed, for EngineTimeouts::knownNodesPerSecond
    std::optional<std::string> optionError; // searchOptions the engine does not accept (nothing was searched)
    // Not honoured: why, e.g. "Toga II 3.0 ignores `go nodes` (it reported 2345678 nodes at depth 14
    // for go nodes 3000): use --depth or --movetime". Honoured: empty, or a warning (the engine
    // reports no nodes, so nothing could be checked).
    std::string message;
};

// One probe search in `limit` (after a short movetime search that measures the speed), before a
// solve, tune, fight or match starts. When the limit is not honoured the other modes are probed
// so the message can name those that work. `searchOptions` go with every probe search (solve's
// --option); config.startOptions are sent at start as always.
LimitCheck checkLimitHonoured(const EngineConfig& config, const SearchLimit& limit, const OptionValues& searchOptions = {},
                              std::stop_token stop = {});

}  // namespace mf::uci
