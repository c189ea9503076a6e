// The workbench window on a short real run: the bundled engine (or the one named by
// MATEFIND_UI_TEST_ENGINE), a three-position suite, a population of four, depth-limited searches.
// Start/Pause/Resume/Stop change the state and the actions; Save then Open restores the same
// population; closing during a run stops the engines and leaves no child process.
#include "ui/views/engine_log_view.h"
#include "ui/views/fitness_charts.h"
#include "ui/window/main_window.h"
#include "window_test_support.h"
#include "ui/parameters/parameter_panel.h"
#include "ui/models/population_model.h"
#include "ui/bridges/run_bridge.h"
#include "ui/views/statistics_panel.h"
#include "tests/test_time.h"

#include "evolution/ga/population_file.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QStatusBar>
#include <QToolBar>
#include <QWidgetAction>
#include <QtTest>

#include <sstream>

using namespace mf;
using Status = tuning::RunStatus;

namespace {

// Three Win-at-Chess positions: quick to search, not all solved at low depth.
const char* const kSuite =
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n"
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"WAC.002\";\n"
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id \"WAC.003\";\n";

// Processes whose parent is this test (engines are started as our children).
int childProcesses() {
    int n = 0;
    const QString self = QString::number(QCoreApplication::applicationPid());
    for (const QString& pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool numeric = false;
        pid.toLongLong(&numeric);
        QFile file(QStringLiteral("/proc/") + pid + QStringLiteral("/stat"));
        if (!numeric || !file.open(QIODevice::ReadOnly))
            continue;
        const std::string stat = file.readAll().toStdString();
        const auto close = stat.rfind(')');
        if (close == std::string::npos)
            continue;
        std::istringstream rest(stat.substr(close + 2));
        std::string state, ppid;
        rest >> state >> ppid;
        if (QString::fromStdString(ppid) == self)
            ++n;
    }
    return n;
}

} // namespace

class WindowTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void firstRunUsesTheBundledDefaults();
    void startPauseResumeStop();
    void saveThenOpenRestoresThePopulation();
    void engineLogShowsEachEnginesLines();
    void fightShowsTheRoundsCost();
    void closingDuringARunLeavesNoChildProcess();
    void unsavedPopulationIsAskedAbout();
    void closingDuringARunCanSaveTheLastGeneration();
    void closingAnUnsavedPopulationAsks();
    void autosaveHoldsTheLastGeneration();
    void changedOpenedFileAsksBeforeANewRun();
    void startProblemShowsBesideTheStatus();

private:
    std::unique_ptr<ui::MainWindow> makeWindow();
    void configureTinyRun(ui::MainWindow& w, int generations);
    void waitForGenerations(ui::MainWindow& w, int generations);

    QTemporaryDir dir_;
    QString suite_;
};

void WindowTest::initTestCase() {
    ui::test::setUpWindowTests(dir_, kSuite, suite_);
    qInfo("engine under test: %s", qPrintable(ui::test::engineUnderTest()));
}

std::unique_ptr<ui::MainWindow> WindowTest::makeWindow() {
    return ui::test::makeTestWindow();
}

void WindowTest::configureTinyRun(ui::MainWindow& w, int generations) {
    ui::RunSettings s = ui::test::tinyRunSettings(w, generations, suite_, 11, 2);
    s.parameters.pm = 0.05;
    w.parameters()->setSettings(s);
    QVERIFY2(w.parameters()->isValid(), qPrintable(w.parameters()->problems().join('\n')));
    QVERIFY(w.startAction()->isEnabled());
}

void WindowTest::waitForGenerations(ui::MainWindow& w, int generations) {
    QTRY_VERIFY_WITH_TIMEOUT(w.charts()->fitnessPoints() >= generations, mf::test_time::scaledMs(60000));
}

