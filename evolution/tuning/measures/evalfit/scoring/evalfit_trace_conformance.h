#pragma once
// The part of `matefind-cli probe`'s evalfit check (evalfit_conformance.h) that concerns
// `evalfit trace`. An engine without traces may answer `evalfit error` (or nothing before its
// readyok): then the check says "no evalfit trace", which is not a fault. An engine with them must
//  1. answer `evalfit trace static` as the grammar says (evalfit_trace_reader.h), every term a spin
//     option it announces;
//  2. reproduce `evalfit scores static` from that trace at the defaults, position by position,
//     within kExactTolerance plus the rounding of the coefficients to the 32-bit floats MateFind
//     stores (2^-23 x sum |V x w|);
//  3. from the same trace, at kRandomWeightSets random weight sets (each weight drawn within +-25%
//     of its default, at least +-1, inside its option's min..max, from a generator seeded with
//     `seed`), reproduce `evalfit scores static` at those weights within
//     max(kRoundingCentipawns, kRoundingFraction x |score|): the engine's integer rounding (each
//     truncating division of the evaluation moves by less than 1 cp between two weight sets; the
//     bundled engine, on its 44,684 bundled positions at 20 such sets: mean 1.0 cp, 12% over
//     2 cp, the largest 7.3 cp);
//  4. reproduce `evalfit scores quiescence` from `evalfit trace quiescence` at the defaults, as 2.
// Each fault is named with its position (number and FEN) and, for 3, the weight set.
#include <cstdint>
#include <stop_token>
#include <vector>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_conformance.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_extension.h"

namespace mf::dataset {

inline constexpr double kExactTolerance = 1e-6;
inline constexpr int kRandomWeightSets = 3;
inline constexpr double kRoundingCentipawns = 10.0;
inline constexpr double kRoundingFraction = 0.02;

// `staticScores` and `quiescenceScores`: the engine's `evalfit scores` at the defaults (empty when
// they could not be read: the comparisons with them are then left out). Sets check.trace and adds
// faults to check.faults.
void checkEvalfitTrace(ExtensionEngine& engine, const std::vector<int>& staticScores,
                       const std::vector<int>& quiescenceScores, ExtensionCheck& check, std::uint64_t seed,
                       std::stop_token stop = {});

}  // namespace mf::dataset
