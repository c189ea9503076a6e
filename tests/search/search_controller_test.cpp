#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <string_view>

#include "engine/search_controller.h"

namespace mf {
namespace {

// A tuner answers `bestmove` at once with `setoption` for the next chromosome. Options are refused
// while a search runs, so the controller must already count as idle when `bestmove` goes out;
// otherwise the next weights are dropped (as an `info string`) and the next search silently
// plays with the previous chromosome's weights.
TEST(SearchController, IsIdleWhenBestmoveIsPrinted) {
    SearchController* self = nullptr;
    std::atomic<int> bestmoves{0};
    std::atomic<bool> searchingAtBestmove{false};
    SearchController controller([&](std::string_view line) {
        if (line.starts_with("bestmove")) {
            searchingAtBestmove = searchingAtBestmove || self->searching();
            ++bestmoves;
        }
    });
    self = &controller;
    SearchLimits limits;
    limits.depth = 4;
    for (int i = 0; i < 20; ++i) {
        controller.go(Position::startPosition(), limits, SearchController::Clock::now());
        controller.waitForSearch();
    }
    EXPECT_EQ(bestmoves.load(), 20);
    EXPECT_FALSE(searchingAtBestmove.load());
}

TEST(SearchController, OptionSentRightAfterBestmoveIsApplied) {
    std::atomic<int> refusals{0};
    SearchController controller([&](std::string_view line) {
        if (line.starts_with("info string")) ++refusals;
    });
    SearchLimits limits;
    limits.depth = 3;
    controller.go(Position::startPosition(), limits, SearchController::Clock::now());
    controller.waitForSearch();
    refusals = 0;  // the search itself may print info strings (e.g. about endgame tables)
    controller.setOption("name KnightValue value 321");
    EXPECT_EQ(refusals.load(), 0);
    EXPECT_EQ(controller.evalParams().knightValue, 321);
}

}  // namespace
}  // namespace mf
