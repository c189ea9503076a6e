// make-dataset's engine options, fitted to what real engines announce (their option lines as the
// Debian packages print them), and the self-play arguments that go with them. No engine process.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/cli/make_options/make_dataset_options.h"
#include "evolution/dataset/make_dataset.h"
#include "evolution/dataset/make_dataset_engine.h"

namespace mf::dataset {
namespace {

uci::EngineIdentity identity(const std::string& name, const std::vector<std::string>& optionLines) {
    uci::EngineIdentity engine;
    engine.name = name;
    for (const std::string& line : optionLines) {
        auto option = uci::parseOptionLine(line);
        EXPECT_TRUE(option.has_value()) << line;
        if (option) engine.options.push_back(*option);
    }
    return engine;
}

// The lines that matter here, copied from `printf 'uci\nquit\n' | /usr/games/ENGINE` on Debian 12.
uci::EngineIdentity glaurung() {
    return identity("Glaurung 2.2", {"option name Space type spin default 100 min 0 max 200",
                                     "option name Threads type spin default 2 min 1 max 8",
                                     "option name Hash type spin default 32 min 4 max 4096",
                                     "option name Clear Hash type button",
                                     "option name Ponder type check default true",
                                     "option name OwnBook type check default true"});
}
uci::EngineIdentity toga() {
    return identity("Toga II 3.0", {"option name Hash type spin default 128 min 4 max 1024",
                                    "option name Ponder type check default false",
                                    "option name OwnBook type check default true",
                                    "option name Material type spin default 100 min 0 max 400",
                                    "option name Number of Threads type spin default 1 min 1 max 16"});
}
uci::EngineIdentity stockfish() {
    return identity("Stockfish 15.1", {"option name Threads type spin default 1 min 1 max 1024",
                                       "option name Hash type spin default 16 min 1 max 33554432",
                                       "option name Ponder type check default false"});
}

std::string valueOf(const uci::OptionValues& options, const std::string& name) {
    std::string found = "<absent>";
    int times = 0;
    for (const auto& [n, v] : options)
        if (n == name) {
            found = v;
            ++times;
        }
    EXPECT_LE(times, 1) << name << " sent more than once";
    return found;
}

bool noteMentions(const SelfPlayEngineOptions& options, const std::string& text) {
    return std::any_of(options.notes.begin(), options.notes.end(),
                       [&](const std::string& note) { return note.find(text) != std::string::npos; });
}

TEST(MakeDatasetEngine, GlaurungGetsOneThreadItsMinimumHashAndNoBook) {
    auto options = selfPlayEngineOptions(glaurung(), 2, {});
    ASSERT_TRUE(options.ok()) << options.error().message;
    EXPECT_EQ(valueOf(options->startOptions, "Threads"), "1");
    EXPECT_EQ(valueOf(options->startOptions, "Hash"), "4");
    EXPECT_EQ(valueOf(options->startOptions, "OwnBook"), "false");
    EXPECT_EQ(valueOf(options->startOptions, "Ponder"), "false");
    ASSERT_EQ(options->notes.size(), 1u);
    EXPECT_EQ(options->notes[0], "Hash 4 MB: --hash 2 is below Glaurung 2.2's minimum 4");
    // Whatever was fitted, the engine accepts all of it.
    EXPECT_FALSE(uci::checkOptionValues(glaurung(), options->startOptions));
}

TEST(MakeDatasetEngine, TogaGetsItsOwnThreadOptionAndHashClampedFromAbove) {
    auto options = selfPlayEngineOptions(toga(), 5000, {{"Material", "120"}});
    ASSERT_TRUE(options.ok()) << options.error().message;
    EXPECT_EQ(valueOf(options->startOptions, "Number of Threads"), "1");
    EXPECT_EQ(valueOf(options->startOptions, "Threads"), "<absent>");
    EXPECT_EQ(valueOf(options->startOptions, "Hash"), "1024");
    EXPECT_EQ(valueOf(options->startOptions, "OwnBook"), "false");
    EXPECT_EQ(valueOf(options->startOptions, "Material"), "120");
    EXPECT_TRUE(noteMentions(*options, "--hash 5000 is above Toga II 3.0's maximum 1024"));
    EXPECT_FALSE(uci::checkOptionValues(toga(), options->startOptions));
}

TEST(MakeDatasetEngine, AHashInsideTheRangeIsSentAsItIsWithoutANote) {
    auto options = selfPlayEngineOptions(stockfish(), 2, {});
    ASSERT_TRUE(options.ok()) << options.error().message;
    EXPECT_EQ(valueOf(options->startOptions, "Threads"), "1");
    EXPECT_EQ(valueOf(options->startOptions, "Hash"), "2");
    EXPECT_EQ(valueOf(options->startOptions, "OwnBook"), "<absent>");  // not announced, not sent
    EXPECT_TRUE(options->notes.empty());
}

TEST(MakeDatasetEngine, AnEngineWithoutHashOrThreadsGetsNeitherAndTheLogSaysSo) {
    auto bare = identity("Bare 1", {"option name Material type spin default 100 min 0 max 400"});
    auto options = selfPlayEngineOptions(bare, 2, {});
    ASSERT_TRUE(options.ok()) << options.error().message;
    EXPECT_TRUE(options->startOptions.empty());
    EXPECT_TRUE(noteMentions(*options, "Bare 1 announces no thread option"));
    EXPECT_TRUE(noteMentions(*options, "Bare 1 announces no Hash option: --hash 2 is not sent"));
}

TEST(MakeDatasetEngine, TheUsersBookAndPonderChoiceWins) {
    auto options = selfPlayEngineOptions(glaurung(), 16, {{"ownbook", "true"}});
    ASSERT_TRUE(options.ok()) << options.error().message;
    EXPECT_EQ(valueOf(options->startOptions, "ownbook"), "true");
    EXPECT_EQ(valueOf(options->startOptions, "OwnBook"), "<absent>");
    EXPECT_EQ(valueOf(options->startOptions, "Ponder"), "false");
}

TEST(MakeDatasetEngine, UserOptionsTheEngineRefusesAreErrorsNamingThem) {
    auto threads = selfPlayEngineOptions(toga(), 16, {{"number of threads", "2"}});
    ASSERT_FALSE(threads.ok());
    EXPECT_NE(threads.error().message.find("Number of Threads is set by make-dataset itself"), std::string::npos)
        << threads.error().message;
    auto unknown = selfPlayEngineOptions(toga(), 16, {{"Space", "120"}});
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().message.find("engine 'Toga II 3.0' has no option 'Space'"), std::string::npos)
        << unknown.error().message;
    auto range = selfPlayEngineOptions(glaurung(), 16, {{"Space", "201"}});
    ASSERT_FALSE(range.ok());
    EXPECT_NE(range.error().message.find("Space"), std::string::npos) << range.error().message;
}

TEST(MakeDatasetEngine, SelfPlayArgumentsTakeEveryLimitModeAndRefuseWhatMakeDatasetSets) {
    auto movetime = cli::parseMakeDatasetArguments({"--self-play", "--movetime", "50", "--override-limit-check", "--output", "x"});
    ASSERT_TRUE(movetime.ok()) << movetime.error().message;
    EXPECT_EQ(movetime->selfPlay.limit, uci::SearchLimit::moveTime(50));
    EXPECT_TRUE(movetime->overrideLimitCheck);
    auto depth = cli::parseMakeDatasetArguments({"--self-play", "--depth", "6", "--output", "x"});
    ASSERT_TRUE(depth.ok()) << depth.error().message;
    EXPECT_EQ(depth->selfPlay.limit, uci::SearchLimit::depth(6));
    EXPECT_FALSE(depth->overrideLimitCheck);

    auto two = cli::parseMakeDatasetArguments({"--self-play", "--depth", "6", "--movetime", "50", "--output", "x"});
    ASSERT_FALSE(two.ok());
    EXPECT_EQ(two.error().message, "give one of --nodes, --depth and --movetime");
    for (const std::string name : {"Threads", "Number of Threads", "threads"}) {
        auto threads = cli::parseMakeDatasetArguments({"--self-play", "--option", name + "=2", "--output", "x"});
        ASSERT_FALSE(threads.ok()) << name;
        EXPECT_NE(threads.error().message.find("is set by make-dataset itself"), std::string::npos) << name;
    }
    auto hash = cli::parseMakeDatasetArguments({"--self-play", "--option", "Hash=64", "--output", "x"});
    ASSERT_FALSE(hash.ok());
    EXPECT_NE(hash.error().message.find("--hash MB"), std::string::npos);
    auto pgn = cli::parseMakeDatasetArguments({"--pgn", "g.pgn", "--override-limit-check", "--output", "x"});
    ASSERT_FALSE(pgn.ok());
    EXPECT_NE(pgn.error().message.find("belong to --self-play"), std::string::npos);
}

TEST(MakeDatasetEngine, MpiIsASelfPlayOption) {
    auto plain = cli::parseMakeDatasetArguments({"--self-play", "--output", "x"});
    ASSERT_TRUE(plain.ok()) << plain.error().message;
    EXPECT_FALSE(plain->mpi);
    auto mpi = cli::parseMakeDatasetArguments({"--self-play", "--workers", "3", "--mpi", "--output", "x"});
    ASSERT_TRUE(mpi.ok()) << mpi.error().message;
    EXPECT_TRUE(mpi->mpi);
    EXPECT_EQ(mpi->workers, 3u);
    auto pgn = cli::parseMakeDatasetArguments({"--pgn", "g.pgn", "--mpi", "--output", "x"});
    ASSERT_FALSE(pgn.ok());
    EXPECT_NE(pgn.error().message.find("--mpi belong to --self-play"), std::string::npos) << pgn.error().message;
    EXPECT_NE(cli::makeDatasetUsage().find("--mpi"), std::string::npos);
}

// The window fills MakeDatasetOptions itself and writes them back as a command line for the
// header: read by the command line's parser, that line gives the same options, field by field.
TEST(MakeDatasetEngine, OptionsWrittenAsArgumentsReadBackTheSame) {
    MakeDatasetOptions o = makeDatasetDefaults();
    EXPECT_EQ(o.selfPlay.games, 1000);
    EXPECT_EQ(o.selfPlay.limit, uci::SearchLimit::nodes(3000));
    o.engine = "/opt/my engine";
    o.engineArguments = {"-x", "--options", "my file.txt"};
    o.engineOptions = {{"KnightValue", "300"}, {"Contempt", "a b=c"}};
    o.selfPlay.limit = uci::SearchLimit::depth(6);
    o.overrideLimitCheck = true;
    o.selfPlay.games = 77;
    o.selfPlay.randomPlies = 6;
    o.selfPlay.openingWindow = 200;
    o.selfPlay.adjudicateCp = 900;
    o.selfPlay.adjudicatePlies = 6;
    o.selfPlay.maxPlies = 250;
    o.hashMb = 16;
    o.minPly = 12;
    o.perGame = 10;
    o.workers = 3;
    o.selfPlay.seed = 42;
    o.output = "/tmp/out.epd";
    const std::vector<std::string> args = makeDatasetArguments(o);
    auto back = cli::parseMakeDatasetArguments(args);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->engine, o.engine);
    EXPECT_EQ(back->engineArguments, o.engineArguments);
    EXPECT_EQ(back->engineOptions, o.engineOptions);
    EXPECT_EQ(back->selfPlay.limit, o.selfPlay.limit);
    EXPECT_TRUE(back->overrideLimitCheck);
    EXPECT_EQ(back->selfPlay.games, 77);
    EXPECT_EQ(back->selfPlay.randomPlies, 6);
    EXPECT_EQ(back->selfPlay.openingWindow, 200);
    EXPECT_EQ(back->selfPlay.adjudicateCp, 900);
    EXPECT_EQ(back->selfPlay.adjudicatePlies, 6);
    EXPECT_EQ(back->selfPlay.maxPlies, 250);
    EXPECT_EQ(back->hashMb, 16);
    EXPECT_EQ(back->minPly, 12);
    EXPECT_EQ(back->perGame, 10);
    EXPECT_EQ(back->workers, 3u);
    EXPECT_EQ(back->selfPlay.seed, 42u);
    EXPECT_EQ(back->output, o.output);
    EXPECT_EQ(makeDatasetArguments(*back), args);

