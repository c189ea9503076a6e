// What the window keeps, so that nothing a user set is lost on the way: a run's fixed engine options and
// arguments through Open, Start, Save and Print; one population-file extension in the file
// dialogs; every lane of a fight, one of which the user picks for Save, Print and Export. Real
// runs with the bundled engine (or MATEFIND_UI_TEST_ENGINE), a population of four, depth 2.
#include "ui/report/evaluation_report.h"
#include "ui/window/main_window.h"
#include "window_test_support.h"
#include "ui/parameters/parameter_panel.h"
#include "ui/bridges/run_bridge.h"
#include "tests/test_time.h"

#include "evolution/ga/population_file.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCheckBox>
#include <QFileDialog>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <functional>

using namespace mf;
using Status = tuning::RunStatus;

namespace {

const char* const kSuite =
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n"
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"WAC.002\";\n";

ga::RunState loadOrFail(const QString& path) {
    auto loaded = ga::loadPopulation(path.toStdString());
    if (!loaded) {
        qWarning("%s", loaded.error().message.c_str());
        return {};
    }
    return *loaded;
}

QAction* actionNamed(QWidget& w, const QString& text) {
    for (QAction* a : w.findChildren<QAction*>())
        if (a->text() == text)
            return a;
    return nullptr;
}

// Runs `act` and, while a file dialog is up, hands it to `answer` (which accepts or rejects it).
void withFileDialog(const std::function<void()>& act, const std::function<void(QFileDialog*)>& answer) {
    int answers = 0;
    QTimer poll;
    poll.setInterval(100);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* d = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
            ++answers;
            answer(d);
        }
    });
    poll.start();
    act();
    QVERIFY(answers > 0);
}

} // namespace

class WindowKeepsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void fixedEngineOptionsAndArgumentsAreKept();
    void populationDialogsUseMfpop();
    void everyFightLaneIsKept();

private:
    std::unique_ptr<ui::MainWindow> makeWindow();
    ui::RunSettings tinyRun(ui::MainWindow& w, int generations);

    QTemporaryDir dir_;
    QString suite_;
};

void WindowKeepsTest::initTestCase() {
    ui::test::setUpWindowTests(dir_, kSuite, suite_);
}

std::unique_ptr<ui::MainWindow> WindowKeepsTest::makeWindow() {
    return ui::test::makeTestWindow();
}

ui::RunSettings WindowKeepsTest::tinyRun(ui::MainWindow& w, int generations) {
    return ui::test::tinyRunSettings(w, generations, suite_, 5, 1);
}

