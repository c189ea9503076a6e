#pragma once
// The engine a run tunes, as every part that starts it reads it: program, arguments, the options
// it always runs with, whether one process may serve several weight sets, and the deadlines of its
// searches. Measures, optimisers and the run core all name it, so it sits below them.

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "evolution/uci/engine_config.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

struct EngineSpec {
    std::filesystem::path program;          // the UCI executable
    std::vector<std::string> arguments;
    uci::OptionValues fixedOptions;         // sent to every engine after start (Hash, Threads...)
    // Keep one process across weight changes (uci::EngineConfig::freshProcessOnOptionChange off):
    // for an engine that carries nothing from one weight set to the next, as `probe --genome`
    // checks; saves a start-up per candidate and worker. Saved with the run.
    bool keepProcess = false;
    // Deadlines of depth and nodes searches (uci/search_deadline.h). Not saved with a run.
    std::optional<std::chrono::milliseconds> searchTimeout;  // the user's fixed deadline
    double knownNodesPerSecond = 0.0;       // the limit probe's measured speed; 0: none

    friend bool operator==(const EngineSpec&, const EngineSpec&) = default;
};

// How every part that starts this engine (evaluators, the limit check, print) configures it:
// program, arguments, fixed options and the search deadlines.
uci::EngineConfig engineConfigOf(const EngineSpec& engine);

}  // namespace mf::tuning
