#include "engine_pipe.h"

#include <csignal>
#include <cstring>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/test_time.h"

namespace mf::test {

std::string engineExecutable() { return std::string(MATEFIND_BIN_DIR) + "/matefind-engine"; }

EnginePipe::EnginePipe(const std::string& executable, const std::vector<std::string>& args) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(executable.c_str()));
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(executable.c_str(), argv.data());
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    toEngine_ = in[1];
    fromEngine_ = out[0];
    signal(SIGPIPE, SIG_IGN);
}

EnginePipe::~EnginePipe() {
    if (pid_ > 0) finish(std::chrono::milliseconds(2000));  // scaled by finish
    if (fromEngine_ >= 0) close(fromEngine_);
}

void EnginePipe::send(const std::string& line) { sendRaw(line + "\n"); }

void EnginePipe::sendRaw(const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = write(toEngine_, bytes.data() + done, bytes.size() - done);
        if (n <= 0) return;
        done += static_cast<std::size_t>(n);
    }
}

std::optional<std::string> EnginePipe::readLine(std::chrono::milliseconds timeout) {
    return readUntil(Clock::now() + test_time::scaled(timeout));
}

std::optional<std::string> EnginePipe::readUntil(Clock::time_point deadline) {
    for (;;) {
        if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            return line;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return std::nullopt;
        pollfd p{fromEngine_, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
        char chunk[4096];
        const ssize_t n = read(fromEngine_, chunk, sizeof chunk);
        if (n <= 0) return std::nullopt;
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

std::optional<std::string> EnginePipe::waitFor(const std::string& prefix, std::chrono::milliseconds timeout,
                                               std::vector<std::string>* seen) {
    const auto deadline = Clock::now() + test_time::scaled(timeout);
    for (;;) {
        auto line = readUntil(deadline);
        if (!line) return std::nullopt;
        if (seen) seen->push_back(*line);
        if (line->rfind(prefix, 0) == 0) return line;
    }
}

int EnginePipe::finish(std::chrono::milliseconds timeout) {
    if (pid_ <= 0) return -1;
    if (toEngine_ >= 0) {
        close(toEngine_);
        toEngine_ = -1;
    }
    const auto deadline = Clock::now() + test_time::scaled(timeout);
    int status = 0;
    while (Clock::now() < deadline) {
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        }
        usleep(2000);
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return -1;
}

}  // namespace mf::test