void WindowTest::firstRunUsesTheBundledDefaults() {
    auto w = makeWindow();
    ui::ParameterPanel* p = w->parameters();
    QCOMPARE(QFileInfo(p->engineEdit()->text()).fileName(), QStringLiteral("matefind-engine"));
    QCOMPARE(p->genomeModel()->rowCount(), 12);
    // Start is enabled exactly when nothing is wrong, and otherwise says why.
    QCOMPARE(w->startAction()->isEnabled(), p->isValid());
    if (!p->isValid())
        QVERIFY(w->startAction()->toolTip().startsWith(QStringLiteral("Cannot start")));
    QVERIFY(!w->pauseAction()->isEnabled());
    QVERIFY(!w->stopAction()->isEnabled());
    // Every toolbar button has an icon even without an icon theme (offscreen has none), and the
    // window has MateFind's.
    QVERIFY(!w->windowIcon().isNull());
    QVERIFY(!w->windowIcon().pixmap(32).isNull());
    auto* bar = w->findChild<QToolBar*>(QStringLiteral("runToolBar"));
    QVERIFY(bar);
    int buttons = 0;
    for (QAction* a : bar->actions()) {
        if (a->isSeparator())
            continue;
        // The fight's lane picker is a combo box, not a button: hidden until a fight has lanes.
        if (auto* lane = qobject_cast<QWidgetAction*>(a)) {
            QVERIFY(!lane->isVisible());
            continue;
        }
        ++buttons;
        QVERIFY2(!a->icon().isNull() && !a->icon().pixmap(24).isNull(), qPrintable(a->text()));
    }
    QCOMPARE(buttons, 10);  // Match pick among them
    // An invalid value disables Start with the reason.
    QLineEdit* elite = p->edit(ga::Field::Elite);
    elite->setText(QStringLiteral("999"));
    emit elite->textEdited(elite->text());
    QVERIFY(!w->startAction()->isEnabled());
    QVERIFY2(w->startAction()->toolTip().contains(QStringLiteral("Elitism e must be from 0 to N - 1")),
             qPrintable(w->startAction()->toolTip()));
}

void WindowTest::startPauseResumeStop() {
    auto w = makeWindow();
    configureTinyRun(*w, 200);
    w->startAction()->trigger();
    QVERIFY(!w->startAction()->isEnabled());
    QVERIFY(!w->fightAction()->isEnabled());
    QVERIFY(w->stopAction()->isEnabled());
    QVERIFY(w->parameters()->isLocked());
    // Locked fields are greyed like the combos: nothing looks editable during a run.
    QVERIFY(!w->parameters()->edit(ga::Field::Generations)->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Running, mf::test_time::scaledMs(30000));
    QVERIFY(w->pauseAction()->isEnabled());
    waitForGenerations(*w, 1);

    w->pauseAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Paused, mf::test_time::scaledMs(30000));
    QCOMPARE(w->pauseAction()->text(), QStringLiteral("&Resume"));
    QVERIFY(w->stopAction()->isEnabled());
    QVERIFY(!w->startAction()->isEnabled());
    // A generation whose last search ended as the pause took hold is still reported (its queued
    // signal may arrive just after Paused); after that, nothing new may be evaluated.
    QTest::qWait(300);
    const int pointsWhilePaused = w->charts()->fitnessPoints();
    QTest::qWait(500);
    QCOMPARE(w->charts()->fitnessPoints(), pointsWhilePaused);  // nothing evaluated while paused

    w->pauseAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Running, mf::test_time::scaledMs(30000));
    QCOMPARE(w->pauseAction()->text(), QStringLiteral("&Pause"));
    waitForGenerations(*w, pointsWhilePaused + 1);

    w->stopAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Idle, mf::test_time::scaledMs(30000));
    QVERIFY(w->startAction()->isEnabled());
    QVERIFY(!w->pauseAction()->isEnabled());
    QVERIFY(!w->stopAction()->isEnabled());
    QVERIFY(!w->parameters()->isLocked());
    QVERIFY(w->currentState().has_value());
    QCOMPARE(w->populationModel()->rowCount(), 4);
    QVERIFY(w->statistics()->valueText(QStringLiteral("generation")) != QStringLiteral("–"));

    // After Stop, Start begins a new run in the same window.
    w->startAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Running, mf::test_time::scaledMs(30000));
    QTRY_VERIFY_WITH_TIMEOUT(w->charts()->fitnessPoints() >= 1, mf::test_time::scaledMs(60000));
    w->stopAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Idle, mf::test_time::scaledMs(30000));
}

