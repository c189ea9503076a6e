// The make-suite command line: defaults, every option reaching its field, and clear refusals.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/cli/make_options/make_dataset_options.h"
#include "app/cli/make_options/make_suite_options.h"
#include "evolution/suite/make_suite.h"

namespace mf::suite {
namespace {

using Args = std::vector<std::string>;

TEST(MakeSuiteArgs, DefaultsForSelfPlay) {
    auto o = cli::parseMakeSuiteArguments({"--self-play", "--engine", "sf", "--output", "o.epd"});
    ASSERT_TRUE(o.ok()) << o.error().message;
    EXPECT_EQ(o->source, MakeSuiteOptions::Source::SelfPlay);
    EXPECT_EQ(o->label.limit, uci::SearchLimit::depth(12));
    EXPECT_EQ(o->label.rules.minMargin, 100);
    EXPECT_EQ(o->label.rules.scoreWindow, 300);
    EXPECT_TRUE(o->label.rules.rejectInCheck);
    EXPECT_TRUE(o->label.rules.rejectRecaptures);
    EXPECT_EQ(o->workers, 1u);
    EXPECT_EQ(o->seed, 1u);
    EXPECT_EQ(o->selfPlay.seed, 1u);
    EXPECT_EQ(o->idPrefix, "matefind");
}

TEST(MakeSuiteArgs, EveryOptionLands) {
    auto o = cli::parseMakeSuiteArguments({"--pgn", "g.pgn", "--engine=sf", "--nodes", "50000", "--option", "Hash Extra=3",
                                      "--hash", "32", "--workers", "2", "--margin", "80", "--window=250",
                                      "--keep-in-check", "--keep-recaptures", "--min-ply", "10", "--per-game", "0",
                                      "--min-pieces", "12", "--max-pieces", "30", "--output", "x.epd", "--count", "7",
                                      "--exclude", "a.epd", "--exclude", "b.epd", "--id-prefix", "tune", "--seed", "99",
                                      "--tb-dir", "/tmp/tb"});
    ASSERT_TRUE(o.ok()) << o.error().message;
    EXPECT_EQ(o->source, MakeSuiteOptions::Source::Pgn);
    EXPECT_EQ(o->sourcePath, "g.pgn");
    EXPECT_EQ(o->engine, "sf");
    EXPECT_EQ(o->label.limit, uci::SearchLimit::nodes(50000));
    ASSERT_EQ(o->engineOptions.size(), 1u);
    EXPECT_EQ(o->engineOptions[0].first, "Hash Extra");
    EXPECT_EQ(o->engineOptions[0].second, "3");
    EXPECT_EQ(o->hashMb, 32);
    EXPECT_EQ(o->workers, 2u);
    EXPECT_EQ(o->label.rules.minMargin, 80);
    EXPECT_EQ(o->label.rules.scoreWindow, 250);
    EXPECT_FALSE(o->label.rules.rejectInCheck);
    EXPECT_FALSE(o->label.rules.rejectRecaptures);
    EXPECT_EQ(o->sample.minPly, 10);
    EXPECT_EQ(o->sample.perGame, 0);
    EXPECT_EQ(o->sample.minPieces, 12);
    EXPECT_EQ(o->sample.maxPieces, 30);
    EXPECT_EQ(o->output, "x.epd");
    EXPECT_EQ(o->label.wanted, 7u);
    EXPECT_EQ(o->excludes, (std::vector<std::string>{"a.epd", "b.epd"}));
    EXPECT_EQ(o->idPrefix, "tune");
    EXPECT_EQ(o->seed, 99u);
    EXPECT_EQ(o->tablesDirectory, "/tmp/tb");
}

TEST(MakeSuiteArgs, SelfPlayOptions) {
    auto o = cli::parseMakeSuiteArguments({"--self-play", "--engine", "sf", "--output", "o", "--games", "40",
                                      "--random-plies", "6", "--play-engine", "a", "--play-engine", "b",
                                      "--play-nodes", "3000", "--opening-window", "120", "--max-game-plies", "200",
                                      "--seed", "5"});
    ASSERT_TRUE(o.ok()) << o.error().message;
    EXPECT_EQ(o->selfPlay.games, 40);
    EXPECT_EQ(o->selfPlay.randomPlies, 6);
    EXPECT_EQ(o->playEngines, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(o->selfPlay.limit, uci::SearchLimit::nodes(3000));
    EXPECT_EQ(o->selfPlay.openingWindow, 120);
    EXPECT_EQ(o->selfPlay.maxPlies, 200);
    EXPECT_EQ(o->selfPlay.seed, 5u);
}

TEST(MakeSuiteArgs, TheLastOfARepeatedOptionCounts) {
    // A script appends options to a base command line to change them.
    auto o = cli::parseMakeSuiteArguments({"--self-play", "--engine", "sf", "--output", "o", "--margin", "60", "--seed",
                                           "3", "--margin=80", "--output", "p"});
    ASSERT_TRUE(o.ok()) << o.error().message;
    EXPECT_EQ(o->label.rules.minMargin, 80);
    EXPECT_EQ(o->output, "p");
    EXPECT_EQ(o->seed, 3u);
}

TEST(MakeSuiteArgs, RefusalsNameTheProblem) {
    const Args base = {"--engine", "sf", "--output", "o"};
    auto with = [&](Args extra) {
        Args a = base;
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    };
    struct Case {
        Args args;
        const char* words;
    };
    const std::vector<Case> cases = {
        {base, "exactly one source"},
        {with({"--pgn", "a", "--self-play"}), "exactly one source"},
        {{"--self-play", "--output", "o"}, "--engine"},
        {{"--self-play", "--engine", "sf"}, "--output"},
        {with({"--self-play", "--depth", "x"}), "'x' is not an integer"},
        {with({"--self-play", "--depth", "0"}), "outside 1..200"},
        {with({"--self-play", "--depth", "5", "--nodes", "9"}), "one of --depth and --nodes"},
        {with({"--self-play", "--margin"}), "needs a value"},
        {with({"--self-play", "--option", "Hash"}), "NAME=VALUE"},
        {with({"--self-play", "--option", "Threads=4"}), "set by make-suite"},
        {with({"--self-play", "--option", "MultiPV=3"}), "set by make-suite"},
        {with({"--self-play", "--min-pieces", "20", "--max-pieces", "10"}), "above --max-pieces"},
        {with({"--self-play", "--id-prefix", "a b"}), "--id-prefix"},
        {with({"--epd", "x", "--play-engine", "e"}), "needs --self-play"},
        {with({"--self-play", "--play-engine", "a", "--play-engine", "b", "--play-engine", "c"}), "at most two"},
        {with({"--self-play", "--keep-in-check=yes"}), "takes no value"},
        {with({"--self-play", "--frobnicate"}), "unknown option '--frobnicate'"},
        {with({"--self-play", "--workers", "0"}), "outside 1..256"},
    };
    for (const Case& c : cases) {
        std::string joined;
        for (const auto& a : c.args) joined += a + " ";
        SCOPED_TRACE(joined);
        auto o = cli::parseMakeSuiteArguments(c.args);
        ASSERT_FALSE(o.ok());
        EXPECT_NE(o.error().message.find(c.words), std::string::npos) << o.error().message;
    }
}

TEST(MakeSuiteArgs, UsageListsEveryOption) {
    const std::string usage = cli::makeSuiteUsage();
    for (const char* option : {"--pgn", "--epd", "--self-play", "--engine", "--depth", "--nodes", "--option", "--hash",
                               "--workers", "--margin", "--window", "--keep-in-check", "--keep-recaptures", "--min-ply",
                               "--per-game", "--min-pieces", "--max-pieces", "--games", "--random-plies",
                               "--play-engine", "--play-nodes", "--opening-window", "--max-game-plies", "--output",
                               "--count", "--exclude", "--id-prefix", "--seed", "--tb-dir"})
        EXPECT_NE(usage.find(option), std::string::npos) << option;
}

// The self-play games' options are one set in both commands: the same ranges, the same fields.
TEST(MakeSuiteArgs, SelfPlayGameOptionsReadAlikeInMakeSuiteAndMakeDataset) {
    const Args games = {"--games", "2000000", "--random-plies", "5", "--opening-window", "90", "--max-game-plies", "222"};
    Args suiteArgs = {"--self-play", "--engine", "sf", "--output", "o.epd"};
    Args datasetArgs = {"--self-play", "--output", "o.epd"};
    suiteArgs.insert(suiteArgs.end(), games.begin(), games.end());
    datasetArgs.insert(datasetArgs.end(), games.begin(), games.end());
    auto suite = cli::parseMakeSuiteArguments(suiteArgs);
    auto dataset = cli::parseMakeDatasetArguments(datasetArgs);
    ASSERT_TRUE(suite.ok()) << suite.error().message;
    ASSERT_TRUE(dataset.ok()) << dataset.error().message;
    for (const SelfPlayConfig* played : {&suite->selfPlay, &dataset->selfPlay}) {
        EXPECT_EQ(played->games, 2000000);
        EXPECT_EQ(played->randomPlies, 5);
        EXPECT_EQ(played->openingWindow, 90);
        EXPECT_EQ(played->maxPlies, 222);
    }
    auto suiteRefused = cli::parseMakeSuiteArguments({"--self-play", "--engine", "sf", "--output", "o", "--max-game-plies", "0"});
    auto datasetRefused = cli::parseMakeDatasetArguments({"--self-play", "--output", "o", "--max-game-plies", "0"});
    ASSERT_FALSE(suiteRefused.ok());
    ASSERT_FALSE(datasetRefused.ok());
    EXPECT_EQ(suiteRefused.error().message, datasetRefused.error().message);
    EXPECT_NE(suiteRefused.error().message.find("--max-game-plies"), std::string::npos);
}

}  // namespace
}  // namespace mf::suite
