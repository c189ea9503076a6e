// The bundled genome presets follow the bundled engine's defaults, so a
// run "around the defaults" starts around the engine's defaults, not around weights the engine
// left behind. The engine's defaults are read from the engine library's own option table
// (mf::evalTerms()), never from a copy. matefind-2006.json is the one exception on purpose: it
// holds the original program's defaults for the 2006 population import (legacy_population.h).
#include "engine/eval_params.h"
#include "evolution/ga/genome.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace mf {
namespace {

const std::filesystem::path kGenomes = std::filesystem::path(MATEFIND_SOURCE_DIR) / "resources/genomes";
constexpr const char* k2006Preset = "matefind-2006.json";

std::vector<std::filesystem::path> bundledPresets() {
    std::vector<std::filesystem::path> out;
    for (const auto& entry : std::filesystem::directory_iterator(kGenomes))
        if (entry.path().extension() == ".json" && entry.path().filename() != k2006Preset)
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

const EvalTerm* engineTerm(const std::string& option) {
    for (const EvalTerm& t : evalTerms())
        if (t.name == option)
            return &t;
    return nullptr;
}

TEST(BundledPresets, DefaultsAreTheEngineDefaultsAndWindowsFitItsOptions) {
    const std::vector<std::filesystem::path> presets = bundledPresets();
    // matefind.json (the window's and tune's default) and matefind-all-terms.json at least.
    ASSERT_GE(presets.size(), 2U) << kGenomes;
    for (const std::filesystem::path& file : presets) {
        const Result<ga::Genome> genome = ga::loadGenome(file);
        ASSERT_TRUE(genome.ok()) << genome.error().message;
        for (const ga::Term& term : genome->terms()) {
            const EvalTerm* engine = engineTerm(term.option);
            ASSERT_NE(engine, nullptr) << file.filename() << ": " << term.option << " is not an option of the bundled engine";
            EXPECT_EQ(term.defaultValue, engine->defaultValue)
                << file.filename() << ": " << term.option << " default " << term.defaultValue
                << ", the bundled engine's default is " << engine->defaultValue;
            // Every value the window can send is one the engine accepts.
            EXPECT_GE(term.low(), engine->min) << file.filename() << ": " << term.option;
            EXPECT_LE(term.high(), engine->max) << file.filename() << ": " << term.option;
        }
    }
}

// The 2006 preset keeps the original defaults: the 2006 population file's values stay encodable.
TEST(BundledPresets, The2006PresetKeepsTheOriginalDefaults) {
    const Result<ga::Genome> genome = ga::loadGenome(kGenomes / k2006Preset);
    ASSERT_TRUE(genome.ok()) << genome.error().message;
    EXPECT_EQ(genome->defaults(), (std::vector<int>{250, 300, 500, 900, 0, 30, 50, 30, 50, 30, 0, 50}));
}

}  // namespace
}  // namespace mf
