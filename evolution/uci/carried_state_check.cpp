#include "evolution/uci/carried_state_check.h"

#include <sstream>

#include "evolution/uci/engine_session.h"

namespace mf::uci {

namespace {

using Scores = std::vector<std::optional<Score>>;

std::string scoreText(const std::optional<Score>& score) {
    if (!score) return "no score";
    return score->kind == ScoreKind::Mate ? "mate " + std::to_string(score->value) : std::to_string(score->value);
}

// One pass: every position at `options`, each search after "ucinewgame" (a depth limit asks for
// one: EngineConfig::newGame's default). A failed search ends the pass with its reason.
std::optional<std::string> scorePass(EngineSession& session, const CarriedStateSettings& settings,
                                     const OptionValues& options, Scores& out, const std::stop_token& stop) {
    out.clear();
    SearchRequest request;
    request.limit = SearchLimit::depth(settings.depth);
    request.options = options;
    for (const std::string& fen : settings.fens) {
        request.fen = fen;
        ++request.id;
        const SearchResult result = session.search(request, stop);
        if (result.status == SearchStatus::Cancelled) return std::string("interrupted");
        if (result.status != SearchStatus::Completed) return fen + ": " + result.failure;
        out.push_back(result.score);
    }
    return std::nullopt;
}

// A reference pass on a process of its own, quit afterwards.
std::optional<std::string> freshPass(const EngineConfig& config, const CarriedStateSettings& settings,
                                     const OptionValues& options, Scores& out, const std::stop_token& stop) {
    EngineSession session(config);
    auto error = scorePass(session, settings, options, out, stop);
    session.shutdown();
    return error;
}

std::size_t differing(const Scores& a, const Scores& b) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) n += a[i] != b[i];
    return n;
}

// The first position where `onOne` differs from `fresh`, as the example of a carried score.
std::string firstDifference(const CarriedStateSettings& settings, const Scores& fresh, const Scores& onOne) {
    for (std::size_t i = 0; i < fresh.size() && i < onOne.size(); ++i)
        if (fresh[i] != onOne[i])
            return settings.fens[i] + ": " + scoreText(fresh[i]) + " on a fresh process, " + scoreText(onOne[i]) +
                   " on one process";
    return {};
}

}  // namespace

CarriedStateCheck checkCarriedState(EngineConfig config, const CarriedStateSettings& settings, std::stop_token stop) {
    CarriedStateCheck check;
    check.positions = settings.fens.size();
    if (settings.fens.empty()) {
        check.error = "no positions to score";
        return check;
    }
    config.freshProcessOnOptionChange = false;  // the one-process passes must stay on one process
    Scores first, other;
    if (auto error = freshPass(config, settings, settings.first, first, stop)) {
        check.error = "the first weights on a fresh process: " + *error;
        return check;
    }
    if (auto error = freshPass(config, settings, settings.other, other, stop)) {
        check.error = "the other weights on a fresh process: " + *error;
        return check;
    }
    check.reached = differing(first, other);

    EngineSession session(config);
    Scores firstOnOne, otherOnOne, backOnOne;
    std::optional<std::string> error = scorePass(session, settings, settings.first, firstOnOne, stop);
    if (!error) error = scorePass(session, settings, settings.other, otherOnOne, stop);
    if (!error) error = scorePass(session, settings, settings.first, backOnOne, stop);
    const int restarts = session.restarts();
    session.shutdown();
    if (error) {
        check.error = "on one process: " + *error;
        return check;
    }
    // A restart after a fault is a fresh process: the passes no longer test one process.
    if (restarts > 0) {
        check.error = "the engine was restarted " + std::to_string(restarts) + " time(s) after a fault during the passes on one process";
        return check;
    }
    if (differing(first, firstOnOne) > 0) {
        check.error = "the first pass on one process differs from the fresh process's at the same weights (" +
                      firstDifference(settings, first, firstOnOne) + "): the engine's scores are not reproducible";
        return check;
    }
    check.carriedIntoOther = differing(other, otherOnOne);
    check.carriedBack = differing(first, backOnOne);
    check.example = check.carriedIntoOther ? firstDifference(settings, other, otherOnOne)
                                           : firstDifference(settings, first, backOnOne);
    return check;
}

std::string describeCarriedState(const CarriedStateCheck& check, int depth) {
    std::ostringstream out;
    if (check.error) {
        out << "not checked: " << *check.error;
        return out.str();
    }
    const std::string what = std::to_string(check.positions) + " positions at depth " + std::to_string(depth);
    if (check.inconclusive()) {
        out << "not shown: the other weights moved none of the " << what
            << "'s scores (choose terms that reach the evaluation of these positions)";
    } else if (check.carriesNothing()) {
        out << "carries nothing across weight changes (" << what << ", the other weights moved " << check.reached
            << " scores): a run may keep its process (--keep-process)";
    } else {
        out << "CARRIES STATE across weight changes: on one process " << check.carriedIntoOther
            << " scores at the other weights and " << check.carriedBack << " back at the first differ from a fresh "
            << "process's (" << what << "; first: " << check.example
            << "). Keep the fresh process per weight change (the default)";
    }
    return out.str();
}

}  // namespace mf::uci
