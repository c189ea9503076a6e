// make-dataset --self-play end to end on the fake engine (tests/uci/fake_engine.cpp), started
// through a small shell script that gives it its fault flags: the options fitted to what it
// announces, the limit check's refusal, and a game that survives a crash by a retry (counted in
// the header) against one cut by an engine that has no move (counted too). The fake plays
// Fool's Mate from its "Script" option, so every game is the same short game.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "engine/attacks.h"
#include "app/cli/make_options/make_dataset_options.h"
#include "evolution/dataset/dataset_reader.h"
#include "evolution/dataset/make_dataset.h"
#include "evolution/suite/dispatched_self_play.h"
#include "evolution/uci/local_engine_pool.h"
#include "tests/uci/fake_engine_support.h"

namespace mf::dataset {
namespace {

const char* const FoolsMate = "f2f3 e7e5 g2g4 d8h4";

class MakeDatasetRun : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }

    // A script that runs the fake engine with `flags`, its stderr (every command it received)
    // appended to engine.log.
    std::filesystem::path engine(const std::string& flags) {
        const auto path = dir_.path() / "fake.sh";
        std::ofstream(path) << "#!/bin/sh\nexec '" << MATEFIND_FAKE_ENGINE << "' " << flags << " 2>>'"
                            << (dir_.path() / "engine.log").string() << "'\n";
        std::filesystem::permissions(path, std::filesystem::perms::owner_all);
        return path;
    }

    MakeDatasetOptions options(const std::filesystem::path& program, std::vector<std::string> extra = {}) {
        std::vector<std::string> args = {"--self-play", "--engine", program.string(), "--option", std::string("Script=") + FoolsMate,
                                         "--depth", "2", "--random-plies", "0", "--min-ply", "0", "--workers", "1",
                                         "--output", (dir_.path() / "out.epd").string()};
        args.insert(args.end(), extra.begin(), extra.end());
        auto parsed = cli::parseMakeDatasetArguments(args);
        EXPECT_TRUE(parsed.ok()) << parsed.error().message;
        return *parsed;
    }

    std::string read(const std::string& name) {
        std::ifstream in(dir_.path() / name);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }

    uci::testing::ScratchDir dir_;
};

TEST_F(MakeDatasetRun, FitsTheOptionsToTheEngineAndPlaysItsGames) {
    std::ostringstream log;
    ASSERT_EQ(runMakeDataset(options(engine(""), {"--games", "2", "--hash", "5000"}), log), 0) << log.str();
    // The fake has Hash 1..1024 and no thread option; it is told so, and the log says why.
    EXPECT_NE(log.str().find("note: Hash 1024 MB: --hash 5000 is above FakeEngine 1.0's maximum 1024"), std::string::npos)
        << log.str();
    EXPECT_NE(log.str().find("FakeEngine 1.0 announces no thread option"), std::string::npos) << log.str();
    EXPECT_NE(log.str().find("limit: FakeEngine 1.0 honours `go depth`"), std::string::npos) << log.str();
    const std::string sent = read("engine.log");
    EXPECT_NE(sent.find("< setoption name Hash value 1024"), std::string::npos) << sent;
    // Ponder is already false by default in the fake: nothing to send (uci/harness_options.h).
    EXPECT_EQ(sent.find("Ponder"), std::string::npos) << sent;
    EXPECT_EQ(sent.find("Threads"), std::string::npos) << sent;
    const std::string file = read("out.epd");
    EXPECT_NE(file.find("(options Hash=1024, Script=f2f3 e7e5 g2g4 d8h4), depth 2 per move"),
              std::string::npos)
        << file;
    EXPECT_NE(file.find("self-play: 0 searches recovered by a retry on a fresh process; 0 games cut"), std::string::npos)
        << file;
    // Fool's Mate twice: start, f3, e5 and g4 are quiet, the mate is in check; the second game repeats them.
    EXPECT_NE(file.find("2 games (0 without a result, not used); 10 positions looked at: 2 in check, 0 with a capture "
                        "pending, 4 duplicates; kept 4 (White won 0, drawn 0, Black won 4)"),
              std::string::npos)
        << file;
}