void WindowTest::saveThenOpenRestoresThePopulation() {
    const QString path = dir_.filePath(QStringLiteral("run.pop"));
    ga::RunState saved;
    {
        auto w = makeWindow();
        configureTinyRun(*w, 2);  // generations 0 and 1, then Finished
        w->startAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
        QVERIFY(w->saveAction()->isEnabled());
        QSignalSpy done(w.get(), &ui::MainWindow::fileDone);
        w->saveTo(path);
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, mf::test_time::scaledMs(10000));
        QVERIFY2(done.at(0).at(0).toBool(), qPrintable(done.at(0).at(1).toString()));
        QVERIFY(!w->isWindowModified());
        auto last = w->bridge()->lastCompleted();
        QVERIFY(last.has_value());
        saved = *last;
        // The evaluation report (what Print and Print Preview lay out) scores every member again.
        QSignalSpy report(w.get(), &ui::MainWindow::reportReady);
        w->makeConsoleReport();
        QTRY_COMPARE_WITH_TIMEOUT(report.count(), 1, mf::test_time::scaledMs(60000));
        const QString text = report.at(0).at(0).toString();
        QVERIFY2(text.contains(QStringLiteral("WAC.001")), qPrintable(text.left(400)));
    }
    const auto onDisk = ga::loadPopulation(path.toStdString());
    QVERIFY2(onDisk.ok(), onDisk.ok() ? "" : onDisk.error().message.c_str());
    QVERIFY(onDisk.value() == saved);

    auto w = makeWindow();
    QSignalSpy done(w.get(), &ui::MainWindow::fileDone);
    w->openFile(path);
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, mf::test_time::scaledMs(10000));
    QVERIFY2(done.at(0).at(0).toBool(), qPrintable(done.at(0).at(1).toString()));
    QVERIFY(w->currentState().has_value());
    QVERIFY(*w->currentState() == saved);
    QCOMPARE(w->currentFile(), path);
    // The panel shows the file's parameters and the table its members.
    const ui::RunSettings s = w->parameters()->settings();
    QCOMPARE(s.parameters, saved.parameters);
    QVERIFY(s.genome == saved.genome);
    QCOMPARE(QString::fromStdString(s.of<tuning::SuiteSettings>().suite.string()), suite_);
    QCOMPARE(w->populationModel()->rowCount(), int(saved.population.size()));
    for (int r = 0; r < w->populationModel()->rowCount(); ++r)
        QCOMPARE(w->populationModel()->index(r, w->populationModel()->columnCount() - 1).data().toString(),
                 QString::fromStdString(saved.population[std::size_t(r)].chromosome.toString()));
}

void WindowTest::engineLogShowsEachEnginesLines() {
    auto w = makeWindow();
    configureTinyRun(*w, 2);
    std::vector<tuning::RunProgress> reports;
    connect(w->bridge(), &ui::RunBridge::progress, this, [&](const tuning::RunProgress& p) { reports.push_back(p); });
    w->startAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
    // Positions done only go down when a new evaluation starts (next generation or held-out).
    QVERIFY(reports.size() >= 2);
    for (std::size_t i = 1; i < reports.size(); ++i) {
        const auto& a = reports[i - 1];
        const auto& b = reports[i];
        QVERIFY(b.unitsDone <= b.unitsTotal);
        if (a.generation == b.generation && a.heldOut == b.heldOut)
            QVERIFY2(b.unitsDone >= a.unitsDone,
                     qPrintable(QStringLiteral("generation %1: %2 after %3").arg(b.generation).arg(b.unitsDone).arg(a.unitsDone)));
    }
    ui::EngineLogView* log = w->engineLog();
    // Two workers, each got positions: one tab per engine with what went each way.
    QTRY_COMPARE_WITH_TIMEOUT(log->engineTabs(), 2, mf::test_time::scaledMs(5000));
    for (std::size_t worker : {0u, 1u}) {
        const QString text = log->engineText(worker);
        QVERIFY2(text.contains(QStringLiteral("> go depth 2")), qPrintable(text.left(600)));
        QVERIFY2(text.contains(QStringLiteral("< bestmove ")), qPrintable(text.left(600)));
        QVERIFY2(text.contains(QStringLiteral("> position fen ")), qPrintable(text.left(600)));
    }
    // A new run starts with empty engine tabs; the run messages stay.
    configureTinyRun(*w, 1);
    w->startAction()->trigger();
    QCOMPARE(log->engineTabs(), 0);
    QVERIFY(log->notesText().contains(QStringLiteral("new run")));
    QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
    QTRY_COMPARE_WITH_TIMEOUT(log->engineTabs(), 2, mf::test_time::scaledMs(5000));
}

