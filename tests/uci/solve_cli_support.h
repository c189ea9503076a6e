#pragma once
// Runs matefind-cli from the build tree and captures its stdout.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <string>

#include "tests/test_time.h"

namespace mf::uci::testing {

struct Run {
    int exitCode;
    std::string out;
};

// stdout only, or with `withStderr` stdout and stderr interleaved.
inline Run run(const std::string& arguments, bool withStderr = false) {
    std::string command = std::string(MATEFIND_BIN_DIR) + "/matefind-cli " + arguments + (withStderr ? " 2>&1" : " 2>/dev/null");
    FILE* pipe = ::popen(command.c_str(), "r");
    std::string out;
    std::array<char, 4096> buffer;
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
    int status = ::pclose(pipe);
    return {WEXITSTATUS(status), out};
}

// A command run by /bin/sh with its stdout on a pipe, for tests that act while it runs.
struct Child {
    pid_t pid = -1;
    int out = -1;
    std::string pending;
    int status = -1;

    // One line of its stdout (without the newline); false at end of output or after `timeout`
    // (scaled by the tests' time factor).
    bool readLine(std::string& line, std::chrono::milliseconds timeout) {
        const auto until = std::chrono::steady_clock::now() + mf::test_time::scaled(timeout);
        for (;;) {
            if (auto nl = pending.find('\n'); nl != std::string::npos) {
                line = pending.substr(0, nl);
                pending.erase(0, nl + 1);
                return true;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
            if (left.count() <= 0) return false;
            pollfd fd{out, POLLIN, 0};
            if (::poll(&fd, 1, static_cast<int>(left.count())) <= 0) continue;
            char buffer[4096];
            const ssize_t n = ::read(out, buffer, sizeof buffer);
            if (n <= 0) return false;
            pending.append(buffer, static_cast<std::size_t>(n));
        }
    }
    // True while it has not exited (reaps it when it has).
    bool running() {
        if (status >= 0) return false;
        int raw = 0;
        if (::waitpid(pid, &raw, WNOHANG) != pid) return true;
        status = raw;
        return false;
    }
    // Its exit code (128 + signal when killed).
    int wait() {
        if (status < 0) ::waitpid(pid, &status, 0);
        if (out >= 0) ::close(out);
        out = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
};

inline Child spawn(const std::string& command) {
    const std::string script = "exec " + command;  // built before fork: the child only calls exec
    int fds[2];
    if (::pipe(fds) != 0) return {};
    Child child;
    child.pid = ::fork();
    if (child.pid == 0) {
        ::dup2(fds[1], 1);
        ::close(fds[0]);
        ::close(fds[1]);
        ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::close(fds[1]);
    child.out = fds[0];
    return child;
}

inline std::string lastLine(const std::string& text) {
    auto end = text.find_last_not_of('\n');
    auto start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

}  // namespace mf::uci::testing
