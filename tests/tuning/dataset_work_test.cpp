// Dataset work (measure evalfit) through the fitness evaluator interface: split and merge give
// Texel's error E worked by hand for any chunking, a failed or cancelled chunk is never scored,
// and a run of the controller on the bundled engine (LocalEvaluator + LocalDatasetScoring) fits K
// and E0 once, reports E, and resumes exactly.
#include <gtest/gtest.h>

#include "evolution/tuning/measures/evalfit/run/evalfit_fit.h"

#include <filesystem>
#include <fstream>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_fitness.h"
#include "evolution/tuning/measures/evalfit/scoring/texel_error.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/run/local_evaluator.h"
#include "evolution/tuning/run/run_controller.h"
#include "evolution/tuning/evaluate/work_items.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

// Three positions whose q we make up: 0, +400 and -400 centipawns, labelled a draw, a White win
// and a Black win. At K = 1: sigmoid(0) = 1/2 (error 0); sigmoid(400/400) = 1/(1 + 10^-1) = 10/11
// (error (1/11)^2 = 1/121); sigmoid(-1) = 1/11 (error 1/121). E = (2/121) / 3 = 2/363.
DatasetWork handWork() {
    DatasetWork work;
    work.file = "hand.epd";
    work.positions = std::make_shared<const dataset::DatasetIndex>(dataset::DatasetIndex::inMemory(
        {"8/8/8/8/8/8/8/K6k w - -", "8/8/8/8/8/8/8/KQ5k w - -", "8/8/8/8/8/8/8/Kq5k w - -"}, {0.5, 1.0, 0.0}));
    work.k = 1.0;
    work.startError = 0.01;
    return work;
}
const std::vector<int> kHandQ = {0, 400, -400};

std::vector<std::optional<ItemResult>> scoreAll(const std::vector<WorkItem>& items, const std::vector<int>& q) {
    std::vector<std::optional<ItemResult>> results;
    for (const WorkItem& item : items) {
        const auto& chunk = std::get<DatasetItem>(item);
        DatasetItemResult result;
        result.q.assign(q.begin() + std::ptrdiff_t(chunk.first), q.begin() + std::ptrdiff_t(chunk.first + chunk.count));
        results.emplace_back(std::move(result));
    }
    return results;
}

// A data set read from a file becomes work in file order: every position's FEN and result, the
// file's name, the scoring path and the uci path's search as given (rank 0 and the worker ranks
// build it alike).
// The file is indexed, not kept: a range of positions is read back from it as the first reading
// saw it (a broken line and comments skipped the same way), and a file changed since is refused.
TEST(DatasetWork, ADataSetBecomesWorkInFileOrder) {
    const std::string text = "# a header\n8/8/8/8/8/8/Q7/K6k w - - c9 \"1-0\";\n"
                             "not a position\n"
                             "8/8/8/8/8/8/8/Kq5k w - - c9 \"0-1\";\n\n"
                             "8/8/8/8/8/8/8/K6k w - - c9 \"1/2-1/2\";\n";
    const dataset::Dataset data = dataset::parseDataset(text, "three.epd");
    ASSERT_EQ(data.positions.size(), 3u);
    const std::filesystem::path file = std::filesystem::temp_directory_path() / "matefind-dataset-work-three.epd";
    std::ofstream(file) << text;
    std::vector<dataset::DatasetLineError> errors;
    const DatasetWork work = datasetWorkOf(dataset::DatasetIndex::read(file.string(), errors), dataset::EvalfitPath::Uci,
                                           uci::SearchLimit::nodes(7));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].line, 3);
    EXPECT_EQ(work.file, file.string());
    ASSERT_EQ(work.size(), 3u);
    for (std::size_t first = 0; first < 3; ++first) {
        const auto fens = work.positions->fens(first, 3 - first);
        ASSERT_TRUE(fens.ok()) << fens.error().message;
        for (std::size_t i = first; i < 3; ++i) EXPECT_EQ((*fens)[i - first], data.positions[i].position.fen()) << i;
    }
    EXPECT_EQ(work.positions->results(0, 3), (std::vector<double>{1.0, 0.0, 0.5}));
    std::ofstream(file, std::ios::app) << "8/8/8/8/8/8/8/K6k b - - c9 \"1/2-1/2\";\n";
    const auto changed = work.positions->fens(0, 1);
    ASSERT_FALSE(changed.ok());
    EXPECT_NE(changed.error().message.find("changed"), std::string::npos) << changed.error().message;
    std::filesystem::remove(file);
    EXPECT_EQ(work.path, dataset::EvalfitPath::Uci);
    EXPECT_EQ(work.uciLimit, uci::SearchLimit::nodes(7));
    EXPECT_FALSE(work.keepScores);
    EXPECT_EQ(work.startError, 0.0);  // not fitted yet
}

