// K and E0 after Open (tiny real evalfit runs): a run saved on the bundled engine is opened, then
// the engine is swapped for the fake engine (whose scores differ) or the data file is rewritten.
// A new run fits K and E0 again, to exactly what a fit on the new engine or data gives; a
// continued run keeps the saved ones and says that they were fitted on something else.
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>

#include "evolution/tuning/measures/evalfit/run/evalfit_fit.h"
#include "evolution/tuning/settings/fitness_plan.h"
#include "evolution/tuning/run/local_evaluator.h"
#include "ui/views/engine_log_view.h"
#include "ui/bridges/run_bridge.h"
#include "window_test_support.h"

using namespace mf;
using Status = tuning::RunStatus;

namespace {

const char* const kData = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"1/2-1/2\";\n"
                          "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - c9 \"1-0\";\n"
                          "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\";\n"
                          "2r3k1/5ppp/8/8/8/8/5PPP/6K1 w - - c9 \"0-1\";\n"
                          "3qk3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";\n"
                          "4k3/8/8/8/8/8/8/R3K3 b - - c9 \"1-0\";\n";
const char* const kOtherData = "r3k2r/ppp2ppp/2n5/3q4/8/2N5/PPP2PPP/R2QK2R w KQkq - c9 \"0-1\";\n"
                               "4k3/4p3/8/8/8/8/8/4K3 w - - c9 \"0-1\";\n"
                               "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - c9 \"1/2-1/2\";\n"
                               "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c9 \"1-0\";\n"
                               "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - c9 \"1-0\";\n";

void writeFile(const QString& path, const char* text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

// The fit as a run's first step makes it for `settings`, without any saved K.
tuning::EvalfitSettings freshFit(tuning::TuningSettings settings) {
    settings.of<tuning::EvalfitSettings>().k.reset();
    settings.of<tuning::EvalfitSettings>().startError.reset();
    settings.of<tuning::EvalfitSettings>().heldOutStartError.reset();
    settings.of<tuning::EvalfitSettings>().fitKey.reset();
    std::vector<std::string> warnings;
    auto plan = tuning::FitnessPlan::load(settings, warnings);
    if (!plan) {
        qWarning() << plan.error().message.c_str();
        return {};
    }
    auto evaluator = tuning::localEvaluatorFactory()(settings, {}, {});
    if (!evaluator) {
        qWarning() << evaluator.error().message.c_str();
        return {};
    }
    const auto outcome = tuning::fitEvalfit(*plan, settings, **evaluator, {}, {});
    if (outcome.failure) qWarning() << outcome.failure->c_str();
    return settings.of<tuning::EvalfitSettings>();
}

// The K and E0 the window's last run scored with, as saved with it.
tuning::EvalfitSettings usedFit(const ui::MainWindow& w) {
    tuning::TuningSettings settings;
    if (!w.currentState() || tuning::applyExtras(*w.currentState(), settings)) return {};
    return settings.of<tuning::EvalfitSettings>();
}

void startAndFinish(ui::MainWindow& w) {
    QTRY_VERIFY_WITH_TIMEOUT(w.startAction()->isEnabled(), 30000);
    w.startAction()->trigger();
    // A generation on the fake engine can be over before a poll sees the run active: wait for the end.
    QTRY_COMPARE_WITH_TIMEOUT(w.bridge()->status(), Status::Finished, 120000);
}

QString runMessages(const ui::MainWindow& w) {
    auto* messages = w.engineLog()->findChild<QPlainTextEdit*>(QStringLiteral("runMessages"));
    return messages ? messages->toPlainText() : QString();
}

}  // namespace

class WindowRefitTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;
    QString data_;
    QString saved_;
    tuning::EvalfitSettings savedFit_;

    std::unique_ptr<ui::MainWindow> openSaved() {
        auto w = ui::test::makeTestWindow();
        QSignalSpy opened(w.get(), &ui::MainWindow::fileDone);
        w->openFile(saved_);
        [&] { QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000); }();
        return w;
    }

