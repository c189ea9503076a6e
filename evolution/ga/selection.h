#pragma once
// The five selection schemes: proportional, Baker's ranking, linear and nonlinear ranking, and
// tournament. Members are ranked i = 1 (best) .. N (worst) by
// rankOrder() (ties in fitness keep population order). p(i) is the chance that one draw picks
// member i.
#include "evolution/ga/population.h"
#include "evolution/ga/rng.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf::ga {

enum class SelectionType { Proportional, Baker, Linear, Nonlinear, Tournament };

inline constexpr std::array<SelectionType, 5> kAllSelectionTypes = {
    SelectionType::Proportional, SelectionType::Baker, SelectionType::Linear,
    SelectionType::Nonlinear, SelectionType::Tournament};

// "proportional", "baker", "linear", "nonlinear", "tournament" (CLI and file spelling).
std::string_view selectionName(SelectionType type);
std::optional<SelectionType> parseSelectionType(std::string_view name);

struct SelectionSettings {
    SelectionType type = SelectionType::Tournament;
    double linearMax = 1.5;   // MAX: expected copies of the best under linear ranking, 1..2
    double qNolin = 0.1;      // nonlinear ranking, 0 < q < 1
    int tournamentSize = 2;   // k, 1..N

    friend bool operator==(const SelectionSettings&, const SelectionSettings&) = default;
};

// MAX and q_lin are the same pressure seen two ways: q_lin = MAX / N.
inline double qLinFromMax(double max, int n) { return max / n; }
inline double maxFromQLin(double qLin, int n) { return qLin * n; }

// Analytic p(rank) for the rank-based schemes, index 0 = rank 1 (best). Not for Proportional.
std::vector<double> rankProbabilities(const SelectionSettings& s, std::size_t n);

// Analytic p for each member (by population index), any scheme. Proportional uses fitness
// (all zero: uniform); the others use the ranks of rankOrder().
std::vector<double> selectionProbabilities(const SelectionSettings& s, const Population& population);

// Why the settings cannot drive their own selection type (k < 1, q_nolin outside (0, 1), MAX
// outside [1, 2]), or std::nullopt. Settings of the other types are not looked at.
std::optional<std::string> selectionSettingsProblem(const SelectionSettings& s);

// Draws members for the next generation. The constructor throws std::invalid_argument when
// selectionSettingsProblem() finds one. Built once per generation from an evaluated population.
class Selector {
public:
    Selector(const SelectionSettings& s, const Population& population);
    std::size_t draw(Rng& rng) const;  // a population index

private:
    SelectionSettings settings_;
    std::vector<std::size_t> order_;       // population indices best..worst
    std::vector<double> cumulative_;       // by rank (roulette-type schemes)
};

} // namespace mf::ga
