// EPD suites for solving: expected moves, STS points, defective records, and the score rule.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "evolution/uci/epd_scoring.h"
#include "evolution/uci/epd_suite.h"

using namespace mf;
using namespace mf::uci;

namespace {

const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

std::filesystem::path writeSuite(const std::string& name, const std::string& text) {
    auto path = std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()) + ".epd");
    std::ofstream(path) << text;
    return path;
}

SearchResult played(const std::string& move, SettlePoint settled = {}) {
    SearchResult r;
    r.status = SearchStatus::Completed;
    r.bestMove = move;
    r.settled = settled;
    return r;
}

std::string sharedEpd(const char* file) { return std::string(MATEFIND_SHARED_DIR) + "/epd/" + file; }

}  // namespace

TEST(PointsComment, StsFormIsReadAsUciPoints) {
    auto position = *Position::fromFen("1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - 0 1");
    auto points = parsePointsComment(position, "f5=10, Be5+=2, Bf2=3, Bg4=2");
    ASSERT_TRUE(points) << points.error().message;
    ASSERT_TRUE(*points);
    std::map<std::string, int> expected{{"f4f5", 10}, {"d4e5", 2}, {"d4f2", 3}, {"f3g4", 2}};
    EXPECT_EQ(**points, expected);
}

TEST(PointsComment, OtherCommentsAreJustComments) {
    auto position = Position::startPosition();
    for (const char* text : {"Kasparov-Karpov, Moscow 1985", "e4 is best", "e4=", "=3", "e4=ten", "a=b=c"}) {
        auto points = parsePointsComment(position, text);
        ASSERT_TRUE(points) << text;
        EXPECT_FALSE(*points) << text;
    }
}

TEST(PointsComment, IllegalMoveInPointsIsAnError) {
    auto position = Position::startPosition();
    auto points = parsePointsComment(position, "e4=10, Qh5=3");
    ASSERT_FALSE(points);
    EXPECT_NE(points.error().message.find("Qh5"), std::string::npos) << points.error().message;
}

TEST(LoadSuite, DefectiveRecordsAreReportedWithLineAndSkipped) {
    auto path = writeSuite("mf_suite_defects",
                           std::string(start) + " bm e4; id \"good.1\";\n" +
                               "this is not a position; id \"bad.2\";\n" +
                               start + " bm Qh5; id \"illegal.3\";\n" +
                               start + " id \"nothing.4\";\n" +
                               start + " am e4 d4; id \"good.5\"; c0 \"Kasparov-Karpov\";\n" +
                               start + " bm e4; c0 \"e4=10, Nf6=2\"; id \"badpoints.6\";\n");
    auto suite = loadSuite(path.string());
    std::filesystem::remove(path);
    ASSERT_EQ(suite.positions.size(), 2u);
    EXPECT_EQ(suite.positions[0].id, "good.1");
    EXPECT_EQ(suite.positions[0].best, std::vector<std::string>{"e2e4"});
    EXPECT_EQ(suite.positions[1].avoid, (std::vector<std::string>{"e2e4", "d2d4"}));
    EXPECT_TRUE(suite.positions[1].points.empty());
    std::vector<int> lines;
    for (const auto& error : suite.errors) lines.push_back(error.line);
    EXPECT_EQ(lines, (std::vector<int>{2, 3, 4, 6}));
    EXPECT_FALSE(suite.hasPoints());
}

TEST(LoadSuite, StsPointsAndItsDuplicateMoves) {
    auto path = sharedEpd("STS1-STS15_LAN_v3.epd");
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "shared suite not found: " << path;
    auto suite = loadSuite(path);
    EXPECT_EQ(suite.positions.size(), 1500u);
    EXPECT_TRUE(suite.errors.empty());
    EXPECT_TRUE(suite.hasPoints());
    EXPECT_EQ(suite.positions[0].points.at("f4f5"), 10);
    EXPECT_EQ(suite.positions[0].maxPoints(), 10);
    int doubled = 0;
    for (const auto& warning : suite.warnings)
        if (warning.message.find("twice") != std::string::npos) ++doubled;
    EXPECT_EQ(doubled, 7);
    // Line 1099: "Kc1=10, Kb1=3, Kb1=9" -> Kb1 counts 9.
    auto it = std::find_if(suite.positions.begin(), suite.positions.end(), [](const auto& p) { return p.line == 1099; });
    ASSERT_NE(it, suite.positions.end());
    EXPECT_EQ(it->points.at("b2b1"), 9);
}

