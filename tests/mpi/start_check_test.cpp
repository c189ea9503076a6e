// The start-up check names each rank and host whose engine is missing, whose engine or
// matefind-cli build differs, or whose engine announced another identity.
#include <gtest/gtest.h>

#include <algorithm>

#include "evolution/mpi/start_check.h"

namespace mf::mpi {
namespace {

RankReport good(int rank, std::string host) {
    RankReport r;
    r.rank = rank;
    r.report.host = std::move(host);
    r.report.buildDigest = "B";
    r.report.engineDigest = "E";
    r.report.started = true;
    r.report.engines = 2;
    r.report.identity.name = "MateFind";
    uci::UciOption option;
    option.name = "Knight Value";
    option.type = uci::OptionType::Spin;
    option.defaultValue = "250";
    option.max = 1000;
    r.report.identity.options = {option};
    return r;
}

TEST(MpiStartCheck, AgreeingRanksPass) {
    EXPECT_TRUE(startProblems("B", "E", {good(1, "a"), good(2, "b"), good(3, "c")}).empty());
    EXPECT_TRUE(startProblems("B", "", {good(1, "a"), good(2, "b")}).empty());  // rank 0 has no copy
}

TEST(MpiStartCheck, MissingEngineNamesRankAndHost) {
    auto missing = good(2, "node7");
    missing.report.started = false;
    missing.report.error = "engine '/opt/sf' not found on this host";
    auto problems = startProblems("B", "E", {good(1, "node1"), missing});
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0], "rank 2 on node7: engine '/opt/sf' not found on this host");
}

TEST(MpiStartCheck, OtherEngineBuildNamesRankAndHost) {
    auto other = good(3, "node9");
    other.report.engineDigest = "X";
    auto problems = startProblems("B", "E", {good(1, "node1"), good(2, "node2"), other});
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].rfind("rank 3 on node9: the engine program differs from rank 0's (X vs E)", 0), 0u)
        << problems[0];
    // Without a copy on rank 0 the first worker is the reference.
    problems = startProblems("B", "", {good(1, "node1"), other});
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("differs from rank 1 on node1's"), std::string::npos) << problems[0];
}

TEST(MpiStartCheck, OtherProgramBuildNamesRankAndHost) {
    auto other = good(1, "node4");
    other.report.buildDigest = "OLD";
    auto problems = startProblems("B", "E", {other, good(2, "node5")});
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].rfind("rank 1 on node4: matefind-cli differs from rank 0's build", 0), 0u) << problems[0];
}

TEST(MpiStartCheck, OtherIdentityNamesRankAndHost) {
    auto other = good(2, "node6");
    other.report.identity.options[0].max = 2000;
    auto problems = startProblems("B", "E", {good(1, "node1"), other});
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("rank 2 on node6: the engine announced itself"), std::string::npos) << problems[0];
}

// Game pairs: every rank also reports the opponent's (baseline's) engine; another build of it
// on one rank is named, and only when the run plays game pairs.
TEST(MpiStartCheck, OtherOpponentEngineBuildNamesRankAndHost) {
    auto a = good(1, "node1"), b = good(2, "node2");
    a.report.opponentDigest = "O";
    b.report.opponentDigest = "O2";
    EXPECT_TRUE(startProblems("B", "E", {a, b}).empty());  // a search run: no opponent
    auto problems = startProblems("B", "E", {a, b}, std::string("O"));
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("rank 2 on node2: the opponent's engine program differs from rank 0's (O2 vs O)"),
              std::string::npos)
        << problems[0];
    b.report.opponentDigest = "O";
    EXPECT_TRUE(startProblems("B", "E", {a, b}, std::string("O")).empty());
}

// Data set scoring: a rank without the data file, or with another copy of it, is named with its
// host and the file; ranks whose copies agree with rank 0's are not.
TEST(MpiStartCheck, MissingOrOtherDataFileNamesRankAndHost) {
    const std::vector<DataFile> files{{"/data/train.epd", "D1"}, {"/data/held.epd", "D2"}};
    auto a = good(1, "node1"), b = good(2, "node2"), c = good(3, "node3");
    a.report.dataDigests = {"D1", "D2"};
    b.report.dataDigests = {"D1", ""};
    c.report.dataDigests = {"OTHER", "D2"};
    EXPECT_TRUE(dataProblems(files, {a}).empty());
    auto problems = dataProblems(files, {a, b, c});
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0], "rank 2 on node2: data file '/data/held.epd' not found or unreadable on this host");
    EXPECT_EQ(problems[1].rfind("rank 3 on node3: data file '/data/train.epd' differs from rank 0's (OTHER vs D1)", 0), 0u)
        << problems[1];
    // A rank that could not read the start request reported no digests: startProblems names it.
    auto broken = good(4, "node4");
    broken.report.started = false;
    broken.report.error = "start: protocol version 2, this build speaks 3";
    EXPECT_TRUE(dataProblems(files, {a, broken}).empty());
}

}  // namespace
}  // namespace mf::mpi
