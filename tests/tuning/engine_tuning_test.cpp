// The run controller end to end on real engines from Debian (skipped when absent): exact resume
// with Stockfish (which honours `go nodes` exactly), and Toga II tuned through its own spin
// options (genome made from what it announces).

#include <gtest/gtest.h>

#include <set>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/run/local_evaluator.h"
#include "evolution/tuning/run/run_controller.h"
#include "evolution/uci/local_engine_pool.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

const std::filesystem::path kStockfish = "/usr/games/stockfish";
const std::filesystem::path kToga = "/usr/games/toga2";

std::filesystem::path wacHead(const std::filesystem::path& dir, int count) {
    const std::filesystem::path wac = std::filesystem::path(MATEFIND_SHARED_DIR) / "epd" / "wac.epd";
    if (!std::filesystem::exists(wac)) return {};
    std::ifstream in(wac);
    std::ofstream out(dir / "wac_head.epd");
    std::string line;
    for (int i = 0; i < count && std::getline(in, line); ++i) out << line << '\n';
    return dir / "wac_head.epd";
}

TEST(EngineTuning, StockfishNodesTwoGenerationsResumeTwoEqualsFourStraight) {
    if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << kStockfish << " not installed";
    const auto dir = scratchDir("sf_resume");
    const auto suite = wacHead(dir, 12);
    if (suite.empty()) GTEST_SKIP() << "shared/epd/wac.epd absent";
    TuningSettings settings;
    settings.parameters.populationSize = 6;
    settings.parameters.seed = 5;
    settings.parameters.pm = 0.2;  // MultiPV has 2 bits: mutate enough that new values appear
    settings.parameters.limitKind = ga::LimitKind::Nodes;
    settings.parameters.limitValue = 3000;
    // MultiPV changes how a fixed node budget is spent, hence sometimes the move: a real gene.
    settings.genome = ga::Genome({ga::Term("multipv", "MultiPV", 2, 2, 1, 4)});
    settings.engine.program = kStockfish;
    settings.engine.fixedOptions = {{"Threads", "1"}, {"Hash", "16"}};
    settings.of<tuning::SuiteSettings>().suite = suite;
    settings.workers = 2;

    auto runToEnd = [](RunController& controller) {
        controller.wait();
        return controller.status();
    };
    RunController controller(localEvaluatorFactory(), nullptr);
    settings.parameters.generations = 4;
    settings.autosave = dir / "straight.mfpop";
    ASSERT_EQ(controller.start(settings), std::nullopt);
    ASSERT_EQ(runToEnd(controller), RunStatus::Finished);

    settings.parameters.generations = 2;
    settings.autosave = dir / "split.mfpop";
    ASSERT_EQ(controller.start(settings), std::nullopt);
    ASSERT_EQ(runToEnd(controller), RunStatus::Finished);
    auto state = ga::loadPopulation(dir / "split.mfpop");
    ASSERT_TRUE(state) << state.error().message;
    TuningSettings resumed = settings;
    ASSERT_EQ(applyExtras(*state, resumed), std::nullopt);
    state->parameters.generations = state->generation + 1 + 2;
    resumed.parameters = state->parameters;
    ASSERT_EQ(controller.continueRun(*state, resumed), std::nullopt);
    ASSERT_EQ(runToEnd(controller), RunStatus::Finished);
    EXPECT_EQ(withoutComments(dir / "split.mfpop"), withoutComments(dir / "straight.mfpop"));
}

TEST(EngineTuning, TogaIITunesItsOwnMaterialKingSafetyPawnStructurePassedPawns) {
    if (!std::filesystem::exists(kToga)) GTEST_SKIP() << kToga << " not installed";
    const auto dir = scratchDir("toga");
    const auto suite = wacHead(dir, 8);
    if (suite.empty()) GTEST_SKIP() << "shared/epd/wac.epd absent";

    // The genome comes from the options Toga announces.
    uci::EngineConfig config;
    config.command.program = kToga;
    auto pool = uci::LocalEnginePool::create(config, 1);
    ASSERT_TRUE(pool) << pool.error().message;
    std::vector<ga::SpinOption> spins;
    for (const char* name : {"Material", "King Safety", "Pawn Structure", "Passed Pawns"}) {
        const uci::UciOption* option = (*pool)->engine().findOption(name);
        ASSERT_NE(option, nullptr) << "Toga II does not announce " << name;
        ASSERT_EQ(option->type, uci::OptionType::Spin);
        spins.push_back({option->name, static_cast<int>(option->min), static_cast<int>(option->max),
                         std::stoi(option->defaultValue)});
    }
    pool->reset();

    TuningSettings settings;
    settings.genome = ga::fromSpinOptions(spins);
    ASSERT_EQ(ga::validateGenome(settings.genome), std::nullopt);
    settings.parameters.populationSize = 6;
    settings.parameters.generations = 3;
    settings.parameters.seed = 3;
    settings.parameters.limitKind = ga::LimitKind::Depth;  // Toga ignores `go nodes`
    settings.parameters.limitValue = 4;
    settings.engine.program = kToga;
    settings.of<tuning::SuiteSettings>().suite = suite;
    settings.workers = 2;
    settings.autosave = dir / "toga.mfpop";
    RecordingObserver observer;
    RunController controller(localEvaluatorFactory(), &observer);
    ASSERT_EQ(controller.start(settings), std::nullopt);
    controller.wait();
    ASSERT_EQ(controller.status(), RunStatus::Finished) << observer.statuses.back().reason;
    ASSERT_EQ(observer.generations.size(), 3u);
    for (const auto& report : observer.generations) {
        EXPECT_EQ(report.failedSearchesTotal, 0u);
        EXPECT_GT(report.stats.best, 0.0) << "Toga solves some WAC positions at depth 4";
        EXPECT_EQ(report.stats.bestValues.size(), 4u);
    }
    auto saved = ga::loadPopulation(dir / "toga.mfpop");
    ASSERT_TRUE(saved) << saved.error().message;
    EXPECT_EQ(saved->genome[1].option, "King Safety");

    // Every member's decoded values reached Toga: the engine log shows a setoption with each
    // value of each member (a dropped setoption would leave Toga at its defaults), and the
    // population really varies them.
    std::set<std::string> sent;
    for (const auto& line : observer.engineLines)
        if (line.direction == EngineLogLine::Direction::Sent && line.text.starts_with("setoption ")) sent.insert(line.text);
    std::vector<std::set<int>> distinct(settings.genome.size());
    for (const auto& report : observer.generations)
        for (const auto& member : report.population) {
            const std::vector<int> values = ga::decode(settings.genome, member.chromosome);
            for (std::size_t i = 0; i < values.size(); ++i) {
                distinct[i].insert(values[i]);
                const std::string line =
                    "setoption name " + settings.genome[i].option + " value " + std::to_string(values[i]);
                EXPECT_TRUE(sent.count(line)) << "never sent: " << line;
            }
        }
    for (std::size_t i = 0; i < distinct.size(); ++i)
        EXPECT_GE(distinct[i].size(), 2u) << settings.genome[i].option << " never varied";
}

}  // namespace
}  // namespace mf::tuning::test