TEST(LoadSuite, KaufmanDefectsReportedRestUsed) {
    auto path = sharedEpd("kaufman.epd");
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "shared suite not found: " << path;
    auto suite = loadSuite(path);
    EXPECT_FALSE(suite.errors.empty());
    EXPECT_EQ(suite.positions.size() + suite.errors.size(), 25u);
    for (const auto& error : suite.errors) EXPECT_GT(error.line, 0) << error.message;
}

TEST(ScorePosition, BestAvoidAndBoth) {
    SuitePosition bm;
    bm.best = {"e2e4", "d2d4"};
    SuitePosition am;
    am.avoid = {"e2e4"};
    SuitePosition both;
    both.best = {"e2e4", "d2d4"};
    both.avoid = {"d2d4"};
    auto limit = SearchLimit::depth(10);
    PrizeRule off;
    EXPECT_TRUE(scorePosition(bm, played("d2d4"), limit, off).solved);
    EXPECT_FALSE(scorePosition(bm, played("g1f3"), limit, off).solved);
    EXPECT_TRUE(scorePosition(am, played("g1f3"), limit, off).solved);
    EXPECT_FALSE(scorePosition(am, played("e2e4"), limit, off).solved);
    EXPECT_TRUE(scorePosition(both, played("e2e4"), limit, off).solved);
    EXPECT_FALSE(scorePosition(both, played("d2d4"), limit, off).solved);
    EXPECT_DOUBLE_EQ(scorePosition(bm, played("e2e4"), limit, off).score, 1.0);
    EXPECT_DOUBLE_EQ(scorePosition(bm, played("a2a3"), limit, off).score, 0.0);
}

TEST(ScorePosition, PointsOfTheMovePlayed) {
    SuitePosition sts;
    sts.best = {"f4f5"};
    sts.points = {{"f4f5", 10}, {"d4e5", 2}};
    auto limit = SearchLimit::moveTime(100);
    EXPECT_EQ(scorePosition(sts, played("f4f5"), limit, {}).points, 10);
    EXPECT_EQ(scorePosition(sts, played("d4e5"), limit, {}).points, 2);
    EXPECT_FALSE(scorePosition(sts, played("d4e5"), limit, {}).solved);
    EXPECT_EQ(scorePosition(sts, played("a2a3"), limit, {}).points, 0);
}

TEST(ScorePosition, AnswerSpeedPrize) {
    SuitePosition bm;
    bm.best = {"e2e4"};
    PrizeRule prize{0.5};
    // Settled at 25 ms of 100: 1 + 0.5 * (1 - 0.25).
    auto time = scorePosition(bm, played("e2e4", {25, 4, 5000, true}), SearchLimit::moveTime(100), prize);
    EXPECT_DOUBLE_EQ(time.score, 1.375);
    // Depth 2 of 8.
    auto depth = scorePosition(bm, played("e2e4", {25, 2, 5000, true}), SearchLimit::depth(8), prize);
    EXPECT_DOUBLE_EQ(depth.score, 1.375);
    // 5000 of 10000 nodes.
    auto nodes = scorePosition(bm, played("e2e4", {25, 2, 5000, true}), SearchLimit::nodes(10000), prize);
    EXPECT_DOUBLE_EQ(nodes.score, 1.25);
    // Settling after the limit (a movetime overrun) earns nothing extra, never less than 1.
    auto late = scorePosition(bm, played("e2e4", {130, 9, 5000, true}), SearchLimit::moveTime(100), prize);
    EXPECT_DOUBLE_EQ(late.score, 1.0);
    // Unsolved: no prize.
    EXPECT_DOUBLE_EQ(scorePosition(bm, played("d2d4", {1, 1, 1, true}), SearchLimit::depth(8), prize).score, 0.0);
}

TEST(ScorePosition, FailedAndCancelledAreNotScored) {
    SuitePosition bm;
    bm.best = {"e2e4"};
    SearchResult failed = played("e2e4");
    failed.status = SearchStatus::Failed;
    EXPECT_FALSE(scorePosition(bm, failed, SearchLimit::depth(3), {}).scored);
    EXPECT_FALSE(scorePosition(bm, failed, SearchLimit::depth(3), {}).solved);
    SearchResult cancelled = played("e2e4");
    cancelled.status = SearchStatus::Cancelled;
    EXPECT_FALSE(scorePosition(bm, cancelled, SearchLimit::depth(3), {}).scored);
}