    // The defaults' own values are left out, the main choices always written.
    MakeDatasetOptions plain = makeDatasetDefaults();
    plain.output = "d.epd";
    EXPECT_EQ(makeDatasetArguments(plain),
              (std::vector<std::string>{"--self-play", "--nodes", "3000", "--games", "1000", "--workers", "2", "--seed", "1",
                                        "--output", "d.epd"}));
    auto parsedPlain = cli::parseMakeDatasetArguments(makeDatasetArguments(plain));
    ASSERT_TRUE(parsedPlain.ok()) << parsedPlain.error().message;
    EXPECT_EQ(parsedPlain->engine, "");  // the command fills in the bundled engine
}

TEST(MakeDatasetEngine, EngineArgumentsAreASelfPlayOption) {
    auto args = cli::parseMakeDatasetArguments({"--self-play", "--engine-arg", "a", "--engine-arg=-b", "--output", "x"});
    ASSERT_TRUE(args.ok()) << args.error().message;
    EXPECT_EQ(args->engineArguments, (std::vector<std::string>{"a", "-b"}));
    auto pgn = cli::parseMakeDatasetArguments({"--pgn", "g.pgn", "--engine-arg", "a", "--output", "x"});
    ASSERT_FALSE(pgn.ok());
    EXPECT_NE(pgn.error().message.find("--engine-arg"), std::string::npos) << pgn.error().message;
}

}  // namespace
}  // namespace mf::dataset
