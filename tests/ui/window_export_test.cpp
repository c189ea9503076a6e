// What the window hands over after a run: Export writes the whole engine the run measured (the
// preset's fixed terms and its tuned weights: the bundled engine with the export has every term of
// the pick the Match tab plays), Match the pick fills the Match tab and waits for Start match, and
// File > New run gives a clean window with the defaults.
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

#include "evolution/tuning/results/engine_export.h"
#include "tests/test_time.h"
#include "tests/tuning/export_engine_support.h"
#include "ui/fields/match_limit_field.h"
#include "ui/match/match_panel.h"
#include "ui/match/match_side_picker.h"
#include "ui/bridges/run_bridge.h"
#include "window_test_support.h"

using namespace mf;

namespace {

// Opens `file` in `w` and waits until it is shown.
bool openAndWait(ui::MainWindow& w, const QString& file) {
    QSignalSpy done(&w, &ui::MainWindow::fileDone);
    w.openFile(file);
    return done.wait(test_time::scaledMs(30000)) && done.front().front().toBool();
}

}  // namespace

class WindowExportTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;
    std::filesystem::path run_;

private slots:
    void initTestCase() {
        ui::test::setUpWindowTests(dir_, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n", suite_);
        run_ = tuning::test::savedPresetRun(dir_.path().toStdString());
        if (run_.empty()) QSKIP("the recover-hand-set preset's files are not installed");
    }

    void exportIsTheEngineTheMatchTabPlays() {
        auto w = ui::test::makeTestWindow();
        QVERIFY(openAndWait(*w, QString::fromStdString(run_.string())));
        const QString exported = dir_.filePath(QStringLiteral("window-pick.options"));
        w->setExportPathChooser([exported] { return exported; });
        QVERIFY2(w->exportAction()->isEnabled(), qPrintable(w->exportAction()->toolTip()));
        w->exportAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(exported).size() > 0, test_time::scaledMs(10000));
        const std::string text = tuning::test::fileText(exported.toStdString());
        QVERIFY2(tuning::test::optionLines(text).size() >= 600, text.substr(0, 400).c_str());
        QVERIFY2(text.find("# the pick of " + run_.string() + ": generation 1") != std::string::npos,
                 text.substr(0, 400).c_str());
        QTRY_VERIFY2_WITH_TIMEOUT(w->noteText().contains(QStringLiteral("fixed options")), qPrintable(w->noteText()),
                                  test_time::scaledMs(10000));

        // The pick as the Match tab plays it: side A's engine start options and its options.
        w->matchPickAction()->trigger();
        auto side = w->matchPanel()->side(0)->build();
        QVERIFY2(side.ok(), side ? "" : side.error().message.c_str());
        uci::OptionValues matched = side->engine.startOptions;
        matched.insert(matched.end(), side->side.options.begin(), side->side.options.end());
        const auto terms = tuning::test::engineTerms(
            tuning::test::writeOptions(matched, dir_.filePath(QStringLiteral("window-matched.txt")).toStdString()));
        QVERIFY(terms.size() > 600);
        QVERIFY(tuning::test::engineTerms(exported.toStdString()) == terms);
    }

    void matchThePickFillsTheTabAndWaitsForStart() {
        auto w = ui::test::makeTestWindow();
        QVERIFY(openAndWait(*w, QString::fromStdString(run_.string())));
        ui::MatchPanel* match = w->matchPanel();
        match->side(0)->setKind(ui::MatchSidePicker::EngineDefaults);
        match->side(1)->setKind(ui::MatchSidePicker::EngineDefaults);
        match->limitKindCombo()->setCurrentIndex(ui::MatchPanel::Nodes);
        match->limitSpin()->setValue(777);
        QSignalSpy starting(match, &ui::MatchPanel::matchStarting);
        QVERIFY(w->matchPickAction()->isEnabled());
        w->matchPickAction()->trigger();
        auto* tabs = w->findChild<QTabWidget*>(QStringLiteral("centreTabs"));
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(match));
        QCOMPARE(match->side(0)->kindCombo()->currentIndex(), int(ui::MatchSidePicker::CurrentBest));
        QCOMPARE(match->side(1)->kindCombo()->currentIndex(), int(ui::MatchSidePicker::GenomeDefaults));
        QTest::qWait(300);
        QCOMPARE(starting.count(), 0);
        QVERIFY(!match->busy());
        QVERIFY2(match->startButton()->isEnabled(), qPrintable(match->startButton()->toolTip()));
        QVERIFY2(match->statusLabel()->text().contains(QStringLiteral("press Start match")),
                 qPrintable(match->statusLabel()->text()));
        // An evalfit run searched at no limit: the tab's stays.
        QCOMPARE(match->limitSpin()->value(), 777);

        // A run that searched fills its own limit.
        ui::RunSettings games = w->parameters()->settings();
        games.measure = tuning::FitnessMeasure::Games;
        games.parameters.limitKind = ga::LimitKind::Depth;
        games.parameters.limitValue = 5;
        match->fillPickAgainstStart(games);
        QCOMPARE(match->limitKindCombo()->currentIndex(), int(ui::MatchPanel::Depth));
        QCOMPARE(match->limitSpin()->value(), 5);
        QCOMPARE(starting.count(), 0);
    }

    void newRunGivesACleanPanelWithTheDefaults() {
        auto w = ui::test::makeTestWindow();
        const ui::RunSettings defaults = w->parameters()->settings();
        w->applyPreset(QStringLiteral("recover-hand-set"));
        QVERIFY(!(w->parameters()->settings() == defaults));
        QVERIFY(openAndWait(*w, QString::fromStdString(run_.string())));
        QVERIFY(w->currentState().has_value());
        QVERIFY(w->newRunAction()->isEnabled());
        w->newRunAction()->trigger();
        QVERIFY(!w->currentState().has_value());
        QVERIFY(w->currentFile().isEmpty());
        QVERIFY(w->parameters()->settings() == defaults);
        QVERIFY2(w->statusText().contains(QStringLiteral("New run")), qPrintable(w->statusText()));
        // Start begins a new run: it does not offer to continue the file opened before.
        QString asked;
        w->setAsker([&](const QString&, const QString& text, QMessageBox::StandardButtons) {
            asked += text;
            return QMessageBox::Cancel;
        });
        QTRY_VERIFY_WITH_TIMEOUT(w->startAction()->isEnabled(), test_time::scaledMs(60000));
        w->startAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->isActive() || !asked.isEmpty(), test_time::scaledMs(60000));
        QVERIFY2(!asked.contains(QStringLiteral("cannot be continued")), qPrintable(asked));
        w->stopAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!w->bridge()->isActive(), test_time::scaledMs(60000));
    }
};

QTEST_MAIN(WindowExportTest)
#include "window_export_test.moc"
