#include "evolution/ga/parameters.h"

#include <cmath>
#include <cstdio>

namespace mf::ga {

std::string_view limitKindName(LimitKind kind) {
    switch (kind) {
    case LimitKind::Time: return "time";
    case LimitKind::Depth: return "depth";
    case LimitKind::Nodes: return "nodes";
    }
    return "?";
}

std::optional<LimitKind> parseLimitKind(std::string_view name) {
    for (LimitKind k : {LimitKind::Time, LimitKind::Depth, LimitKind::Nodes})
        if (limitKindName(k) == name)
            return k;
    return std::nullopt;
}

std::string_view fieldName(Field field) {
    switch (field) {
    case Field::Generations: return "generations";
    case Field::PopulationSize: return "population_size";
    case Field::Pk: return "p_k";
    case Field::Pm: return "p_m";
    case Field::Elite: return "elite";
    case Field::Selection: return "selection";
    case Field::LinearMax: return "max";
    case Field::QLin: return "q_lin";
    case Field::QNolin: return "q_nolin";
    case Field::TournamentSize: return "k";
    case Field::Seed: return "seed";
    case Field::LimitKind: return "limit";
    case Field::LimitValue: return "limit_value";
    case Field::Prize: return "prize";
    }
    return "?";
}

std::optional<Field> parseField(std::string_view name) {
    for (Field f : kAllFields)
        if (fieldName(f) == name)
            return f;
    return std::nullopt;
}

namespace {

std::string num(double x) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", x);
    return buffer;
}

std::optional<FieldError> fail(Field f, const std::string& rule, const std::string& got) {
    return FieldError{f, std::string(fieldName(f)) + " " + rule + " (got " + got + ")"};
}

bool isPopulationValid(const Parameters& p) {
    return p.populationSize >= kMinPopulation && p.populationSize <= kMaxPopulation;
}

} // namespace

std::optional<FieldError> validateField(const Parameters& p, Field field) {
    const int n = p.populationSize;
    switch (field) {
    case Field::Generations:
        if (p.generations < 1 || p.generations > kMaxGenerations)
            return fail(field, "(generations in the run, counting generation 0) must be from 1 to " +
                                   std::to_string(kMaxGenerations),
                        std::to_string(p.generations));
        break;
    case Field::PopulationSize:
        if (!isPopulationValid(p))
            return fail(field, "must be from " + std::to_string(kMinPopulation) + " to " + std::to_string(kMaxPopulation),
                        std::to_string(n));
        break;
    case Field::Pk:
        if (!(p.pk >= 0.0 && p.pk <= 1.0))
            return fail(field, "must be from 0 to 1", num(p.pk));
        break;
    case Field::Pm:
        if (!(p.pm >= 0.0 && p.pm <= 1.0))
            return fail(field, "must be from 0 to 1", num(p.pm));
        break;
    case Field::Elite:
        if (p.elite < 0 || (isPopulationValid(p) && p.elite >= n))
            return fail(field, "must be from 0 to population_size - 1 (" + std::to_string(n - 1) + ")",
                        std::to_string(p.elite));
        break;
    case Field::Selection: {
        bool known = false;
        for (SelectionType t : kAllSelectionTypes)
            known = known || t == p.selection.type;
        if (!known)
            return FieldError{field, "selection must be proportional, baker, linear, nonlinear or tournament"};
        break;
    }
    case Field::LinearMax:
        if (!(p.selection.linearMax >= 1.0 && p.selection.linearMax <= 2.0))
            return fail(field, "(expected copies of the best) must be from 1 to 2", num(p.selection.linearMax));
        break;
    case Field::QLin:
        // The same constraint as MAX, stated for q_lin = MAX / N.
        if (isPopulationValid(p) && !(p.selection.linearMax >= 1.0 && p.selection.linearMax <= 2.0))
            return fail(field, "must be from 1/N to 2/N (" + num(1.0 / n) + " to " + num(2.0 / n) + " for N = " +
                                   std::to_string(n) + ")",
                        num(p.qLin()));
        break;
    case Field::QNolin:
        if (!(p.selection.qNolin > 0.0 && p.selection.qNolin < 1.0))
            return fail(field, "must be greater than 0 and less than 1", num(p.selection.qNolin));
        break;
    case Field::TournamentSize:
        if (p.selection.tournamentSize < 1 || (isPopulationValid(p) && p.selection.tournamentSize > n))
            return fail(field, "(tournament size) must be from 1 to population_size (" + std::to_string(n) + ")",
                        std::to_string(p.selection.tournamentSize));
        break;
    case Field::Seed:
        break;  // every 64-bit value is a seed
    case Field::LimitKind:
        if (!parseLimitKind(limitKindName(p.limitKind)))
            return FieldError{field, "limit must be time, depth or nodes"};
        break;
    case Field::LimitValue: {
        const std::int64_t max = p.limitKind == LimitKind::Time    ? kMaxMillis
                                 : p.limitKind == LimitKind::Depth ? kMaxDepth
                                                                   : kMaxNodes;
        const char* unit = p.limitKind == LimitKind::Time    ? " milliseconds"
                           : p.limitKind == LimitKind::Depth ? " plies"
                                                             : " nodes";
        if (p.limitValue < 1 || p.limitValue > max)
            return fail(field, "must be from 1 to " + std::to_string(max) + unit, std::to_string(p.limitValue));
        break;
    }
    case Field::Prize:
        if (!(p.prize >= 0.0 && p.prize <= kMaxPrize))
            return fail(field, "(answer-speed prize) must be from 0 to " + num(kMaxPrize), num(p.prize));
        break;
    }
    return std::nullopt;
}

std::vector<FieldError> validate(const Parameters& p) {
    // Every selection parameter is checked, not only the current type's: a multiselection fight
    // runs all five types from these parameters, and a file saved from one run may be fought later.
    std::vector<FieldError> errors;
    for (Field f : kAllFields) {
        if (f == Field::QLin)
            continue;  // MAX already carries this constraint; one message per problem
        if (auto e = validateField(p, f))
            errors.push_back(std::move(*e));
    }
    return errors;
}

} // namespace mf::ga
