// `matefind-cli make-dataset --self-play` stopped by SIGTERM after some games: the file is still
// written, with the positions of the games that had ended and a header that says it was stopped
// and after how many games. The fake engine plays Fool's Mate slowly (DepthStepMs), so the signal
// lands while games are in play.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/test_time.h"

namespace {

std::string readAll(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Starts matefind-cli with `args`, stdout and stderr into `log`; the child's pid.
pid_t startCli(const std::vector<std::string>& args, const std::filesystem::path& log) {
    const std::string program = std::string(MATEFIND_BIN_DIR) + "/matefind-cli";
    const pid_t pid = ::fork();
    if (pid != 0) return pid;
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, STDOUT_FILENO);
    ::dup2(fd, STDERR_FILENO);
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
}

TEST(MakeDatasetCli, ASigtermKeepsThePositionsOfTheGamesThatEnded) {
    const auto dir = std::filesystem::temp_directory_path() / ("mf_make_dataset_cli_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto out = dir / "out.epd";
    const auto log = dir / "log.txt";
    const pid_t pid = startCli({"make-dataset", "--self-play", "--engine", MATEFIND_FAKE_ENGINE, "--option",
                                "Script=f2f3 e7e5 g2g4 d8h4", "--option", "DepthStepMs=50", "--depth", "2",
                                "--random-plies", "0", "--min-ply", "0", "--workers", "1", "--games", "40", "--output",
                                out.string()},
                               log);
    ASSERT_GT(pid, 0);
    // Wait for the first games kept (the log's "self-play: N/40 games kept" with N > 0), then stop.
    const std::regex kept(R"(self-play: ([1-9][0-9]*)/40 games kept)");
    const auto deadline = std::chrono::steady_clock::now() + mf::test_time::scaled(std::chrono::seconds(60));
    bool some = false;
    while (!some && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        some = std::regex_search(readAll(log), kept);
    }
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    const std::string text = readAll(log);
    ASSERT_TRUE(some) << text;
    ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal instead of stopping: " << text;
    EXPECT_EQ(WEXITSTATUS(status), 1) << text;  // stopped: not the run asked for
    const std::string file = readAll(out);
    std::smatch ended;
    ASSERT_TRUE(std::regex_search(file, ended, std::regex(R"(stopped early: ([0-9]+) games had ended \(([0-9]+) in play)")))
        << file;
    const int games = std::stoi(ended[1]);
    EXPECT_GE(games, 1) << file;
    EXPECT_LT(games, 40) << file;
    // Fool's Mate: start, f3, e5 and g4 are quiet (the mate is in check); later games repeat them.
    EXPECT_NE(file.find("kept 4 (White won 0, drawn 0, Black won 4)"), std::string::npos) << file;
    int positions = 0;
    std::istringstream lines(file);
    for (std::string line; std::getline(lines, line);)
        positions += !line.starts_with("#") && line.find(" c9 ") != std::string::npos ? 1 : 0;
    EXPECT_EQ(positions, 4) << file;
    EXPECT_NE(text.find("(stopped: the positions of the "), std::string::npos) << text;
    std::filesystem::remove_all(dir);
}

}  // namespace
