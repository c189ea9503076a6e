// `matefind-cli genome`, the check of a genome against the engine's options before a
// run searches anything, a 2006 MateFind population resumed by `tune --resume`, G as the run's
// total on --resume, and engines we did not write (Toga II, Ethereal) tuned through a genome
// the genome command made, at a size of seconds. A Debian engine that is not installed skips.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/wait.h>

#include "engine/attacks.h"
#include "engine/eval_params.h"
#include "engine/position_scoring.h"
#include "engine/search_params.h"
#include "evolution/ga/chromosome.h"
#include "evolution/ga/evolution.h"
#include "evolution/ga/genome.h"
#include "evolution/ga/population_file.h"
#include "cli_test_support.h"
#include "tuning_test_support.h"

namespace {

using mf::tuning::test::cli;
using mf::tuning::test::readFile;
using mf::tuning::test::shell;

const std::string kBundledEngine = std::string(MATEFIND_BIN_DIR) + "/matefind-engine";

class GenomeCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = mf::tuning::test::scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        // The first six positions of the bundled tuning suite.
        std::ifstream in(std::filesystem::path(MATEFIND_BIN_DIR) / "../share/matefind/epd/matefind-tune.epd");
        std::ofstream out(dir_ / "six.epd");
        int kept = 0;
        for (std::string line; kept < 6 && std::getline(in, line);)
            if (!line.empty() && line[0] != '#') {
                out << line << "\n";
                ++kept;
            }
        ASSERT_EQ(kept, 6) << "bundled suite missing";
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string suite() const { return " --suite " + (dir_ / "six.epd").string(); }
    std::filesystem::path dir_;
};

// Toga II and Ethereal through `genome` then `tune`: exit 0, every generation printed, the file
// holds the genome the command wrote and values the engine accepts.
void tuneForeignEngine(const std::filesystem::path& dir, const std::string& engine, const std::string& options,
                       const std::string& include, const std::string& suiteArgument, std::size_t terms) {
    const auto genome = dir / "genome.json";
    auto made = cli("genome --engine " + engine + options + " --include '" + include + "' --out " + genome.string());
    ASSERT_EQ(made.exitCode, 0) << made.out;
    auto loaded = mf::ga::loadGenome(genome);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    ASSERT_EQ(loaded->size(), terms) << made.out;
    const auto out = dir / "run.mfpop";
    // Depth, not nodes: Toga II ignores `go nodes`, Ethereal stops at depth 1 under it (ENGINES.md).
    auto run = cli("tune --engine " + engine + options + " --genome " + genome.string() + suiteArgument +
                   " --population 4 --generations 2 --depth 3 --workers 1 --seed 5 --out " + out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("gen 0 "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("gen 1 "), std::string::npos) << run.out;
    auto state = mf::ga::loadPopulation(out);
    ASSERT_TRUE(state.ok()) << state.error().message;
    EXPECT_EQ(state->genome, *loaded);
    EXPECT_EQ(state->generation, 1);
    for (const auto& member : state->population) {
        ASSERT_TRUE(member.fitness);
        const auto values = mf::ga::decode(state->genome, member.chromosome);
        for (std::size_t t = 0; t < values.size(); ++t) {
            EXPECT_GE(values[t], state->genome[t].floor);
            EXPECT_LE(values[t], *state->genome[t].ceiling);
        }
    }
}

// A chromosome drawn at random for `genome` (a population of two, seeded), exported by
// `matefind-cli export` as the options file `optionsFile`; returns its values, or nothing when
// a step failed (the failure is recorded).
std::vector<int> exportRandomChromosome(const mf::ga::Genome& genome, const std::filesystem::path& run,
                                        const std::filesystem::path& optionsFile) {
    mf::ga::Parameters parameters;
    parameters.populationSize = 2;
    parameters.seed = 17;
    mf::ga::RunState state = mf::ga::startRun(parameters, genome);
    state.population[0].fitness = 1.0;  // the best: the one exported
    state.population[1].fitness = 0.5;
    if (auto error = mf::ga::savePopulation(state, run)) {
        ADD_FAILURE() << error->message;
        return {};
    }
    auto exported = cli("export " + run.string() + " --engine-options " + optionsFile.string());
    if (exported.exitCode != 0) {
        ADD_FAILURE() << exported.out;
        return {};
    }
    return mf::ga::decode(genome, state.population[0].chromosome);
}

}  // namespace