void WindowKeepsTest::fixedEngineOptionsAndArgumentsAreKept() {
    // A run made by `matefind-cli tune --option Hash=1 --engine-arg --options --engine-arg FILE`,
    // FILE in a folder whose name has a space (the argument must stay one word).
    QDir(dir_.path()).mkdir(QStringLiteral("with space"));
    const QString optionsFile = dir_.filePath(QStringLiteral("with space/engine.options"));
    QFile f(optionsFile);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("Hash=2\n");
    f.close();
    auto w = makeWindow();
    ui::RunSettings cli = tinyRun(*w, 1);
    cli.engine.arguments = {"--options", optionsFile.toStdString()};
    cli.engine.fixedOptions = {{"Hash", "1"}, {"Move Overhead", "5"}};
    cli.engine.keepProcess = true;  // --keep-process: the bundled engine carries nothing
    ga::RunState made = ga::startRun(cli.parameters, cli.genome);
    made.extras = tuning::toExtras(cli);
    const QString cliFile = dir_.filePath(QStringLiteral("cli-run.mfpop"));
    QVERIFY(!ga::savePopulation(made, cliFile.toStdString()));

    // Open: the panel shows them, and its settings carry them.
    QSignalSpy files(w.get(), &ui::MainWindow::fileDone);
    w->openFile(cliFile);
    QTRY_COMPARE_WITH_TIMEOUT(files.count(), 1, mf::test_time::scaledMs(10000));
    QVERIFY(files.at(0).at(0).toBool());
    auto* args = w->parameters()->findChild<QLineEdit*>(QStringLiteral("engineArguments"));
    auto* options = w->parameters()->findChild<QPlainTextEdit*>(QStringLiteral("engineOptions"));
    QVERIFY(args && options);
    QVERIFY2(args->text().contains(QStringLiteral("\"%1\"").arg(optionsFile)), qPrintable(args->text()));
    QCOMPARE(options->toPlainText(), QStringLiteral("Hash=1\nMove Overhead=5"));
    auto* keep = w->parameters()->findChild<QCheckBox*>(QStringLiteral("keepProcess"));
    QVERIFY(keep && keep->isChecked());
    QVERIFY(w->parameters()->settings().engine == cli.engine);

    // Editable: an option typed in the panel joins them; a line without '=' is refused by name.
    options->setPlainText(QStringLiteral("Hash=1\nMove Overhead=5\nbroken"));
    QVERIFY(!w->parameters()->isValid());
    QVERIFY2(w->parameters()->problems().join('\n').contains(QStringLiteral("line 3")),
             qPrintable(w->parameters()->problems().join('\n')));
    options->setPlainText(QStringLiteral("Hash=1\nMove Overhead=7"));
    QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));

    // Start: the run goes on with them (the engine got the arguments: it started with the file).
    w->startAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
    QVERIFY(w->currentState());
    // Save: the file names them as the CLI does, so `tune --resume` and Open get them back.
    const QString saved = dir_.filePath(QStringLiteral("saved.mfpop"));
    w->saveTo(saved);
    QTRY_COMPARE_WITH_TIMEOUT(files.count(), 2, mf::test_time::scaledMs(10000));
    ui::RunSettings back;
    QVERIFY(!tuning::applyExtras(loadOrFail(saved), back));
    QVERIFY(back.engine.arguments == cli.engine.arguments);
    QVERIFY((back.engine.fixedOptions == uci::OptionValues{{"Hash", "1"}, {"Move Overhead", "7"}}));
    QVERIFY(back.engine.keepProcess);
    // Print: the report is scored with them and the printed document lists them.
    QSignalSpy report(w.get(), &ui::MainWindow::reportReady);
    w->makeConsoleReport();
    QTRY_COMPARE_WITH_TIMEOUT(report.count(), 1, mf::test_time::scaledMs(60000));
    QVERIFY(report.at(0).at(0).toString().contains(QStringLiteral("WAC.001")));
    const QString printed = ui::reportDocument(QStringLiteral("t"), saved, *w->currentState(),
                                               w->parameters()->settings(), report.at(0).at(0).toString());
    QVERIFY(printed.contains(QStringLiteral("Move Overhead=7")));
    QVERIFY(printed.contains(optionsFile));
}

