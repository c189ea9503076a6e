// The whole recipe in the window, as a user drives it: the Data tab makes labelled positions with
// the bundled engine, "Use as the run's data" hands them to the run, File > New run from preset
// starts from the hand-set weights, the run's stages are the GA and then the gradient, the held-out
// E falls below the start's, Export writes the pick, and one click plays the pick against the
// start in the Match tab. And the honest winner: a run whose every member does worse than the start
// on held-out work ends with the start as its pick, says so, and offers nothing to export.
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

#include "evolution/tuning/common/run_pick.h"
#include "evolution/tuning/optimizers/optimizer_extras.h"
#include "tests/test_time.h"
#include "ui/data/data_panel.h"
#include "ui/bridges/run_bridge.h"
#include "ui/match/match_panel.h"
#include "ui/match/match_side_picker.h"
#include "ui/parameters/optimizer_section.h"
#include "window_test_support.h"

using namespace mf;
using Status = tuning::RunStatus;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The window's current run's pick (its file's pick line).
std::optional<tuning::RunPick> pickOf(const ui::MainWindow& w) {
    if (!w.currentState()) return std::nullopt;
    auto pick = tuning::readRunPick(*w.currentState());
    return pick && *pick ? **pick : std::optional<tuning::RunPick>();
}

}  // namespace

class WindowRecipeTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;

