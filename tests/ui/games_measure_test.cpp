// The games fitness measure in the window: a run with it starts and finishes; its fields appear only while it is chosen,
// read back as the run's GamesSettings, are written from an opened run without counting as an
// edit, and are locked with the rest of the panel during a run.
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include "ui/fields/baseline_picker.h"
#include "ui/parameters/fitness_section.h"
#include "ui/bridges/run_bridge.h"
#include "evolution/tuning/common/run_pick.h"
#include "ui/views/statistics_panel.h"
#include "window_test_support.h"
#include "tests/test_time.h"

using mf::tuning::FitnessMeasure;
using mf::tuning::GamesSettings;
using mf::ui::FitnessSection;

class GamesMeasureTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;

    // A games run of `generations` on the bundled engine at 300 nodes, one pair a member, on the
    // first `openings` of two quiet openings.
    mf::ui::RunSettings gamesRun(const mf::ui::MainWindow& w, int generations, std::uint64_t seed, int openings) {
        mf::ui::RunSettings s = mf::ui::test::tinyRunSettings(w, generations, suite_, seed, 2);
        s.parameters.limitKind = mf::ga::LimitKind::Nodes;
        s.parameters.limitValue = 300;
        s.measure = FitnessMeasure::Games;
        s.of<mf::tuning::SuiteSettings>().suite.clear();
        const QString file = dir_.filePath(QStringLiteral("openings%1.epd").arg(openings));
        QFile f(file);
        if (f.open(QIODevice::WriteOnly)) {
            f.write("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"e4e5\";\n");
            if (openings > 1) f.write("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - id \"d4d5\";\n");
        }
        s.of<mf::tuning::GamesSettings>().pairs = 1;
        s.of<mf::tuning::GamesSettings>().openings = file.toStdString();
        return s;
    }

