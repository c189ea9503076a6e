// The machine's load for clock games (evolution/match/machine_load.h): /proc/loadavg read and
// worded, the warning before a clock match with more workers than free cores, the note after one
// that lost games on time.
#include <gtest/gtest.h>

#include "evolution/match/machine_load.h"

namespace mf::match {
namespace {

TEST(ClockLoad, ProcLoadavgReadsItsFirstField) {
    EXPECT_EQ(parseLoadAverage("3.41 1.20 0.55 4/125 4523\n"), 3.41);
    EXPECT_EQ(parseLoadAverage("0.00 0.01 0.05 1/90 1"), 0.0);
    EXPECT_EQ(parseLoadAverage(""), std::nullopt);
    EXPECT_EQ(parseLoadAverage("busy"), std::nullopt);
    EXPECT_EQ(parseLoadAverage("-1 0 0"), std::nullopt);
}

TEST(ClockLoad, FreeCoresAreTheCoresLessTheLoadRounded) {
    EXPECT_EQ((MachineLoad{0.1, 2}.freeCores()), 2U);
    EXPECT_EQ((MachineLoad{1.6, 2}.freeCores()), 0U);
    EXPECT_EQ((MachineLoad{1.4, 2}.freeCores()), 1U);
    EXPECT_EQ((MachineLoad{3.4, 2}.freeCores()), 0U);
}

TEST(ClockLoad, WarnsBeforeAClockMatchWithMoreWorkersThanFreeCores) {
    EXPECT_EQ(clockLoadWarning({0.2, 2}, 2, true), std::nullopt);
    EXPECT_EQ(clockLoadWarning({3.4, 2}, 2, false), std::nullopt) << "a per-move limit loses nothing on time";
    const auto busy = clockLoadWarning({3.4, 2}, 2, true);
    ASSERT_TRUE(busy.has_value());
    EXPECT_EQ(*busy, "2 workers at a clock with 0 free cores (load average 3.40 on 2 cores): engines without a core of "
                     "their own run late and may lose on time; use at most 1 worker, a longer clock, or a per-move "
                     "limit");
    EXPECT_TRUE(clockLoadWarning({1.4, 2}, 2, true).has_value());
    EXPECT_EQ(clockLoadWarning({1.4, 2}, 1, true), std::nullopt);
}

TEST(ClockLoad, AfterAMatchNamesTheShareLostOnTimeAndTheLoad) {
    EXPECT_EQ(timeLossNote(0, 8, {3.4, 2}), std::nullopt);
    EXPECT_EQ(timeLossNote(6, 8, {3.4, 2}),
              "6 of 8 games lost on time (75.0%), load average 3.40 on 2 cores: a busy machine makes engines late; "
              "fewer workers or a longer clock");
}

TEST(ClockLoad, ThisMachineHasACoreAndALoad) {
    const MachineLoad now = readMachineLoad();
    EXPECT_GE(now.cores, 1U);
    EXPECT_GE(now.loadAverage, 0.0);
}

}  // namespace
}  // namespace mf::match
