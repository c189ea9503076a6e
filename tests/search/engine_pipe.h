#pragma once
// Drives the real matefind-engine executable over pipes (POSIX fork/exec + poll), the way a GUI
// does: write command lines, read answer lines with a deadline. Every timeout given here is a
// limit and is scaled by the tests' time factor (tests/test_time.h).
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace mf::test {

class EnginePipe {
public:
    using Clock = std::chrono::steady_clock;

    explicit EnginePipe(const std::string& executable, const std::vector<std::string>& args = {});
    ~EnginePipe();
    EnginePipe(const EnginePipe&) = delete;
    EnginePipe& operator=(const EnginePipe&) = delete;

    void send(const std::string& line);
    // Raw bytes, no newline added (for garbage input).
    void sendRaw(const std::string& bytes);
    // Next line, or nullopt when the deadline passes or the engine closed its output.
    std::optional<std::string> readLine(std::chrono::milliseconds timeout);
    // Reads until a line starting with `prefix`; every line read is appended to `seen` if given.
    std::optional<std::string> waitFor(const std::string& prefix, std::chrono::milliseconds timeout,
                                       std::vector<std::string>* seen = nullptr);
    // Closes stdin and waits for the exit status (-1 if it had to be killed after `timeout`).
    int finish(std::chrono::milliseconds timeout);

private:
    std::optional<std::string> readUntil(Clock::time_point deadline);

    int pid_ = -1;
    int toEngine_ = -1;
    int fromEngine_ = -1;
    std::string buffer_;
};

std::string engineExecutable();

}  // namespace mf::test
