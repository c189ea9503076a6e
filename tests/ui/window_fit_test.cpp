// The window on a 1280 x 720 laptop, read at a glance: the genome table's columns all in sight
// without a sideways scroll (the bundled genome and a Glaurung-like one with long option names,
// after a restart too), every number whole, every term readable; p_m of a 4,048-bit genome in
// four significant digits that fit its field; the Match tab's settings in sight without scrolling,
// its summary lines inside the tab even when the Engine log grows, the chart's axes whole, a
// side's row and Engine… dialog in sight; the run state beside a tool
// bar tip; "paused" in the ETA; the side docks back to a usable width after the window shrank and
// grew, and after a squeezed layout was remembered; the fight's lane picker leaves Gray converter
// on the tool bar; the Data tab's choices, buttons and figures in sight. No engine runs here.
#include <QComboBox>
#include <QDockWidget>
#include <QPlainTextEdit>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QMainWindow>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QWidgetAction>

#include "ui/data/data_panel.h"
#include "ui/dialogs/genome_from_engine_dialog.h"
#include "ui/models/genome_model.h"
#include "ui/match/match_chart.h"
#include "ui/match/match_panel.h"
#include "ui/match/match_side_dialog.h"
#include "ui/fields/elided_label.h"
#include "ui/bridges/run_wording.h"
#include "ui/views/status_line.h"
#include "tests/test_time.h"
#include "window_test_support.h"

using namespace mf;

namespace {

// Glaurung's evaluation options as Genome from engine makes them: long names, equal to the options.
ga::Genome glaurungLike() {
    std::vector<ga::Term> terms;
    for (const char* name : {"Mobility (Middle Game)", "Mobility (Endgame)", "Pawn Structure (Middle Game)",
                             "Pawn Structure (Endgame)", "Passed Pawns (Middle Game)", "King Safety Max Value"})
        terms.emplace_back(name, name, std::string(name) == "King Safety Max Value" ? 500 : 100, 8, 0, 1000);
    return ga::Genome(std::move(terms));
}

std::unique_ptr<ui::MainWindow> laptopWindow(bool restore = false) {
    ui::WindowOptions options;
    options.binDir = QStringLiteral(MATEFIND_BIN_DIR);
    options.restoreSettings = restore;
    auto w = std::make_unique<ui::MainWindow>(options);
    w->setAsker([](const QString&, const QString&, QMessageBox::StandardButtons b) {
        return b.testFlag(QMessageBox::Discard) ? QMessageBox::Discard : QMessageBox::Yes;
    });
    w->resize(1280, 720);
    w->show();
    QTest::qWait(100);
    return w;
}

// Every column inside the viewport, no sideways scroll, each number whole, each header whole, each
// term readable: its whole name, or half the table's width at least (never "k…e").
void checkGenomeTable(QTableView* table) {
    QHeaderView* header = table->horizontalHeader();
    int total = 0;
    for (int c = 0; c < ui::GenomeModel::ColumnCount; ++c)
        total += header->sectionSize(c);
    QVERIFY2(total <= table->viewport()->width(),
             qPrintable(QStringLiteral("columns %1 px in a viewport of %2").arg(total).arg(table->viewport()->width())));
    QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
    const QFontMetrics cells = table->fontMetrics();
    for (int c = 0; c < ui::GenomeModel::ColumnCount; ++c) {
        if (table->isColumnHidden(c))
            continue;  // the option or window column, given up to the term (both are in the tooltips)
        const QString title = table->model()->headerData(c, Qt::Horizontal).toString();
        QVERIFY2(header->sectionSize(c) >= header->fontMetrics().horizontalAdvance(title),
                 qPrintable(QStringLiteral("header %1 cut: %2 px").arg(title).arg(header->sectionSize(c))));
        QVERIFY2(!table->model()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty(), qPrintable(title));
    }
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        for (int c : {int(ui::GenomeModel::Default), int(ui::GenomeModel::Bits), int(ui::GenomeModel::Window)}) {
            if (table->isColumnHidden(c))
                continue;
            const QString text = table->model()->index(row, c).data().toString();
            QVERIFY2(header->sectionSize(c) > cells.horizontalAdvance(text) + 4,
                     qPrintable(QStringLiteral("row %1: '%2' in %3 px").arg(row).arg(text).arg(header->sectionSize(c))));
        }
        const QString name = table->model()->index(row, ui::GenomeModel::Name).data().toString();
        QVERIFY(table->model()->index(row, ui::GenomeModel::Name).data(Qt::ToolTipRole).toString().contains(name));
        const int readable = std::min(cells.horizontalAdvance(name) + 4, table->viewport()->width() / 2);
        QVERIFY2(header->sectionSize(ui::GenomeModel::Name) >= readable,
                 qPrintable(QStringLiteral("term '%1' in %2 px of %3").arg(name).arg(header->sectionSize(ui::GenomeModel::Name))
                                .arg(table->viewport()->width())));
        // The window, when its column gave way, is in the term's tooltip.
        if (table->isColumnHidden(ui::GenomeModel::Window))
            QVERIFY(table->model()->index(row, ui::GenomeModel::Name).data(Qt::ToolTipRole).toString().contains(
                table->model()->index(row, ui::GenomeModel::Window).data().toString()));
    }
}

