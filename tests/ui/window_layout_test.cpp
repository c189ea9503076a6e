// The window on a laptop and on a desktop screen: at 1280 x 720 and at 1920 x 1080 every dock's
// and every centre tab's content lies inside its viewport (nothing cut off on the right, no combo,
// button or one-line label narrower than it needs), for each fitness measure's form; long text in
// the statistics does not widen the window. No engine runs here.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QTextDocument>

#include "ui/parameters/fitness_section.h"
#include "ui/match/match_chart.h"
#include "ui/match/match_panel.h"
#include "ui/views/statistics_panel.h"
#include "window_test_support.h"

using namespace mf;

namespace {

QString describe(const QWidget* w) {
    return QStringLiteral("%1 '%2'").arg(QString::fromLatin1(w->metaObject()->className()), w->objectName());
}

bool insideItemView(const QWidget* w, const QWidget* root) {
    for (const QWidget* p = w->parentWidget(); p && p != root; p = p->parentWidget())
        if (qobject_cast<const QAbstractItemView*>(p))
            return true;
    return false;
}

// Every visible widget under `root` that sticks out of an ancestor on the right (up to root), or
// is narrower than it needs to show itself whole.
QStringList clipped(QWidget* root) {
    QStringList out;
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisibleTo(root) || w->isWindow() || insideItemView(w, root))
            continue;
        if (qobject_cast<QTabBar*>(w->parentWidget()) || qobject_cast<QLineEdit*>(w->parentWidget()))
            continue;  // a tab bar's scroll buttons, a line edit's clear button: theirs to place
        for (QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
            const QRect r(w->mapTo(p, QPoint(0, 0)), w->size());
            if (r.right() > p->width()) {
                out << QStringLiteral("%1 reaches x = %2 in %3 of width %4").arg(describe(w)).arg(r.right()).arg(describe(p)).arg(p->width());
                break;
            }
            if (p == root)
                break;
        }
        const bool needsWhole = qobject_cast<QComboBox*>(w) || (qobject_cast<QAbstractButton*>(w) && !qobject_cast<QTabBar*>(w->parentWidget()));
        if (needsWhole && w->width() < w->minimumSizeHint().width())
            out << QStringLiteral("%1 is %2 wide, needs %3").arg(describe(w)).arg(w->width()).arg(w->minimumSizeHint().width());
        // A label whose tooltip is its whole text elides it on purpose (ui/elided_label.h).
        if (auto* l = qobject_cast<QLabel*>(w); l && !l->wordWrap() && l->pixmap().isNull() &&
                                                   l->sizePolicy().horizontalPolicy() != QSizePolicy::Ignored &&
                                                   (l->toolTip().isEmpty() || l->toolTip() != l->text())) {
            QTextDocument plain;
            plain.setHtml(l->text());
            const QString text = Qt::mightBeRichText(l->text()) ? plain.toPlainText() : l->text();
            int widest = 0;
            for (const QString& line : text.split(QLatin1Char('\n')))
                widest = std::max(widest, l->fontMetrics().horizontalAdvance(line));
            if (widest > l->contentsRect().width() + 1)
                out << QStringLiteral("%1 '%2' needs %3, has %4").arg(describe(l), text.left(40)).arg(widest).arg(l->contentsRect().width());
        }
    }
    return out;
}

// The docks, the status bar and each centre tab in turn.
QStringList clippedAnywhere(ui::MainWindow& w) {
    QStringList out;
    for (QDockWidget* dock : w.findChildren<QDockWidget*>())
        if (dock->isVisible())
            for (const QString& c : clipped(dock->widget()))
                out << dock->windowTitle() + QStringLiteral(": ") + c;
    for (const QString& c : clipped(w.statusBar()))
        out << QStringLiteral("status bar: ") + c;
    auto* centre = w.findChild<QTabWidget*>(QStringLiteral("centreTabs"));
    const int shown = centre->currentIndex();
    for (int t = 0; t < centre->count(); ++t) {
        centre->setCurrentIndex(t);
        QCoreApplication::processEvents();
        for (const QString& c : clipped(centre->widget(t)))
            out << centre->tabText(t).remove(QLatin1Char('&')) + QStringLiteral(": ") + c;
    }
    centre->setCurrentIndex(shown);
    return out;
}

// The parameter form never scrolls sideways: it is as wide as its viewport.
void checkFormFits(ui::MainWindow& w) {
    auto* scroll = w.findChild<QScrollArea*>(QStringLiteral("parametersScroll"));
    QVERIFY(scroll);
    QVERIFY2(scroll->widget()->width() <= scroll->viewport()->width(),
             qPrintable(QStringLiteral("form %1 wide in a viewport of %2")
                            .arg(scroll->widget()->width())
                            .arg(scroll->viewport()->width())));
    QCOMPARE(scroll->horizontalScrollBar()->maximum(), 0);
}

}  // namespace

class WindowLayoutTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;

