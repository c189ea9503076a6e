#pragma once
// What the window tests share: the engine under test, settings kept in a temporary folder (never
// the user's), a small suite written there, a shown window whose questions are answered so the
// test goes on, and the settings of a tiny real run (population 4, tournament 2, depth 2).

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include "ui/main_window.h"
#include "ui/parameter_panel.h"

namespace mf::ui::test {

// The bundled engine beside the tests, or the one named by MATEFIND_UI_TEST_ENGINE.
inline QString engineUnderTest() {
    const QByteArray env = qgetenv("MATEFIND_UI_TEST_ENGINE");
    return env.isEmpty() ? QStringLiteral(MATEFIND_BIN_DIR "/matefind-engine") : QString::fromLocal8Bit(env);
}

// For initTestCase(): QSettings go to `dir`, `suiteText` is written to `suite` in it; skips the
// whole test when there is no engine to run.
inline void setUpWindowTests(const QTemporaryDir& dir, const char* suiteText, QString& suite) {
    QVERIFY(dir.isValid());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
    QCoreApplication::setOrganizationName(QStringLiteral("MateFindTest"));
    suite = dir.filePath(QStringLiteral("tiny.epd"));
    QFile f(suite);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(suiteText);
    f.close();
    if (!QFileInfo(engineUnderTest()).isExecutable())
        QSKIP(qPrintable(QStringLiteral("no engine at %1 (build matefind-engine or set MATEFIND_UI_TEST_ENGINE)")
                             .arg(engineUnderTest())));
}

// A shown window that does not restore the user's settings; every question gets the answer that
// lets the test go on.
inline std::unique_ptr<MainWindow> makeTestWindow() {
    WindowOptions options;
    options.binDir = QStringLiteral(MATEFIND_BIN_DIR);
    options.restoreSettings = false;
    auto w = std::make_unique<MainWindow>(options);
    w->setAsker([](const QString&, const QString&, QMessageBox::StandardButtons b) {
        return b.testFlag(QMessageBox::Yes) ? QMessageBox::Yes
               : b.testFlag(QMessageBox::Discard) ? QMessageBox::Discard
                                                  : QMessageBox::Ok;
    });
    w->resize(1200, 800);
    w->show();
    return w;
}

// The panel's settings turned into a tiny real run on `suite` with the engine under test.
inline RunSettings tinyRunSettings(const MainWindow& w, int generations, const QString& suite, std::uint64_t seed,
                                   std::size_t workers) {
    RunSettings s = w.parameters()->settings();
    s.parameters.generations = generations;
    s.parameters.populationSize = 4;
    s.parameters.elite = 1;
    s.parameters.selection.type = ga::SelectionType::Tournament;
    s.parameters.selection.tournamentSize = 2;
    s.parameters.limitKind = ga::LimitKind::Depth;
    s.parameters.limitValue = 2;
    s.parameters.seed = seed;
    s.engine.program = engineUnderTest().toStdString();
    s.measure = tuning::FitnessMeasure::Solved;  // the window's default is evalfit; these runs search a suite
    s.of<tuning::SuiteSettings>().suite = suite.toStdString();
    s.of<tuning::SuiteSettings>().heldOutSuite.clear();
    s.workers = workers;
    return s;
}

}  // namespace mf::ui::test
