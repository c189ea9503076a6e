// The make-suite run: engines up, candidates from the source, filters, labelling, the file.
#include "evolution/suite/make_suite.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>

#include "engine/epd.h"
#include "engine/pgn_reader.h"
#include "engine/result.h"
#include "engine/tb/tablebases.h"
#include "evolution/uci/local_engine_pool.h"

namespace mf::suite {

namespace {

// An engine name without a '/' is looked up on PATH, as a shell would; a relative path is made
// absolute, because the engine is started in its own directory.
std::filesystem::path resolveProgram(const std::string& program) {
    if (program.find('/') != std::string::npos) {
        std::error_code ec;
        const auto absolute = std::filesystem::absolute(program, ec);
        return ec ? std::filesystem::path(program) : absolute;
    }
    if (const char* path = std::getenv("PATH")) {
        std::string dirs = path;
        std::size_t start = 0;
        while (start <= dirs.size()) {
            const std::size_t end = std::min(dirs.find(':', start), dirs.size());
            const std::filesystem::path candidate = std::filesystem::path(dirs.substr(start, end - start)) / program;
            std::error_code ec;
            if (std::filesystem::is_regular_file(candidate, ec)) return candidate;
            start = end + 1;
        }
    }
    return program;
}

Result<std::unique_ptr<uci::LocalEnginePool>> startPool(const std::string& program, const MakeSuiteOptions& o,
                                                         std::ostream& log) {
    uci::EngineConfig config;
    config.command.program = resolveProgram(program);
    config.startOptions = {{"Threads", "1"}, {"Hash", std::to_string(o.hashMb)}};
    for (const auto& option : o.engineOptions) config.startOptions.push_back(option);
    auto pool = uci::LocalEnginePool::create(config, o.workers);
    if (!pool) return Error{"engine " + program + ": " + pool.error().message};
    // Options the engine does not know would be skipped silently by the session: refuse them here.
    uci::OptionValues userOptions = o.engineOptions;
    if (auto problem = (*pool)->checkOptions(userOptions)) return Error{"engine " + program + ": " + *problem};
    log << "engine " << program << ": " << (*pool)->engine().name << ", " << (*pool)->workers() << " process(es)\n";
    return std::move(*pool);
}

std::string describeLimit(const uci::SearchLimit& limit) {
    return limit.kind == uci::SearchLimit::Kind::Depth ? "depth " + std::to_string(limit.value)
                                                        : "nodes " + std::to_string(limit.value);
}

std::string describeRules(const LabelRules& r) {
    return "margin >= " + std::to_string(r.minMargin) + " cp, |best| <= " + std::to_string(r.scoreWindow) +
           " cp, in check " + (r.rejectInCheck ? "rejected" : "allowed") + ", trivial recaptures " +
           (r.rejectRecaptures ? "rejected" : "allowed");
}

// Positions of the --exclude files, which count as seen; false (said in `log`) when a file cannot
// be read.
bool readExcludes(const MakeSuiteOptions& o, PositionKeySet& seen, std::ostream& log) {
    for (const std::string& path : o.excludes) {
        EpdFile file = readEpdFile(path);
        if (file.entries.empty() && !file.errors.empty() && file.errors.front().line == 0) {
            log << path << ": " << file.errors.front().message << "\n";
            return false;
        }
        for (const EpdEntry& e : file.entries) seen.insert(positionKey(e.position));
        log << "excluding " << file.entries.size() << " positions of " << path << "\n";
    }
    return true;
}

// The file's first lines: how to make it again and how it is labelled.
std::vector<std::string> suiteHeader(const MakeSuiteOptions& o, const std::string& referenceName) {
    std::vector<std::string> header = {"MateFind EPD suite made by matefind-cli make-suite; rebuild it with:"};
    std::string command = "matefind-cli make-suite";
    for (const std::string& a : o.arguments) command += " " + shellQuote(a);
    header.push_back(command);
    header.push_back("reference: " + referenceName + ", MultiPV 2, " + describeLimit(o.label.limit) +
                     ", Threads 1, Hash " + std::to_string(o.hashMb));
    header.push_back("rules: " + describeRules(o.label.rules));
    return header;
}

bool epdCandidates(const MakeSuiteOptions& o, std::vector<Candidate>& candidates, std::vector<std::string>& header,
                   std::ostream& log) {
    EpdFile file = readEpdFile(o.sourcePath);
    for (const EpdLineError& e : file.errors) log << o.sourcePath << ":" << e.line << ": " << e.message << "\n";
    if (file.entries.empty()) {
        log << "make-suite: no usable position in " << o.sourcePath << "\n";
        return false;
    }
    candidates = candidatesFromEpd(file, o.sample);
    header.push_back("source: " + std::to_string(file.entries.size()) + " positions of " + o.sourcePath);
    return true;
}

bool pgnGames(const MakeSuiteOptions& o, std::vector<GameRecord>& games, std::vector<std::string>& header,
              std::ostream& log) {
    PgnFile file = readPgnFile(o.sourcePath);
    for (const PgnError& e : file.errors) log << e.describe() << "\n";
    if (file.games.empty()) {
        log << "make-suite: no usable game in " << o.sourcePath << "\n";
        return false;
    }
    for (const PgnGame& g : file.games) games.push_back(toGameRecord(g, o.sourcePath));
    header.push_back("source: " + std::to_string(games.size()) + " games of " + o.sourcePath);
    return true;
}

bool selfPlayGames(const MakeSuiteOptions& o, uci::LocalEnginePool& reference, std::vector<GameRecord>& games,
                   std::vector<std::string>& header, std::ostream& log) {
    // The reference pool plays when the same program plays; other programs get pools of their own.
    std::map<std::string, std::unique_ptr<uci::LocalEnginePool>> others;
    std::vector<uci::SearchService*> players;
    std::vector<std::string> names;
    for (const std::string& program : o.playEngines.empty() ? std::vector<std::string>{o.engine} : o.playEngines) {
        if (program == o.engine) {
            players.push_back(&reference);
        } else {
            if (!others.count(program)) {
                auto pool = startPool(program, o, log);
                if (!pool) {
                    log << "make-suite: " << pool.error().message << "\n";
                    return false;
                }
                others[program] = std::move(*pool);
            }
            players.push_back(others[program].get());
        }
        names.push_back(players.back()->engine().name);
    }
    SelfPlayReport played;
    int shownTenth = -1;
    games = playGames(players, o.selfPlay, played, [&](const SelfPlayProgress& p) {
        if (int tenth = p.total > 0 ? p.done * 10 / p.total : 10; tenth != shownTenth) {
            shownTenth = tenth;
            log << "self-play: " << p.done << "/" << p.total << " games over" << std::endl;
        }
    });
    for (const std::string& f : played.failures) log << "self-play: " << f << "\n";
    header.push_back("source: self-play, " + names.front() + (names.size() > 1 ? " vs " + names.back() : " vs itself") +
                     ", " + describeLimit(o.selfPlay.limit) + " per move, " + std::to_string(o.selfPlay.randomPlies) +
                     " random plies, seed " + std::to_string(o.seed) + ": " + std::to_string(o.selfPlay.games) +
                     " games, " + std::to_string(played.unbalanced) + " dropped as unbalanced, " +
                     std::to_string(played.failedSearches) + " cut by failed searches");
    return true;
}

// The candidates of the source: an EPD file's positions, or positions sampled from games.
bool gatherCandidates(const MakeSuiteOptions& o, uci::LocalEnginePool& reference, std::vector<Candidate>& candidates,
                      std::vector<std::string>& header, std::ostream& log) {
    if (o.source == MakeSuiteOptions::Source::Epd) return epdCandidates(o, candidates, header, log);
    std::vector<GameRecord> games;
    const bool read = o.source == MakeSuiteOptions::Source::Pgn ? pgnGames(o, games, header, log)
                                                                 : selfPlayGames(o, reference, games, header, log);
    if (!read) return false;
    const std::uint64_t sampleSeed = mixSeed(o.seed, 0x5A3B1E);  // a stream apart from the openings
    for (std::size_t i = 0; i < games.size(); ++i) {
        auto sampled = sampleGame(games[i], int(i), o.sample, sampleSeed);
        candidates.insert(candidates.end(), std::make_move_iterator(sampled.begin()), std::make_move_iterator(sampled.end()));
    }
    return true;
}

// Labels the candidates with the reference engine (and the endgame tables with --tb-dir); the
// tally goes to the header and the log.
std::vector<SuiteEntry> labelAll(const MakeSuiteOptions& o, uci::LocalEnginePool& reference,
                                 const std::vector<Candidate>& candidates, LabelReport& report,
                                 std::vector<std::string>& header, std::ostream& log) {
    LabelConfig label = o.label;
    std::optional<tb::Tablebases> tables;
    if (!o.tablesDirectory.empty()) {
        tables.emplace(o.tablesDirectory);
        tables->setListener([&](const tb::TableEvent& e) {
            log << "tables: " << e.name << (e.generated ? " generated" : " loaded") << (e.note.empty() ? "" : " (" + e.note + ")") << "\n";
        });
        tables->requireAll();
        label.tables = &*tables;
        header.push_back("positions of up to 4 men covered by MateFind's endgame tables are labelled from them");
    }
    // One progress line per tenth of the candidates or of the wanted count, whichever comes first.
    std::size_t shownTenth = 0;
    std::vector<SuiteEntry> entries = labelCandidates(reference, candidates, label, report, [&](std::size_t kept, std::size_t done) {
        const std::size_t tenth = std::max(done * 10 / std::max<std::size_t>(1, candidates.size()),
                                           label.wanted == 0 ? 0 : kept * 10 / std::max<std::size_t>(1, std::min(label.wanted, candidates.size())));
        if (tenth == shownTenth) return;
        shownTenth = tenth;
        log << "labelling: " << done << "/" << candidates.size() << " looked at, " << kept << " kept" << std::endl;
    });
    for (const std::string& f : report.failures) log << "search failed: " << f << "\n";

    std::string tally = "kept " + std::to_string(entries.size()) + " of " + std::to_string(report.offered) + " candidates looked at";
    for (int v = 1; v < VerdictCount; ++v)
        if (report.verdicts[std::size_t(v)] > 0)
            tally += "; " + std::string(toString(Verdict(v))) + ": " + std::to_string(report.verdicts[std::size_t(v)]);
    header.push_back(tally);
    log << tally << "\n";
    return entries;
}

bool writeSuiteFile(const MakeSuiteOptions& o, const std::vector<std::string>& header,
                    const std::vector<SuiteEntry>& entries, std::ostream& log) {
    std::ofstream out(o.output, std::ios::binary | std::ios::trunc);
    if (!out) {
        log << "make-suite: cannot write " << o.output << "\n";
        return false;
    }
    out << writeSuite(header, entries, o.idPrefix);
    if (!out.flush()) {
        log << "make-suite: error writing " << o.output << "\n";
        return false;
    }
    log << "wrote " << entries.size() << " positions to " << o.output << "\n";
    return true;
}

}  // namespace

int runMakeSuite(const MakeSuiteOptions& o, std::ostream& log) {
    if (o.label.limit.kind == uci::SearchLimit::Kind::MoveTime) {
        log << "make-suite: time limits make runs unrepeatable; use --depth or --nodes\n";
        return 2;
    }
    PositionKeySet seen;  // positions already taken elsewhere (another suite) count as seen
    if (!readExcludes(o, seen, log)) return 1;

    auto reference = startPool(o.engine, o, log);
    if (!reference) {
        log << "make-suite: " << reference.error().message << "\n";
        return 1;
    }
    if (!(*reference)->engine().findOption("MultiPV")) {
        log << "make-suite: engine " << o.engine << " has no MultiPV option; the margin needs two lines\n";
        return 1;
    }
    std::vector<std::string> header = suiteHeader(o, (*reference)->engine().name);

    std::vector<Candidate> candidates;
    if (!gatherCandidates(o, **reference, candidates, header, log)) return 1;
    const std::size_t offered = candidates.size();
    candidates = removeDuplicates(std::move(candidates), seen);
    log << candidates.size() << " candidates (" << offered - candidates.size() << " duplicates or excluded dropped)\n";

    LabelReport report;
    const std::vector<SuiteEntry> entries = labelAll(o, **reference, candidates, report, header, log);
    if (!writeSuiteFile(o, header, entries, log)) return 1;
    if (!report.failures.empty()) return 1;  // the file is complete but some positions were not judged
    return 0;
}

}  // namespace mf::suite
