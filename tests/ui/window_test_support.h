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

#include "ui/window/main_window.h"
#include "ui/match/match_chart.h"
#include "ui/parameters/parameter_panel.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QValueAxis>

#include <algorithm>

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

// Why the Match tab's chart cuts an axis (its labels or its title), "" when every axis is whole:
// the plot area leaves room, inside the chart, for the bottom axis's labels and title below it
// and for each side axis's labels and (turned) title beside it.
inline QString matchChartAxesCut(MatchChart* matchChart) {
    auto* view = matchChart->findChild<QChartView*>();
    if (!view) return QStringLiteral("no chart view");
    QChart* chart = view->chart();
    const QRectF plot = chart->plotArea();
    const QRectF whole(QPointF(0, 0), chart->size());
    for (QAbstractAxis* abstractAxis : chart->axes()) {
        auto* axis = qobject_cast<QValueAxis*>(abstractAxis);
        if (!axis) return QStringLiteral("an axis that is not a value axis");
        const QFontMetricsF labels(axis->labelsFont());
        const QByteArray format = axis->labelFormat().toUtf8();
        const bool integer = format.endsWith('d') || format.endsWith('i');  // "%d" takes an int, "%.1f" a double
        auto text = [&](double v) {
            return integer ? QString::asprintf(format.constData(), int(v)) : QString::asprintf(format.constData(), v);
        };
        const qreal widest = std::max(labels.horizontalAdvance(text(axis->min())), labels.horizontalAdvance(text(axis->max())));
        const qreal title = QFontMetricsF(axis->titleFont()).height();
        const qreal needed = (axis->alignment() == Qt::AlignBottom ? labels.height() : widest) + title;
        const bool fits = axis->alignment() == Qt::AlignBottom ? plot.bottom() + needed <= whole.bottom()
                          : axis->alignment() == Qt::AlignLeft ? plot.left() - needed >= whole.left()
                                                               : plot.right() + needed <= whole.right();
        if (!fits)
            return QStringLiteral("axis '%1' needs %2 px beside a plot of %3 in a chart of %4 x %5")
                .arg(axis->titleText())
                .arg(needed)
                .arg(QStringLiteral("%1,%2 %3 x %4").arg(plot.x()).arg(plot.y()).arg(plot.width()).arg(plot.height()))
                .arg(whole.width())
                .arg(whole.height());
    }
    // Qt Charts elides a label it has no room for ("…"): every text in the chart's scene whole.
    for (QGraphicsItem* item : view->scene()->items()) {
        QString text;
        if (auto* rich = dynamic_cast<QGraphicsTextItem*>(item)) text = rich->toPlainText();
        else if (auto* plain = dynamic_cast<QGraphicsSimpleTextItem*>(item)) text = plain->text();
        if (item->isVisible() && (text.contains(QChar(0x2026)) || text.contains(QStringLiteral("..."))))
            return QStringLiteral("a text of the chart is elided: '%1'").arg(text);
    }
    return plot.height() >= 60 ? QString() : QStringLiteral("a plot only %1 px high").arg(plot.height());
}

}  // namespace mf::ui::test
