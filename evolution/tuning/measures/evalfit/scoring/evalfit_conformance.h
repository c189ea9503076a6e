#pragma once
// The check `matefind-cli probe` runs on an engine's evalfit extension (evalfit_extension.h, the
// docs/protocol-evalfit.md), so an engine author who adds it knows MateFind will read it
// right: on a sample of positions built in here (both sides to move, captures pending, checks,
// endings), the engine must
//  1. load them behind the fence (`evalfit loaded N` before `readyok`);
//  2. answer `evalfit scores quiescence` and `evalfit scores static` with one whole number per
//     position and a closing line that counts them;
//  3. give, for every position, the quiescence score that a plain `go depth 0` search reports
//     (turned to White's view): the same number by two ways, so the bulk path tunes what the
//     engine really thinks;
//  4. when it answers `evalfit trace`, reproduce its scores from the traces, at the defaults and
//     at random weights (evalfit_trace_conformance.h); an engine without traces is not at fault;
//  5. answer a load of a file that does not exist with `evalfit error TEXT`.
// Each fault is named with the position (number and FEN) it concerns.
#include <cstddef>
#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/uci/engine_config.h"

namespace mf::dataset {

struct ExtensionCheck {
    bool started = false;             // false: the engine did not start (verdict says why)
    bool present = false;             // the engine answered `evalfit load` before its readyok
    std::size_t positions = 0;        // in the sample
    std::vector<std::string> faults;  // empty: it conforms
    std::string verdict;              // one line for people
    bool traced = false;              // the engine answered `evalfit trace` (well or not)
    std::string trace;                // one line for people about `evalfit trace`; empty: not checked
    bool passed() const { return present && faults.empty(); }
};

// The sample's FENs (also for tests that want positions of every kind).
const std::vector<std::string>& conformanceSample();

// "position 3 (FEN)": a sample position as the faults name it (index 0-based).
std::string conformancePositionName(std::size_t index);

// `traceSeed` seeds the random weight sets of the trace check (the same seed, the same sets).
ExtensionCheck checkEvalfitExtension(const uci::EngineConfig& config, std::stop_token stop = {},
                                     std::uint64_t traceSeed = 1);

}  // namespace mf::dataset
