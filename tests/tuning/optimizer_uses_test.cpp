// Which optimiser uses which setting (optimizer_uses.h), the table the CLI's refusals and the
// window's greyed fields both read: every setting against every optimiser, and the reasons in
// each front end's words.
#include <gtest/gtest.h>

#include "evolution/tuning/optimizers/optimizer_uses.h"

using namespace mf::tuning;
using S = OptimizerSetting;

TEST(OptimizerUses, EverySettingIsUsedByExactlyItsOptimisers) {
    for (S s : kAllOptimizerSettings) {
        const bool spsaOwn = s == S::SpsaREnd || s == S::SpsaScale;
        const bool cmaesOwn = s == S::CmaesSigma;
        const bool start = s == S::Start;
        const bool gaOwn = !spsaOwn && !cmaesOwn && !start;
        EXPECT_EQ(optimizerUses(OptimizerKind::Ga, s), gaOwn || start) << int(s);
        EXPECT_EQ(optimizerUses(OptimizerKind::Spsa, s), spsaOwn) << int(s);
        EXPECT_EQ(optimizerUses(OptimizerKind::Cmaes, s), cmaesOwn || start) << int(s);
        for (OptimizerKind k : {OptimizerKind::Ga, OptimizerKind::Spsa, OptimizerKind::Cmaes})
            EXPECT_EQ(unusedSettingReason(k, s, {"--optimizer ", "--start-values"}).has_value(), !optimizerUses(k, s));
    }
}

TEST(OptimizerUses, ReasonsNameTheChosenOptimiserInTheFrontEndsWords) {
    const OptimizerWords cli{"--optimizer ", "--start-values"};
    const OptimizerWords window{"the optimiser ", "Start values"};
    EXPECT_EQ(unusedSettingReason(OptimizerKind::Spsa, S::Pm, cli), "is a GA option; --optimizer spsa does not use it");
    EXPECT_EQ(unusedSettingReason(OptimizerKind::Cmaes, S::Creep, window),
              "is a GA option; the optimiser cmaes does not use it");
    EXPECT_EQ(unusedSettingReason(OptimizerKind::Spsa, S::Start, cli),
              "is for ga and cmaes; SPSA starts at the defaults (see --start-values)");
    EXPECT_EQ(unusedSettingReason(OptimizerKind::Ga, S::SpsaScale, cli), "needs --optimizer spsa");
    EXPECT_EQ(unusedSettingReason(OptimizerKind::Spsa, S::CmaesSigma, window), "needs the optimiser cmaes");
}
