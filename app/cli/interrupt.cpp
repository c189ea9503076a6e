#include "app/cli/interrupt.h"

#include <atomic>
#include <chrono>
#include <csignal>

namespace mf::cli {
namespace {

// Set by the signal handler; only a lock-free atomic may be touched there.
std::atomic<bool> sigintSeen{false};
static_assert(std::atomic<bool>::is_always_lock_free);

}  // namespace

Interrupt::Interrupt() {
    sigintSeen = false;
    std::signal(SIGINT, [](int) { sigintSeen = true; });
    // A watcher thread turns the flag into a stop request: a stop callback may take locks and
    // wake other threads, which a signal handler must not.
    watcher_ = std::jthread([this](std::stop_token done) {
        while (!done.stop_requested()) {
            if (sigintSeen) {
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
    std::signal(SIGINT, SIG_DFL);
}

}  // namespace mf::cli
