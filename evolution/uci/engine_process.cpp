#include "evolution/uci/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/io.hpp>
#include <boost/process/pipe.hpp>
#include <boost/process/start_dir.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>

namespace bp = boost::process;

namespace mf::uci {
namespace {

// Writing to an engine that just died must give EPIPE, not kill the whole program.
void ignoreSigpipeOnce() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

// Spawns are serialised: Boost.Process 1.74 creates its exec-error pipe without O_CLOEXEC and
// sets the flag a moment later; a fork from another thread in between would hand that pipe to
// the other engine and block this start until that engine exits. Our own pipes are created with
// O_CLOEXEC, so no engine inherits another engine's stdin or stdout.
std::mutex& spawnMutex() {
    static std::mutex mutex;
    return mutex;
}

std::string describeStatus(int status) {
    if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
                                    ::strsignal(WTERMSIG(status)) + ")";
    return {};
}

}  // namespace

struct EngineProcess::Impl {
    // The pipes are made from our own O_CLOEXEC descriptors here, never default-constructed and
    // assigned: Boost.Process 1.74's bp::pipe() opens a pipe without close-on-exec and its move
    // assignment drops the descriptors it held without closing them (four leaked per start, and
    // every later engine inherited them; found by scripts/soak.sh).
    Impl(const int (&in)[2], const int (&out)[2]) : toEngine(in[0], in[1]), fromEngine(out[0], out[1]) {}
    bp::child child;
    bp::pipe toEngine;
    bp::pipe fromEngine;
    std::string buffer;  // bytes read but not yet returned as lines
    bool closed = false;
};

EngineProcess::EngineProcess() = default;

EngineProcess::~EngineProcess() {
    if (impl_) kill();
}

std::optional<std::string> EngineProcess::start(const EngineCommand& command) {
    ignoreSigpipeOnce();
    if (impl_) kill();
    exitDescription_.clear();

    std::error_code fsError;
    if (!std::filesystem::is_regular_file(command.program, fsError))
        return "engine '" + command.program.string() + "' does not exist or is not a file";
    if (::access(command.program.c_str(), X_OK) != 0)
        return "engine '" + command.program.string() + "' is not executable";

    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]);
        ::close(in[1]);
        return std::string("pipe: ") + std::strerror(errno);
    }
    auto impl = std::make_unique<Impl>(in, out);

    // The engine runs in its own folder by default: a relative program path must not be read
    // from there.
    const std::filesystem::path program = std::filesystem::absolute(command.program);
    std::filesystem::path directory = command.workingDirectory;
    if (directory.empty()) directory = std::filesystem::absolute(command.program).parent_path();

    // The engine's stderr: the log, or /dev/null opened here with close-on-exec (Boost's bp::null
    // is opened without it, so every engine held a second descriptor on /dev/null).
    std::FILE* log = nullptr;
    if (!command.stderrLog.empty()) {
        log = std::fopen(command.stderrLog.c_str(), "ae");  // append, close-on-exec
        if (!log) return "cannot open engine log '" + command.stderrLog.string() + "': " + std::strerror(errno);
    } else {
        log = std::fopen("/dev/null", "we");
        if (!log) return std::string("cannot open /dev/null: ") + std::strerror(errno);
    }

    std::error_code ec;
    {
        std::lock_guard lock(spawnMutex());
        // A process group of its own, so kill() reaches helpers the engine may have started.
        auto ownGroup = bp::extend::on_exec_setup = [](auto&) { ::setpgid(0, 0); };
        // When exec fails in the forked child (a script whose interpreter is missing, a binary
        // for another machine), Boost 1.74 reports the error but never waits for that child:
        // reap it here, or every failed start leaves a zombie.
        auto reapFailedChild = bp::extend::on_error = [](auto& exec, const std::error_code&) {
            if (exec.pid > 0) ::waitpid(exec.pid, nullptr, 0);
        };
        impl->child = bp::child(bp::exe = program.string(), bp::args = command.arguments,
                                bp::std_in < impl->toEngine, bp::std_out > impl->fromEngine, bp::std_err > log,
                                bp::start_dir = directory.string(), ownGroup, reapFailedChild, ec);
    }
    std::fclose(log);
    if (ec) return "cannot start engine '" + command.program.string() + "': " + ec.message();
    impl_ = std::move(impl);
    return std::nullopt;
}

bool EngineProcess::running() {
    if (!impl_) return false;
    std::error_code ec;
    bool alive = impl_->child.running(ec);
    if (!alive && exitDescription_.empty() && !ec) exitDescription_ = describeStatus(impl_->child.native_exit_code());
    return alive && !ec;
}

bool EngineProcess::writeLine(std::string_view line) {
    if (!impl_) return false;
    std::string data(line);
    data += '\n';
    const char* p = data.data();
    std::size_t left = data.size();
    int fd = impl_->toEngine.native_sink();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    return true;
}

EngineProcess::ReadStatus EngineProcess::readLine(std::string& line, Clock::time_point deadline, int interruptFd) {
    if (!impl_) return ReadStatus::Closed;
    auto& buffer = impl_->buffer;
    for (;;) {
        if (auto newline = buffer.find('\n'); newline != std::string::npos) {
            std::size_t end = newline;
            if (end > 0 && buffer[end - 1] == '\r') --end;
            line.assign(buffer, 0, end);
            buffer.erase(0, newline + 1);
            return ReadStatus::Line;
        }
        if (buffer.size() > maxLineBytes) {
            buffer.clear();
            return ReadStatus::TooLong;
        }
        if (impl_->closed) return ReadStatus::Closed;

        auto now = Clock::now();
        if (now >= deadline) return ReadStatus::Timeout;
        auto waitMs = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
        pollfd fds[2] = {{impl_->fromEngine.native_source(), POLLIN, 0}, {interruptFd, POLLIN, 0}};
        int count = ::poll(fds, interruptFd >= 0 ? 2 : 1, static_cast<int>(std::min<long long>(waitMs, 60'000)));
        if (count < 0) {
            if (errno == EINTR) continue;
            impl_->closed = true;
            continue;
        }
        if (interruptFd >= 0 && (fds[1].revents & POLLIN)) return ReadStatus::Interrupted;
        if (count == 0) continue;  // re-check the deadline
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            char chunk[65536];
            ssize_t n = ::read(fds[0].fd, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                impl_->closed = true;  // end of file: the engine is gone
                continue;
            }
            buffer.append(chunk, static_cast<std::size_t>(n));
        }
    }
}

void EngineProcess::finish(std::chrono::milliseconds grace) {
    if (!impl_) return;
    auto until = Clock::now() + grace;
    while (running() && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    kill();
}

void EngineProcess::kill() {
    if (!impl_) return;
    std::error_code ec;
    pid_t pid = impl_->child.id();
    if (pid > 0 && impl_->child.running(ec)) {
        ::kill(-pid, SIGKILL);  // the whole group
        ::kill(pid, SIGKILL);   // in case setpgid had not happened yet
    }
    impl_->child.wait(ec);
    if (exitDescription_.empty() && !ec) exitDescription_ = describeStatus(impl_->child.native_exit_code());
    impl_.reset();
}

}  // namespace mf::uci