TEST_F(GenomeCli, GenomeCommandWritesTheChosenSpinOptions) {
    const auto genome = dir_ / "g.json";
    auto made = cli("genome --engine " + kBundledEngine + " --include 'Value$' --bits 9 --out " + genome.string());
    ASSERT_EQ(made.exitCode, 0) << made.out;
    EXPECT_NE(made.out.find("wrote " + genome.string() + ": 4 terms in 0 groups"), std::string::npos) << made.out;
    EXPECT_NE(made.out.find("m = 36 bits"), std::string::npos) << made.out;
    auto loaded = mf::ga::loadGenome(genome);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    ASSERT_EQ(loaded->size(), 4u);
    EXPECT_EQ((*loaded)[0].option, "KnightValue");
    EXPECT_EQ((*loaded)[0].low(), 44);    // default 300 - 256
    EXPECT_EQ((*loaded)[0].high(), 555);
    EXPECT_EQ((*loaded)[3].option, "QueenValue");
    EXPECT_EQ((*loaded)[3].low(), 731);   // default 987 - 256
    EXPECT_EQ((*loaded)[3].ceiling, 2047);
    auto none = cli("genome --engine " + kBundledEngine + " --include Nothing --out " + genome.string());
    EXPECT_EQ(none.exitCode, 2) << none.out;
    EXPECT_NE(none.out.find("no spin option of the engine is chosen"), std::string::npos) << none.out;
    auto usage = cli("genome --engine " + kBundledEngine);
    EXPECT_EQ(usage.exitCode, 2) << usage.out;
    EXPECT_NE(usage.out.find("--out FILE is required"), std::string::npos) << usage.out;
}

// The bundled engine's evaluation terms: hundreds, each in the group its name starts with; the
// groups choose parts of the evaluation (the piece-square tables here), and the genome is one
// the engine takes.
TEST_F(GenomeCli, TheBundledEnginesTermsComeWithTheirGroups) {
    const auto all = dir_ / "all.json";
    auto made = cli("genome --engine " + kBundledEngine + " --include '\\.' --out " + all.string());
    ASSERT_EQ(made.exitCode, 0) << made.out;
    auto loaded = mf::ga::loadGenome(all);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_GE(loaded->size(), 300u);
    std::map<std::string, int> groups;
    for (const mf::ga::Term& t : loaded->terms()) {
        ASSERT_FALSE(t.group.empty()) << t.option;
        EXPECT_EQ(t.option.rfind(t.group + ".", 0), 0u) << t.option;
        ++groups[t.group];
    }
    for (const char* group : {"Material", "Psqt", "Mobility", "Passed", "Pawns", "Pieces", "King", "KingAttack",
                              "KingSafety", "Threat", "Space", "Tempo"})
        EXPECT_GT(groups[group], 0) << group;
    EXPECT_EQ(groups["Psqt"], 2 * (24 + 5 * 32));
    const auto psqt = dir_ / "psqt.json";
    auto tables = cli("genome --engine " + kBundledEngine + " --include '^Psqt\\.' --out " + psqt.string());
    ASSERT_EQ(tables.exitCode, 0) << tables.out;
    EXPECT_NE(tables.out.find(": 368 terms in 1 groups"), std::string::npos) << tables.out;
    EXPECT_NE(tables.out.find("Psqt.Knight.Mg.d4: default "), std::string::npos) << tables.out;
    // The whole table, legacy options included, is a genome `tune` accepts (window inside range).
    auto everything = cli("genome --engine " + kBundledEngine + " --exclude '^(Hash|Threads|Move Overhead)$' --out " +
                          (dir_ / "every.json").string());
    ASSERT_EQ(everything.exitCode, 0) << everything.out;
}

