#include <gtest/gtest.h>

#include <string_view>

#include "evolution/tuning/measures/fitness_measure.h"
#include "evolution/tuning/measures/registry.h"

namespace mf::tuning {
namespace {

// The text of every measure as population files and settings write it: it must never change, or
// saved runs stop reading back.
TEST(TuningMeasureNames, EachValueHasItsTextAndReadsBack) {
    const struct {
        FitnessMeasure measure;
        std::string_view text;
    } cases[] = {
        {FitnessMeasure::Solved, "solved"},
        {FitnessMeasure::Points, "points"},
        {FitnessMeasure::Games, "games"},
        {FitnessMeasure::Evalfit, "evalfit"},
    };
    for (const auto& c : cases) {
        EXPECT_EQ(fitnessMeasureName(c.measure), c.text);
        EXPECT_EQ(parseFitnessMeasure(c.text), c.measure) << c.text;
    }
}

TEST(TuningMeasureNames, UnknownTextIsNoMeasure) {
    for (std::string_view text : {"", "Solved", "solve", "points ", "game", "texel"})
        EXPECT_EQ(parseFitnessMeasure(text), std::nullopt) << '"' << text << '"';
}

// Which folder serves each value: the evaluator factories and the plan pick the measure by it.
TEST(TuningMeasureNames, EachValueIsServedByItsMeasureOnly) {
    EXPECT_TRUE(serves<SuiteMeasure>(FitnessMeasure::Solved));
    EXPECT_TRUE(serves<SuiteMeasure>(FitnessMeasure::Points));
    EXPECT_FALSE(serves<SuiteMeasure>(FitnessMeasure::Games));
    EXPECT_FALSE(serves<SuiteMeasure>(FitnessMeasure::Evalfit));
    EXPECT_TRUE(serves<GamesMeasure>(FitnessMeasure::Games));
    EXPECT_FALSE(serves<GamesMeasure>(FitnessMeasure::Solved));
    EXPECT_TRUE(serves<EvalfitMeasure>(FitnessMeasure::Evalfit));
    EXPECT_FALSE(serves<EvalfitMeasure>(FitnessMeasure::Points));
}

TEST(TuningMeasureNames, WithCallsTheServingMeasure) {
    const auto servedBy = [](FitnessMeasure measure) {
        std::string_view folder = "none";
        Measures::with(measure, [&]<class M>() { folder = M::names[0].text; });
        return folder;
    };
    EXPECT_EQ(servedBy(FitnessMeasure::Points), "solved");  // the suite measure: solved and points
    EXPECT_EQ(servedBy(FitnessMeasure::Games), "games");
    EXPECT_EQ(servedBy(FitnessMeasure::Evalfit), "evalfit");
    EXPECT_FALSE(Measures::with(static_cast<FitnessMeasure>(99), []<class>() {}));
}

// The registry's joined list: every value once, measure by measure as `Measures` lists them.
TEST(TuningMeasureNames, NamesAreJoinedInRegistryOrder) {
    ASSERT_EQ(Measures::names.size(), 4u);
    EXPECT_EQ(Measures::names[0].text, "solved");
    EXPECT_EQ(Measures::names[1].text, "points");
    EXPECT_EQ(Measures::names[2].text, "games");
    EXPECT_EQ(Measures::names[3].text, "evalfit");
}

}  // namespace
}  // namespace mf::tuning
