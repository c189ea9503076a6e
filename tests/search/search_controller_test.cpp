#include <gtest/gtest.h>

#include <atomic>
#include <optional>
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

// The option goes in from inside the `bestmove` output callback, on the search thread, before
// that thread has finished: the earliest moment a GUI could send it. (Through the option table,
// which returns a refusal instead of printing it: print() holds the output lock here.)
TEST(SearchController, OptionSentRightAfterBestmoveIsApplied) {
    SearchController* self = nullptr;
    std::optional<std::string> refusal;
    int bestmoves = 0;
    SearchController controller([&](std::string_view line) {
        if (!line.starts_with("bestmove")) return;
        ++bestmoves;
        refusal = self->options().set("KnightValue", std::to_string(300 + bestmoves));
    });
    self = &controller;
    SearchLimits limits;
    limits.depth = 3;
    for (int i = 0; i < 3; ++i) {
        controller.go(Position::startPosition(), limits, SearchController::Clock::now());
        controller.waitForSearch();
        ASSERT_EQ(bestmoves, i + 1);
        EXPECT_EQ(refusal, std::nullopt) << *refusal;
        EXPECT_EQ(controller.evalParams().knightValue, 301 + i);
    }
}

}  // namespace
}  // namespace mf
