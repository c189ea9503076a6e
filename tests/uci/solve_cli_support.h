#pragma once
// Runs matefind-cli from the build tree and captures its stdout.
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace mf::uci::testing {

struct Run {
    int exitCode;
    std::string out;
};

inline Run run(const std::string& arguments) {
    std::string command = std::string(MATEFIND_BIN_DIR) + "/matefind-cli " + arguments + " 2>/dev/null";
    FILE* pipe = ::popen(command.c_str(), "r");
    std::string out;
    std::array<char, 4096> buffer;
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
    int status = ::pclose(pipe);
    return {WEXITSTATUS(status), out};
}

inline std::string lastLine(const std::string& text) {
    auto end = text.find_last_not_of('\n');
    auto start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

}  // namespace mf::uci::testing
