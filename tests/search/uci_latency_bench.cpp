// Timing figures of the real matefind-engine over pipes, moved out of the unit tests (where a
// stopwatch flakes on a loaded machine; they keep the properties with order of events or
// generous bounds). Each figure is measured send -> answer by this program, over several tries:
//
//   go movetime 100        answer time, against the nominal 100 ms (overshoot = answer - 100)
//   go wtime 2000 ...      answer time, against the whole clock of 2000 ms
//   isready while searching  readyok latency during `go infinite`
//   stop                   bestmove latency after `stop` during `go infinite`
//
// Prints min / median / max of each and exits 1 when a target is missed: median movetime
// overshoot over 100 ms, any clock answer at or over 1000 ms (half the clock), median isready or
// stop latency over 50 ms. Registered with ctest under the labels "bench" and "long".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "engine_pipe.h"

using namespace std::chrono_literals;
using mf::test::EnginePipe;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

struct Figures {
    std::vector<double> values;
    double median() const {
        auto v = values;
        std::sort(v.begin(), v.end());
        return v.empty() ? 0 : v[v.size() / 2];
    }
    void print(const char* name) const {
        const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
        std::printf("%-34s n=%zu min %.1f ms, median %.1f ms, max %.1f ms\n", name, values.size(), *lo, median(), *hi);
    }
};

// Time from sending `command` to the line starting with `answer`; negative when none came.
double timed(EnginePipe& engine, const std::string& command, const std::string& answer) {
    const auto sent = Clock::now();
    engine.send(command);
    return engine.waitFor(answer, 60s) ? ms(Clock::now() - sent) : -1;
}

}  // namespace

int main() {
    EnginePipe engine(mf::test::engineExecutable());
    engine.send("uci");
    if (!engine.waitFor("uciok", 30s)) {
        std::fprintf(stderr, "no uciok from %s\n", mf::test::engineExecutable().c_str());
        return 1;
    }
    engine.send("isready");
    engine.waitFor("readyok", 60s);  // the one-off endgame-table preparation happens here
    constexpr int kTries = 7;
    Figures movetime, clock, ready, stop;
    bool answered = true;
    for (int i = 0; i < kTries; ++i) {
        engine.send("position fen r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14");
        const double t = timed(engine, "go movetime 100", "bestmove");
        answered &= t >= 0;
        movetime.values.push_back(t);
    }
    for (int i = 0; i < kTries; ++i) {
        engine.send("position startpos moves e2e4 e7e5");
        const double t = timed(engine, "go wtime 2000 btime 2000 winc 0 binc 0", "bestmove");
        answered &= t >= 0;
        clock.values.push_back(t);
    }
    for (int i = 0; i < kTries; ++i) {
        engine.send("position startpos");
        engine.send("go infinite");
        std::this_thread::sleep_for(100ms);
        const double r = timed(engine, "isready", "readyok");
        const double s = timed(engine, "stop", "bestmove");
        answered &= r >= 0 && s >= 0;
        ready.values.push_back(r);
        stop.values.push_back(s);
    }
    engine.send("quit");
    engine.finish(5s);

    movetime.print("go movetime 100 -> bestmove");
    clock.print("go wtime 2000 -> bestmove");
    ready.print("isready while searching -> readyok");
    stop.print("stop -> bestmove");
    const double overshoot = movetime.median() - 100;
    const double worstClock = *std::max_element(clock.values.begin(), clock.values.end());
    std::printf("movetime median overshoot %.1f ms (ratio %.2f of the nominal 100 ms); clock answers at most %.2f of "
                "the 2000 ms clock\n",
                overshoot, movetime.median() / 100, worstClock / 2000);
    bool ok = answered;
    if (!answered) std::printf("FAILED: a command got no answer within 60 s\n");
    if (overshoot > 100) ok = false, std::printf("FAILED: median movetime overshoot over 100 ms\n");
    if (worstClock >= 1000) ok = false, std::printf("FAILED: a clock answer took half the clock or more\n");
    if (ready.median() > 50) ok = false, std::printf("FAILED: median isready latency over 50 ms\n");
    if (stop.median() > 50) ok = false, std::printf("FAILED: median stop latency over 50 ms\n");
    return ok ? 0 : 1;
}