void WindowTest::fightShowsTheRoundsCost() {
    auto w = makeWindow();
    configureTinyRun(*w, 2);
    std::vector<tuning::FightRound> rounds;
    connect(w->bridge(), &ui::RunBridge::fightRoundFinished, this,
            [&](const tuning::FightRound& r) { rounds.push_back(r); });
    w->fightAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
    QCOMPARE(rounds.size(), std::size_t(2));
    const tuning::FightRound& last = rounds.back();
    const std::size_t searched = last.cost.searchedCandidates;
    QVERIFY(searched > 0);
    // The leading lane's statistics carry the whole round's cost (the controller reports the
    // shared evaluation on the round, not on a lane).
    const QString cache = w->statistics()->valueText(QStringLiteral("cache"));
    QVERIFY2(cache.startsWith(QStringLiteral("%1 searched").arg(searched)), qPrintable(cache));
    QVERIFY2(cache.endsWith(QStringLiteral("all lanes")), qPrintable(cache));
    QVERIFY(w->statistics()->valueText(QStringLiteral("generation")).contains(QStringLiteral("leads")));
    // Every lane's latest best is in the legend, so lanes hidden under an equal curve still show.
    for (int lane = 0; lane < w->charts()->fightCurves(); ++lane)
        QVERIFY2(w->charts()->fightLegend(lane).endsWith(
                     QStringLiteral("  %1").arg(last.lanes[std::size_t(lane)].stats.best, 0, 'g', 6)),
                 qPrintable(w->charts()->fightLegend(lane)));
    QVERIFY(w->charts()->fightPen(0).widthF() > w->charts()->fightPen(4).widthF());
}

void WindowTest::closingDuringARunLeavesNoChildProcess() {
    QCOMPARE(childProcesses(), 0);
    auto w = makeWindow();
    configureTinyRun(*w, 500);
    w->startAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Running, mf::test_time::scaledMs(30000));
    QVERIFY(childProcesses() >= 1);  // the engines are running
    w->close();  // asks (answered Yes), stops, then closes once idle
    QTRY_VERIFY_WITH_TIMEOUT(!w->isVisible(), mf::test_time::scaledMs(30000));
    w.reset();
    QTRY_COMPARE_WITH_TIMEOUT(childProcesses(), 0, mf::test_time::scaledMs(10000));
}

namespace {

// Answers the window's questions with a chosen button and remembers what was asked.
struct ScriptedAsker {
    QMessageBox::StandardButton answer = QMessageBox::Cancel;
    QStringList titles;
    QStringList texts;
    void install(ui::MainWindow& w) {
        w.setAsker([this](const QString& title, const QString& text, QMessageBox::StandardButtons b) {
            titles << title;
            texts << text;
            return b.testFlag(answer) ? answer : QMessageBox::Ok;
        });
    }
};

QAction* firstRecentFile(ui::MainWindow& w) {
    for (QMenu* m : w.menuBar()->findChildren<QMenu*>())
        if (m->title() == QStringLiteral("Open &Recent") && !m->actions().isEmpty())
            return m->actions().constFirst();
    return nullptr;
}

ga::RunState loadOrFail(const QString& path) {
    auto loaded = ga::loadPopulation(path.toStdString());
    if (!loaded.ok())
        qFatal("%s", loaded.error().message.c_str());
    return loaded.value();
}

} // namespace

