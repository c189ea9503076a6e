// The fit key and its rule (fit_key.h, fit_rule.h): a key names what K and E0 were fitted on and
// changes with each of those inputs only; a new run keeps a saved fit only under the same key, a
// continued run keeps it and says what changed. Then the rule in a real run on the bundled engine:
// a new run on edited data fits again and scores as a fresh run does, a continued run keeps the
// saved numbers.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/settings/fit_rule.h"
#include "evolution/tuning/run/local_evaluator.h"
#include "evolution/tuning/run/run_controller.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

std::filesystem::path writeBytes(const std::filesystem::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary) << bytes;
    return file;
}

// Evalfit settings on files in `dir`: an "engine" (only its bytes are read), data and held-out data.
TuningSettings keyedSettings(const std::filesystem::path& dir) {
    TuningSettings s;
    s.measure = FitnessMeasure::Evalfit;
    s.engine.program = writeBytes(dir / "engine", "engine build 1");
    s.engine.arguments = {"--quiet"};
    s.engine.fixedOptions = {{"Hash", "16"}};
    s.genome = ga::Genome({ga::Term("knight value", "KnightValue", 300, 7), ga::Term("rook value", "RookValue", 461, 7)});
    s.of<tuning::EvalfitSettings>().data = writeData(dir / "train.epd", 0, 4);
    s.of<tuning::EvalfitSettings>().heldOutData = writeData(dir / "held.epd", 4, 2);
    return s;
}

TEST(FitKey, TextRoundTripsAndBadTextNamesTheWord) {
    FitKey key;
    key.add("engine", "14:00ff00ff00ff00ff");
    key.add("data", "abc");
    key.add("engine", "15:0123456789abcdef");  // replaced in place
    ASSERT_EQ(key.parts().size(), 2u);
    EXPECT_EQ(key.text(), "engine=15:0123456789abcdef data=abc");
    auto back = FitKey::parse(key.text());
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, key);
    ASSERT_NE(back->part("data"), nullptr);
    EXPECT_EQ(*back->part("data"), "abc");
    EXPECT_EQ(back->part("genome"), nullptr);
    for (const char* bad : {"", "engine", "Engine=x", "engine=", "engine=a data"}) {
        auto parsed = FitKey::parse(bad);
        ASSERT_FALSE(parsed) << bad;
        EXPECT_NE(parsed.error().message.find("fit key"), std::string::npos) << parsed.error().message;
    }
}

TEST(FitKey, DifferingPartsNamesChangedAddedAndMissingParts) {
    FitKey saved;
    saved.add("engine", "a");
    saved.add("data", "b");
    saved.add("old", "c");
    FitKey now;
    now.add("engine", "a");
    now.add("data", "B");
    now.add("trace", "d");
    EXPECT_EQ(differingParts(saved, now), (std::vector<std::string>{"data", "trace", "old"}));
    EXPECT_TRUE(differingParts(now, now).empty());
}

