// The process layer itself: a program that cannot be executed is an error, and leaves nothing
// behind (no zombie child per failed start); starting and ending engines leaves no descriptor
// behind, and an engine inherits none but its stdin, stdout and stderr.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#include <fcntl.h>
#include <unistd.h>

#include "evolution/uci/engine_process.h"
#include "tests/test_time.h"

namespace mf::uci {
namespace {

// Children of this test process that have exited but were never waited for.
int zombieChildren() {
    int count = 0;
    const std::string self = std::to_string(::getpid());
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream stat(entry.path() / "stat");
        std::string pid, comm, state, ppid;
        if (!(stat >> pid >> comm >> state >> ppid)) continue;
        if (ppid == self && state == "Z") ++count;
    }
    return count;
}

TEST(EngineProcess, ProgramThatCannotBeExecutedIsAnErrorAndLeavesNoZombie) {
    const auto script = std::filesystem::temp_directory_path() / ("mf_noexec_" + std::to_string(::getpid()));
    std::ofstream(script) << "#!/nonexistent/interpreter\n";
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    const int before = zombieChildren();
    for (int i = 0; i < 3; ++i) {
        EngineProcess process;
        EngineCommand command;
        command.program = script;
        const auto error = process.start(command);
        ASSERT_TRUE(error.has_value());
        EXPECT_NE(error->find("cannot start engine"), std::string::npos) << *error;
    }
    EXPECT_EQ(zombieChildren(), before);
    std::filesystem::remove(script);
}

// Descriptors of this process: all of them, or only those a child would inherit (no
// close-on-exec) beyond 0, 1 and 2.
int openDescriptors(bool inheritableOnly) {
    std::vector<int> fds;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) fds.push_back(std::stoi(entry.path().filename()));
    int count = 0;
    for (int fd : fds) {
        const int flags = ::fcntl(fd, F_GETFD);
        if (flags < 0) continue;  // the directory iterator's own descriptor, closed by now
        if (!inheritableOnly || (fd > 2 && !(flags & FD_CLOEXEC))) ++count;
    }
    return count;
}

// Found by scripts/soak.sh: Boost.Process 1.74's default-constructed pipe opens a pipe (without
// close-on-exec) and its move assignment drops the descriptors it held without closing them, so
// every start leaked four descriptors, and every later engine inherited them all.
TEST(EngineProcess, StartingAndEndingEnginesLeavesNoDescriptorAndHandsNoneToTheEngine) {
    const int before = openDescriptors(false);
    const int inheritable = openDescriptors(true);
    for (int i = 0; i < 5; ++i) {
        EngineProcess process;
        EngineCommand command;
        command.program = "/bin/cat";
        ASSERT_EQ(process.start(command), std::nullopt);
        ASSERT_TRUE(process.writeLine("ping"));
        std::string line;
        ASSERT_EQ(process.readLine(line, EngineProcess::Clock::now() + mf::test_time::scaled(std::chrono::seconds(10))),
                  EngineProcess::ReadStatus::Line);
        EXPECT_EQ(line, "ping");
        if (i % 2) process.kill();  // else the destructor ends it
    }
    EXPECT_EQ(openDescriptors(false), before) << "descriptors left open by five engine starts";

    // An engine lists its own descriptors while another one runs: 0, 1, 2 and ls's own, plus
    // whatever this test was itself given without close-on-exec.
    EngineProcess other;
    EngineCommand cat;
    cat.program = "/bin/cat";
    ASSERT_EQ(other.start(cat), std::nullopt);
    EngineProcess lister;
    EngineCommand ls;
    ls.program = "/bin/ls";
    ls.arguments = {"/proc/self/fd"};
    ASSERT_EQ(lister.start(ls), std::nullopt);
    std::vector<std::string> listed;
    for (std::string line; lister.readLine(line, EngineProcess::Clock::now() + mf::test_time::scaled(std::chrono::seconds(10))) ==
                           EngineProcess::ReadStatus::Line;)
        listed.push_back(line);
    std::string all;
    for (const auto& fd : listed) all += fd + " ";
    EXPECT_LE(static_cast<int>(listed.size()), 4 + inheritable) << "the engine's descriptors: " << all;
}

}  // namespace
}  // namespace mf::uci
