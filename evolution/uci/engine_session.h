#pragma once
// One engine process driven through UCI: handshake, option bookkeeping and searches, with every
// fault contained. A fault (exit, crash, illegal bestmove, garbage flood, no uciok, and a
// "bestmove (none)"/"0000"/empty answer in a position with legal moves) kills the process; the
// search is retried once on a fresh process, and if that fails too the result is Failed with both
// reasons (a recovered search is Completed with attempts 2). A search past its deadline
// (search_deadline.h: "stop", a grace, then the kill) is not retried: a retry would only repeat
// it. Not thread-safe: one thread drives a session.
//
// A search costs one write and the reads up to its bestmove: options that changed, "ucinewgame"
// when the search needs one, "position" and "go" travel together. "isready" is sent only where
// it buys something: after start-up, after a search that ended abnormally (cancelled, stopped
// past its deadline or its node limit: the engine may still be talking), after "ucinewgame" (as
// UCI asks; EngineConfig::syncAfterNewGame), and before a timed search (movetime, clock) that
// follows option changes, so the engine's work on them is not counted as thinking time. A game's
// moves after its first, and evalfit's uci path, go out without one.

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <unordered_map>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/uci/engine_config.h"
#include "evolution/uci/engine_process.h"
#include "evolution/uci/search_deadline.h"
#include "evolution/uci/search_types.h"
#include "evolution/uci/search_watch.h"
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
    // A stop request ends the wait at once ("interrupted") and leaves no process behind.
    std::optional<std::string> start(std::stop_token stop = {});
    bool started() const { return started_; }
    const EngineIdentity& identity() const { return identity_; }
    int restarts() const { return restarts_.load(); }
    // What the session sends after every start: the harness's choices and the start options.
    const OptionValues& baseOptions() const { return baseOptions_; }
    // The speed this session has measured (deadlines of depth and nodes searches derive from it).
    const SpeedRecord& speed() const { return speed_; }

    // Runs one search. Invalid options fail at once (no engine fault, no retry). A stop request
    // sends "stop" and gives a Cancelled result.
    SearchResult search(const SearchRequest& request, std::stop_token stop = {});

    // A command that is not a search, for protocol extensions (the evalfit extension's bulk
    // scoring): `options` are applied as for a search (the start options plus these, any other
    // back to its default), then `command` goes out in the same write, and every line the engine
    // answers goes to `onLine` until it returns true (the answer is complete). A fault (exit,
    // no complete answer within `budget`, a line over 1 MiB) or a stop request kills the process
    // and is returned; there is no retry here, the caller decides. An invalid option is returned
    // without touching the engine.
    std::optional<std::string> exchange(const OptionValues& options, std::string_view command,
                                        const std::function<bool(std::string_view line)>& onLine,
                                        std::chrono::milliseconds budget, std::stop_token stop = {});

    // "quit", then kill after the quit timeout.
    void shutdown();

private:
    struct Attempt;
    class Interruptible;
    // One try at a search: prepareSearch (start, options, "ucinewgame", "isready" where it is due,
    // "position") ends it early or leaves it to runSearch, which writes "go" and feeds what it
    // reads to a SearchWatch until concludeSearch carries out the watch's verdict.
    Attempt attempt(const SearchRequest& request, std::stop_token stop);
    std::optional<Attempt> prepareSearch(const SearchRequest& request, const std::stop_token& stop);
    Attempt runSearch(const SearchRequest& request, const std::stop_token& stop);
    Attempt concludeSearch(SearchWatch::Action action, const std::stop_token& stop);
    // A fault of the engine (retried on a fresh process), or Cancelled when a stop request explains it.
    Attempt faultUnlessStopped(Attempt out, std::string reason, const std::stop_token& stop);
    std::optional<std::string> handshake();
    std::optional<std::string> waitReady();
    std::optional<std::string> applyOptions(const OptionValues& wanted);
    // EngineConfig::freshProcessOnOptionChange: quits the process when `wanted` changes an option
    // it has worked with and starts a new one. Fails as start() does.
    std::optional<std::string> freshProcessIfOptionsChange(const OptionValues& wanted, const std::stop_token& stop);
    bool changesOptions(const OptionValues& wanted) const;
    // The announced option called `name` (any case), from an index made at the handshake: a
    // tuner's request names hundreds of options, every move of every game.
    const UciOption* option(std::string_view name) const;
    // checkOptionValues on the index; a request equal to the last one checked is not checked again.
    std::optional<std::string> checkRequestOptions(const OptionValues& values);
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
    std::unordered_map<std::string, const UciOption*> optionIndex_;  // lower-case name -> identity_'s option
    // What the engine was last given (the options of the last request), while sent_ still holds
    // it: the next request with the same options sends nothing and computes nothing.
    std::optional<OptionValues> applied_;
    std::optional<OptionValues> checkedRequest_;  // the last request's options that passed the check
    OptionValues baseOptions_;                 // harness options + config_.startOptions
    bool inStep_ = false;                      // nothing more is due from the engine (no isready needed)
    bool served_ = false;                      // the process has searched or answered an exchange
    int wakeFd_ = -1;                          // eventfd that interrupts reads on stop
    int interruptFd_ = -1;                     // wakeFd_ while an attempt may be cancelled, else -1
};

}  // namespace mf::uci