// A scoring path the library does not know is refused when the plan loads, never scored as auto.
TEST(DatasetWork, MergeGivesTexelsErrorWorkedByHandForAnyChunking) {
    const DatasetWork work = handWork();
    for (std::size_t chunk : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(3)}) {
        SplitOptions options;
        options.datasetPositionsPerItem = chunk;
        const auto items = splitWork(work, 2, options);
        // 0: the whole data set in one item per candidate.
        EXPECT_EQ(items.size(), chunk == 0 || chunk == 3 ? 2U : chunk == 1 ? 6U : 4U) << chunk;
        const auto scores = mergeResults(work, 2, items, scoreAll(items, kHandQ));
        ASSERT_EQ(scores.size(), 2U);
        for (const CandidateScore& score : scores) {
            ASSERT_TRUE(score.error.has_value()) << chunk;
            EXPECT_NEAR(*score.error, 2.0 / 363.0, 1e-12) << chunk;
            EXPECT_NEAR(score.fitness, 0.01 / (2.0 / 363.0), 1e-9) << chunk;  // E0 / E
            EXPECT_EQ(score.scored, 3);
            EXPECT_TRUE(score.complete());
            EXPECT_TRUE(score.q.empty());  // only the fit keeps the scores
        }
    }
    DatasetWork fit = work;
    fit.keepScores = true;
    const auto items = splitWork(fit, 1);
    EXPECT_EQ(mergeResults(fit, 1, items, scoreAll(items, kHandQ))[0].q, kHandQ);
}

TEST(DatasetWork, AFailedChunkIsNeverScoredAndACancelledOneMakesTheScoreIncomplete) {
    const DatasetWork work = handWork();
    SplitOptions options;
    options.datasetPositionsPerItem = 2;
    const auto items = splitWork(work, 2, options);  // candidate 0: [0,2) [2,3); candidate 1: the same
    auto results = scoreAll(items, kHandQ);
    DatasetItemResult failed;
    failed.failure = "the engine exited (signal 11)";
    results[1] = failed;          // candidate 0's second chunk
    results[3].reset();           // candidate 1's second chunk never ran
    const auto scores = mergeResults(work, 2, items, results);
    EXPECT_EQ(scores[0].fitness, 0.0);
    EXPECT_EQ(scores[0].failed, 1);
    EXPECT_FALSE(scores[0].error.has_value());
    EXPECT_EQ(scores[0].failure, "the engine exited (signal 11)");
    EXPECT_TRUE(scores[0].complete());
    EXPECT_FALSE(scores[1].complete());
    EXPECT_EQ(scores[1].cancelled, 1);
    EXPECT_FALSE(scores[1].error.has_value());
    // A result with the wrong number of scores is refused (a bug or a corrupt message).
    auto wrong = scoreAll(items, kHandQ);
    std::get<DatasetItemResult>(*wrong[0]).q.push_back(7);
    EXPECT_THROW(mergeResults(work, 2, items, wrong), std::invalid_argument);
}

