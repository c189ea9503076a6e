// The confirmation of a games run's answer (common/run_pick.h): the pick it leaves, its words, and
// its fields in a population file, infinite bounds included (every game won or lost).
#include <gtest/gtest.h>

#include <limits>

#include "evolution/ga/genome.h"
#include "evolution/tuning/common/run_pick.h"
#include "evolution/tuning/run/pick_rules.h"

namespace mf::tuning {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

ga::RunState stateOfTwoTerms() {
    ga::RunState state;
    state.genome = ga::Genome({ga::Term("a", "A", 10, 7), ga::Term("b", "B", 20, 7)});
    return state;
}

RunPick answerOfGeneration(int generation) {
    RunPick pick;
    pick.values = {30, 40};
    pick.generation = generation;
    pick.score = 1.5;
    pick.startScore = 1.0;
    return pick;
}

PickConfirmation atClock(bool passed, double elo, double low, double high) {
    PickConfirmation c;
    c.passed = passed;
    c.elo = elo;
    c.low = low;
    c.high = high;
    c.games = 600;
    c.limit = "tc 10+0.1";
    return c;
}

TEST(PickConfirmation, ConfirmAtClockAPassKeepsTheAnswerAndSaysSo) {
    const RunPick pick = confirmedPick(answerOfGeneration(7), {10, 20}, atClock(true, 24.1, 3.2, 45.0));
    EXPECT_EQ(pick.values, (std::vector<int>{30, 40}));
    EXPECT_EQ(pick.generation, 7);
    ASSERT_TRUE(pick.confirmation);
    EXPECT_EQ(pick.confirmation->generation, 7);
    EXPECT_EQ(confirmationText(*pick.confirmation),
              "generation 7's answer confirmed at tc 10+0.1 against the start: Elo +24.1 [+3.2, +45.0] (600 games)");
    EXPECT_NE(pickSummary(pick).find("; generation 7's answer confirmed at tc 10+0.1"), std::string::npos)
        << pickSummary(pick);
}

TEST(PickConfirmation, ConfirmAtClockAFailLeavesTheStartAndSaysWhy) {
    const RunPick pick = confirmedPick(answerOfGeneration(7), {10, 20}, atClock(false, 5.0, -12.5, 22.0));
    EXPECT_EQ(pick.values, (std::vector<int>{10, 20}));
    EXPECT_TRUE(pick.isStart());
    EXPECT_EQ(startAnswersWhy(pick),
              "no better than the start: generation 7's answer not confirmed at tc 10+0.1 against the start: Elo +5.0 "
              "[-12.5, +22.0] (600 games), the interval's lower bound is not above 0");
    EXPECT_NE(pickSummary(pick).find("the pick is the start values: no better than the start"), std::string::npos);
}

TEST(PickConfirmation, ConfirmAtClockItsFieldsReadBackInfinitiesIncluded) {
    for (const PickConfirmation& c : {atClock(true, kInf, 40.0, kInf), atClock(false, -kInf, -kInf, -40.0),
                                      atClock(false, -3.25, -20.5, 14.0)}) {
        ga::RunState state = stateOfTwoTerms();
        const RunPick pick = confirmedPick(answerOfGeneration(3), {10, 20}, c);
        writeRunPick(state, pick);
        auto read = readRunPick(state);
        ASSERT_TRUE(read) << read.error().message;
        ASSERT_TRUE(*read);
        EXPECT_EQ(**read, pick);
    }
}

TEST(PickConfirmation, ConfirmAtClockABrokenFieldIsNamed) {
    ga::RunState state = stateOfTwoTerms();
    state.extras.emplace_back("pick", "generation=3 on=heldout score=1 start=1 values=30,40 confirm=maybe");
    auto read = readRunPick(state);
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().message, "extras: pick: confirm: expected passed or failed");
    state.extras.back().second = "generation=3 on=heldout score=1 start=1 values=30,40 confirm=passed confirm_generation=3 "
                                 "confirm_elo=x confirm_low=1 confirm_high=2 confirm_games=20 confirm_at=tc:1+0";
    read = readRunPick(state);
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().message, "extras: pick: confirm_elo: expected a number, inf or -inf");
}

}  // namespace
}  // namespace mf::tuning
