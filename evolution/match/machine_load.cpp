#include "evolution/match/machine_load.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iterator>
#include <thread>

#include "engine/fixed_decimals.h"

namespace mf::match {

unsigned MachineLoad::freeCores() const {
    const double free = double(cores) - loadAverage;
    return free <= 0 ? 0U : unsigned(std::lround(free));
}

std::optional<double> parseLoadAverage(std::string_view text) {
    const std::size_t start = text.find_first_not_of(" \t");
    if (start == std::string_view::npos) return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(text.data() + start, text.data() + text.size(), value);
    if (error != std::errc{} || end == text.data() + start || value < 0) return std::nullopt;
    return value;
}

MachineLoad readMachineLoad() {
    MachineLoad load;
    load.cores = std::max(1U, std::thread::hardware_concurrency());
    std::ifstream file("/proc/loadavg");
    const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    load.loadAverage = parseLoadAverage(text).value_or(0.0);
    return load;
}

namespace {

std::string loadWords(const MachineLoad& load) {
    return "load average " + fixedDecimals(load.loadAverage, 2) + " on " + std::to_string(load.cores) +
           (load.cores == 1 ? " core" : " cores");
}

}  // namespace

std::optional<std::string> clockLoadWarning(const MachineLoad& load, std::size_t workers, bool clock) {
    if (!clock || workers <= load.freeCores()) return std::nullopt;
    const unsigned free = load.freeCores();
    return std::to_string(workers) + (workers == 1 ? " worker" : " workers") + " at a clock with " +
           std::to_string(free) + (free == 1 ? " free core" : " free cores") + " (" + loadWords(load) +
           "): engines without a core of their own run late and may lose on time; use at most " +
           std::to_string(std::max(1U, free)) + (free <= 1 ? " worker" : " workers") +
           ", a longer clock, or a per-move limit";
}

std::optional<std::string> timeLossNote(int timeLosses, int games, const MachineLoad& load) {
    if (timeLosses <= 0 || games <= 0) return std::nullopt;
    return std::to_string(timeLosses) + " of " + std::to_string(games) + " games lost on time (" +
           fixedDecimals(100.0 * timeLosses / games, 1) + "%), " + loadWords(load) +
           ": a busy machine makes engines late; fewer workers or a longer clock";
}

}  // namespace mf::match
