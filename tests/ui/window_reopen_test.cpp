// A saved run reopens whole (tiny real runs on the bundled engine): after Open, another window
// shows the same statistics, row for row, and the same number of chart points as the run had;
// evalfit's scoring path and uci search come back in their fields, and its chart of E spans its
// data.
#include <QComboBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include "ui/fields/evalfit_path.h"
#include "ui/views/fitness_charts.h"
#include "ui/parameters/fitness_section.h"
#include "ui/bridges/run_bridge.h"
#include "ui/views/statistics_panel.h"
#include "window_test_support.h"

using namespace mf;
using Status = tuning::RunStatus;

namespace {

const QStringList kStatistics = {QStringLiteral("generation"), QStringLiteral("best"),  QStringLiteral("mean"),
                                 QStringLiteral("worst"),      QStringLiteral("sum"),   QStringLiteral("evaluations"),
                                 QStringLiteral("diversity"),  QStringLiteral("failed"), QStringLiteral("limits"),
                                 QStringLiteral("cache"),      QStringLiteral("error"), QStringLiteral("heldout"),
                                 QStringLiteral("time")};

QStringList shown(const ui::MainWindow& w) {
    QStringList values;
    for (const QString& key : kStatistics)
        values << key + QStringLiteral(": ") + w.statistics()->valueText(key);
    return values;
}

QString writeFile(const QTemporaryDir& dir, const char* name, const char* text) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(text);
    return path;
}

// Runs `settings` to the end in `w`, saves it to `file`, opens it in a new window, returned (a
// failed step fails the test: the caller checks QTest::currentTestFailed()).
std::unique_ptr<ui::MainWindow> runSaveAndReopen(ui::MainWindow& w, const ui::RunSettings& settings, const QString& file) {
    w.parameters()->setSettings(settings);
    if (!w.parameters()->isValid())
        qWarning() << w.parameters()->problems();
    [&] { QTRY_VERIFY_WITH_TIMEOUT(w.startAction()->isEnabled(), 30000); }();
    w.startAction()->trigger();
    [&] { QTRY_COMPARE_WITH_TIMEOUT(w.bridge()->status(), Status::Finished, 120000); }();
    QSignalSpy saved(&w, &ui::MainWindow::fileDone);
    w.saveTo(file);
    [&] { QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 10000); }();
    auto reopened = mf::ui::test::makeTestWindow();
    QSignalSpy opened(reopened.get(), &ui::MainWindow::fileDone);
    reopened->openFile(file);
    [&] { QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000); }();
    return reopened;
}

// A tiny evalfit run of `w` on five labelled positions, scored on `path`.
ui::RunSettings evalfitRun(const ui::MainWindow& w, const QTemporaryDir& dir, const QString& suite, const char* path) {
    const QString data = writeFile(dir, "train.epd",
                                   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"1/2-1/2\";\n"
                                   "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - c9 \"1-0\";\n"
                                   "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\";\n"
                                   "2r3k1/5ppp/8/8/8/8/5PPP/6K1 w - - c9 \"0-1\";\n"
                                   "3qk3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";\n");
    ui::RunSettings s = mf::ui::test::tinyRunSettings(w, 3, suite, 4, 2);
    s.measure = tuning::FitnessMeasure::Evalfit;
    s.of<tuning::EvalfitSettings>().data = data.toStdString();
    s.of<tuning::EvalfitSettings>().heldOutData.clear();
    ui::setEvalfitPath(s.of<tuning::EvalfitSettings>(), QString::fromLatin1(path));
    return s;
}

}  // namespace

class WindowReopenTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;

