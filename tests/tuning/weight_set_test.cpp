// A weight set read from an options file against a genome (weight_set.h): terms by their UCI
// option whatever the case, defaults for the terms it leaves out, other options kept apart, and
// errors that name the file, the line and the option.
#include <gtest/gtest.h>

#include "evolution/tuning/setup/weight_set.h"

namespace mf::tuning {
namespace {

const ga::Genome kGenome({ga::Term("knight value", "KnightValue", 300, 7), ga::Term("rook value", "RookValue", 461, 7),
                          ga::Term("passed pawn", "PassedPawn", 37, 6)});

TEST(WeightSet, TermsByOptionDefaultsForTheRestAndOtherOptionsApart) {
    auto set = weightSetFromOptionsText("# tuned\nknightvalue = 312\nHash = 64\nsetoption name PassedPawn value 40\n",
                                        "w.txt", kGenome);
    ASSERT_TRUE(set) << set.error().message;
    EXPECT_EQ(set->values, (std::vector<int>{312, 461, 40}));
    EXPECT_EQ(set->defaulted, std::vector<std::string>{"RookValue"});
    ASSERT_EQ(set->otherOptions.size(), 1u);
    EXPECT_EQ(set->otherOptions[0], (std::pair<std::string, std::string>{"Hash", "64"}));
}

TEST(WeightSet, ErrorsNameTheFileLineAndOption) {
    auto notNumber = weightSetFromOptionsText("\nKnightValue = 3x0\n", "w.txt", kGenome);
    ASSERT_FALSE(notNumber);
    EXPECT_EQ(notNumber.error().message, "w.txt:2: KnightValue: expected a whole number for the term 'knight value', got '3x0'");
    auto twice = weightSetFromOptionsText("RookValue = 1\nrookvalue = 2\n", "w.txt", kGenome);
    ASSERT_FALSE(twice);
    EXPECT_EQ(twice.error().message, "w.txt:2: rookvalue: set again (first on line 1)");
    auto malformed = weightSetFromOptionsText("= 5\n", "w.txt", kGenome);
    ASSERT_FALSE(malformed);
    EXPECT_EQ(malformed.error().message.rfind("w.txt:1: ", 0), 0u) << malformed.error().message;
}

}  // namespace
}  // namespace mf::tuning