TEST_F(MakeDatasetRun, AGameSurvivesACrashThatARetryOnAFreshProcessMends) {
    // The first search of the position after 1.f3 e5 crashes the fake (the limit check searches
    // other positions); the session restarts it and asks again.
    std::ostringstream log;
    const std::string once = (dir_.path() / "crashed").string();
    ASSERT_EQ(runMakeDataset(options(engine("--fault=crash --fault-position=e7e5 --fault-once=" + once), {"--games", "1"}), log), 0)
        << log.str();
    EXPECT_NE(log.str().find("self-play: self-play game 1 ply 3: recovered by a retry on a fresh process (g2g4)"),
              std::string::npos)
        << log.str();
    const std::string file = read("out.epd");
    EXPECT_NE(file.find("self-play: 1 search recovered by a retry on a fresh process; 0 games cut by a failed search"),
              std::string::npos)
        << file;
    EXPECT_NE(file.find("kept 4 (White won 0, drawn 0, Black won 4)"), std::string::npos) << file;
}

TEST_F(MakeDatasetRun, AGameWhoseEngineHasNoMoveIsCutAndCounted) {
    // The fake answers "bestmove (none)" after 1.f3 e5 every time, retried or not.
    std::ostringstream log;
    EXPECT_EQ(runMakeDataset(options(engine("--fault=none-move --fault-position=e7e5"), {"--games", "1"}), log), 1)
        << log.str();  // no position: the game has no result
    EXPECT_NE(log.str().find("self-play: self-play game 1 ply 3: failed"), std::string::npos) << log.str();
    // --games counts games kept with a result: each cut game is replaced by the next seed's, up to
    // three begun for the one asked for; all three are cut the same way.
    const std::string file = read("out.epd");
    EXPECT_NE(file.find("1 games to keep, 3 begun"), std::string::npos) << file;
    EXPECT_NE(file.find("3 games cut by a failed search (3 no move in a live position, 0 past the deadline, 0 other)"),
              std::string::npos)
        << file;
    EXPECT_NE(file.find("3 games (3 without a result, not used)"), std::string::npos) << file;
}

TEST_F(MakeDatasetRun, AnEngineThatBreaksTheLimitIsRefusedWithTheModesThatWork) {
    std::ostringstream log;
    const auto fake = engine("--nodes=depth-one");  // as Ethereal 12 does under `go nodes`
    EXPECT_EQ(runMakeDataset(options(fake, {"--games", "1"}), log), 0) << log.str();  // depth: honoured

    std::vector<std::string> args = {"--self-play", "--engine", fake.string(), "--nodes", "3000", "--games", "1",
                                     "--output", (dir_.path() / "refused.epd").string()};
    auto refused = cli::parseMakeDatasetArguments(args);
    ASSERT_TRUE(refused.ok()) << refused.error().message;
    std::ostringstream refusal;
    EXPECT_EQ(runMakeDataset(*refused, refusal), 2);
    EXPECT_NE(refusal.str().find("make-dataset: FakeEngine 1.0 stops far too early under `go nodes`"), std::string::npos) << refusal.str();
    EXPECT_NE(refusal.str().find("use --depth or --movetime (--override-limit-check plays anyway)"), std::string::npos)
        << refusal.str();
    EXPECT_FALSE(std::filesystem::exists(dir_.path() / "refused.epd"));
}

TEST_F(MakeDatasetRun, AnEngineThatCannotStartIsNamed) {
    std::ostringstream log;
    EXPECT_EQ(runMakeDataset(options(engine("--fault=exit-at-start")), log), 1);
    EXPECT_NE(log.str().find("make-dataset: engine "), std::string::npos) << log.str();
    EXPECT_NE(log.str().find("fake.sh"), std::string::npos) << log.str();
}