// Without --bits or --bits-for each option gets the bits of its unit (tuning/option_units.h):
// the piece-square entries 11, not the 15 that cover their range; Hash, Threads and Move
// Overhead are left out, and said to be, unless --all-options.
TEST_F(GenomeCli, TheGenomeCommandGivesEachOptionTheBitsOfItsUnit) {
    const auto byUnit = dir_ / "units.json";
    auto made = cli("genome --engine " + kBundledEngine + " --out " + byUnit.string());
    ASSERT_EQ(made.exitCode, 0) << made.out;
    EXPECT_NE(made.out.find("not evaluation terms, left out (--all-options keeps them): Hash, Threads, Move Overhead"),
              std::string::npos)
        << made.out;
    auto loaded = mf::ga::loadGenome(byUnit);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ(loaded->size(), mf::evalTerms().size() + mf::searchTerms().size());
    std::map<int, int> psqtBits;
    for (const mf::ga::Term& t : loaded->terms()) {
        EXPECT_TRUE(t.option != "Hash" && t.option != "Threads" && t.option != "Move Overhead") << t.option;
        if (t.group == "Psqt") ++psqtBits[t.bits];
        if (t.group == "Material") EXPECT_EQ(t.bits, 9) << t.option;
    }
    EXPECT_EQ(psqtBits, (std::map<int, int>{{11, 368}}));
    const auto all = dir_ / "all.json";
    auto every = cli("genome --engine " + kBundledEngine + " --all-options --include '^(Hash|Threads|Psqt\\.Pawn\\.Mg\\.a2)$' --out " +
                     all.string());
    ASSERT_EQ(every.exitCode, 0) << every.out;
    auto three = mf::ga::loadGenome(all);
    ASSERT_TRUE(three.ok()) << three.error().message;
    ASSERT_EQ(three->size(), 3u);
    EXPECT_EQ((*three)[0].option, "Hash");
    EXPECT_EQ((*three)[2].bits, 11);
}

// An options file holding every evaluation weight (hundreds of terms and the 30 legacy weights):
// random values from a population, written by `export`, read by `matefind-engine --options`
// without a refused line, and the engine's static scores are those of the same weights set in
// this process: every value arrived under its name.
TEST_F(GenomeCli, AnOptionsFileWithEveryTermRoundTripsThroughExportAndTheEngine) {
    const auto genomeFile = dir_ / "every.json";
    auto made = cli("genome --engine " + kBundledEngine + " --exclude '^(Hash|Threads|Move Overhead)$|^Search\\.' --out " +
                    genomeFile.string());
    ASSERT_EQ(made.exitCode, 0) << made.out;
    auto genome = mf::ga::loadGenome(genomeFile);
    ASSERT_TRUE(genome.ok()) << genome.error().message;
    ASSERT_EQ(genome->size(), mf::evalTerms().size());
    const auto optionsFile = dir_ / "every.txt";
    const std::vector<int> values = exportRandomChromosome(*genome, dir_ / "every.mfpop", optionsFile);
    ASSERT_EQ(values.size(), genome->size());
    mf::EvalParams params;
    std::size_t written = 0;
    const std::string text = readFile(optionsFile);
    for (std::size_t t = 0; t < genome->size(); ++t) {
        const std::string option = (*genome)[t].option;
        written += text.find("\n" + option + " = " + std::to_string(values[t]) + "\n") != std::string::npos;
        const auto term = std::find_if(mf::evalTerms().begin(), mf::evalTerms().end(),
                                       [&](const mf::EvalTerm& e) { return e.name == option; });
        ASSERT_NE(term, mf::evalTerms().end()) << option;
        params.at(term->index) = values[t];
    }
    EXPECT_EQ(written, genome->size());

    // The four FEN fields of the six positions (board, side, castling, en passant).
    std::vector<std::string> fens;
    {
        std::ifstream in(dir_ / "six.epd");
        std::ofstream fenFile(dir_ / "six.fen");
        for (std::string line; std::getline(in, line);) {
            std::istringstream fields(line);
            std::string field, fen;
            for (int i = 0; i < 4 && fields >> field; ++i) fen += (i ? " " : "") + field;
            fens.push_back(fen);
            fenFile << fen << "\n";
        }
    }
    const std::string command = "printf 'evalfit load " + (dir_ / "six.fen").string() +
                                "\\nisready\\nevalfit scores static\\nisready\\nquit\\n' | " + kBundledEngine +
                                " --options " + optionsFile.string() + " 2>&1";
    const std::string out = shell(command).out;
    // A refused line would be "info string FILE:LINE: reason".
    EXPECT_EQ(out.find(optionsFile.string() + ":"), std::string::npos) << out.substr(0, 2000);
    const auto part = out.find("evalfit part ");
    ASSERT_NE(part, std::string::npos) << out;
    std::istringstream scores(out.substr(part + 13));
    mf::attacks::init();
    int compared = 0;
    for (const std::string& line : fens) {
        auto pos = mf::Position::fromFen(line);
        ASSERT_TRUE(pos) << line;
        int score = 0;
        ASSERT_TRUE(scores >> score) << out;
        EXPECT_EQ(score, mf::staticScoreWhite(*pos, params)) << line;
        ++compared;
    }
    EXPECT_EQ(compared, 6);
    EXPECT_NE(mf::evalWeightsKey(params), 0u);  // the random weights are not the defaults
}

