// The trace path's re-tracing rule (trace_point.h): which traces a generation is scored on, the
// point read from the run's history, and the score cache's keys that keep traces apart.
#include <gtest/gtest.h>

#include "evolution/tuning/settings/fitness_plan.h"
#include "evolution/tuning/run/run_history.h"
#include "evolution/tuning/measures/evalfit/run/trace_point.h"

namespace mf::tuning {
namespace {

TEST(TraceGeneration, IsTheLatestMultipleOfTheRuleOrTheStart) {
    EXPECT_EQ(traceGeneration(0, 7), 0);  // the rule is off
    EXPECT_EQ(traceGeneration(3, 0), 0);
    EXPECT_EQ(traceGeneration(3, 2), 0);
    EXPECT_EQ(traceGeneration(3, 3), 3);
    EXPECT_EQ(traceGeneration(3, 5), 3);
    EXPECT_EQ(traceGeneration(3, 6), 6);
    EXPECT_EQ(traceGeneration(1, 4), 4);
}

class TracePoint : public ::testing::Test {
protected:
    void SetUp() override {
        settings.genome = ga::Genome({ga::Term("knight", "KnightValue", 300, 8), ga::Term("rook", "RookValue", 460, 8)});
        settings.of<tuning::EvalfitSettings>().retraceEvery = 2;
        plan.main.path = dataset::EvalfitPath::Trace;
        plan.main.trace.source = dataset::TraceSource::Differences;
        plan.main.trace.point = {{"KnightValue", "300"}, {"RookValue", "460"}};
        plan.main.trace.terms = {{"KnightValue", 300, 172, 427}, {"RookValue", 460, 332, 587}};
        plan.heldOut = plan.main;
        state.genome = settings.genome;
    }
    void recordBest(int generation, std::vector<int> values) {
        GenerationReport report;
        report.stats.generation = generation;
        report.stats.bestValues = std::move(values);
        recordGeneration(state, report, false);
    }
    TuningSettings settings;
    EvalfitPlan plan;
    ga::RunState state;
};

TEST_F(TracePoint, MovesToTheBestOfTheGenerationBeforeOnBothDataSets) {
    recordBest(0, {300, 460});
    recordBest(1, {320, 455});
    state.generation = 1;
    EXPECT_FALSE(moveTracePoint(plan, settings, state).moved);  // generation 1 keeps the start's traces
    state.generation = 2;
    const TracePointMove move = moveTracePoint(plan, settings, state);
    ASSERT_FALSE(move.error) << *move.error;
    EXPECT_TRUE(move.moved);
    EXPECT_NE(move.note.find("2 terms moved since the last traces: KnightValue 300 -> 320, RookValue 460 -> 455"),
              std::string::npos)
        << move.note;
    EXPECT_EQ(plan.main.trace.epoch, 2);
    EXPECT_EQ(plan.main.trace.point, (uci::OptionValues{{"KnightValue", "320"}, {"RookValue", "455"}}));
    // Finite differences are taken around the new point.
    EXPECT_EQ(plan.main.trace.terms[0].start, 320);
    EXPECT_EQ(plan.main.trace.terms[1].start, 455);
    EXPECT_EQ(plan.heldOut->trace, plan.main.trace);
    state.generation = 3;  // the same traces serve generation 3
    EXPECT_FALSE(moveTracePoint(plan, settings, state).moved);
}

TEST_F(TracePoint, AMissingGenerationInTheHistoryIsNamed) {
    recordBest(0, {300, 460});
    state.generation = 4;  // needs the best of generation 3
    const TracePointMove move = moveTracePoint(plan, settings, state);
    ASSERT_TRUE(move.error);
    EXPECT_NE(move.error->find("no best of generation 3"), std::string::npos) << *move.error;
    EXPECT_EQ(plan.main.trace.epoch, 0);
}

TEST_F(TracePoint, OtherPathsAreLeftAlone) {
    plan.main.path = dataset::EvalfitPath::Fast;
    recordBest(1, {320, 455});
    state.generation = 2;
    EXPECT_FALSE(moveTracePoint(plan, settings, state).moved);
    EXPECT_EQ(plan.main.trace.epoch, 0);
}

TEST_F(TracePoint, RescoringClearsEveryFitness) {
    state.population.resize(3);
    for (auto& member : state.population) member.fitness = 1.0;
    rescoreAll(state);
    for (const auto& member : state.population) EXPECT_FALSE(member.fitness);
}

}  // namespace
}  // namespace mf::tuning
