// Issue 12, item 3: the original MateFind's population file (2006) is imported by the loader the
// window's Open and `tune --resume` use.
#include "evolution/ga/legacy_population.h"

#include "evolution/ga/chromosome.h"
#include "evolution/ga/genome.h"
#include "evolution/ga/population_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace mf::ga {
namespace {

// The test file beside this source: ten chromosomes within a few percent of the defaults, the
// header of the 2006 report.
const std::filesystem::path kFile = std::filesystem::path(MATEFIND_SOURCE_DIR) / "tests/ga/data/matefind-2006.pop";

std::string readAll(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::string extra(const RunState& s, const std::string& key) {
    for (const auto& [k, v] : s.extras)
        if (k == key)
            return v;
    return "(missing)";
}

TEST(LegacyPopulation, TheLoaderImportsTheTenChromosomesIntoTheGenomesWindows) {
    const Result<RunState> state = loadPopulation(kFile);
    ASSERT_TRUE(state.ok()) << state.error().message;
    EXPECT_TRUE(isImported(*state));
    EXPECT_EQ(state->genome, mateFind2006Genome());
    EXPECT_EQ(state->parameters.populationSize, 10);
    ASSERT_EQ(state->population.size(), 10u);
    EXPECT_EQ(decode(state->genome, state->population[0].chromosome),
              (std::vector<int>{250, 300, 500, 900, 0, 30, 50, 30, 50, 30, 0, 50}));
    EXPECT_EQ(decode(state->genome, state->population[9].chromosome),
              (std::vector<int>{260, 295, 500, 894, 0, 29, 47, 31, 50, 32, 0, 50}));
    for (const Member& m : state->population)
        EXPECT_FALSE(m.fitness);  // the 2006 file holds no fitness: the run evaluates them first
    EXPECT_EQ(state->generation, 0);
    // Mapped: the population size; reported: the six numbers whose meaning is not known.
    EXPECT_EQ(extra(*state, "import.header"), "200 0 10 0.75 5 36 1");
    EXPECT_NE(extra(*state, "import.unmapped").find("1: 200, 2: 0, 4: 0.75, 5: 5, 6: 36, 7: 1"), std::string::npos)
        << extra(*state, "import.unmapped");
    EXPECT_EQ(importNotes(*state).size(), 5u);
    // The default parameters are used, not guesses from the header (200 is not taken as G).
    EXPECT_EQ(state->parameters.generations, Parameters{}.generations);
    EXPECT_EQ(state->parameters.pk, Parameters{}.pk);
}

TEST(LegacyPopulation, ItSavesAsAnOrdinaryPopulationFileThatLoadsBack) {
    const Result<RunState> state = loadPopulation(kFile);
    ASSERT_TRUE(state.ok()) << state.error().message;
    const Result<RunState> back = populationFromText(populationToText(*state), "saved.mfpop");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, *state);
}

TEST(LegacyPopulation, ValuesOutsideTheirWindowsAreClampedAndSaid) {
    std::string text = readAll(kFile);
    text.replace(text.find("100 260 295"), 11, "100 999 295");  // knight window is 0..511
    const Result<RunState> state = populationFromText(text, "old.pop");
    ASSERT_TRUE(state.ok()) << state.error().message;
    EXPECT_EQ(decode(state->genome, state->population[9].chromosome)[0], 511);
    EXPECT_EQ(extra(*state, "import.clamped"), "values outside their window, clamped: line 11 KnightValue 999 -> 511");
}

TEST(LegacyPopulation, BadFilesFailWithFileLineAndField) {
    auto errorOf = [](const std::string& text) {
        const Result<RunState> r = populationFromText(text, "old.pop");
        return r.ok() ? std::string("(loaded)") : r.error().message;
    };
    const std::string good = "200 0 2 0.75 5 36 1\n100 250 300 500 900 0 30 50 30 50 30 0 50\n"
                             "100 255 296 509 912 0 31 49 30 51 29 0 52\n";
    EXPECT_EQ(errorOf(good), "(loaded)");
    EXPECT_EQ(errorOf("200 0 3 0.75 5 36 1\n100 250 300 500 900 0 30 50 30 50 30 0 50\n"
                      "100 255 296 509 912 0 31 49 30 51 29 0 52\n"),
              "old.pop:1: header: its third number (the population size) is 3 but the file has 2 chromosome lines");
    EXPECT_EQ(errorOf("200 0 2 0.75 5 36 1\n100 250 300 500 900 0 30 50 30 50 30 0 50\n"
                      "90 255 296 509 912 0 31 49 30 51 29 0 52\n"),
              "old.pop:3: pawn: expected 100 (the fixed pawn value) first, got 90");
    EXPECT_EQ(errorOf("200 0 2 0.75 5 36 1\n100 250 300 500 900 0 30 50 30 50 30 0 50\n"
                      "100 255 296 509 912 0 31 49 30 51 29 0\n"),
              "old.pop:3: values: expected the pawn's 100 and 12 term values (13 integers), found 12");
    EXPECT_EQ(errorOf("200 0 2 0.75 5 36 1\n100 250 300 500 900 0 30 50 30 50 30 0 50\n"
                      "100 255 296 509 912 0 31 49 30 51 29 0 5x\n"),
              "old.pop:3: values: expected integers, got '5x'");
    EXPECT_EQ(errorOf("200 0 1 0.75 5 36 1\n100 250 300 500 900 0 30 50 30 50 30 0 50\n"),
              "old.pop:1: population_size: population_size must be from 2 to 100000 (got 1)");
    // Not seven numbers: not taken for a 2006 file (the ordinary reader reports it).
    EXPECT_FALSE(looksLikeLegacyPopulation("200 0 10 0.75 5 36\n"));
    EXPECT_FALSE(looksLikeLegacyPopulation("# MateFind population file\nformat = matefind-population\n"));
    EXPECT_TRUE(looksLikeLegacyPopulation("\n  200 0 10 0.75 5 36 1\r\n"));
}

// The built-in genome of the import is the bundled 2006 preset, term for term (the default preset
// matefind.json follows the engine's current defaults instead).
TEST(LegacyPopulation, ItsGenomeIsTheBundled2006Preset) {
    const Result<Genome> preset = loadGenome(std::filesystem::path(MATEFIND_SOURCE_DIR) / "resources/genomes/matefind-2006.json");
    ASSERT_TRUE(preset.ok()) << preset.error().message;
    EXPECT_EQ(*preset, mateFind2006Genome());
}

}  // namespace
}  // namespace mf::ga