// Every input of the fit changes its own part, and nothing else does.
TEST(FitKey, EachInputOfTheFitChangesItsPartOnly) {
    const auto dir = scratchDir("fit_key_parts");
    const TuningSettings base = keyedSettings(dir);
    const FitKey key = evalfitFitKey(base);
    EXPECT_EQ(evalfitFitKey(base), key);  // the same inputs give the same key
    auto changedParts = [&](const std::function<void(TuningSettings&)>& change) {
        TuningSettings s = base;
        change(s);
        return differingParts(key, evalfitFitKey(s));
    };
    using Parts = std::vector<std::string>;
    EXPECT_EQ(changedParts([&](TuningSettings& s) { s.engine.program = writeBytes(dir / "engine2", "engine build 2"); }),
              Parts{"engine"});
    EXPECT_EQ(changedParts([](TuningSettings& s) { s.engine.arguments.push_back("--evalfit"); }), Parts{"engine"});
    EXPECT_EQ(changedParts([](TuningSettings& s) { s.engine.fixedOptions[0].second = "32"; }), Parts{"options"});
    EXPECT_EQ(changedParts([](TuningSettings& s) { s.of<tuning::EvalfitSettings>().path = dataset::EvalfitPath::Uci; }), Parts{"options"});
    EXPECT_EQ(changedParts([](TuningSettings& s) { s.of<tuning::EvalfitSettings>().uciLimit = uci::SearchLimit::nodes(1); }), Parts{"options"});
    EXPECT_EQ(changedParts([](TuningSettings& s) {
                  s.genome = ga::Genome({ga::Term("knight value", "KnightValue", 301, 7), ga::Term("rook value", "RookValue", 461, 7)});
              }),
              Parts{"genome"});
    EXPECT_EQ(changedParts([](TuningSettings& s) {
                  s.genome = ga::Genome({ga::Term("knight value", "KnightValue", 300, 7)});
              }),
              Parts{"genome"});
    EXPECT_EQ(changedParts([&](TuningSettings& s) { s.of<tuning::EvalfitSettings>().data = writeData(dir / "other.epd", 1, 4); }), Parts{"data"});
    EXPECT_EQ(changedParts([&](TuningSettings& s) { s.of<tuning::EvalfitSettings>().heldOutData.clear(); }), Parts{"heldout"});
    // What the fit does not depend on leaves the key alone: the terms' windows and names, the
    // GA's parameters, and where the same bytes lie.
    EXPECT_EQ(changedParts([](TuningSettings& s) {
                  s.genome = ga::Genome({ga::Term("knights", "KnightValue", 300, 9), ga::Term("rook value", "RookValue", 461, 3)});
                  s.parameters.populationSize = 12;
                  s.parameters.seed = 99;
              }),
              Parts{});
    std::filesystem::copy_file(base.of<tuning::EvalfitSettings>().data, dir / "copy.epd");
    EXPECT_EQ(changedParts([&](TuningSettings& s) { s.of<tuning::EvalfitSettings>().data = dir / "copy.epd"; }), Parts{});
    // A data file edited in place (the same name) is other data.
    TuningSettings edited = base;
    writeData(dir / "train.epd", 2, 4);
    EXPECT_EQ(differingParts(key, evalfitFitKey(edited)), Parts{"data"});
}

TEST(FitRule, ANewRunKeepsASavedFitOnlyUnderTheSameKey) {
    const auto dir = scratchDir("fit_rule_new");
    TuningSettings saved = keyedSettings(dir);
    saved.of<tuning::EvalfitSettings>().k = 1.1;
    saved.of<tuning::EvalfitSettings>().startError = 0.1;
    saved.of<tuning::EvalfitSettings>().heldOutStartError = 0.12;
    saved.of<tuning::EvalfitSettings>().fitKey = evalfitFitKey(saved);

    TuningSettings same = saved;
    FitRuling ruling = ruleOnSavedFit(same, FitUse::NewRun);
    EXPECT_FALSE(ruling.dropped);
    EXPECT_TRUE(same.of<tuning::EvalfitSettings>() == saved.of<tuning::EvalfitSettings>());

    TuningSettings otherEngine = saved;
    otherEngine.engine.program = writeBytes(dir / "glaurung", "another engine");
    ruling = ruleOnSavedFit(otherEngine, FitUse::NewRun);
    EXPECT_TRUE(ruling.dropped);
    EXPECT_EQ(ruling.differing, std::vector<std::string>{"engine"});
    EXPECT_FALSE(otherEngine.of<tuning::EvalfitSettings>().k || otherEngine.of<tuning::EvalfitSettings>().startError || otherEngine.of<tuning::EvalfitSettings>().heldOutStartError ||
                 otherEngine.of<tuning::EvalfitSettings>().fitKey);
    EXPECT_NE(ruling.note.find("the engine differs"), std::string::npos) << ruling.note;

    TuningSettings otherGenome = saved;
    otherGenome.genome = ga::Genome({ga::Term("mobility", "KnightMobility", 40, 6)});
    EXPECT_TRUE(ruleOnSavedFit(otherGenome, FitUse::NewRun).dropped);

    // A fit saved without a key (a file from before keys) is not trusted by a new run.
    TuningSettings unkeyed = saved;
    unkeyed.of<tuning::EvalfitSettings>().fitKey.reset();
    ruling = ruleOnSavedFit(unkeyed, FitUse::NewRun);
    EXPECT_TRUE(ruling.dropped);
    EXPECT_FALSE(unkeyed.of<tuning::EvalfitSettings>().k);
}

