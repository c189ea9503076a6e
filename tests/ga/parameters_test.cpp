#include "evolution/ga/parameters.h"

#include <gtest/gtest.h>

namespace mf::ga {
namespace {

std::vector<std::string> messages(const Parameters& p) {
    std::vector<std::string> out;
    for (const FieldError& e : validate(p))
        out.push_back(e.message);
    return out;
}

TEST(Parameters, DefaultsAreValid) {
    EXPECT_TRUE(validate(Parameters{}).empty());
    for (SelectionType t : kAllSelectionTypes) {
        Parameters p;
        p.selection.type = t;
        EXPECT_TRUE(validate(p).empty()) << selectionName(t);
    }
}

TEST(Parameters, MessagesNameTheFieldAndTheRange) {
    Parameters p;
    p.populationSize = 1;
    EXPECT_EQ(messages(p), std::vector<std::string>{"population_size must be from 2 to 100000 (got 1)"});
    p = Parameters{};
    p.pk = 1.5;
    p.pm = -0.1;
    EXPECT_EQ(messages(p), (std::vector<std::string>{"p_k must be from 0 to 1 (got 1.5)", "p_m must be from 0 to 1 (got -0.1)"}));
    p = Parameters{};
    p.elite = 30;
    EXPECT_EQ(messages(p), std::vector<std::string>{"elite must be from 0 to population_size - 1 (29) (got 30)"});
    p = Parameters{};
    p.selection.tournamentSize = 31;
    EXPECT_EQ(messages(p), std::vector<std::string>{"k (tournament size) must be from 1 to population_size (30) (got 31)"});
    p.selection.type = SelectionType::Baker;  // Baker does not use k, but a fight does
    EXPECT_EQ(messages(p), std::vector<std::string>{"k (tournament size) must be from 1 to population_size (30) (got 31)"});
    p = Parameters{};
    p.selection.type = SelectionType::Nonlinear;
    p.selection.qNolin = 1.0;
    EXPECT_EQ(messages(p), std::vector<std::string>{"q_nolin must be greater than 0 and less than 1 (got 1)"});
    p = Parameters{};
    p.selection.type = SelectionType::Linear;
    p.selection.linearMax = 2.5;
    EXPECT_EQ(messages(p), std::vector<std::string>{"max (expected copies of the best) must be from 1 to 2 (got 2.5)"});
    // The same problem through the q_lin field, as the GUI's q_lin box reports it.
    p.setQLin(0.1);  // N = 30: 3 copies of the best
    EXPECT_DOUBLE_EQ(p.selection.linearMax, 3.0);
    const auto qlin = validateField(p, Field::QLin);
    ASSERT_TRUE(qlin);
    EXPECT_EQ(qlin->message, "q_lin must be from 1/N to 2/N (0.0333333 to 0.0666667 for N = 30) (got 0.1)");
    p = Parameters{};
    p.limitKind = LimitKind::Depth;
    p.limitValue = 100;
    EXPECT_EQ(messages(p), std::vector<std::string>{"limit_value must be from 1 to 99 plies (got 100)"});
    p = Parameters{};
    p.prize = -1;
    EXPECT_EQ(messages(p), std::vector<std::string>{"prize (answer-speed prize) must be from 0 to 100 (got -1)"});
    p = Parameters{};
    p.generations = -1;
    EXPECT_EQ(validate(p).front().field, Field::Generations);
}

// Issue 12, defect 1: a fight runs all five selection types, so validate() checks every type's
// parameters whatever the selected type (k = 0 and q_nolin = 0 reached the fight lanes before).
TEST(Parameters, EveryTypesParametersAreValidatedForTheFight) {
    for (SelectionType t : kAllSelectionTypes) {
        Parameters p;
        p.selection.type = t;
        p.selection.tournamentSize = 0;
        EXPECT_EQ(messages(p), std::vector<std::string>{"k (tournament size) must be from 1 to population_size (30) (got 0)"})
            << selectionName(t);
        p = Parameters{};
        p.selection.type = t;
        p.selection.qNolin = 0;
        EXPECT_EQ(messages(p), std::vector<std::string>{"q_nolin must be greater than 0 and less than 1 (got 0)"})
            << selectionName(t);
        p = Parameters{};
        p.selection.type = t;
        p.selection.linearMax = 0.5;
        EXPECT_EQ(messages(p), std::vector<std::string>{"max (expected copies of the best) must be from 1 to 2 (got 0.5)"})
            << selectionName(t);
    }
}

// Issue 12, defect 4: G counts the generations of a run including generation 0; G = 0 would be a
// run without any generation and is refused.
TEST(Parameters, GenerationsCountGenerationZeroAndZeroIsRefused) {
    Parameters p;
    p.generations = 0;
    EXPECT_EQ(messages(p), std::vector<std::string>{
                               "generations (generations in the run, counting generation 0) must be from 1 to 1000000 (got 0)"});
    p.generations = 1;
    EXPECT_TRUE(validate(p).empty());
}

TEST(Parameters, CrossFieldRulesFollowPopulationSize) {
    Parameters p;
    p.elite = 5;
    p.selection.tournamentSize = 8;
    EXPECT_FALSE(validateField(p, Field::Elite));
    p.populationSize = 5;
    EXPECT_TRUE(validateField(p, Field::Elite));
    EXPECT_TRUE(validateField(p, Field::TournamentSize));
    EXPECT_FALSE(validateField(p, Field::PopulationSize));
}

TEST(Parameters, NamesRoundTrip) {
    for (Field f : kAllFields)
        EXPECT_EQ(parseField(fieldName(f)), f);
    EXPECT_EQ(parseLimitKind("time"), LimitKind::Time);
    EXPECT_EQ(limitKindName(LimitKind::Nodes), "nodes");
    EXPECT_FALSE(parseLimitKind("moves"));
}

} // namespace
} // namespace mf::ga
