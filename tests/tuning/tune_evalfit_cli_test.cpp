// `matefind-cli tune` with measure evalfit, end to end on the bundled engine: evalfit is the
// default measure (the bundled self-play data, every engine term), search limits are refused with
// it, the polish makes its weights the file's best, and a resumed run ends as an unbroken one.
#include <gtest/gtest.h>

#include <fstream>
#include <limits>
#include <sstream>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_fitness.h"
#include "evolution/ga/chromosome.h"
#include "evolution/ga/population_file.h"
#include "evolution/ga/statistics.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/optimizers/optimizer_state.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "cli_test_support.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

const std::filesystem::path kBin = MATEFIND_BIN_DIR;

class TuneEvalfitCli : public ::testing::Test {
protected:
    void SetUp() override {
        if (!std::filesystem::exists(kBin / "matefind-engine")) GTEST_SKIP() << "no bundled engine in " << kBin;
        dir_ = scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::ofstream(dir_ / "genome.json")
            << R"({"format": "matefind-genome", "version": 1, "terms": [)"
            << R"({"name": "knight value", "option": "KnightValue", "default": 300, "bits": 7},)"
            << R"({"name": "rook value", "option": "RookValue", "default": 461, "bits": 7},)"
            << R"({"name": "passed pawn", "option": "PassedPawn", "default": 37, "bits": 6}]})";
        writeData(dir_ / "train.epd", 0, 8);
        writeData(dir_ / "held.epd", 8, 2);
        std::ofstream(dir_ / "start.txt") << "KnightValue=320\n";
    }
    // A small evalfit run on the data above.
    std::string small() const {
        return "tune --measure evalfit --genome " + (dir_ / "genome.json").string() + " --data " +
               (dir_ / "train.epd").string() + " --heldout-data " + (dir_ / "held.epd").string() +
               " --population 6 --elite 1 --pm 0.05 --workers 2 --seed 5";
    }
    // 1000 positions of the bundled data (thousand.epd) and a knight far below the engine's value
    // (low-knight.json): a polish has a long way to go.
    void writeLowKnightTask() {
        const std::filesystem::path bundled = bundledDataset(kBin);
        ASSERT_FALSE(bundled.empty()) << "the bundled data set is not in " << shareDir(kBin);
        std::ifstream in(bundled);
        std::ofstream data(dir_ / "thousand.epd");
        int kept = 0;
        for (std::string line; kept < 1000 && std::getline(in, line);)
            if (!line.starts_with("#")) data << line << "\n", ++kept;
        data.close();
        std::ofstream(dir_ / "low-knight.json")
            << R"({"format": "matefind-genome", "version": 1, "terms": [)"
            << R"({"name": "knight value", "option": "KnightValue", "default": 220, "bits": 7},)"
            << R"({"name": "rook value", "option": "RookValue", "default": 461, "bits": 7}]})";
    }
    std::filesystem::path dir_;
};