void WindowTest::unsavedPopulationIsAskedAbout() {
    const QString first = dir_.filePath(QStringLiteral("first.pop"));
    const QString chosen = dir_.filePath(QStringLiteral("chosen.pop"));
    auto w = makeWindow();
    ScriptedAsker asker;
    asker.install(*w);
    w->setSavePathChooser([&] { return chosen; });
    configureTinyRun(*w, 2);

    // A fresh window has nothing to lose: Start does not ask.
    QVERIFY(!w->isWindowModified());
    w->startAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
    QVERIFY(asker.titles.isEmpty());
    QVERIFY(w->isWindowModified());
    QVERIFY(w->windowTitle().contains(QStringLiteral("[*]")));
    const ga::RunState run1 = *w->currentState();

    // Cancel keeps the population: neither Start nor Fight begins.
    asker.answer = QMessageBox::Cancel;
    w->startAction()->trigger();
    w->fightAction()->trigger();
    QCOMPARE(asker.titles.size(), 2);
    QCOMPARE(asker.titles.at(0), QStringLiteral("Unsaved population"));
    QVERIFY2(asker.texts.at(0).contains(QStringLiteral("generation %1").arg(run1.generation)), qPrintable(asker.texts.at(0)));
    QVERIFY2(asker.texts.at(1).contains(QStringLiteral("fight")), qPrintable(asker.texts.at(1)));
    QTest::qWait(200);
    QCOMPARE(w->bridge()->status(), Status::Finished);
    QVERIFY(*w->currentState() == run1);
    QVERIFY(w->isWindowModified());

    // Save writes the untitled population to the chosen file, then the new run begins.
    asker.answer = QMessageBox::Save;
    QSignalSpy files(w.get(), &ui::MainWindow::fileDone);
    w->startAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(files.count(), 1, mf::test_time::scaledMs(10000));
    QVERIFY2(files.at(0).at(0).toBool(), qPrintable(files.at(0).at(1).toString()));
    QVERIFY(loadOrFail(chosen) == run1);
    QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished && w->currentState(), mf::test_time::scaledMs(60000));
    QVERIFY(w->isWindowModified());  // the new run's generations are not saved
    QCOMPARE(w->currentFile(), QString());  // nor do they belong to the file of the old ones
    const ga::RunState run2 = *w->currentState();

    // Open Recent: Cancel keeps the run, Discard opens the file without saving.
    QAction* recent = firstRecentFile(*w);
    QVERIFY(recent);
    QVERIFY(recent->text().endsWith(QStringLiteral("chosen.pop")));
    asker.answer = QMessageBox::Cancel;
    const qsizetype asked = asker.titles.size();
    recent->trigger();
    QCOMPARE(asker.titles.size(), asked + 1);
    QTest::qWait(200);
    QCOMPARE(files.count(), 1);
    QVERIFY(*w->currentState() == run2);
    QVERIFY(w->isWindowModified());
    asker.answer = QMessageBox::Discard;
    recent->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(files.count(), 2, mf::test_time::scaledMs(10000));
    QVERIFY(*w->currentState() == run1);
    QCOMPARE(w->currentFile(), chosen);
    QVERIFY(!w->isWindowModified());
    QVERIFY(loadOrFail(chosen) == run1);  // Discard wrote nothing

    // Save after Open writes the opened population (not the run before it); a saved population
    // lets the fight start without asking.
    asker.answer = QMessageBox::Cancel;
    const qsizetype before = asker.titles.size();
    w->saveTo(first);
    QTRY_COMPARE_WITH_TIMEOUT(files.count(), 3, mf::test_time::scaledMs(10000));
    QVERIFY(loadOrFail(first) == run1);
    QCOMPARE(asker.titles.size(), before);
    asker.answer = QMessageBox::Discard;
    w->fightAction()->trigger();  // clean: no question
    QCOMPARE(asker.titles.size(), before);
    QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
}

