#pragma once
// One engine process driven through UCI: handshake, option bookkeeping and searches, with every
// fault contained. A fault (exit, crash, illegal bestmove, garbage flood, no uciok) kills the
// process; the search is retried once on a fresh process, and if that fails too the result is
// Failed with both reasons. Two faults are not retried, since a retry would only repeat them:
// a search past its deadline (search_deadline.h: "stop", a grace, then the kill) and a
// "bestmove (none)"/"0000"/empty answer in a position with legal moves. Both fail at once with
// the engine's name and the position. Not thread-safe: one thread drives a session.

#include <atomic>
#include <map>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/uci/engine_config.h"
#include "evolution/uci/engine_process.h"
#include "evolution/uci/search_deadline.h"
#include "evolution/uci/search_types.h"
#include "evolution/uci/uci_protocol.h"

namespace mf::uci {

struct EngineIdentity {
    std::string name;
    std::string author;
    std::vector<UciOption> options;  // as announced, in order
    const UciOption* findOption(std::string_view name) const;  // case-insensitive
};

// Why some of `values` cannot be sent to an engine announcing `identity` (unknown name, out of
// range, ...), all problems in one message; std::nullopt when all are fine.
std::optional<std::string> checkOptionValues(const EngineIdentity& identity, const OptionValues& values);

class EngineSession {
public:
    // `worker` only labels the lines handed to config.lineTap.
    explicit EngineSession(EngineConfig config, std::size_t worker = 0);
    ~EngineSession();
    EngineSession(const EngineSession&) = delete;
    EngineSession& operator=(const EngineSession&) = delete;

    // Starts the process and completes the handshake (uci/uciok, start options, isready/readyok).
    std::optional<std::string> start();
    bool started() const { return started_; }
    const EngineIdentity& identity() const { return identity_; }
    int restarts() const { return restarts_.load(); }
    // The speed this session has measured (deadlines of depth and nodes searches derive from it).
    const SpeedRecord& speed() const { return speed_; }

    // Runs one search. Invalid options fail at once (no engine fault, no retry). A stop request
    // sends "stop" and gives a Cancelled result.
    SearchResult search(const SearchRequest& request, std::stop_token stop = {});

    // "quit", then kill after the quit timeout.
    void shutdown();

private:
    struct Attempt;
    Attempt attempt(const SearchRequest& request, std::stop_token stop);
    std::optional<std::string> handshake();
    std::optional<std::string> waitReady();
    std::optional<std::string> applyOptions(const OptionValues& wanted);
    void killForFault(std::string_view reason);
    // Output is gathered and written in one go by flush(): one wake-up of the engine per batch
    // of commands instead of one per line. Both report to the line tap.
    void queue(std::string_view line);
    bool flush();
    bool send(std::string_view line) { queue(line); return flush(); }
    void tapReceived(std::string_view line) {
        if (config_.lineTap) config_.lineTap(worker_, LineDirection::Received, line);
    }
    void note(std::string_view text) {
        if (config_.lineTap) config_.lineTap(worker_, LineDirection::Note, text);
    }

    EngineConfig config_;
    std::size_t worker_ = 0;
    std::string output_;                       // queued, not yet written
    EngineProcess process_;
    EngineIdentity identity_;
    bool started_ = false;
    std::atomic<int> restarts_{0};
    SpeedRecord speed_;
    std::map<std::string, std::string> sent_;  // lower-case name -> value the engine now has
    int wakeFd_ = -1;                          // eventfd that interrupts reads on stop
    int interruptFd_ = -1;                     // wakeFd_ while an attempt may be cancelled, else -1
};

}  // namespace mf::uci
