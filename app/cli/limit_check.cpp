#include "app/cli/limit_check.h"

#include <iostream>
#include <stdexcept>

#include "evolution/uci/engine_probe.h"

namespace po = boost::program_options;

namespace mf::cli {

void addLimitCheckOptions(po::options_description& options) {
    options.add_options()
        ("override-limit-check", "run even when the engine breaks the chosen limit (the check's verdict becomes a "
                                 "warning; searches that break the limit are counted)")
        ("search-timeout", po::value<std::int64_t>(),
         "fail a depth or nodes search after MS milliseconds (default: derived from the engine's measured speed; "
         "see docs/talking-to-engines.md)");
}

std::optional<std::chrono::milliseconds> searchTimeoutOption(const po::variables_map& values) {
    if (!values.count("search-timeout")) return std::nullopt;
    const std::int64_t ms = values["search-timeout"].as<std::int64_t>();
    if (ms <= 0) throw std::invalid_argument("--search-timeout must be positive, not " + std::to_string(ms));
    return std::chrono::milliseconds(ms);
}

LimitCheckOutcome runLimitCheck(const std::string& command, const uci::EngineConfig& config, const uci::SearchLimit& limit,
                                const uci::OptionValues& searchOptions, const po::variables_map& values,
                                std::stop_token stop) {
    LimitCheckOutcome outcome;
    const bool override = values.count("override-limit-check") > 0;
    uci::LimitCheck check = uci::checkLimitHonoured(config, limit, searchOptions, stop);
    if (stop.stop_requested()) {
        std::cerr << "matefind-cli " << command << ": interrupted\n";
        outcome.exitCode = 1;
        return outcome;
    }
    if (check.nodesPerSecond) outcome.nodesPerSecond = *check.nodesPerSecond;
    if (check.optionError) {
        std::cerr << "matefind-cli " << command << ": " << *check.optionError << "\n(see `matefind-cli " << command
                  << " --help`)\n";
        outcome.exitCode = 2;
        return outcome;
    }
    if (check.honoured) {
        if (!check.message.empty()) std::cerr << "warning: " << check.message << "\n";
        return outcome;
    }
    if (check.engine.empty()) {  // could not even start it: the command's own start reports that
        std::cerr << "matefind-cli " << command << ": " << check.message << "\n";
        outcome.exitCode = 1;
        return outcome;
    }
    if (override) {
        std::cerr << "warning: " << check.message << "; going on (--override-limit-check): searches that break the "
                  << "limit are counted\n";
        return outcome;
    }
    std::cerr << "matefind-cli " << command << ": " << check.message
              << " (--override-limit-check runs it anyway)\n";
    outcome.exitCode = 2;
    return outcome;
}

std::string limitBreakSummary(const uci::SearchLimit& limit, std::size_t breaking, std::size_t above,
                              std::size_t searches) {
    if (limit.kind != uci::SearchLimit::Kind::Nodes || breaking == 0) return {};
    return std::to_string(breaking) + " of " + std::to_string(searches) +
           " searches broke the nodes limit (reported nodes above 10x or below 1/10 of " + std::to_string(limit.value) +
           ": " + std::to_string(above) + " above, " + std::to_string(breaking - above) + " below)";
}

}  // namespace mf::cli