void WindowTest::closingDuringARunCanSaveTheLastGeneration() {
    const QString path = dir_.filePath(QStringLiteral("closing.pop"));
    auto w = makeWindow();
    ScriptedAsker asker;
    asker.install(*w);
    w->setSavePathChooser([&] { return path; });
    configureTinyRun(*w, 500);
    w->startAction()->trigger();
    waitForGenerations(*w, 1);
    QVERIFY(w->bridge()->isActive());
    QVERIFY(w->isWindowModified());

    // Cancel: the run goes on.
    asker.answer = QMessageBox::Cancel;
    w->close();
    QCOMPARE(asker.titles.size(), 1);
    QTest::qWait(100);
    QVERIFY(w->isVisible());
    QVERIFY(w->bridge()->isActive());

    // Save: one question for the run and its unsaved generations; stops, saves, closes.
    asker.answer = QMessageBox::Save;
    QSignalSpy files(w.get(), &ui::MainWindow::fileDone);
    w->close();
    QTRY_VERIFY_WITH_TIMEOUT(!w->isVisible(), mf::test_time::scaledMs(30000));
    QCOMPARE(asker.titles.size(), 2);
    QCOMPARE(asker.titles.at(1), QStringLiteral("Run in progress"));
    QCOMPARE(files.count(), 1);
    QVERIFY(files.at(0).at(0).toBool());
    const auto last = w->bridge()->lastCompleted();
    QVERIFY(last.has_value());
    QVERIFY(loadOrFail(path) == *last);
    w.reset();
    QTRY_COMPARE_WITH_TIMEOUT(childProcesses(), 0, mf::test_time::scaledMs(10000));
}

void WindowTest::closingAnUnsavedPopulationAsks() {
    const QString path = dir_.filePath(QStringLiteral("on-close.pop"));
    for (const auto answer : {QMessageBox::Discard, QMessageBox::Save}) {
        auto w = makeWindow();
        ScriptedAsker asker;
        asker.install(*w);
        w->setSavePathChooser([&] { return path; });
        configureTinyRun(*w, 1);
        w->startAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
        QVERIFY(w->isWindowModified());
        asker.answer = QMessageBox::Cancel;
        w->close();
        QCOMPARE(asker.titles.size(), 1);
        QVERIFY(w->isVisible());
        asker.answer = answer;
        QFile::remove(path);
        w->close();
        QCOMPARE(asker.titles.size(), 2);
        QCOMPARE(asker.titles.at(1), QStringLiteral("Unsaved population"));
        QTRY_VERIFY_WITH_TIMEOUT(!w->isVisible(), mf::test_time::scaledMs(10000));
        QCOMPARE(QFile::exists(path), answer == QMessageBox::Save);
        if (answer == QMessageBox::Save)
            QVERIFY(loadOrFail(path) == *w->currentState());
    }
}

void WindowTest::autosaveHoldsTheLastGeneration() {
    const QString autosave = dir_.filePath(QStringLiteral("autosaves/run.mfpop"));  // folder made on Start
    QFile::remove(autosave);
    ga::RunState last;
    {
        auto w = makeWindow();
        configureTinyRun(*w, 3);
        w->parameters()->autosaveEdit()->setText(autosave);
        w->parameters()->recheckFiles();
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
        w->startAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w->engineLog()->notesText().contains(QStringLiteral("autosaving every generation to ") + autosave), mf::test_time::scaledMs(10000));
        QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
        auto completed = w->bridge()->lastCompleted();
        QVERIFY(completed.has_value());
        last = *completed;
        QCOMPARE(last.generation, std::size_t(2));
        // The autosave is not the user's file: the population still counts as unsaved.
        QVERIFY(w->isWindowModified());
    }
    const auto onDisk = ga::loadPopulation(autosave.toStdString());
    QVERIFY2(onDisk.ok(), onDisk.ok() ? "" : onDisk.error().message.c_str());
    QCOMPARE(onDisk.value().generation, last.generation);
    QVERIFY(onDisk.value().population == last.population);
    QVERIFY(onDisk.value().genome == last.genome);
}

