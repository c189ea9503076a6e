#pragma once
// How busy this machine is, for games at a clock: a game's engines think in real time, and a
// worker that does not get a core of its own makes its engines late (lost on time, or weaker than
// the clock says). The one place that reads the load and words it: `matefind-cli match` and the
// window's Match tab warn before a clock match with more workers than free cores, and after one
// name the share of games lost on time with the load beside it.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace mf::match {

struct MachineLoad {
    double loadAverage = 0.0;  // the last minute's run-queue length (/proc/loadavg's first field)
    unsigned cores = 1;
    // Cores not busy with other work: cores less the load average, rounded, at least 0.
    unsigned freeCores() const;
};

// /proc/loadavg's first field; nullopt when the text does not start with a number.
std::optional<double> parseLoadAverage(std::string_view procLoadavg);
// This machine now: /proc/loadavg and the cores the hardware reports (load 0 where there is no
// /proc/loadavg).
MachineLoad readMachineLoad();

// Before a match at a clock with `workers` games at once: a warning when they are more than the
// free cores, nullopt otherwise (and for per-move limits, which no load makes lost on time).
std::optional<std::string> clockLoadWarning(const MachineLoad& load, std::size_t workers, bool clock);
// After a match: "3 of 8 games lost on time (37.5%), load average 3.40 on 2 cores ..." when any
// game was lost on time, nullopt otherwise.
std::optional<std::string> timeLossNote(int timeLosses, int games, const MachineLoad& load);

}  // namespace mf::match
