// Exact labels from MateFind's endgame tables (KQK only, generated into a temporary folder).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <unistd.h>

#include "engine/attacks.h"
#include "engine/notation.h"
#include "evolution/suite/tables_labelling.h"

namespace mf::suite {
namespace {

class TablesLabelling : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        attacks::init();
        // One folder per process: ctest runs each test of this suite in a process of its own.
        dir_ = std::filesystem::path(::testing::TempDir()) / ("matefind_suite_tb_" + std::to_string(::getpid()));
        tables_ = new tb::Tablebases(dir_);
        std::string error;
        ASSERT_NE(tables_->require("KQK", &error), nullptr) << error;
    }
    static void TearDownTestSuite() {
        delete tables_;
        tables_ = nullptr;
        std::filesystem::remove_all(dir_);
    }
    static Candidate at(const char* fen) {
        auto pos = Position::fromFen(fen);
        EXPECT_TRUE(pos.ok());
        return {*pos, Move::none(), "test"};
    }
    static inline std::filesystem::path dir_;
    static inline tb::Tablebases* tables_ = nullptr;
};

TEST_F(TablesLabelling, OnlyTheCaptureSavesTheDraw) {
    const Candidate c = at("8/8/8/3Q4/4k3/8/8/K7 b - - 0 1");
    auto label = labelFromTables(*tables_, c);
    ASSERT_TRUE(label.has_value());
    EXPECT_EQ(label->verdict, Verdict::Kept);
    ASSERT_EQ(label->entry.best.size(), 1u);
    EXPECT_EQ(toSan(c.position, label->entry.best[0]), "Kxd5");
    EXPECT_NE(label->entry.comment.find("draw"), std::string::npos) << label->entry.comment;
    EXPECT_NE(label->entry.comment.find("1 of"), std::string::npos) << label->entry.comment;
}

TEST_F(TablesLabelling, EveryMoveLosingTestsNothing) {
    auto label = labelFromTables(*tables_, at("8/8/8/8/8/2k5/8/KQ6 b - - 0 1"));
    ASSERT_TRUE(label.has_value());
    EXPECT_EQ(label->verdict, Verdict::TablesNoTest);
}

TEST_F(TablesLabelling, UncoveredPositionsAreLeftToTheEngine) {
    EXPECT_FALSE(labelFromTables(*tables_, at("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")));
    EXPECT_FALSE(labelFromTables(*tables_, at("8/8/8/3R4/4k3/8/8/K7 b - - 0 1")));  // KRK not loaded
}

}  // namespace
}  // namespace mf::suite
