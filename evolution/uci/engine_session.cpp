#include "evolution/uci/engine_session.h"

#include "evolution/uci/harness_options.h"
#include "evolution/uci/search_transcript.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <functional>

namespace mf::uci {
namespace {

using Clock = EngineProcess::Clock;
using ReadStatus = EngineProcess::ReadStatus;

std::string lowerCase(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

std::string milliseconds(std::chrono::milliseconds ms) { return std::to_string(ms.count()) + " ms"; }

std::int64_t elapsedMs(Clock::time_point since) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since).count();
}

}  // namespace

const UciOption* EngineIdentity::findOption(std::string_view wanted) const {
    std::string key = lowerCase(wanted);
    for (const auto& option : options)
        if (lowerCase(option.name) == key) return &option;
    return nullptr;
}

std::optional<std::string> checkOptionValues(const EngineIdentity& identity, const OptionValues& values) {
    std::string problems;
    for (const auto& [name, value] : values) {
        std::optional<std::string> problem;
        if (const UciOption* option = identity.findOption(name))
            problem = validateOptionValue(*option, value);
        else
            problem = "engine '" + identity.name + "' has no option '" + name + "'";
        if (problem) problems += (problems.empty() ? "" : "; ") + *problem;
    }
    if (problems.empty()) return std::nullopt;
    return problems;
}

struct EngineSession::Attempt {
    // Fault: retried once on a fresh process. FinalFault: failed without a retry (past the
    // deadline). `fault` says which kind.
    enum class Kind { Done, Fault, FinalFault, Cancelled, BadRequest } kind = Kind::Fault;
    SearchFault fault = SearchFault::Engine;
    std::string reason;
    SearchResult result;
};

// While one exists, a stop request wakes every blocking read of the session (start-up,
// isready, the search) through an eventfd rather than a polling loop.
class EngineSession::Interruptible {
public:
    Interruptible(EngineSession& session, std::stop_token stop) : session_(session) {
        std::uint64_t drain = 0;
        while (::read(session.wakeFd_, &drain, sizeof drain) > 0) {}
        const int fd = session.wakeFd_;
        wake_.emplace(std::move(stop), [fd] {
            std::uint64_t one = 1;
            [[maybe_unused]] auto n = ::write(fd, &one, sizeof one);
        });
        session.interruptFd_ = fd;
    }
    ~Interruptible() { session_.interruptFd_ = -1; }
    Interruptible(const Interruptible&) = delete;
    Interruptible& operator=(const Interruptible&) = delete;

private:
    EngineSession& session_;
    std::optional<std::stop_callback<std::function<void()>>> wake_;
};

namespace {

// "position <fen>" or "position <fen> moves e2e4 e7e5", for failure messages.
std::string describePosition(const SearchRequest& request) {
    std::string text = "position " + request.fen;
    if (!request.moves.empty()) {
        text += " moves";
        for (const auto& move : request.moves) text += " " + move;
    }
    return text;
}

}  // namespace

