// One small seeded make-suite run with Stockfish (skipped when it is not installed): two runs
// with the same seed write identical files, the file reads back as a valid suite, and a second
// suite made with --exclude shares no position with the first. A missing engine fails clearly
// (without Stockfish too).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "engine/attacks.h"
#include "engine/epd.h"
#include "app/cli/make_options/make_suite_options.h"
#include "evolution/suite/make_suite.h"

namespace mf::suite {
namespace {

constexpr const char* Stockfish = "/usr/games/stockfish";

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A scratch folder and the runner; needs no engine.
class MakeSuiteFolder : public ::testing::Test {
protected:
    void SetUp() override {
        attacks::init();
        // One folder per test and process: ctest runs these tests in parallel processes.
        dir_ = std::filesystem::path(::testing::TempDir()) /
               ("matefind_make_suite_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
                "_" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    int run(const std::vector<std::string>& args, std::string* log = nullptr) {
        auto options = cli::parseMakeSuiteArguments(args);
        EXPECT_TRUE(options.ok()) << options.error().message;
        if (!options) return -1;
        std::ostringstream out;
        const int status = runMakeSuite(*options, out);
        if (log) *log = out.str();
        return status;
    }

    std::vector<std::string> smallRun(const std::string& output, const std::string& seed, std::size_t workers) {
        return {"--self-play", "--engine", Stockfish, "--games", "6", "--play-nodes", "1500", "--depth", "7",
                "--margin", "60", "--seed", seed, "--workers", std::to_string(workers), "--id-prefix", "small",
                "--output", output};
    }

    std::filesystem::path dir_;
};

// The runs with Stockfish: skipped when it is not installed.
class MakeSuiteRun : public MakeSuiteFolder {
protected:
    void SetUp() override {
        if (!std::filesystem::exists(Stockfish)) GTEST_SKIP() << Stockfish << " is not installed";
        MakeSuiteFolder::SetUp();
    }
};

TEST_F(MakeSuiteRun, SameSeedSameFileWhateverTheWorkers) {
    const std::string a = (dir_ / "a.epd").string(), b = (dir_ / "b.epd").string();
    std::string log;
    ASSERT_EQ(run(smallRun(a, "11", 1), &log), 0) << log;
    ASSERT_EQ(run(smallRun(b, "11", 2), &log), 0) << log;
    std::string first = slurp(a), second = slurp(b);
    // The header repeats the command line, which names the output file and worker count.
    auto body = [](const std::string& text) { return text.substr(text.find("\n# reference")); };
    EXPECT_EQ(body(first), body(second));

    EpdFile file = readEpdFile(a);
    EXPECT_TRUE(file.errors.empty());
    ASSERT_FALSE(file.entries.empty()) << first;
    for (const EpdEntry& e : file.entries) {
        ASSERT_NE(e.record.find("bm"), nullptr);
        ASSERT_NE(e.record.find("c0"), nullptr);
        EXPECT_NE(e.record.find("c0")->operands.front().find("Stockfish"), std::string::npos);
        EXPECT_EQ(e.record.id().rfind("small.", 0), 0u);
        EXPECT_FALSE(e.position.inCheck());
    }
    EXPECT_NE(first.find("# matefind-cli make-suite --self-play"), std::string::npos);
}

TEST_F(MakeSuiteRun, ExcludedSuiteSharesNoPosition) {
    const std::string a = (dir_ / "a.epd").string(), b = (dir_ / "b.epd").string();
    std::string log;
    // The same seed would find the same positions: excluding them must leave none in common.
    auto args = smallRun(a, "11", 2);
    args.insert(args.end(), {"--keep-recaptures", "--margin", "0"});
    ASSERT_EQ(run(args, &log), 0) << log;
    auto second = smallRun(b, "11", 2);
    second.insert(second.end(), {"--keep-recaptures", "--margin", "0", "--exclude", a});
    ASSERT_EQ(run(second, &log), 0) << log;
    std::set<std::string> keys;
    for (const EpdEntry& e : readEpdFile(a).entries) keys.insert(e.position.epdFields());
    ASSERT_FALSE(keys.empty());
    for (const EpdEntry& e : readEpdFile(b).entries) EXPECT_EQ(keys.count(e.position.epdFields()), 0u);
}

TEST_F(MakeSuiteRun, EpdSourceAndCount) {
    const std::string list = (dir_ / "list.fen").string(), out = (dir_ / "o.epd").string();
    {
        std::ofstream f(list);
        f << "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n"
          << "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n";
    }
    std::string log;
    ASSERT_EQ(run({"--epd", list, "--engine", Stockfish, "--depth", "6", "--margin", "0", "--output", out,
                   "--count", "1"}, &log), 0) << log;
    EpdFile file = readEpdFile(out);
    EXPECT_EQ(file.entries.size(), 1u) << slurp(out);
}

TEST_F(MakeSuiteRun, PgnSourceReportsBadGamesAndUsesTheRest) {
    const std::string pgn = (dir_ / "games.pgn").string(), out = (dir_ / "o.epd").string();
    {
        std::ofstream f(pgn);
        f << "[Event \"good\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Morphy} 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n"
          << "8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1/2-1/2\n\n"
          << "[Event \"broken\"]\n\n1. e4 e5 2. Ke3 *\n";
    }
    std::string log;
    ASSERT_EQ(run({"--pgn", pgn, "--engine", Stockfish, "--depth", "6", "--margin", "0", "--window", "1000",
                   "--min-ply", "10", "--per-game", "0", "--keep-recaptures", "--output", out}, &log), 0) << log;
    EXPECT_NE(log.find("games.pgn:8: move 2. 'Ke3'"), std::string::npos) << log;  // the illegal move, with its line
    EpdFile file = readEpdFile(out);
    EXPECT_TRUE(file.errors.empty());
    ASSERT_FALSE(file.entries.empty()) << slurp(out);
    for (const EpdEntry& e : file.entries) {
        ASSERT_NE(e.record.find("c1"), nullptr);
        const std::string origin = e.record.find("c1")->operands.front();
        ASSERT_EQ(origin.rfind(pgn + ":1 ply ", 0), 0u) << origin;
        EXPECT_GE(std::stoi(origin.substr(origin.rfind(' ') + 1)), 10);
    }
}

// Needs no Stockfish, so it runs (and can fail) on machines without it.
TEST_F(MakeSuiteFolder, MissingEngineFailsClearly) {
    std::string log;
    EXPECT_EQ(run({"--self-play", "--engine", "/nonexistent/engine", "--output", (dir_ / "x.epd").string()}, &log), 1);
    EXPECT_NE(log.find("/nonexistent/engine"), std::string::npos) << log;
}

}  // namespace
}  // namespace mf::suite
