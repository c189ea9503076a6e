// The UCI loop through string streams, and the real matefind-engine executable through pipes.
#include "engine/uci.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>

namespace mf {
namespace {

std::string runUci(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    UciEngine engine(in, out);
    engine.run();
    return out.str();
}

TEST(Uci, HandshakeAndReady) {
    const std::string out = runUci("uci\nisready\nquit\n");
    EXPECT_NE(out.find("id name MateFind\n"), std::string::npos);
    EXPECT_NE(out.find("uciok\n"), std::string::npos);
    EXPECT_NE(out.find("readyok\n"), std::string::npos);
}

TEST(Uci, GoPerftPrintsEveryRootMoveThenTheTotal) {
    const std::string out = runUci("position startpos moves e2e4 e7e5\ngo perft 2\n");
    EXPECT_NE(out.find("g1f3: 29\n"), std::string::npos);
    EXPECT_NE(out.find("\n\nNodes searched: 835\n"), std::string::npos);
    const std::string kiwi = runUci(
        "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo perft 3\nquit\n");
    EXPECT_NE(kiwi.find("e1g1: "), std::string::npos);
    EXPECT_NE(kiwi.find("Nodes searched: 97862\n"), std::string::npos);
}

TEST(Uci, FenWithMovesAndErrorsKeepThePosition) {
    std::istringstream in;
    std::ostringstream out;
    UciEngine engine(in, out);
    engine.execute("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8d7");
    EXPECT_EQ(engine.position().fen(), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");
    engine.execute("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e5");
    EXPECT_NE(out.str().find("info string error: position: UCI move 'e2e5' is not legal"), std::string::npos);
    EXPECT_EQ(engine.position().fen(), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");
    engine.execute("position somewhere");
    EXPECT_NE(out.str().find("expected 'startpos' or 'fen'"), std::string::npos);
    engine.execute("go perft x");
    EXPECT_NE(out.str().find("go perft needs a depth"), std::string::npos);
    out.str("");
    engine.execute("go perft 2x");  // a depth that only starts the text is no depth
    EXPECT_NE(out.str().find("go perft needs a depth"), std::string::npos);
    engine.execute("frobnicate");
    EXPECT_NE(out.str().find("unknown command: frobnicate"), std::string::npos);
}

TEST(Uci, CommandsCanBeAddedAndReplaced) {
    std::istringstream in("hello world\nisready\nquit\nisready\n");
    std::ostringstream out;
    UciEngine engine(in, out);
    engine.setCommand("hello", [&engine](std::string_view args) { engine.out() << "hi " << args << '\n'; });
    engine.setCommand("isready", [&engine](std::string_view) { engine.out() << "readyok (custom)\n"; });
    engine.run();
    EXPECT_EQ(out.str(), "hi world\nreadyok (custom)\n"); // nothing after quit
}

TEST(EngineExecutable, GoPerftOverPipes) {
    const std::string exe = std::string(MATEFIND_BIN_DIR) + "/matefind-engine";
    ASSERT_TRUE(std::filesystem::exists(exe)) << exe;
    const std::string command =
        "printf 'uci\\nisready\\nposition fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\\ngo perft 4\\nquit\\n' | '" + exe + "'";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    ASSERT_TRUE(pipe);
    std::string out;
    std::array<char, 4096> buffer{};
    while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe.get())) out.append(buffer.data(), n);
    EXPECT_NE(out.find("uciok\n"), std::string::npos) << out;
    EXPECT_NE(out.find("readyok\n"), std::string::npos) << out;
    EXPECT_NE(out.find("b4f4: "), std::string::npos) << out;
    EXPECT_NE(out.find("\n\nNodes searched: 43238\n"), std::string::npos) << out;
}

TEST(EngineExecutable, PerftFromTheCommandLine) {
    const std::string exe = std::string(MATEFIND_BIN_DIR) + "/matefind-engine";
    const std::string command = "'" + exe + "' perft 3 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 2>/dev/null";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    ASSERT_TRUE(pipe);
    std::string out;
    std::array<char, 4096> buffer{};
    while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe.get())) out.append(buffer.data(), n);
    EXPECT_NE(out.find("Nodes searched: 97862\n"), std::string::npos) << out;
}

} // namespace
} // namespace mf
