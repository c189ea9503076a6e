// Which of a run's settings its stages' optimisers use (optimizer_uses.h), the table the CLI's
// refusals and the window's greyed fields both read: every setting against every optimiser, and
// the reasons in each front end's words.
#include <gtest/gtest.h>

#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/optimizer_uses.h"
#include "evolution/tuning/optimizers/registry.h"

using namespace mf::tuning;
using S = RunSetting;

namespace {

OptimizerSettings only(std::string_view name) {
    OptimizerSettings o;
    o.only(name);
    return o;
}

}  // namespace

TEST(OptimizerUses, EveryRunSettingIsUsedByExactlyItsOptimisers) {
    for (S s : kAllRunSettings) {
        for (const OptimizerInfo* info : optimizerInfos()) {
            const bool expected = s == S::Start ? info->startsPopulation : info->breeds;
            EXPECT_EQ(optimizerUses(only(info->name), s), expected) << info->name << " " << int(s);
            EXPECT_EQ(unusedSettingReason(only(info->name), s, {"--optimizer ", "--start-values"}).has_value(), !expected);
        }
    }
    EXPECT_TRUE(optimizerUses(only("ga"), S::Pm));
    EXPECT_FALSE(optimizerUses(only("spsa"), S::Start));
    EXPECT_TRUE(optimizerUses(only("cmaes"), S::Start));
}

TEST(OptimizerUses, EveryNumberIsUsedByItsOwnerAlone) {
    for (const NumberSetting* setting : allNumberSettings())
        for (const OptimizerInfo* info : optimizerInfos())
            EXPECT_EQ(optimizerUses(only(info->name), *setting), &ownerOf(*setting) == info) << setting->key;
    EXPECT_EQ(&ownerOf(kGaCreep), &GaOptimizer::info);
    EXPECT_EQ(&ownerOf(kSpsaREnd), &SpsaOptimizer::info);
}

TEST(OptimizerUses, AStageUsesWhatItsOptimiserUsesAndStartIsTheFirstStages) {
    OptimizerSettings stages;
    stages.stages = {{"spsa", 10}, {"ga", 0}};
    EXPECT_TRUE(optimizerUses(stages, S::Pm));        // the GA stage breeds
    EXPECT_TRUE(optimizerUses(stages, kSpsaREnd));
    EXPECT_TRUE(optimizerUses(stages, kGaCreep));
    EXPECT_FALSE(optimizerUses(stages, kCmaesSigma));
    EXPECT_FALSE(optimizerUses(stages, S::Start));    // generation 0 is SPSA's
}

TEST(OptimizerUses, ReasonsNameTheChosenOptimiserInTheFrontEndsWords) {
    const OptimizerWords cli{"--optimizer ", "--start-values"};
    const OptimizerWords window{"the optimiser ", "Start values"};
    EXPECT_EQ(unusedSettingReason(only("spsa"), S::Pm, cli), "is a GA option; --optimizer spsa does not use it");
    EXPECT_EQ(unusedSettingReason(only("cmaes"), S::Selection, window),
              "is a GA option; the optimiser cmaes does not use it");
    EXPECT_EQ(unusedSettingReason(only("spsa"), S::Start, cli),
              "is for ga and cmaes; SPSA starts at the defaults (see --start-values)");
    EXPECT_EQ(unusedSettingReason(only("ga"), kSpsaScale, cli), "needs --optimizer spsa");
    EXPECT_EQ(unusedSettingReason(only("spsa"), kCmaesSigma, window), "needs the optimiser cmaes");
    EXPECT_EQ(unusedSettingReason(only("cmaes"), kGaCreep, cli), "needs --optimizer ga");
}