private slots:
    void initTestCase() {
        mf::ui::test::setUpWindowTests(dir_,
                                       "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"m1\";\n"
                                       "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id \"m2\";\n"
                                       "8/8/8/8/8/8/8/K6k w - - bm Kb2; id \"k1\";\n",
                                       suite_);
    }

    // Solved positions with a held-out suite scored every generation: every statistic, the
    // held-out result and what each generation cost, and all three chart points.
    void openShowsTheStatisticsAndChartsTheRunShowed() {
        auto w = mf::ui::test::makeTestWindow();
        ui::RunSettings s = mf::ui::test::tinyRunSettings(*w, 3, suite_, 11, 2);
        s.of<tuning::SuiteSettings>().heldOutSuite = suite_.toStdString();
        s.heldOutEvery = 1;
        auto reopened = runSaveAndReopen(*w, s, dir_.filePath(QStringLiteral("solved.mfpop")));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(w->charts()->fitnessPoints(), 3);
        QCOMPARE(reopened->charts()->fitnessPoints(), w->charts()->fitnessPoints());
        QCOMPARE(shown(*reopened), shown(*w));
        QVERIFY(reopened->statistics()->valueText(QStringLiteral("heldout")).contains(QStringLiteral("solved")));
        QVERIFY(!reopened->statistics()->valueText(QStringLiteral("time")).startsWith(QStringLiteral("–")));
    }

    // The trace path's re-tracing rule comes back with a run that used it, so Continue takes the
    // traces where the uninterrupted run would.
    void retraceRuleComesBackWithTheRun() {
        auto w = mf::ui::test::makeTestWindow();
        ui::RunSettings s = evalfitRun(*w, dir_, suite_, "trace");
        s.of<tuning::EvalfitSettings>().retraceEvery = 2;
        auto reopened = runSaveAndReopen(*w, s, dir_.filePath(QStringLiteral("retrace.mfpop")));
        if (QTest::currentTestFailed())
            return;
        auto* fitness = reopened->findChild<ui::FitnessSection*>();
        QCOMPARE(fitness->evalfitPathCombo()->currentText(), QStringLiteral("trace"));
        QCOMPARE(fitness->retraceSpin()->value(), 2);
        QCOMPARE(reopened->parameters()->settings().of<tuning::EvalfitSettings>().retraceEvery, 2);
    }

    // Evalfit on the uci path with a nodes search: the path and the search come back with the run
    // (and its E, E0 and K); the chart of E spans its data.
    void evalfitPathAndSearchComeBackWithTheRun() {
        auto w = mf::ui::test::makeTestWindow();
        ui::RunSettings s = evalfitRun(*w, dir_, suite_, "uci");
        s.of<tuning::EvalfitSettings>().uciLimit = uci::SearchLimit::nodes(200);
        auto reopened = runSaveAndReopen(*w, s, dir_.filePath(QStringLiteral("evalfit.mfpop")));
        if (QTest::currentTestFailed())
            return;
        auto* fitness = reopened->findChild<ui::FitnessSection*>();
        QCOMPARE(fitness->measure(), tuning::FitnessMeasure::Evalfit);
        QCOMPARE(fitness->evalfitPathCombo()->currentText(), QStringLiteral("uci"));
        QCOMPARE(fitness->uciLimitKindCombo()->currentText(), QStringLiteral("nodes"));
        QCOMPARE(fitness->uciLimitSpin()->value(), 200);
        const tuning::EvalfitSettings back = reopened->parameters()->settings().of<tuning::EvalfitSettings>();
        QVERIFY(back.k && back.startError);  // the run's fit, so Continue scores as it did
        QCOMPARE(shown(*reopened), shown(*w));
        QCOMPARE(reopened->charts()->fitnessPoints(), 3);
        ui::FitnessCharts* charts = reopened->charts();
        QVERIFY(charts->showsError());
        QVERIFY(charts->fitnessAxisMin() <= charts->fitnessDataMin() && charts->fitnessAxisMax() >= charts->fitnessDataMax());
        const double data_span = std::max(charts->fitnessDataMax() - charts->fitnessDataMin(), 0.05 * charts->fitnessDataMax());
        QVERIFY2(charts->fitnessAxisMax() - charts->fitnessAxisMin() <= 4 * data_span,
                 qPrintable(QStringLiteral("axis %1..%2, E %3..%4")
                                .arg(charts->fitnessAxisMin())
                                .arg(charts->fitnessAxisMax())
                                .arg(charts->fitnessDataMin())
                                .arg(charts->fitnessDataMax())));
    }
};

QTEST_MAIN(WindowReopenTest)
#include "window_reopen_test.moc"
