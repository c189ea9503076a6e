#pragma once
// The progress line of tune, fight, score and print on stderr, and its --progress-every option.

#include <boost/program_options.hpp>
#include <chrono>
#include <cstddef>
#include <string>

#include "evolution/tuning/run/run_observer.h"

namespace mf::cli {

// Progress on stderr: generation, positions done/total and ETA. On a terminal the line is redrawn
// in place; elsewhere (a log file, a pipe) it is written as a full line once `logEvery` has passed
// since the last line of any kind, so a long pass (a UCI engine's fit, a polish pass) is never
// silent for longer.
inline constexpr std::chrono::milliseconds kProgressLogInterval{10'000};

class TuneProgress {
public:
    explicit TuneProgress(std::chrono::milliseconds logEvery = kProgressLogInterval);
    void show(const tuning::RunProgress& progress);
    // Any other progress line ("polish pass 2: positions 300/1000"), shown by the same rules.
    void showText(const std::string& line);
    void clear();  // before writing a full line

private:
    using Clock = std::chrono::steady_clock;
    bool terminal_;
    bool drawn_ = false;
    std::chrono::milliseconds logEvery_;
    Clock::time_point lastLine_;
};

// "positions 300/1000 (30%)": the units of a pass, for progress lines.
std::string unitsText(tuning::WorkUnit unit, std::size_t done, std::size_t total);

// --progress-every SECONDS: how often progress lines go to a log (stderr not a terminal).
void addProgressOption(boost::program_options::options_description& options);
std::chrono::milliseconds progressEveryOption(const boost::program_options::variables_map& values);

}  // namespace mf::cli
