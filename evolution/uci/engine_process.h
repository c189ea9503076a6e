#pragma once
// The one place that owns an engine's operating-system process: started from an argv list
// (never through a shell) in a process group of its own, stdin/stdout as pipes, stderr appended
// to a log file. Every read has a deadline; kill() takes the whole group down so an engine that
// spawned helpers leaves nothing behind. No UCI knowledge here (cutechess keeps the protocol
// away from the process the same way).

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf::uci {

struct EngineCommand {
    std::filesystem::path program;
    std::vector<std::string> arguments;
    std::filesystem::path workingDirectory;  // empty: the program's own directory
    std::filesystem::path stderrLog;         // empty: the engine's stderr is discarded
};

class EngineProcess {
public:
    using Clock = std::chrono::steady_clock;

    enum class ReadStatus {
        Line,         // `line` holds one line without its end-of-line characters
        Timeout,      // the deadline passed first
        Closed,       // the engine closed its stdout (exited or crashed)
        TooLong,      // a line grew past maxLineBytes: the engine is flooding us
        Interrupted,  // the interrupt descriptor became readable
    };

    static constexpr std::size_t maxLineBytes = 1 << 20;

    EngineProcess();
    ~EngineProcess();  // kills the process group if still running
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Starts the program; on failure returns why (missing file, not executable, ...).
    std::optional<std::string> start(const EngineCommand& command);
    bool running();

    // Writes `line` and a newline. False when the engine is gone (EPIPE), never SIGPIPE.
    bool writeLine(std::string_view line);

    // Reads the next line, waiting until `deadline` at most. If `interruptFd` >= 0 and becomes
    // readable while waiting, returns Interrupted (used to deliver cancellation promptly).
    ReadStatus readLine(std::string& line, Clock::time_point deadline, int interruptFd = -1);

    // Polite end: "quit" was sent by the caller; waits up to `grace`, then kills.
    void finish(std::chrono::milliseconds grace);
    // SIGKILL to the whole process group, then reaps the child.
    void kill();
    // Exit description after the process ended ("exit code 3", "signal 11"); empty if unknown.
    std::string exitDescription() const { return exitDescription_; }

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::string exitDescription_;
};

}  // namespace mf::uci
