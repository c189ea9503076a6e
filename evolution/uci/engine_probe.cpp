#include "evolution/uci/engine_probe.h"

#include <algorithm>

namespace mf::uci {
namespace {

std::int64_t thinkMs(const SearchResult& result) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(result.thinkTime).count();
}

std::string goText(const SearchLimit& limit) { return limit.goCommand(); }

SearchRequest probeRequest(std::uint64_t id, const SearchLimit& limit, const ProbeSettings& settings) {
    SearchRequest request;
    request.id = id;
    request.fen = settings.fen;
    request.moves = settings.moves;
    request.limit = limit;
    request.options = settings.options;
    return request;
}

// Speed from one completed search, if it lasted long enough to measure the engine.
std::optional<double> speedOf(const SearchResult& result) {
    if (result.status != SearchStatus::Completed || result.nodes <= 0 || thinkMs(result) < SpeedRecord::kMinSampleMs)
        return std::nullopt;
    return static_cast<double>(result.nodes) * 1000.0 / static_cast<double>(thinkMs(result));
}

std::string verdictPhrase(LimitVerdict verdict, SearchLimit::Kind kind) {
    switch (verdict) {
        case LimitVerdict::Ignored: return "ignores " + goName(kind);
        case LimitVerdict::StopsEarly: return "stops far too early under " + goName(kind);
        case LimitVerdict::Failed: return "fails under " + goName(kind);
        case LimitVerdict::Unknown: return "cannot be checked under " + goName(kind);
        case LimitVerdict::Honoured: return "honours " + goName(kind);
    }
    return "?";
}

}  // namespace

std::string_view toString(LimitVerdict verdict) {
    switch (verdict) {
        case LimitVerdict::Honoured: return "honoured";
        case LimitVerdict::Ignored: return "ignored";
        case LimitVerdict::StopsEarly: return "stops early";
        case LimitVerdict::Failed: return "failed";
        case LimitVerdict::Unknown: return "unknown";
    }
    return "?";
}

std::string_view limitFlag(SearchLimit::Kind kind) {
    switch (kind) {
        case SearchLimit::Kind::MoveTime: return "--movetime";
        case SearchLimit::Kind::Depth: return "--depth";
        case SearchLimit::Kind::Nodes: return "--nodes";
    }
    return "?";
}

std::string goName(SearchLimit::Kind kind) {
    switch (kind) {
        case SearchLimit::Kind::MoveTime: return "`go movetime`";
        case SearchLimit::Kind::Depth: return "`go depth`";
        case SearchLimit::Kind::Nodes: return "`go nodes`";
    }
    return "?";
}

LimitProbe judgeLimit(const SearchLimit& limit, const SearchResult& result) {
    LimitProbe probe;
    probe.limit = limit;
    probe.nodes = result.nodes;
    probe.depth = result.depth;
    probe.time = std::chrono::milliseconds(thinkMs(result));
    if (result.status != SearchStatus::Completed) {
        probe.verdict = LimitVerdict::Failed;
        probe.detail = result.status == SearchStatus::Cancelled ? "cancelled" : result.failure;
        return probe;
    }
    const std::string reported = "reported " + std::to_string(result.nodes) + " nodes at depth " +
                                 std::to_string(result.depth) + " for " + goText(limit);
    switch (limit.kind) {
        case SearchLimit::Kind::Nodes:
            if (result.nodes <= 0) {
                probe.verdict = LimitVerdict::Unknown;
                probe.detail = "reports no node counts for " + goText(limit);
                break;
            }
            switch (nodesLimitBreak(limit, result.nodes)) {
                case LimitBreak::Above: probe.verdict = LimitVerdict::Ignored; break;
                case LimitBreak::Below: probe.verdict = LimitVerdict::StopsEarly; break;
                case LimitBreak::None: probe.verdict = LimitVerdict::Honoured; break;
            }
            probe.detail = reported;
            break;
        case SearchLimit::Kind::Depth: {
            const std::int64_t asked = limit.value;
            const std::int64_t reached = result.depth;
            if (reached <= 0) {
                probe.verdict = LimitVerdict::Unknown;
                probe.detail = "reports no depth for " + goText(limit);
                break;
            }
            // Engines report the depth of the last iteration; a ply or two more (a last
            // iteration begun) is normal, twice as deep is not.
            if (reached > asked + 2 && reached > 2 * asked) probe.verdict = LimitVerdict::Ignored;
            else if (2 * reached < asked) probe.verdict = LimitVerdict::StopsEarly;
            else probe.verdict = LimitVerdict::Honoured;
            probe.detail = reported;
            break;
        }
        case SearchLimit::Kind::MoveTime:
            // Only "far too early" is judged by the clock: a loaded machine makes a search
            // slower, never faster. Too late is the deadline's business (a Failed search).
            probe.verdict = probe.time.count() * 10 < limit.value ? LimitVerdict::StopsEarly : LimitVerdict::Honoured;
            probe.detail = "answered after " + std::to_string(probe.time.count()) + " ms at depth " +
                           std::to_string(result.depth) + " with " + std::to_string(result.nodes) + " nodes for " +
                           goText(limit);
            break;
    }
    return probe;
}

