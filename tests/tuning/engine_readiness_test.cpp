// The window's check before Start (a genome that does not fit the engine disables Start with the
// term's name; the limit check runs in the run's mode), on the fake engine.
#include <gtest/gtest.h>

#include "evolution/tuning/setup/engine_readiness.h"

namespace mf::tuning {
namespace {

ReadinessInputs fakeInputs(std::vector<std::string> arguments = {}) {
    TuningSettings settings;
    settings.engine.program = MATEFIND_FAKE_ENGINE;
    settings.engine.arguments = std::move(arguments);
    settings.genome = ga::Genome({ga::Term("material", "Material", 100, 8, 0, 400)});
    settings.parameters.limitKind = ga::LimitKind::Nodes;
    settings.parameters.limitValue = 3000;
    settings.engine.knownNodesPerSecond = 12345.0;
    return readinessInputs(settings);
}

TEST(EngineReadiness, InputsLeaveOutTheMeasuredSpeed) {
    ReadinessInputs a = fakeInputs();
    EXPECT_EQ(a.engine.knownNodesPerSecond, 0.0);
    ReadinessInputs b = a;
    EXPECT_EQ(a, b);
    b.limitValue = 3001;
    EXPECT_FALSE(a == b);
}

TEST(EngineReadiness, AGenomeThatDoesNotFitBlocksWithTheTermsName) {
    ReadinessInputs inputs = fakeInputs();
    inputs.genome = ga::Genome({ga::Term("knight value", "KnightValue", 250, 9)});
    const EngineReadiness r = checkEngineReadiness(inputs, true);
    ASSERT_TRUE(r.blocking);
    EXPECT_EQ(*r.blocking, "genome term 'knight value' (option KnightValue): the engine announces no such option");
    EXPECT_FALSE(r.limit);  // nothing searched
}

TEST(EngineReadiness, AnEngineThatDoesNotStartBlocksWithItsPath) {
    ReadinessInputs inputs = fakeInputs();
    inputs.engine.program = "/nonexistent/engine";
    const EngineReadiness r = checkEngineReadiness(inputs, true);
    ASSERT_TRUE(r.blocking);
    EXPECT_EQ(r.blocking->rfind("/nonexistent/engine: ", 0), 0u) << *r.blocking;
}

TEST(EngineReadiness, AFittingGenomeAndAnHonouredLimitGoOn) {
    const EngineReadiness r = checkEngineReadiness(fakeInputs(), true);
    EXPECT_FALSE(r.blocking) << *r.blocking;
    ASSERT_TRUE(r.limit);
    EXPECT_TRUE(r.limit->honoured) << r.limit->message;
    EXPECT_TRUE(r.limitHonoured());
    EXPECT_FALSE(checkEngineReadiness(fakeInputs(), false).limit);  // not asked for
}

TEST(EngineReadiness, EvalfitRunsNoLimitCheck) {
    TuningSettings settings;
    settings.engine.program = MATEFIND_FAKE_ENGINE;
    settings.engine.arguments = {"--nodes=ignore"};
    settings.genome = ga::Genome({ga::Term("material", "Material", 100, 8, 0, 400)});
    settings.measure = FitnessMeasure::Evalfit;
    const EngineReadiness r = checkEngineReadiness(readinessInputs(settings), true);
    EXPECT_FALSE(r.blocking);
    EXPECT_FALSE(r.limit);  // no search is limited, so nothing to refuse
}

TEST(EngineReadiness, AnEngineIgnoringNodesIsNotHonouredAndSaysWhatWorks) {
    const EngineReadiness r = checkEngineReadiness(fakeInputs({"--nodes=ignore"}), true);
    EXPECT_FALSE(r.blocking);
    ASSERT_TRUE(r.limit);
    EXPECT_FALSE(r.limit->honoured);
    EXPECT_FALSE(r.limitHonoured());
    EXPECT_NE(r.limit->message.find("ignores `go nodes`"), std::string::npos) << r.limit->message;
    EXPECT_NE(r.limit->message.find("--depth"), std::string::npos) << r.limit->message;
}

}  // namespace
}  // namespace mf::tuning