TEST(FitRule, AContinuedRunKeepsItsFitAndSaysWhatChanged) {
    const auto dir = scratchDir("fit_rule_continue");
    TuningSettings saved = keyedSettings(dir);
    saved.of<tuning::EvalfitSettings>().k = 1.1;
    saved.of<tuning::EvalfitSettings>().startError = 0.1;
    saved.of<tuning::EvalfitSettings>().heldOutStartError = 0.12;
    saved.of<tuning::EvalfitSettings>().fitKey = evalfitFitKey(saved);
    TuningSettings changed = saved;
    writeData(dir / "train.epd", 3, 5);
    changed.engine.fixedOptions[0].second = "64";
    const FitRuling ruling = ruleOnSavedFit(changed, FitUse::ContinuedRun);
    EXPECT_FALSE(ruling.dropped);
    EXPECT_TRUE(ruling.warning);
    EXPECT_EQ(ruling.differing, (std::vector<std::string>{"options", "data"}));
    EXPECT_NE(ruling.note.find("the engine options or scoring path and the data differ"), std::string::npos)
        << ruling.note;
    EXPECT_TRUE(changed.of<tuning::EvalfitSettings>().k && changed.of<tuning::EvalfitSettings>().startError && changed.of<tuning::EvalfitSettings>().heldOutStartError);
    // An old file without a key continues as it always did, without a word.
    TuningSettings unkeyed = saved;
    unkeyed.of<tuning::EvalfitSettings>().fitKey.reset();
    const FitRuling quiet = ruleOnSavedFit(unkeyed, FitUse::ContinuedRun);
    EXPECT_FALSE(quiet.dropped);
    EXPECT_TRUE(quiet.note.empty());
}

TEST(FitRule, TheHeldOutPartCountsOnlyWithHeldOutDataAndOtherMeasuresHaveNoFit) {
    const auto dir = scratchDir("fit_rule_heldout");
    TuningSettings saved = keyedSettings(dir);
    saved.of<tuning::EvalfitSettings>().k = 1.1;
    saved.of<tuning::EvalfitSettings>().startError = 0.1;
    saved.of<tuning::EvalfitSettings>().fitKey = evalfitFitKey(saved);
    TuningSettings printed = saved;
    printed.of<tuning::EvalfitSettings>().heldOutData.clear();  // print scores the training data only
    EXPECT_FALSE(ruleOnSavedFit(printed, FitUse::NewRun).dropped);
    TuningSettings otherHeld = saved;
    otherHeld.of<tuning::EvalfitSettings>().heldOutData = writeData(dir / "held2.epd", 7, 2);
    EXPECT_TRUE(ruleOnSavedFit(otherHeld, FitUse::NewRun).dropped);
    TuningSettings suite = saved;
    suite.measure = FitnessMeasure::Solved;
    suite.engine.program = dir / "missing";
    EXPECT_FALSE(ruleOnSavedFit(suite, FitUse::NewRun).dropped);
}

TEST(FitRule, TheKeyTravelsInTheExtras) {
    const auto dir = scratchDir("fit_rule_extras");
    TuningSettings settings = keyedSettings(dir);
    settings.of<tuning::EvalfitSettings>().k = 0.98889;
    settings.of<tuning::EvalfitSettings>().startError = 0.104537;
    settings.of<tuning::EvalfitSettings>().fitKey = evalfitFitKey(settings);
    ga::RunState state;
    state.extras = toExtras(settings);
    TuningSettings back;
    ASSERT_EQ(applyExtras(state, back), std::nullopt);
    EXPECT_TRUE(back.of<tuning::EvalfitSettings>() == settings.of<tuning::EvalfitSettings>());
    state.extras.emplace_back("evalfit_fit_key", "engine");
    TuningSettings bad;
    const auto error = applyExtras(state, bad);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("evalfit_fit_key"), std::string::npos) << *error;
}

// --- the rule in runs on the bundled engine --------------------------------------------------

const std::filesystem::path kEngine = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";

TuningSettings engineSettings(const std::filesystem::path& dir, const std::string& autosave) {
    TuningSettings s;
    s.parameters.generations = 2;
    s.parameters.populationSize = 4;
    s.parameters.elite = 1;
    s.parameters.seed = 3;
    s.genome = ga::Genome({ga::Term("knight value", "KnightValue", 300, 7), ga::Term("passed pawn", "PassedPawn", 37, 6)});
    s.engine.program = kEngine;
    s.measure = FitnessMeasure::Evalfit;
    s.of<tuning::EvalfitSettings>().data = dir / "train.epd";
    s.workers = 2;
    s.autosave = dir / autosave;
    return s;
}

