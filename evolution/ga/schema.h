#pragma once
// Holland's schema theorem, live. A schema is a pattern over {0,1,*} of the chromosome's length m;
// a member matches when it agrees on every fixed (0/1) position.
#include "engine/result.h"
#include "evolution/ga/population.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace mf::ga {

class Schema {
public:
    // Exactly m characters from {0,1,*}; spaces are ignored so long schemas can be grouped per
    // term. The error's field is "schema", its reason names the position or the length.
    static Result<Schema> parse(std::string_view text, std::size_t m);

    const std::string& pattern() const { return pattern_; }
    std::size_t length() const { return pattern_.size(); }
    std::size_t order() const;           // o(S): fixed positions
    std::size_t definingLength() const;  // d(S): last fixed - first fixed (0 with < 2 fixed)
    bool matches(const Chromosome& c) const;

private:
    std::string pattern_;
};

struct SchemaReport {
    std::size_t order = 0;
    std::size_t definingLength = 0;
    std::size_t matching = 0;                 // m(S,t)
    std::optional<double> schemaFitness;      // f(S,t), mean over the matching; none if m(S,t)=0
    double populationMean = 0;                // f(t)
    std::optional<double> ratio;              // f(S,t)/f(t); none if m(S,t)=0 or f(t)=0
    // m(S,t) * f(S,t)/f(t) * (1 - pk d/(m-1) - o pm): the expected count of matching members in
    // the next generation under proportional selection is at least this. It can be negative
    // when disruption is high (the bound then says nothing). None when ratio is none.
    std::optional<double> predicted;
};

// Requires a fully evaluated population whose chromosomes have the schema's length.
SchemaReport schemaReport(const Schema& schema, const Population& population, double pk, double pm);

} // namespace mf::ga
