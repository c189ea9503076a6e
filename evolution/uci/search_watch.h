#pragma once
// What an engine session does while one search runs, as a pure state machine. After "go" the
// session reads the engine's output; each read ends in a line, a timeout, the end of the process,
// a stop request of the caller or an over-long line, and the session hands that outcome, with the
// time it saw it, to a SearchWatch, which answers with the next action: read on, send "stop", or
// the search's end (done, cancelled, a fault worth a retry, a failure past the deadline). No I/O,
// no clock, no threads: the tests feed it recorded engine output and made-up times.
//
// The rules it keeps:
// - A stop request sends "stop"; the engine has `stopAnswer` to say its bestmove (the search is
//   then Cancelled and the process stays), else it is killed.
// - Past the deadline, "stop" goes out and the engine has `stopGrace` to answer. The search fails
//   either way (a retry would only repeat it); without an answer the process is killed.
// - An engine that ignores "go nodes" (Toga II) would run until the deadline: once it reports
//   kLimitBreakFactor times the limit it is sent "stop", and its answer is kept (the summaries
//   count the search as breaking the limit). It may answer that "stop" with a second bestmove, so
//   it is not in step afterwards.
// - More than `maxNoiseLines` lines that are neither info nor bestmove are a garbage flood.
// - A bestmove that is no move ("(none)", "0000", empty) where the position has legal moves, or
//   an illegal move, is a fault: Glaurung 2.2 says "(none)" in some live positions under a nodes
//   limit, and a fresh process given the same position moves.

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "evolution/uci/engine_config.h"
#include "evolution/uci/engine_process.h"
#include "evolution/uci/search_deadline.h"
#include "evolution/uci/search_transcript.h"
#include "evolution/uci/search_types.h"

namespace mf::uci {

class SearchWatch {
public:
    using Clock = EngineProcess::Clock;
    using ReadStatus = EngineProcess::ReadStatus;

    struct Settings {
        std::string engine;                    // the engine's name, for failure messages
        SearchDeadline deadline;               // "go" to the deadline's "stop", and how it was found
        std::chrono::milliseconds stopAnswer{0};  // a cancelled search: "stop" -> bestmove before the kill
        std::chrono::milliseconds stopGrace{0};   // past the deadline: "stop" -> bestmove before the kill
        int maxNoiseLines = 0;
        const MoveCheck* moveCheck = nullptr;  // says why a bestmove is illegal; none: not checked
    };

    // The outcome of one read.
    struct Read {
        ReadStatus status = ReadStatus::Line;
        std::string_view text;  // Line: the line read; Closed: how the process ended
        Clock::time_point at;   // when the read returned
    };

    struct Action {
        enum class Kind {
            Read,          // read on, until deadline(); a stop request wakes the read if wakeOnStop()
            SendStop,      // write "stop" (`text`, when not empty, notes why), then read on; if it
                           // cannot be written, stopUnsent() says what follows
            Cancelled,     // over, cancelled; `kill`: the engine did not answer "stop" (`text`)
            Fault,         // the engine failed (`fault`, `text`); a fresh process may do better
            PastDeadline,  // failed past the deadline (`text`); `kill`: it did not answer "stop"
            Done,          // answered: `result`; `inStep`: nothing more is due from the engine
        };
        Kind kind = Kind::Read;
        std::string text;
        bool kill = false;
        SearchFault fault = SearchFault::Engine;
        bool inStep = false;
        SearchResult result;  // Done: the answer; a rejected bestmove: its think time
    };

    // `request` must outlive the watch; `goAt` is when "go" was written.
    SearchWatch(const SearchRequest& request, Settings settings, Clock::time_point goAt);

    Action onRead(const Read& read);
    // "stop" could not be written (the engine closed its input).
    Action stopUnsent() const;

    Clock::time_point deadline() const { return deadline_; }
    // Once "stop" is out, a further stop request has nothing to add.
    bool wakeOnStop() const { return !stopping_ && !pastDeadline_; }

private:
    Action onLine(std::string_view line, Clock::time_point at);
    Action onInfo(std::string_view line, Clock::time_point at);
    Action onBestMove(std::string_view line, Clock::time_point at);
    Action onTimeout(Clock::time_point at);
    std::string pastDeadlineReason() const;
    std::int64_t elapsedMs(Clock::time_point at) const;

    const SearchRequest& request_;
    Settings settings_;
    Clock::time_point goAt_;
    Clock::time_point deadline_;
    SearchTranscript transcript_;
    int noise_ = 0;
    bool stopping_ = false;        // the caller cancelled: "stop" sent
    bool pastDeadline_ = false;    // the deadline passed: "stop" sent, waiting out the grace
    bool overrunStopped_ = false;  // a nodes search ran far past its limit: "stop" sent
    std::int64_t lastNodes_ = 0;
};

}  // namespace mf::uci
