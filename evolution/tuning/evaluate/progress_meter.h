#pragma once
// The progress of one evaluation in figures a person can trust: ETAs from measured rates with the
// paused time left out, and how long the run has waited on its engines without a unit finishing.
// Pure arithmetic on the times it is given (tests feed it their own clock).

#include <chrono>
#include <cstddef>
#include <optional>

#include "evolution/tuning/evaluate/fitness_evaluator.h"

namespace mf::tuning {

class ProgressMeter {
public:
    using Clock = std::chrono::steady_clock;

    // `pastUnits` units took `pastTime` in the run's earlier evaluations: their rate is the
    // estimate until this evaluation has finished a unit of its own.
    ProgressMeter(Clock::time_point start, std::size_t pastUnits, Clock::duration pastTime);

    // Each progress report. While `paused` the time since the previous call does not count.
    void update(const EvaluationProgress& progress, bool paused, Clock::time_point now);

    // Time spent on this evaluation, paused time left out.
    Clock::duration activeTime() const { return active_; }
    // Seconds per unit: this evaluation's once it has done a unit, else the earlier ones'.
    std::optional<double> secondsPerUnit() const;
    // Time to finish this evaluation at that rate.
    std::optional<std::chrono::seconds> eta() const;
    // Since the last unit finished (or the evaluation began) while items were in flight; zero
    // when nothing is in flight (done, or a pause has taken hold).
    std::chrono::seconds waitingFor(Clock::time_point now) const;

private:
    Clock::time_point last_;          // previous update
    Clock::time_point lastUnit_;      // when unitsDone last grew (or the start)
    Clock::duration active_{};
    std::size_t pastUnits_ = 0;
    Clock::duration pastTime_{};
    std::size_t unitsDone_ = 0;
    std::size_t unitsTotal_ = 0;
    std::size_t inFlight_ = 0;
};

// Seconds rounded to the nearest whole one.
std::chrono::seconds roundedSeconds(double seconds);

}  // namespace mf::tuning
