// The evaluation's terms against the evaluation before them (30 weights): the old weights, as
// legacy options over the terms at the 30-weight evaluation's values or written in the terms, give
// the same static score on every bundled position as the old formulas (legacy_eval_reference.cpp),
// the same quiescence scores as the old engine recorded (digests below), and the options files
// that keep the old evaluations (matefind-evalfit.txt, matefind-hand-set-defaults.txt) keep its
// `bench` node counts. The terms' own defaults are tuned (eval_defaults.cpp): their table is checked
// against the slots here too.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/attacks.h"
#include "engine/bench.h"
#include "engine/epd.h"
#include "engine/eval.h"
#include "engine/options_file.h"
#include "engine/position_scoring.h"
#include "engine/search_controller.h"
#include "legacy_eval_reference.h"

namespace mf {
namespace {

const std::filesystem::path Root = MATEFIND_SOURCE_DIR;

struct DataFile {
    const char* name;
    std::vector<Position> positions;
};

const std::vector<DataFile>& bundledData() {
    static const std::vector<DataFile> files = [] {
        attacks::init();
        std::vector<DataFile> out;
        for (const char* name : {"matefind-selfplay.epd", "matefind-selfplay-heldout.epd"}) {
            DataFile f{name, {}};
            for (const EpdEntry& e : readEpdFile((Root / "resources/data" / name).string()).entries) f.positions.push_back(e.position);
            out.push_back(std::move(f));
        }
        return out;
    }();
    return files;
}

// The weights an options file sets (legacy names and terms), through the engine's own option table.
EvalParams paramsFromFile(const std::filesystem::path& file) {
    EvalParams params;
    OptionTable table;
    for (const EvalTerm& t : evalTerms())
        table.addSpin(std::string(t.name), t.defaultValue, t.min, t.max, [&params, index = t.index](long long v) {
            params.at(index) = static_cast<int>(v);
            return std::nullopt;
        });
    const OptionsFileResult result = applyOptionsFile(table, file);
    EXPECT_FALSE(result.openError) << *result.openError;
    EXPECT_TRUE(result.problems.empty()) << result.problems.front();
    EXPECT_EQ(result.applied, LegacyTermCount + std::size_t(layout::SlotCount)) << file;  // every weight
    return params;
}

// Legacy weights drawn anywhere from half to twice their defaults (and 0..40 where the default is 0..1).
LegacyWeights randomLegacy(std::mt19937_64& rng) {
    EvalParams p;
    for (std::size_t i = 0; i < LegacyTermCount; ++i) {
        const EvalTerm& t = evalTerms()[i];
        const int low = std::max(t.min, t.defaultValue <= 1 ? 0 : t.defaultValue / 2);
        const int high = std::min(t.max, t.defaultValue <= 1 ? 40 : 2 * t.defaultValue);
        p.at(i) = std::uniform_int_distribution<int>(std::min(low, high), std::max(low, high))(rng);
    }
    return p;
}

// The terms as the 30-weight evaluation set them: their defaults until they were tuned.
const std::array<int, layout::SlotCount>& thirtyWeightTerms() {
    static const std::array<int, layout::SlotCount> values = legacyTermValues(LegacyWeights{});
    return values;
}

// The same evaluation with the new terms carrying the legacy weights and the legacy options at
// their defaults: "the old weights written in the new terms" (what a converted options file says).
EvalParams writtenInTerms(const LegacyWeights& legacy) {
    EvalParams p;
    p.terms = legacyTermValues(legacy);
    return p;
}

void expectStaticIdentity(const LegacyWeights& legacy, const std::string& label) {
    const EvalWeights asLegacyOptions = resolveWeights(EvalParams{legacy, thirtyWeightTerms()});
    const EvalWeights asTerms = resolveWeights(writtenInTerms(legacy));
    ASSERT_EQ(asLegacyOptions, asTerms) << label;
    std::size_t checked = 0;
    for (const DataFile& f : bundledData())
        for (const Position& pos : f.positions) {
            const int reference = test::legacyEvaluate(pos, legacy);
            ASSERT_EQ(evaluate(pos, asTerms), reference) << label << ", " << f.name << ": " << pos.fen();
            ++checked;
        }
    EXPECT_EQ(checked, 33992u + 10692u) << label;
}

TEST(EvalIdentity, TheThirtyWeightDefaultsInTheTermsGiveTheOldStaticScoreOnEveryBundledPosition) {
    expectStaticIdentity(LegacyWeights{}, "the 30-weight defaults");
}

// Each file sets every term at the 30-weight evaluation's values and its legacy weights, so it is
// the old evaluation whatever the terms' defaults are.
TEST(EvalIdentity, TheOldOptionsFilesGiveTheOldStaticScoreOnEveryBundledPosition) {
    const std::filesystem::path dir = Root / "resources/engine-options";
    for (const char* name : {"matefind-evalfit.txt", "matefind-hand-set-defaults.txt"}) {
        const EvalParams file = paramsFromFile(dir / name);
        EXPECT_EQ(file.terms, thirtyWeightTerms()) << name;
        EXPECT_EQ(resolveWeights(file), resolveWeights(writtenInTerms(file))) << name;
        expectStaticIdentity(file, name);
    }
    // matefind-evalfit.txt's legacy weights are the legacy defaults: its evaluation is the 30-weight one.
    EXPECT_EQ(resolveWeights(paramsFromFile(dir / "matefind-evalfit.txt")), thirtyWeightTerms());
}

// The tuned defaults' table (written by scripts/write-eval-defaults.py) is in slot order, each
// value inside its option's range.
TEST(EvalDefaults, TheTableFollowsTheSlotsAndTheOptionRanges) {
    const auto names = defaultTermNames();
    ASSERT_EQ(names.size(), std::size_t(layout::SlotCount));
    for (int s = 0; s < layout::SlotCount; ++s) {
        const EvalTerm& t = evalTerms()[LegacyTermCount + s];
        EXPECT_EQ(t.name, names[s]) << "slot " << s;
        EXPECT_EQ(t.defaultValue, defaultTermValues()[s]) << t.name;
        EXPECT_GE(t.defaultValue, t.min) << t.name;
        EXPECT_LE(t.defaultValue, t.max) << t.name;
    }
    EXPECT_EQ(EvalParams{}.terms, defaultTermValues());
}

TEST(EvalIdentity, AnyLegacyWeightsGiveTheOldStaticScore) {
    std::mt19937_64 rng(38);
    for (int set = 0; set < 3; ++set) expectStaticIdentity(randomLegacy(rng), "random legacy set " + std::to_string(set));
}

// FNV-1a of the scores, one decimal line each, in file order: how the old engine's answers were
// recorded (its `evalfit scores static|quiescence` on each file, as 4-field FENs).
std::uint64_t digest(const std::vector<int>& scores) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (int s : scores)
        for (char c : std::to_string(s) + "\n") {
            h ^= static_cast<unsigned char>(c);
            h *= 0x100000001b3ULL;
        }
    return h;
}

struct Recorded {
    const char* file;
    bool handSet;  // matefind-hand-set-defaults.txt, else matefind-evalfit.txt (the 30-weight defaults)
    std::uint64_t staticDigest;
    std::uint64_t quiescenceDigest;
};
// Recorded with the 30-weight engine (commit 9b0f9e6, before the terms).
constexpr Recorded OldEngine[] = {
    {"matefind-selfplay.epd", false, 0x003db077c2bd857fULL, 0xbb4320cc5fcf2c88ULL},
    {"matefind-selfplay-heldout.epd", false, 0x8446bcd848ccd15cULL, 0x5d6986fac6c5efd3ULL},
    {"matefind-selfplay.epd", true, 0x63e579152736305cULL, 0xb787ea1bfb9f299dULL},
    {"matefind-selfplay-heldout.epd", true, 0x779530b81ae010ecULL, 0xd6cbe733a06f38a6ULL},
};

TEST(EvalIdentity, StaticAndQuiescenceScoresAreTheOldEnginesOnEveryBundledPosition) {
    const std::filesystem::path dir = Root / "resources/engine-options";
    const EvalParams handSet = paramsFromFile(dir / "matefind-hand-set-defaults.txt");
    const EvalParams thirtyWeights = paramsFromFile(dir / "matefind-evalfit.txt");
    for (const Recorded& r : OldEngine) {
        const EvalParams& params = r.handSet ? handSet : thirtyWeights;
        const EvalWeights weights = resolveWeights(params);
        const DataFile* file = nullptr;
        for (const DataFile& f : bundledData())
            if (std::string(f.name) == r.file) file = &f;
        ASSERT_NE(file, nullptr);
        std::vector<int> statics, quiescence;
        for (const Position& pos : file->positions) {
            statics.push_back(staticScoreWhite(pos, weights));
            quiescence.push_back(quiescenceScore(pos, weights).scoreWhite);
        }
        EXPECT_EQ(digest(statics), r.staticDigest) << r.file << (r.handSet ? " hand-set" : " defaults");
        EXPECT_EQ(digest(quiescence), r.quiescenceDigest) << r.file << (r.handSet ? " hand-set" : " defaults");
    }
}

std::uint64_t benchNodes(const std::filesystem::path* optionsFile) {
    SearchController controller([](std::string_view) {});
    if (optionsFile) controller.loadOptionsFile(optionsFile->string());
    return controller.bench(DefaultBenchDepth).nodes;
}

// `matefind-engine bench` at the tuned defaults.
constexpr std::uint64_t TunedBenchNodes = 481954;

TEST(EvalIdentity, BenchKeepsItsNodeCounts) {
    EXPECT_EQ(benchNodes(nullptr), TunedBenchNodes);  // the tuned terms' signature (README)
    const std::filesystem::path dir = Root / "resources/engine-options";
    const std::filesystem::path thirtyWeights = dir / "matefind-evalfit.txt", handSet = dir / "matefind-hand-set-defaults.txt";
    EXPECT_EQ(benchNodes(&thirtyWeights), 497754u);  // the 30-weight engine's signature
    EXPECT_EQ(benchNodes(&handSet), 401604u);        // the hand-set weights'
    // The search's constants as it was written give back the signature before they were tuned.
    const std::filesystem::path searchHandSet = dir / "matefind-search-hand-set.txt";
    EXPECT_EQ(benchNodes(&searchHandSet), 570496u);
}

}  // namespace
}  // namespace mf
