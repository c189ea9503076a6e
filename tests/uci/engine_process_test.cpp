// The process layer itself: a program that cannot be executed is an error, and leaves nothing
// behind (no zombie child per failed start).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "evolution/uci/engine_process.h"

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

}  // namespace
}  // namespace mf::uci