TEST_F(TuneEvalfitCli, TheDefaultMeasureIsEvalfitOnTheBundledDataWithEveryTerm) {
    const std::filesystem::path data = bundledDataset(kBin), heldOut = bundledHeldOutDataset(kBin);
    ASSERT_FALSE(data.empty()) << "the bundled data set is not in " << shareDir(kBin);
    ASSERT_FALSE(heldOut.empty()) << "the bundled held-out data set is not in " << shareDir(kBin);
    const auto out = dir_ / "default.mfpop";
    const auto run = cli("tune --population 3 --generations 2 --workers 2 --out " + out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("best E "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("held-out E "), std::string::npos) << run.out;
    auto state = ga::loadPopulation(out);
    ASSERT_TRUE(state) << state.error().message;
    TuningSettings settings;
    ASSERT_EQ(applyExtras(*state, settings), std::nullopt);
    EXPECT_EQ(settings.measure, FitnessMeasure::Evalfit);
    EXPECT_EQ(std::filesystem::weakly_canonical(settings.of<tuning::EvalfitSettings>().data), std::filesystem::weakly_canonical(data));
    EXPECT_EQ(std::filesystem::weakly_canonical(settings.of<tuning::EvalfitSettings>().heldOutData), std::filesystem::weakly_canonical(heldOut));
    ASSERT_TRUE(settings.of<tuning::EvalfitSettings>().k && settings.of<tuning::EvalfitSettings>().startError);
    // Every term of the engine (the all-terms preset), not the twelve of the suite measures' preset.
    auto allTerms = ga::loadGenome(shareDir(kBin) / "genomes" / "matefind-all-terms.json");
    ASSERT_TRUE(allTerms);
    EXPECT_EQ(state->genome, *allTerms);
}

TEST_F(TuneEvalfitCli, SearchLimitsAndSuiteOptionsAreRefusedWithEvalfitAndDataWithoutIt) {
    const auto limit = cli("tune --nodes 5000 --population 3 --generations 2 --out " + (dir_ / "x.mfpop").string());
    EXPECT_EQ(limit.exitCode, 2) << limit.out;
    EXPECT_NE(limit.out.find("--nodes limits the searches"), std::string::npos) << limit.out;
    EXPECT_NE(limit.out.find("--measure solved"), std::string::npos) << limit.out;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "x.mfpop"));
    const auto heldOut = cli(small() + " --heldout " + (dir_ / "held.epd").string());
    EXPECT_EQ(heldOut.exitCode, 2) << heldOut.out;
    EXPECT_NE(heldOut.out.find("--heldout is for the suite measures"), std::string::npos) << heldOut.out;
    const auto data = cli("tune --measure solved --data " + (dir_ / "train.epd").string());
    EXPECT_EQ(data.exitCode, 2) << data.out;
    EXPECT_NE(data.out.find("--data is for --measure evalfit"), std::string::npos) << data.out;
}

// The best fitness of generation `generation` from its "gen G best F ..." line; NaN when absent.
double bestOf(const std::string& out, int generation) {
    const std::string key = "gen " + std::to_string(generation) + " best ";
    const auto at = out.find(key);
    if (at == std::string::npos) return std::numeric_limits<double>::quiet_NaN();
    return std::stod(out.substr(at + key.size()));
}

