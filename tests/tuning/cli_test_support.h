#pragma once
// Running matefind-cli from the tuning tests: its exit code and everything it printed (stdout and
// stderr together). Needs MATEFIND_BIN_DIR, the folder of the built executables.

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>

namespace mf::tuning::test {

struct CliRun {
    int exitCode;
    std::string out;
};

// A shell command line: its exit code and what it printed on stdout (add 2>&1 for stderr too).
inline CliRun shell(const std::string& command) {
    FILE* pipe = ::popen(command.c_str(), "r");
    std::string out;
    std::array<char, 4096> buffer;
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    return {WEXITSTATUS(status), out};
}

inline CliRun cli(const std::string& arguments) {
    return shell(std::string(MATEFIND_BIN_DIR) + "/matefind-cli " + arguments + " 2>&1");
}

inline std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace mf::tuning::test