void WindowKeepsTest::populationDialogsUseMfpop() {
    auto w = makeWindow();
    ui::RunSettings s = tinyRun(*w, 1);
    ga::RunState old = ga::startRun(s.parameters, s.genome);
    old.extras = tuning::toExtras(s);
    const QString oldFile = dir_.filePath(QStringLiteral("old.pop"));
    QVERIFY(!ga::savePopulation(old, oldFile.toStdString()));

    // Open lists both extensions and opens the old one.
    QSignalSpy files(w.get(), &ui::MainWindow::fileDone);
    // The file typed in the dialog's folder, then closed as accepted: QFileDialog::accept() and
    // selectFile(full path) depend on its folder model, read in a thread, and now and then took
    // the folder itself or nothing (the test hung or saved "DIR.mfpop").
    auto choose = [&](QFileDialog* d, const QString& name) {
        d->setDirectory(dir_.path());
        auto* typed = d->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
        QVERIFY(typed);
        typed->setText(name);
        static_cast<QDialog*>(d)->done(QDialog::Accepted);
    };
    QStringList filters;
    withFileDialog([&] { actionNamed(*w, QStringLiteral("&Open…"))->trigger(); }, [&](QFileDialog* d) {
        filters = d->nameFilters();
        choose(d, QStringLiteral("old.pop"));
    });
    QVERIFY2(filters.value(0).contains(QStringLiteral("*.mfpop")) && filters.value(0).contains(QStringLiteral("*.pop")),
             qPrintable(filters.join(QStringLiteral(";;"))));
    QTRY_COMPARE_WITH_TIMEOUT(files.count(), 1, mf::test_time::scaledMs(10000));
    QCOMPARE(w->currentFile(), oldFile);

    // Save As adds .mfpop to a name without an extension, as the CLI and autosave write.
    withFileDialog([&] { actionNamed(*w, QStringLiteral("Save &As…"))->trigger(); }, [&](QFileDialog* d) {
        choose(d, QStringLiteral("copy"));
    });
    QTRY_COMPARE_WITH_TIMEOUT(files.count(), 2, mf::test_time::scaledMs(10000));
    const QString copy = dir_.filePath(QStringLiteral("copy.mfpop"));
    QCOMPARE(w->currentFile(), copy);
    QVERIFY(loadOrFail(copy) == loadOrFail(oldFile));
}

void WindowKeepsTest::everyFightLaneIsKept() {
    auto w = makeWindow();
    w->parameters()->setSettings(tinyRun(*w, 2));
    QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
    w->fightAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
    const std::vector<ga::FightLane> lanes = w->bridge()->fightLanes();
    QCOMPARE(lanes.size(), std::size_t(5));

    // After the fight there is a population to save: the leading lane's, unsaved.
    QVERIFY(w->currentState());
    QVERIFY(w->saveAction()->isEnabled());
    QVERIFY(w->isWindowModified());
    auto* picker = w->findChild<QComboBox*>(QStringLiteral("fightLane"));
    QVERIFY(picker);
    QCOMPARE(picker->count(), 5);
    QTRY_VERIFY_WITH_TIMEOUT(picker->isVisibleTo(w.get()), mf::test_time::scaledMs(5000));  // the tool bar lays it out on the next pass

    // Picking a lane makes it the one Save (and Print and Export) use.
    const int tournament = int(std::find_if(lanes.begin(), lanes.end(), [](const ga::FightLane& l) {
                                   return l.type == ga::SelectionType::Tournament;
                               }) - lanes.begin());
    const int other = tournament == 0 ? 1 : 0;
    for (int lane : {tournament, other}) {
        picker->setCurrentIndex(lane);
        emit picker->activated(lane);
        QCOMPARE(w->currentState()->parameters.selection.type, lanes[std::size_t(lane)].type);
        QVERIFY(w->currentState()->population == lanes[std::size_t(lane)].state.population);
        QVERIFY(w->windowTitle().contains(picker->currentText().section(QLatin1Char(' '), 0, 0)));
    }
    const QString file = dir_.filePath(QStringLiteral("lane.mfpop"));
    QSignalSpy files(w.get(), &ui::MainWindow::fileDone);
    w->saveTo(file);
    QTRY_COMPARE_WITH_TIMEOUT(files.count(), 1, mf::test_time::scaledMs(10000));
    const ga::RunState saved = loadOrFail(file);
    QCOMPARE(saved.parameters.selection.type, lanes[std::size_t(other)].type);
    QVERIFY(saved.population == lanes[std::size_t(other)].state.population);
    QVERIFY(!w->isWindowModified());
    // A new run drops the lanes.
    w->parameters()->setSettings(tinyRun(*w, 1));
    w->startAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->status() == Status::Finished, mf::test_time::scaledMs(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!picker->isVisibleTo(w.get()), mf::test_time::scaledMs(5000));
}

QTEST_MAIN(WindowKeepsTest)
#include "window_keeps_test.moc"