// The settings a run saved in `file`, as `tune --resume` and the window's Open read them.
TuningSettings savedSettings(const std::filesystem::path& file, ga::RunState& state) {
    auto loaded = ga::loadPopulation(file);
    EXPECT_TRUE(loaded) << loaded.error().message;
    state = *loaded;
    TuningSettings s;
    EXPECT_EQ(applyExtras(state, s), std::nullopt);
    s.workers = 2;
    return s;
}

GenerationReport runToEnd(RunController& controller, RecordingObserver& observer) {
    controller.wait();
    EXPECT_EQ(controller.status(), RunStatus::Finished) << observer.statuses.back().reason;
    return observer.generations.empty() ? GenerationReport{} : observer.generations.front();
}

TEST(FitRule, ANewRunOnEditedDataFitsAgainAndAContinuedRunKeepsTheSavedFit) {
    if (!std::filesystem::exists(kEngine)) GTEST_SKIP() << "no bundled engine at " << kEngine;
    const auto dir = scratchDir("fit_rule_run");
    writeData(dir / "train.epd", 0, 8);
    {
        RecordingObserver observer;
        RunController controller(localEvaluatorFactory(), &observer);
        ASSERT_EQ(controller.start(engineSettings(dir, "saved.mfpop")), std::nullopt);
        runToEnd(controller, observer);
    }
    ga::RunState state;
    const TuningSettings saved = savedSettings(dir / "saved.mfpop", state);
    ASSERT_TRUE(saved.of<tuning::EvalfitSettings>().k && saved.of<tuning::EvalfitSettings>().startError && saved.of<tuning::EvalfitSettings>().fitKey);

    writeData(dir / "train.epd", 2, 8);  // the same file, other positions
    // What a run fitted from scratch on the edited data gets.
    RecordingObserver freshObserver;
    RunController fresh(localEvaluatorFactory(), &freshObserver);
    ASSERT_EQ(fresh.start(engineSettings(dir, "fresh.mfpop")), std::nullopt);
    const GenerationReport expected = runToEnd(fresh, freshObserver);
    ASSERT_TRUE(expected.startError && expected.evalfitK);
    ASSERT_NE(*expected.startError, *saved.of<tuning::EvalfitSettings>().startError);

    // A new run from the opened file's settings (its K and E0 in them) fits on the new data.
    TuningSettings again = saved;
    again.autosave = dir / "again.mfpop";
    RecordingObserver newObserver;
    RunController newRun(localEvaluatorFactory(), &newObserver);
    ASSERT_EQ(newRun.start(again), std::nullopt);
    const GenerationReport used = runToEnd(newRun, newObserver);
    ASSERT_TRUE(used.startError && used.evalfitK);
    EXPECT_EQ(*used.startError, *expected.startError);
    EXPECT_EQ(*used.evalfitK, *expected.evalfitK);
    bool said = false;
    for (const std::string& note : newObserver.notes) said = said || note.find("the data differs") != std::string::npos;
    EXPECT_TRUE(said);

    // Continuing the saved run keeps its K and E0, and warns that the data changed.
    TuningSettings continued = saved;
    state.parameters.generations = 3;
    continued.parameters = state.parameters;
    continued.autosave = dir / "continued.mfpop";
    RecordingObserver continueObserver;
    RunController going(localEvaluatorFactory(), &continueObserver);
    ASSERT_EQ(going.continueRun(state, continued), std::nullopt);
    const GenerationReport kept = runToEnd(going, continueObserver);
    ASSERT_TRUE(kept.startError && kept.evalfitK);
    EXPECT_EQ(*kept.startError, *saved.of<tuning::EvalfitSettings>().startError);
    EXPECT_EQ(*kept.evalfitK, *saved.of<tuning::EvalfitSettings>().k);
    bool warned = false;
    for (const std::string& w : continueObserver.warnings) warned = warned || w.find("continuing with the saved K") != std::string::npos;
    EXPECT_TRUE(warned);
}

}  // namespace
}  // namespace mf::tuning::test
