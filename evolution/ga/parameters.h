#pragma once
// Every parameter of a run, validated on entry with messages that name the field and the
// allowed range. The GUI validates one field as the user types (validateField) and the whole set
// before Start (validate); the CLI uses validate. The evaluation limit and the answer-speed prize
// are used by the tuner, not by the GA; they live here so they are saved and validated in one place.
#include "evolution/ga/selection.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf::ga {

enum class LimitKind { Time, Depth, Nodes };
std::string_view limitKindName(LimitKind kind);                 // "time", "depth", "nodes"
std::optional<LimitKind> parseLimitKind(std::string_view name);

struct Parameters {
    // G: the number of generations a run has, counting generation 0 (the first, random one); the
    // run ends after generation G - 1. The same meaning in the window, the CLI (also with
    // --resume: the run's new total) and ga::evolve. 1..kMaxGenerations.
    int generations = 50;
    int populationSize = 30;
    double pk = 0.7;           // crossover probability per pair
    double pm = 0.01;          // mutation probability per bit
    int elite = 1;             // e best pass unchanged
    SelectionSettings selection;
    std::uint64_t seed = 1;
    LimitKind limitKind = LimitKind::Nodes;
    std::int64_t limitValue = 20000;  // milliseconds, plies or nodes per position
    double prize = 0.0;               // answer-speed prize, 0 = off

    double qLin() const { return qLinFromMax(selection.linearMax, populationSize); }
    void setQLin(double q) { selection.linearMax = maxFromQLin(q, populationSize); }

    friend bool operator==(const Parameters&, const Parameters&) = default;
};

enum class Field {
    Generations, PopulationSize, Pk, Pm, Elite, Selection, LinearMax, QLin, QNolin,
    TournamentSize, Seed, LimitKind, LimitValue, Prize
};
// The field's key as used in messages, population files and CLI errors ("p_m", "q_lin", ...).
std::string_view fieldName(Field field);
std::optional<Field> parseField(std::string_view name);
inline constexpr std::array<Field, 14> kAllFields = {
    Field::Generations, Field::PopulationSize, Field::Pk, Field::Pm, Field::Elite, Field::Selection,
    Field::LinearMax, Field::QLin, Field::QNolin, Field::TournamentSize, Field::Seed,
    Field::LimitKind, Field::LimitValue, Field::Prize};

struct FieldError {
    Field field;
    std::string message;  // names the field and the allowed range
    friend bool operator==(const FieldError&, const FieldError&) = default;
};

// One field, in the context of the others (elite < population size, k <= population size, ...).
std::optional<FieldError> validateField(const Parameters& p, Field field);
// Every field; empty when the set is valid. MAX/q_lin, q_nolin and k are checked whatever the
// selection type: a multiselection fight uses all of them.
std::vector<FieldError> validate(const Parameters& p);

// Ranges, for GUI validators and help texts.
inline constexpr int kMaxGenerations = 1'000'000;
inline constexpr int kMinPopulation = 2;
inline constexpr int kMaxPopulation = 100'000;
inline constexpr std::int64_t kMaxMillis = 3'600'000;
inline constexpr std::int64_t kMaxDepth = 99;
inline constexpr std::int64_t kMaxNodes = 1'000'000'000'000;
inline constexpr double kMaxPrize = 100.0;

} // namespace mf::ga
