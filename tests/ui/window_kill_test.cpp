// The window killed mid-run (nothing a user made may be lost): this test program starts itself again as a child that
// shows the workbench window and runs a long tiny run (bundled engine, depth 2, population 4)
// with an autosave file, printing "generation G" as each generation reaches the window. The
// parent sends the child SIGKILL right after a generation is reported (so the next one is in
// flight), then loads the autosave: it must load, be fully evaluated and hold at least the last
// generation the window reported (the controller writes the autosave before it reports). Killed
// while paused, it holds exactly the last generation reported.
#include "ui/window/main_window.h"
#include "ui/bridges/run_bridge.h"
#include "window_test_support.h"
#include "tests/test_time.h"

#include "evolution/ga/population_file.h"

#include <QAction>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <csignal>
#include <cstdio>

using namespace mf;

namespace {

const char* const kSuite =
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n"
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"WAC.002\";\n"
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id \"WAC.003\";\n";

constexpr const char* kChildAutosave = "MATEFIND_KILL_TEST_AUTOSAVE";  // set: this process is the child
constexpr const char* kChildPause = "MATEFIND_KILL_TEST_PAUSE_AT";    // the child pauses after this generation

}  // namespace

class WindowKillTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void killedWhileRunningLeavesTheLastGeneration();
    void killedWhilePausedLeavesTheLastGeneration();
    // Not a test by itself: what the child runs (skipped unless kChildAutosave is set).
    void child();

private:
    // Starts the child, kills it with SIGKILL once it reported `killAfter` generations (and, with
    // pauseAt, once it says it is paused), then checks the autosave.
    void killAndCheck(int killAfter, int pauseAt);

    QTemporaryDir dir_;
    QString suite_;
};

void WindowKillTest::initTestCase() {
    ui::test::setUpWindowTests(dir_, kSuite, suite_);
}

void WindowKillTest::child() {
    const QString autosave = qEnvironmentVariable(kChildAutosave);
    if (autosave.isEmpty()) QSKIP("the child of the kill tests; runs only when they start it");
    const int pauseAt = qEnvironmentVariableIsSet(kChildPause) ? qEnvironmentVariableIntValue(kChildPause) : -1;
    auto w = ui::test::makeTestWindow();
    ui::RunSettings s = ui::test::tinyRunSettings(*w, 100000, suite_, 5, 2);
    s.parameters.pm = 0.05;
    w->parameters()->setSettings(s);
    w->parameters()->autosaveEdit()->setText(autosave);
    w->parameters()->recheckFiles();
    QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
    connect(w->bridge(), &ui::RunBridge::generationFinished, w.get(), [&](const tuning::GenerationReport& report) {
        std::printf("generation %d\n", int(report.stats.generation));
        std::fflush(stdout);
        if (int(report.stats.generation) == pauseAt) w->bridge()->pause();
    });
    connect(w->bridge(), &ui::RunBridge::statusChanged, w.get(), [](const tuning::StatusChange& change) {
        if (change.status == tuning::RunStatus::Paused) {
            std::printf("paused\n");
            std::fflush(stdout);
        }
    });
    w->startAction()->trigger();
    // Runs until the parent kills it; ten minutes is far beyond any parent's wait.
    QTest::qWait(mf::test_time::scaledMs(600000));
    QFAIL("the child was not killed");
}

void WindowKillTest::killAndCheck(int killAfter, int pauseAt) {
    const QString autosave = dir_.filePath(QStringLiteral("killed-%1.mfpop").arg(killAfter));
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kChildAutosave), autosave);
    if (pauseAt >= 0) env.insert(QString::fromLatin1(kChildPause), QString::number(pauseAt));
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::SeparateChannels);
    child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("child")});
    QVERIFY2(child.waitForStarted(mf::test_time::scaledMs(10000)), qPrintable(child.errorString()));

    int reported = -1;
    bool paused = false;
    QByteArray output;
    const QRegularExpression generationLine(QStringLiteral("^generation (\\d+)$"));
    QElapsedTimer clock, quiet;
    clock.start();
    quiet.start();
    while (clock.elapsed() < mf::test_time::scaledMs(120000) && child.state() == QProcess::Running) {
        child.waitForReadyRead(100);
        const QByteArray more = child.readAllStandardOutput();
        if (!more.isEmpty()) quiet.restart();
        output += more;
        for (qsizetype end; (end = output.indexOf('\n')) >= 0; output.remove(0, end + 1)) {
            const QString line = QString::fromUtf8(output.left(end));
            if (const auto m = generationLine.match(line); m.hasMatch()) reported = m.captured(1).toInt();
            if (line == QStringLiteral("paused")) paused = true;
        }
        if (reported < killAfter) continue;
        if (pauseAt < 0) break;
        // Paused can be shown while the generation whose searches had all been sent ends (its
        // searches finish): that one is saved and reported after "paused". A second of quiet.
        if (paused && quiet.elapsed() >= 1000) break;
    }
    QVERIFY2(child.state() == QProcess::Running,
             qPrintable(QStringLiteral("the child ended before the kill: ") + QString::fromUtf8(child.readAllStandardError())));
    QVERIFY2(reported >= killAfter, "the child reported too few generations in two minutes");
    ::kill(pid_t(child.processId()), SIGKILL);
    QVERIFY(child.waitForFinished(mf::test_time::scaledMs(10000)));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    const auto onDisk = ga::loadPopulation(autosave.toStdString());
    QVERIFY2(onDisk.ok(), onDisk.ok() ? "" : onDisk.error().message.c_str());
    const int saved = int(onDisk.value().generation);
    // The autosave is written before the window hears of a generation: at least the last one
    // reported (running, the controller may be a few tiny generations ahead of the window's
    // queue). Paused, the controller waits and every generation it made reached the window
    // before "paused" did: exactly the last one reported.
    const QString figures = QStringLiteral("saved %1, reported %2").arg(saved).arg(reported);
    QVERIFY2(saved >= reported, qPrintable(figures));
    if (pauseAt >= 0) QVERIFY2(saved == reported, qPrintable(figures));
    QVERIFY(ga::fullyEvaluated(onDisk.value().population));
}

void WindowKillTest::killedWhileRunningLeavesTheLastGeneration() {
    killAndCheck(3, -1);
}

void WindowKillTest::killedWhilePausedLeavesTheLastGeneration() {
    killAndCheck(2, 2);
}

QTEST_MAIN(WindowKillTest)
#include "window_kill_test.moc"