private slots:
    void initTestCase() {
        mf::ui::test::setUpWindowTests(dir_, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n", suite_);
    }

    // Start in the window with the games measure: no suite needed, every member plays its pairs
    // against the engine's defaults on the bundled engine, and the run finishes with fitness.
    void aGamesRunStartsAndFinishesInTheWindow() {
        auto w = mf::ui::test::makeTestWindow();
        mf::ui::RunSettings s = gamesRun(*w, 1, 3, 1);
        w->parameters()->setSettings(s);
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
        QVERIFY(w->startAction()->isEnabled());
        w->startAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), mf::tuning::RunStatus::Finished, mf::test_time::scaledMs(120000));
        QVERIFY(w->currentState().has_value());
        QCOMPARE(w->currentState()->population.size(), std::size_t(4));
        for (const auto& member : w->currentState()->population) QVERIFY(member.fitness.has_value());
    }

    // SPSA between partners in the window: the statistics say how many games were played and the
    // pick's Elo against the start values with its interval (the export as tune lines:
    // window_recipe_test.cpp).
    void anSpsaRunBetweenPartnersShowsGamesEloAndExportsTuneLines() {
        auto w = mf::ui::test::makeTestWindow();
        mf::ui::RunSettings s = gamesRun(*w, 3, 2, 2);
        s.optimizer.only("spsa");
        auto& games = s.of<mf::tuning::GamesSettings>();
        games.heldOutPairs = 1;
        games.baseline = mf::tuning::PartnerBaseline{};
        s.heldOutEvery = 1;
        w->parameters()->setSettings(s);
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
        w->startAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), mf::tuning::RunStatus::Finished, mf::test_time::scaledMs(120000));
        // 3 iterations of one couple's pair (2 games) and the held-out pair when theta moved.
        const QString played = w->statistics()->valueText(QStringLiteral("played"));
        QVERIFY2(played.endsWith(QStringLiteral(" games")), qPrintable(played));
        QVERIFY2(played.section(' ', 0, 0).toInt() >= 6, qPrintable(played));
        const QString elo = w->statistics()->valueText(QStringLiteral("elo"));
        QVERIFY2(elo.startsWith(QStringLiteral("Elo ")) && elo.contains(QStringLiteral("against the start values")), qPrintable(elo));
    }

    // The confirmation in the window: after the last generation the pick plays the start values at
    // a clock on openings no generation played; the status and the log give the verdict, and Export
    // follows it (greyed, saying why, when the start answers).
    void aConfirmAtClockVerdictShowsAndExportFollowsIt() {
        auto w = mf::ui::test::makeTestWindow();
        mf::ui::RunSettings s = gamesRun(*w, 1, 4, 2);
        const QString file = dir_.filePath(QStringLiteral("confirm-openings.epd"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int i = 0; i < 12; ++i)
            f.write(QStringLiteral("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"o%1\";\n").arg(i).toUtf8());
        f.close();
        auto& games = s.of<mf::tuning::GamesSettings>();
        games.openings = file.toStdString();
        games.baseline = mf::tuning::StartBaseline{};
        games.confirmPairs = 10;
        games.confirmLimit = "tc 0.4+0.01";
        s.start = mf::ga::StartPopulation::Uniform;  // an answer that is the start itself needs no games
        w->parameters()->setSettings(s);
        QCOMPARE(w->parameters()->fitnessSection()->confirmPairsSpin()->value(), 10);
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
        w->startAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), mf::tuning::RunStatus::Finished, mf::test_time::scaledMs(180000));
        const QString status = w->statusText();
        const bool confirmed = status.contains(QStringLiteral("confirmed at tc 0.4+0.01 against the start: Elo")) &&
                               !status.contains(QStringLiteral("not confirmed"));
        const bool refused = status.contains(QStringLiteral("the pick is the start values: no better than the start: "
                                                            "generation 0's answer not confirmed at tc 0.4+0.01"));
        QVERIFY2(confirmed != refused, qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("20 games")), qPrintable(status));
        QCOMPARE(w->exportAction()->isEnabled(), confirmed);
        if (refused)
            QVERIFY2(w->exportAction()->toolTip().contains(QStringLiteral("not confirmed at tc 0.4+0.01")),
                     qPrintable(w->exportAction()->toolTip()));
        auto pick = mf::tuning::readRunPick(*w->currentState());
        QVERIFY(pick && *pick && (*pick)->confirmation);
        QCOMPARE((*pick)->confirmation->passed, confirmed);
    }

    // File > New run from preset "Search by games" on the panel's engine (the bundled one here):
    // its 31 search constants, games between partners at a clock, the confirmation; the panel
    // shows all of it and the run can start.
    void theSearchByGamesPresetFillsThePanelAtAClock() {
        auto w = mf::ui::test::makeTestWindow();
        w->applyPreset(QStringLiteral("search-by-games"));
        const mf::ui::RunSettings s = w->parameters()->settings();
        QCOMPARE(s.measure, FitnessMeasure::Games);
        QCOMPARE(s.genome.size(), std::size_t(31));
        FitnessSection* fitness = w->parameters()->fitnessSection();
        QCOMPARE(fitness->clockEdit()->text(), QStringLiteral("5+0.05"));
        QCOMPARE(fitness->confirmPairsSpin()->value(), 150);
        QVERIFY(std::holds_alternative<mf::tuning::PartnerBaseline>(s.of<GamesSettings>().baseline));
        QCOMPARE(s.parameters.limitKind, mf::ga::LimitKind::Time);
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
    }

    // The clock and the confirmation fields: shown with the games measure, read back as its
    // settings, and "Confirm at" greyed while no confirmation is asked (it would be dead).
    void clockAndConfirmFieldsReadBack() {
        FitnessSection section;
        section.show();
        section.setMeasure(FitnessMeasure::Games);
        QVERIFY(section.clockEdit()->isVisible());
        QVERIFY(section.confirmPairsSpin()->isVisible());
        QVERIFY(!section.confirmAtEdit()->isEnabled());
        QVERIFY2(section.confirmAtEdit()->toolTip().contains(QStringLiteral("no confirmation")),
                 qPrintable(section.confirmAtEdit()->toolTip()));
        GamesSettings games;
        games.timeControl = "10+0.1";
        games.confirmPairs = 300;
        games.confirmLimit = "movetime 40";
        section.setGames(games);
        QVERIFY(section.games() == games);
        QVERIFY(section.confirmAtEdit()->isEnabled());
        section.setMeasure(FitnessMeasure::Evalfit);
        QVERIFY(!section.clockEdit()->isVisible());
    }

    // The speed charge is a node limit's: it reads back, and a clock greys it with the reason
    // (and the settings then carry no charge, which the run would refuse).
    void chargeSpeedReadsBackAndIsGreyedAtAClock() {
        FitnessSection section;
        section.show();
        section.setMeasure(FitnessMeasure::Games);
        QVERIFY(section.chargeSpeedCheck()->isVisible());
        QVERIFY(section.chargeSpeedCheck()->isEnabled());
        GamesSettings games;
        games.chargeSpeed = true;
        section.setGames(games);
        QVERIFY(section.games() == games);
        section.clockEdit()->setText(QStringLiteral("10+0.1"));
        QVERIFY(!section.chargeSpeedCheck()->isEnabled());
        QVERIFY2(section.chargeSpeedCheck()->toolTip().contains(QStringLiteral("clock charges")),
                 qPrintable(section.chargeSpeedCheck()->toolTip()));
        QVERIFY(!section.games().chargeSpeed);
        section.setMeasure(FitnessMeasure::Evalfit);
        QVERIFY(!section.chargeSpeedCheck()->isVisible());
    }

    void gamesFieldsShowOnlyForTheGamesMeasure() {
        FitnessSection section;
        section.show();
        QVERIFY(section.measureCombo()->findData(static_cast<int>(FitnessMeasure::Games)) >= 0);
        section.setMeasure(FitnessMeasure::Solved);
        QVERIFY(!section.pairsSpin()->isVisible());
        QVERIFY(!section.baselineEdit()->isVisible());
        section.measureCombo()->setCurrentIndex(section.measureCombo()->findData(static_cast<int>(FitnessMeasure::Games)));
        QCOMPARE(section.measure(), FitnessMeasure::Games);
        QVERIFY(section.pairsSpin()->isVisible());
        QVERIFY(section.baselineEdit()->isVisible());
        QVERIFY(section.openingsEdit()->isVisible());
        QVERIFY(section.heldOutPairsSpin()->isVisible());
        section.setMeasure(FitnessMeasure::Points);
        QVERIFY(!section.openingsEdit()->isVisible());
    }

    void fieldsReadBackAsTheRunsGamesSettings() {
        FitnessSection section;
        QSignalSpy edited(&section, &FitnessSection::edited);
        GamesSettings games;
        games.pairs = 7;
        games.baseline = mf::tuning::EngineBaseline{"/usr/games/stockfish"};
        games.openings = "/tmp/openings.epd";
        games.heldOutPairs = 3;
        section.setGames(games);
        QCOMPARE(edited.count(), 0);  // an opened run is not an edit
        QVERIFY(section.games() == games);
        section.pairsSpin()->setValue(9);  // the user's edit
        QCOMPARE(edited.count(), 1);
        QCOMPARE(section.games().pairs, 9);
        QTest::keyClicks(section.baselineEdit(), "x");
        QCOMPARE(edited.count(), 2);
    }

    // The baseline is picked: defaults needs no file (its path greyed, and the tip says why);
    // an engine or a population file takes a path, with a hint of what to give.
    void theBaselineIsPicked() {
        FitnessSection section;
        QSignalSpy edited(&section, &FitnessSection::edited);
        QComboBox* kind = section.baselinePicker()->kindCombo();
        QVERIFY(std::holds_alternative<mf::tuning::DefaultsBaseline>(section.games().baseline));
        QVERIFY(!section.baselineEdit()->isEnabled());
        QVERIFY2(section.baselineEdit()->toolTip().contains(QStringLiteral("Greyed: Baseline defaults needs no file")),
                 qPrintable(section.baselineEdit()->toolTip()));
        kind->setCurrentIndex(kind->findData(mf::ui::BaselinePicker::Engine));
        QCOMPARE(edited.count(), 1);
        QVERIFY(section.baselineEdit()->isEnabled());
        QVERIFY(section.baselineEdit()->placeholderText().contains(QStringLiteral("engine's program")));
        QTest::keyClicks(section.baselineEdit(), "/usr/games/stockfish");
        QVERIFY(section.games().baseline == mf::tuning::BaselineChoice(mf::tuning::EngineBaseline{"/usr/games/stockfish"}));
        kind->setCurrentIndex(kind->findData(mf::ui::BaselinePicker::Population));
        QVERIFY(section.baselineEdit()->placeholderText().contains(QStringLiteral("population file")));
        QVERIFY(section.games().baseline ==
                mf::tuning::BaselineChoice(mf::tuning::PopulationBaseline{"/usr/games/stockfish"}));
        // Start values: the tuned engine at the run's start, no file either.
        kind->setCurrentIndex(kind->findData(mf::ui::BaselinePicker::Start));
        QVERIFY(section.games().baseline == mf::tuning::BaselineChoice(mf::tuning::StartBaseline{}));
        QVERIFY(!section.baselineEdit()->isEnabled());
        QVERIFY2(section.baselineEdit()->toolTip().contains(QStringLiteral("Greyed: Baseline start needs no file")),
                 qPrintable(section.baselineEdit()->toolTip()));
        section.baselinePicker()->setBaseline(mf::tuning::DefaultsBaseline{});
        QCOMPARE(kind->currentData().toInt(), int(mf::ui::BaselinePicker::Defaults));
        section.baselinePicker()->setBaseline(mf::tuning::StartBaseline{});
        QCOMPARE(kind->currentData().toInt(), int(mf::ui::BaselinePicker::Start));
        // Partners: the members among themselves, no file.
        kind->setCurrentIndex(kind->findData(mf::ui::BaselinePicker::Partners));
        QVERIFY(section.games().baseline == mf::tuning::BaselineChoice(mf::tuning::PartnerBaseline{}));
        QVERIFY(!section.baselineEdit()->isEnabled());
        section.baselinePicker()->setBaseline(mf::tuning::StartBaseline{});
        section.baselinePicker()->setBaseline(mf::tuning::PartnerBaseline{});
        QCOMPARE(kind->currentData().toInt(), int(mf::ui::BaselinePicker::Partners));
        // The command line's spelling is in the picker's tip.
        QVERIFY(kind->toolTip().contains(QStringLiteral("defaults | start | partners | engine:PATH | FILE")));
    }

    void lockedDuringARun() {
        FitnessSection section;
        section.setLocked(true);
        QVERIFY(!section.measureCombo()->isEnabled());
        QVERIFY(!section.pairsSpin()->isEnabled());
        QVERIFY(!section.baselineEdit()->isEnabled());
        QVERIFY2(section.pairsSpin()->toolTip().contains(QStringLiteral("Greyed: a run")),
                 qPrintable(section.pairsSpin()->toolTip()));
        section.setLocked(false);
        QVERIFY(section.openingsEdit()->isEnabled());
        QVERIFY(section.heldOutPairsSpin()->isEnabled());
        // Evalfit's search per position is greyed on the fast path, and says why.
        section.evalfitPathCombo()->setCurrentIndex(section.evalfitPathCombo()->findText(QStringLiteral("fast")));
        QVERIFY(!section.uciLimitSpin()->isEnabled());
        QVERIFY2(section.uciLimitSpin()->toolTip().contains(QStringLiteral("Greyed: the fast path searches nothing")),
                 qPrintable(section.uciLimitSpin()->toolTip()));
        // Re-tracing is the trace path's: greyed on fast and uci, and what it holds is not used there.
        section.retraceSpin()->setValue(4);
        QVERIFY(!section.retraceSpin()->isEnabled());
        QVERIFY2(section.retraceSpin()->toolTip().contains(QStringLiteral("no traces to take again")),
                 qPrintable(section.retraceSpin()->toolTip()));
        QCOMPARE(section.evalfit().retraceEvery, 0);
        section.evalfitPathCombo()->setCurrentIndex(section.evalfitPathCombo()->findText(QStringLiteral("trace")));
        QVERIFY(section.retraceSpin()->isEnabled());
        QCOMPARE(section.evalfit().retraceEvery, 4);
    }
};

QTEST_MAIN(GamesMeasureTest)
#include "games_measure_test.moc"