// The search's constants (Search.*): one group, every option a term with its default and its
// range as the window (ranges chosen for tuning); a chromosome exported as an options file is
// read by the engine without a refused line and announced back as its defaults.
TEST_F(GenomeCli, TheSearchConstantsAreOneGroupAndRoundTripThroughExportAndTheEngine) {
    const auto genomeFile = dir_ / "search.json";
    auto made = cli("genome --engine " + kBundledEngine + " --include '^Search\\.' --out " + genomeFile.string());
    ASSERT_EQ(made.exitCode, 0) << made.out;
    const auto terms = mf::searchTerms();
    EXPECT_GE(terms.size(), 20u);
    EXPECT_NE(made.out.find(": " + std::to_string(terms.size()) + " terms in 1 groups"), std::string::npos) << made.out;
    auto genome = mf::ga::loadGenome(genomeFile);
    ASSERT_TRUE(genome.ok()) << genome.error().message;
    ASSERT_EQ(genome->size(), terms.size());
    for (std::size_t i = 0; i < terms.size(); ++i) {
        const mf::ga::Term& t = (*genome)[i];
        EXPECT_EQ(t.option, terms[i].name);
        EXPECT_EQ(t.group, "Search") << t.option;
        EXPECT_EQ(t.defaultValue, terms[i].defaultValue) << t.option;
        EXPECT_EQ(t.low(), terms[i].min) << t.option;
        EXPECT_EQ(t.high(), terms[i].max) << t.option;
    }

    const auto optionsFile = dir_ / "search.txt";
    const std::vector<int> values = exportRandomChromosome(*genome, dir_ / "search.mfpop", optionsFile);
    ASSERT_EQ(values.size(), terms.size());
    const std::string out =
        shell("printf 'uci\\nquit\\n' | " + kBundledEngine + " --options " + optionsFile.string() + " 2>&1").out;
    EXPECT_EQ(out.find(optionsFile.string() + ":"), std::string::npos) << out.substr(0, 2000);  // no refused line
    int differing = 0;
    for (std::size_t i = 0; i < terms.size(); ++i) {
        const std::string declared = "option name " + std::string(terms[i].name) + " type spin default " +
                                     std::to_string(values[i]) + " min ";
        EXPECT_NE(out.find(declared), std::string::npos) << declared;
        differing += values[i] != terms[i].defaultValue;
    }
    EXPECT_GT(differing, 0);  // random values, not the defaults again
}

// Before: a genome naming an option the engine lacks ran the whole run, every search failing
// with "invalid option" and every chromosome scoring 0.
TEST_F(GenomeCli, TuneRefusesAGenomeTheEngineCannotTakeBeforeSearching) {
    std::ofstream(dir_ / "bad.json") << R"({"format": "matefind-genome", "version": 1, "terms": [)"
                                     << R"({"name": "knight value", "option": "KnightValue", "default": 250, "bits": 9},)"
                                     << R"({"name": "bishop pair", "option": "BishopPairBonus", "default": 30, "bits": 7}]})";
    auto run = cli("tune --engine " + kBundledEngine + " --genome " + (dir_ / "bad.json").string() + suite() +
                   " --population 4 --generations 1 --depth 1 --workers 1 --out " + (dir_ / "r.mfpop").string());
    EXPECT_NE(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("genome term 'bishop pair' (option BishopPairBonus): the engine announces no such option"),
              std::string::npos)
        << run.out;
    EXPECT_EQ(run.out.find("gen 0 "), std::string::npos) << run.out;
    std::ofstream(dir_ / "wide.json") << R"({"format": "matefind-genome", "version": 1, "terms": [)"
                                      << R"({"name": "queen value", "option": "QueenValue", "default": 2000, "bits": 9}]})";
    auto wide = cli("tune --engine " + kBundledEngine + " --genome " + (dir_ / "wide.json").string() + suite() +
                    " --population 4 --generations 1 --depth 1 --workers 1 --out " + (dir_ / "r.mfpop").string());
    EXPECT_NE(wide.exitCode, 0) << wide.out;
    EXPECT_NE(wide.out.find("genome term 'queen value' (option QueenValue): its window 1744..2255 does not fit the "
                            "option's range 0..2047"),
              std::string::npos)
        << wide.out;
}

