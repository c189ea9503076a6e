#include "app/cli/tune_progress.h"

#include <unistd.h>

#include <iostream>
#include <stdexcept>

namespace mf::cli {

namespace po = boost::program_options;

TuneProgress::TuneProgress(std::chrono::milliseconds logEvery)
    : terminal_(::isatty(STDERR_FILENO) == 1), logEvery_(logEvery), lastLine_(Clock::now()) {}

std::string unitsText(tuning::WorkUnit unit, std::size_t done, std::size_t total) {
    std::string text = std::string(tuning::workUnitName(unit)) + " " + std::to_string(done) + "/" + std::to_string(total);
    if (total > 0) text += " (" + std::to_string(done * 100 / total) + "%)";
    return text;
}

void TuneProgress::show(const tuning::RunProgress& progress) {
    // Before generation 0 an evalfit run scores the genome's defaults (K and E0).
    std::string line = (progress.fit ? std::string("fitting K/E0")
                        : progress.confirming ? std::string("confirming the pick")
                                              : "gen " + std::to_string(progress.generation)) +
                       (progress.heldOut ? " held-out" : "") + ": " +
                       unitsText(progress.unit, progress.unitsDone, progress.unitsTotal);
    if (progress.generationEta) line += ", generation ETA " + std::to_string(progress.generationEta->count()) + " s";
    if (progress.runEta) line += ", run ETA " + std::to_string(progress.runEta->count()) + " s";
    if (progress.inFlight > 0 && progress.waitingFor >= std::chrono::seconds(10))
        line += ", waiting " + std::to_string(progress.waitingFor.count()) + " s on the engines";
    showText(line);
}

void TuneProgress::showText(const std::string& line) {
    if (!terminal_) {
        const auto now = Clock::now();
        if (now - lastLine_ < logEvery_) return;
        std::cerr << line << std::endl;
        lastLine_ = now;
        return;
    }
    std::cerr << "\r\033[K" << line << std::flush;
    drawn_ = true;
}

void TuneProgress::clear() {
    lastLine_ = Clock::now();  // a full line follows: the next progress line waits its interval
    if (drawn_) std::cerr << "\r\033[K" << std::flush;
    drawn_ = false;
}

void addProgressOption(po::options_description& options) {
    options.add_options()("progress-every", po::value<double>()->value_name("SECONDS"),
                          ("when stderr is not a terminal (a log file), write a progress line at least this often "
                           "(default " + std::to_string(kProgressLogInterval.count() / 1000) +
                           "; 0: every progress report)").c_str());
}

std::chrono::milliseconds progressEveryOption(const po::variables_map& values) {
    if (!values.count("progress-every")) return kProgressLogInterval;
    const double seconds = values["progress-every"].as<double>();
    if (!(seconds >= 0) || seconds > 86'400)
        throw std::invalid_argument("--progress-every must be from 0 (every progress report) to 86400 seconds");
    return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000 + 0.5));
}

}  // namespace mf::cli