TEST_F(MakeDatasetRun, EngineArgumentsReachTheEngine) {
    // The fake engine started directly, its fault flags given as --engine-arg: it then has no
    // move after 1.f3 e5, every time, so the one game asked for (and its two replacements) is cut.
    auto args = [&](bool withFault) {
        std::vector<std::string> a = {"--self-play", "--engine", MATEFIND_FAKE_ENGINE, "--option", std::string("Script=") + FoolsMate,
                                      "--depth", "2", "--random-plies", "0", "--min-ply", "0", "--workers", "1",
                                      "--games", "1", "--output", (dir_.path() / "args.epd").string()};
        if (withFault) a.insert(a.end(), {"--engine-arg=--fault=none-move", "--engine-arg", "--fault-position=e7e5"});
        return a;
    };
    std::ostringstream plainLog;
    auto plain = cli::parseMakeDatasetArguments(args(false));
    ASSERT_TRUE(plain.ok()) << plain.error().message;
    EXPECT_EQ(runMakeDataset(*plain, plainLog), 0) << plainLog.str();
    std::ostringstream log;
    auto faulty = cli::parseMakeDatasetArguments(args(true));
    ASSERT_TRUE(faulty.ok()) << faulty.error().message;
    EXPECT_EQ(runMakeDataset(*faulty, log), 1) << log.str();
    EXPECT_NE(log.str().find("self-play: self-play game 1 ply 3: failed"), std::string::npos) << log.str();
    EXPECT_NE(read("args.epd").find("--engine-arg=--fault=none-move --engine-arg --fault-position=e7e5"), std::string::npos)
        << read("args.epd");  // the header's command as typed, one argument each
}

// The figures a front end shows while the games are played are those of the file once written:
// games kept of the target, and the positions the ended games give. A stop from the handler ends
// the run with the positions of the games that had ended, and the last figures say so.
TEST_F(MakeDatasetRun, ProgressTellsTheGamesAndPositionsTheFileHolds) {
    const auto bundled = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
    if (!std::filesystem::exists(bundled)) GTEST_SKIP() << "matefind-engine not built at " << bundled;
    for (const bool stopEarly : {false, true}) {
        const std::string output = stopEarly ? "stopped.epd" : "whole.epd";
        auto parsed = cli::parseMakeDatasetArguments({"--self-play", "--engine", bundled.string(), "--nodes", "200",
                                                      "--games", stopEarly ? "12" : "4", "--workers", "2", "--seed", "5",
                                                      "--output", (dir_.path() / output).string()});
        ASSERT_TRUE(parsed.ok()) << parsed.error().message;
        std::vector<MakeDatasetProgress> heard;
        std::stop_source stop;
        std::ostringstream log;
        const int code = runMakeDataset(*parsed, log, stop.get_token(), suite::localSelfPlayVenue,
                                        [&](const MakeDatasetProgress& p) {
                                            heard.push_back(p);
                                            if (stopEarly && p.gamesKept >= 2) stop.request_stop();
                                        });
        EXPECT_EQ(code, stopEarly ? 1 : 0) << log.str();
        ASSERT_GE(heard.size(), 3u) << log.str();
        const MakeDatasetProgress written = heard.back();
        EXPECT_TRUE(written.written);
        EXPECT_EQ(written.stopped, stopEarly);
        const Dataset file = readDataset((dir_.path() / output).string());
        EXPECT_TRUE(file.errors.empty());
        EXPECT_EQ(written.positions, file.positions.size());
        EXPECT_GT(written.positions, 0u);
        // While playing: counts that only grow, ending on what the file holds.
        for (std::size_t i = 0; i + 1 < heard.size(); ++i) {
            EXPECT_FALSE(heard[i].written);
            EXPECT_EQ(heard[i].gamesTarget, stopEarly ? 12 : 4);
            if (i > 0) {
                EXPECT_GE(heard[i].gamesKept, heard[i - 1].gamesKept);
                EXPECT_GE(heard[i].positions, heard[i - 1].positions);
            }
        }
        EXPECT_EQ(heard[heard.size() - 2].positions, written.positions);
        EXPECT_EQ(heard[heard.size() - 2].gamesKept, written.gamesKept);
        if (stopEarly) {
            EXPECT_GE(written.gamesKept, 2);
            EXPECT_LT(written.gamesKept, 12);
            EXPECT_TRUE(std::any_of(file.header.begin(), file.header.end(),
                                    [](const std::string& line) { return line.starts_with("stopped early: "); }))
                << file.header.size();
        } else {
            EXPECT_EQ(written.gamesKept, 4);
        }
        EXPECT_NE(log.str().find(" games kept, "), std::string::npos) << log.str();
    }
}

