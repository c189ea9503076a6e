#pragma once
// Ctrl-C (and SIGTERM) as a stop request, the same for every command: from construction on, the
// first SIGINT or SIGTERM requests stop on token(), so every wait that takes the token ends at once (an engine's start-up,
// the limit check, searches, games), the engines quit, and the command reports what finished.
// A command that runs on a controller of its own (tune) hangs a std::stop_callback on the token.
#include <stop_token>
#include <thread>

namespace mf::cli {

class Interrupt {
public:
    Interrupt();
    ~Interrupt();
    Interrupt(const Interrupt&) = delete;
    Interrupt& operator=(const Interrupt&) = delete;

    std::stop_token token() const { return source_.get_token(); }
    bool requested() const { return source_.stop_requested(); }

private:
    std::stop_source source_;
    std::jthread watcher_;
};

}  // namespace mf::cli
