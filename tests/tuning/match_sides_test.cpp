// The sides of a match (evolution/tuning/match_sides.h), as `matefind-cli match` and the window's
// Match tab build them: the engine a population file's run used, the best member's values, the
// genome's defaults, a side's own program, arguments, options file and options on top, the short
// names both front ends show, and errors that name the file (and its line).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/results/match_sides.h"

namespace mf::tuning {
namespace {

ga::Genome twoTerms() {
    return ga::Genome({ga::Term("knight", "KnightValue", 300, 6), ga::Term("bishop", "BishopValue", 301, 6)});
}

// A run of four members on `genome`; member 2 has the best fitness (none evaluated when `evaluated` is false).
ga::RunState smallRun(bool evaluated) {
    ga::Parameters p;
    p.populationSize = 4;
    p.seed = 7;
    ga::RunState state = ga::startRun(p, twoTerms());
    state.generation = 3;
    if (evaluated)
        for (std::size_t i = 0; i < state.population.size(); ++i) state.population[i].fitness = i == 2 ? 9.0 : 1.0;
    return state;
}

std::filesystem::path tempFile(const std::string& name) {
    return std::filesystem::temp_directory_path() / ("match_sides_" + std::to_string(::getpid()) + "_" + name);
}

TEST(MatchSides, APopulationFileSidePlaysItsBestOnTheEngineItsRunUsed) {
    ga::RunState state = smallRun(true);
    TuningSettings settings;
    settings.engine.program = "/opt/engines/tuned";
    settings.engine.arguments = {"--quiet"};
    settings.engine.fixedOptions = {{"Hash", "64"}};
    state.extras = toExtras(settings);
    const auto file = tempFile("run.mfpop");
    ASSERT_EQ(ga::savePopulation(state, file), std::nullopt);
    EngineSpec fallback;
    fallback.program = "/usr/bin/other";
    auto side = bestOfPopulationFile(file, fallback);
    std::filesystem::remove(file);
    ASSERT_TRUE(side) << side.error().message;
    EXPECT_EQ(side->engine.command.program, settings.engine.program);
    EXPECT_EQ(side->engine.command.arguments, settings.engine.arguments);
    EXPECT_EQ(side->engine.startOptions, settings.engine.fixedOptions);
    const std::vector<int> best = ga::decode(state.genome, state.population[2].chromosome);
    ASSERT_EQ(side->side.options.size(), 2u);
    EXPECT_EQ(side->side.options[0], (std::pair<std::string, std::string>{"KnightValue", std::to_string(best[0])}));
    EXPECT_EQ(side->side.options[1], (std::pair<std::string, std::string>{"BishopValue", std::to_string(best[1])}));
    EXPECT_EQ(side->side.name, file.filename().string() + " gen 3 best");
}

TEST(MatchSides, AFileThatNamesNoEngineUsesTheFallback) {
    const auto file = tempFile("noengine.mfpop");
    ASSERT_EQ(ga::savePopulation(smallRun(true), file), std::nullopt);
    EngineSpec fallback;
    fallback.program = "/usr/bin/panel-engine";
    fallback.fixedOptions = {{"Threads", "1"}};
    auto side = bestOfPopulationFile(file, fallback);
    std::filesystem::remove(file);
    ASSERT_TRUE(side) << side.error().message;
    EXPECT_EQ(side->engine.command.program, fallback.program);
    EXPECT_EQ(side->engine.startOptions, fallback.fixedOptions);
}

TEST(MatchSides, ErrorsNameTheFile) {
    const auto file = tempFile("unevaluated.mfpop");
    ASSERT_EQ(ga::savePopulation(smallRun(false), file), std::nullopt);
    auto side = bestOfPopulationFile(file, {});
    std::filesystem::remove(file);
    ASSERT_FALSE(side);
    EXPECT_NE(side.error().message.find(file.string()), std::string::npos) << side.error().message;
    EXPECT_NE(side.error().message.find("no evaluated member"), std::string::npos) << side.error().message;
    auto missing = bestOfPopulationFile(tempFile("missing.mfpop"), {});
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("missing.mfpop"), std::string::npos) << missing.error().message;
}

TEST(MatchSides, GenomeDefaultsSendTheDefaultsAndTheEngineDefaultsSendNothing) {
    EngineSpec engine;
    engine.program = "/x/matefind-engine";
    engine.arguments = {"--a"};
    const MatchSide genome = genomeDefaultsSide(engine, twoTerms());
    EXPECT_EQ(genome.side.options, (uci::OptionValues{{"KnightValue", "300"}, {"BishopValue", "301"}}));
    EXPECT_EQ(genome.engine.command.arguments, engine.arguments);
    EXPECT_EQ(genome.side.name, "start values");
    const MatchSide own = defaultsSide(engine);
    EXPECT_TRUE(own.side.options.empty());
    EXPECT_EQ(own.side.name, "matefind-engine");
}

// An options file and typed options go on top of what plays (a later value of an option replaces
// an earlier one, whatever the case of its name); the program and arguments replace the engine's;
// the name is the program's and the file's, never the values, unless one is given.
TEST(MatchSides, ChoicesGoOnTopAndNameTheSideShortly) {
    const auto file = tempFile("tuned.txt");
    std::ofstream(file) << "# tuned\nknightvalue = 320\nRookValue = 500\n";
    EngineSpec engine;
    engine.program = "/x/matefind-engine";
    engine.arguments = {"--a"};
    SideChoices choices;
    choices.optionsFile = file;
    choices.options = {{"ROOKVALUE", "510"}, {"QueenValue", "990"}};
    auto side = withChoices(genomeDefaultsSide(engine, twoTerms()), choices);
    ASSERT_TRUE(side) << side.error().message;
    EXPECT_EQ(side->side.options, (uci::OptionValues{{"BishopValue", "301"}, {"knightvalue", "320"}, {"ROOKVALUE", "510"},
                                                     {"QueenValue", "990"}}));
    EXPECT_EQ(side->side.name, "start values " + file.filename().string());
    EXPECT_EQ(side->engine.command.program, engine.program);

    choices.program = "/opt/other-engine";
    choices.arguments = {"--fast"};
    auto own = withChoices(defaultsSide(engine), choices);
    ASSERT_TRUE(own) << own.error().message;
    EXPECT_EQ(own->side.name, "other-engine " + file.filename().string());
    EXPECT_EQ(own->engine.command.program, choices.program);
    EXPECT_EQ(own->engine.command.arguments, choices.arguments);
    choices.name = "tuned";
    EXPECT_EQ(withChoices(defaultsSide(engine), choices)->side.name, "tuned");

    std::ofstream(file) << "KnightValue = 320\nthis line has no value\n";
    auto bad = withChoices(defaultsSide(engine), choices);
    std::filesystem::remove(file);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().file, file.string());
    EXPECT_EQ(bad.error().line, 2);
    EXPECT_NE(bad.error().message.find(file.string() + ":2:"), std::string::npos) << bad.error().message;
}

TEST(MatchSides, SameNamesAreToldApart) {
    match::Side a{"x", {}}, b{"x", {}};
    distinguishNames(a, b);
    EXPECT_EQ(a.name, "x (A)");
    EXPECT_EQ(b.name, "x (B)");
    distinguishNames(a, b);
    EXPECT_EQ(a.name, "x (A)");
}

}  // namespace
}  // namespace mf::tuning
