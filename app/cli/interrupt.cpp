#include "app/cli/interrupt.h"

#include <atomic>
#include <chrono>
#include <csignal>

namespace mf::cli {
namespace {

// Set by the signal handler; only a lock-free atomic may be touched there.
std::atomic<bool> stopSignalSeen{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// SIGTERM too: a job scheduler, `timeout` or a service manager stops a command with it, and the
// command should then keep what it finished as after Ctrl-C, not die with it.
constexpr int kStopSignals[] = {SIGINT, SIGTERM};

}  // namespace

Interrupt::Interrupt() {
    stopSignalSeen = false;
    for (int signal : kStopSignals) std::signal(signal, [](int) { stopSignalSeen = true; });
    // A watcher thread turns the flag into a stop request: a stop callback may take locks and
    // wake other threads, which a signal handler must not.
    watcher_ = std::jthread([this](std::stop_token done) {
        while (!done.stop_requested()) {
            if (stopSignalSeen) {
                source_.request_stop();  // stop callbacks run here, on this thread
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
}

Interrupt::~Interrupt() {
    watcher_.request_stop();
    watcher_ = {};
    for (int signal : kStopSignals) std::signal(signal, SIG_DFL);
}

}  // namespace mf::cli
