// The evalfit fitness measure in the window, through the evaluator interface like every
// measure: the panel offers it with a data file and a held-out data file, a tiny
// real run on the bundled engine starts and finishes through the run controller's generic path,
// and Texel's error E is shown in the statistics (the best's E, E0 and K; the held-out E).
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include "ui/views/engine_log_view.h"
#include "ui/parameters/fitness_section.h"
#include "ui/fields/memory_estimate_label.h"
#include "ui/bridges/run_bridge.h"
#include "ui/views/statistics_panel.h"
#include "window_test_support.h"
#include "tests/test_time.h"

using mf::tuning::EvalfitSettings;
using mf::tuning::FitnessMeasure;
using mf::ui::FitnessSection;

namespace {

QString writeFile(const QTemporaryDir& dir, const char* name, const char* text) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(text);
    return path;
}

}  // namespace

class EvalfitMeasureTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;

private slots:
    void initTestCase() {
        mf::ui::test::setUpWindowTests(dir_, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n", suite_);
    }

    void anEvalfitRunStartsAndFinishesInTheWindowAndShowsE() {
        const QString data = writeFile(dir_, "train.epd",
                                       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"1/2-1/2\";\n"
                                       "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - c9 \"1-0\";\n"
                                       "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\";\n"
                                       "2r3k1/5ppp/8/8/8/8/5PPP/6K1 w - - c9 \"0-1\";\n"
                                       "3qk3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";\n");
        const QString held = writeFile(dir_, "held.epd",
                                       "4k3/4p3/8/8/8/8/8/4K3 w - - [0.0]\n"
                                       "4k3/8/8/8/8/8/8/R3K3 b - - [1.0]\n");
        auto w = mf::ui::test::makeTestWindow();
        mf::ui::RunSettings s = mf::ui::test::tinyRunSettings(*w, 3, suite_, 3, 2);
        s.measure = FitnessMeasure::Evalfit;
        s.of<mf::tuning::SuiteSettings>().suite.clear();
        s.of<mf::tuning::EvalfitSettings>().data = data.toStdString();
        s.of<mf::tuning::EvalfitSettings>().heldOutData = held.toStdString();
        s.heldOutEvery = 1;
        w->parameters()->setSettings(s);
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
        QVERIFY(w->startAction()->isEnabled());
        w->startAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), mf::tuning::RunStatus::Finished, mf::test_time::scaledMs(120000));
        QVERIFY(w->currentState().has_value());
        QCOMPARE(w->currentState()->generation, 2);
        for (const auto& member : w->currentState()->population) {
            QVERIFY(member.fitness.has_value());
            QVERIFY(*member.fitness > 0.0);  // every member scored: fitness E0 / E
        }
        // K and E0 were fitted once and travel with the run (a resume scores as this run did).
        bool k = false;
        for (const auto& [key, value] : w->currentState()->extras) k = k || key == "evalfit_k";
        QVERIFY(k);
        // Evalfit's users read E: the best's, and the defaults' E0 with K.
        const QString best = w->statistics()->valueText(QStringLiteral("best"));
        QVERIFY2(best.startsWith(QStringLiteral("E ")) && best.contains(QStringLiteral("fitness")), qPrintable(best));
        const QString error = w->statistics()->valueText(QStringLiteral("error"));
        QVERIFY2(error.startsWith(QStringLiteral("E0 ")) && error.contains(QStringLiteral("K ")), qPrintable(error));
        const QString heldOut = w->statistics()->valueText(QStringLiteral("heldout"));
        QVERIFY2(heldOut.startsWith(QStringLiteral("E ")), qPrintable(heldOut));
        // The scoring path "auto" was decided, and the run messages say how and why.
        auto* messages = w->engineLog()->findChild<QPlainTextEdit*>(QStringLiteral("runMessages"));
        QVERIFY(messages);
        QVERIFY2(messages->toPlainText().contains(QStringLiteral("evalfit: ")), qPrintable(messages->toPlainText()));
    }

    // A fresh window tunes as `matefind-cli tune` does: measure evalfit on the bundled data, held
    // out included, and Start runs it on the bundled engine without any edit but the run's size.
    void aFreshWindowTunesWithEvalfitOnTheBundledData() {
        auto w = mf::ui::test::makeTestWindow();
        auto* fitness = w->findChild<FitnessSection*>();
        QVERIFY(fitness);
        QCOMPARE(fitness->measure(), FitnessMeasure::Evalfit);
        QVERIFY2(fitness->dataEdit()->text().endsWith(QStringLiteral("data/matefind-selfplay.epd")),
                 qPrintable(fitness->dataEdit()->text()));
        QVERIFY2(fitness->heldOutDataEdit()->text().endsWith(QStringLiteral("data/matefind-selfplay-heldout.epd")),
                 qPrintable(fitness->heldOutDataEdit()->text()));
        mf::ui::RunSettings s = w->parameters()->settings();
        s.parameters.populationSize = 4;
        s.parameters.generations = 1;
        s.workers = 2;
        w->parameters()->setSettings(s);
        QVERIFY2(w->parameters()->isValid(), qPrintable(w->parameters()->problems().join('\n')));
        QTRY_VERIFY_WITH_TIMEOUT(w->startAction()->isEnabled(), mf::test_time::scaledMs(20000));  // after the engine check
        w->startAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w->bridge()->isActive(), mf::test_time::scaledMs(20000));
        QTRY_COMPARE_WITH_TIMEOUT(w->bridge()->status(), mf::tuning::RunStatus::Finished, mf::test_time::scaledMs(120000));
        QVERIFY(w->currentState().has_value());
        for (const auto& member : w->currentState()->population) QVERIFY(member.fitness.value_or(0.0) > 0.0);
        const QString heldOut = w->statistics()->valueText(QStringLiteral("heldout"));
        QVERIFY2(heldOut.startsWith(QStringLiteral("E ")), qPrintable(heldOut));
    }

    // Beside the data file, before anything runs: the memory a run on the trace path takes, from
    // the data's positions and a traced sample, as the run itself will estimate it; gone for a
    // measure that keeps no traces.
    void theMemoryAFreshWindowsRunTakesStandsBesideTheDataFile() {
        auto w = mf::ui::test::makeTestWindow();
        auto* fitness = w->findChild<FitnessSection*>();
        QVERIFY(fitness);
        mf::ui::MemoryEstimateLabel* memory = fitness->memoryEstimate();
        QVERIFY(memory);
        QTRY_VERIFY_WITH_TIMEOUT(memory->text().contains(QStringLiteral("positions x")), mf::test_time::scaledMs(60000));
        QVERIFY2(memory->isVisible() || !w->isVisible(), "the estimate is a row of the evalfit fields");
        // The bundled data's 33,992 positions and the held-out ones, with the bytes a position takes.
        QVERIFY2(memory->text().contains(QStringLiteral("33,992")), qPrintable(memory->text()));
        QVERIFY2(memory->text().contains(QStringLiteral("free")), qPrintable(memory->text()));

        const QString data = writeFile(dir_, "five.epd",
                                       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"1/2-1/2\";\n"
                                       "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - c9 \"1-0\";\n"
                                       "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\";\n"
                                       "2r3k1/5ppp/8/8/8/8/5PPP/6K1 w - - c9 \"0-1\";\n"
                                       "3qk3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";\n");
        mf::ui::RunSettings s = w->parameters()->settings();
        s.of<mf::tuning::EvalfitSettings>().data = data.toStdString();
        s.of<mf::tuning::EvalfitSettings>().heldOutData.clear();
        w->parameters()->setSettings(s);
        QTRY_VERIFY_WITH_TIMEOUT(memory->text().contains(QStringLiteral(": 5 positions x")), mf::test_time::scaledMs(60000));

        s.measure = FitnessMeasure::Solved;
        w->parameters()->setSettings(s);
        QVERIFY2(memory->text().isEmpty(), qPrintable(memory->text()));
    }

    void dataFieldsShowOnlyForEvalfitAndReadBack() {
        FitnessSection section;
        section.show();
        QVERIFY(section.measureCombo()->findData(static_cast<int>(FitnessMeasure::Evalfit)) >= 0);
        section.setMeasure(FitnessMeasure::Solved);
        QVERIFY(!section.dataEdit()->isVisible());
        section.measureCombo()->setCurrentIndex(section.measureCombo()->findData(static_cast<int>(FitnessMeasure::Evalfit)));
        QCOMPARE(section.measure(), FitnessMeasure::Evalfit);
        QVERIFY(section.dataEdit()->isVisible());
        QVERIFY(section.heldOutDataEdit()->isVisible());
        QVERIFY(!section.pairsSpin()->isVisible());

        QSignalSpy edited(&section, &FitnessSection::edited);
        EvalfitSettings opened;
        opened.data = "/data/train.epd";
        opened.heldOutData = "/data/held.epd";
        opened.k = 1.1;
        opened.startError = 0.11;
        opened.heldOutStartError = 0.12;
        section.setEvalfit(opened);
        QCOMPARE(edited.count(), 0);  // an opened run is not an edit
        QVERIFY(section.evalfit() == opened);  // its K and E0 kept: Continue scores as the run did
        QTest::keyClicks(section.dataEdit(), "2");
        QCOMPARE(edited.count(), 1);
        const EvalfitSettings changed = section.evalfit();
        QCOMPARE(changed.data.string(), std::string("/data/train.epd2"));
        QVERIFY(!changed.k && !changed.startError);  // another data set: fitted again
        section.setLocked(true);
        QVERIFY(!section.dataEdit()->isEnabled());
        QVERIFY(!section.heldOutDataEdit()->isEnabled());
    }
};

QTEST_MAIN(EvalfitMeasureTest)
#include "evalfit_measure_test.moc"
