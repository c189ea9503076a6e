#include "evolution/ga/schema.h"

#include <stdexcept>

namespace mf::ga {

Result<Schema> Schema::parse(std::string_view text, std::size_t m) {
    Schema s;
    std::size_t column = 0;
    for (char c : text) {
        ++column;
        if (c == ' ')
            continue;
        if (c != '0' && c != '1' && c != '*')
            return errorAt({}, 0, "schema",
                         "character " + std::to_string(column) + " is '" + std::string(1, c) +
                             "'; a schema uses only 0, 1 and *");
        s.pattern_.push_back(c);
    }
    if (s.pattern_.size() != m)
        return errorAt({}, 0, "schema",
                     "has " + std::to_string(s.pattern_.size()) + " symbols; the chromosome has m = " +
                         std::to_string(m) + " bits");
    return s;
}

std::size_t Schema::order() const {
    std::size_t o = 0;
    for (char c : pattern_)
        o += c != '*';
    return o;
}

std::size_t Schema::definingLength() const {
    const std::size_t first = pattern_.find_first_not_of('*');
    if (first == std::string::npos)
        return 0;
    return pattern_.find_last_not_of('*') - first;
}

bool Schema::matches(const Chromosome& c) const {
    if (c.size() != pattern_.size())
        return false;
    for (std::size_t i = 0; i < pattern_.size(); ++i)
        if (pattern_[i] != '*' && (pattern_[i] == '1') != c[i])
            return false;
    return true;
}

SchemaReport schemaReport(const Schema& schema, const Population& population, double pk, double pm) {
    SchemaReport r;
    r.order = schema.order();
    r.definingLength = schema.definingLength();
    double sumAll = 0;
    double sumMatching = 0;
    for (const Member& member : population) {
        if (!member.fitness)
            throw std::invalid_argument("schemaReport: population has members without fitness");
        sumAll += *member.fitness;
        if (schema.matches(member.chromosome)) {
            ++r.matching;
            sumMatching += *member.fitness;
        }
    }
    if (population.empty())
        return r;
    r.populationMean = sumAll / static_cast<double>(population.size());
    if (r.matching == 0)
        return r;
    r.schemaFitness = sumMatching / static_cast<double>(r.matching);
    if (r.populationMean == 0)
        return r;
    r.ratio = *r.schemaFitness / r.populationMean;
    const std::size_t m = schema.length();
    const double crossoverLoss =
        m > 1 ? pk * static_cast<double>(r.definingLength) / static_cast<double>(m - 1) : 0.0;
    const double mutationLoss = static_cast<double>(r.order) * pm;
    r.predicted = static_cast<double>(r.matching) * *r.ratio * (1.0 - crossoverLoss - mutationLoss);
    return r;
}

} // namespace mf::ga
