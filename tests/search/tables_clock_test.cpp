// The first search of a process prepares the endgame tables (generating the 3-piece ones when
// the directory has none, a few hundred ms on a busy machine). That work must not eat a short
// movetime: the engine still searches and reports at least one iteration, whether or not the
// GUI sent `isready` (which prepares the tables ahead) before `go`.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

#include "engine_pipe.h"

namespace mf::test {
namespace {

using namespace std::chrono_literals;

struct EmptyTableDirectory {
    std::filesystem::path path;
    explicit EmptyTableDirectory(const std::string& name)
        : path(std::filesystem::temp_directory_path() / ("mf_tables_" + std::to_string(getpid()) + "_" + name)) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~EmptyTableDirectory() { std::filesystem::remove_all(path); }
};

bool searchedBeforeAnswering(bool sendIsReady, const std::string& name) {
    EmptyTableDirectory tables(name);
    EnginePipe engine(engineExecutable());
    engine.send("uci");
    if (!engine.waitFor("uciok", 10s)) return false;
    engine.send("setoption name EndgameTablesPath value " + tables.path.string());
    if (sendIsReady) {
        engine.send("isready");
        if (!engine.waitFor("readyok", 30s)) return false;
    }
    engine.send("position startpos");
    engine.send("go movetime 20");
    std::vector<std::string> seen;
    if (!engine.waitFor("bestmove", 30s, &seen)) return false;
    engine.finish(5s);
    for (const std::string& line : seen)
        if (line.starts_with("info depth")) return true;
    return false;
}

TEST(TablesAndClock, FirstSearchSearchesAfterIsready) { EXPECT_TRUE(searchedBeforeAnswering(true, "ready")); }

TEST(TablesAndClock, FirstSearchSearchesWithoutIsready) { EXPECT_TRUE(searchedBeforeAnswering(false, "direct")); }


}  // namespace
}  // namespace mf::test