private slots:
    void initTestCase() { mf::ui::test::setUpWindowTests(dir_, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n", suite_); }

    void everyPanelFitsAt_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("laptop 1280x720") << 1280 << 720;
        QTest::newRow("laptop 1366x768") << 1366 << 768;
        QTest::newRow("desktop 1920x1080") << 1920 << 1080;
    }

    void everyPanelFitsAt() {
        QFETCH(int, width);
        QFETCH(int, height);
        auto w = mf::ui::test::makeTestWindow();
        w->resize(width, height);
        QTest::qWait(50);
        // The window can be this small: its minimum fits the screen.
        QVERIFY2(w->minimumSizeHint().width() <= width && w->minimumSizeHint().height() <= height,
                 qPrintable(QStringLiteral("minimum %1 x %2").arg(w->minimumSizeHint().width()).arg(w->minimumSizeHint().height())));
        QCOMPARE(w->size(), QSize(width, height));
        auto* fitness = w->findChild<ui::FitnessSection*>();
        for (tuning::FitnessMeasure m : {tuning::FitnessMeasure::Evalfit, tuning::FitnessMeasure::Games,
                                         tuning::FitnessMeasure::Solved}) {
            fitness->measureCombo()->setCurrentIndex(fitness->measureCombo()->findData(static_cast<int>(m)));
            QTest::qWait(20);
            const QStringList cut = clippedAnywhere(*w);
            QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(fitness->measureCombo()->currentText(), cut.join(QStringLiteral("\n")))));
            checkFormFits(*w);
            QCOMPARE(w->size(), QSize(width, height));
        }
        // The Match tab keeps its buttons and summary in sight (only its settings scroll) and its
        // chart tall enough for axis labels.
        auto* centre = w->findChild<QTabWidget*>(QStringLiteral("centreTabs"));
        centre->setCurrentWidget(w->matchPanel());
        QTest::qWait(50);
        ui::MatchPanel* m = w->matchPanel();
        for (QWidget* shown : {static_cast<QWidget*>(m->startButton()), static_cast<QWidget*>(m->stopButton()),
                               static_cast<QWidget*>(m->scoreLabel())})
            QVERIFY2(!shown->visibleRegion().isEmpty(), qPrintable(describe(shown)));
        QVERIFY2(m->chart()->height() >= 170, qPrintable(QString::number(m->chart()->height())));
    }

    // Tabbing through the form at 1280 x 720 with another engine and the uci path's fields shown
    // never scrolls it sideways (labels read "Engine", not "ngine").
    void tabbingThroughTheFormNeverScrollsItSideways() {
        auto w = mf::ui::test::makeTestWindow();
        w->resize(1280, 720);
        ui::RunSettings s = w->parameters()->settings();
        s.engine.program = "/usr/games/glaurung";
        s.of<tuning::EvalfitSettings>().path = dataset::EvalfitPath::Uci;
        w->parameters()->setSettings(s);
        // The dock as narrow as a window manager's maximize left it (305 px at 1280 x 720).
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("parametersDock"));
        w->resizeDocks({dock}, {305}, Qt::Horizontal);
        QTest::qWait(50);
        auto* scroll = w->findChild<QScrollArea*>(QStringLiteral("parametersScroll"));
        QVERIFY(scroll);
        int visited = 0;
        for (QWidget* field : w->parameters()->findChildren<QWidget*>()) {
            if (!field->isVisibleTo(w->parameters()) || !(field->focusPolicy() & Qt::TabFocus) ||
                !qobject_cast<QLineEdit*>(field))
                continue;
            field->setFocus(Qt::TabFocusReason);
            scroll->ensureWidgetVisible(field);
            QCoreApplication::processEvents();
            ++visited;
            QVERIFY2(scroll->horizontalScrollBar()->value() == 0 && scroll->widget()->x() == 0,
                     qPrintable(describe(field) + QStringLiteral(" scrolled the form sideways")));
            checkFormFits(*w);
        }
        QVERIFY(visited > 10);
    }

    // Long statistics (E, E0, K, held-out) wrap inside the dock: the window keeps its width.
    void longStatisticsDoNotWidenTheWindow() {
        auto w = mf::ui::test::makeTestWindow();
        w->resize(1280, 720);
        QTest::qWait(50);
        const QSize before = w->size();
        tuning::GenerationReport r;
        r.stats.generation = 7;
        r.stats.best = 1.0123;
        r.stats.mean = 1.001;
        r.stats.worst = 0.98;
        r.stats.bestValues = std::vector<int>(w->parameters()->settings().genome.size(), 100);
        r.bestError = 0.118123;
        r.startError = 0.119575;
        r.evalfitK = 1.2345;
        r.heldOut = tuning::HeldOutResult{1.0012, 0, 3394, 0, 3394, tuning::WorkUnit::Positions, 0.1167512};
        r.cost.failedSearches = 123456;
        r.failedSearchesTotal = 9876543;
        r.cost.wallTime = std::chrono::seconds(12345);
        r.noisyFitness = true;
        w->statistics()->showReport(w->parameters()->settings().genome, r);
        QTest::qWait(50);
        QCOMPARE(w->size(), before);
        QStringList cut;
        for (QDockWidget* dock : w->findChildren<QDockWidget*>())
            cut += clipped(dock->widget());
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("\n"))));
    }
};

QTEST_MAIN(WindowLayoutTest)
#include "window_layout_test.moc"
