// The rule `genome --engine` and the window's "Genome from engine" share: which spin options are
// terms (evaluation groups, search constants, an engine's own weights; not Hash, Threads, Move
// Overhead and the like) and the bits each gets by its unit. On the bundled engine: every
// piece-square entry gets 11 bits, and the rule alone makes the README recipe's genome.
#include <gtest/gtest.h>

#include <filesystem>

#include "evolution/tuning/setup/engine_genome.h"
#include "evolution/tuning/setup/option_units.h"

namespace mf::tuning {
namespace {

ga::SpinOption spin(const std::string& name, int min, int max, int defaultValue) { return {name, min, max, defaultValue}; }

uci::UciOption announced(const std::string& line) { return *uci::parseOptionLine(line); }

TEST(OptionUnits, EvaluationGroupsGetTheBitsOfTheirUnits) {
    EXPECT_EQ(unitBits(spin("Psqt.Pawn.Mg.a2", -16383, 16383, -845)), 11);
    EXPECT_EQ(unitBits(spin("Material.Knight.Mg", 0, 4095, 256)), 9);
    EXPECT_EQ(unitBits(spin("Passed.TheirKing.Eg.r5", -32767, 32767, 3102)), 12);
    EXPECT_EQ(unitBits(spin("Passed.OwnKing.Mg.r2", -32767, 32767, 10)), 12);
    EXPECT_EQ(unitBits(spin("Passed.Mg.r4", -32767, 32767, 200)), 8);
    EXPECT_EQ(unitBits(spin("KingAttack.Queen.Eg", -32767, 32767, 40)), 8);
    EXPECT_EQ(unitBits(spin("Mobility.Rook.Eg.7", -32767, 32767, 12)), kGroupTermBits);
    // Any other Group.Name is a term with 7 bits; the search constants take their whole range.
    EXPECT_EQ(unitBits(spin("Eval.Tempo", -32767, 32767, 12)), 7);
    EXPECT_EQ(unitBits(spin("Search.RazorMargin", 0, 2000, 300)), 11);
    // Never more bits than cover the range: 1..6 is six values, 3 bits.
    EXPECT_EQ(unitBits(spin("Search.NullMoveReduction", 1, 6, 3)), 3);
    EXPECT_EQ(unitBits(spin("Psqt.Knight.Mg.d4", -100, 100, 0)), 8);
    EXPECT_EQ(unitBitsReason(spin("Psqt.Pawn.Mg.a2", -16383, 16383, -845)), "Psqt: 1/30 cp, 11 bits");
    EXPECT_EQ(unitBitsReason(spin("Search.NullMoveReduction", 1, 6, 3)),
              "Search: plies, centipawns, percent or hundredths: the option's whole range, 3 bits (the whole range)");
}

TEST(OptionUnits, AnOptionOfNoGroupGetsAQuarterOfItsRange) {
    EXPECT_EQ(unitBits(spin("KnightValue", 0, 2047, 300)), 9);  // 512 of 2048 values
    EXPECT_EQ(unitBits(spin("Material", 0, 400, 100)), 7);      // Toga II: 128 of 401
    EXPECT_EQ(unitBits(spin("History Threshold", 0, 100, 70)), 5);  // at least 32 values
    EXPECT_EQ(unitBits(spin("Quiescence Check Plies", 0, 2, 1)), 2);  // the whole range
    EXPECT_EQ(unitBitsReason(spin("Material", 0, 400, 100)), "7 bits: about a quarter of the range");
}

TEST(OptionUnits, AnEnginesResourcesAndPlayingSettingsAreNotTerms) {
    for (const char* name : {"Hash", "Threads", "Move Overhead", "MoveOverhead", "MultiPV", "Skill Level", "UCI_Elo",
                             "SyzygyProbeDepth", "Number of Threads", "Bitbases Cache Size", "Minimum Split Depth",
                             "Slow Mover", "nodestime", "Search Depth"})
        EXPECT_FALSE(isTunableSpinName(name)) << name;
    for (const char* name : {"Material", "King Safety", "ContemptDrawPenalty", "KnightValue", "Futility Margin",
                             "Search.RazorMargin", "Search.HashMoveBonus", "Psqt.King.Eg.a1"})
        EXPECT_TRUE(isTunableSpinName(name)) << name;
    EXPECT_FALSE(isTunableOption(announced("option name Ponder type check default false")));
    EXPECT_FALSE(isTunableOption(announced("option name Clear Hash type button")));
    EXPECT_FALSE(isTunableOption(announced("option name Style type combo default Normal var Solid var Normal")));
    EXPECT_TRUE(isTunableOption(announced("option name Material type spin default 100 min 0 max 400")));
    EXPECT_FALSE(isTunableOption(announced("option name Hash type spin default 16 min 1 max 65536")));
}

// The default choice leaves the resources out; --all-options keeps them.
TEST(OptionUnits, GenomeFromEngineOptionsOffersTermsOnlyUnlessAllOptions) {
    const std::vector<uci::UciOption> options = {announced("option name Hash type spin default 16 min 1 max 65536"),
                                                 announced("option name Threads type spin default 1 min 1 max 1"),
                                                 announced("option name Psqt.Pawn.Mg.a2 type spin default -845 min -16383 max 16383"),
                                                 announced("option name KnightValue type spin default 300 min 0 max 2047")};
    auto terms = genomeFromEngineOptions(options, {});
    ASSERT_TRUE(terms) << terms.error().message;
    ASSERT_EQ(terms->size(), 2u);
    EXPECT_EQ((*terms)[0].option, "Psqt.Pawn.Mg.a2");
    EXPECT_EQ((*terms)[0].bits, 11);
    EXPECT_EQ((*terms)[0].low(), -845 - 1024);
    EXPECT_EQ((*terms)[0].high(), -845 + 1023);
    EXPECT_EQ((*terms)[1].bits, 9);
    GenomeChoice all;
    all.allOptions = true;
    auto every = genomeFromEngineOptions(options, all);
    ASSERT_TRUE(every) << every.error().message;
    ASSERT_EQ(every->size(), 4u);
    EXPECT_EQ((*every)[0].option, "Hash");
    EXPECT_EQ((*every)[0].bits, 14);  // a quarter of 65536 values
    EXPECT_EQ((*every)[1].bits, 1);
    GenomeChoice hash;
    hash.include = "^Hash$";
    EXPECT_EQ(genomeFromEngineOptions(options, hash).error().message,
              "no spin option of the engine is chosen (4 spin options; check --include/--exclude; left out as not "
              "evaluation terms: 1, --all-options keeps them)");
}

// The bundled engine as it announces itself: 368 piece-square entries of 11 bits, no resource,
// and the rule alone gives the genome of the README's recipe (its --bits-for rules and --bits 7)
// for every grouped term.
TEST(OptionUnits, TheBundledEnginesTermsByTheRuleAreTheRecipesGenome) {
    EngineSpec engine;
    engine.program = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
    if (!std::filesystem::exists(engine.program)) GTEST_SKIP() << "no engine at " << engine.program;
    auto options = announcedOptions(engine);
    ASSERT_TRUE(options) << options.error().message;
    auto byRule = genomeFromEngineOptions(*options, {});
    ASSERT_TRUE(byRule) << byRule.error().message;
    int psqt = 0;
    for (const ga::Term& t : byRule->terms()) {
        EXPECT_NE(t.option, "Hash");
        EXPECT_NE(t.option, "Threads");
        EXPECT_NE(t.option, "Move Overhead");
        if (t.option.rfind("Psqt.", 0) == 0) {
            ++psqt;
            EXPECT_EQ(t.bits, 11) << t.option;
        }
    }
    EXPECT_EQ(psqt, 368);
    GenomeChoice recipe;
    recipe.include = R"(^[A-Z][A-Za-z]*\.)";
    recipe.exclude = R"(^Search\.)";  // the search's constants are no evaluation terms
    recipe.bitsFor = {{R"(^Material\.)", 9}, {R"(^Psqt\.)", 11}, {R"(^Passed\.(Their|Own)King\.)", 12},
                      {R"(^(Passed|KingAttack)\.)", 8}};
    recipe.bits = 7;
    auto fromRecipe = genomeFromEngineOptions(*options, recipe);
    ASSERT_TRUE(fromRecipe) << fromRecipe.error().message;
    GenomeChoice grouped;
    grouped.include = recipe.include;
    grouped.exclude = recipe.exclude;
    auto fromRule = genomeFromEngineOptions(*options, grouped);
    ASSERT_TRUE(fromRule) << fromRule.error().message;
    EXPECT_EQ(fromRule->size(), 624u);
    EXPECT_EQ(*fromRule, *fromRecipe);
}

}  // namespace
}  // namespace mf::tuning
