#include <gtest/gtest.h>

#include "evolution/match/match_config_rules.h"
#include "evolution/match/match_runner.h"

namespace mf::match {
namespace {

TEST(MatchConfigRules, SprtBoundsTable) {
    struct Row {
        SprtConfig sprt;
        const char* problem;  // the start of the problem, or nullptr
    };
    const Row rows[] = {
        {{0, 5, 0.05, 0.05}, nullptr},
        {{-3, -1, 0.01, 0.2}, nullptr},
        {{5, 5, 0.05, 0.05}, "sprt: elo1 must be greater than elo0"},
        {{5, 0, 0.05, 0.05}, "sprt: elo1 must be greater than elo0"},
        {{0, 5, 0, 0.05}, "sprt: alpha and beta"},
        {{0, 5, 0.05, 1}, "sprt: alpha and beta"},
        {{0, 5, -0.1, 0.05}, "sprt: alpha and beta"},
    };
    for (const Row& row : rows) {
        const auto problem = sprtProblem(row.sprt);
        if (!row.problem) {
            EXPECT_FALSE(problem) << *problem;
            continue;
        }
        ASSERT_TRUE(problem) << row.problem;
        EXPECT_EQ(problem->rfind(row.problem, 0), 0u) << *problem;
    }
}

TEST(MatchConfigRules, PairsTable) {
    struct Row {
        std::int64_t pairs;
        std::size_t openings;
        GameLimits limits;
        bool allowed;
    };
    const Row rows[] = {
        {0, 10, GameLimits::nodes(5000), true},     // 0: one pair per opening
        {10, 10, GameLimits::nodes(5000), true},
        {11, 10, GameLimits::nodes(5000), false},   // a repeated opening replays the same games
        {11, 10, GameLimits::depth(3), false},
        {11, 10, GameLimits::moveTime(50), true},   // timed games differ on a repeat
        {50, 10, GameLimits::clock(10'000, 100), true},
        {-1, 10, GameLimits::moveTime(50), false},
    };
    for (const Row& row : rows) {
        const auto problem = pairsProblem(row.pairs, row.openings, row.limits);
        EXPECT_EQ(!problem, row.allowed) << row.pairs << " pairs, " << row.openings << " openings";
        if (problem) EXPECT_EQ(problem->rfind("pairs: ", 0), 0u) << *problem;
    }
}

TEST(MatchConfigRules, ValidateGathersTheSprtOnlyWhenTheMatchHasOne) {
    MatchConfig config;
    config.openings.resize(4);
    config.game.limits = GameLimits::nodes(100);
    config.pairs = 5;
    EXPECT_EQ(validate(config).size(), 1u);
    config.sprt = SprtConfig{5, 0, 0.05, 0.05};
    const auto problems = validate(config);
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0].rfind("sprt: ", 0), 0u);
    EXPECT_EQ(problems[1].rfind("pairs: ", 0), 0u);
    config.sprt.reset();
    config.pairs = 4;
    EXPECT_TRUE(validate(config).empty());
}

}  // namespace
}  // namespace mf::match