// G is the run's total on --resume too: 2 generations, then --resume --generations 3 runs one more.
TEST_F(GenomeCli, ResumeGenerationsIsTheRunsNewTotal) {
    const auto out = dir_ / "r.mfpop";
    auto first = cli("tune" + suite() +
                     " --population 4 --generations 2 --depth 1 --workers 1 --seed 3 --out " + out.string());
    ASSERT_EQ(first.exitCode, 0) << first.out;
    auto more = cli("tune --resume " + out.string() + " --generations 3 --workers 1");
    ASSERT_EQ(more.exitCode, 0) << more.out;
    EXPECT_NE(more.out.find("gen 2 "), std::string::npos) << more.out;
    EXPECT_EQ(more.out.find("gen 3 "), std::string::npos) << more.out;
    EXPECT_EQ(mf::ga::loadPopulation(out)->generation, 2);
}

// The 2006 file resumed: values imported, the header reported, the run's
// settings from the options, and the old file left as it was.
TEST_F(GenomeCli, ResumeImportsA2006PopulationWithoutOverwritingIt) {
    const auto old = dir_ / "matefind-2006.pop";
    std::filesystem::copy_file(std::filesystem::path(MATEFIND_SOURCE_DIR) / "tests/ga/data/matefind-2006.pop", old);
    const std::string before = readFile(old);
    auto run = cli("tune --resume " + old.string() + suite() + " --generations 2 --depth 1 --workers 1");
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("import.unmapped: header numbers 1: 200, 2: 0, 4: 0.75, 5: 5, 6: 36, 7: 1"), std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("gen 1 "), std::string::npos) << run.out;
    EXPECT_EQ(readFile(old), before);
    auto state = mf::ga::loadPopulation(old.string() + ".mfpop");
    ASSERT_TRUE(state.ok()) << state.error().message;
    EXPECT_EQ(state->parameters.populationSize, 10);
    EXPECT_EQ(state->generation, 1);
    auto refused = cli("tune --resume " + old.string() + suite() + " --population 12");
    EXPECT_EQ(refused.exitCode, 2) << refused.out;
    EXPECT_NE(refused.out.find("holds 10 chromosomes"), std::string::npos) << refused.out;
}

TEST_F(GenomeCli, TogaIITunesThroughAGenomeFromTheGenomeCommand) {
    if (!std::filesystem::exists("/usr/games/toga2")) GTEST_SKIP() << "Toga II not installed (/usr/games/toga2)";
    // Material, King Safety, Pawn Structure: 0..400 each, 9 bits, the spread mapping. Hash 4 (its
    // minimum): clearing the default 128 MB took 7.9 s before `readyok` on the loaded test machine,
    // past the 5 s ping timeout; 4 MB took 0.8 s.
    tuneForeignEngine(dir_, "/usr/games/toga2", " --option OwnBook=false --option Hash=4", "^(Material|King Safety|Pawn Structure)$",
                      suite(), 3);
}

TEST_F(GenomeCli, EtherealTunesThroughAGenomeFromTheGenomeCommand) {
    if (!std::filesystem::exists("/usr/games/ethereal-chess"))
        GTEST_SKIP() << "Ethereal not installed (/usr/games/ethereal-chess)";
    tuneForeignEngine(dir_, "/usr/games/ethereal-chess", "", "^Contempt", suite(), 2);
}