// The label whole and in sight: as tall as its wrapped text needs, inside the tab, not covered.
void checkWholeAndInside(QLabel* label, QWidget* tab) {
    const QRect inTab(label->mapTo(tab, QPoint(0, 0)), label->size());
    QVERIFY2(tab->rect().contains(inTab), qPrintable(label->objectName()));
    QVERIFY2(label->height() >= label->heightForWidth(label->width()),
             qPrintable(QStringLiteral("%1 is %2 px tall, its text needs %3")
                            .arg(label->objectName())
                            .arg(label->height())
                            .arg(label->heightForWidth(label->width()))));
    QCOMPARE(label->visibleRegion().boundingRect(), label->rect());
}

// With MATEFIND_FIT_SCREENSHOTS=DIR, the window as the test left it goes to DIR/NAME.png.
void maybeGrab(QWidget* w, const char* name) {
    const QByteArray dir = qgetenv("MATEFIND_FIT_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QTest::qWait(300);
    QVERIFY(w->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/%1.png").arg(QLatin1String(name))));
}

}  // namespace

class WindowFitTest : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString suite_;

private slots:
    void initTestCase() { ui::test::setUpWindowTests(dir_, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n", suite_); }

    void genomeColumnsFitAtLaptopWidth() {
        auto w = laptopWindow();
        auto* table = w->findChild<QTableView*>(QStringLiteral("genomeTable"));
        QVERIFY(table);
        checkGenomeTable(table);
        w->parameters()->genomeModel()->setGenome(glaurungLike());
        QTest::qWait(50);
        checkGenomeTable(table);
    }

    // p_m for a genome of thousands of bits (evalfit's default 1.5 / m): four significant digits
    // that fit the field, the exact value kept in the run's parameters.
    void pmFitsItsFieldForThousandsOfBits() {
        auto w = laptopWindow();
        std::vector<ga::Term> terms;
        for (int i = 0; i < 368; ++i)
            terms.emplace_back("Psqt.Pawn.Mg." + std::to_string(i), "Psqt.Pawn.Mg." + std::to_string(i), 0, 11, -16383, 16383);
        w->parameters()->genomeModel()->setGenome(ga::Genome(std::move(terms)));
        QTest::qWait(50);
        QLineEdit* pm = w->parameters()->edit(ga::Field::Pm);
        QCOMPARE(w->parameters()->settings().parameters.pm, 1.5 / 4048);
        QCOMPARE(pm->text(), QStringLiteral("0.0003706"));
        QVERIFY2(pm->fontMetrics().horizontalAdvance(pm->text()) + 8 <= pm->contentsRect().width(),
                 qPrintable(QStringLiteral("'%1' in %2 px").arg(pm->text()).arg(pm->contentsRect().width())));
    }

    // Genome from engine on Glaurung (when installed): its long option names, middle and end game
    // of Mobility and Pawn Structure, in the panel's table without a sideways scroll.
    void genomeFromGlaurungFits() {
        const QString glaurung = QStringLiteral("/usr/games/glaurung");
        if (!QFileInfo(glaurung).isExecutable())
            QSKIP("no Glaurung at /usr/games/glaurung (apt-get install glaurung)");
        auto w = laptopWindow();
        ui::RunSettings s = w->parameters()->settings();
        s.engine.program = glaurung.toStdString();
        w->parameters()->setSettings(s);
        ui::GenomeFromEngineDialog* d = w->openGenomeFromEngine();
        QTRY_VERIFY_WITH_TIMEOUT(d->optionsRead(), test_time::scaledMs(15000));
        QTableWidget* t = d->table();
        for (int r = 0; r < t->rowCount(); ++r) {
            const QString name = t->item(r, ui::GenomeFromEngineDialog::Option)->text();
            const bool wanted = name.startsWith(QStringLiteral("Mobility")) || name.startsWith(QStringLiteral("Pawn Structure"));
            t->item(r, ui::GenomeFromEngineDialog::Use)->setCheckState(wanted ? Qt::Checked : Qt::Unchecked);
        }
        QCOMPARE(d->genome().size(), std::size_t(4));
        d->accept();
        QTest::qWait(100);
        QCOMPARE(w->parameters()->settings().genome.size(), std::size_t(4));
        auto* table = w->findChild<QTableView*>(QStringLiteral("genomeTable"));
        checkGenomeTable(table);
        w->findChild<QScrollArea*>(QStringLiteral("parametersScroll"))->ensureWidgetVisible(table, 0, 0);
        maybeGrab(w.get(), "genome-from-glaurung");
    }

    // A window that restores the last session's layout shows the columns as fitted, not as a
    // header remembered them.
    void genomeColumnsFitAfterARestart() {
        {
            auto first = laptopWindow(true);
            first->parameters()->genomeModel()->setGenome(glaurungLike());
            QVERIFY(first->close());
        }
        auto w = laptopWindow(true);
        w->parameters()->genomeModel()->setGenome(glaurungLike());
        QTest::qWait(50);
        checkGenomeTable(w->findChild<QTableView*>(QStringLiteral("genomeTable")));
    }

    // Openings, limit, pairs in sight without scrolling (no scroll area in the tab at all), the
    // summary's lines whole, before and after the Engine log grows by 30 px.
    void matchSettingsAndSummaryInSight() {
        auto w = laptopWindow();
        auto* centre = w->findChild<QTabWidget*>(QStringLiteral("centreTabs"));
        ui::MatchPanel* m = w->matchPanel();
        centre->setCurrentWidget(m);
        QTest::qWait(50);
        QVERIFY(m->findChildren<QScrollArea*>().isEmpty());
        for (QWidget* field : {static_cast<QWidget*>(m->openingsEdit()), static_cast<QWidget*>(m->limitKindCombo()),
                               static_cast<QWidget*>(m->limitSpin()), static_cast<QWidget*>(m->pairsSpin()),
                               static_cast<QWidget*>(m->workersSpin()), static_cast<QWidget*>(m->startButton()),
                               static_cast<QWidget*>(m->side(0)->optionsEdit()), static_cast<QWidget*>(m->side(0)->engineButton()),
                               static_cast<QWidget*>(m->side(1)->engineButton())}) {
            QCOMPARE(field->visibleRegion().boundingRect(), field->rect());
            QVERIFY(QRect(field->mapTo(m, QPoint(0, 0)), field->size()).right() <= m->width());
        }
        m->limitKindCombo()->setCurrentIndex(ui::MatchPanel::Clock);
        m->timeControlEdit()->setText(QStringLiteral("40/10+0.1"));
        QTest::qWait(20);
        QCOMPARE(m->timeControlEdit()->visibleRegion().boundingRect(), m->timeControlEdit()->rect());

        ui::MatchProgress p;
        p.pairsDone = 12;
        p.pairsPlanned = 100;
        p.games = {2, 4, 18};
        p.elo.samples = 12;
        p.elo.elo = -180.5;
        p.elo.low = -std::numeric_limits<double>::infinity();
        p.elo.high = -34.1;
        p.sprt = {-1.52, -2.94, 2.94, match::SprtStatus::Decision::Continue};
        emit m->bridge()->pairFinished(p);
        QTest::qWait(20);
        auto* log = w->findChild<QDockWidget*>(QStringLiteral("engineLogDock"));
        for (int grow : {0, 30}) {
            w->resizeDocks({log}, {log->height() + grow}, Qt::Vertical);
            QTest::qWait(50);
            checkWholeAndInside(m->scoreLabel(), m);
            QVERIFY2(m->scoreLabel()->text().contains(QStringLiteral("too few games for a lower bound")),
                     qPrintable(m->scoreLabel()->text()));
            QVERIFY(m->chart()->height() >= 100);
            const QString cut = ui::test::matchChartAxesCut(m->chart());
            QVERIFY2(cut.isEmpty(), qPrintable(cut));
        }
        // A population file side shows its file and Browse… in the row, the option values still in sight.
        m->side(1)->setKind(ui::MatchSidePicker::PopulationFile);
        QTest::qWait(20);
        for (QWidget* field : {static_cast<QWidget*>(m->side(1)->pathEdit()), static_cast<QWidget*>(m->side(1)->browseButton()),
                               static_cast<QWidget*>(m->side(1)->optionsEdit()), static_cast<QWidget*>(m->side(1)->engineButton())}) {
            QCOMPARE(field->visibleRegion().boundingRect(), field->rect());
            QVERIFY(field->width() >= 60);
        }
        // The side's Engine… dialog whole on the laptop's screen.
        m->side(1)->engineButton()->click();
        QDialog* dialog = m->side(1)->engineDialog();
        QTest::qWait(50);
        QVERIFY(dialog->isVisible());
        QVERIFY2(dialog->width() <= 1280 && dialog->height() <= 720,
                 qPrintable(QStringLiteral("%1 x %2").arg(dialog->width()).arg(dialog->height())));
        dialog->close();
    }

    // The Data tab's choices, buttons, progress, figures and command line in sight without
    // scrolling, its log still a few lines tall: idle, while playing (figures as the bridge sends
    // them), and after a stop, before and after the Engine log grows by 30 px.
    void dataTabInSight() {
        auto w = laptopWindow();
        auto* centre = w->findChild<QTabWidget*>(QStringLiteral("centreTabs"));
        ui::DataPanel* d = w->dataPanel();
        centre->setCurrentWidget(d);
        d->outputEdit()->setText(dir_.filePath(QStringLiteral("a rather long folder name/and a long file name for the data.epd")));
        QTest::qWait(50);
        QVERIFY(d->findChildren<QScrollArea*>().isEmpty());
        auto inSight = [&] {
            for (QWidget* field : {static_cast<QWidget*>(d->gamesSpin()), static_cast<QWidget*>(d->limitKindCombo()),
                                   static_cast<QWidget*>(d->limitSpin()), static_cast<QWidget*>(d->perGameSpin()),
                                   static_cast<QWidget*>(d->seedSpin()), static_cast<QWidget*>(d->workersSpin()),
                                   static_cast<QWidget*>(d->outputEdit()), static_cast<QWidget*>(d->startButton()),
                                   static_cast<QWidget*>(d->stopButton()), static_cast<QWidget*>(d->useAsDataButton()),
                                   static_cast<QWidget*>(d->useAsHeldOutButton()), static_cast<QWidget*>(d->progressBar()),
                                   static_cast<QWidget*>(d->commandEdit())}) {
                QVERIFY2(field->visibleRegion().boundingRect() == field->rect(), qPrintable(field->objectName()));
                QVERIFY2(QRect(field->mapTo(d, QPoint(0, 0)), field->size()).right() <= d->width(), qPrintable(field->objectName()));
            }
            QVERIFY2(d->logView()->height() >= 60, qPrintable(QString::number(d->logView()->height())));
        };
        inSight();
        emit d->bridge()->progress(dataset::MakeDatasetProgress{false, false, 0, 16500, 0});
        QTest::qWait(1100);  // the rate and the ETA once a second has passed
        emit d->bridge()->progress(dataset::MakeDatasetProgress{false, false, 37, 16500, 1994});
        QTest::qWait(20);
        QVERIFY2(d->readoutLabel()->text().contains(QStringLiteral("ETA")), qPrintable(d->readoutLabel()->text()));
        inSight();
        checkWholeAndInside(d->readoutLabel(), d);
        checkWholeAndInside(d->statusLabel(), d);
        ui::DataOutcome stopped;
        stopped.exitCode = 1;
        stopped.written = true;
        stopped.file = dataset::MakeDatasetProgress{true, true, 37, 16500, 1994};
        emit d->bridge()->finished(stopped);
        auto* log = w->findChild<QDockWidget*>(QStringLiteral("engineLogDock"));
        for (int grow : {0, 30}) {
            w->resizeDocks({log}, {log->height() + grow}, Qt::Vertical);
            QTest::qWait(50);
            inSight();
            checkWholeAndInside(d->readoutLabel(), d);
            checkWholeAndInside(d->statusLabel(), d);
        }
    }

    // A hovered button's tip (QStatusBar's temporary message) leaves the run's state in sight.
    void runStateStaysWhileAToolBarTipShows() {
        auto w = laptopWindow();
        auto* state = w->statusBar()->findChild<QLabel*>(QStringLiteral("runStatus"));
        QVERIFY(state);
        const QString before = state->text();
        w->statusBar()->showMessage(w->startAction()->statusTip());
        QTest::qWait(20);
        QVERIFY(state->isVisible());
        QVERIFY(!state->visibleRegion().isEmpty());
        QCOMPARE(w->statusText(), before);
    }

    // At 1280 x 720 with a long note and a long progress text, the run's state is still read whole
    // ("Running", not "Runni..." as before the sixth session): the note gives way first.
    void runStateIsReadWholeBesideALongNoteAndProgress() {
        for (tuning::RunStatus status : {tuning::RunStatus::Starting, tuning::RunStatus::Running,
                                         tuning::RunStatus::Stopping, tuning::RunStatus::Finished}) {
            auto w = laptopWindow();
            auto* state = w->statusBar()->findChild<ui::ElidedLabel*>(QStringLiteral("runStatus"));
            QVERIFY(state);
            auto* line = w->findChild<ui::StatusLine*>();
            // In the order a run shows them: its state, then a note, then the first progress.
            const QString name = ui::statusName(status);
            line->showStatus(name);
            QTest::qWait(20);
            line->showNote(QStringLiteral("evalfit: MateFind writes evaluation traces (evalfit trace); scoring from traces "
                                          "taken once at the defaults"));
            QTest::qWait(20);
            tuning::RunProgress p;
            p.fit = true;
            p.heldOut = true;
            p.unitsTotal = 10692;
            p.unitsDone = 2500;
            line->showProgress(p);
            QTest::qWait(50);
            // Room for the name and an ellipsis: a reason after it ("Running: ...") may be elided, the name not.
            const int needed = state->fontMetrics().horizontalAdvance(name + QStringLiteral(": \u2026"));
            QVERIFY2(state->width() >= needed, qPrintable(name + QStringLiteral(" needs ") + QString::number(needed) +
                                                          QStringLiteral(" px, has ") + QString::number(state->width())));
        }
    }

    void etaSaysPaused() {
        QMainWindow window;
        ui::StatusLine line(window.statusBar());
        tuning::RunProgress p;
        p.unitsTotal = 100;
        p.unitsDone = 40;
        p.generationEta = std::chrono::seconds(75);
        line.showProgress(p);
        QVERIFY2(line.etaText().startsWith(QStringLiteral("ETA")), qPrintable(line.etaText()));
        line.setPaused(true);
        QVERIFY2(line.etaText().startsWith(QStringLiteral("paused")), qPrintable(line.etaText()));
        // The searches in flight end after Pause: their progress leaves the figures as they were.
        p.unitsDone = 55;
        p.generationEta = std::chrono::seconds(0);
        line.showProgress(p);
        QVERIFY2(line.etaText() == QStringLiteral("paused; ETA 1:15"), qPrintable(line.etaText()));
        line.setPaused(false);
        QVERIFY2(line.etaText().startsWith(QStringLiteral("ETA")), qPrintable(line.etaText()));
    }

    void longStatusIsElidedWithTheWholeTextInItsTooltip() {
        auto w = laptopWindow();
        auto* state = w->statusBar()->findChild<QLabel*>(QStringLiteral("runStatus"));
        const QString longText = QStringLiteral("Starting: reading the data set, fitting K and E0 on the genome's "
                                                "defaults, then generation 0 of 40 chromosomes");
        const QSize before = w->size();
        w->findChild<ui::StatusLine*>()->showStatus(longText);
        QTest::qWait(20);
        QCOMPARE(w->size(), before);
        QCOMPARE(state->toolTip(), longText);
        QCOMPARE(w->statusText(), longText);
    }

    // Shrunk to 700 x 600 and grown back: Parameters and Statistics get a usable width again.
    void docksComeBackAfterAShrink() {
        auto w = laptopWindow();
        auto* left = w->findChild<QDockWidget*>(QStringLiteral("parametersDock"));
        auto* right = w->findChild<QDockWidget*>(QStringLiteral("statisticsDock"));
        w->resize(700, 600);
        QTest::qWait(100);
        w->resizeDocks({left, right}, {60, 60}, Qt::Horizontal);  // as far as a user drags them
        QTest::qWait(50);
        w->resize(1280, 720);
        QTRY_VERIFY2(left->width() >= 300, qPrintable(QString::number(left->width())));
        QTRY_VERIFY2(right->width() >= 200, qPrintable(QString::number(right->width())));
    }

    // A squeezed layout saved on closing is repaired when the next window opens.
    void aRememberedSqueezedLayoutIsRepaired() {
        {
            auto first = laptopWindow(true);
            auto* left = first->findChild<QDockWidget*>(QStringLiteral("parametersDock"));
            auto* right = first->findChild<QDockWidget*>(QStringLiteral("statisticsDock"));
            first->resizeDocks({left, right}, {60, 60}, Qt::Horizontal);
            QTest::qWait(50);
            QVERIFY(left->width() < 150);
            QVERIFY(first->close());
        }
        auto w = laptopWindow(true);
        QTRY_VERIFY2(w->findChild<QDockWidget*>(QStringLiteral("parametersDock"))->width() >= 300,
                     qPrintable(QString::number(w->findChild<QDockWidget*>(QStringLiteral("parametersDock"))->width())));
        QTRY_VERIFY(w->findChild<QDockWidget*>(QStringLiteral("statisticsDock"))->width() >= 200);
    }

    // Five lanes of a fight, with long names, in the picker: Gray converter stays on the tool bar.
    void lanePickerLeavesGrayConverterOnTheToolBar() {
        auto w = laptopWindow();
        auto* bar = w->findChild<QToolBar*>(QStringLiteral("runToolBar"));
        auto* picker = bar->findChild<QComboBox*>(QStringLiteral("fightLane"));
        QVERIFY(bar && picker);
        for (const char* lane : {"tournament", "roulette wheel", "stochastic universal sampling", "rank", "truncation"})
            picker->addItem(QStringLiteral("%1 1.03125").arg(QLatin1String(lane)));
        for (QAction* a : bar->actions())
            if (auto* holder = qobject_cast<QWidgetAction*>(a); holder && bar->widgetForAction(a) == picker)
                a->setVisible(true);
        QTest::qWait(50);
        QVERIFY(picker->isVisible());
        QAction* gray = nullptr;
        for (QAction* a : bar->actions())
            if (a->text().contains(QStringLiteral("Gray")))
                gray = a;
        QVERIFY(gray);
        QWidget* button = bar->widgetForAction(gray);
        QVERIFY2(button && button->isVisible(), "Gray converter went into the tool bar's overflow");
    }
};

QTEST_MAIN(WindowFitTest)
#include "window_fit_test.moc"
