#pragma once
// The rules of a match's settings, in one place for `matefind-cli match` and the window's Match
// tab: the front ends read their fields into a MatchConfig and show these problems as they are.
// (The rules of chess are rules.h.) Each problem starts with the setting it names ("pairs: ...").

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "evolution/match/elo.h"
#include "evolution/match/game_types.h"

namespace mf::match {

// Declared only: match_runner.h brings the tablebase headers, whose names clash with Qt's macros,
// and the window includes this header.
struct MatchConfig;

// elo1 above elo0 (else H0 and H1 do not separate), alpha and beta strictly between 0 and 1.
std::optional<std::string> sprtProblem(const SprtConfig& sprt);

// Not negative; and in nodes or depth mode at most one pair per opening, because a repeated
// opening replays the very same games and the interval would count them as new evidence.
std::optional<std::string> pairsProblem(std::int64_t pairs, std::size_t openings, const GameLimits& limits);

// Every problem of the config's SPRT (when it has one) and pairs, in that order; empty when the
// match may start.
std::vector<std::string> validate(const MatchConfig& config);

}  // namespace mf::match
