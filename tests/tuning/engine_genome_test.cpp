// Genomes made from an engine's announced options, and the check of a genome
// against them that every run does before anything is searched.
#include <gtest/gtest.h>

#include "evolution/tuning/setup/engine_genome.h"

namespace mf::tuning {
namespace {

std::vector<uci::UciOption> togaLike() {
    std::vector<uci::UciOption> out;
    for (const char* line : {"option name Hash type spin default 128 min 4 max 1024",
                             "option name OwnBook type check default true",
                             "option name Material type spin default 100 min 0 max 400",
                             "option name King Safety type spin default 100 min 0 max 400",
                             "option name Pawn Structure type spin default 100 min 0 max 400",
                             "option name Book File type string default performance.bin"})
        out.push_back(*uci::parseOptionLine(line));
    return out;
}

TEST(EngineGenome, SpinOptionsOnlyChosenByRegexWithBits) {
    auto terms = genomeFromEngineOptions(togaLike(), {});
    ASSERT_TRUE(terms) << terms.error().message;
    ASSERT_EQ(terms->size(), 3u);  // Hash is no evaluation term; checks and strings are never chosen
    EXPECT_EQ((*terms)[0].option, "Material");
    GenomeChoice everything;
    everything.allOptions = true;
    auto all = genomeFromEngineOptions(togaLike(), everything);
    ASSERT_TRUE(all) << all.error().message;
    ASSERT_EQ(all->size(), 4u);
    EXPECT_EQ((*all)[0].option, "Hash");
    auto some = genomeFromEngineOptions(togaLike(), {"^(Material|King Safety)$", "", 0});
    ASSERT_TRUE(some) << some.error().message;
    ASSERT_EQ(some->size(), 2u);
    EXPECT_EQ((*some)[1].option, "King Safety");
    EXPECT_EQ((*some)[1].bits, 7);  // by its unit: about a quarter of 0..400
    EXPECT_EQ((*some)[1].low(), 36);
    EXPECT_EQ((*some)[1].high(), 163);
    auto excluded = genomeFromEngineOptions(togaLike(), {"", "Hash|Pawn", 6});
    ASSERT_TRUE(excluded) << excluded.error().message;
    ASSERT_EQ(excluded->size(), 2u);
    EXPECT_EQ((*excluded)[0].bits, 6);
    EXPECT_EQ((*excluded)[0].low(), 68);  // 64 values around 100
    EXPECT_EQ((*excluded)[0].high(), 131);
    EXPECT_EQ(genomeFromEngineOptions(togaLike(), {"(", "", 0}).error().message.rfind("include: not a regular expression", 0), 0u);
    EXPECT_EQ(genomeFromEngineOptions(togaLike(), {"", "", 17}).error().message, "bits: must be from 1 to 16, got 17");
    EXPECT_EQ(genomeFromEngineOptions(togaLike(), {"Nothing", "", 0}).error().message,
              "no spin option of the engine is chosen (4 spin options; check --include/--exclude)");
}

// --bits-for: the first rule whose regex matches gives the bits, before --bits.
TEST(EngineGenome, BitsForRulesGiveEachMatchedOptionItsBitsFirstRuleWins) {
    GenomeChoice choice;
    choice.exclude = "Hash";
    choice.bits = 6;
    choice.bitsFor = {{"^King", 4}, {"^(King Safety|Material)$", 8}};
    auto made = genomeFromEngineOptions(togaLike(), choice);
    ASSERT_TRUE(made) << made.error().message;
    ASSERT_EQ(made->size(), 3u);
    EXPECT_EQ((*made)[0].option, "Material");
    EXPECT_EQ((*made)[0].bits, 8);
    EXPECT_EQ((*made)[1].option, "King Safety");
    EXPECT_EQ((*made)[1].bits, 4);  // the first rule, not the second
    EXPECT_EQ((*made)[1].low(), 92);  // 16 values around 100
    EXPECT_EQ((*made)[2].option, "Pawn Structure");
    EXPECT_EQ((*made)[2].bits, 6);  // no rule: --bits
    choice.bitsFor = {{"[", 4}};
    EXPECT_EQ(genomeFromEngineOptions(togaLike(), choice).error().message.rfind("bits-for: not a regular expression", 0), 0u);
    choice.bitsFor = {{"^King", 0}};
    EXPECT_EQ(genomeFromEngineOptions(togaLike(), choice).error().message, "bits-for ^King: bits must be from 1 to 16, got 0");
}

// The window's checklist: each chosen option with its own bits, in the order chosen.
TEST(EngineGenome, ChosenOptionsKeepTheirOwnBitsAndOrder) {
    auto made = genomeFromChosenOptions(togaLike(), {{"Pawn Structure", 5}, {"Material", 0}});
    ASSERT_TRUE(made) << made.error().message;
    ASSERT_EQ(made->size(), 2u);
    EXPECT_EQ((*made)[0].option, "Pawn Structure");
    EXPECT_EQ((*made)[0].bits, 5);
    EXPECT_EQ((*made)[0].low(), 84);  // 32 values around 100
    EXPECT_EQ((*made)[0].high(), 115);
    EXPECT_EQ((*made)[1].option, "Material");
    EXPECT_EQ((*made)[1].bits, 9);    // 0: the fewest that cover 0..400
    EXPECT_EQ(checkGenomeAgainstEngine(*made, togaLike()), std::nullopt);
    EXPECT_EQ(genomeFromChosenOptions(togaLike(), {{"OwnBook", 0}}).error().message,
              "option OwnBook: the engine announces no such spin option");
    EXPECT_EQ(genomeFromChosenOptions(togaLike(), {{"Material", 17}}).error().message,
              "bits of Material: must be from 1 to 16, got 17");
    EXPECT_EQ(genomeFromChosenOptions(togaLike(), {}).error().message, "no spin option of the engine is chosen");
    EXPECT_EQ(ga::bitsCovering(0, 400), 9);
    EXPECT_EQ(ga::bitsCovering(0, 511), 9);
    EXPECT_EQ(ga::bitsCovering(0, 512), 10);
    EXPECT_EQ(ga::bitsCovering(5, 5), ga::kMinBits);
}

TEST(EngineGenome, CheckNamesTheTermThatDoesNotFit) {
    const auto announced = togaLike();
    auto made = genomeFromEngineOptions(announced, {"Material|King", "", 0});
    ASSERT_TRUE(made);
    EXPECT_EQ(checkGenomeAgainstEngine(*made, announced), std::nullopt);
    // Names compare case-insensitively, as UCI says.
    EXPECT_EQ(checkGenomeAgainstEngine(ga::Genome({ga::Term("m", "material", 100, 8, 0, 400)}), announced), std::nullopt);
    EXPECT_EQ(checkGenomeAgainstEngine(ga::Genome({ga::Term("knight value", "KnightValue", 250, 9)}), announced),
              "genome term 'knight value' (option KnightValue): the engine announces no such option");
    EXPECT_EQ(checkGenomeAgainstEngine(ga::Genome({ga::Term("book", "OwnBook", 1, 1)}), announced),
              "genome term 'book' (option OwnBook): the engine's option is of type check, not spin");
    // A hand-written term without a ceiling: 0..511 does not fit Material's 0..400.
    const auto tooWide = checkGenomeAgainstEngine(ga::Genome({ga::Term("material", "Material", 100, 9)}), announced);
    ASSERT_TRUE(tooWide);
    EXPECT_EQ(*tooWide, "genome term 'material' (option Material): its window 0..511 does not fit the option's range "
                        "0..400 (set floor/ceiling or fewer bits in the genome, or make it with `matefind-cli genome`)");
    // Below the minimum too.
    EXPECT_TRUE(checkGenomeAgainstEngine(ga::Genome({ga::Term("hash", "Hash", 8, 4)}), announced));
}

}  // namespace
}  // namespace mf::tuning
