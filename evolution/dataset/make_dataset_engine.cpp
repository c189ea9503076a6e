// make-dataset's engine options, fitted to what the engine announces.
#include "evolution/dataset/make_dataset_engine.h"

#include <algorithm>
#include <filesystem>
#include <ostream>

#include "evolution/dataset/make_dataset.h"
#include "evolution/suite/self_play.h"
#include "evolution/uci/engine_probe.h"
#include "evolution/uci/harness_options.h"

namespace mf::dataset {

namespace {

// --games N begins at most this many times N games (unbalanced openings are dropped and replaced;
// a bound keeps an engine whose every opening is unbalanced from playing forever).
constexpr int kMaxStartedPerGame = 3;

bool userSets(const uci::EngineIdentity& engine, const uci::OptionValues& userOptions, const uci::UciOption& option) {
    return std::any_of(userOptions.begin(), userOptions.end(),
                       [&](const auto& value) { return engine.findOption(value.first) == &option; });
}

}  // namespace

Result<SelfPlayEngineOptions> selfPlayEngineOptions(const uci::EngineIdentity& engine, int hashMb,
                                                    const uci::OptionValues& userOptions) {
    SelfPlayEngineOptions out;

    // One thread, no book, no pondering: what every MateFind session sets (uci/harness_options.h),
    // listed here so the data file's header names them. The thread count is make-dataset's own
    // (a game replays the same only with one thread), so a user's value for it is refused.
    const uci::OptionValues harness = uci::harnessOptions(engine, userOptions, {});
    const std::optional<uci::ThreadOption> threads = uci::threadOption(engine);
    if (threads) {
        const uci::UciOption& option = *threads->option;
        if (userSets(engine, userOptions, option))
            return Error{"option --option: " + option.name + " is set by make-dataset itself (one search thread)"};
        if (threads->count > 1)
            out.notes.push_back(option.name + " " + std::to_string(threads->count) + ": " + engine.name +
                                " allows no fewer threads");
        // The harness leaves out a value that is already the engine's default; the header names it.
        out.startOptions.emplace_back(option.name, std::to_string(threads->count));
    } else {
        out.notes.push_back(engine.name + " announces no thread option (neither \"Threads\" nor \"Number of Threads\"): "
                            "it is taken to search with one thread");
    }

    if (const uci::UciOption* hash = engine.findOption("Hash"); hash && hash->type == uci::OptionType::Spin) {
        if (userSets(engine, userOptions, *hash)) return Error{"option --option: set the hash with --hash MB"};
        const std::int64_t wanted = hashMb;
        const std::int64_t used = std::clamp(wanted, hash->min, std::max(hash->min, hash->max));
        out.startOptions.emplace_back(hash->name, std::to_string(used));
        if (used != wanted)
            out.notes.push_back("Hash " + std::to_string(used) + " MB: --hash " + std::to_string(wanted) + " is " +
                                (wanted < used ? "below " : "above ") + engine.name + "'s " +
                                (wanted < used ? "minimum " : "maximum ") + std::to_string(used));
    } else {
        out.notes.push_back(engine.name + " announces no Hash option: --hash " + std::to_string(hashMb) + " is not sent");
    }

    for (const auto& [name, value] : harness)
        if (!threads || engine.findOption(name) != threads->option) out.startOptions.emplace_back(name, value);

    if (auto invalid = uci::checkOptionValues(engine, userOptions)) return Error{"option --option: " + *invalid};
    for (const auto& option : userOptions) out.startOptions.push_back(option);
    return out;
}

namespace {

std::string listOptions(const uci::OptionValues& options) {
    std::string text;
    for (const auto& [name, value] : options) text += (text.empty() ? "" : ", ") + name + "=" + value;
    return text.empty() ? "none" : text;
}

// What the engine announces, from a start without options (Glaurung refuses the hash make-dataset
// would like, so a start with it would fail before anything could be adjusted). A loaded machine
// can make an engine slow to answer "uci": waited for as long as the limit probe waits.
Result<uci::EngineIdentity> announced(uci::EngineConfig config) {
    config.startOptions.clear();
    config.timeouts.startup = std::max(config.timeouts.startup, std::chrono::milliseconds(60'000));
    config.timeouts.ping = std::max(config.timeouts.ping, std::chrono::milliseconds(60'000));
    uci::EngineSession session(std::move(config));
    if (auto error = session.start()) return Error{*error};
    uci::EngineIdentity identity = session.identity();
    session.shutdown();
    return identity;
}

// Plays the games on `venue`, telling `progress` the games kept and their positions as games end,
// logging them every 5 % of the games kept, and what went wrong; the games go into `out`.
suite::SelfPlayReport playOnVenue(suite::SelfPlayVenue& venue, const MakeDatasetOptions& o, const suite::SelfPlayConfig& sp,
                                  std::ostream& log, std::stop_token stop, const MakeDatasetProgressHandler& progress,
                                  SelfPlayGames& out) {
    suite::SelfPlayReport played;
    PositionCounter counter(o.minPly, o.perGame, std::uint64_t(sp.seed));
    int shownPercent = -1;
    out.games = venue.play(sp, played, [&](const suite::SelfPlayProgress& p) {
        for (const suite::GameRecord* game : p.ended) counter.add(*game);
        if (progress) progress(MakeDatasetProgress{false, false, p.done, p.total, counter.positions()});
        if (int percent = p.total > 0 ? p.done * 100 / p.total : 100; percent / 5 != shownPercent / 5) {
            shownPercent = percent;
            log << "self-play: " << p.done << "/" << p.total << " games kept, " << counter.positions() << " positions"
                << std::endl;
        }
    }, stop);
    for (const std::string& r : played.recoveries) log << "self-play: " << r << "\n";
    for (const std::string& f : played.failures) log << "self-play: " << f << "\n";
    log << "self-play: " << played.describe() << "\n";
    out.stopped = played.stopped;
    return played;
}

}  // namespace

SelfPlayGames playSelfPlayGames(const MakeDatasetOptions& o, std::ostream& log, std::stop_token stop,
                                const suite::SelfPlayVenueFactory& makeVenue, const MakeDatasetProgressHandler& progress) {
    SelfPlayGames out;
    uci::EngineConfig config;
    config.command.program = std::filesystem::absolute(o.engine);
    config.command.arguments = o.engineArguments;
    auto engine = announced(config);
    if (!engine) {
        log << "make-dataset: engine " << o.engine << ": " << engine.error().message << "\n";
        out.exitCode = 1;
        return out;
    }
    auto options = selfPlayEngineOptions(*engine, o.hashMb, o.engineOptions);
    if (!options) {
        log << "make-dataset: engine " << o.engine << " (" << engine->name << "): " << options.error().message << "\n";
        out.exitCode = 1;
        return out;
    }
    config.startOptions = options->startOptions;
    log << "engine " << o.engine << ": " << engine->name << ", options " << listOptions(config.startOptions) << "\n";
    for (const std::string& note : options->notes) log << "note: " << note << "\n";

    const uci::SearchLimit& limit = o.selfPlay.limit;
    uci::LimitCheck check = uci::checkLimitHonoured(config, limit, {}, stop);
    if (stop.stop_requested()) {  // during the check: no game was begun, so there is nothing to write
        log << "make-dataset: stopped before the first game\n";
        out.exitCode = 1;
        return out;
    }
    if (check.nodesPerSecond) config.timeouts.knownNodesPerSecond = *check.nodesPerSecond;
    if (check.engine.empty()) {  // it started bare but not with the options
        log << "make-dataset: engine " << o.engine << ": " << check.message << "\n";
        out.exitCode = 1;
        return out;
    }
    if (check.honoured) {
        log << "limit: " << engine->name << " honours " << uci::goName(limit.kind) << " (" << check.probe.detail << ")\n";
        if (!check.message.empty()) log << "warning: " << check.message << "\n";
    } else if (o.overrideLimitCheck) {
        log << "warning: " << check.message << "; playing anyway (--override-limit-check)\n";
    } else {
        log << "make-dataset: " << check.message << " (--override-limit-check plays anyway)\n";
        out.exitCode = 2;
        return out;
    }

    auto venue = makeVenue(config, o.workers);
    if (!venue) {
        log << "make-dataset: " << venue.error().message << "\n";  // the venue names the engine or the ranks
        out.exitCode = 1;
        return out;
    }
    suite::SelfPlayConfig sp = o.selfPlay;
    // --games counts the games kept, as a user counts them; the venue keeps a few games per
    // process in play at once, so every process stays busy and a stop loses only those.
    sp.replaceUnusable = true;
    sp.maxStarted = kMaxStartedPerGame * sp.games;
    log << "self-play: " << sp.games << " games to keep at " << limit.describe() << " on " << (*venue)->describe()
        << ", at most " << sp.maxStarted << " begun\n";
    const suite::SelfPlayReport played = playOnVenue(**venue, o, sp, log, stop, progress, out);
    out.header.push_back("source: self-play of " + engine->name + " against itself (options " +
                         listOptions(config.startOptions) + "), " + limit.describe() + " per move" +
                         (limit.kind == uci::SearchLimit::Kind::MoveTime ? " (time-limited: not reproducible)" : "") +
                         ", " + std::to_string(sp.randomPlies) + " random plies (first score within " +
                         std::to_string(sp.openingWindow) + " cp), adjudicated at |score| >= " +
                         std::to_string(sp.adjudicateCp) + " cp for " + std::to_string(sp.adjudicatePlies) +
                         " plies, at most " + std::to_string(sp.maxPlies) + " plies, seed " + std::to_string(sp.seed) +
                         ": " + std::to_string(sp.games) + " games to keep, " + std::to_string(played.started) +
                         " begun");
    out.header.push_back("self-play: " + played.describe());
    if (played.stopped)
        out.header.push_back("stopped early: " + std::to_string(out.games.size()) + " games had ended (" +
                             std::to_string(played.leftInPlay) + " in play were left out); the positions below are "
                             "those of the ended games");
    return out;
}

}  // namespace mf::dataset
