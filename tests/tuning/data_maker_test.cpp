// Which engine made a labelled-positions file (its make-dataset header), and the warning a run
// gives before it starts when its held-out positions are another engine's.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "evolution/tuning/setup/data_maker.h"

namespace mf::tuning {
namespace {

const std::filesystem::path kBundled = "/opt/matefind/bin/matefind-engine";

TEST(DataMaker, TheHeadersCommandLineNamesTheEngine) {
    const std::string rebuild = "MateFind labelled positions (Texel tuning) made by matefind-cli make-dataset; rebuild with:\n";
    EXPECT_EQ(dataMakerOf(rebuild + "matefind-cli make-dataset --self-play --games 220 --seed 2 --output h.epd\n", kBundled),
              kBundled);
    EXPECT_EQ(dataMakerOf(rebuild + "matefind-cli make-dataset --self-play --engine /usr/games/glaurung --depth 6\n", kBundled),
              std::filesystem::path("/usr/games/glaurung"));
    EXPECT_EQ(dataMakerOf(rebuild + "matefind-cli make-dataset --self-play --engine '/my engines/toga' --seed 2\n", kBundled),
              std::filesystem::path("/my engines/toga"));
    EXPECT_EQ(dataMakerOf(rebuild + "matefind-cli make-dataset --engine=/e/x --games 3\n", kBundled), std::filesystem::path("/e/x"));
    EXPECT_EQ(dataMakerOf("positions from elsewhere\n", kBundled), std::nullopt);
    EXPECT_EQ(dataMakerOf(rebuild, kBundled), std::nullopt) << "the first line names the command, not its options";
}

class HeldOutMaker : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() / ("mf-data-maker-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path file(const std::string& name, const std::string& command) {
        std::ofstream(dir_ / name) << "# MateFind labelled positions (Texel tuning) made by matefind-cli make-dataset; "
                                      "rebuild with:\n# "
                                   << command << "\n8/8/8/8/8/8/8/K6k w - - c9 \"1/2-1/2\";\n";
        return dir_ / name;
    }
    TuningSettings evalfitRun(const std::filesystem::path& engine, const std::filesystem::path& heldOut) {
        TuningSettings s;
        s.measure = FitnessMeasure::Evalfit;
        s.engine.program = engine;
        s.of<EvalfitSettings>().heldOutData = heldOut;
        return s;
    }
    std::filesystem::path dir_;
};

TEST_F(HeldOutMaker, ARunOfAnotherEngineThanTheHeldOutDatasSaysSo) {
    const auto bundledHeld = file("held.epd", "matefind-cli make-dataset --self-play --games 220 --seed 2 --output held.epd");
    const auto warning = heldOutMadeByAnotherEngine(evalfitRun("/usr/games/glaurung", bundledHeld), kBundled);
    ASSERT_TRUE(warning.has_value());
    EXPECT_NE(warning->find("the held-out data held.epd was made by matefind-engine, the run tunes glaurung"),
              std::string::npos)
        << *warning;
    EXPECT_EQ(heldOutMadeByAnotherEngine(evalfitRun(kBundled, bundledHeld), kBundled), std::nullopt);
    const auto own = file("g.epd", "matefind-cli make-dataset --self-play --engine /usr/games/glaurung --seed 2");
    EXPECT_EQ(heldOutMadeByAnotherEngine(evalfitRun("/usr/games/glaurung", own), kBundled), std::nullopt);
    EXPECT_TRUE(heldOutMadeByAnotherEngine(evalfitRun(kBundled, own), kBundled).has_value());
    // Positions from elsewhere (no make-dataset header) and other measures: nothing to say.
    std::ofstream(dir_ / "plain.epd") << "8/8/8/8/8/8/8/K6k w - - c9 \"1/2-1/2\";\n";
    EXPECT_EQ(heldOutMadeByAnotherEngine(evalfitRun(kBundled, dir_ / "plain.epd"), kBundled), std::nullopt);
    TuningSettings suite = evalfitRun("/usr/games/glaurung", bundledHeld);
    suite.measure = FitnessMeasure::Solved;
    EXPECT_EQ(heldOutMadeByAnotherEngine(suite, kBundled), std::nullopt);
}

}  // namespace
}  // namespace mf::tuning
