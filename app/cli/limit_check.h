#pragma once
// The limit check every engine-driving command runs before its work (solve, tune, fight; match
// calls the same): one probe search in the chosen limit mode (uci::checkLimitHonoured). An engine
// that breaks the limit is refused with the reason and the modes that work, unless the user
// passed --override-limit-check; then it is a warning and the run counts the searches that
// break the limit. Also --search-timeout, the user's fixed deadline for depth and nodes searches.

#include <boost/program_options.hpp>
#include <optional>
#include <stop_token>
#include <string>

#include "evolution/uci/engine_config.h"
#include "evolution/uci/search_types.h"

namespace mf::cli {

// Adds --override-limit-check and --search-timeout MS to `options`.
void addLimitCheckOptions(boost::program_options::options_description& options);

// --search-timeout MS as EngineTimeouts::searchTimeout (nullopt when not given). Throws
// std::invalid_argument when it is not positive.
std::optional<std::chrono::milliseconds> searchTimeoutOption(const boost::program_options::variables_map& values);

struct LimitCheckOutcome {
    std::optional<int> exitCode;            // set: stop with this code (the reason is on stderr)
    double nodesPerSecond = 0.0;            // the probe's speed, for EngineTimeouts::knownNodesPerSecond
};

// Runs the check for `command` and prints what it found on stderr: the refusal ("matefind-cli
// solve: Toga II 3.0 ignores `go nodes` ...: use --depth or --movetime (--override-limit-check
// runs it anyway)", exit code 2), or with the override a warning. Invalid `searchOptions` are a
// usage error too.
LimitCheckOutcome runLimitCheck(const std::string& command, const uci::EngineConfig& config,
                                const uci::SearchLimit& limit, const uci::OptionValues& searchOptions,
                                const boost::program_options::variables_map& values, std::stop_token stop = {});

// "3 of 30 searches broke the nodes limit (reported nodes above 10x or below 1/10 of 3000: 0
// above, 3 below)": empty when none did or the limit is not a nodes limit.
std::string limitBreakSummary(const uci::SearchLimit& limit, std::size_t breaking, std::size_t above, std::size_t searches);

}  // namespace mf::cli