TEST(DatasetWork, EvalfitSettingsTravelInTheExtrasExactly) {
    TuningSettings settings;
    settings.measure = FitnessMeasure::Evalfit;
    settings.of<tuning::EvalfitSettings>().data = "/data/train.epd";
    settings.of<tuning::EvalfitSettings>().heldOutData = "/data/held.epd";
    settings.of<tuning::EvalfitSettings>().path = dataset::EvalfitPath::Uci;
    settings.of<tuning::EvalfitSettings>().uciLimit = uci::SearchLimit::nodes(1);
    settings.of<tuning::EvalfitSettings>().k = 1.234567890123456789;
    settings.of<tuning::EvalfitSettings>().startError = 0.1128231234567891;
    settings.of<tuning::EvalfitSettings>().heldOutStartError = 0.12115512345;
    ga::RunState state;
    state.extras = toExtras(settings);
    TuningSettings back;
    back.of<tuning::SuiteSettings>().heldOutSuite = "/suite/kept.epd";
    ASSERT_EQ(applyExtras(state, back), std::nullopt);
    EXPECT_EQ(back.measure, FitnessMeasure::Evalfit);
    EXPECT_TRUE(back.of<tuning::EvalfitSettings>() == settings.of<tuning::EvalfitSettings>());
    EXPECT_EQ(back.of<tuning::SuiteSettings>().heldOutSuite, "/suite/kept.epd");  // "heldout" is the held-out data here
}

// --- the bundled engine ---------------------------------------------------------------------

const std::filesystem::path kEngine = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";


struct EngineRun {
    std::filesystem::path dir;
    TuningSettings settings(int generations, const std::string& autosave) {
        TuningSettings s;
        s.parameters.generations = generations;
        s.parameters.populationSize = 6;
        s.parameters.elite = 1;
        s.parameters.pm = 0.05;
        s.parameters.seed = 5;
        s.genome = ga::Genome({ga::Term("knight value", "KnightValue", 300, 7), ga::Term("rook value", "RookValue", 461, 7),
                               ga::Term("passed pawn", "PassedPawn", 37, 6)});
        s.engine.program = kEngine;
        s.measure = FitnessMeasure::Evalfit;
        s.of<tuning::EvalfitSettings>().data = writeData(dir / "train.epd", 0, 8);
        s.of<tuning::EvalfitSettings>().heldOutData = writeData(dir / "held.epd", 8, 2);
        s.heldOutEvery = 2;
        s.workers = 2;
        s.autosave = dir / autosave;
        return s;
    }
};

TEST(DatasetWork, ARunOnTheBundledEngineFitsOnceReportsEAndResumesExactly) {
    if (!std::filesystem::exists(kEngine)) GTEST_SKIP() << "no bundled engine at " << kEngine;
    EngineRun f{scratchDir("dataset_run")};
    RecordingObserver straightObserver;
    {
        RunController controller(localEvaluatorFactory(), &straightObserver);
        ASSERT_EQ(controller.start(f.settings(4, "straight.mfpop")), std::nullopt);
        controller.wait();
        ASSERT_EQ(controller.status(), RunStatus::Finished) << straightObserver.statuses.back().reason;
    }
    ASSERT_EQ(straightObserver.generations.size(), 4U);
    const GenerationReport& first = straightObserver.generations.front();
    ASSERT_TRUE(first.startError && first.bestError && first.evalfitK);
    EXPECT_GT(*first.startError, 0.0);
    // Generation 0 holds the defaults: its best has at most the defaults' error.
    EXPECT_LE(*first.bestError, *first.startError + 1e-12);
    EXPECT_NEAR(*first.bestError * first.stats.best, *first.startError, 1e-12);  // fitness = E0 / E
    ASSERT_TRUE(first.heldOut && first.heldOut->error);
    EXPECT_GT(*first.heldOut->error, 0.0);
    for (const auto& member : first.population) EXPECT_GT(member.fitness.value_or(0.0), 0.0);

    {
        RunController controller(localEvaluatorFactory(), nullptr);
        ASSERT_EQ(controller.start(f.settings(2, "split.mfpop")), std::nullopt);
        controller.wait();
        ASSERT_EQ(controller.status(), RunStatus::Finished);
    }
    auto loaded = ga::loadPopulation(f.dir / "split.mfpop");
    ASSERT_TRUE(loaded) << loaded.error().message;
    TuningSettings settings = f.settings(0, "split.mfpop");
    ASSERT_EQ(applyExtras(*loaded, settings), std::nullopt);
    ASSERT_TRUE(settings.of<tuning::EvalfitSettings>().k && settings.of<tuning::EvalfitSettings>().startError && settings.of<tuning::EvalfitSettings>().heldOutStartError);
    EXPECT_EQ(*settings.of<tuning::EvalfitSettings>().startError, *first.startError);  // saved exactly, not fitted again
    loaded->parameters.generations = 4;
    settings.parameters = loaded->parameters;
    {
        RunController controller(localEvaluatorFactory(), nullptr);
        ASSERT_EQ(controller.continueRun(*loaded, settings), std::nullopt);
        controller.wait();
        ASSERT_EQ(controller.status(), RunStatus::Finished);
    }
    const std::string straight = withoutComments(f.dir / "straight.mfpop");
    EXPECT_NE(straight.find("generation = 3"), std::string::npos);
    EXPECT_EQ(withoutHeldOutAt(withoutComments(f.dir / "split.mfpop"), 1), straight);
}

