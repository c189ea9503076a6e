#include "evolution/ga/evolution.h"
#include "evolution/ga/schema.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mf::ga {
namespace {

TEST(Schema, ParseAndMeasures) {
    const Result<Schema> s = Schema::parse("*1** 0*1*", 8);
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->pattern(), "*1**0*1*");
    EXPECT_EQ(s->order(), 3U);
    EXPECT_EQ(s->definingLength(), 5U);
    EXPECT_TRUE(s->matches(*Chromosome::fromString("01110010")));
    EXPECT_FALSE(s->matches(*Chromosome::fromString("01111010")));
    const Result<Schema> none = Schema::parse("********", 8);
    EXPECT_EQ(none->order(), 0U);
    EXPECT_EQ(none->definingLength(), 0U);
    EXPECT_EQ(Schema::parse("***1****", 8)->definingLength(), 0U);
}

TEST(Schema, ParseErrorsSayWhatIsWrong) {
    const Result<Schema> shortOne = Schema::parse("1*0", 8);
    ASSERT_FALSE(shortOne.ok());
    EXPECT_EQ(shortOne.error().message, "schema: has 3 symbols; the chromosome has m = 8 bits");
    const Result<Schema> bad = Schema::parse("1*0x****", 8);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message, "schema: character 4 is 'x'; a schema uses only 0, 1 and *");
}

TEST(Schema, ReportQuantities) {
    Population p(4);
    p[0] = Member{*Chromosome::fromString("1100"), 6.0};
    p[1] = Member{*Chromosome::fromString("1001"), 2.0};
    p[2] = Member{*Chromosome::fromString("0100"), 1.0};
    p[3] = Member{*Chromosome::fromString("1111"), 3.0};
    const Schema s = *Schema::parse("1**1", 4);
    const SchemaReport r = schemaReport(s, p, 0.6, 0.01);
    EXPECT_EQ(r.order, 2U);
    EXPECT_EQ(r.definingLength, 3U);
    EXPECT_EQ(r.matching, 2U);
    EXPECT_DOUBLE_EQ(*r.schemaFitness, 2.5);
    EXPECT_DOUBLE_EQ(r.populationMean, 3.0);
    EXPECT_DOUBLE_EQ(*r.ratio, 2.5 / 3.0);
    EXPECT_DOUBLE_EQ(*r.predicted, 2 * (2.5 / 3.0) * (1 - 0.6 * 3 / 3.0 - 2 * 0.01));
    const SchemaReport empty = schemaReport(*Schema::parse("0011", 4), p, 0.6, 0.01);
    EXPECT_EQ(empty.matching, 0U);
    EXPECT_FALSE(empty.schemaFitness);
    EXPECT_FALSE(empty.predicted);
}

// The schema theorem as a test: from one fixed evaluated population, breed the next generation
// with proportional selection (no elitism) under many seeds; the mean count of members matching
// the schema must not fall below the predicted m(S,t) f(S,t)/f(t) (1 - p_k d/(m-1) - o p_m).
TEST(Schema, TheoremBoundHoldsOnAverageOverSeededGenerations) {
    const std::size_t m = 16;
    Rng init(77);
    Population start = randomPopulation(30, m, init);
    // Fitness rewards the schema's bits, so the schema is above average and should grow.
    auto fitness = [](const Chromosome& c) {
        double f = 1;
        for (std::size_t i = 0; i < c.size(); ++i)
            f += c[i];
        return f + (c[2] && !c[5] ? 8.0 : 0.0);
    };
    evaluatePending(start, fitness);
    Parameters p;
    p.populationSize = 30;
    p.elite = 0;
    p.pk = 0.8;
    p.pm = 0.02;
    p.selection.type = SelectionType::Proportional;
    for (const char* pattern : {"**1**0**********", "**1************1", "1*1*************"}) {
        const Schema s = *Schema::parse(pattern, m);
        const SchemaReport r = schemaReport(s, start, p.pk, p.pm);
        ASSERT_TRUE(r.predicted);
        ASSERT_GT(*r.ratio, 1.0) << pattern << " should be above average for the test to mean something";
        const int trials = 4000;
        double sum = 0;
        double sumSquares = 0;
        for (int t = 0; t < trials; ++t) {
            Rng rng(1000 + static_cast<std::uint64_t>(t));
            const Population next = breed(start, p, rng);
            double count = 0;
            for (const Member& member : next)
                count += s.matches(member.chromosome);
            sum += count;
            sumSquares += count * count;
        }
        const double mean = sum / trials;
        const double sd = std::sqrt(sumSquares / trials - mean * mean);
        const double standardError = sd / std::sqrt(trials);
        EXPECT_GE(mean, *r.predicted - 3 * standardError)
            << pattern << ": m(S,t) " << r.matching << " ratio " << *r.ratio << " predicted " << *r.predicted;
        RecordProperty(pattern, std::to_string(mean) + " >= " + std::to_string(*r.predicted));
    }
}

} // namespace
} // namespace mf::ga