private slots:
    // A finished evalfit run on the bundled engine, saved: its K and E0 are those of its engine.
    void initTestCase() {
        ui::test::setUpWindowTests(dir_, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n", suite_);
        if (!QFileInfo(QStringLiteral(MATEFIND_FAKE_ENGINE)).isExecutable())
            QSKIP("no fake engine at " MATEFIND_FAKE_ENGINE);
        data_ = dir_.filePath(QStringLiteral("train.epd"));
        writeFile(data_, kData);
        auto w = ui::test::makeTestWindow();
        ui::RunSettings s = ui::test::tinyRunSettings(*w, 2, suite_, 7, 2);
        s.measure = tuning::FitnessMeasure::Evalfit;
        s.of<tuning::SuiteSettings>().suite.clear();
        // A term both engines announce, so the opened run can go on on either engine.
        s.genome = ga::Genome({ga::Term("hash", "Hash", 16, 2)});
        s.of<tuning::EvalfitSettings>().data = data_.toStdString();
        s.of<tuning::EvalfitSettings>().heldOutData.clear();
        w->parameters()->setSettings(s);
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
        startAndFinish(*w);
        saved_ = dir_.filePath(QStringLiteral("bundled.mfpop"));
        QSignalSpy done(w.get(), &ui::MainWindow::fileDone);
        w->saveTo(saved_);
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 10000);
        savedFit_ = usedFit(*w);
        QVERIFY(savedFit_.k && savedFit_.startError && savedFit_.fitKey);
    }

    void init() { writeFile(data_, kData); }

    // The case: Open, another engine, a new run. K and E0 are the new engine's.
    void aNewRunOnAnotherEngineRefitsAfterOpen() {
        auto w = openSaved();
        ui::RunSettings s = w->parameters()->settings();
        QVERIFY(s.of<tuning::EvalfitSettings>().k && *s.of<tuning::EvalfitSettings>().k == *savedFit_.k);  // the panel holds the opened run's fit
        s.engine.program = MATEFIND_FAKE_ENGINE;
        s.engine.arguments = {"--evalfit=correct"};
        s.parameters.populationSize = 6;  // not the file's: a new run (the question is answered Yes)
        w->parameters()->setSettings(s);
        startAndFinish(*w);
        const tuning::EvalfitSettings expected = freshFit(s);
        const tuning::EvalfitSettings used = usedFit(*w);
        QVERIFY(expected.k && expected.startError && used.k && used.startError);
        QVERIFY(*expected.startError != *savedFit_.startError);  // the fake engine scores otherwise
        QCOMPARE(*used.k, *expected.k);
        QCOMPARE(*used.startError, *expected.startError);
        QVERIFY2(runMessages(*w).contains(QStringLiteral("fitting K and E0 again: the engine differs")),
                 qPrintable(runMessages(*w)));
    }

    void aContinuedRunOnAnotherEngineKeepsTheSavedFitAfterOpen() {
        auto w = openSaved();
        ui::RunSettings s = w->parameters()->settings();
        s.engine.program = MATEFIND_FAKE_ENGINE;
        s.engine.arguments = {"--evalfit=correct"};
        s.parameters.generations = 3;  // one more than the file ran: it goes on
        w->parameters()->setSettings(s);
        startAndFinish(*w);
        QCOMPARE(w->currentState()->generation, 2);
        const tuning::EvalfitSettings used = usedFit(*w);
        QVERIFY(used.k && used.startError);
        QCOMPARE(*used.k, *savedFit_.k);
        QCOMPARE(*used.startError, *savedFit_.startError);
        QVERIFY2(runMessages(*w).contains(QStringLiteral("continuing with the saved K and E0, though the engine differs")),
                 qPrintable(runMessages(*w)));
    }

    // The data file rewritten under the same name: the panel sees no edit, the key does.
    void aNewRunOnChangedDataRefitsAfterOpen() {
        auto w = openSaved();
        writeFile(data_, kOtherData);
        ui::RunSettings s = w->parameters()->settings();
        s.parameters.populationSize = 6;
        w->parameters()->setSettings(s);
        startAndFinish(*w);
        const tuning::EvalfitSettings expected = freshFit(s);
        const tuning::EvalfitSettings used = usedFit(*w);
        QVERIFY(expected.k && expected.startError && used.k && used.startError);
        QVERIFY(*expected.startError != *savedFit_.startError);
        QCOMPARE(*used.k, *expected.k);
        QCOMPARE(*used.startError, *expected.startError);
        QVERIFY2(runMessages(*w).contains(QStringLiteral("the data differs")), qPrintable(runMessages(*w)));
    }

    void aContinuedRunOnChangedDataKeepsTheSavedFitAfterOpen() {
        auto w = openSaved();
        writeFile(data_, kOtherData);
        ui::RunSettings s = w->parameters()->settings();
        s.parameters.generations = 3;
        w->parameters()->setSettings(s);
        startAndFinish(*w);
        const tuning::EvalfitSettings used = usedFit(*w);
        QVERIFY(used.k && used.startError);
        QCOMPARE(*used.k, *savedFit_.k);
        QCOMPARE(*used.startError, *savedFit_.startError);
    }

    // Nothing changed but the population size: the saved fit holds, and the run says so.
    void aNewRunOnTheSameInputsKeepsTheSavedFitAfterOpen() {
        auto w = openSaved();
        ui::RunSettings s = w->parameters()->settings();
        s.parameters.populationSize = 6;
        w->parameters()->setSettings(s);
        startAndFinish(*w);
        const tuning::EvalfitSettings used = usedFit(*w);
        QVERIFY(used.k && used.startError);
        QCOMPARE(*used.k, *savedFit_.k);
        QCOMPARE(*used.startError, *savedFit_.startError);
        QVERIFY2(runMessages(*w).contains(QStringLiteral("K and E0 as saved")), qPrintable(runMessages(*w)));
    }
};

QTEST_MAIN(WindowRefitTest)
#include "window_refit_test.moc"
