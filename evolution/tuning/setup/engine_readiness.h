#pragma once
// What a run's engine says before the run starts, for the window's Start (the CLI's tune and
// fight do the same two steps, in cmd_tune_options and the local evaluator factory):
// - blocking: the engine cannot be started, or the genome does not fit the options it announces
//   (a run would score every chromosome 0). The window keeps Start disabled with it.
// - limit: the limit check in the run's limit mode (uci::checkLimitHonoured: an engine that
//   ignores the limit would make every score depend on the machine's load). Not
//   honoured: the window asks whether to go on, as the CLI's --override-limit-check does; its
//   measured speed becomes EngineSpec::knownNodesPerSecond (the search deadlines).

#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>

#include "evolution/ga/genome.h"
#include "evolution/ga/parameters.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "evolution/uci/engine_probe.h"

namespace mf::tuning {

// The part of a run's settings the answer depends on: a new answer is needed when it changes.
struct ReadinessInputs {
    EngineSpec engine;  // knownNodesPerSecond cleared: it is an answer, not a question
    ga::Genome genome;
    ga::LimitKind limitKind = ga::LimitKind::Nodes;
    std::int64_t limitValue = 0;
    bool searches = true;  // false for evalfit: it scores positions without a limited search

    friend bool operator==(const ReadinessInputs&, const ReadinessInputs&) = default;
};
ReadinessInputs readinessInputs(const TuningSettings& settings);

struct EngineReadiness {
    // Start cannot go on: "<program>: <why it did not start>", or checkGenomeAgainstEngine's reason.
    std::optional<std::string> blocking;
    // The limit check (only when asked for, and not blocked or stopped).
    std::optional<uci::LimitCheck> limit;

    bool limitHonoured() const { return !limit || limit->honoured; }
};

// Starts the engine once for its announced options and compares the genome with them; then, with
// `checkLimit` and a measure that searches, runs the limit check (a fresh process, two short searches). Blocks; `stop` ends
// every wait at once, the engine's start-up too (the answer then has no limit, or blocks with
// "interrupted").
EngineReadiness checkEngineReadiness(const ReadinessInputs& inputs, bool checkLimit, std::stop_token stop = {});

}  // namespace mf::tuning
