// `tune --help` shows the defaults a run uses: every "(default ...)" of the GA options is compared
// with tuning::defaultSettings (and evalfit's defaults for the bundled genome), and a run started
// without --pm and --k saves the values the help names.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "cli_test_support.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

const std::filesystem::path kBin = MATEFIND_BIN_DIR;

// The help text of `--name`: from the option to the next option, whitespace runs made one space.
std::string optionHelp(const std::string& help, const std::string& name) {
    const auto at = help.find("\n  --" + name + " ");
    if (at == std::string::npos) return {};
    const auto end = help.find("\n  --", at + 1);
    std::string text;
    for (char c : help.substr(at + 1, end == std::string::npos ? std::string::npos : end - at - 1)) {
        const bool space = c == ' ' || c == '\n';
        if (!space || (!text.empty() && text.back() != ' ')) text += space ? ' ' : c;
    }
    return text;
}

// The number after `label` in `text`; NaN when absent.
double numberAfter(const std::string& text, const std::string& label) {
    const auto at = text.find(label);
    if (at == std::string::npos) return std::nan("");
    std::istringstream in(text.substr(at + label.size()));
    double value = std::nan("");
    in >> value;
    return value;
}

TEST(TuneHelp, TheDefaultsShownAreDefaultSettings) {
    const auto run = cli("tune --help");
    ASSERT_EQ(run.exitCode, 0) << run.out;
    const std::string& help = run.out;
    const TuningSettings d = defaultSettings();
    const ga::Parameters& p = d.parameters;
    const struct {
        const char* option;
        double value;
    } plain[] = {{"population", double(p.populationSize)},
                 {"generations", double(p.generations)},
                 {"pk", p.pk},
                 {"elite", double(p.elite)},
                 {"max", p.selection.linearMax},
                 {"qnolin", p.selection.qNolin},
                 {"prize", p.prize},
                 {"seed", double(p.seed)},
                 {"nodes", double(p.limitValue)},
                 {"heldout-every", double(d.heldOutEvery)},
                 {"pairs", double(d.of<tuning::GamesSettings>().pairs)},
                 {"evalfit-depth", double(d.of<tuning::EvalfitSettings>().uciLimit.value)},
                 {"cache-mb", double(d.scoreCacheBytes >> 20)}};
    for (const auto& [option, value] : plain) {
        const std::string text = optionHelp(help, option);
        ASSERT_FALSE(text.empty()) << "--" << option << " is not in the help:\n" << help;
        EXPECT_DOUBLE_EQ(numberAfter(text, "(default "), value) << text;
    }
    EXPECT_NE(optionHelp(help, "selection").find("(default tournament)"), std::string::npos);

    // --pm and --k: evalfit's defaults for the bundled genome, and the other measures'.
    auto genome = ga::loadGenome(bundledAllTermsGenome(kBin));
    ASSERT_TRUE(genome) << genome.error().message;
    const TuningSettings evalfit = defaultSettings(FitnessMeasure::Evalfit, *genome);
    const std::string pm = optionHelp(help, "pm");
    EXPECT_NEAR(numberAfter(pm, "1.5/m = "), evalfit.parameters.pm, 0.0005 * evalfit.parameters.pm) << pm;
    EXPECT_DOUBLE_EQ(numberAfter(pm, "genome's m = "), double(genome->length())) << pm;
    EXPECT_DOUBLE_EQ(numberAfter(pm, "games "), p.pm) << pm;
    const std::string k = optionHelp(help, "k");
    EXPECT_DOUBLE_EQ(numberAfter(k, "evalfit "), double(evalfit.parameters.selection.tournamentSize)) << k;
    EXPECT_DOUBLE_EQ(numberAfter(k, "games "), double(p.selection.tournamentSize)) << k;
}

// A run of the default measure and genome without --pm and --k saves the p_m and k the help shows.
TEST(TuneHelp, ARunWithoutPmAndKUsesTheDefaultsTheHelpShows) {
    if (!std::filesystem::exists(kBin / "matefind-engine")) GTEST_SKIP() << "no bundled engine in " << kBin;
    const auto dir = scratchDir("tune_help_run");
    writeData(dir / "train.epd", 0, 6);
    const std::string help = cli("tune --help").out;
    const auto run = cli("tune --data " + (dir / "train.epd").string() + " --population 4 --generations 1 --workers 2 --out " +
                         (dir / "run.mfpop").string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    auto state = ga::loadPopulation(dir / "run.mfpop");
    ASSERT_TRUE(state) << state.error().message;
    const double shownPm = numberAfter(optionHelp(help, "pm"), "1.5/m = ");
    EXPECT_NEAR(state->parameters.pm, shownPm, 0.0005 * shownPm);
    EXPECT_EQ(state->parameters.selection.tournamentSize, int(numberAfter(optionHelp(help, "k"), "evalfit ")));
}

}  // namespace
}  // namespace mf::tuning::test