TEST_F(TuneEvalfitCli, TheLocalSearchStageGoesOnFromTheGasBestAndItsPointIsTheFilesBest) {
    // 1000 positions of the bundled data and a knight far below the engine's value: Texel's
    // local search has a long way to go, so its fitness climbs clearly above the GA's.
    writeLowKnightTask();
    if (HasFatalFailure()) return;
    const auto out = dir_ / "polished.mfpop";
    const auto run = cli("tune --measure evalfit --genome " + (dir_ / "low-knight.json").string() + " --data " +
                         (dir_ / "thousand.epd").string() + " --population 6 --generations 2 --workers 2 --seed 5" +
                         " --polish 6 --out " + out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    const double ga = bestOf(run.out, 1), polished = bestOf(run.out, ga::computeStats(*ga::loadPopulation(out)).generation);
    EXPECT_GT(polished, ga * 1.001) << run.out;  // fitness E0 / E: E fell by a tenth of a percent or more
    auto state = ga::loadPopulation(out);
    ASSERT_TRUE(state) << state.error().message;
    TuningSettings settings;
    ASSERT_EQ(applyExtras(*state, settings), std::nullopt);
    EXPECT_EQ(settings.optimizer.stages, (std::vector<Stage>{{"ga", 2}, {"local", 0}}));  // the last runs to the end
    EXPECT_EQ(state->parameters.generations, 8);
    // The point the local search reached is the file's best member.
    const auto point = optimizerValue(*state, "values");
    ASSERT_TRUE(point);
    const ga::GenerationStats stats = ga::computeStats(*state);
    std::vector<double> values(stats.bestValues.begin(), stats.bestValues.end());
    EXPECT_EQ(*point, exactNumbers(values));
    EXPECT_NEAR(stats.best, polished, 1e-9);  // printed to 10 digits
}

// The gradient stage on the same task: a descent on the traces, each generation's point scored
// as the run scores (here directly: the fast path), its fitness above the GA's.
TEST_F(TuneEvalfitCli, TheGradientStageLowersEAsTheRunScoresIt) {
    writeLowKnightTask();
    if (HasFatalFailure()) return;
    const auto run = cli("tune --measure evalfit --evalfit-path fast --genome " + (dir_ / "low-knight.json").string() +
                         " --data " + (dir_ / "thousand.epd").string() +
                         " --population 6 --generations 2 --workers 2 --seed 5 --polish 2 --polish-method gradient --out " +
                         (dir_ / "descent.mfpop").string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_GT(bestOf(run.out, 3), bestOf(run.out, 1) * 1.001) << run.out;
    const auto bad = cli("tune --measure evalfit --data " + (dir_ / "thousand.epd").string() + " --polish 1 --polish-method newton");
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.out.find("--polish-method"), std::string::npos) << bad.out;
    // The gradient needs a measure with a smooth model of its error.
    const auto suite = cli("tune --measure solved --optimizer gradient --generations 2");
    EXPECT_EQ(suite.exitCode, 2) << suite.out;
    EXPECT_NE(suite.out.find("it needs --measure evalfit"), std::string::npos) << suite.out;
}

TEST_F(TuneEvalfitCli, AResumedTraceRunEndsAsAnUnbrokenOne) {
    // The traces are taken again on resume, at the same point, so the run goes on exactly.
    const std::string trace = small() + " --evalfit-path trace";
    const auto straight = cli(trace + " --generations 4 --out " + (dir_ / "straight.mfpop").string());
    ASSERT_EQ(straight.exitCode, 0) << straight.out;
    EXPECT_NE(straight.out.find("scoring from traces"), std::string::npos) << straight.out;
    EXPECT_NE(straight.out.find("the last generation's best E scored directly (fast path)"), std::string::npos) << straight.out;
    const auto first = cli(trace + " --generations 2 --out " + (dir_ / "split.mfpop").string());
    ASSERT_EQ(first.exitCode, 0) << first.out;
    const auto resumed = cli("tune --resume " + (dir_ / "split.mfpop").string() + " --generations 4 --workers 1");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.out;
    EXPECT_EQ(withoutComments(dir_ / "split.mfpop"), withoutComments(dir_ / "straight.mfpop"));  // held-out every generation
}

// The evaluations counted up to generation `generation`, from its "gen G best ... evals N" line.
long evaluationsAt(const std::string& out, int generation) {
    const auto line = out.find("gen " + std::to_string(generation) + " best ");
    if (line == std::string::npos) return -1;
    const auto evals = out.find(" evals ", line);
    return evals == std::string::npos ? -1 : std::stol(out.substr(evals + 7));
}

// The members searched in generation `generation` (not taken from the score cache), from the
// "searched N, cached M" line after its "gen G" line.
long searchedAt(const std::string& out, int generation) {
    const auto line = out.find("gen " + std::to_string(generation) + " best ");
    if (line == std::string::npos) return -1;
    const auto searched = out.find("searched ", line);
    return searched == std::string::npos ? -1 : std::stol(out.substr(searched + 9));
}

TEST_F(TuneEvalfitCli, ARetracedRunScoresEveryMemberAgainAndResumesAsAnUnbrokenOne) {
    // Every 2 generations the traces are taken at the best of the generation before, and every
    // member is scored on them (the elite too: its score came from other traces). A resumed run
    // finds the trace point in its history and goes on exactly.
    const std::string trace = small() + " --evalfit-path trace --retrace-every 2";
    const auto straight = cli(trace + " --generations 6 --out " + (dir_ / "straight.mfpop").string());
    ASSERT_EQ(straight.exitCode, 0) << straight.out;
    for (int generation : {2, 4})
        EXPECT_NE(straight.out.find("re-tracing for generation " + std::to_string(generation) + " (every 2) at the best of generation " +
                                    std::to_string(generation - 1)),
                  std::string::npos)
            << straight.out;
    EXPECT_EQ(straight.out.find("re-tracing for generation 3"), std::string::npos) << straight.out;
    // Population 6 with one elite: 6 evaluations where the traces change, at most 5 elsewhere.
    EXPECT_EQ(evaluationsAt(straight.out, 2) - evaluationsAt(straight.out, 1), 6) << straight.out;
    EXPECT_EQ(evaluationsAt(straight.out, 4) - evaluationsAt(straight.out, 3), 6) << straight.out;
    EXPECT_LE(evaluationsAt(straight.out, 3) - evaluationsAt(straight.out, 2), 5) << straight.out;
    // ... and searched on the new traces, the elite too, not read from the cache of the old ones
    // (generation 2 of this seed has a duplicate child, which shares its twin's search).
    EXPECT_EQ(searchedAt(straight.out, 4), 6) << straight.out;
    const auto first = cli(trace + " --generations 4 --out " + (dir_ / "split.mfpop").string());
    ASSERT_EQ(first.exitCode, 0) << first.out;
    EXPECT_NE(withoutComments(dir_ / "split.mfpop").find("evalfit_retrace_every = 2"), std::string::npos);
    const auto resumed = cli("tune --resume " + (dir_ / "split.mfpop").string() + " --generations 6 --workers 1");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.out;
    EXPECT_NE(resumed.out.find("re-tracing for generation 4"), std::string::npos) << resumed.out;
    EXPECT_EQ(withoutComments(dir_ / "split.mfpop"), withoutComments(dir_ / "straight.mfpop"));  // held-out every generation
    // The rule is the trace path's: another path refuses it.
    const auto fast = cli(small() + " --evalfit-path fast --retrace-every 2 --generations 2");
    EXPECT_NE(fast.exitCode, 0);
    EXPECT_NE(fast.out.find("--retrace-every is for the trace path"), std::string::npos) << fast.out;
}

TEST_F(TuneEvalfitCli, KeptTracesAreReadBackAndABrokenOneIsTracedAgain) {
    // Two runs from the same weights on the same data: the second reads the traces the first
    // kept and ends with the same file; a truncated trace file is traced again, never read.
    const std::filesystem::path cache = dir_ / "traces";
    const std::string trace = small() + " --evalfit-path trace --generations 3 --trace-cache " + cache.string();
    const auto first = cli(trace + " --out " + (dir_ / "first.mfpop").string());
    ASSERT_EQ(first.exitCode, 0) << first.out;
    std::vector<std::filesystem::path> kept;
    for (const auto& entry : std::filesystem::directory_iterator(cache)) kept.push_back(entry.path());
    ASSERT_EQ(kept.size(), 2u) << "one chunk of training data and one of held-out data";
    const auto second = cli(trace + " --out " + (dir_ / "second.mfpop").string());
    ASSERT_EQ(second.exitCode, 0) << second.out;
    EXPECT_EQ(withoutComments(dir_ / "second.mfpop"), withoutComments(dir_ / "first.mfpop"));
    std::vector<std::uintmax_t> sizes;
    for (const auto& file : kept) sizes.push_back(std::filesystem::file_size(file));
    for (const auto& file : kept) std::filesystem::resize_file(file, std::filesystem::file_size(file) / 2);
    const auto third = cli(trace + " --out " + (dir_ / "third.mfpop").string());
    ASSERT_EQ(third.exitCode, 0) << third.out;
    EXPECT_EQ(withoutComments(dir_ / "third.mfpop"), withoutComments(dir_ / "first.mfpop"));
    for (std::size_t i = 0; i < kept.size(); ++i)
        EXPECT_EQ(std::filesystem::file_size(kept[i]), sizes[i]) << kept[i] << " was not written again whole";
    // Another start point is other traces: new files beside the old.
    const auto other = cli(small() + " --evalfit-path trace --generations 1 --trace-cache " + cache.string() +
                           " --start-values " + (dir_ / "start.txt").string() + " --out " + (dir_ / "other.mfpop").string());
    EXPECT_EQ(other.exitCode, 0) << other.out;
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(cache)) files += entry.path().extension() == ".bin";
    EXPECT_EQ(files, 4u);
    const auto bad = cli(small() + " --evalfit-path trace --generations 1 --trace-cache " + (dir_ / "genome.json").string());
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.out.find("trace cache: " + (dir_ / "genome.json").string() + " is not a folder"), std::string::npos) << bad.out;
}

