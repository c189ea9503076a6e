// `matefind-cli solve` with the Debian engines that are installed (skipped otherwise).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "solve_cli_support.h"

using namespace mf::uci::testing;

TEST(SolveCliEngines, DebianEnginesSolveWacExcerpt) {
    std::string wac = std::string(MATEFIND_SHARED_DIR) + "/epd/wac.epd";
    if (!std::filesystem::exists(wac)) GTEST_SKIP() << "shared suite not found: " << wac;
    auto excerpt = std::filesystem::temp_directory_path() / ("mf_wac10_" + std::to_string(::getpid()) + ".epd");
    {
        std::ifstream in(wac);
        std::ofstream out(excerpt);
        std::string line;
        for (int i = 0; i < 10 && std::getline(in, line); ++i) out << line << "\n";
    }
    struct Engine { const char* path; const char* options; };
    int tried = 0;
    for (Engine engine : {Engine{"/usr/games/stockfish", "--option Threads=1 --option Hash=16"},
                          Engine{"/usr/games/toga2", "--option OwnBook=false --option Hash=16"},
                          Engine{"/usr/games/glaurung", "--option OwnBook=false"},
                          Engine{"/usr/games/ethereal-chess", "--option Threads=1 --option Hash=16"}}) {
        if (!std::filesystem::exists(engine.path)) continue;
        ++tried;
        auto result = run("solve --suite " + excerpt.string() + " --engine " + engine.path + " " + engine.options +
                          " --depth 8 --workers 2");
        EXPECT_EQ(result.exitCode, 0) << engine.path << "\n" << result.out;
        // Every engine plays a legal move each time; depth 8 finds some of the first ten WAC
        // tactics (measured: Stockfish 15.1 and Toga II 3.0 most, Ethereal 12 three).
        std::string last = lastLine(result.out);
        EXPECT_EQ(last.rfind("solved ", 0), 0u) << engine.path << ": " << last;
        EXPECT_NE(last.find("/10 failed 0"), std::string::npos) << engine.path << ": " << last;
        int solved = std::atoi(last.c_str() + 7);
        EXPECT_GE(solved, 3) << engine.path << ": " << last;
    }
    std::filesystem::remove(excerpt);
    if (tried == 0) GTEST_SKIP() << "no Debian engine installed in /usr/games";
}

// The bundled engine, found beside matefind-cli when no --engine is given.
TEST(SolveCliEngines, BundledEngineIsTheDefaultAndSolvesWacExcerpt) {
    std::string wac = std::string(MATEFIND_SHARED_DIR) + "/epd/wac.epd";
    if (!std::filesystem::exists(wac)) GTEST_SKIP() << "shared suite not found: " << wac;
    if (!std::filesystem::exists(std::string(MATEFIND_BIN_DIR) + "/matefind-engine"))
        GTEST_SKIP() << "matefind-engine not built";
    auto excerpt = std::filesystem::temp_directory_path() / ("mf_wac10b_" + std::to_string(::getpid()) + ".epd");
    {
        std::ifstream in(wac);
        std::ofstream out(excerpt);
        std::string line;
        for (int i = 0; i < 10 && std::getline(in, line); ++i) out << line << "\n";
    }
    for (const char* limit : {"--depth 8", "--movetime 50"}) {
        auto result = run("solve --suite " + excerpt.string() + " " + limit + " --workers 2");
        EXPECT_EQ(result.exitCode, 0) << limit << "\n" << result.out;
        std::string last = lastLine(result.out);
        EXPECT_NE(last.find("/10 failed 0"), std::string::npos) << limit << ": " << last;
        // Measured: 8/10 at depth 8, 9/10 at 50 ms.
        EXPECT_GE(std::atoi(last.c_str() + 7), 5) << limit << ": " << last;
    }
    std::filesystem::remove(excerpt);
}