private slots:
    void initTestCase() { ui::test::setUpWindowTests(dir_, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n", suite_); }

    void theWindowRunsTheRecipeFromDataToTheMatch() {
        auto w = ui::test::makeTestWindow();
        auto* tabs = w->findChild<QTabWidget*>(QStringLiteral("centreTabs"));
        // Data: 40 self-play games of the bundled engine at 400 nodes, then "Use as the run's data".
        ui::DataPanel* data = w->dataPanel();
        tabs->setCurrentWidget(data);
        data->gamesSpin()->setValue(40);
        data->limitKindCombo()->setCurrentIndex(ui::DataPanel::Nodes);
        data->limitSpin()->setValue(400);
        data->seedSpin()->setValue(5);
        data->workersSpin()->setValue(2);
        const QString made = dir_.filePath(QStringLiteral("recipe-train.epd"));
        data->outputEdit()->setText(made);
        QTest::mouseClick(data->startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!data->busy(), test_time::scaledMs(180000));
        QVERIFY2(data->useAsDataButton()->isEnabled(), qPrintable(data->statusLabel()->text()));
        QTest::mouseClick(data->useAsDataButton(), Qt::LeftButton);

        // The preset: the hand-set weights, on the data just made (the panel's data is kept).
        w->applyPreset(QStringLiteral("recover-hand-set"));
        ui::RunSettings s = w->parameters()->settings();
        QCOMPARE(QString::fromStdString(s.of<tuning::EvalfitSettings>().data.string()), made);
        QVERIFY2(s.engine.fixedOptions.size() > 600, "the hand-set terms are the engine's fixed options");
        // Shorter than the preset, and the gradient after the GA (the Then field, as a user types it).
        ui::ParameterPanel* panel = w->parameters();
        s.parameters.generations = 4;
        s.parameters.populationSize = 8;
        s.optimizer.stages = {{"ga", 0}};
        panel->setSettings(s);
        QLineEdit* then = panel->optimizerSection()->thenCombo()->lineEdit();
        then->selectAll();
        QTest::keyClicks(then, QStringLiteral("gradient 2"));
        s = panel->settings();
        QVERIFY2(s.optimizer.stages == (std::vector<tuning::Stage>{{"ga", 4}, {"gradient", 2}}),
                 tuning::stagesText(s.optimizer.stages).c_str());
        QCOMPARE(s.parameters.generations, 6);
        s.autosave = dir_.filePath(QStringLiteral("recipe.mfpop")).toStdString();
        panel->setSettings(s);

        QTRY_VERIFY_WITH_TIMEOUT(w->startAction()->isEnabled(), test_time::scaledMs(60000));
        w->startAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, test_time::scaledMs(240000));
        const auto pick = pickOf(*w);
        QVERIFY(pick.has_value());
        QVERIFY2(!pick->isStart(), qPrintable(w->statusText()));
        QVERIFY(pick->error && pick->startError);
        QVERIFY2(*pick->error < *pick->startError, qPrintable(w->statusText()));  // held-out E below the start's
        QVERIFY2(w->statusText().contains(QStringLiteral("the pick: generation")), qPrintable(w->statusText()));

        // Export writes the pick.
        const QString exported = dir_.filePath(QStringLiteral("pick.options"));
        w->setExportPathChooser([exported] { return exported; });
        QVERIFY(w->exportAction()->isEnabled());
        w->exportAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!readAll(exported).isEmpty(), test_time::scaledMs(10000));
        QVERIFY(readAll(exported).contains("the pick of"));
        // ... and as OpenBench tune lines, which carry no comment: name, int, start, min, max, c_end, r_end.
        const QString lines = dir_.filePath(QStringLiteral("pick.openbench"));
        w->setExportPathChooser([lines] { return lines; });
        w->exportAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!readAll(lines).isEmpty(), test_time::scaledMs(10000));
        QVERIFY2(!readAll(lines).contains("#"), readAll(lines).constData());
        QCOMPARE(readAll(lines).left(readAll(lines).indexOf('\n')).count(','), 6);

        // One click: the pick against the start values in the Match tab.
        ui::MatchPanel* match = w->matchPanel();
        match->limitKindCombo()->setCurrentIndex(ui::MatchPanel::Nodes);
        match->limitSpin()->setValue(300);
        match->pairsSpin()->setValue(2);
        QVERIFY2(w->matchPickAction()->isEnabled(), qPrintable(w->matchPickAction()->toolTip()));
        w->matchPickAction()->trigger();
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(match));
        QCOMPARE(match->side(0)->kindCombo()->currentIndex(), int(ui::MatchSidePicker::CurrentBest));
        QCOMPARE(match->side(1)->kindCombo()->currentIndex(), int(ui::MatchSidePicker::GenomeDefaults));
        QVERIFY(!match->busy());  // filled, not started: Start match plays it
        QTest::mouseClick(match->startButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(match->busy(), test_time::scaledMs(30000));
        QTRY_VERIFY_WITH_TIMEOUT(!match->busy(), test_time::scaledMs(120000));
        QCOMPARE(match->lastProgress().pairsDone, 2);
    }

    // The fake engine plays a2a3 below its SwitchDepth and e2e4 from there (--bestmove-follows-pv):
    // at depth 3 the start (SwitchDepth 3) solves the held-out suite (bm e4), not the training one
    // (bm a3), and every member better on the training suite fails the held-out one.
    void honestWinnerIsTheStartWhenEveryMemberDoesWorseOnHeldOutWork() {
        const QString genome = dir_.filePath(QStringLiteral("switch.json"));
        const QString train = dir_.filePath(QStringLiteral("train-a3.epd"));
        const QString held = dir_.filePath(QStringLiteral("held-e4.epd"));
        const QByteArray start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        for (const auto& [path, text] :
             {std::pair{genome, QByteArray(R"({"format": "matefind-genome", "version": 1, "terms": [{"name": "switch", )"
                                           R"("option": "SwitchDepth", "default": 3, "bits": 4, "floor": 1}]})")},
              std::pair{train, start + " bm a3; id \"t1\";\n" + start + " bm a3; id \"t2\";\n"},
              std::pair{held, start + " bm e4; id \"h1\";\n" + start + " bm e4; id \"h2\";\n"}}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        auto w = ui::test::makeTestWindow();
        ui::RunSettings s = ui::test::tinyRunSettings(*w, 3, train, 2, 2);
        s.engine.program = MATEFIND_FAKE_ENGINE;
        s.engine.arguments = {"--bestmove-follows-pv"};
        auto loaded = ga::loadGenome(genome.toStdString());
        QVERIFY(loaded.ok());
        s.genome = *loaded;
        s.parameters.populationSize = 6;
        s.parameters.limitValue = 3;
        s.start = ga::StartPopulation::Uniform;
        s.of<tuning::SuiteSettings>().heldOutSuite = held.toStdString();
        s.heldOutEvery = 1;
        s.autosave = dir_.filePath(QStringLiteral("honest.mfpop")).toStdString();
        w->parameters()->setSettings(s);
        QTRY_VERIFY_WITH_TIMEOUT(w->startAction()->isEnabled(), test_time::scaledMs(60000));
        w->startAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, test_time::scaledMs(60000));
        const auto pick = pickOf(*w);
        QVERIFY(pick.has_value());
        QVERIFY(pick->isStart());
        QVERIFY2(w->statusText().contains(QStringLiteral("no better than the start on held-out data")),
                 qPrintable(w->statusText()));
        QVERIFY(!w->exportAction()->isEnabled());
        QVERIFY2(w->exportAction()->toolTip().contains(QStringLiteral("Nothing to export")),
                 qPrintable(w->exportAction()->toolTip()));
        QVERIFY(!w->matchPickAction()->isEnabled());
    }
};

QTEST_MAIN(WindowRecipeTest)
#include "window_recipe_test.moc"