// Before the first generation the trace path estimates its memory from a traced sample: a run
// above --max-memory is refused with the estimate and writes nothing; one below it says the
// estimate and runs. A --max-memory that is no size in MiB is a usage error naming the flag.
TEST_F(TuneEvalfitCli, ARunThatCannotFitIsRefusedBeforeItStartsWithTheEstimate) {
    const std::string trace = small() + " --evalfit-path trace --generations 1";
    const auto refused = cli(trace + " --max-memory 1 --out " + (dir_ / "refused.mfpop").string());
    EXPECT_NE(refused.exitCode, 0) << refused.out;
    EXPECT_NE(refused.out.find("the run would need about "), std::string::npos) << refused.out;
    EXPECT_NE(refused.out.find("8 positions x "), std::string::npos) << refused.out;
    EXPECT_NE(refused.out.find("+ 2 held-out x "), std::string::npos) << refused.out;
    EXPECT_NE(refused.out.find("more than --max-memory 1 MB"), std::string::npos) << refused.out;
    EXPECT_EQ(refused.out.find("gen 0 best"), std::string::npos) << refused.out;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "refused.mfpop"));
    const auto fits = cli(trace + " --max-memory 4096 --out " + (dir_ / "fits.mfpop").string());
    ASSERT_EQ(fits.exitCode, 0) << fits.out;
    EXPECT_NE(fits.out.find("memory for the traces: about "), std::string::npos) << fits.out;
    for (const char* bad : {"0", "-3", "2000000000", "lots"}) {
        const auto usage = cli(trace + " --max-memory " + bad + " --out " + (dir_ / "bad.mfpop").string());
        EXPECT_EQ(usage.exitCode, 2) << bad << "\n" << usage.out;
        EXPECT_NE(usage.out.find("--max-memory"), std::string::npos) << bad << "\n" << usage.out;
        EXPECT_FALSE(std::filesystem::exists(dir_ / "bad.mfpop")) << bad;
    }
}

TEST_F(TuneEvalfitCli, AResumedRunEndsAsAnUnbrokenOne) {
    const auto straight = cli(small() + " --generations 4 --out " + (dir_ / "straight.mfpop").string());
    ASSERT_EQ(straight.exitCode, 0) << straight.out;
    const auto first = cli(small() + " --generations 2 --out " + (dir_ / "split.mfpop").string());
    ASSERT_EQ(first.exitCode, 0) << first.out;
    const auto resumed = cli("tune --resume " + (dir_ / "split.mfpop").string() + " --generations 4 --workers 1");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.out;
    EXPECT_EQ(resumed.out.find("K ="), std::string::npos);  // nothing fitted again
    EXPECT_EQ(withoutComments(dir_ / "split.mfpop"), withoutComments(dir_ / "straight.mfpop"));  // held-out every generation
    // The run's report: every member's E on the data, no suite needed (a file of the default
    // measure names none).
    const auto print = cli("print " + (dir_ / "split.mfpop").string() + " --workers 1");
    ASSERT_EQ(print.exitCode, 0) << print.out;
    EXPECT_NE(print.out.find("  E 0."), std::string::npos) << print.out;
}

}  // namespace
}  // namespace mf::tuning::test