TEST(DatasetWork, AGenomeOptionTheEngineLacksFailsTheFitWithTheReason) {
    if (!std::filesystem::exists(kEngine)) GTEST_SKIP() << "no bundled engine at " << kEngine;
    EngineRun f{scratchDir("dataset_fail")};
    TuningSettings s = f.settings(2, "fail.mfpop");
    s.genome = ga::Genome({ga::Term("no such", "NoSuchWeight", 10, 4)});
    RecordingObserver observer;
    RunController controller(localEvaluatorFactory(), &observer);
    ASSERT_EQ(controller.start(s), std::nullopt);
    controller.wait();
    ASSERT_EQ(controller.status(), RunStatus::Failed);
    EXPECT_NE(observer.statuses.back().reason.find("NoSuchWeight"), std::string::npos) << observer.statuses.back().reason;
}

// print and the window's report get settings without K and E0 (the panel keeps none): fitEvalfit
// fits them as the run does, so the defaults score E0 / E = 1, not 0.
TEST(DatasetWork, AReportWithoutTheRunsFitFitsKAndE0First) {
    if (!std::filesystem::exists(kEngine)) GTEST_SKIP() << "no bundled engine at " << kEngine;
    EngineRun f{scratchDir("dataset_report_fit")};
    TuningSettings s = f.settings(1, "unused.mfpop");
    std::vector<std::string> warnings;
    auto plan = FitnessPlan::load(s, warnings);
    ASSERT_TRUE(plan) << plan.error().message;
    ASSERT_TRUE(plan->measurePlan<EvalfitPlan>() && needsFit(*plan->measurePlan<EvalfitPlan>()));
    auto evaluator = localEvaluatorFactory()(s, {}, {});
    ASSERT_TRUE(evaluator) << evaluator.error().message;
    const EvalfitFitOutcome fit = fitEvalfit(*plan, s, **evaluator, {}, {});
    ASSERT_FALSE(fit.stopped);
    ASSERT_FALSE(fit.failure) << *fit.failure;
    EXPECT_FALSE(needsFit(*plan->measurePlan<EvalfitPlan>()));
    ASSERT_TRUE(s.of<tuning::EvalfitSettings>().k && s.of<tuning::EvalfitSettings>().startError && s.of<tuning::EvalfitSettings>().heldOutStartError);
    EXPECT_GT(*s.of<tuning::EvalfitSettings>().startError, 0.0);
    const std::vector<Candidate> defaults{makeCandidate(s.genome, s.genome.defaults())};
    const auto scores = (*evaluator)->evaluate(plan->mainWork(0), defaults, {}, {});
    ASSERT_EQ(scores.size(), 1u);
    EXPECT_NEAR(scores[0].fitness, 1.0, 1e-9);  // the defaults' own E is E0
    // A second call has nothing to do.
    const double k = *s.of<tuning::EvalfitSettings>().k;
    EXPECT_FALSE(fitEvalfit(*plan, s, **evaluator, {}, {}).failure);
    EXPECT_EQ(*s.of<tuning::EvalfitSettings>().k, k);
}

}  // namespace
}  // namespace mf::tuning::test
