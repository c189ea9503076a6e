#include "evolution/uci/engine_session.h"

#include "evolution/uci/harness_options.h"

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

}  // namespace

const UciOption* EngineIdentity::findOption(std::string_view wanted) const {
    std::string key = lowerCase(wanted);
    for (const auto& option : options)
        if (lowerCase(option.name) == key) return &option;
    return nullptr;
}

namespace {

// Every problem of `values` for the engine `engine`, whose options `find` looks up.
template <class Find>
std::optional<std::string> optionProblems(const std::string& engine, const OptionValues& values, Find find) {
    std::string problems;
    for (const auto& [name, value] : values) {
        std::optional<std::string> problem;
        if (const UciOption* option = find(name))
            problem = validateOptionValue(*option, value);
        else
            problem = "engine '" + engine + "' has no option '" + name + "'";
        if (problem) problems += (problems.empty() ? "" : "; ") + *problem;
    }
    if (problems.empty()) return std::nullopt;
    return problems;
}

}  // namespace

std::optional<std::string> checkOptionValues(const EngineIdentity& identity, const OptionValues& values) {
    return optionProblems(identity.name, values, [&](std::string_view name) { return identity.findOption(name); });
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
    applied_.reset();
}

void EngineSession::killForFault(std::string_view reason) {
    if (config_.lineTap) note("killing the engine: " + std::string(reason));
    output_.clear();
    process_.kill();
    started_ = false;
    inStep_ = false;
    sent_.clear();
    applied_.reset();
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
    applied_.reset();
    checkedRequest_.reset();
    optionIndex_.clear();
    served_ = false;
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
    for (const UciOption& option : identity_.options) optionIndex_.try_emplace(lowerCase(option.name), &option);
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

const UciOption* EngineSession::option(std::string_view name) const {
    const auto found = optionIndex_.find(lowerCase(name));
    return found == optionIndex_.end() ? nullptr : found->second;
}

std::optional<std::string> EngineSession::checkRequestOptions(const OptionValues& values) {
    if (checkedRequest_ && *checkedRequest_ == values) return std::nullopt;
    if (auto problems = optionProblems(identity_.name, values, [this](std::string_view name) { return option(name); }))
        return problems;
    checkedRequest_ = values;
    return std::nullopt;
}

std::optional<std::string> EngineSession::applyOptions(const OptionValues& wanted) {
    if (applied_ && *applied_ == wanted) return std::nullopt;  // the engine has them all
    std::map<std::string, std::string> target;
    std::map<std::string, const UciOption*> byKey;
    for (const auto& [name, value] : wanted) {
        const UciOption* option = this->option(name);
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
        if (const UciOption* option = this->option(it->first); option && option->type != OptionType::Button) {
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
    // A button is pressed on every request that names it: such requests are never "the same".
    if (std::none_of(byKey.begin(), byKey.end(), [](const auto& entry) { return entry.second->type == OptionType::Button; }))
        applied_ = wanted;
    else
        applied_.reset();
    return std::nullopt;
}

bool EngineSession::changesOptions(const OptionValues& wanted) const {
    if (applied_ && *applied_ == wanted) return false;
    std::map<std::string, std::string> target;
    for (const auto& [name, value] : wanted)
        if (const UciOption* option = this->option(name); option && option->type != OptionType::Button)
            target[lowerCase(option->name)] = value;
    for (const auto& [key, value] : sent_)
        if (!target.count(key)) return true;  // it would go back to its default
    for (const auto& [key, value] : target) {
        auto known = sent_.find(key);
        if (known == sent_.end() || known->second != value) return true;
    }
    return false;
}

namespace {

// The bundled engine keeps nothing a weight reaches: its pawn cache holds raw counts, weighted at
// probe time (engine/pawn_cache.h), and tests/uci/carried_state_debian_test.cpp checks it on the
// same passes as Toga II's. Its process is kept, which matters where a search is short and a
// start-up is not (the suite measure's nodes searches).
bool carriesNothingAcrossOptionChanges(const EngineIdentity& identity) { return identity.name == "MateFind"; }

}  // namespace

std::optional<std::string> EngineSession::freshProcessIfOptionsChange(const OptionValues& wanted,
                                                                      const std::stop_token& stop) {
    if (!config_.freshProcessOnOptionChange || !started_ || !served_ || carriesNothingAcrossOptionChanges(identity_) ||
        !changesOptions(wanted))
        return std::nullopt;
    note("options change: a fresh process, so nothing the engine kept from the old values reaches the new ones");
    shutdown();
    return start(stop);
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
    Interruptible interruptible(*this, stop);
    if (auto early = prepareSearch(request, stop)) return std::move(*early);
    return runSearch(request, stop);
}

EngineSession::Attempt EngineSession::faultUnlessStopped(Attempt out, std::string reason, const std::stop_token& stop) {
    if (stop.stop_requested()) {
        // A fault that follows a stop request (the engine was starting, getting ready, or had
        // "stop" on its way) is not the engine's: the search is cancelled. The engine is left
        // half-way, so it goes; the next request starts a fresh one.
        killForFault("stopped while the engine was starting or getting ready");
        out.kind = Attempt::Kind::Cancelled;
        return out;
    }
    out.kind = Attempt::Kind::Fault;
    out.reason = std::move(reason);
    return out;
}

std::optional<EngineSession::Attempt> EngineSession::prepareSearch(const SearchRequest& request,
                                                                   const std::stop_token& stop) {
    if (!started_)
        if (auto error = start(stop)) return faultUnlessStopped({}, *error, stop);
    if (auto invalid = checkRequestOptions(request.options)) {
        Attempt out;
        out.kind = Attempt::Kind::BadRequest;
        out.reason = *invalid;
        return out;
    }
    OptionValues wanted = baseOptions_;
    wanted.insert(wanted.end(), request.options.begin(), request.options.end());
    if (auto error = freshProcessIfOptionsChange(wanted, stop)) return faultUnlessStopped({}, *error, stop);
    if (auto error = applyOptions(wanted)) return faultUnlessStopped({}, *error, stop);
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
        if (auto error = waitReady()) return faultUnlessStopped({}, *error, stop);

    std::string position = request.fen == "startpos" ? "position startpos" : "position fen " + request.fen;
    if (!request.moves.empty()) {
        position += " moves";
        for (const auto& move : request.moves) position += " " + move;
    }
    queue(position);
    if (stop.stop_requested()) {
        Attempt out;
        out.kind = Attempt::Kind::Cancelled;
        return out;
    }
    return std::nullopt;
}

EngineSession::Attempt EngineSession::runSearch(const SearchRequest& request, const std::stop_token& stop) {
    SearchWatch::Settings settings{identity_.name, searchDeadline(request.limit, config_.timeouts, speed_),
                                   config_.timeouts.ping, config_.timeouts.stopGrace, config_.maxNoiseLines,
                                   &config_.moveCheck};
    // "position" and "go" travel in one write; the clock starts before it.
    const auto goAt = Clock::now();
    queue(request.limit.goCommand());
    inStep_ = false;  // until its bestmove is read
    served_ = true;
    if (!flush()) return faultUnlessStopped({}, "engine closed its input", stop);

    SearchWatch watch(request, std::move(settings), goAt);
    std::string line;
    std::string exit;
    for (;;) {
        const ReadStatus status = process_.readLine(line, watch.deadline(), watch.wakeOnStop() ? wakeFd_ : -1);
        if (status == ReadStatus::Line) tapReceived(line);
        if (status == ReadStatus::Closed) {
            process_.kill();
            exit = process_.exitDescription();
        }
        SearchWatch::Action action =
            watch.onRead({status, status == ReadStatus::Closed ? std::string_view(exit) : line, Clock::now()});
        if (action.kind == SearchWatch::Action::Kind::SendStop) {
            if (!action.text.empty()) note(action.text);
            if (send("stop")) continue;
            action = watch.stopUnsent();
        }
        if (action.kind != SearchWatch::Action::Kind::Read) return concludeSearch(std::move(action), stop);
    }
}

EngineSession::Attempt EngineSession::concludeSearch(SearchWatch::Action action, const std::stop_token& stop) {
    using Kind = SearchWatch::Action::Kind;
    Attempt out;
    out.result = std::move(action.result);
    switch (action.kind) {
        case Kind::Done:
            inStep_ = action.inStep;
            out.kind = Attempt::Kind::Done;
            return out;
        case Kind::Cancelled:
            if (action.kill) killForFault(action.text);
            out.kind = Attempt::Kind::Cancelled;
            return out;
        case Kind::PastDeadline:
            if (action.kill) {
                killForFault(action.text);
                ++restarts_;
            }
            out.kind = Attempt::Kind::FinalFault;
            out.fault = SearchFault::PastDeadline;
            out.reason = std::move(action.text);
            return out;
        case Kind::Fault:
        case Kind::Read:
        case Kind::SendStop: break;
    }
    out.fault = action.fault;
    return faultUnlessStopped(std::move(out), std::move(action.text), stop);
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
    if (auto invalid = checkRequestOptions(options)) return "invalid option: " + *invalid;
    OptionValues wanted = baseOptions_;
    wanted.insert(wanted.end(), options.begin(), options.end());
    if (auto error = freshProcessIfOptionsChange(wanted, stop)) return failed(*error);
    if (auto error = applyOptions(wanted)) return failed(*error);
    if (!inStep_)
        if (auto error = waitReady()) return failed(*error);
    queue(command);
    inStep_ = false;
    served_ = true;
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