const LimitProbe* ProbeReport::find(SearchLimit::Kind kind) const {
    for (const auto& probe : limits)
        if (probe.limit.kind == kind) return &probe;
    return nullptr;
}

std::vector<SearchLimit::Kind> ProbeReport::honouredKinds() const {
    std::vector<SearchLimit::Kind> kinds;
    for (auto kind : {SearchLimit::Kind::Depth, SearchLimit::Kind::MoveTime, SearchLimit::Kind::Nodes})
        if (const LimitProbe* probe = find(kind); probe && probe->verdict == LimitVerdict::Honoured) kinds.push_back(kind);
    return kinds;
}

namespace {

// A loaded machine can make an engine slow to get ready (Toga II took 24 s to answer its first
// "isready" at load average 48): probes wait longer than a run would, so they give a verdict
// instead of a time-out.
EngineConfig patient(EngineConfig config) {
    config.timeouts.startup = std::max(config.timeouts.startup, std::chrono::milliseconds(60'000));
    config.timeouts.ping = std::max(config.timeouts.ping, std::chrono::milliseconds(60'000));
    return config;
}

}  // namespace

ProbeReport probeEngine(const EngineConfig& config, const ProbeSettings& settings, std::stop_token stop) {
    ProbeReport report;
    EngineSession session(patient(config));
    if (auto error = session.start(stop)) {
        report.startError = *error;
        return report;
    }
    report.identity = session.identity();
    std::uint64_t id = 0;
    std::int64_t longestMs = -1;
    for (const auto& limit : settings.limits) {
        if (stop.stop_requested()) break;
        SearchResult result = session.search(probeRequest(++id, limit, settings), stop);
        report.limits.push_back(judgeLimit(limit, result));
        if (auto nps = speedOf(result); nps && thinkMs(result) > longestMs) {
            longestMs = thinkMs(result);
            report.nodesPerSecond = nps;
        }
    }
    session.shutdown();
    return report;
}

LimitCheck checkLimitHonoured(const EngineConfig& config, const SearchLimit& limit, const OptionValues& searchOptions,
                              std::stop_token stop) {
    LimitCheck check;
    EngineSession session(patient(config));
    if (auto error = session.start(stop)) {
        check.message = "cannot check the engine's limits: " + *error;
        return check;
    }
    check.engine = session.identity().name;
    if (auto invalid = checkOptionValues(session.identity(), searchOptions)) {
        check.optionError = *invalid;
        check.message = *invalid;
        return check;
    }
    ProbeSettings settings;
    settings.options = searchOptions;
    std::uint64_t id = 0;
    auto run = [&](const SearchLimit& probeLimit) {
        SearchResult result = session.search(probeRequest(++id, probeLimit, settings), stop);
        if (auto nps = speedOf(result)) check.nodesPerSecond = check.nodesPerSecond ? std::min(*check.nodesPerSecond, *nps) : *nps;
        return judgeLimit(probeLimit, result);
    };
    // A short movetime search first: it measures the speed, so the probe in the chosen mode
    // already has a deadline derived from it.
    const SearchLimit speedLimit = SearchLimit::moveTime(200);
    std::optional<LimitProbe> timeProbe;
    if (limit.kind != SearchLimit::Kind::MoveTime) timeProbe = run(speedLimit);
    check.probe = run(limit);
    if (stop.stop_requested()) {
        check.message = "the check of " + goName(limit.kind) + " was cancelled";
        return check;
    }
    const LimitVerdict verdict = check.probe.verdict;
    if (verdict == LimitVerdict::Honoured) {
        check.honoured = true;
        return check;
    }
    if (verdict == LimitVerdict::Unknown) {
        // Nothing to judge by is no reason to refuse; the caller shows it as a warning.
        check.honoured = true;
        check.message = "cannot tell whether " + check.engine + " honours " + goName(limit.kind) + ": it " + check.probe.detail;
        return check;
    }

    // Refused: which modes would work? Probed on the same process (no second start-up).
    ProbeReport report;
    for (const auto& candidate : ProbeSettings{}.limits) {
        if (candidate.kind == limit.kind || stop.stop_requested()) continue;
        if (candidate.kind == SearchLimit::Kind::MoveTime && timeProbe) report.limits.push_back(*timeProbe);
        else report.limits.push_back(run(candidate));
    }
    session.shutdown();
    check.working = report.honouredKinds();

    std::string advice;
    for (std::size_t i = 0; i < check.working.size(); ++i)
        advice += (i == 0 ? "" : i + 1 == check.working.size() ? " or " : ", ") + std::string(limitFlag(check.working[i]));
    // "(it reported 5 nodes ...)" for a verdict on what it reported; the failure as it is.
    const std::string why = verdict == LimitVerdict::Failed ? check.probe.detail : "it " + check.probe.detail;
    check.message = check.engine + " " + verdictPhrase(verdict, limit.kind) + " (" + why + ")" +
                    (advice.empty() ? ": no limit mode works with it" : ": use " + advice);
    return check;
}

}  // namespace mf::uci
