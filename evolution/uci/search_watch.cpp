#include "evolution/uci/search_watch.h"

#include <utility>

#include "evolution/uci/uci_protocol.h"

namespace mf::uci {
namespace {

using Action = SearchWatch::Action;
using Kind = SearchWatch::Action::Kind;

std::string milliseconds(std::chrono::milliseconds ms) { return std::to_string(ms.count()) + " ms"; }

// "position <fen>" or "position <fen> moves e2e4 e7e5", for failure messages.
std::string describePosition(const SearchRequest& request) {
    std::string text = "position " + request.fen;
    if (!request.moves.empty()) {
        text += " moves";
        for (const auto& move : request.moves) text += " " + move;
    }
    return text;
}

Action act(Kind kind, std::string text = {}, bool kill = false) {
    Action action;
    action.kind = kind;
    action.text = std::move(text);
    action.kill = kill;
    return action;
}

}  // namespace

SearchWatch::SearchWatch(const SearchRequest& request, Settings settings, Clock::time_point goAt)
    : request_(request), settings_(std::move(settings)), goAt_(goAt), deadline_(goAt + settings_.deadline.budget) {}

std::int64_t SearchWatch::elapsedMs(Clock::time_point at) const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(at - goAt_).count();
}

std::string SearchWatch::pastDeadlineReason() const {
    return settings_.engine + " passed its deadline of " + milliseconds(settings_.deadline.budget) + " (" +
           request_.limit.describe() + "; deadline: " + settings_.deadline.rule + ") in " + describePosition(request_);
}

SearchWatch::Action SearchWatch::onRead(const Read& read) {
    switch (read.status) {
        case ReadStatus::Line: return onLine(read.text, read.at);
        case ReadStatus::Interrupted:
            // Ask politely; an engine that does not answer "stop" in time is killed.
            stopping_ = true;
            deadline_ = read.at + settings_.stopAnswer;
            return act(Kind::SendStop);
        case ReadStatus::Timeout: return onTimeout(read.at);
        case ReadStatus::Closed:
            if (pastDeadline_) return act(Kind::PastDeadline, pastDeadlineReason() + "; the engine exited");
            return act(Kind::Fault, "engine exited during the search (" + std::string(read.text) + ")");
        case ReadStatus::TooLong: return act(Kind::Fault, "garbage flood: a line longer than 1 MiB");
    }
    return act(Kind::Read);
}

SearchWatch::Action SearchWatch::stopUnsent() const {
    // The deadline's "stop" is the latest whenever the deadline has passed: the failure stays
    // a deadline failure.
    if (pastDeadline_) return act(Kind::PastDeadline, pastDeadlineReason());
    return act(Kind::Fault, "engine closed its input");
}

SearchWatch::Action SearchWatch::onTimeout(Clock::time_point at) {
    if (stopping_) return act(Kind::Cancelled, "no bestmove after 'stop'", true);
    if (pastDeadline_) {
        return act(Kind::PastDeadline,
                   pastDeadlineReason() + "; no bestmove " + milliseconds(settings_.stopGrace) + " after 'stop', killed",
                   true);
    }
    pastDeadline_ = true;
    deadline_ = at + settings_.stopGrace;
    return act(Kind::SendStop, "deadline of " + milliseconds(settings_.deadline.budget) + " passed: sending 'stop'");
}

SearchWatch::Action SearchWatch::onLine(std::string_view line, Clock::time_point at) {
    const LineKind kind = classifyLine(line);
    if (kind == LineKind::Info) return onInfo(line, at);
    if (kind == LineKind::BestMove) return onBestMove(line, at);
    if (++noise_ > settings_.maxNoiseLines)
        return act(Kind::Fault, "garbage flood: more than " + std::to_string(settings_.maxNoiseLines) +
                                    " lines that are neither info nor bestmove");
    return act(Kind::Read);
}

SearchWatch::Action SearchWatch::onInfo(std::string_view line, Clock::time_point at) {
    auto info = parseInfoLine(line);
    if (!info) return act(Kind::Read);
    transcript_.add(*info, elapsedMs(at));
    if (info->nodes) lastNodes_ = *info->nodes;
    if (overrunStopped_ || !wakeOnStop() || nodesLimitBreak(request_.limit, lastNodes_) != LimitBreak::Above)
        return act(Kind::Read);
    overrunStopped_ = true;
    return act(Kind::SendStop,
               "reported " + std::to_string(lastNodes_) + " nodes for " + request_.limit.describe() + ": sending 'stop'");
}

SearchWatch::Action SearchWatch::onBestMove(std::string_view line, Clock::time_point at) {
    if (stopping_) return act(Kind::Cancelled);  // the process stays usable
    // An answer to the deadline's "stop": in step again, so the process stays; the search still failed.
    if (pastDeadline_) return act(Kind::PastDeadline, pastDeadlineReason() + "; it answered 'stop'");

    Action action;
    action.result.thinkTime = at - goAt_;
    // "bestmove" alone parses to nothing: an empty bestmove, one of the three ways to say
    // "no move" that only a position without legal moves allows.
    auto best = parseBestMoveLine(line);
    const std::string move = best ? best->move : std::string();
    const MoveCheck* check = settings_.moveCheck && *settings_.moveCheck ? settings_.moveCheck : nullptr;
    if (move.empty() || move == "(none)" || move == "0000") {
        const std::string said = move.empty() ? "an empty bestmove" : "'bestmove " + move + "'";
        if (check)
            if (auto why = (*check)(request_, "(none)")) {
                action.kind = Kind::Fault;
                action.fault = SearchFault::NoMove;
                action.text = settings_.engine + " answered " + said + " in " + describePosition(request_) + " (" +
                              *why + ")";
                return action;
            }
    } else if (check) {
        if (auto illegal = (*check)(request_, move)) {
            action.kind = Kind::Fault;
            action.text = "illegal bestmove '" + move.substr(0, 16) + "': " + *illegal;
            return action;
        }
    }
    action.kind = Kind::Done;
    // In step again, unless "stop" went out while the engine was finishing (it may answer that
    // "stop" with a second bestmove).
    action.inStep = !overrunStopped_;
    action.result.bestMove = move.empty() ? "(none)" : move;
    if (best) action.result.ponder = best->ponder;
    transcript_.finish(action.result.bestMove, elapsedMs(at), action.result);
    return action;
}

}  // namespace mf::uci
