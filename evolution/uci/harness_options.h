#pragma once
// The options MateFind chooses for an engine from what it announces, unless the user fixed them
// (EngineConfig::startOptions, the command line's --option): a tuner needs results that repeat
// and engines that share the machine fairly, which some engines' own defaults prevent (Glaurung
// 2.2 searches with 2 threads and a book by default, Toga II with a book and 128 MB of hash).
//  - one search thread ("Threads", or Toga's "Number of Threads"): a depth or nodes search gives
//    the same move and score every time; MateFind runs more engines, not more threads;
//  - no book of its own ("OwnBook" false): the engine searches every position it is given;
//  - no pondering ("Ponder" false): MateFind never sends `go ponder`, and an engine that thinks it
//    may ponder plans its time for it;
//  - with `smallestHash`, the smallest hash the engine allows: for searches that each start a
//    new game (`ucinewgame` clears the hash) of a few hundred nodes, a large table only costs the
//    clearing (Toga II: 30 positions/s at 128 MB against 259/s at 4 MB).
// An option is only set when the engine announces it with another default.
#include "evolution/uci/engine_session.h"
#include "evolution/uci/search_types.h"

namespace mf::uci {

struct HarnessChoices {
    bool tunerDefaults = true;   // threads 1, no own book, no pondering
    bool smallestHash = false;
};

// The names engines give their search-thread count ("Threads"; Toga II: "Number of Threads").
const std::vector<std::string>& threadOptionNames();

// The engine's search-thread option (the first of threadOptionNames() it announces as a spin)
// and the count MateFind runs it with: 1, or the engine's minimum when it allows no fewer.
struct ThreadOption {
    const UciOption* option = nullptr;  // points into the identity
    std::int64_t count = 1;
};
std::optional<ThreadOption> threadOption(const EngineIdentity& identity);

// The options to send after the handshake besides `fixed` (which wins for every name it holds).
// The thread count is threadOption()'s.
OptionValues harnessOptions(const EngineIdentity& identity, const OptionValues& fixed, const HarnessChoices& choices);

}  // namespace mf::uci