// Plays as make-dataset --mpi does, without MPI: one game at a time through playDispatchedGames,
// each on a thread of its own over a local pool, later games given a head start so that games
// end out of order.
class ThreadPerGameVenue final : public suite::SelfPlayVenue {
public:
    explicit ThreadPerGameVenue(std::unique_ptr<uci::LocalEnginePool> pool) : pool_(std::move(pool)) {}
    ~ThreadPerGameVenue() override = default;
    std::string describe() const override { return "a thread per game"; }
    std::vector<suite::GameRecord> play(const suite::SelfPlayConfig& config, suite::SelfPlayReport& report,
                                        const suite::SelfPlayProgressHandler& progress, std::stop_token stop) override {
        std::vector<std::jthread> threads;
        auto games = suite::playDispatchedGames(
            [&](int index, std::stop_token token, suite::GameDone done) {
                threads.emplace_back([this, &config, index, token, done = std::move(done)] {
                    std::this_thread::sleep_for(std::chrono::milliseconds(20 * (3 - index % 4)));
                    done(suite::playOneGame(*pool_, config, index, token));
                });
            },
            4, config, report, progress, stop);
        return games;
    }

private:
    std::unique_ptr<uci::LocalEnginePool> pool_;
};

TEST_F(MakeDatasetRun, GamesPlayedOneAtATimeElsewhereMakeTheSameFileWithoutMpiInItsCommand) {
    const auto bundled = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
    if (!std::filesystem::exists(bundled)) GTEST_SKIP() << "matefind-engine not built at " << bundled;
    auto args = [&](const std::string& output) {
        return std::vector<std::string>{"--self-play", "--engine", bundled.string(), "--nodes", "200", "--games", "6",
                                        "--workers", "2", "--seed", "11", "--output", (dir_.path() / output).string()};
    };
    std::ostringstream localLog;
    auto local = cli::parseMakeDatasetArguments(args("same.epd"));
    ASSERT_TRUE(local.ok()) << local.error().message;
    ASSERT_EQ(runMakeDataset(*local, localLog), 0) << localLog.str();
    const std::string expected = read("same.epd");
    std::filesystem::rename(dir_.path() / "same.epd", dir_.path() / "local.epd");

    auto elsewhereArgs = args("same.epd");
    elsewhereArgs.push_back("--mpi");  // the library only leaves it out of the header
    auto elsewhere = cli::parseMakeDatasetArguments(elsewhereArgs);
    ASSERT_TRUE(elsewhere.ok()) << elsewhere.error().message;
    std::ostringstream log;
    const suite::SelfPlayVenueFactory threadPerGame =
        [](const uci::EngineConfig& config, std::size_t workers) -> Result<std::unique_ptr<suite::SelfPlayVenue>> {
        auto pool = uci::LocalEnginePool::create(config, workers);
        if (!pool) return pool.error();
        return std::unique_ptr<suite::SelfPlayVenue>(std::make_unique<ThreadPerGameVenue>(std::move(pool.value())));
    };
    ASSERT_EQ(runMakeDataset(*elsewhere, log, {}, threadPerGame), 0) << log.str();
    EXPECT_NE(log.str().find("6 games to keep at nodes 200 on a thread per game"), std::string::npos) << log.str();
    EXPECT_EQ(read("same.epd"), expected);
    EXPECT_EQ(expected.find("--mpi"), std::string::npos);
    EXPECT_NE(expected.find("kept "), std::string::npos) << expected;
}

}  // namespace
}  // namespace mf::dataset