void WindowTest::changedOpenedFileAsksBeforeANewRun() {
    const QString path = dir_.filePath(QStringLiteral("tocontinue.pop"));
    {
        auto w = makeWindow();
        configureTinyRun(*w, 200);
        w->startAction()->trigger();
        waitForGenerations(*w, 1);
        w->stopAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Idle, mf::test_time::scaledMs(30000));
        QSignalSpy done(w.get(), &ui::MainWindow::fileDone);
        w->saveTo(path);
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, mf::test_time::scaledMs(10000));
        QVERIFY(done.at(0).at(0).toBool());
    }
    auto w = makeWindow();
    ScriptedAsker asker;
    asker.install(*w);
    QSignalSpy done(w.get(), &ui::MainWindow::fileDone);
    w->openFile(path);
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, mf::test_time::scaledMs(10000));
    const ga::RunState opened = *w->currentState();
    ui::RunSettings s = w->parameters()->settings();
    s.parameters.populationSize = 6;
    w->parameters()->setSettings(s);
    QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));

    // Cancel: nothing starts, the opened population stays.
    asker.answer = QMessageBox::Cancel;
    w->startAction()->trigger();
    QCOMPARE(asker.titles, QStringList{QStringLiteral("Cannot continue")});
    QVERIFY2(asker.texts.constFirst().contains(QStringLiteral("population size is 6")), qPrintable(asker.texts.constFirst()));
    QCOMPARE(w->bridge()->status(), Status::Idle);
    QVERIFY(!w->bridge()->isActive());
    QVERIFY(*w->currentState() == opened);
    QCOMPARE(w->currentFile(), path);

    // Yes: a new run with the panel's six chromosomes.
    asker.answer = QMessageBox::Yes;
    w->startAction()->trigger();
    QCOMPARE(asker.titles.size(), 2);
    // The run begins once the engine check of the new settings answers (the opened file's chart
    // points count until then).
    QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->isActive(), mf::test_time::scaledMs(30000));
    waitForGenerations(*w, 1);
    QCOMPARE(w->populationModel()->rowCount(), 6);
    QVERIFY(w->currentFile().isEmpty());
    w->stopAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Idle, mf::test_time::scaledMs(30000));
}

void WindowTest::startProblemShowsBesideTheStatus() {
    auto w = makeWindow();
    QLineEdit* pk = w->parameters()->edit(ga::Field::Pk);
    const QString was = pk->text();
    pk->selectAll();
    QTest::keyClick(pk, Qt::Key_Backspace);
    QVERIFY(!w->startAction()->isEnabled());
    QVERIFY2(w->noteText().startsWith(QStringLiteral("Cannot start: ")), qPrintable(w->noteText()));
    QCOMPARE(w->statusText(), QStringLiteral("Idle"));
    // Hovering the disabled Start shows its reason in the status bar, not its help.
    QVERIFY2(w->startAction()->statusTip().startsWith(QStringLiteral("Cannot start: Crossover p_k is empty")),
             qPrintable(w->startAction()->statusTip()));
    // Two labels side by side: the reason never paints over the status.
    auto* status = w->findChild<QLabel*>(QStringLiteral("runStatus"));
    auto* note = w->findChild<QLabel*>(QStringLiteral("statusNote"));
    QVERIFY(status && note);
    QTRY_VERIFY_WITH_TIMEOUT(status->isVisible() && note->isVisible(), mf::test_time::scaledMs(5000));
    QVERIFY(!status->geometry().intersects(note->geometry()));
    QVERIFY(w->statusBar()->currentMessage().isEmpty());
    QTest::keyClicks(pk, was);
    QTRY_VERIFY(w->startAction()->isEnabled());
    QVERIFY(w->startAction()->statusTip().startsWith(QStringLiteral("Start a new run")));
    QVERIFY(w->noteText().isEmpty());
}

QTEST_MAIN(WindowTest)
#include "window_test.moc"
