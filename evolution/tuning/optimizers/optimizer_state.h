#pragma once
// Reading and writing an optimiser's keys in RunState::optimizer: one line each, numbers exact.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/ga/evolution.h"

namespace mf::tuning {

std::optional<std::string> optimizerValue(const ga::RunState& state, std::string_view key);
// Replaces the key's value, or adds the key at the end.
void setOptimizerValue(ga::RunState& state, std::string_view key, std::string value);

// Doubles separated by one space, each with the digits that read back to it.
std::string exactNumbers(const std::vector<double>& numbers);
// `count` numbers from exactNumbers' text; nullopt when the text holds anything else.
std::optional<std::vector<double>> parseNumbers(std::string_view text, std::size_t count);

// The values of the best member (rank order) of an evaluated population; the first member's when
// none has a fitness.
std::vector<int> bestValues(const ga::RunState& state);

}  // namespace mf::tuning
