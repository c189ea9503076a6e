// Honest progress on a slow engine (the fake engine of tests/uci, each search made to take its
// time): the progress bar counts from the first answer of a generation, within a second; while the
// engines are quiet the status line and the run messages say what the run waits on; Stop returns
// the window to idle within 2 s while every engine is mid-search.
#include <QElapsedTimer>
#include <QLabel>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTest>

#include "ui/views/engine_log_view.h"
#include "ui/bridges/run_bridge.h"
#include "window_test_support.h"

using namespace mf;
using Status = tuning::RunStatus;

namespace {

// Six positions (the fake engine plays e2e4 wherever it is; solving does not matter here).
constexpr const char* kSuite =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"p1\";\n"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm d4; id \"p2\";\n"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4; id \"p3\";\n"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Nf3; id \"p4\";\n"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm g3; id \"p5\";\n"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm b3; id \"p6\";\n";

// A run on the fake engine whose every search takes `depth` iterations of `stepMs`.
ui::RunSettings slowRun(const ui::MainWindow& w, const QString& suite, int stepMs, int depth) {
    ui::RunSettings s = w.parameters()->settings();
    s.parameters.generations = 3;
    s.parameters.populationSize = 4;
    s.parameters.elite = 1;
    s.parameters.selection.type = ga::SelectionType::Tournament;
    s.parameters.selection.tournamentSize = 2;
    s.parameters.limitKind = ga::LimitKind::Depth;
    s.parameters.limitValue = depth;
    s.parameters.seed = 9;
    s.genome = ga::Genome({ga::Term("material", "Material", 100, 5)});
    s.engine.program = MATEFIND_FAKE_ENGINE;
    s.engine.arguments.clear();
    s.engine.fixedOptions = {{"DepthStepMs", std::to_string(stepMs)}};
    s.measure = tuning::FitnessMeasure::Solved;
    s.of<tuning::SuiteSettings>().suite = suite.toStdString();
    s.of<tuning::SuiteSettings>().heldOutSuite.clear();
    s.workers = 2;
    s.autosave.clear();
    return s;
}

}  // namespace

class WindowProgressTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;

private slots:
    void initTestCase() { mf::ui::test::setUpWindowTests(dir_, kSuite, suite_); }

    // 500 ms a search, 24 searches a generation: the bar shows the generation at once and its first
    // answers within a second, never "no run" while the run goes.
    void progressShowsWithinTheFirstSecond() {
        auto w = mf::ui::test::makeTestWindow();
        w->parameters()->setSettings(slowRun(*w, suite_, 250, 2));
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
        QTRY_VERIFY_WITH_TIMEOUT(w->startAction()->isEnabled(), 30000);
        QElapsedTimer clock;
        qint64 begun = -1, firstAnswer = -1;
        QString shownAtFirstAnswer;
        auto* bar = w->findChild<QProgressBar*>(QStringLiteral("positionsProgress"));
        connect(w->bridge(), &ui::RunBridge::progress, this, [&](const tuning::RunProgress& p) {
            if (p.generation != 0 || p.heldOut || p.fit)
                return;
            if (begun < 0 && p.unitsDone == 0)
                begun = clock.elapsed();
            if (firstAnswer < 0 && p.unitsDone > 0) {
                firstAnswer = clock.elapsed();
                QMetaObject::invokeMethod(this, [&] { shownAtFirstAnswer = bar->text(); }, Qt::QueuedConnection);
            }
        });
        clock.start();
        w->startAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(firstAnswer >= 0, 30000);
        QVERIFY(begun >= 0);
        QVERIFY2(firstAnswer - begun < 1000, qPrintable(QStringLiteral("first answer %1 ms after the generation began").arg(firstAnswer - begun)));
        QTRY_VERIFY(!shownAtFirstAnswer.isEmpty());
        QVERIFY2(shownAtFirstAnswer.startsWith(QStringLiteral("generation 0: ")) &&
                     !shownAtFirstAnswer.startsWith(QStringLiteral("generation 0: 0 ")),
                 qPrintable(shownAtFirstAnswer));
        w->stopAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Idle, 10000);
    }

    // 5 s a search: after a few quiet seconds the window says it waits on the engines (status line
    // and run messages); Stop while both engines search returns to idle within 2 s.
    void quietEnginesAreSaidAndStopIsPrompt() {
        auto w = mf::ui::test::makeTestWindow();
        w->parameters()->setSettings(slowRun(*w, suite_, 1000, 5));
        QTRY_VERIFY_WITH_TIMEOUT(w->startAction()->isEnabled(), 60000);
        w->startAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Running, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(w->noteText().startsWith(QStringLiteral("waiting on 2 engines for 0:0")), 20000);
        QVERIFY2(w->noteText().contains(QStringLiteral("no answer yet")), qPrintable(w->noteText()));
        QVERIFY2(w->engineLog()->notesText().contains(QStringLiteral("scoring generation 0, waiting on 2 engines")),
                 qPrintable(w->engineLog()->notesText()));
        QElapsedTimer stopping;
        stopping.start();
        w->stopAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), Status::Idle, 10000);
        QVERIFY2(stopping.elapsed() < 2000, qPrintable(QStringLiteral("idle %1 ms after Stop").arg(stopping.elapsed())));
        QVERIFY(w->noteText().isEmpty() || !w->noteText().startsWith(QStringLiteral("waiting")));
    }
};

QTEST_MAIN(WindowProgressTest)
#include "window_progress_test.moc"