EngineSession::EngineSession(EngineConfig config, std::size_t worker) : config_(std::move(config)), worker_(worker) {
    wakeFd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

EngineSession::~EngineSession() {
    shutdown();
    if (wakeFd_ >= 0) ::close(wakeFd_);
}

void EngineSession::queue(std::string_view line) {
    if (config_.lineTap) config_.lineTap(worker_, LineDirection::Sent, line);
    output_.append(line);
    output_ += '\n';
}

bool EngineSession::flush() {
    if (output_.empty()) return true;
    // writeLine adds one more newline; the last queued one stands for it.
    output_.pop_back();
    const bool written = process_.writeLine(output_);
    output_.clear();
    return written;
}

void EngineSession::shutdown() {
    output_.clear();
    if (started_) {
        send("quit");
        process_.finish(config_.timeouts.quit);
    } else {
        process_.kill();
    }
    started_ = false;
    sent_.clear();
}

void EngineSession::killForFault(std::string_view reason) {
    if (config_.lineTap) note("killing the engine: " + std::string(reason));
    output_.clear();
    process_.kill();
    started_ = false;
    inStep_ = false;
    sent_.clear();
}

std::optional<std::string> EngineSession::start(std::stop_token stop) {
    if (started_) return std::nullopt;
    std::optional<Interruptible> interruptible;
    if (interruptFd_ < 0 && stop.stop_possible()) interruptible.emplace(*this, stop);
    if (stop.stop_requested()) return std::string("interrupted");
    if (auto error = handshake()) {
        killForFault(*error);
        return error;
    }
    started_ = true;
    return std::nullopt;
}

std::optional<std::string> EngineSession::handshake() {
    sent_.clear();
    identity_ = {};
    output_.clear();
    if (auto error = process_.start(config_.command)) return error;
    note("started " + config_.command.program.string());
    if (!send("uci")) {
        process_.kill();
        return "engine exited before 'uciok' (" + process_.exitDescription() + ")";
    }

    auto deadline = Clock::now() + config_.timeouts.startup;
    int noise = 0;
    std::string line;
    for (;;) {
        switch (process_.readLine(line, deadline, interruptFd_)) {
            case ReadStatus::Line: tapReceived(line); break;
            case ReadStatus::Timeout: return "no 'uciok' within the start-up timeout of " + milliseconds(config_.timeouts.startup);
            case ReadStatus::Closed:
                process_.kill();
                return "engine exited before 'uciok' (" + process_.exitDescription() + ")";
            case ReadStatus::TooLong: return "garbage flood before 'uciok': a line longer than 1 MiB";
            case ReadStatus::Interrupted: return "interrupted";
        }
        LineKind kind = classifyLine(line);
        if (kind == LineKind::UciOk) break;
        if (kind == LineKind::Id) {
            if (auto id = parseIdLine(line)) {
                if (id->field == "name") identity_.name = id->value;
                if (id->field == "author") identity_.author = id->value;
            }
        } else if (kind == LineKind::Option) {
            // A malformed option line is not fatal: the option is just unknown to us, and
            // setting it later gives a clear "no option" error.
            if (auto option = parseOptionLine(line)) identity_.options.push_back(std::move(*option));
        } else if (kind == LineKind::Other && ++noise > config_.maxNoiseLines) {
            return "garbage flood before 'uciok': more than " + std::to_string(config_.maxNoiseLines) + " other lines";
        }
    }
    if (identity_.name.empty()) identity_.name = config_.command.program.filename().string();
    if (auto invalid = checkOptionValues(identity_, config_.startOptions))
        return "start options rejected: " + *invalid;
    baseOptions_ = harnessOptions(identity_, config_.startOptions, {config_.tunerDefaults, config_.smallestHash});
    if (!baseOptions_.empty()) {
        std::string chosen;
        for (const auto& [name, value] : baseOptions_) chosen += (chosen.empty() ? "" : ", ") + name + "=" + value;
        note("options MateFind sets unless you fix them: " + chosen);
    }
    baseOptions_.insert(baseOptions_.end(), config_.startOptions.begin(), config_.startOptions.end());
    if (auto error = applyOptions(baseOptions_)) return error;
    return waitReady();
}

std::optional<std::string> EngineSession::applyOptions(const OptionValues& wanted) {
    std::map<std::string, std::string> target;
    std::map<std::string, const UciOption*> byKey;
    for (const auto& [name, value] : wanted) {
        const UciOption* option = identity_.findOption(name);
        if (!option) continue;  // validated by the caller
        std::string key = lowerCase(option->name);
        target[key] = value;
        byKey[key] = option;
    }
    // Options set for an earlier request but not wanted now go back to their defaults, so a
    // result never depends on which request the process served before.
    for (auto it = sent_.begin(); it != sent_.end();) {
        if (target.count(it->first)) {
            ++it;
            continue;
        }
        if (const UciOption* option = identity_.findOption(it->first); option && option->type != OptionType::Button) {
            queue(setOptionCommand(*option, option->defaultValue));
        }
        it = sent_.erase(it);
    }
    for (const auto& [key, value] : target) {
        const UciOption* option = byKey[key];
        auto known = sent_.find(key);
        if (option->type != OptionType::Button && known != sent_.end() && known->second == value) continue;
        queue(setOptionCommand(*option, value));
        if (option->type != OptionType::Button) sent_[key] = value;
    }
    return std::nullopt;
}

std::optional<std::string> EngineSession::waitReady() {
    if (!send("isready")) return "engine closed its input before 'isready'";
    auto deadline = Clock::now() + config_.timeouts.ping;
    int noise = 0;
    std::string line;
    for (;;) {
        switch (process_.readLine(line, deadline, interruptFd_)) {
            case ReadStatus::Line: tapReceived(line); break;
            case ReadStatus::Timeout: return "no 'readyok' within the ping timeout of " + milliseconds(config_.timeouts.ping);
            case ReadStatus::Closed:
                process_.kill();
                return "engine exited before 'readyok' (" + process_.exitDescription() + ")";
            case ReadStatus::TooLong: return "garbage flood before 'readyok': a line longer than 1 MiB";
            case ReadStatus::Interrupted: return "interrupted";
        }
        LineKind kind = classifyLine(line);
        if (kind == LineKind::ReadyOk) {
            inStep_ = true;
            return std::nullopt;
        }
        if (kind != LineKind::Info && kind != LineKind::BestMove && ++noise > config_.maxNoiseLines)
            return "garbage flood before 'readyok': more than " + std::to_string(config_.maxNoiseLines) + " other lines";
    }
}

EngineSession::Attempt EngineSession::attempt(const SearchRequest& request, std::stop_token stop) {
    Attempt out;
    Interruptible interruptible(*this, stop);
    auto fault = [&](std::string reason) {
        if (stop.stop_requested()) {
            // Stopped while starting the engine or waiting for it to be ready: not a fault of
            // the engine. It is left half-way, so it goes; the next request starts a fresh one.
            killForFault("stopped while the engine was starting or getting ready");
            out.kind = Attempt::Kind::Cancelled;
            return out;
        }
        out.kind = Attempt::Kind::Fault;
        out.reason = std::move(reason);
        return out;
    };
    if (!started_) {
        if (auto error = start(stop)) return fault(*error);
    }
    if (auto invalid = checkOptionValues(identity_, request.options)) {
        out.kind = Attempt::Kind::BadRequest;
        out.reason = *invalid;
        return out;
    }
    OptionValues wanted = baseOptions_;
    wanted.insert(wanted.end(), request.options.begin(), request.options.end());
    if (auto error = applyOptions(wanted)) return fault(*error);
    const bool deterministic =
        request.limit.kind == SearchLimit::Kind::Depth || request.limit.kind == SearchLimit::Kind::Nodes;
    const bool newGame = request.newGame || config_.newGame == NewGamePolicy::EverySearch ||
                         (config_.newGame == NewGamePolicy::DeterministicLimits && deterministic);
    if (newGame) queue("ucinewgame");
    // A round trip ("isready" -> "readyok") costs a wake-up of the engine and of this thread, a
    // millisecond and more on a loaded machine: a third of a depth-1 search, a tenth of a 5000-node
    // one. It is made only when it buys something (see the header): to read and drop whatever an
    // engine still says after an abnormal end, to keep option changes out of a timed search's
    // thinking time, and the engine's reset after a new game out of any (syncAfterNewGame).
    // Otherwise the queued commands go out with "position" and "go" in one write; the engine
    // works through them in order before it searches.
    if (!inStep_ || (!deterministic && !output_.empty()) || (newGame && config_.syncAfterNewGame))
        if (auto error = waitReady()) return fault(*error);

    std::string position = request.fen == "startpos" ? "position startpos" : "position fen " + request.fen;
    if (!request.moves.empty()) {
        position += " moves";
        for (const auto& move : request.moves) position += " " + move;
    }
    queue(position);

    if (stop.stop_requested()) {
        out.kind = Attempt::Kind::Cancelled;
        return out;
    }

    const SearchDeadline deadlineRule = searchDeadline(request.limit, config_.timeouts, speed_);
    const std::string engine = identity_.name;
    auto finalFault = [&](SearchFault kind, std::string reason) {
        out.kind = Attempt::Kind::FinalFault;
        out.fault = kind;
        out.reason = std::move(reason);
        return out;
    };

    // "position" and "go" travel in one write; the clock starts before it.
    auto goAt = Clock::now();
    queue(request.limit.goCommand());
    inStep_ = false;  // until its bestmove is read
    if (!flush()) return fault("engine closed its input");
    auto deadline = goAt + deadlineRule.budget;

    SearchTranscript transcript;
    int noise = 0;
    std::string line;
    bool stopping = false;      // the caller cancelled: "stop" sent
    bool pastDeadline = false;  // the deadline passed: "stop" sent, waiting out the grace
    bool overrunStopped = false;  // a nodes search ran far past its limit: "stop" sent
    std::int64_t lastNodes = 0;
    auto pastDeadlineReason = [&] {
        return engine + " passed its deadline of " + milliseconds(deadlineRule.budget) + " (" +
               request.limit.describe() + "; deadline: " + deadlineRule.rule + ") in " + describePosition(request);
    };
    for (;;) {
        ReadStatus status = process_.readLine(line, deadline, stopping || pastDeadline ? -1 : wakeFd_);
        if (status == ReadStatus::Line) tapReceived(line);
        if (status == ReadStatus::Interrupted) {
            // Ask politely; an engine that does not answer "stop" in time is killed.
            stopping = true;
            out.kind = Attempt::Kind::Cancelled;
            if (!send("stop")) return fault("engine closed its input");
            deadline = Clock::now() + config_.timeouts.ping;
            continue;
        }
        if (status == ReadStatus::Timeout) {
            if (stopping) {
                killForFault("no bestmove after 'stop'");
                return out;
            }
            if (pastDeadline) {
                std::string reason = pastDeadlineReason() + "; no bestmove " + milliseconds(config_.timeouts.stopGrace) +
                                     " after 'stop', killed";
                killForFault(reason);
                ++restarts_;
                return finalFault(SearchFault::PastDeadline, reason);
            }
            // Past the deadline: "stop", a short grace for the bestmove, then the kill.
            pastDeadline = true;
            note("deadline of " + milliseconds(deadlineRule.budget) + " passed: sending 'stop'");
            if (!send("stop")) return finalFault(SearchFault::PastDeadline, pastDeadlineReason());
            deadline = Clock::now() + config_.timeouts.stopGrace;
            continue;
        }
        if (status == ReadStatus::Closed) {
            process_.kill();
            if (pastDeadline) return finalFault(SearchFault::PastDeadline, pastDeadlineReason() + "; the engine exited");
            return fault("engine exited during the search (" + process_.exitDescription() + ")");
        }
        if (status == ReadStatus::TooLong) return fault("garbage flood: a line longer than 1 MiB");

        LineKind kind = classifyLine(line);
        if (kind == LineKind::Info) {
            if (auto info = parseInfoLine(line)) {
                transcript.add(*info, elapsedMs(goAt));
                if (info->nodes) lastNodes = *info->nodes;
                // An engine that ignores `go nodes` (Toga II) would search until the deadline:
                // once its reported nodes are far past the limit it is stopped, and the search
                // is counted as breaking the limit (nodesLimitBreak) where results are summed up.
                if (!overrunStopped && !stopping && !pastDeadline &&
                    nodesLimitBreak(request.limit, lastNodes) == LimitBreak::Above) {
                    overrunStopped = true;
                    note("reported " + std::to_string(lastNodes) + " nodes for " + request.limit.describe() +
                         ": sending 'stop'");
                    if (!send("stop")) return fault("engine closed its input");
                }
            }
            continue;
        }
        if (kind != LineKind::BestMove) {
            if (++noise > config_.maxNoiseLines)
                return fault("garbage flood: more than " + std::to_string(config_.maxNoiseLines) +
                             " lines that are neither info nor bestmove");
            continue;
        }
        if (stopping) return out;  // Cancelled; the process stays usable
        if (pastDeadline) {
            // It answered "stop": in step again, so the process stays; the search still failed.
            return finalFault(SearchFault::PastDeadline, pastDeadlineReason() + "; it answered 'stop'");
        }
        // A clean answer: in step again, unless "stop" went out while the engine was finishing
        // (it may answer that "stop" with a second bestmove).
        inStep_ = !overrunStopped;
        auto best = parseBestMoveLine(line);
        // "bestmove" alone parses to nothing: an empty bestmove, one of the three ways to say
        // "no move" that only a position without legal moves allows.
        const std::string move = best ? best->move : std::string();
        out.result.thinkTime = Clock::now() - goAt;
        if (move.empty() || move == "(none)" || move == "0000") {
            const std::string said = move.empty() ? "an empty bestmove" : "'bestmove " + move + "'";
            if (config_.moveCheck)
                if (auto why = config_.moveCheck(request, "(none)")) {
                    // A fault like a crash: Glaurung 2.2 says "(none)" in some live positions
                    // under a nodes limit, and a fresh process given the same position moves.
                    out.fault = SearchFault::NoMove;
                    return fault(engine + " answered " + said + " in " + describePosition(request) + " (" + *why + ")");
                }
        } else if (config_.moveCheck) {
            if (auto illegal = config_.moveCheck(request, move))
                return fault("illegal bestmove '" + move.substr(0, 16) + "': " + *illegal);
        }
        out.kind = Attempt::Kind::Done;
        out.result.bestMove = move.empty() ? "(none)" : move;
        if (best) out.result.ponder = best->ponder;
        transcript.finish(out.result.bestMove, elapsedMs(goAt), out.result);
        return out;
    }
}

std::optional<std::string> EngineSession::exchange(const OptionValues& options, std::string_view command,
                                                   const std::function<bool(std::string_view line)>& onLine,
                                                   std::chrono::milliseconds budget, std::stop_token stop) {
    Interruptible interruptible(*this, stop);
    auto failed = [&](std::string reason) -> std::optional<std::string> {
        if (stop.stop_requested()) reason = "interrupted";
        killForFault(reason);
        return reason;
    };
    if (!started_)
        if (auto error = start(stop)) return error;
    if (auto invalid = checkOptionValues(identity_, options)) return "invalid option: " + *invalid;
    OptionValues wanted = baseOptions_;
    wanted.insert(wanted.end(), options.begin(), options.end());
    if (auto error = applyOptions(wanted)) return failed(*error);
    if (!inStep_)
        if (auto error = waitReady()) return failed(*error);
    queue(command);
    inStep_ = false;
    if (!flush()) return failed("the engine closed its input");
    const auto deadline = Clock::now() + budget;
    const std::string name(command.substr(0, command.find('\n')));
    std::string line;
    for (;;) {
        switch (process_.readLine(line, deadline, interruptFd_)) {
            case ReadStatus::Line: tapReceived(line); break;
            case ReadStatus::Timeout: return failed("no complete answer to '" + name + "' within " + milliseconds(
                                                        std::chrono::duration_cast<std::chrono::milliseconds>(budget)));
            case ReadStatus::Closed: return failed("the engine exited (" + process_.exitDescription() + ")");
            case ReadStatus::TooLong: return failed("garbage flood: a line longer than 1 MiB");
            case ReadStatus::Interrupted: return failed("interrupted");
        }
        if (onLine(line)) {
            inStep_ = true;
            return std::nullopt;
        }
    }
}

SearchResult EngineSession::search(const SearchRequest& request, std::stop_token stop) {
    SearchResult result;
    result.id = request.id;
    if (stop.stop_requested()) {
        result.status = SearchStatus::Cancelled;
        return result;
    }
    auto finishWith = [&](Attempt& a, int attempts) {
        SearchResult r = std::move(a.result);
        r.id = request.id;
        r.attempts = attempts;
        switch (a.kind) {
            case Attempt::Kind::Done: r.status = SearchStatus::Completed; break;
            case Attempt::Kind::Cancelled: r.status = SearchStatus::Cancelled; break;
            case Attempt::Kind::BadRequest:
                r.status = SearchStatus::Failed;
                r.failure = "invalid option: " + a.reason;
                break;
            case Attempt::Kind::Fault:
            case Attempt::Kind::FinalFault:
                r.status = SearchStatus::Failed;
                r.fault = a.fault;
                r.failure = a.reason;
                break;
        }
        if (r.status == SearchStatus::Completed) speed_.record(request.limit, r);
        return r;
    };

    Attempt first = attempt(request, stop);
    if (first.kind != Attempt::Kind::Fault) return finishWith(first, 1);
    killForFault(first.reason);
    ++restarts_;
    if (stop.stop_requested()) {
        result.status = SearchStatus::Cancelled;
        result.attempts = 1;
        return result;
    }
    Attempt second = attempt(request, stop);
    if (second.kind == Attempt::Kind::Fault || second.kind == Attempt::Kind::FinalFault) {
        if (second.kind == Attempt::Kind::Fault) killForFault(second.reason);
        second.reason = first.reason + "; after a restart: " + second.reason;
    }
    return finishWith(second, 2);
}

}  // namespace mf::uci
