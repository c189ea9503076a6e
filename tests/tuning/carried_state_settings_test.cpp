// The carried-state check's settings for a genome (carried_state_settings.h), the same for
// `probe --genome` and the window's engine dialog: each term half-way to the far end of its
// window, the first positions without moves of an openings file, and errors that say what is wrong.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "evolution/tuning/setup/carried_state_settings.h"

namespace mf::tuning {
namespace {

std::filesystem::path writeOpenings(const std::string& name, const std::string& text) {
    const std::filesystem::path path = std::filesystem::path(::testing::TempDir()) / name;
    std::ofstream(path) << text;
    return path;
}

constexpr const char* kThree =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"
    "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq -\n"
    "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq -\n";

TEST(CarriedStateSettings, EachTermGoesHalfWayToTheFarEndOfItsWindow) {
    const ga::Genome genome({ga::Term("low default", "Low", 100, 8, 0, 400), ga::Term("high default", "High", 300, 8, 0, 400),
                             ga::Term("middle", "Middle", 200, 8, 0, 400)});
    auto s = carriedStateSettings(genome, writeOpenings("three.epd", kThree), 2);
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->fens.size(), 2u);  // the count asked, of three
    EXPECT_EQ(s->fens[1], "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
    EXPECT_EQ(s->first, (uci::OptionValues{{"Low", "100"}, {"High", "300"}, {"Middle", "200"}}));
    // Windows of 256 values: Low [0, 255] goes up to 177; High [145, 400] (the ceiling holds it)
    // down to 223; Middle [72, 327], one value further down than up, down to 136.
    EXPECT_EQ(s->other, (uci::OptionValues{{"Low", "177"}, {"High", "223"}, {"Middle", "136"}}));
    EXPECT_EQ(s->depth, 1);
}

TEST(CarriedStateSettings, WhatCannotBeCheckedIsSaid) {
    const ga::Genome genome({ga::Term("material", "Material", 100, 8, 0, 400)});
    auto none = carriedStateSettings(ga::Genome(), writeOpenings("three.epd", kThree));
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().message, "the genome has no terms: there are no weights to change");

    auto bad = carriedStateSettings(genome, writeOpenings("bad.epd", "not a position\n"));
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("bad.epd:1"), std::string::npos) << bad.error().message;

    auto missing = carriedStateSettings(genome, "/nonexistent/openings.epd");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("/nonexistent/openings.epd"), std::string::npos) << missing.error().message;
}

}  // namespace
}  // namespace mf::tuning
